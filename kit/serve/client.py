"""The table server from a kernel: a learner's seat (:class:`SeatClient`) and the teacher's calls.

A :class:`SeatClient` keeps a websocket to the server in a thread of its
own (so it works in a Jupyter kernel, in a script and in tests alike),
joins its seat with the join code, and holds the newest view the server
sent; a view arriving calls the ``on_view`` callbacks (the table widget
redraws).  A connection lost (the server restarted, the laptop slept) is
made again, with the same code, until :meth:`SeatClient.close`.

Examples
--------
>>> from kit.serve import serve_in_background, SeatClient, TeacherClient
>>> bg = serve_in_background(":memory:", port=0, round_pause=0)
>>> teacher = TeacherClient(bg.url, bg.server.token)
>>> made = teacher.create_table("loveletter", {"players": 2, "edition": "classic"}, ["person", "random"])
>>> seat = SeatClient(bg.url, made["codes"][0])
>>> view = seat.wait(lambda v: v is not None)
>>> view["seat"], view["names"][0]
(0, 'Ana')
>>> seat.close(); bg.stop()
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
import urllib.error
import urllib.request
from typing import Any, Callable, Mapping

from ..core.errors import KitError
from .refusals import PASSING, from_message

__all__ = ["SeatClient", "TeacherClient", "Progress", "JOIN_TRIES"]


def _ws_url(url: str) -> str:
    url = url.rstrip("/")
    if url.startswith("https://"):
        return "wss://" + url[len("https://"):] + "/ws"
    if url.startswith("http://"):
        return "ws://" + url[len("http://"):] + "/ws"
    raise KitError(f"a table server's address starts with http:// or https://, not {url!r}")


def _refusal_body(exc: Exception) -> dict[str, Any]:
    """The refusal message of an HTTP refusal of the connection (its JSON body, :mod:`kit.serve.refusals`), or
    its reason phrase as the server's words (a server of another version, a proxy in between)."""
    response = getattr(exc, "response", None)
    body = getattr(response, "body", None) or b""
    if 0 < len(body) <= 64 * 1024:
        try:
            msg = json.loads(body)
        except ValueError:
            msg = None
        if isinstance(msg, dict) and msg.get("type") == "error":
            return msg
    return {"error": str(getattr(exc, "message", None) or exc)}


#: How many refusals to seat a client in a row that may pass (:data:`kit.serve.refusals.PASSING`: the seat open
#: on another screen, the hub silent) before it stops trying; any other refusal (a wrong code) stops it at once.
JOIN_TRIES = 3


def _ends_trying(refusal: KitError, refused: int) -> bool:
    """Whether the ``refused``-th refusal in a row to seat a client ends its trying (see :data:`JOIN_TRIES`).

    A refusal that is not the server's data (a proxy's 502 while the hub restarts, a newer server's key) may
    pass: it is tried again like those of :data:`kit.serve.refusals.PASSING`.

    >>> from kit.serve.refusals import SeatRefusal
    >>> _ends_trying(SeatRefusal("no-such-code"), 1), _ends_trying(SeatRefusal("joined-elsewhere"), 1)
    (True, False)
    >>> _ends_trying(KitError("502 Bad Gateway"), 1), _ends_trying(KitError("502 Bad Gateway"), JOIN_TRIES)
    (False, True)
    """
    key = getattr(refusal, "key", None)
    return refused >= JOIN_TRIES or (key is not None and key not in PASSING)


class SeatClient:
    """One learner's seat at a table of the server.

    Parameters
    ----------
    url
        The server (``"http://host:8765"``).
    code
        The seat's join code, from the teacher; ``None`` on a JupyterHub, for the seat the teacher
        kept for this learner's login.
    on_view
        Called with each new view (in the client's thread).
    hub
        Send this kernel's JupyterHub token (:func:`kit.serve.hub.hub_token_for`): ``None`` (default)
        only to the hub's own services, ``True`` to this server whatever its address, ``False`` never.
    table
        With no code: which table's kept seat (when the teacher kept seats at several).

    Attributes
    ----------
    view : dict or None
        The newest view of the seat (see :meth:`kit.serve.referee.TableReferee.view`).
    refusals : list of KitError
        What the server refused, newest last (a wrong code, an old move...; the newest hundred), as data
        (:mod:`kit.serve.refusals`): say one in a language with :func:`kit.i18n.refusals.explain`.
        ``on_error`` is called with each.
    errors : list of str
        The same refusals in English.
    connected : bool
    gave_up : bool
        True once the client stopped trying to be seated: at once after a refusal that does not pass by itself
        (a wrong code stays wrong; trying on would only count against the class's address), else after
        :data:`JOIN_TRIES` refusals in a row (:data:`kit.serve.refusals.PASSING`: the seat open on another
        screen).  The table then says to run the cell again.  Set before ``on_error`` is called
        with that last refusal.
    """

    def __init__(self, url: str, code: str | None = None, *,
                 on_view: Callable[[dict[str, Any]], None] | None = None, retry: float = 1.0,
                 hub: bool | None = None, table: str | None = None,
                 environ: Mapping[str, str] | None = None,
                 on_error: Callable[[KitError], None] | None = None) -> None:
        from .hub import hub_token_for

        self.url, self.code = _ws_url(url), (None if code is None else str(code))
        self._hub_token = hub_token_for(url, environ, hub=hub)
        if self.code is None and self._hub_token is None:
            raise KitError("join with the code your teacher gave you (on a JupyterHub, a seat kept for your "
                           "login needs none)")
        join: dict[str, Any] = {"type": "join"}
        if self.code is not None:
            join["code"] = self.code
        if table is not None:
            join["table"] = str(table)
        self._join = json.dumps(join)
        self._on_error = on_error
        self.view: dict[str, Any] | None = None
        self.refusals: list[KitError] = []
        self._refusals = 0
        self.connected = False
        self.gave_up = False
        self.retry = retry
        self._callbacks: list[Callable[[dict[str, Any]], None]] = [on_view] if on_view else []
        self._changed = threading.Condition()
        self._closed = False
        self._ws: Any = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, daemon=True, name="kit-seat-client")
        self._thread.start()

    def on_view(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call ``callback(view)`` for every new view (and at once for the current one)."""
        self._callbacks.append(callback)
        if self.view is not None:
            callback(self.view)

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())

    async def _main(self) -> None:
        from tornado.httpclient import HTTPClientError, HTTPRequest
        from tornado.websocket import websocket_connect

        refused = 0
        while not self._closed:
            try:
                headers = {"Authorization": f"token {self._hub_token}"} if self._hub_token else {}
                self._ws = await websocket_connect(HTTPRequest(self.url, headers=headers),
                                                   max_message_size=8 * 1024 * 1024)
            except HTTPClientError as exc:  # the server refused the connection itself (the hub's login)
                refused += 1
                why = from_message(_refusal_body(exc))
                self.gave_up = _ends_trying(why, refused)  # known before the refusal is said
                self._error(why)
                if self.gave_up:
                    self._closed = True
                    break
                await asyncio.sleep(self.retry)
                continue
            except (OSError, Exception):  # noqa: BLE001 - the server is down: try again
                await asyncio.sleep(self.retry)
                continue
            self.connected = True
            await self._ws.write_message(self._join)
            while True:
                text = await self._ws.read_message()
                if text is None:
                    break
                msg = json.loads(text)
                if msg.get("type") == "view":
                    refused, self.gave_up = 0, False
                    self._receive(msg)
                elif msg.get("type") == "error":
                    why = from_message(msg)
                    if msg.get("join") is not True:  # a refused move: the seat stays joined
                        self._error(why)
                        continue
                    refused += 1  # the server would not seat us (kit.serve.refusals): this connection is done
                    self.gave_up = _ends_trying(why, refused)
                    self._error(why)
                    self._ws.close()
                    break
            self.connected = False
            with self._changed:
                self._changed.notify_all()
            if self.gave_up:  # the code is wrong: trying again would only be rate-limited
                self._closed = True
                break
            await asyncio.sleep(self.retry)

    def _error(self, why: KitError) -> None:
        with self._changed:
            self.refusals.append(why)
            self._refusals += 1
            del self.refusals[:-100]  # bounded: the newest hundred
            self._changed.notify_all()
        if self._on_error is not None:
            try:
                self._on_error(why)
            except Exception:  # noqa: BLE001 - a widget's redraw must not stop the connection
                import traceback

                traceback.print_exc()

    def _receive(self, view: dict[str, Any]) -> None:
        for callback in list(self._callbacks):  # first the table redraws; then whoever waits for the view
            try:
                callback(view)
            except Exception:  # noqa: BLE001 - a widget's redraw must not stop the connection
                import traceback

                traceback.print_exc()
        with self._changed:
            self.view = view
            self._changed.notify_all()

    # ------------------------------------------------------------------ asking
    def send(self, msg: dict[str, Any]) -> None:
        """Send one request to the server (from any thread)."""
        if self._ws is None or not self.connected:
            raise KitError("not connected to the table server (yet)")
        text = json.dumps(msg)
        self._loop.call_soon_threadsafe(lambda: self._ws.write_message(text))

    def act(self, action: Any, seq: int | None = None) -> None:
        """Play ``action`` (an action or its notation), answering the view of step ``seq`` (default: the
        newest); the server refuses a move that answers an older view than its own."""
        if seq is None:
            seq = self.view["seq"] if self.view else None
        self.send({"type": "act", "action": str(action), "seq": seq})

    @property
    def errors(self) -> list[str]:
        """What the server refused, newest last, in English (the words of :attr:`refusals`)."""
        return [str(r) for r in self.refusals]

    def take_back(self) -> None:
        """Take the seat back from the bot that played it while you were away."""
        self.send({"type": "take_back"})

    def wait(self, until: Callable[[dict[str, Any] | None], bool], timeout: float = 30.0) -> dict[str, Any]:
        """Wait until ``until(view)`` holds; the view (``KitError`` after ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not until(self.view):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise KitError(f"the table server sent no such view within {timeout:g} s; "
                                   f"last errors: {self.errors[-3:]}")
                self._changed.wait(left)
            return self.view  # type: ignore[return-value]

    def wait_error(self, timeout: float = 10.0) -> str:
        """Wait for the server's next refusal, and return it."""
        deadline = time.monotonic() + timeout
        with self._changed:
            n = self._refusals
            while self._refusals == n:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise KitError(f"the table server refused nothing within {timeout:g} s")
                self._changed.wait(left)
            return self.errors[-1]

    def close(self) -> None:
        """Leave the seat (the table keeps it for when you come back)."""
        self._closed = True
        if self._ws is not None:
            self._loop.call_soon_threadsafe(self._ws.close)
        self._thread.join(5)


class TeacherClient:
    """The teacher's calls to a table server (HTTP, with the teacher's token)."""

    def __init__(self, url: str, token: str) -> None:
        _ws_url(url)
        self.url, self.token = url.rstrip("/"), token

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Authorization": f"Bearer {self.token}",
                                              "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return json.loads(resp.read())
        except urllib.error.HTTPError as exc:
            try:
                why = json.loads(exc.read()).get("error", exc.reason)
            except ValueError:
                why = exc.reason
            raise KitError(f"the table server refused {method} {path}: {why}") from None

    def create_table(self, game: str, settings: dict[str, Any], seats: list[str], *,
                     names: list[str] | None = None, idle_limit: float | None = None,
                     learners: list[str | None] | None = None) -> dict[str, Any]:
        """Make a table; its ``id`` and the join ``codes`` of its learners' seats.

        ``learners`` (a server run as a JupyterHub service): per seat, the hub login it is kept for, or
        ``None``; a kept seat is joined by that learner with no code, and by nobody else."""
        return self._call("POST", "/api/tables", {"game": game, "settings": settings, "seats": seats,
                                                  "names": names, "idle_limit": idle_limit,
                                                  "learners": learners})

    def tables(self) -> list[dict[str, Any]]:
        """Every table's progress."""
        return self._call("GET", "/api/tables")["tables"]

    def progress(self, lang: str | None = None) -> "Progress":
        """Every table's progress as a table to show in the teacher's notebook (a cell ending in it)."""
        return Progress(self.tables(), lang)

    def projection(self, table_id: str) -> dict[str, Any]:
        """The whole state of a table, hidden cards included (for the teacher's screen only)."""
        return self._call("GET", f"/api/tables/{table_id}/projection")

    def delete(self, table_id: str) -> None:
        self._call("DELETE", f"/api/tables/{table_id}")


class Progress(list):
    """The tables' progress (a list of dicts), shown in a notebook as an HTML table."""

    def __init__(self, rows: list[dict[str, Any]], lang: str | None = None) -> None:
        super().__init__(rows)
        self.lang = lang

    def _repr_html_(self) -> str:
        from html import escape

        from ..i18n import _

        lang = self.lang
        head = [_("table", lang), _("game", lang), _("round", lang), _("score", lang), _("to move", lang),
                _("connected", lang)]
        out = ["<table class='kit-serve-progress' style='font-size:15px;border-collapse:collapse'><tr>"]
        out += [f"<th style='padding:3px 10px;text-align:left'>{escape(h)}</th>" for h in head]
        out.append("</tr>")
        for t in self:
            names = t["names"]
            to_move = names[t["to_move"]] if 0 <= t["to_move"] < len(names) else ("\u2713" if t["over"] else "")
            score = ", ".join(f"{n} {v}" for n, v in zip(names, t["score"]))
            logins = t.get("logins") or [None] * len(names)  # on a hub: who plays each seat
            online = ", ".join(s["name"] + (f" ({login})" if login and login != s["name"] else "")
                               for s, login in zip(t["seats"], logins) if s["kind"] == "person" and s["connected"])
            cells = [t["table"], t["game"]["name"], t["round"], score, to_move, online]
            out.append("<tr>" + "".join(f"<td style='padding:3px 10px'>{escape(str(c))}</td>" for c in cells)
                       + "</tr>")
        return "".join(out) + "</table>"

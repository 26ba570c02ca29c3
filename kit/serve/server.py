"""The table server: tornado, websockets for the seats, HTTP for the teacher, SQLite for the tables.

Why tornado: Jupyter Server already runs on it, so the kit brings no new
server library, and one tornado process serves many websockets on one
thread (a table's moves take microseconds; a class is at most a few hundred
connections).

* **Learners** connect a websocket to ``/ws`` and send
  ``{"type": "join", "code": "KQZT-2-M7XPQH9A"}``; from then on the server
  sends their seat's view (:meth:`kit.serve.referee.TableReferee.view`)
  after every change, and they send ``{"type": "act", "action": "Guard p1
  Priest", "seq": 12}`` or ``{"type": "take_back"}``.  On a JupyterHub
  (:mod:`kit.serve.hub`) the websocket also carries the learner's hub token,
  and a learner may join the seat kept for their login with no code
  (``{"type": "join"}``, or ``{"type": "join", "table": "KQZT"}``).
* **The teacher** calls the HTTP API with ``Authorization: Bearer <token>``:
  ``POST /api/tables`` (make a table, get a join code per learner's seat),
  ``GET /api/tables`` (every table's progress), ``GET
  /api/tables/<id>/projection`` (the whole state, hidden cards included),
  ``DELETE /api/tables/<id>``.

Security (``docs/table-server.md``): a join code is a secret per seat (8
random characters of 31, stored as a hash); failed joins are limited per
address (:data:`JOIN_FAILURES` a minute); a seat connects from one screen at
a time; every message is at most :data:`MAX_MESSAGE` bytes and
:data:`MAX_DEPTH` deep, of a known type with known fields, and a client may
send :data:`RATE` messages a second; anything else is refused with a clear
error, changes nothing, and is logged (:attr:`TableServer.refusals`).
Nothing a client sends is run or unpickled: an action is read by the game's
notation parser.

Examples
--------
>>> from kit.serve.server import TableServer
>>> server = TableServer(":memory:", token="teacher-secret")
>>> made = server.create_table("loveletter", {"players": 2, "edition": "classic"}, ["person", "heuristic"])
>>> sorted(made), len(made["codes"])
(['codes', 'id'], 1)
>>> server.seat_of(made["codes"][0]) == (made["id"], 0)
True
>>> server.seat_of("ZZZZ-1-AAAAAAAA") is None
True
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import threading
import time
from collections import deque
from typing import Any, Callable

from ..core.errors import KitError
from ..core.wire import read_object
from .hub import HubLogin, token_from_header as hub_token
from .referee import PERSON, TableReferee
from .refusals import SeatRefusal, message as refusal_message
from .store import Store

__all__ = ["TableServer", "make_app", "serve_in_background", "BackgroundServer", "MAX_MESSAGE", "MAX_DEPTH",
           "RATE", "JOIN_FAILURES"]

log = logging.getLogger("kit.serve")

#: The longest message a client may send (bytes).
MAX_MESSAGE = 16 * 1024
#: The deepest nesting of a client's JSON.
MAX_DEPTH = 4
#: Messages a client may send a second (a burst of twice as many).
RATE = 20.0
#: Failed joins an address may make in a minute; then it must wait.
JOIN_FAILURES = 10
#: The letters of table names and codes: no 0/O, 1/I/L.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
#: What a client may send, with the fields each message may hold.
REQUESTS = {"join": {"code", "lang", "table"}, "act": {"action", "seq"}, "take_back": set(), "ping": set()}


def _hash(code: str) -> str:
    return hashlib.sha256(code.strip().upper().encode()).hexdigest()


def parse_request(data: str | bytes) -> dict[str, Any]:
    """A client's message, checked: a JSON object of a known ``type`` with known fields of the right kinds.

    >>> parse_request('{"type": "act", "action": "Guard p1 Priest", "seq": 3}')["action"]
    'Guard p1 Priest'
    >>> parse_request('{"type": "view", "seat": 1}')
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: unknown request 'view': a client may send join, act, take_back, ping (a seat receives only its own view)
    """
    msg = read_object(data, max_depth=MAX_DEPTH, max_bytes=MAX_MESSAGE)
    kind = msg.get("type")
    if kind not in REQUESTS:
        shown = str(kind)[:30]
        raise KitError(f"unknown request {shown!r}: a client may send {', '.join(REQUESTS)} "
                       "(a seat receives only its own view)")
    extra = set(msg) - REQUESTS[kind] - {"type"}
    if extra:
        raise KitError(f"a {kind} message holds {', '.join(sorted(map(str, extra)))[:80]}, which it may not")
    for key in ("code", "lang", "action", "table"):
        if key in msg and not (isinstance(msg[key], str) and len(msg[key]) <= 300):
            raise KitError(f"{key} must be a short text")
    if "seq" in msg and not (isinstance(msg["seq"], int) and not isinstance(msg["seq"], bool)
                             and 0 <= msg["seq"] < 10**9):
        raise KitError("seq must be the step number of the view answered")
    return msg


class TableServer:
    """The tables of a class and who sits where (the networking is :func:`make_app`'s).

    Parameters
    ----------
    db
        The SQLite file of the tables (``":memory:"``: kept nowhere); the
        tables in it are rebuilt at once, each where it was.
    token
        The teacher's secret (default: a new one; see :attr:`token`).
    round_pause
        Seconds between the end of a round and the deal of the next, so that
        everyone reads how it ended.
    hub
        Name the learners by their JupyterHub login (:class:`kit.serve.hub.HubLogin`): every seat's
        connection must carry a hub token the hub accepts for this service, and a seat kept for a
        learner is theirs alone. ``None``: the join codes are the only credentials.
    """

    def __init__(self, db: str, token: str | None = None, *, round_pause: float = 4.0,
                 hub: "HubLogin | None" = None) -> None:
        self.hub = hub
        self.token = token or secrets.token_urlsafe(24)
        self.round_pause = float(round_pause)
        self.store = Store(db)
        self.tables: dict[str, TableReferee] = {}
        self._codes: dict[str, tuple[str, int]] = {}   # hash of a join code -> (table, seat)
        self._hashes: dict[str, list[str]] = {}
        self.connections: dict[tuple[str, int], Any] = {}
        self.refusals: deque[dict[str, Any]] = deque(maxlen=1000)
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.RLock()
        self.on_change: Callable[[str], None] | None = None
        for row in self.store.load_all():
            table = TableReferee.from_record(row["record"])
            self._add(table, row["code_hashes"])

    # ------------------------------------------------------------------ tables
    def _add(self, table: TableReferee, hashes: list[str]) -> None:
        self.tables[table.table_id] = table
        self._hashes[table.table_id] = hashes
        for seat, h in enumerate(hashes):
            if h:
                self._codes[h] = (table.table_id, seat)

    def _new_id(self) -> str:
        while True:
            name = "".join(secrets.choice(ALPHABET) for _ in range(4))
            if name not in self.tables:
                return name

    def create_table(self, game: str, settings: dict[str, Any], seats: list[str], *,
                     names: list[str] | None = None, idle_limit: float | None = None,
                     seed: int | None = None, learners: list[str | None] | None = None) -> dict[str, Any]:
        """Make a table: ``seats`` holds ``"person"`` (a learner joins with a code) or a bot kind per seat.
        Returns its ``id`` and the ``codes`` of the learners' seats, in seat order.

        ``learners`` (with a hub): per seat, the hub login it is kept for, or ``None``."""
        if learners is not None and any(x is not None for x in learners) and self.hub is None:
            raise KitError("seats are kept for hub logins only on a server run as a JupyterHub service "
                           "(see docs/table-server.md); hand out the join codes instead")
        if idle_limit is not None and not (isinstance(idle_limit, (int, float)) and idle_limit > 0):
            raise KitError(f"idle_limit is a number of seconds, not {idle_limit!r}")
        with self._lock:
            table_id = self._new_id()
            table = TableReferee.create(table_id, game, settings, seats, names=names, seed=seed,
                                        idle_limit=idle_limit, learners=learners)
            codes, hashes = [], []
            for s, kind in enumerate(seats):
                if kind == PERSON:
                    code = f"{table_id}-{s + 1}-" + "".join(secrets.choice(ALPHABET) for _ in range(8))
                    codes.append(code)
                    hashes.append(_hash(code))
                else:
                    hashes.append("")
            self._add(table, hashes)
            self.save(table_id)
        return {"id": table_id, "codes": codes}

    def save(self, table_id: str) -> None:
        table = self.tables[table_id]
        self.store.save(table.record(), self._hashes[table_id])

    def delete_table(self, table_id: str) -> None:
        with self._lock:
            self.tables.pop(table_id)
            for h in self._hashes.pop(table_id):
                self._codes.pop(h, None)
            self.store.delete(table_id)

    def seat_of(self, code: str) -> tuple[str, int] | None:
        """The (table, seat) a join code opens, or ``None``."""
        return self._codes.get(_hash(code))

    def seats_kept_for(self, login: str) -> list[tuple[str, int]]:
        """The (table, seat) pairs kept for hub login ``login``, at tables not over."""
        return [(t.table_id, s) for t in self.tables.values() if not t.over
                for s, info in enumerate(t.seats) if info.learner == login]

    def progress(self) -> list[dict[str, Any]]:
        """Every table's public progress (for the teacher's list), with the hub logins of its seats:
        ``learners`` (whom each seat is kept for) and ``logins`` (who plays it now)."""
        return [dict(t.public(), waiting_for=t.waiting_for(), learners=[s.learner for s in t.seats],
                     logins=[getattr(self.connections.get((t.table_id, s)), "login", None)
                             for s in range(len(t.seats))])
                for t in self.tables.values()]

    # ------------------------------------------------------------------ refusals
    def refuse(self, who: str, what: str, why: str) -> None:
        """Log a refused request (crafted, malformed, unauthorised)."""
        entry = {"time": time.time(), "from": who, "request": what[:120], "why": why[:200]}
        self.refusals.append(entry)
        log.warning("refused %s from %s: %s", entry["request"], who, why)

    def join_allowed(self, address: str) -> bool:
        fails = self._failures.get(address)
        now = time.monotonic()
        while fails and now - fails[0] > 60:
            fails.popleft()
        return not fails or len(fails) < JOIN_FAILURES

    def join_failed(self, address: str) -> None:
        self._failures.setdefault(address, deque()).append(time.monotonic())
        if len(self._failures) > 10_000:  # bounded: forget the oldest addresses
            self._failures.pop(next(iter(self._failures)))

    def authorised(self, header: str | None) -> bool:
        given = (header or "").removeprefix("Bearer ").strip()
        return hmac.compare_digest(given.encode(), self.token.encode())

    # ------------------------------------------------------------------ time
    def tick(self) -> list[str]:
        """Let idle seats' stand-ins play (called every second); the tables that moved."""
        moved = []
        with self._lock:
            for table_id, table in self.tables.items():
                if table.idle_limit is not None and table.waiting_for() is not None and table.advance():
                    self.save(table_id)
                    moved.append(table_id)
        return moved


# ============================================================================ tornado
def make_app(server: TableServer, prefix: str = "") -> Any:
    """The tornado application serving ``server``, under the URL path ``prefix`` (a JupyterHub service's
    ``/services/<name>``)."""
    import tornado.web
    import tornado.websocket

    def send_views(table_id: str) -> None:
        table = server.tables.get(table_id)
        if table is None:
            return
        for seat in range(table.game.num_players):
            handler = server.connections.get((table_id, seat))
            if handler is not None:
                handler.send(table.view(seat))
        if table.round_over and not table.over:
            asyncio.get_event_loop().call_later(server.round_pause, next_round, table_id, table.seq)
        if server.on_change is not None:
            server.on_change(table_id)

    def next_round(table_id: str, seq: int) -> None:
        table = server.tables.get(table_id)
        if table is None or table.seq != seq:
            return
        with server._lock:
            if table.next_round():
                server.save(table_id)
        send_views(table_id)

    class SeatSocket(tornado.websocket.WebSocketHandler):
        seat: tuple[str, int] | None = None

        def check_origin(self, origin: str) -> bool:
            return True  # clients are kernels, not pages of a site; the join code (or hub token) is the credential

        login: str | None = None

        async def prepare(self) -> None:
            """With a hub, the upgrade carries a token the hub accepts for this service, or is refused: an HTTP
            refusal whose body is the refusal's message (:func:`kit.serve.refusals.message`), for the learner's
            kernel to say in its language."""
            if server.hub is None:
                return
            address = self.request.remote_ip or "?"
            if not server.join_allowed(address):
                server.refuse(address, "connect", "too many refused joins from here")
                return self._refuse(429, SeatRefusal("too-many-refused"))
            token = hub_token(self.request.headers.get("Authorization"))
            if token is None:
                why: KitError = SeatRefusal("hub-login-needed")
            else:
                try:
                    self.login = await server.hub.user(token)
                    return
                except KitError as exc:
                    why = exc
            server.join_failed(address)
            server.refuse(address, "connect", str(why))
            self._refuse(403, why)

        def _refuse(self, status: int, why: KitError) -> None:
            """Refuse the upgrade: HTTP ``status``, the English words as its reason, the refusal as its body."""
            self.set_status(status, reason=str(why).encode("ascii", "replace").decode()[:200])
            self.set_header("Content-Type", "application/json; charset=utf-8")
            self.finish(json.dumps(refusal_message(why, join=True)))

        def open(self) -> None:
            self.address = self.request.remote_ip or "?"
            self.bucket, self.filled = 2 * RATE, time.monotonic()

        def send(self, msg: dict[str, Any]) -> None:
            try:
                self.write_message(json.dumps(msg, sort_keys=True, separators=(",", ":")))
            except tornado.websocket.WebSocketClosedError:
                pass

        def error(self, why: KitError, request: str = "") -> None:
            """Refuse ``request``: a :class:`~kit.serve.refusals.SeatRefusal` (sent as data, said in the
            learner's language) or another refusal of the kit (a malformed request's, a move's: its words)."""
            server.refuse(self.address, request, str(why))
            self.send(refusal_message(why, join=request == "join"))

        def on_message(self, data: str | bytes) -> None:
            now = time.monotonic()
            self.bucket = min(2 * RATE, self.bucket + (now - self.filled) * RATE)
            self.filled = now
            if self.bucket < 1:
                server.refuse(self.address, "flood", "more than the allowed messages a second")
                return  # dropped, unanswered: a flood gets nothing back
            self.bucket -= 1
            try:
                msg = parse_request(data)
            except KitError as exc:
                return self.error(exc, str(data)[:80])
            if msg["type"] == "ping":
                return self.send({"type": "pong"})
            if msg["type"] == "join":
                return self.join(msg)
            if self.seat is None:
                return self.error(SeatRefusal("join-first"), msg["type"])
            table_id, seat = self.seat
            table = server.tables.get(table_id)
            if table is None:
                return self.error(SeatRefusal("table-gone"), msg["type"])
            with server._lock:
                try:
                    if msg["type"] == "take_back":
                        table.take_back(seat)
                    else:
                        if "action" not in msg:
                            raise KitError("an act message names its action")
                        table.act(seat, msg["action"], msg.get("seq"))
                    table.advance()
                    server.save(table_id)
                except KitError as exc:
                    return self.error(exc, f"{msg['type']} {msg.get('action', '')}")
            send_views(table_id)

        def join(self, msg: dict[str, Any]) -> None:
            if self.seat is not None:
                return self.error(SeatRefusal("joined-already"), "join")
            if not server.join_allowed(self.address):
                return self.error(SeatRefusal("too-many-codes"), "join")
            if "code" in msg:
                found = server.seat_of(msg["code"])
                if found is None:
                    server.join_failed(self.address)
                    return self.error(SeatRefusal("no-such-code"), "join")
            elif self.login is None:
                return self.error(SeatRefusal("send-code"), "join")
            else:
                kept = [f for f in server.seats_kept_for(self.login) if msg.get("table") in (None, f[0])]
                if not kept:
                    return self.error(SeatRefusal("nothing-kept-here", login=self.login, table=msg["table"])
                                      if "table" in msg else SeatRefusal("nothing-kept", login=self.login), "join")
                if len(kept) > 1:
                    return self.error(SeatRefusal("kept-at-several", login=self.login,
                                                  tables=", ".join(t for t, _ in kept)), "join")
                found = kept[0]
            owner = server.tables[found[0]].seats[found[1]].learner
            if owner is not None and owner != self.login:
                server.join_failed(self.address)
                return self.error(SeatRefusal("kept-for-other", owner=owner), "join")
            if found in server.connections:
                return self.error(SeatRefusal("joined-elsewhere"), "join")
            table = server.tables[found[0]]
            self.seat = found
            server.connections[found] = self
            table.seats[found[1]].connected = True
            table.seats[found[1]].active = time.monotonic()
            send_views(found[0])

        def on_close(self) -> None:
            if self.seat is not None and server.connections.get(self.seat) is self:
                del server.connections[self.seat]
                table = server.tables.get(self.seat[0])
                if table is not None:
                    table.seats[self.seat[1]].connected = False
                    send_views(self.seat[0])

    class Teacher(tornado.web.RequestHandler):
        def prepare(self) -> None:
            if not server.authorised(self.request.headers.get("Authorization")):
                server.refuse(self.request.remote_ip or "?", f"{self.request.method} {self.request.path}",
                              "not the teacher's token")
                self.set_status(403)
                self.finish({"error": "this needs the teacher's token"})

        def write_error(self, status_code: int, **kwargs: Any) -> None:
            self.finish({"error": self._reason})

        def body(self) -> dict[str, Any]:
            if len(self.request.body) > 64 * 1024:
                raise tornado.web.HTTPError(413, reason="a request of at most 64 KiB")
            try:
                data = json.loads(self.request.body or b"{}")
            except ValueError:
                raise tornado.web.HTTPError(400, reason="the body is not JSON") from None
            if not isinstance(data, dict):
                raise tornado.web.HTTPError(400, reason="the body is a JSON object")
            return data

    class Tables(Teacher):
        def get(self) -> None:
            self.finish({"tables": server.progress()})

        def post(self) -> None:
            data = self.body()
            try:
                made = server.create_table(str(data.get("game", "")), dict(data.get("settings") or {}),
                                           list(data.get("seats") or []), names=data.get("names"),
                                           idle_limit=data.get("idle_limit"), seed=data.get("seed"),
                                           learners=data.get("learners"))
            except (KitError, TypeError, ValueError) as exc:
                raise tornado.web.HTTPError(400, reason=str(exc)[:300]) from None
            send_views(made["id"])
            self.finish(made)

    class OneTable(Teacher):
        def get(self, table_id: str, what: str | None = None) -> None:
            table = server.tables.get(table_id)
            if table is None:
                raise tornado.web.HTTPError(404, reason=f"no table {table_id}")
            self.finish(table.projection() if what == "projection" else
                        dict(table.public(), waiting_for=table.waiting_for()))

        def delete(self, table_id: str, what: str | None = None) -> None:
            if table_id not in server.tables:
                raise tornado.web.HTTPError(404, reason=f"no table {table_id}")
            for seat in range(8):
                handler = server.connections.pop((table_id, seat), None)
                if handler is not None:
                    handler.close()
            server.delete_table(table_id)
            self.finish({"deleted": table_id})

    class Health(tornado.web.RequestHandler):
        def get(self) -> None:
            self.finish({"ok": True, "tables": len(server.tables)})

    import re

    root = re.escape(prefix.rstrip("/"))
    app = tornado.web.Application(
        [(root + r"/ws", SeatSocket), (root + r"/api/tables", Tables),
         (root + r"/api/tables/([A-Z0-9]{1,8})(?:/(projection))?", OneTable), (root + r"/api/health", Health)],
        websocket_max_message_size=MAX_MESSAGE, websocket_ping_interval=15, websocket_ping_timeout=15)
    app.kit_send_views = send_views
    return app


class BackgroundServer:
    """A table server running in a thread of this process (from a notebook, or a test)."""

    def __init__(self, server: TableServer, port: int, host: str, prefix: str = "") -> None:
        self.server, self.host, self.prefix = server, host, prefix.rstrip("/")
        self._ready = threading.Event()
        self._loop: Any = None
        self.port = port
        self._thread = threading.Thread(target=self._run, daemon=True, name="kit-table-server")
        self._thread.start()
        if not self._ready.wait(30):
            raise KitError("the table server did not start")
        if self._error is not None:
            raise self._error

    _error: BaseException | None = None

    def _run(self) -> None:
        import tornado.httpserver
        import tornado.ioloop
        import tornado.netutil

        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            app = make_app(self.server, self.prefix)
            http = tornado.httpserver.HTTPServer(app, max_body_size=64 * 1024)
            sockets = tornado.netutil.bind_sockets(self.port, self.host)
            self.port = sockets[0].getsockname()[1]
            http.add_sockets(sockets)
            ticker = tornado.ioloop.PeriodicCallback(lambda: [app.kit_send_views(t) for t in self.server.tick()],
                                                     1000)
            ticker.start()
        except BaseException as exc:  # noqa: BLE001 - told to the caller
            self._error = KitError(f"the table server could not start on {self.host}:{self.port}: {exc}")
            self._ready.set()
            return
        self._loop = loop
        self._http = http
        self._ready.set()
        loop.run_forever()
        ticker.stop()
        loop.close()

    async def _shutdown(self) -> None:
        """Stop listening, close every seat's connection (its client then tries again), stop the loop."""
        self._http.stop()
        for handler in list(self.server.connections.values()):
            handler.close(1001, "the table server is stopping")
        await asyncio.sleep(0.05)
        await self._http.close_all_connections()
        asyncio.get_running_loop().stop()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}{self.prefix}"

    def stop(self) -> None:
        """Stop serving (the tables stay in the database)."""
        if self._loop is not None:
            asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop)
            self._thread.join(10)
            self._loop = None
        self.server.store.close()


def serve_in_background(db: str = "kit-tables.sqlite", *, port: int = 8765, host: str = "127.0.0.1",
                        token: str | None = None, round_pause: float = 4.0, prefix: str = "",
                        hub: HubLogin | None = None) -> BackgroundServer:
    """Start a table server in this process (a teacher's notebook): ``.url``, ``.server.token``, ``.stop()``.
    ``prefix``: the URL path it serves under (a JupyterHub service: ``/services/<name>``); ``hub``: name the
    learners by their hub login (:class:`kit.serve.hub.HubLogin`)."""
    return BackgroundServer(TableServer(db, token, round_pause=round_pause, hub=hub), port, host, prefix)

"""A seat at a table of the table server (:mod:`kit.serve`): the learner's own screen of a shared game.

``GameTable.join(url, code)`` (or :class:`RemoteTable` itself) joins a seat
with its code and shows that seat's table: the same picture, clicks,
narration and log as a :class:`~kit.widgets.GameTable` at one screen, in the
learner's language, and an inspect panel that replays what this seat saw
(:class:`SeatReplay`), drawn from the **view the server sends** — the seat's
observation, the events it sees and its legal actions.  The game's state,
the other hands and the seed never reach this kernel, so nothing in this
widget (no synced value, no HTML, no attribute) can hold them.

A click that completes a move sends it to the server, which plays it, moves
chance and the bots, and sends every seat its new view.  If the connection
drops (the server restarted, the laptop slept), the table says so and joins
again by itself.  While a bot plays the seat (the learner was away past the
teacher's limit), a button takes it back.

Examples
--------
>>> from kit.serve import serve_in_background, TeacherClient
>>> from kit.widgets.remote import RemoteTable
>>> bg = serve_in_background(":memory:", port=0, round_pause=0)
>>> made = TeacherClient(bg.url, bg.server.token).create_table(
...     "loveletter", {"players": 2, "edition": "classic"}, ["person", "random"])
>>> table = RemoteTable(bg.url, made["codes"][0], language="en")
>>> view = table.client.wait(lambda v: v is not None)
>>> table.seat, "kit-table" in table.pane.html
(0, True)
>>> table.close(); bg.stop()
"""

from __future__ import annotations

import threading
from typing import Any, Mapping, Sequence

import ipywidgets as w

from ..core.errors import KitError
from ..core.serialize import game_from_settings
from ..i18n import _, check_language, get_language
from ..render import table as chrome
from .adapter import CANCEL, Offer
from .clickpane import ClickPane
from .language_menu import language_menu
from .table import SCORE_NAMES
from .turns import choices_bar, extend, result_html

__all__ = ["RemoteTable", "SeatReplay"]



class RemoteTable(w.VBox):
    """The seat a join code opens at a table of the server, as a table widget.

    Parameters
    ----------
    url
        The table server (``"http://host:8765"``).
    code
        The seat's join code, from the teacher (``None`` on a JupyterHub: the seat the teacher kept for
        this learner's login; see :mod:`kit.serve.hub`).
    language
        The language of everything this learner reads (default: the kernel's).
    size
        ``"normal"`` or ``"large"``.

    Attributes
    ----------
    seat : int or None
        The seat joined (once the server answered).
    view : dict or None
        The newest view the server sent (this seat's, nothing more).
    client : kit.serve.SeatClient
        The connection.
    """

    def __init__(self, url: str, code: str | None = None, *, language: str | None = None, size: str = "normal",
                 hub: bool | None = None, table: str | None = None) -> None:
        from ..serve.client import SeatClient

        self.lang = check_language(language) if language is not None else get_language()
        self.size = size
        self.view: dict[str, Any] | None = None
        self.seat: int | None = None
        self.game: Any = None
        self.adapter: Any = None
        self._picked: tuple[str, ...] = ()
        self._note = ""
        self._since = 0
        self._lock = threading.RLock()
        self.pane = ClickPane(label=_("Game table", self.lang), max_height="")
        self.pane.layout = w.Layout(width="100%")
        self.pane.on_choose(self._on_choose)
        self._refused: KitError | None = None  # the server's last refusal to seat us
        self.pane.html = chrome.frame_html(chrome.prompt_html(_("Joining the table\u2026", self.lang)), size=size)
        self.language_menu = language_menu(self.lang)
        self.language_menu.description = _("Language", self.lang)
        self.language_menu.observe(self._on_language, names="value")
        self.replay = SeatReplay(self)
        super().__init__([self.pane, self.replay, self.language_menu])
        self.add_class("kit-game-table")
        # The client's thread may receive a view or a refusal before SeatClient() returns: its callbacks take
        # the table's lock, so they wait until ``self.client`` is kept (a first view drawn without it failed).
        with self._lock:
            self.client = SeatClient(url, code, on_view=self._on_view, hub=hub, table=table,
                                     on_error=self._on_error)

    def _on_error(self, why: KitError) -> None:
        """Before the first view, say why the server refused to seat us (a wrong code, the hub's login), in
        the table's language (the server sends its refusals as data: :mod:`kit.serve.refusals`)."""
        with self._lock:
            self._refused = why
            self._show_refusal()

    def _show_refusal(self) -> None:
        """Not seated yet: "Joining the table…" and the server's last refusal, in the table's language; once
        the client stopped trying (:attr:`kit.serve.SeatClient.gave_up`), what to do instead."""
        from ..i18n.refusals import explain  # noqa: PLC0415

        if self.view is None and self._refused is not None:
            head = (_("Not joined: run the cell again to try once more", self.lang)
                    if self.client.gave_up else _("Joining the table\u2026", self.lang))
            self.pane.html = chrome.frame_html(chrome.prompt_html(head, explain(self._refused, self.lang)),
                                               size=self.size)

    # ------------------------------------------------------------------ the server's side
    def _on_view(self, view: dict[str, Any]) -> None:
        with self._lock:
            if self.game is None or view["game"] != self._game_key:
                from .table import adapter_for  # noqa: PLC0415

                self._game_key = view["game"]
                self.game = game_from_settings(view["game"]["name"], view["game"]["settings"])
                self.adapter = adapter_for(self.game)
            if self.view is not None and view["seq"] != self.view["seq"]:
                self._picked, self._note = (), ""
            if self.view is not None and self.view["round"] != view["round"]:
                self._since = 0
            self.view, self.seat = view, view["seat"]
            self._draw()
            self.replay.record(view)

    def close(self) -> None:
        """Leave the seat (the table keeps it: join again with the same code)."""
        self.client.close()

    # ------------------------------------------------------------------ clicks
    def legal(self) -> list[Any]:
        """This seat's legal actions now (empty while others move)."""
        if self.view is None or self.game is None:
            return []
        return [self.game.parse_action(a) for a in self.view["legal"]]

    def _offer(self, legal: Sequence[Any]) -> Offer | None:
        if not legal:
            return None
        obs, names = self.view["obs"], self.view["names"]  # type: ignore[index]
        try:
            return self.adapter.offer(obs, legal, self._picked, names=names, lang=self.lang)
        except KitError:
            self._picked = ()
            return self.adapter.offer(obs, legal, (), names=names, lang=self.lang)

    def click(self, value: str) -> None:
        """Click ``value`` (a ``data-choice``), as the learner would."""
        self.pane.choose(value)

    def _on_choose(self, value: str) -> None:
        with self._lock:
            self.pane.selected = ""
            view = self.view
            if view is None:
                return
            if value == "take_back":
                self.client.take_back()
                return
            legal = self.legal()
            if not legal:
                return
            if value == CANCEL:
                self._picked, self._note = (), ""
                self._draw()
                return
            offer = extend(self.adapter, self._offer(legal), value, view["obs"], legal, names=view["names"],
                           lang=self.lang)
            if offer is None:
                return  # a stale click: ignored
            if offer.action is not None:
                self._since = len(view["obs"].get("log", []))
                self._picked, self._note = (), ""
                self.client.act(offer.action, view["seq"])
                self._draw(sent=True)
                return
            self._picked, self._note = offer.picked, offer.note
            self._draw()

    # ------------------------------------------------------------------ pictures
    def _draw(self, sent: bool = False) -> None:
        view = self.view
        self._show_refusal()  # not seated: the refusal, in the table's language (a new language)
        if view is None or self.adapter is None:
            return
        lang, names, obs = self.lang, view["names"], view["obs"]
        offer = None if sent else self._offer(self.legal())
        picture = self.adapter.picture(obs, names=names, offer=offer, lang=lang, size=self.size)
        bar = choices_bar(offer, picture, lang, self.adapter)
        me = view["seats"][view["seat"]]
        if me["stand_in"]:
            bar = {"take_back": _("I am back: let me play", lang)}
        log = obs.get("log", [])
        narrated = self.adapter.narrate(log, names=names, reader=view["seat"], lang=lang)
        recent = chrome.recent_lines(narrated, self._since, aimed=self.adapter.aimed_events(log, view["seat"]))
        result = ""
        if view["round_over"] or view["over"]:
            result = self._result(view)
        score_name = _(SCORE_NAMES.get(view["score_name"], view["score_name"]), lang)
        full_log = _("Full log", lang)
        header = chrome.header_html(_("Round {k}", lang, k=view["round"]), list(zip(names, view["score"])),
                                    score_name, [], lang)
        parts = [
            header,
            chrome.status_html(recent, lang),
            result,
            "<div class='kit-turn'>" + chrome.prompt_html(self._prompt(view, offer, sent), self._note)
            + chrome.choices_bar_html(bar, ("take_back",)) + "</div>",
            picture,
            f"<details class='kit-full-log'><summary>{full_log}</summary>"
            f"{chrome.log_html([(ln.text, ln.private) for ln in narrated], lang)}</details>",
            chrome.help_html(self.adapter.how_to_play(lang), lang),
        ]
        self.pane.html = chrome.frame_html(*parts, size=self.size)

    def _prompt(self, view: Mapping[str, Any], offer: Offer | None, sent: bool) -> str:
        lang, names = self.lang, view["names"]
        if not self.client.connected:
            return _("The connection to the table was lost: joining again\u2026", lang)
        if view["seats"][view["seat"]]["stand_in"]:
            return _("A bot played for you while you were away.", lang)
        if view["over"] or view["round_over"]:
            return ""
        if sent:
            return _("Sent: waiting for the table\u2026", lang)
        if offer is not None:
            return offer.prompt or _("Your turn, {name}.", lang, name=names[view["seat"]])
        p = view["to_move"]
        if 0 <= p < len(names):
            return _("{name} is to move.", lang, name=names[p])
        return ""

    def _result(self, view: Mapping[str, Any]) -> str:
        score_name = _(SCORE_NAMES.get(view["score_name"], view["score_name"]), self.lang)
        return result_html(view["names"], view["score"], tuple(view["winners"] or ()), over=view["over"],
                           score_name=score_name, lang=self.lang)

    def _on_language(self, change: Mapping[str, Any]) -> None:
        self.lang = check_language(change["new"])
        self.language_menu.description = _("Language", self.lang)
        with self._lock:
            self._draw()
            self.replay.relabel()


class SeatReplay(w.VBox):
    """What this seat saw, step by step, round by round — its own views only, kept as the server sent them.

    The inspect panel of a seat at the server's table: a toggle opens it (closed, it holds nothing but
    the toggle); a round menu and a step slider (arrow keys, Page Up/Down, Home, End) replay the table
    as this seat saw it then, with what it had been told so far.  The last :data:`ROUNDS_KEPT` rounds
    are kept.
    """

    #: How many rounds the replay keeps (the oldest go first).
    ROUNDS_KEPT = 20

    def __init__(self, table: "RemoteTable") -> None:
        from .inspect import replay_controls

        self.table = table
        self.rounds: list[tuple[int, list[dict[str, Any]]]] = []
        self.toggle, self.round, self.step = replay_controls(table.lang)
        self.view = w.HTML()
        self.body = w.VBox([w.HBox([self.round, self.step]), self.view])
        self.body.layout.display = "none"
        self.toggle.observe(lambda _c: self._locked(self.refresh), names="value")
        self.round.observe(lambda c: self._locked(self._on_round, c), names="value")
        self.step.observe(lambda _c: self._locked(self._show), names="value")
        super().__init__([self.toggle, self.body])
        self.layout.display = "none"  # nothing to replay before the seat is joined (shown at the first view)

    def _locked(self, fn: Any, *args: Any) -> None:
        with self.table._lock:  # a click here and a view arriving from the server, one at a time
            fn(*args)

    def record(self, view: dict[str, Any]) -> None:
        """Keep a view (called for every view the server sends)."""
        self.layout.display = None
        if not self.rounds or self.rounds[-1][0] != view["round"]:
            self.rounds.append((view["round"], []))
            del self.rounds[:-self.ROUNDS_KEPT]
        steps = self.rounds[-1][1]
        if not steps or steps[-1]["seq"] != view["seq"] or steps[-1] != view:
            steps.append(view)
        if self.toggle.value:
            self.refresh()

    def refresh(self) -> None:
        open_ = bool(self.toggle.value)
        self.body.layout.display = None if open_ else "none"
        if not open_:
            self.view.value = ""  # a closed panel holds nothing
            return
        options = [(_("Round {k}", self.table.lang, k=k), i) for i, (k, _steps) in enumerate(self.rounds)]
        following = self.round.value is None or self.round.value == len(self.rounds) - 2
        self.round.options = options
        if options and (following or self.round.value is None):
            self.round.value = len(self.rounds) - 1
        self._on_round()

    def relabel(self) -> None:
        """Say the panel's words in the table's (new) language."""
        from .inspect import label_replay_controls

        label_replay_controls(self.toggle, self.round, self.step, self.table.lang)
        self.refresh()

    def _on_round(self, change: Any = None) -> None:
        r = self.round.value
        if r is None or not self.toggle.value:
            return
        steps = self.rounds[r][1]
        at_end = self.step.value == self.step.max
        self.step.max = len(steps) - 1
        if at_end or change is not None:
            self.step.value = self.step.max  # a round opens at its end
        self._show()

    def _show(self) -> None:
        r = self.round.value
        if r is None or not self.toggle.value:
            return
        table, view = self.table, self.rounds[r][1][self.step.value]
        lang, names = table.lang, view["names"]
        lines = table.adapter.narrate(view["obs"].get("log", []), names=names, reader=view["seat"], lang=lang)
        picture = table.adapter.picture(view["obs"], names=names, offer=None, lang=lang, size=table.size,
                                        replay=True)
        told = chrome.log_html([(ln.text, ln.private) for ln in lines], lang)
        self.view.value = chrome.frame_html(picture, told, size=table.size)

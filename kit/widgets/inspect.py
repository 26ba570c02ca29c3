"""The inspect panel of a :class:`~kit.widgets.GameTable`: replay any round, step by step, as a seat saw it.

Controls: the round (a round opens at its last step: a finished round as it
ended), a step slider that takes the keyboard (:class:`~kit.widgets.stepslider.StepSlider`:
it follows the live game until the learner moves it; "Back to live" follows again), and *seen by*: the viewer's
own seat or what everyone sees (a teacher's table with its switch on: every
seat, and everything).  Below, the replay board (framed and labelled, so it
is never taken for the live table), the last lines of the log at that step,
and the game's reasoning panel for that seat (Love Letter: card counting;
Princess Legend: what the Prince can deduce; Sleeping Queens: the unseen
cards and whom a Jester's number would reach).

**Hidden information.**  While the panel is closed, or the table is covered
between two people, the panel holds nothing: its pictures are empty strings
and *seen by* offers nothing.  Each time the view changes hands the panel is
rebuilt for the new viewer, so no earlier seat's view stays behind.
"""

from __future__ import annotations

from typing import Any, Mapping

import ipywidgets as w

from ..i18n import _
from ..render import table as chrome
from .stepslider import StepSlider

__all__ = ["InspectPanel", "PUBLIC", "EVERYTHING", "replay_controls", "label_replay_controls"]

#: "Seen by" values that are not seats.
PUBLIC, EVERYTHING = -1, -2


def replay_controls(lang: str | None) -> tuple[w.ToggleButton, w.Dropdown, StepSlider]:
    """The toggle, the round menu and the step slider a replay panel opens with (:class:`InspectPanel`,
    :class:`kit.widgets.remote.SeatReplay`), labelled in ``lang``.  The slider takes the keyboard in
    JupyterLab (arrows, Page Up/Down, Home, End), with step buttons."""
    toggle = w.ToggleButton(value=False, icon="search", layout=w.Layout(width="auto"))
    round_ = w.Dropdown(options=[], layout=w.Layout(width="180px"))
    step = StepSlider(max=0, value=0)
    label_replay_controls(toggle, round_, step, lang)
    return toggle, round_, step


def label_replay_controls(toggle: w.ToggleButton, round_: w.Dropdown, step: StepSlider, lang: str | None) -> None:
    """Say the replay controls' words in ``lang``."""
    toggle.description = _("Inspect and replay", lang)
    round_.description = _("Round", lang)
    step.description = _("Step", lang)
    step.back_label, step.forward_label = _("Step back", lang), _("Step forward", lang)


class InspectPanel(w.VBox):
    """Replay and reasoning for the rounds of ``table`` (built by the table itself)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        lang = table.lang
        self.toggle, self.round, self.step = replay_controls(lang)
        self.seen_by = w.Dropdown(description=_("Seen by", lang), options=[], layout=w.Layout(width="300px"))
        self.live = w.Button(description=_("Back to live", lang), layout=w.Layout(width="auto"))
        self.board = w.HTML()
        self.reasoning = w.HTML()
        self.controls = w.HBox([self.round, self.step, self.seen_by, self.live], layout=w.Layout(flex_flow="row wrap"))
        self.body = w.VBox([self.controls, self.board, self.reasoning], layout=w.Layout(display="none"))
        self.following = True
        self._busy = False
        super().__init__([self.toggle, self.body])
        self.toggle.observe(lambda _c: self.refresh(reset=True), names="value")
        self.round.observe(self._on_round, names="value")
        self.step.observe(self._on_step, names="value")
        self.seen_by.observe(lambda _c: self._draw() if not self._busy else None, names="value")
        self.live.on_click(lambda _b: self._back_to_live())

    def relabel(self) -> None:
        """Every control's words in the table's language (after the table's language changed)."""
        lang = self.table.lang
        label_replay_controls(self.toggle, self.round, self.step, lang)
        self.seen_by.description = _("Seen by", lang)
        self.live.description = _("Back to live", lang)
        self.refresh()

    @property
    def is_open(self) -> bool:
        return bool(self.toggle.value)

    # ------------------------------------------------------------------ what may be shown
    def seats(self) -> list[tuple[str, int]]:
        """The "seen by" choices this table may offer now."""
        t = self.table
        if t._covered is not None:
            return []
        lang = t.lang
        if t.teacher:
            return ([(_("{name}'s view", lang, name=name), s) for s, name in enumerate(t._names)]
                    + [(_("what everyone sees", lang), PUBLIC), (_("everything (teacher)", lang), EVERYTHING)])
        own = [] if t.viewer is None else [(_("{name}'s view", lang, name=t._names[t.viewer]), t.viewer)]
        return own + [(_("what everyone sees", lang), PUBLIC)]

    def clear(self) -> None:
        """Hold nothing (the panel is closed, or the screen is covered)."""
        self._busy = True
        try:
            self.board.value = ""
            self.reasoning.value = ""
            self.seen_by.options = []
            self.round.options = []
            self.step.max = 0
        finally:
            self._busy = False

    # ------------------------------------------------------------------ drawing
    def refresh(self, reset: bool = False) -> None:
        """Rebuild the panel for the table's current viewer (called by the table after every change)."""
        t = self.table
        self.body.layout.display = "flex" if self.is_open else "none"
        if not self.is_open or t._covered is not None:
            self.clear()
            return
        self._busy = True
        try:
            seats = self.seats()
            current = self.seen_by.value
            self.seen_by.options = seats
            allowed = [v for _label, v in seats]
            if reset or current not in allowed:
                self.seen_by.value = allowed[0]
            rounds = t.rounds()
            self.round.options = [(_("Round {k}", t.lang, k=k + 1), k) for k in range(len(rounds))]
            if self.following or self.round.value is None:
                self.round.value = len(rounds) - 1
            steps = len(t.steps_of(self.round.value))
            self.step.max = steps
            if self.following:
                self.step.value = steps
        finally:
            self._busy = False
        self._draw()

    def _state_at(self, r: int, step: int) -> Any:
        t = self.table
        state = t.start_of(r)
        for a in t.steps_of(r)[:step]:
            state.apply_action(a)
        return state

    def _draw(self) -> None:
        t = self.table
        if not self.is_open or t._covered is not None or self.round.value is None:
            self.clear()
            return
        seat = self.seen_by.value
        allowed = [v for _label, v in self.seats()]
        if seat not in allowed:  # never draw a view this table may not show now
            self.clear()
            return
        r, step = self.round.value, self.step.value
        state = self._state_at(r, step)
        lang, names, a = t.lang, t._names, t.adapter
        label = dict((v, k) for k, v in self.seats())[seat]
        if seat == EVERYTHING:
            picture = a.teacher_picture(state, names=names, lang=lang, size=t.size)
            reader = None
            events = _all_events(state)
        else:
            reader = None if seat == PUBLIC else seat
            picture = a.picture(state.observation(reader), names=names, offer=None, lang=lang, size=t.size,
                                replay=True)
            events = state.observation(reader).get("log", [])
        lines = [(ln.text, ln.private) for ln in a.narrate(events, names=names, reader=reader, lang=lang)][-3:]
        self.board.value = (chrome.TABLE_CSS + "<div class='kit-table'><div class='kit-replay'>"
                            + chrome.replay_banner_html(step, self.step.max, label, lang)
                            + chrome.status_html(lines, lang) + picture + "</div></div>")
        why = a.reasoning(state, None if seat in (PUBLIC, EVERYTHING) else seat, names=names, lang=lang)
        self.reasoning.value = (chrome.TABLE_CSS + f"<div class='kit-table'>{why}</div>") if why else ""

    # ------------------------------------------------------------------ controls
    def _on_round(self, change: Mapping[str, Any]) -> None:
        if self._busy or change["new"] is None:
            return
        self.following = change["new"] == len(self.table.rounds()) - 1 and self.following
        self._busy = True
        try:
            steps = len(self.table.steps_of(change["new"]))
            self.step.max = steps
            self.step.value = steps  # a round opens at its end (a finished one: how it ended), not at step 0
        finally:
            self._busy = False
        self._draw()

    def _on_step(self, change: Mapping[str, Any]) -> None:
        if self._busy:
            return
        self.following = (self.round.value == len(self.table.rounds()) - 1 and change["new"] == self.step.max)
        self._draw()

    def _back_to_live(self) -> None:
        self.following = True
        self.refresh()

    def show(self, *, round: int | None = None, step: int | None = None, seat: int | None = None) -> None:
        """Open the panel at ``round`` (from 0), ``step`` and ``seat`` (:data:`PUBLIC`, :data:`EVERYTHING`)."""
        self.toggle.value = True
        if round is not None or step is not None:
            self.following = False
        if round is not None:
            self.round.value = round
        if step is not None:
            self.step.value = step
        if seat is not None:
            allowed = [v for _label, v in self.seats()]
            if seat not in allowed:
                from ..core.errors import KitError

                raise KitError(f"this table may not show seat {seat!r} now; it may show {allowed}")
            self.seen_by.value = seat
        self._draw()


def _all_events(state: Any) -> list[Mapping[str, Any]]:
    """Every event of ``state`` (teacher view), through the events module its game package declares
    (:func:`kit.core.registry.part`: a package without one is a ``KitError`` saying what to add).

    A protocol game without a package has no events of its own: its observation's log, as everyone sees it.
    """
    from ..core import registry

    name = getattr(state.game, "name", None)
    if registry.find(name) is None:
        return list(state.observation(None).get("log", []))
    return registry.part(name, "events").all_events(state)

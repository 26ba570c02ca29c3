"""LoveLetterTable: play Love Letter in a notebook against bots or friends, then inspect the round.

The table is a :class:`~kit.widgets.ClickPane` drawn by
:func:`kit.render.loveletter.table_html` from one seat's observation: the
*viewer*.  Only the choices the rules allow are offered: click a card, then
a player, then (Guard) a card to name; after a Chancellor, the card to keep
and the order of the others under the deck.  A refused action (from Python,
or a stale click) shows the engine's message and changes nothing.

Seats are ``"you"``, ``"person"`` (another person at the same screen),
``"random"``, ``"heuristic"`` or ``"ismcts"`` (bots of
:mod:`kit.loveletter.bots`), or any bot object with ``choose(view, seat)``.
With two or more people at one screen (hot seat), the table hides the hand
behind a "pass the screen to …" cover whenever the next person to move is
not the one looking.

**What the widget may show.** In student mode (the default), nothing the
viewer cannot see is ever placed in a synced trait, an HTML string or a DOM
node: the table is drawn from ``state.observation(viewer)`` (or the public part
of it, under a cover or for a spectator), the log in plain words comes from
that observation, and the card counting from the seat's own knowledge.  The
engine's refusal messages are shown only for the viewer's own decisions (they
list that seat's legal actions).  The *teacher switch* (off by default, in the
inspect panel) is the one explicit way to show every hand and the deck.

Inspect mode (the "Inspect" panel): a replay slider over a round's history, a
seat selector (students: their own seat or the public view; teachers: any
seat), and card counting for that seat: the cards it has not seen and, for
each opponent, the probability of each card.

Examples
--------
>>> from kit.widgets import LoveLetterTable
>>> table = LoveLetterTable(["you", "heuristic"], names=["Ana", "Ben"], edition="classic", seed=3)
>>> table.viewer, table.state.current_player()     # Ana (seat 0) is to move
(0, 0)
>>> table.choices()                                # her playable cards: the Guard and the King
['card:1', 'card:6']
>>> table.click("card:1"); table.choices()          # a Guard: choose a player first
['target:1', 'cancel']
>>> table.click("target:1"); table.message
'Guard on Ben: name a card (not the Guard). If Ben holds it, they are out.'
>>> before = table.state.to_json()
>>> table.click("guess:1"); table.message          # refused by the engine: nothing changes
'Guard p1 Guard is not allowed: a Guard may not name the Guard. Allowed: ...'
>>> table.state.to_json() == before
True
>>> table.click("guess:8"); table.message          # the Princess: a hit
'Round over: Ana won the round. Tokens: Ana 1, Ben 0'
>>> table.choices()
['next']
"""

from __future__ import annotations

import random
import re
import time
from typing import Any, Mapping, Sequence

import ipywidgets as w

from ..core.bots import view_for
from ..core.errors import KitError
from ..core.protocol import CHANCE, TERMINAL
from ..core.seeding import derive_seed, sample_outcome
from ..loveletter.actions import Keep, Play
from ..loveletter.game import LoveLetter
from ..loveletter.match import Match
from ..loveletter.state import LoveLetterState
from ..render.loveletter import counting_html, hand_counts, public_observation, table_html, teacher_observation
from .clickpane import ClickPane

__all__ = ["LoveLetterTable", "posterior", "SEAT_KINDS", "DEFAULT_NAMES"]

#: What can sit at a seat, and how the setup form names it.
SEAT_KINDS: dict[str, str] = {
    "you": "you",
    "person": "another person (hot seat)",
    "random": "random bot",
    "heuristic": "heuristic bot",
    "ismcts": "ISMCTS bot",
}
#: Names given to seats when none are given.
DEFAULT_NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn")
_HUMAN = ("you", "person")
_CHOICE = re.compile(r'data-choice="([^"]*)"')
PUBLIC, EVERYTHING = -1, -2  # pseudo-seats of the inspect panel


def posterior(state: LoveLetterState, seat: int) -> dict[int, dict[Any, Any]]:
    """What ``seat`` may believe each opponent holds: ``{opponent: {card: probability}}``.

    Uses :func:`kit.loveletter.counting.posterior` (exact card counting) when
    that module is present, else the approximate marginals of
    :func:`kit.loveletter.knowledge.posterior_marginals` (with two cards in
    hand, expected copies).  Reads only what ``seat`` saw.

    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2, edition="classic").new_initial_state()
    >>> for a in ["deal Princess", "deal Guard", "deal Guard", "deal Guard", "deal Priest", "deal Baron"]:
    ...     s.apply_action(a)
    >>> round(float(sum(posterior(s, 0)[1].values())), 6)
    1.0
    """
    try:
        from ..loveletter.counting import posterior as exact  # type: ignore[import-not-found]
    except ImportError:
        exact = None
    if exact is not None:
        return exact(state, seat)
    from ..loveletter.knowledge import knowledge, posterior_marginals

    return posterior_marginals(knowledge(state, seat))


def _make_bot(kind: Any, seed: int | None, iterations: int) -> Any:
    from ..loveletter.bots import HeuristicBot, ISMCTSBot, RandomBot

    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(seed=seed)
    if kind == "ismcts":
        return ISMCTSBot(iterations=iterations, seed=seed)
    raise KitError(f"unknown seat kind {kind!r}; choose one of {', '.join(SEAT_KINDS)} or give a bot object")


def _running_loop() -> Any:
    import asyncio

    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class LoveLetterTable(w.VBox):
    """A Love Letter table: a match against bots or friends, and an inspect panel.

    Parameters
    ----------
    players
        One entry per seat: ``"you"``, ``"person"``, ``"random"``,
        ``"heuristic"``, ``"ismcts"``, or a bot object (``choose(view, seat)``).
    names
        A name per seat (default: Ana, Ben, Cleo, ...).
    edition
        ``"classic"`` or ``"2019"``.
    variant
        ``"first-publisher"`` for the classic edition's variant (7/5/4 tokens
        to win; a round-end tie goes to the higher sum of discards), else
        ``None``.  The setup form offers it as a third edition.
    seed
        Seeds the first player, every deal and the bots; ``None`` draws one
        (shown in the setup form, so the match can be played again).
    delay
        Seconds to wait before each bot move (only in a running kernel; tests
        and :meth:`play_bots_until_human` never wait).
    first_player
        Seat that starts the first round (default: drawn from the seed).
    ismcts_iterations
        Search iterations of ISMCTS bots.
    teacher
        Start with the teacher switch on (shows every hand and the deck).

    Attributes
    ----------
    match : kit.loveletter.Match
        Tokens, finished rounds, the next starter.
    pane : ClickPane
        The table.
    viewer : int or None
        The seat whose view the table shows (``None``: a spectator).
    timings : list of (str, float)
        Kernel-side seconds from a click (or a bot's turn) to the updated view:
        ``"click"`` (a step of a choice), ``"human"`` (an action applied),
        ``"bot"`` (a bot's move).
    """

    def __init__(self, players: Sequence[Any] = ("you", "heuristic"), *, names: Sequence[str] | None = None,
                 edition: str = "2019", variant: str | None = None, seed: int | None = None, delay: float = 0.0,
                 first_player: int | None = None, ismcts_iterations: int = 300, teacher: bool = False) -> None:
        self.delay = float(delay)
        self.ismcts_iterations = ismcts_iterations
        self.timings: list[tuple[str, float]] = []
        self.match: Match | None = None
        self.bots: dict[int, Any] = {}
        self.kinds: list[str] = []
        self.names: list[str] = []
        self.viewer: int | None = None
        self.seed: int | None = None
        self._round: LoveLetterState | None = None
        self._rng = random.Random(0)
        self._covered: int | None = None
        self._ui: dict[str, Any] = {}
        self._error: str | None = None
        self._gen = 0
        self._scored = False
        self._click_t0: float | None = None
        #: The exception of a bot that failed to move in the event loop (never shown: it may name cards).
        self.last_error: BaseException | None = None
        self._quiet = False  # inside a programmatic update of the inspect controls
        self._inspect_live = True  # the inspect panel follows the live round

        # -- the table
        self.pane = ClickPane(label="Love Letter table", max_height="")
        self.pane.layout = w.Layout(width="100%")
        self.pane.on_choose(self._on_choose)

        # -- setup form
        self._seat_rows: list[tuple[w.Text, w.Dropdown]] = []
        self.edition_box = w.Dropdown(options=[("classic (16 cards, 2–4 players)", "classic"),
                                               ("classic, first-publisher rules (7/5/4 tokens)", "first-publisher"),
                                               ("2019 (21 cards, 2–6 players)", "2019")],
                                      value="2019", description="Edition", layout=w.Layout(width="340px"))
        self.players_box = w.Dropdown(options=[2, 3, 4, 5, 6], value=2, description="Players",
                                      layout=w.Layout(width="160px"))
        self.seed_box = w.Text(value="", placeholder="random", description="Seed", layout=w.Layout(width="200px"))
        self.delay_box = w.FloatSlider(value=self.delay, min=0.0, max=2.0, step=0.1, description="Bot delay (s)",
                                       style={"description_width": "initial"}, layout=w.Layout(width="300px"))
        self.seats_box = w.VBox()
        self.start_button = w.Button(description="Start a new match", button_style="primary", icon="play")
        self.form_error = w.HTML()
        self.edition_box.observe(self._on_form_edition, names="value")
        self.players_box.observe(lambda _: self._sync_seat_rows(), names="value")
        self.delay_box.observe(lambda ch: setattr(self, "delay", float(ch["new"])), names="value")
        self.start_button.on_click(lambda _: self._start_from_form())
        form = w.VBox([w.HBox([self.edition_box, self.players_box, self.seed_box]), self.seats_box,
                       w.HBox([self.delay_box, self.start_button]), self.form_error])
        self.setup = w.Accordion([form])
        self.setup.set_title(0, "Setup: edition, players, seats, seed")
        self.setup.selected_index = None

        # -- inspect panel
        self.teacher_box = w.Checkbox(value=False, description="Teacher view: show every hand and the deck",
                                      indent=False, layout=w.Layout(width="auto"))
        self.inspect_round = w.Dropdown(description="Round", layout=w.Layout(width="200px"))
        self.inspect_step = w.IntSlider(min=0, max=0, value=0, description="Step", continuous_update=True,
                                        layout=w.Layout(width="480px"))
        self.inspect_seat = w.Dropdown(description="Seen by", layout=w.Layout(width="260px"))
        self.inspect_view = w.HTML()
        self.counting_view = w.HTML(layout=w.Layout(margin="6px 0 0 0"))
        self.teacher_box.observe(self._on_teacher, names="value")
        self.inspect_round.observe(self._on_inspect_round, names="value")
        for box in (self.inspect_step, self.inspect_seat):
            box.observe(self._on_inspect_control, names="value")
        inspect = w.VBox([
            w.HTML("<div style='line-height:1.4;font-size:12px;margin-bottom:4px'>Replay a round step by step, "
                   "as one seat saw it, with that seat's card counting. Students see their own seat (or what "
                   "everyone sees); the teacher view shows any seat and every hidden card.</div>"),
            w.HBox([self.inspect_round, self.inspect_seat, self.teacher_box]),
            self.inspect_step, self.counting_view, self.inspect_view,
        ])
        self.inspector = w.Accordion([inspect])
        self.inspector.set_title(0, "Inspect: replay, what each seat knows, card counting")
        self.inspector.selected_index = None
        self.inspector.observe(lambda _: None if self._quiet else self._refresh_inspect(), names="selected_index")

        super().__init__([self.setup, self.pane, self.inspector])
        self.new_match(players, names=names, edition=edition, variant=variant, seed=seed, first_player=first_player)
        if teacher:
            self.teacher = True

    # ================================================================ API
    @property
    def state(self) -> LoveLetterState:
        """The live round (the whole truth, hidden cards included: a teacher's object)."""
        assert self._round is not None
        return self._round

    @property
    def game(self) -> LoveLetter:
        """The game (edition and player count)."""
        return self.match.game  # type: ignore[union-attr]

    @property
    def teacher(self) -> bool:
        """The teacher switch: show every hand, the set-aside card and the deck."""
        return bool(self.teacher_box.value)

    @teacher.setter
    def teacher(self, on: bool) -> None:
        self.teacher_box.value = bool(on)

    @property
    def humans(self) -> list[int]:
        """Seats played by people at this screen."""
        return [s for s, k in enumerate(self.kinds) if k in _HUMAN]

    @property
    def message(self) -> str:
        """The message shown now, as plain text: the refusal of the last action, or the prompt."""
        if self._error:
            return self._error
        return re.sub(r"<[^>]+>", "", self._ui_for_render().get("prompt", ""))

    def new_match(self, players: Sequence[Any] | None = None, *, names: Sequence[str] | None = None,
                  edition: str | None = None, variant: str | None = None, seed: int | None = None,
                  first_player: int | None = None) -> None:
        """Start a new match (arguments as for the constructor; missing ones keep the current settings,
        and a new ``edition`` without a ``variant`` plays that edition's own rules).

        >>> t = LoveLetterTable(["heuristic", "random", "random"], edition="classic", seed=1)
        >>> t.new_match(["you", "random"], seed=2); t.names, t.match.tokens
        (['Ana', 'Ben'], [0, 0])
        >>> t.new_match(variant="first-publisher"); t.game.tokens_to_win
        7
        """
        if players is None:
            players = [self.bots.get(s, k) if k == "bot" else k for s, k in enumerate(self.kinds)]
        players = list(players)
        if edition is None and self.match is not None:
            edition = self.game.settings()["edition"]
            variant = variant or self.game.settings()["variant"]
        game = LoveLetter(len(players), edition=edition or "2019", variant=variant)
        if names is None:
            names = [self.names[s] if s < len(self.names) and self.match is not None
                     and len(self.names) == len(players) else DEFAULT_NAMES[s] for s in range(len(players))]
        if len(names) != len(players):
            raise KitError(f"give one name per seat ({len(players)}), not {len(names)}")
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        kinds, bots = [], {}
        for s, p in enumerate(players):
            if isinstance(p, str):
                if p not in SEAT_KINDS:
                    raise KitError(f"unknown seat kind {p!r}; choose one of {', '.join(SEAT_KINDS)} "
                                   "or give a bot object")
                kinds.append(p)
                if p not in _HUMAN:
                    bots[s] = _make_bot(p, derive_seed(seed, "bot", s), self.ismcts_iterations)
            elif hasattr(p, "choose"):
                kinds.append("bot")
                bots[s] = p
            else:
                raise KitError(f"seat {s}: {p!r} is neither a seat kind nor a bot with choose(view, seat)")
        self._gen += 1
        self.seed = seed
        self.kinds, self.bots, self.names = kinds, bots, [str(n) for n in names]
        self.match = Match(game, seed=seed, first_player=first_player)
        people = self.humans
        you = [s for s, k in enumerate(kinds) if k == "you"]
        self.viewer = you[0] if you else (people[0] if people else None)
        self._covered = None
        self._error = None
        self._fill_form()
        self._start_round()

    def next_round(self) -> None:
        """Deal the next round of the match (after the last one ended)."""
        if self._round is not None and not self._round.is_terminal():
            raise KitError("the round is still going on; finish it first")
        if self.match.is_over():  # type: ignore[union-attr]
            raise KitError(f"the match is over, won by {', '.join(self.names[s] for s in self.match.winners())}")
        self._start_round()

    def click(self, value: str) -> None:
        """Choose ``value`` (a ``data-choice`` such as ``"card:1"``, ``"target:2"``,
        ``"guess:3"``, ``"keep:6"``, ``"keep:1:2,3"``, ``"confirm"``, ``"cancel"``,
        ``"reveal"``, ``"next"``, ``"new"``) exactly as a click on the table does."""
        self.pane.choose(value)

    def choices(self) -> list[str]:
        """The ``data-choice`` values the table offers now, in page order."""
        return _CHOICE.findall(self.pane.html)

    @staticmethod
    def clicks(action: Any) -> list[str]:
        """The clicks that make ``action`` at the table, in order: the card, then the player, then the
        card named, and ``confirm`` for the Princess; after a Chancellor, the card to keep, then the order.

        A click that completes the action plays it at once, so the later ones are then not needed (a
        Chancellor keep with one possible order, a card nobody can be chosen for).

        >>> from kit.loveletter import Play, CardClassic as C
        >>> LoveLetterTable.clicks(Play(C.GUARD, 1, C.PRIEST))
        ['card:1', 'target:1', 'guess:2']
        """
        if isinstance(action, Keep):
            return [f"keep:{int(action.card)}",
                    f"keep:{int(action.card)}:{','.join(str(int(u)) for u in action.under)}"]
        out = [f"card:{int(action.card)}"]
        if action.target is not None:
            out.append(f"target:{action.target}")
        if action.guess is not None:
            out.append(f"guess:{int(action.guess)}")
        if action.card.name == "PRINCESS":
            out.append("confirm")
        return out

    def act(self, action: Any) -> bool:
        """Play ``action`` (an action or its notation) for the viewer, who must be to move.

        Returns whether it was accepted; a refusal shows the engine's message
        (:attr:`message`) and changes nothing.

        Examples
        --------
        >>> t = LoveLetterTable(["you", "heuristic"], edition="classic", seed=3)
        >>> t.act("Baron p1"), t.message
        (False, 'Baron p1 is not allowed: p0 does not hold a Baron. Allowed: ...')
        >>> t.act("Guard p1 Princess"), t.match.tokens
        (True, [1, 0])
        """
        self._click_t0 = time.perf_counter()
        try:
            self._check_my_turn()
            if isinstance(action, str):
                action = self.game.parse_action(action)
            self._apply(action)
            return True
        except KitError as exc:
            self._error = str(exc)
            self._render()
            return False

    def play_bots_until_human(self) -> None:
        """Let chance and the bots move now (no delay) until a person must act or the round ends."""
        self._gen += 1
        self._run(sync=True)

    def load_round(self, state: LoveLetterState, *, advance: bool = False) -> None:
        """Show ``state`` as the current round of a fresh match of its game (for teaching and tests).

        With ``advance`` the bots and chance then move as in play.

        Examples
        --------
        >>> from kit.loveletter import LoveLetter
        >>> s = LoveLetter(2, edition="classic").new_initial_state()
        >>> for a in ["deal Princess", "deal Guard", "deal Priest", "deal Baron",
        ...           "deal Countess", "deal King", "deal Prince"]:
        ...     s.apply_action(a)
        >>> t = LoveLetterTable(["you", "random"], edition="classic", seed=1)
        >>> t.load_round(s)
        >>> t.choices()                       # the Countess rule: with a Prince, she must be played
        ['card:7']
        """
        if state.game.num_players != len(self.kinds):
            raise KitError(f"this table has {len(self.kinds)} seats; the state has {state.game.num_players}")
        self._gen += 1
        self.match = Match(state.game, seed=self.seed, first_player=state.first_player)
        self._fill_form()
        self._round = state.clone()
        self._rng = random.Random(derive_seed(self.seed, "round", 0))
        self._scored = False
        self._covered = None
        self._error = None
        self._ui = {}
        if advance:
            self._run(sync=True)
        else:
            if self._round.is_terminal():
                self._finish_round()
            self._prepare_ui()
            self._render()

    def render_options(self) -> dict[str, Any]:
        """The keyword arguments of :func:`~kit.render.loveletter.table_html` besides the observation:
        names, seat kinds, the scoreboard and the choices open now (public, or the viewer's own)."""
        m = self.match
        assert m is not None
        return {
            "names": list(self.names), "kinds": self._kind_labels(), "tokens": list(m.tokens),
            "target": m.target, "round_no": len(m.rounds) + (0 if self._scored else 1),
            "ui": self._ui_for_render(), "match_winners": list(m.winners()) if m.is_over() else None,
        }

    def view(self) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """The observation the table is drawn from now, and the teacher's reveal (``None`` for students)."""
        s = self.state
        if self.teacher:
            obs, reveal = teacher_observation(s)
            if self.viewer is not None and self._covered is None:
                mine = s.observation(self.viewer)
                obs = dict(obs, seat=self.viewer, hand=mine["hand"])
                reveal["hands"] = {o: h for o, h in reveal["hands"].items() if o != self.viewer}
            return obs, reveal
        if self.viewer is None or self._covered is not None:
            return public_observation(s.observation(0)), None
        return s.observation(self.viewer), None

    def counting(self, seat: int | None = None, state: LoveLetterState | None = None) -> dict[str, Any]:
        """Card counting for ``seat`` (default: the viewer) in ``state`` (default: the live round):
        ``{"unseen": {card: copies}, "posterior": {opponent: {card: probability}}}``.

        Computed from what the seat saw alone (see :func:`posterior`).

        >>> t = LoveLetterTable(["you", "heuristic"], edition="classic", seed=3)
        >>> c = t.counting()
        >>> sum(c["unseen"].values()), round(float(sum(c["posterior"][1].values())), 6)
        (10, 1.0)
        """
        from ..loveletter.knowledge import knowledge

        seat = self.viewer if seat is None else seat
        if seat is None or seat < 0:
            raise KitError("choose a seat to count cards for")
        st = self.state if state is None else state
        return {"unseen": dict(knowledge(st, seat).unseen), "posterior": posterior(st, seat)}

    def inspect(self, *, round: int | None = None, step: int | None = None, seat: int | None = None) -> None:
        """Open the inspect panel at ``round`` (0-based), ``step`` (actions into the round) and ``seat``
        (``-1``: what everyone sees; ``-2``: everything, teacher only)."""
        self._quiet = True
        try:
            self.inspector.selected_index = 0
        finally:
            self._quiet = False
        self._refresh_inspect(draw=False)
        if seat is not None:
            allowed = [v for _, v in self.inspect_seat.options]
            if seat not in allowed:
                raise KitError(f"seat {seat} cannot be inspected now"
                               + ("" if self.teacher else " (students see only their own seat; "
                                  "the teacher view shows every seat)"))
        self._quiet = True
        try:
            if round is not None:
                if not 0 <= round < len(self._rounds()):
                    raise KitError(f"no round {round}; rounds are 0 to {len(self._rounds()) - 1}")
                self.inspect_round.value = round
                self.inspect_step.max = len(self._rounds()[round].history())
                self.inspect_step.value = self.inspect_step.max
            if seat is not None:
                self.inspect_seat.value = seat
            if step is not None:
                self.inspect_step.value = max(0, min(step, self.inspect_step.max))
        finally:
            self._quiet = False
        self._inspect_live = (self.inspect_round.value == len(self._rounds()) - 1
                              and self.inspect_step.value >= self.inspect_step.max)
        self._render_inspect()

    # ================================================================ turns
    def _start_round(self) -> None:
        m = self.match
        assert m is not None
        self._gen += 1
        self._rng = random.Random(derive_seed(m.seed, "round", len(m.rounds)))
        self._round = m.new_round()
        self._scored = False
        self._ui = {}
        self._error = None
        self._run()

    def _settle(self) -> None:
        """Chance steps until a decision or the end; then set up what the next person does."""
        s = self.state
        while s.current_player() == CHANCE:
            s.apply_action(sample_outcome(s.chance_outcomes(), self._rng))
        if s.is_terminal():
            self._finish_round()
        self._prepare_ui()

    def _prepare_ui(self) -> None:
        s = self.state
        self._ui = {}
        p = s.current_player()
        if s.is_terminal() or p in self.bots or p < 0:
            self._covered = None
            return
        if p != self.viewer:
            if self.viewer is not None and len(self.humans) > 1:
                self._covered = p
            else:
                self.viewer = p
        self._ui = {"step": "keep" if s.phase == "chancellor-keep" else "card"}

    def _finish_round(self) -> None:
        if not self._scored:
            self.match.score(self.state)  # type: ignore[union-attr]
            self._scored = True

    def _run(self, sync: bool = False, t0: float | None = None, kind: str | None = None) -> None:
        """Settle and draw; then let the bots move (now, or after :attr:`delay` in a running kernel)."""
        while True:
            self._settle()
            self._render()
            if t0 is not None and kind is not None:
                self.timings.append((kind, time.perf_counter() - t0))
            s = self.state
            p = s.current_player()
            if p == TERMINAL or p not in self.bots:
                return
            loop = None if sync or self.delay <= 0 else _running_loop()
            if loop is not None:
                loop.call_later(self.delay, self._bot_tick, self._gen)
                return
            if not sync and self.delay > 0:
                time.sleep(self.delay)
            t0, kind = time.perf_counter(), "bot"
            self._bot_move(p)

    def _bot_tick(self, gen: int) -> None:
        if gen != self._gen:
            return  # a new round, match or a synchronous run took over
        s = self.state
        p = s.current_player()
        if p not in self.bots:
            return
        t0 = time.perf_counter()
        try:
            self._bot_move(p)
        except Exception as exc:  # noqa: BLE001 - say so on the table rather than lose it in the event loop
            # The exception may name the bot's cards: keep it in Python (last_error), show none of it.
            self.last_error = exc
            self._error = f"{self.names[p]} (a bot) could not move; see table.last_error"
            self._render()
            return
        self._run(t0=t0, kind="bot")

    def _bot_move(self, p: int) -> None:
        bot = self.bots[p]
        s = self.state
        s.apply_action(bot.choose(view_for(bot, s, p), p))

    # ================================================================ clicks
    def _on_choose(self, value: str) -> None:
        self._click_t0 = time.perf_counter()
        self.pane.selected = ""  # a choice (a kept card...) never stays in a synced trait
        try:
            applied = self._handle(str(value))
        except KitError as exc:
            self._error = str(exc)
            applied = False
        if not applied:
            self._render()
            self.timings.append(("click", time.perf_counter() - self._click_t0))

    def _check_my_turn(self) -> None:
        s = self.state
        if s.is_terminal():
            raise KitError("the round is over: choose the next round")
        p = s.current_player()
        if self._covered is not None:
            raise KitError(f"pass the screen to {self.names[self._covered]} first")
        if p != self.viewer or p in self.bots:
            raise KitError(f"it is not your turn: {self.names[p]} is to move" if p >= 0 else "chance moves now")

    def _card_of(self, text: str) -> Any:
        ed = self.game.edition
        text = text.strip()
        if text.isdigit():
            v = int(text)
            if v < len(ed.counts) and ed.counts[v]:
                return ed.card(v)
            raise KitError(f"{v} is not a card value of the {ed.name} edition "
                           f"(values: {', '.join(str(int(c)) for c in ed.cards)})")
        return ed.by_name(text)

    def _refuse(self, action: Any) -> None:
        """Ask the engine why ``action`` is refused (on a copy: nothing changes) and raise its message."""
        self.state.clone().apply_action(action)
        raise KitError(f"{action} is not open now")  # pragma: no cover - the engine refused it above

    def _handle(self, value: str) -> bool:
        """Do what choice ``value`` asks; return whether an action was applied."""
        kind, _, arg = value.partition(":")
        s = self.state
        if kind == "reveal":
            if self._covered is None:
                raise KitError("nothing is covered")
            self.viewer, self._covered = self._covered, None
            self._error = None
            self._prepare_ui()
            return False
        if kind == "next":
            self.next_round()
            return True
        if kind == "new":
            self.new_match(seed=derive_seed(self.seed, "again") % 1_000_000)
            return True
        if kind == "cancel":
            self._error = None
            self._ui = {"step": "keep" if s.phase == "chancellor-keep" else "card"} if self._ui else {}
            return False
        if kind not in ("card", "target", "guess", "confirm", "keep"):
            raise KitError(f"{value!r} is not a choice of this table")
        self._check_my_turn()
        legal = s.legal_actions()
        step = self._ui.get("step")
        if s.phase == "chancellor-keep":
            if kind == "card":
                kind = "keep"
            if kind != "keep":
                raise KitError("keep one of your cards first (the Chancellor)")
            parts = arg.split(":")
            keep = self._card_of(parts[0])
            if len(parts) > 1:
                under = tuple(self._card_of(u) for u in parts[1].split(",") if u)
                return self._apply(Keep(keep, under))
            options = [a for a in legal if a.card is keep]
            if not options:
                self._refuse(Keep(keep, ()))
            if len(options) == 1:
                return self._apply(options[0])
            self._error = None
            self._ui = {"step": "order", "card": int(keep),
                        "orders": [[int(a.card), [int(u) for u in a.under]] for a in options]}
            return False
        if kind == "keep":
            raise KitError("there is no Chancellor choice to make now")
        if kind == "card":
            card = self._card_of(arg)
            acts = [a for a in legal if a.card is card]
            if not acts:
                self._refuse(Play(card))
            self._error = None
            if acts[0].target is None:
                if card.name == "PRINCESS":
                    self._ui = {"step": "confirm", "card": int(card)}
                    return False
                return self._apply(acts[0])
            self._ui = {"step": "target", "card": int(card), "targets": sorted({a.target for a in acts})}
            return False
        if kind == "confirm":
            if step != "confirm":
                raise KitError("there is nothing to confirm")
            return self._apply(Play(self.game.edition.card(self._ui["card"])))
        if step not in ("target", "guess") or self._ui.get("card") is None:
            raise KitError("choose a card first")
        card = self.game.edition.card(self._ui["card"])
        if kind == "target":
            if not arg.strip().lstrip("-").isdigit():
                raise KitError(f"{arg!r} is not a seat (seats are 0 to {self.game.num_players - 1})")
            t = int(arg)
            acts = [a for a in legal if a.card is card and a.target == t]
            if not acts:
                self._refuse(Play(card, t))
            self._error = None
            if acts[0].guess is not None:
                self._ui = {"step": "guess", "card": int(card), "target": t,
                            "guesses": [int(a.guess) for a in acts]}
                return False
            return self._apply(acts[0])
        # guess
        if step != "guess":
            raise KitError("choose a player first")
        return self._apply(Play(card, self._ui["target"], self._card_of(arg)))

    def _apply(self, action: Any) -> bool:
        t0 = self._click_t0 if self._click_t0 is not None else time.perf_counter()
        self.state.apply_action(action)  # the engine refuses before it changes anything
        self._error = None
        self._ui = {}
        self._gen += 1
        self._run(t0=t0, kind="human")
        return True

    # ================================================================ drawing
    def _kind_labels(self) -> list[str]:
        out = []
        for s, k in enumerate(self.kinds):
            if k in _HUMAN:
                out.append("")
            elif k == "bot":
                out.append(f"{getattr(self.bots[s], 'name', type(self.bots[s]).__name__)} bot")
            else:
                out.append(SEAT_KINDS[k])
        return out

    def _ui_for_render(self) -> dict[str, Any]:
        s = self.state
        m = self.match
        names = self.names
        if s.is_terminal():
            res = s.result()
            over = m.is_over()
            if over:
                who = ", ".join(names[w] for w in m.winners())
                prompt = f"<b>The match is over: {who} {'wins' if len(m.winners()) == 1 else 'share the win'}!</b>"
            else:
                who = " and ".join(names[w] for w in res.winners)
                prompt = f"<b>Round over: {who} won the round.</b> Tokens: " + ", ".join(
                    f"{names[i]} {t}" for i, t in enumerate(m.tokens))
            return {"step": "over", "prompt": prompt, "next": not over, "new": over, "error": self._error}
        if self._covered is not None:
            return {"step": "cover", "cover": self._covered,
                    "prompt": f"<b>{names[self._covered]}</b> is to move: pass the screen."}
        p = s.current_player()
        if p in self.bots:
            label = self._kind_labels()[p]
            return {"step": "wait", "prompt": f"<b>{names[p]}</b> ({label}) is thinking\u2026", "error": self._error}
        if p != self.viewer:
            return {"step": "wait", "prompt": f"<b>{names[p]}</b> is to move.", "error": self._error}
        ui = dict(self._ui)
        ui["error"] = self._error
        step = ui.get("step")
        legal = s.legal_actions()
        ed = self.game.edition
        name = names[p]
        if step == "card":
            playable = sorted({int(a.card) for a in legal})
            ui["playable"] = playable
            hand = [int(c) for c in s.hand(p)]  # the viewer's own hand
            blocked = {}
            for v in hand:
                if v not in playable:
                    blocked[v] = "The Countess must be played" if ed.card(v).name in ("KING", "PRINCE") else \
                        "Cannot be played now"
            ui["blocked"] = blocked
            extra = " (With the Countess, a King or a Prince cannot be played.)" if blocked else ""
            ui["prompt"] = f"<b>Your turn, {name}.</b> Choose a card to play.{extra}"
        elif step == "target":
            c = ed.card(ui["card"])
            self_ok = p in ui["targets"]
            ui["prompt"] = (f"<b>{c.title}</b>: choose a player" + (" (you may choose yourself)" if self_ok else "")
                            + ". Click their place at the table.")
        elif step == "guess":
            ui["prompt"] = (f"<b>Guard</b> on {names[ui['target']]}: name a card (not the Guard). "
                            f"If {names[ui['target']]} holds it, they are out.")
        elif step == "confirm":
            ui["prompt"] = "<b>Princess</b>: playing her puts you out of the round. Are you sure?"
        elif step == "keep":
            ui["keeps"] = sorted({int(a.card) for a in legal})
            n = len(s.hand(p))
            ui["prompt"] = (f"<b>Chancellor</b>: keep one of your {n} cards; the other"
                            f"{'s go' if n > 2 else ' goes'} under the deck.")
        elif step == "order":
            ui["prompt"] = ("<b>Chancellor</b>: choose the order of the two cards under the deck "
                            "(the first is drawn sooner).")
        return ui

    def _render(self) -> None:
        obs, reveal = self.view()
        self.pane.html = table_html(obs, reveal=reveal, **self.render_options())
        if self.inspector.selected_index == 0:
            self._refresh_inspect()

    # ================================================================ inspect
    def _rounds(self) -> list[LoveLetterState]:
        rounds = list(self.match.rounds)  # type: ignore[union-attr]
        if not self._scored:
            rounds.append(self.state)
        return rounds

    def _inspect_seats(self) -> list[tuple[str, int]]:
        opts = [("what everyone sees", PUBLIC)]
        if self.teacher:
            opts += [(f"{self.names[s]} (seat {s})", s) for s in range(len(self.names))]
            opts.append(("the teacher: everything", EVERYTHING))
        elif self.viewer is not None and self._covered is None:
            opts.append((f"{self.names[self.viewer]} (you)", self.viewer))
        return opts

    def _refresh_inspect(self, draw: bool = True) -> None:
        """Bring the inspect controls up to date (rounds, allowed seats, slider range), then draw."""
        if self.inspector.selected_index != 0:
            return
        rounds = self._rounds()
        last = len(rounds) - 1
        opts = [(f"round {i + 1}" + (" (now)" if i == last and not self._scored else ""), i)
                for i in range(len(rounds))]
        r = self.inspect_round.value
        live = r is None or (self._inspect_live and self.inspect_step.value >= self.inspect_step.max)
        self._quiet = True
        try:
            if [tuple(o) for o in self.inspect_round.options] != opts:
                self.inspect_round.options = opts
            r = last if live or r is None or r > last else r
            self.inspect_round.value = r
            seats = self._inspect_seats()
            values = [v for _, v in seats]
            keep = self.inspect_seat.value
            if [tuple(o) for o in self.inspect_seat.options] != seats:
                self.inspect_seat.options = seats
            self.inspect_seat.value = keep if keep in values else (self.viewer if self.viewer in values else PUBLIC)
            n = len(rounds[r].history())
            if live:
                self.inspect_step.max = n
                self.inspect_step.value = n
            else:
                self.inspect_step.max = n
        finally:
            self._quiet = False
        self._inspect_live = live
        if draw:
            self._render_inspect()

    def _on_inspect_round(self, change: Mapping[str, Any]) -> None:
        if self._quiet or change.get("new") is None:
            return
        rounds = self._rounds()
        n = len(rounds[change["new"]].history())
        self._quiet = True
        try:
            self.inspect_step.max = n
            self.inspect_step.value = n
        finally:
            self._quiet = False
        self._inspect_live = change["new"] == len(rounds) - 1
        self._render_inspect()

    def _on_inspect_control(self, _: Any) -> None:
        if self._quiet:
            return
        self._inspect_live = (self.inspect_round.value == len(self._rounds()) - 1
                              and self.inspect_step.value >= self.inspect_step.max)
        self._render_inspect()

    def _on_teacher(self, _: Any) -> None:
        self._render()
        self._refresh_inspect()

    def _state_at(self, r: int, step: int) -> LoveLetterState:
        source = self._rounds()[r]
        st = source.game.new_initial_state(first_player=source.first_player)
        for a in source.history()[:step]:
            st.apply_action(a)
        return st

    def _render_inspect(self) -> None:
        if self.inspector.selected_index != 0 or self.inspect_round.value is None:
            return
        seat = self.inspect_seat.value
        allowed = [v for _, v in self._inspect_seats()]
        if seat not in allowed:  # never show a seat the switch does not allow
            seat = PUBLIC
        st = self._state_at(self.inspect_round.value, self.inspect_step.value)
        opts = {"names": self.names, "kinds": self._kind_labels(), "log_lines": 0,
                "ui": {"prompt": f"Round {self.inspect_round.value + 1}, step {self.inspect_step.value} of "
                                 f"{self.inspect_step.max}: "
                                 + ("what everyone sees" if seat == PUBLIC else
                                    "everything (teacher)" if seat == EVERYTHING else
                                    f"what {self.names[seat]} sees")}}
        if seat == EVERYTHING:
            obs, reveal = teacher_observation(st)
            self.inspect_view.value = table_html(obs, reveal=reveal, **opts)
            self.counting_view.value = "<i>Choose a seat to see its card counting.</i>"
            return
        if seat == PUBLIC:
            obs = public_observation(st.observation(0))
            self.inspect_view.value = table_html(obs, **opts)
            self.counting_view.value = "<i>Card counting is done by a seat: choose one in \u201cSeen by\u201d.</i>"
            return
        obs = st.observation(seat)
        self.inspect_view.value = table_html(obs, **opts)
        if st.current_player() == CHANCE and not st.history():
            self.counting_view.value = "<i>No card dealt yet.</i>"
            return
        from ..loveletter.knowledge import knowledge

        know = knowledge(st, seat)
        actual = {o: [str(c) for c in st.hand(o)] for o in range(len(self.names)) if o != seat} \
            if self.teacher else None
        sizes = hand_counts(obs)
        self.counting_view.value = counting_html(
            know.unseen, posterior(st, seat), edition=st.game.edition, names=self.names, seat=seat,
            hand_sizes={o: sizes[o] for o in range(len(sizes))}, actual=actual)

    # ================================================================ setup form
    def _fill_form(self) -> None:
        m = self.match
        self.edition_box.value = m.game.edition.name  # "classic", "first-publisher" or "2019"
        self.players_box.options = list(range(m.game.edition.players[0], m.game.edition.players[1] + 1))
        self.players_box.value = m.game.num_players
        self.seed_box.value = str(self.seed)
        self._sync_seat_rows()
        for s, (name, kind) in enumerate(self._seat_rows[:len(self.names)]):
            name.value = self.names[s]
            kind.value = self.kinds[s] if self.kinds[s] in SEAT_KINDS else "heuristic"

    def _sync_seat_rows(self) -> None:
        n = self.players_box.value or 2
        while len(self._seat_rows) < n:
            s = len(self._seat_rows)
            name = w.Text(value=DEFAULT_NAMES[s], description=f"Seat {s}", layout=w.Layout(width="240px"))
            kind = w.Dropdown(options=[(label, k) for k, label in SEAT_KINDS.items()],
                              value="you" if s == 0 else "heuristic", layout=w.Layout(width="240px"))
            self._seat_rows.append((name, kind))
        self.seats_box.children = [w.HBox([name, kind]) for name, kind in self._seat_rows[:n]]

    def _on_form_edition(self, change: Mapping[str, Any]) -> None:
        from ..loveletter.cards import EDITIONS

        lo, hi = EDITIONS[change["new"]].players  # "classic", "first-publisher" or "2019"
        value = min(max(self.players_box.value or 2, lo), hi)
        self.players_box.options = list(range(lo, hi + 1))
        self.players_box.value = value

    def _start_from_form(self) -> None:
        n = self.players_box.value
        text = self.seed_box.value.strip()
        try:
            seed = int(text) if text else None
        except ValueError:
            self.form_error.value = f"<span style='color:#b00'>The seed must be a whole number, not {text!r}.</span>"
            return
        self.form_error.value = ""
        try:
            self.new_match([k.value for _, k in self._seat_rows[:n]],
                           names=[t.value.strip() or DEFAULT_NAMES[s] for s, (t, _) in enumerate(self._seat_rows[:n])],
                           edition="classic" if self.edition_box.value == "first-publisher" else self.edition_box.value,
                           variant="first-publisher" if self.edition_box.value == "first-publisher" else None,
                           seed=seed)
        except KitError as exc:
            self.form_error.value = f"<span style='color:#b00'>{exc}</span>"
            return
        self.setup.selected_index = None

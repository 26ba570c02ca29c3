"""GameTable: play any game of the kit at one screen, against bots or each other.

One table for every game.  The generic mechanics live here once: seats
(people and bots, :mod:`kit.widgets.seats`), the chance and bot loop with a
visible pause between moves, matches of several rounds with their score, the
hot-seat cover, what just happened and the log (from the game's events,
narrated by :mod:`kit.render.narration`), the result screen, keyboard play,
and the inspect/replay panel (:mod:`kit.widgets.inspect`).  A game plugs in
with its table adapter (:mod:`kit.widgets.adapters`): its picture and which
clicks make each legal action.

**Hot seat** (two or more people at one screen): after a move the person who
made it still sees their own view, with what their move did (a Priest's card,
a duel) and one button, "OK: pass the screen to ..."; then the cover fills the
table's place, in the table's colours, with nothing of the game under it (the
inspect panel and the setup form are hidden too) until the next person says
"I am ...: show my cards".  :meth:`GameTable.choices` is a list; empty, it says
why (:class:`Choices`).

**Hidden information.**  A table built for students (the default) holds one
seat's view only: every picture, sentence and synced value is made from
``state.observation(viewer)`` (or ``observation(None)``, what everyone sees)
and the events that seat sees.  It has no control that shows more.  Whatever a
seat may no longer see is cleared the moment the view changes hands: under
the hot-seat cover the table shows nothing of the game, and the inspect panel
is emptied.  The seed that deals the cards is never shown to a student (it
would tell every card).  Teacher mode exists only by construction:
``GameTable(..., teacher=True)`` adds a switch that shows the whole state,
and lets the inspect panel show any seat's view and everything.

Examples
--------
>>> from kit.trees.examples import KuhnPoker
>>> t = GameTable(KuhnPoker(), ["you", "random"], seed=3, setup=False, delay=0)
>>> t.viewer, t.choices()
(0, ['act:check', 'act:bet'])
>>> t.click("act:check")               # the bot answers at once (delay=0: no pause between moves)
>>> t.state.is_terminal() or t.choices() in (['act:check', 'act:bet'], ['act:fold', 'act:call'])
True
>>> "seed" in t.pane.html              # a student's table never shows the seed
False
"""

from __future__ import annotations

import random
import time
from html import escape
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as w

from ..core import registry
from ..core.bots import view_for
from ..core.errors import KitError
from ..core.protocol import CHANCE, TERMINAL
from ..core.seeding import derive_seed, sample_outcome
from ..i18n import N_, _, check_language, get_language
from .language_menu import language_menu
from ..i18n.refusals import explain
from ..render import table as chrome
from .adapter import CANCEL, Offer, TableAdapter
from .clickpane import ClickPane
from .seats import DEFAULT_NAMES, Seats, kind_labels
from .turns import choices_bar, extend, placed_choices, result_html

__all__ = ["GameTable", "Choices", "adapter_for", "ADAPTERS", "PASS"]

#: game name -> "module:Class" of its table adapter (any other game gets :class:`TableAdapter`): a read-only
#: view of the ``adapter`` each game package declares (:mod:`kit.core.registry`).
ADAPTERS: Mapping[str, str] = registry.RegistryView("adapter")
#: The words of each match's ``score_name`` (messages; a game's own score names are marked where they are
#: defined, as Sleeping Queens' "wins").
SCORE_NAMES: dict[str, str] = {"points": N_("points"), "tokens": N_("tokens"), "rubies": N_("rubies")}
_NAVIGATION = ("ready", "pass", "next", "new")
#: The choice that hands the screen on at a hot seat, once the mover has seen what their move did.
PASS = "pass"
SIZES = ("normal", "large")


def adapter_for(game: Any, **options: Any) -> TableAdapter:
    """The table adapter of ``game``: the one its package declares (:mod:`kit.core.registry`), else the generic
    one (a protocol game without a package, or a package that declares none)."""
    pkg = registry.of(game)
    if pkg is None or pkg.adapter is None:
        return TableAdapter(game, **options)
    return registry.part(pkg.name, "adapter")(game, **options)


class Choices(list):
    """The choices a table offers now (a list of ``data-choice`` values); when there are none, :attr:`why`.

    >>> Choices([], "Not your turn: Ben (a bot) is to move; wait a moment, then ask again.")
    []  # Not your turn: Ben (a bot) is to move; wait a moment, then ask again.
    >>> Choices(["card:1"], "")
    ['card:1']
    """

    def __init__(self, values: Sequence[str] = (), why: str = "") -> None:
        super().__init__(values)
        #: Why nothing may be clicked now ("" when something may), in the table's language.
        self.why = "" if values else why

    def __repr__(self) -> str:
        return list.__repr__(self) + (f"  # {self.why}" if self.why else "")


def _running_loop() -> Any:
    import asyncio

    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _event_log(state: Any, seat: int | None) -> list[Mapping[str, Any]]:
    """The events ``seat`` sees (``None``: what everyone sees), as the state's observation lists them."""
    log = state.observation(seat).get("log", [])
    return [e for e in log if isinstance(e, Mapping)] if log and isinstance(log[0], Mapping) else \
        [{"kind": "text", "text": str(e)} for e in log]


class GameTable(w.VBox):
    """Play ``game`` at a table of people and bots, round after round.

    Parameters
    ----------
    game
        A kit game (``LoveLetter(2)``, ``SleepingQueens(3)``, ``PrincessLegend(4)``) or any
        protocol game.
    players
        One entry per seat: ``"you"``, ``"person"`` (another person at this screen),
        ``"random"``, a bot kind of the game (its package's ``BOTS``), or a bot object.
    names
        A name per seat (default Ana, Ben, Cleo, ...).
    seed
        Seeds who starts, every deal and the bots (``None``: drawn, and kept secret).
    teacher
        Build a teacher's table: a switch shows the whole state, and the inspect
        panel can show every seat.  Students' tables (the default) cannot.
    delay
        Seconds between two moves of chance and bots, so each move can be seen
        (only in a running kernel; ``0`` plays them at once, as tests do).
    first_player
        The seat that starts the first round (default: drawn from the seed).
    language
        One of :data:`kit.i18n.LANGUAGES` (default: the kernel's).  Everything a person reads at
        the table is in that language (the menu under the table changes it); the notation of
        actions stays English.
    size
        ``"normal"`` or ``"large"`` (a projector).
    setup
        Show the setup form (names and seat kinds) under the table.
    bot_options
        Extra keyword arguments per bot kind (``{"ismcts": {"iterations": 300}}``).
    adapter
        The table adapter (default: the game's, :func:`adapter_for`).
    **options
        Settings of the game's adapter (for example ``hints=True``).

    Attributes
    ----------
    state
        The round being played (the table's own; a learner's code may read it
        after the round, never mid-round at a student table).
    match
        The whole game: rounds and score (:class:`kit.core.match.Match`).
    viewer
        The seat whose view the table shows (``None``: what everyone sees).
    lang
        The table's language (a code of :data:`kit.i18n.LANGUAGES`).
    message
        Why the last click or :meth:`act` was not a move, in the table's language ("" when there
        is nothing to say).
    refusal
        Why the last :meth:`act` was refused, as the engine says it (its ``KitError`` message,
        in English, for the Python user; "" when it was played).  At an English table the note
        shows exactly this; at a table in another language the note says it in that language.
    """

    def __init__(self, game: Any, players: Sequence[Any] = ("you", "random"), *,
                 names: Sequence[str] | None = None, seed: int | None = None, teacher: bool = False,
                 delay: float = 0.8, first_player: int | None = None, language: str | None = None,
                 size: str = "normal", setup: bool = True,
                 bot_options: Mapping[str, Mapping[str, Any]] | None = None,
                 adapter: TableAdapter | None = None, **options: Any) -> None:
        if size not in SIZES:
            raise KitError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
        self._teacher = bool(teacher)
        self.delay = float(delay)
        self.size = size
        self.lang = check_language(language) if language is not None else get_language()
        self.bot_options = dict(bot_options or {})
        self.timings: list[tuple[str, float]] = []
        self.last_error: BaseException | None = None
        self.refusal = ""
        self._stuck: int | None = None
        self._adapter_options = options
        self.adapter = adapter if adapter is not None else adapter_for(game, **options)
        self.pane = ClickPane(label=_("Game table", self.lang), max_height="")
        self.pane.layout = w.Layout(width="100%")
        self.pane.on_choose(self._on_choose)
        if size == "large":
            self.pane.zoom = 1.4
        from .inspect import InspectPanel

        self.inspector = InspectPanel(self)
        # each language by its own name, whatever the table's language
        self.language_menu = language_menu(self.lang)
        self.language_menu.description = _("Language", self.lang)
        self.language_menu.observe(self._on_language, names="value")
        children: list[w.Widget] = [self.pane, self.inspector]
        if self._teacher:
            self.teacher_box = w.Checkbox(value=False, indent=False,
                                          description=_("Teacher view: the whole state, hidden cards included",
                                                        self.lang), layout=w.Layout(width="auto"))
            self.teacher_box.observe(lambda _c: self._on_teacher(), names="value")
            self.teacher_view = w.HTML()
            children += [self.teacher_box, self.teacher_view]
        self.game = game
        self.setup_form: Any = None
        self.new_match(game, players, names=names, seed=seed, first_player=first_player)
        if setup:
            from .setup_form import SetupForm

            self.setup_form = SetupForm(self)
            children.append(self.setup_form)
        children.append(self.language_menu)
        super().__init__(children)
        self.add_class("kit-game-table")

    @staticmethod
    def join(url: str, code: str | None = None, *, language: str | None = None, size: str = "normal",
             hub: bool | None = None, table: str | None = None) -> Any:
        """Join a seat of a table server (:mod:`kit.serve`) with its join code: that seat's table at this
        screen, playing with classmates at theirs (a :class:`~kit.widgets.remote.RemoteTable`).

        ``url`` is the server the teacher started (``"http://host:8765"``); ``language`` is this learner's.
        On a JupyterHub whose table server names learners by their login (:mod:`kit.serve.hub`), the seat
        the teacher kept for you needs no code: ``GameTable.join(url)`` (``table=`` picks one of several).
        """
        from .remote import RemoteTable

        return RemoteTable(url, code, language=language, size=size, hub=hub, table=table)

    # ================================================================ the game
    @property
    def teacher(self) -> bool:
        """True while a teacher's table shows the whole state (always False at a student table)."""
        return self._teacher and bool(self.teacher_box.value)

    @teacher.setter
    def teacher(self, on: bool) -> None:
        if not self._teacher:
            raise KitError("this is a student's table: it cannot show hidden cards; "
                           "build a teacher's table with GameTable(..., teacher=True)")
        self.teacher_box.value = bool(on)

    @property
    def is_teacher_table(self) -> bool:
        """Whether this table was built for a teacher (``teacher=True``)."""
        return self._teacher

    @property
    def humans(self) -> list[int]:
        """Seats played by people at this screen."""
        return self.seats.humans

    @property
    def names(self) -> list[str]:
        return list(self._names)

    @property
    def kinds(self) -> list[str]:
        return list(self.seats.kinds)

    @property
    def bots(self) -> dict[int, Any]:
        return self.seats.bots

    def new_match(self, game: Any | None = None, players: Sequence[Any] | None = None, *,
                  names: Sequence[str] | None = None, seed: int | None = None,
                  first_player: int | None = None) -> None:
        """Start a new game (by default the same game and players, newly dealt)."""
        if game is not None:
            if self.adapter.game is not game:
                self.adapter = adapter_for(game, **self._adapter_options)
        if game is not None:
            self.game = game
        n = self.game.num_players
        if players is None:
            players = [k if k != "bot" else self.seats.bots[s] for s, k in enumerate(self.seats.kinds)]
        self._names = list(names) if names is not None else list(DEFAULT_NAMES[:n])
        if len(self._names) != n:
            raise KitError(f"give one name per seat ({n}), not {len(self._names)}")
        self._seed = random.SystemRandom().randrange(2**32) if seed is None else int(seed)
        self.seats = Seats(self.game, players, seed=self._seed, bot_options=self.bot_options)
        if first_player is None:
            first_player = random.Random(derive_seed(self._seed, "first player")).randrange(n)
        elif not isinstance(first_player, int) or not 0 <= first_player < n:
            raise KitError(f"first_player must be a seat from 0 to {n - 1}, not {first_player!r}")
        self.match = self.adapter.new_match(first_player, self._seed)
        self._starts: list[Any] = []
        self._finished: list[Any] = []
        self.viewer: int | None = self.humans[0] if self.humans else None
        self._covered: int | None = None
        self._handover: int | None = None
        self._gen = 0
        self._start_round()

    def load_round(self, state: Any, *, advance: bool = False) -> None:
        """Show ``state`` (a copy) as the round being played, in a fresh match of its game.

        For teaching and tests: a described position, or a round saved earlier.
        With ``advance``, chance and the bots then move as in play.
        """
        if state.game.num_players != self.game.num_players:
            raise KitError(f"this table has {self.game.num_players} seats; the state has {state.game.num_players}")
        if state.game != self.game:
            self.game = state.game
            self.adapter = adapter_for(state.game, **self._adapter_options)
        starter = getattr(state, "first_player", None)
        self.match = self.adapter.new_match(starter, self._seed)
        self.state = state.clone()
        self._starts = [self._replay_start(state)]
        self._finished = []
        self._rng = random.Random(derive_seed(self._seed, "round", 1))
        self._picked, self._note, self._since = (), "", {}
        self._covered = None
        self._handover = None
        self._scored = False
        self._stuck = None
        self._gen += 1
        p = state.current_player()
        if p >= 0 and p in self.humans:
            self.viewer = p
        if advance:
            self._advance()
        else:
            if self.state.is_terminal():
                self._end_round()
            self._draw()

    def _replay_start(self, state: Any) -> Any:
        """The start of ``state``'s round, when its history replays from a fresh state; else ``state`` itself."""
        starter = getattr(state, "first_player", None)
        try:
            start = (self.game.new_initial_state() if starter is None else
                     self.game.new_initial_state(first_player=starter))
            probe = start.clone()
            for a in state.history():
                probe.apply_action(a)
            if probe.to_json() == state.to_json():
                return start
        except (KitError, TypeError):
            pass
        return state.clone()  # a described position: its replay starts where it was described

    def next_round(self) -> None:
        """Deal the next round of the match (after a round ends)."""
        if not self.state.is_terminal():
            raise KitError(_("the round is not over yet", self.lang))
        if self.match.is_over():
            raise KitError(_("the game is over: start a new game", self.lang))
        self._start_round()

    def _start_round(self) -> None:
        self.state = self.match.new_round()
        self._starts.append(self.state.clone())
        self._rng = random.Random(derive_seed(self._seed, "round", len(self._starts)))
        self._picked: tuple[str, ...] = ()
        self._note = ""
        self._since: dict[int | None, int] = {}  # per reader: events seen before their last move
        self._handover = None
        self._gen += 1
        self._scored = False
        self._stuck: int | None = None
        self._advance()

    # ================================================================ what a person does
    def click(self, value: str) -> None:
        """Choose ``value`` exactly as a click on the table does (a ``data-choice`` value)."""
        self.pane.choose(value)

    def choices(self) -> "Choices":
        """The ``data-choice`` values the table offers now, in page order.

        A list; when it is empty it says why (:attr:`Choices.why`, also in its ``repr``): a bot is
        thinking, another person is to move, the bot could not move.
        """
        return Choices(placed_choices(self.pane.html), self._why_no_choices())

    def _why_no_choices(self) -> str:
        """Why nothing may be clicked now, in the table's language ("" when something may)."""
        st = self.state
        p = st.current_player()
        if st.is_terminal() or self._covered is not None or self._handover is not None:
            return ""
        if p in self.seats.bots and self._stuck == p:
            return _("{name} (a bot) could not move, so the game stops here.", self.lang, name=self._names[p])
        if p in self.seats.bots:
            # i18n: why table.choices() is empty: a bot moves next (after a short pause)
            return _("Not your turn: {name} (a bot) is to move; wait a moment, then ask again.", self.lang,
                     name=self._names[p])
        if p >= 0 and p != self.viewer:
            return _("Not your turn: {name} is to move.", self.lang, name=self._names[p])
        return ""

    def legal(self) -> list[Any]:
        """The viewer's legal actions now (empty when it is not their turn, or the screen is covered)."""
        p = self.state.current_player()
        if self._covered is not None or p < 0 or p != self.viewer or p in self.seats.bots:
            return []
        return list(self.state.legal_actions())

    def clicks(self, action: Any) -> list[str]:
        """The clicks that make ``action`` at this table, in order."""
        return list(self.adapter.clicks(action))

    def act(self, action: Any) -> bool:
        """Play ``action`` (an action or its notation) for the person to move, by its clicks.

        Returns whether it was played; a refusal leaves everything as it was
        and says why in the table's note (:attr:`message`, in the table's
        language).  The engine's own reason, in English, is kept in
        :attr:`refusal` for the Python user (an English table's note is that
        reason word for word).
        """
        t0 = time.perf_counter()
        self.refusal = ""
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except KitError as exc:
                # in another language: the reason alone, in words (the notation is English: it is the API)
                self.refusal = str(exc)
                self._note = self._in_words(str(exc), explain(exc, self.lang, names=self._names, notation=False))
                self._draw()
                return False
        if action not in self.legal():
            self.refusal, self._note = self._why_not(action)
            self._draw()
            return False
        self._apply(action, t0)
        return True

    def _in_words(self, reason: str, words: str) -> str:
        """The engine's ``reason`` (English) at an English table, else ``words`` (in the table's language)."""
        return reason if self.lang == "en" else words

    @property
    def message(self) -> str:
        """The note the table shows the person to move (why a click is not a move yet), if any."""
        return self._note

    def _why_not(self, action: Any) -> tuple[str, str]:
        """Why ``action`` is refused: the engine's reason (English) and what the table says (its language)."""
        p = self.state.current_player()
        if p != self.viewer or self._covered is not None:
            return "It is not your turn.", _("It is not your turn.", self.lang)
        try:
            self.state.clone().apply_action(action)  # the engine says why (on a copy: nothing changes)
        except KitError as exc:
            # at a table in another language: the reason alone, the seats by their names, the cards by the
            # sheet's names (the notation is English, and the table's clicks show what is allowed)
            return str(exc), self._in_words(str(exc), explain(exc, self.lang, names=self._names, notation=False))
        return ("That move is not open now.",  # pragma: no cover - legal() and the engine agree
                _("That move is not open now.", self.lang))

    def _on_choose(self, value: str) -> None:
        t0 = time.perf_counter()
        self.pane.selected = ""  # the last click is not kept in a synced value
        if value == "ready":
            if self._covered is not None:
                self.viewer, self._covered = self._covered, None
                self._draw()
            return
        if value == PASS:
            if self._handover is not None:  # the mover has seen what their move did: cover the screen
                self._covered = self.viewer = self._handover
                self._handover = None
                self._draw()
            return
        if value == "next":
            if self.state.is_terminal() and not self.match.is_over():
                self.next_round()
            return
        if value == "new":
            if self.state.is_terminal() and self.match.is_over():
                self.new_match()
            return
        legal = self.legal()
        if not legal:
            return  # a click while others move, or under the cover: ignored quietly
        if value == CANCEL:
            self._picked, self._note = (), ""
            self._draw()
            return
        offer = extend(self.adapter, self._offer(legal), value, self._obs(self.viewer), legal, names=self._names,
                       lang=self.lang)
        if offer is None:
            return  # a stale click (the picture changed under the pointer): ignored
        if offer.action is not None:
            self._apply(offer.action, t0)
            return
        self._picked, self._note = offer.picked, offer.note
        self._draw()
        self.timings.append(("click", time.perf_counter() - t0))

    def _apply(self, action: Any, t0: float) -> None:
        seat = self.viewer
        self._since[seat] = len(_event_log(self.state, seat))  # what follows, from this move on, is "what happened"
        self.state.apply_action(action)  # legal by construction; the engine would refuse before changing
        self._picked, self._note = (), ""
        self._gen += 1
        self._advance()
        self.timings.append(("human", time.perf_counter() - t0))

    # ================================================================ chance and bots
    def _advance(self) -> None:
        """Let chance and the bots move (one bot move per pause in a running kernel), then draw."""
        st = self.state
        loop = _running_loop() if self.delay > 0 else None
        for _step in range(100_000):
            p = st.current_player()
            if p == TERMINAL:
                self._end_round()
                break
            if p == CHANCE:
                st.apply_action(sample_outcome(st.chance_outcomes(), self._rng))
                continue
            if p in self.seats.bots:
                if self._stuck is not None:
                    break
                if loop is not None:
                    gen = self._gen
                    self._draw()
                    loop.call_later(self.delay, self._tick, gen)
                    return
                if not self._bot_move(p):
                    break
                continue
            # a person's turn
            if p != self.viewer:
                if len(self.humans) > 1 and self.viewer in self.humans and self.viewer in self._since:
                    # hot seat: the person who moved sees what their move did (a Priest's card, a duel), then
                    # hands the screen on with OK; the cover follows
                    self._handover = p
                elif len(self.humans) > 1:
                    self._covered = p
                    self.viewer = p
                else:
                    self.viewer = p
            break
        self._draw()

    def _tick(self, gen: int) -> None:
        if gen != self._gen:
            return  # a new round or game started meanwhile
        p = self.state.current_player()
        if p in self.seats.bots and not self._bot_move(p):
            self._draw()
            return
        self._advance()

    def _bot_move(self, p: int) -> bool:
        """One move of the bot at seat ``p``; False (and the game stops) when the bot fails.

        A bot's error is kept in :attr:`last_error` for its author; the table says only that the
        bot could not move (an error message may quote what the bot saw).
        """
        t0 = time.perf_counter()
        bot = self.seats.bots[p]
        try:
            self.state.apply_action(bot.choose(view_for(bot, self.state, p), p))
        except Exception as exc:  # noqa: BLE001 - a learner's bot may fail in any way
            self.last_error = exc
            self._stuck = p
            return False
        self.timings.append(("bot", time.perf_counter() - t0))
        return True

    def play_bots_until_human(self) -> None:
        """Let chance and the bots move now, without pauses, until a person must act."""
        delay, self.delay = self.delay, 0.0
        try:
            self._gen += 1
            self._advance()
        finally:
            self.delay = delay

    def _end_round(self) -> None:
        if not self._scored:
            self._scored = True
            self.match.score(self.state)
            self._finished.append(self.state)
            if len(self.humans) > 1:
                self.viewer = None  # people share the screen: the end is shown as everyone sees it

    # ================================================================ pictures
    def _obs(self, seat: int | None) -> dict[str, Any]:
        return self.state.observation(seat)

    def _offer(self, legal: Sequence[Any] | None = None) -> Offer | None:
        legal = self.legal() if legal is None else legal
        if not legal:
            return None
        try:
            return self.adapter.offer(self._obs(self.viewer), legal, self._picked, names=self._names, lang=self.lang)
        except KitError:
            self._picked = ()
            return self.adapter.offer(self._obs(self.viewer), legal, (), names=self._names, lang=self.lang)

    def _round_text(self) -> str:
        m = self.match
        k, total = len(self._starts), m.planned_rounds()
        if total == 1:
            return _("The game", self.lang)
        if total is None or k > total:
            return _("Round {k}", self.lang, k=k)
        return _("Round {k} of {total}", self.lang, k=k, total=total)

    def _header(self) -> str:
        m = self.match
        if m.planned_rounds() == 1 and not m.rounds:
            return ""
        scores = m.scores
        top = max(scores) if scores else 0
        leader = [i for i, v in enumerate(scores) if v == top and top > 0]
        return chrome.header_html(self._round_text(), list(zip(self._names, scores)), self._score_words(), leader,
                                  self.lang)

    def _score_words(self) -> str:
        """The match's score name ("tokens") in the table's language."""
        score_name = self.match.score_name
        return _(SCORE_NAMES.get(score_name, score_name), self.lang)

    def _status(self, events: Sequence[Mapping[str, Any]], narrated: Sequence[Any], reader: int | None) -> str:
        """What happened from the reader's last move on (every line of it, the newest last), the moves others
        aimed at the reader marked (``narrated``: the sentences of ``events``, the reader's)."""
        aimed = self.adapter.aimed_events(events, reader)
        return chrome.status_html(chrome.recent_lines(narrated, self._since.get(reader, 0), aimed=aimed),
                                  self.lang)

    def _turn_prompt(self, offer: Offer | None) -> str:
        st = self.state
        p = st.current_player()
        if st.is_terminal():
            return ""
        if self._handover is not None and self.viewer is not None:
            # i18n: at a hot seat, after a move: the mover reads what happened, then hands the screen on
            return _("{name}, this is what your move did. Click OK, then pass the screen to {next}.", self.lang,
                     name=self._names[self.viewer], next=self._names[self._handover])
        if offer is not None:
            return offer.prompt or _("Your turn, {name}.", self.lang, name=self._names[p])
        if p in self.seats.bots and self._stuck == p:
            return _("{name} (a bot) could not move, so the game stops here.", self.lang, name=self._names[p])
        if p in self.seats.bots:
            return _("{name} is thinking\u2026", self.lang, name=self._names[p])
        if p >= 0:
            return _("{name} is to move.", self.lang, name=self._names[p])
        return ""

    def _result(self) -> tuple[str, Mapping[str, str]]:
        m = self.match
        over = m.is_over()
        buttons = {"new": _("New game", self.lang)} if over else {"next": _("Next round", self.lang)}
        return result_html(self._names, m.scores, tuple(m.winners() or ()), over=over,
                           score_name=self._score_words(), lang=self.lang), buttons

    def _draw(self) -> None:
        t0 = time.perf_counter()
        covered = self._covered is not None
        for part in (self.inspector, self.setup_form):  # nothing of the game under the cover, no control either
            if part is not None:
                part.layout.display = "none" if covered else None
        if covered:
            self.pane.html = chrome.cover_html(self._names[self._covered], self.lang,
                                               felt=self.adapter.felt, size=self.size)
            self.inspector.clear()
            self._draw_teacher()
            return
        reader = self.viewer
        obs = self._obs(reader)
        offer = self._offer()
        picture = self.adapter.picture(obs, names=self._names, offer=offer, lang=self.lang, size=self.size)
        bar = choices_bar(offer, picture, self.lang, self.adapter)
        if offer is None and self._handover is not None:
            # i18n: the button a hot-seat mover clicks once they have read what their move did
            bar = {PASS: _("OK: pass the screen to {name}", self.lang, name=self._names[self._handover])}
        result = ""
        if self.state.is_terminal():
            result, bar = self._result()
        events = _event_log(self.state, reader)
        narrated = self.adapter.narrate(events, names=self._names, reader=reader, lang=self.lang)
        lines = [(ln.text, ln.private) for ln in narrated]
        full_log = _("Full log", self.lang)
        parts = [
            self._header(),
            self._status(events, narrated, reader),
            result,
            "<div class='kit-turn'>" + chrome.prompt_html(self._turn_prompt(offer), self._note if offer is not None
                                                          else "") + chrome.choices_bar_html(bar, (PASS,))
            + "</div>",
            picture,
            f"<details class='kit-full-log'><summary>{full_log}</summary>"
            f"{chrome.log_html(lines, self.lang)}</details>",
            chrome.help_html(self.adapter.how_to_play(self.lang), self.lang),
        ]
        note = self.adapter.language_note(self.lang)  # a game whose own sentences are English only
        if note:
            parts.insert(1, f"<p class='kit-language-note' role='note'>{escape(note)}</p>")
        self.pane.html = chrome.frame_html(*parts, size=self.size)
        self.inspector.refresh()
        self._draw_teacher()
        self.timings.append(("draw", time.perf_counter() - t0))

    def _draw_teacher(self) -> None:
        if not self._teacher:
            return
        if self.teacher:
            seed = _("Seed {seed}: the same seed deals this game again.", self.lang, seed=self._seed)
            self.teacher_view.value = (chrome.TABLE_CSS + f"<div class='kit-table'><div>{seed}</div>"
                                       + self.adapter.teacher_picture(self.state, names=self._names, lang=self.lang,
                                                                      size=self.size) + "</div>")
        else:
            self.teacher_view.value = ""

    def _on_teacher(self) -> None:
        self._draw_teacher()
        self.inspector.refresh(reset=True)

    def _on_language(self, change: Mapping[str, Any]) -> None:
        self.lang = check_language(change["new"])
        self._note = ""  # a note in the old language would stay behind
        self._relabel()
        self._draw()

    def _relabel(self) -> None:
        """Every label of the table's controls in the table's language (after the language changed)."""
        lang = self.lang
        self.pane.label = _("Game table", lang)
        self.language_menu.description = _("Language", lang)
        if self._teacher:
            self.teacher_box.description = _("Teacher view: the whole state, hidden cards included", lang)
        self.inspector.relabel()
        if self.setup_form is not None:
            self.setup_form.relabel()

    # ================================================================ for the inspect panel
    def inspect(self, *, round: int | None = None, step: int | None = None, seat: int | None = None) -> None:
        """Open the inspect panel at ``round`` (from 0), ``step`` and ``seat``
        (:data:`~kit.widgets.inspect.PUBLIC`: what everyone sees; :data:`~kit.widgets.inspect.EVERYTHING`:
        everything, at a teacher's table with its switch on).  A student's table may show only the
        viewer's own seat and what everyone sees."""
        self.inspector.show(round=round, step=step, seat=seat)

    def rounds(self) -> list[Any]:
        """Every round of this match so far, the one being played last (the table's own states)."""
        return self._finished + ([] if self._scored else [self.state])

    def start_of(self, r: int) -> Any:
        """A copy of round ``r`` before its first replayable step."""
        return self._starts[r].clone()

    def steps_of(self, r: int) -> list[Any]:
        """The actions of round ``r`` after :meth:`start_of`."""
        done = len(self._starts[r].history())
        return self.rounds()[r].history()[done:]

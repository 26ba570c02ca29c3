"""A table for any game of the kit: people and bots play; each person sees only their seat.

:class:`GameTable` plays a protocol game (Sleeping Queens, Princess Legend,
or any game that speaks the protocol) in a :class:`~kit.widgets.ClickPane`.
Chance is drawn from the table's seed; bots move as soon as it is their turn;
the person to move sees the picture of **their own observation** (drawn by
:mod:`kit.render.games`) and their legal actions as buttons.  When two people
share the screen, a cover ("pass the screen to Ben") hides everything
between their turns.  The teacher switch adds the whole state (every hidden
card) below the table.

Examples
--------
>>> from kit.sleepingqueens import SleepingQueens
>>> from kit.widgets.game_table import GameTable
>>> t = GameTable(SleepingQueens(2), ["you", "heuristic"], seed=3)
>>> t.state.current_player(), t.viewer
(0, 0)
>>> t.act(t.legal()[-1])               # your action; the bot answers at once
>>> t.state.current_player() in (0, -4)
True
"""

from __future__ import annotations

import inspect
import random
import re
from html import escape
from typing import Any, Sequence

import ipywidgets as w

from ..core import CHANCE, TERMINAL, KitError, RandomBot, derive_seed, sample_outcome, view_for
from ..render.games import actions_html, cover_html, name_seats, new_game_html, table_html
from .clickpane import ClickPane

__all__ = ["GameTable", "BOTS"]

#: game name -> seat kind -> "module:Class" of a bot taking ``seed=``
BOTS: dict[str, dict[str, str]] = {
    "sleepingqueens": {"heuristic": "kit.sleepingqueens.bots:HeuristicBot"},
    "princesslegend": {"heuristic": "kit.princesslegend.bots:HeuristicBot"},
    "loveletter": {"heuristic": "kit.loveletter.bots:HeuristicBot", "ismcts": "kit.loveletter.bots:ISMCTSBot"},
}
_HUMAN = ("you", "person")
DEFAULT_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gus", "Hana")
_CHOICE = re.compile(r"data-choice='([^']*)'|data-choice=\"([^\"]*)\"")


def _bot(game_name: str, kind: str, seed: int | None) -> Any:
    if kind == "random":
        return RandomBot(seed)
    target = BOTS.get(game_name, {}).get(kind)
    if target is None:
        kinds = ", ".join(("you", "person", "random", *BOTS.get(game_name, {})))
        raise KitError(f"no {kind!r} bot for {game_name}; seat kinds: {kinds}, or a bot object")
    import importlib

    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)(seed=seed)


class GameTable(w.VBox):
    """Play ``game`` at a table of people and bots.

    Parameters
    ----------
    game
        A kit game, e.g. ``SleepingQueens(3)`` or ``PrincessLegend(4)``.
    players
        One entry per seat: ``"you"`` (the person at this screen), ``"person"``
        (another person at the same screen), ``"random"``, ``"heuristic"``
        (where the game has one), or a bot object (``choose(view, seat)``).
    names
        A name per seat (default Ana, Ben, Cleo, ...).
    seed
        Seeds chance and the bots (``None``: drawn, and shown in :attr:`seed`).
    teacher
        Start with the teacher switch on (the whole state below the table).
    """

    def __init__(self, game: Any, players: Sequence[Any] = ("you", "random"), *, names: Sequence[str] | None = None,
                 seed: int | None = None, teacher: bool = False) -> None:
        n = game.num_players
        if len(players) != n:
            raise KitError(f"give one seat kind per player ({n}), not {len(players)}")
        self.game = game
        self.names = list(names) if names is not None else list(DEFAULT_NAMES[:n])
        if len(self.names) != n:
            raise KitError(f"give one name per seat ({n}), not {len(self.names)}")
        self.seed = random.SystemRandom().randrange(1_000_000) if seed is None else seed
        self.kinds: list[str] = []
        self.bots: dict[int, Any] = {}
        for s, p in enumerate(players):
            if isinstance(p, str):
                if p not in _HUMAN:
                    self.bots[s] = _bot(game.name, p, derive_seed(self.seed, "bot", s))
                self.kinds.append(p)
            elif hasattr(p, "choose"):
                self.kinds.append("bot")
                self.bots[s] = p
            else:
                raise KitError(f"seat {s}: {p!r} is neither a seat kind nor a bot with choose(view, seat)")
        self.pane = ClickPane(label=f"{type(game).__name__} table", max_height="")
        self.pane.layout = w.Layout(width="100%")
        self.pane.on_choose(self._on_choose)
        self.teacher_box = w.Checkbox(value=teacher, description="Teacher view: the whole state, hidden cards included",
                                      indent=False, layout=w.Layout(width="auto"))
        self.teacher_box.observe(lambda _: self._draw(), names="value")
        self.teacher_view = w.HTML()
        self.message = ""
        super().__init__([self.pane, self.teacher_box, self.teacher_view])
        self.new_game()

    # ------------------------------------------------------------------ API
    @property
    def teacher(self) -> bool:
        return bool(self.teacher_box.value)

    @teacher.setter
    def teacher(self, on: bool) -> None:
        self.teacher_box.value = bool(on)

    @property
    def humans(self) -> list[int]:
        """Seats played by people at this screen."""
        return [s for s, k in enumerate(self.kinds) if k in _HUMAN]

    def new_game(self) -> None:
        """Deal a new game with the same players (the seed moves on, so it is a different game)."""
        self._games = getattr(self, "_games", -1) + 1
        self._rng = random.Random(derive_seed(self.seed, "game", self._games))
        # Who starts moves on clockwise from game to game (the first player, or the Prince).
        first = self._games % self.game.num_players
        params = inspect.signature(self.game.new_initial_state).parameters
        option = next((o for o in ("first_player", "prince") if o in params), None)
        self.state = self.game.new_initial_state(**({option: first} if option else {}))
        self.viewer: int | None = self.humans[0] if self.humans else None
        self._covered: int | None = None
        self.message = ""
        self._advance()

    def legal(self) -> list[str]:
        """The viewer's legal actions now, as notation (empty when it is not their turn)."""
        if self._covered is not None or self.viewer is None or self.state.current_player() != self.viewer:
            return []
        return [str(a) for a in self.state.legal_actions()]

    def act(self, action: Any) -> None:
        """Play ``action`` (an action or its notation) for the person to move, then let the bots move."""
        text = str(action)
        if text not in self.legal():
            who = "nobody at this screen" if self.viewer is None else self.names[self.viewer]
            raise KitError(f"{text!r} is not an action {who} can take now; allowed: {', '.join(self.legal()) or 'none'}")
        self.state.apply_action(self.game.parse_action(text))
        self.message = ""
        self._advance()

    def click(self, value: str) -> None:
        """Choose ``value`` exactly as a click on the table does (an action's notation, ``ready``, ``new``)."""
        self.pane.choose(value)

    def choices(self) -> list[str]:
        """The ``data-choice`` values the table offers now, in page order."""
        return [a or b for a, b in _CHOICE.findall(self.pane.html)]

    # ------------------------------------------------------------------ play
    def _advance(self) -> None:
        """Run chance and bots until a person must act (or the game ends), then draw."""
        st = self.state
        for _ in range(100_000):
            p = st.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                st.apply_action(sample_outcome(st.chance_outcomes(), self._rng))
            elif p in self.bots:
                st.apply_action(self.bots[p].choose(view_for(self.bots[p], st, p), p))
            else:
                if p != self.viewer:
                    self._covered = p if len(self.humans) > 1 else None
                    self.viewer = p
                break
        self._draw()

    def _on_choose(self, value: str) -> None:
        try:
            if value == "ready":
                self._covered = None
                self._draw()
            elif value == "new":
                self.new_game()
            else:
                self.act(value)
        except KitError as exc:
            self.message = str(exc)
            self._draw()

    # ------------------------------------------------------------------ pictures
    def _banner(self) -> str:
        st = self.state
        if st.is_terminal():
            return "Game over."
        p = st.current_player()
        if self.viewer is not None and p == self.viewer:
            obs = st.observation(p)
            context = ""
            if obs.get("phase") in ("defend", "wake", "answer") and obs.get("log"):  # answering someone
                context = " " + escape(name_seats(obs["log"][-1], self.names)) + "."
            return f"Your turn, {escape(self.names[p])}.{context}"
        return "Waiting for the others."

    def _draw(self) -> None:
        st = self.state
        if self._covered is not None:
            self.pane.html = cover_html(self.names[self._covered])  # nothing of the game between two people
        else:
            seat = 0 if self.viewer is None else self.viewer
            legal = self.legal()
            picture = table_html(self.game.name, st.observation(seat), names=self.names, actions=legal,
                                 banner=self._banner())
            buttons = actions_html(legal, "Choose your action:", self.names) if legal else ""
            if st.is_terminal():
                buttons = new_game_html()
            note = f"<div role='alert' style='color:#cf222e'>{escape(self.message)}</div>" if self.message else ""
            self.pane.html = picture + note + buttons
        self.teacher_view.value = f"<pre class='kit-teacher-view'>{escape(str(st))}</pre>" if self.teacher else ""

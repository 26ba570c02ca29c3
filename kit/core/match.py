"""What a whole game of rounds is: the protocol every game's ``Match`` speaks.

A *round* is a protocol :class:`~kit.core.State` that ends (a Love Letter
round, a Princess Legend round, a whole game of Sleeping Queens).  A *match*
strings rounds together and keeps the score: who starts the next round, when
the game is over and who won.  Tables, tournaments and notebooks play any
game through this protocol alone.

* :class:`Match` — the abstract protocol (Love Letter's and Princess Legend's
  matches implement it);
* :class:`SingleRound` — a match of exactly one round, for games whose whole
  game is one state (Sleeping Queens).

Examples
--------
>>> from kit.core.match import SingleRound
>>> from kit.trees.examples import KuhnPoker
>>> m = SingleRound(KuhnPoker())
>>> state = m.new_round()
>>> for a in ["deal J", "deal Q", "check", "check"]:
...     state.apply_action(state.game.parse_action(a))
>>> m.score(state); m.is_over(), m.winners(), m.scores
(True, (1,), [-1, 1])
"""

from __future__ import annotations

import inspect
import random
from abc import ABC, abstractmethod
from typing import Any, Sequence

from .errors import KitError
from .protocol import Game, State

__all__ = ["Match", "SingleRound"]


class Match(ABC):
    """Rounds of one game, their score, and the end of the game.

    Attributes
    ----------
    game : Game
        The game every round is a state of.
    rounds : list of State
        The finished rounds, scored, in order.
    score_name : str
        What the score counts, as a message id (``"tokens"``, ``"rubies"``,
        ``"points"``); a renderer translates it.
    """

    game: Game
    rounds: list[State]
    score_name: str = "points"

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """The score of each seat so far (tokens, rubies...)."""

    @abstractmethod
    def new_round(self) -> State:
        """A fresh round, started by whoever the rules say starts it next."""

    @abstractmethod
    def score(self, state: State) -> None:
        """Add a finished round to the score; refuse (``KitError``) a round that does not belong."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has a winner (or a shared win)."""

    @abstractmethod
    def winners(self) -> tuple[int, ...] | None:
        """The seats that won (several: a shared win), or ``None`` while the game goes on."""

    def planned_rounds(self) -> int | None:
        """How many rounds the game has when no tie-break is needed (``None``: it depends on play)."""
        return None

    def round_number(self) -> int:
        """The number (from 1) of the round being played or about to start."""
        return len(self.rounds) + 1

    def round_starter(self) -> int | None:
        """The seat that starts the next round (the first player, the Prince...), if the game has one."""
        return None

    def play(self, bots: Sequence[Any], *, seed: int | random.Random | None = None) -> tuple[int, ...]:
        """Play the remaining rounds with one bot per seat; return the winners."""
        from .driver import play as play_round
        from .seeding import derive_seed

        base = seed if isinstance(seed, int) or seed is None else seed.randrange(2**63)
        while not self.is_over():
            rng = random.Random(derive_seed(base, "round", len(self.rounds)))
            self.score(play_round(self.new_round(), bots, seed=rng))
        return self.winners()  # type: ignore[return-value]


class SingleRound(Match):
    """A match of one round: the game's state is the whole game (Sleeping Queens).

    The scores are the state's ``returns()``; the winners are the seats with
    the highest return (several on a tie: a shared win).

    Parameters
    ----------
    game
        Any protocol game.
    first_player
        Passed to ``game.new_initial_state(first_player=...)`` when given and the game
        takes it.
    """

    score_name = "points"

    def __init__(self, game: Game, first_player: int | None = None) -> None:
        self.game = game
        self.first_player = first_player
        self.rounds = []
        self._scores = [0] * game.num_players

    @property
    def scores(self) -> list[int]:
        return list(self._scores)

    def planned_rounds(self) -> int | None:
        return 1

    def round_starter(self) -> int | None:
        return self.first_player

    def new_round(self) -> State:
        if self.is_over():
            raise KitError("the game is over; start a new match for another game")
        if self.first_player is None or "first_player" not in inspect.signature(self.game.new_initial_state).parameters:
            return self.game.new_initial_state()  # a game without a choice of who starts
        return self.game.new_initial_state(first_player=self.first_player)

    def score(self, state: State) -> None:
        if self.is_over():
            raise KitError("the game is over; start a new match for another game")
        if state.game != self.game:
            raise KitError(f"that round is of {state.game!r}, but this match plays {self.game!r}")
        if not state.is_terminal():
            raise KitError("that game is not finished; play it to the end before scoring it")
        self._scores = [v for v in state.returns()]
        self.rounds.append(state)

    def is_over(self) -> bool:
        return bool(self.rounds)

    def winners(self) -> tuple[int, ...] | None:
        if not self.rounds:
            return None
        top = max(self._scores)
        return tuple(s for s, v in enumerate(self._scores) if v == top)

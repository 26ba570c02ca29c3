"""What a whole game of rounds is: the one ``Match`` every game's match is.

A *round* is a protocol :class:`~kit.core.State` that ends (a Love Letter
round, a Princess Legend round, a whole game of Sleeping Queens).  A *match*
strings rounds together and keeps the score: who starts the next round, when
the game is over and who won.  Tables, tournaments and notebooks play any
game through this class alone.

:class:`Match` does everything that is the same in every game: it checks a
round before scoring it (the match goes on, the round is of this game, it is
finished, it was started by the seat due to start it), keeps the rounds and
the scores, deals the next round and plays the remaining rounds with bots
(:meth:`Match.play`, each round seeded from the match's seed).  A game's match
subclasses it and overrides only what its rules say (docs/architecture.md, "match.py"):

* :meth:`Match.tally` (required): add a checked round to the score, say who
  starts the next round and whether somebody has won;
* :meth:`Match.drawn_starter`: who starts the first round when the caller
  names nobody (default: the game's own default);
* :meth:`Match.planned_rounds` and :attr:`Match.score_name`.

:class:`SingleRound` is the match of one round, for games whose whole game is
one state (Kuhn poker; Sleeping Queens' own :class:`kit.sleepingqueens.match.Match`
is one).

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
from typing import Any, Sequence

from .errors import KitError
from .protocol import Game, State

__all__ = ["Match", "SingleRound"]


class Match:
    """Rounds of one game, their score, and the end of the game.

    Parameters
    ----------
    game
        The game every round is a state of.
    seed
        Seeds the rounds :meth:`play` deals (round ``k`` from
        ``derive_seed(seed, "round", k)``) and, in games that draw it, the
        first round's starter.
    first_player
        The seat that starts the first round; ``None``: :meth:`drawn_starter`.

    Attributes
    ----------
    game : Game
        The game every round is a state of.
    seed : int or None
        The match's seed.
    rounds : list of State
        The finished rounds, scored, in order.
    score_name : str
        What the score counts, as a message id (``"tokens"``, ``"rubies"``,
        ``"points"``, ``"wins"``); a renderer translates it.
    """

    score_name: str = "points"

    def __init__(self, game: Game, seed: int | None = None, first_player: int | None = None) -> None:
        n = game.num_players
        if first_player is not None and (type(first_player) is not int or not 0 <= first_player < n):
            raise KitError(f"first_player must be a seat from 0 to {n - 1}, not {first_player!r}")
        self.game = game
        self.seed = seed
        self.rounds: list[State] = []
        self._scores: list[Any] = [0] * n
        self._winners: tuple[int, ...] | None = None
        self._starter: int | None = self.drawn_starter() if first_player is None else first_player

    # ------------------------------------------------------------------ what a game overrides
    def tally(self, state: State) -> None:
        """Add a finished round (already checked by :meth:`score`) to the score: the game's rules.

        Called once per round, after the round is appended to :attr:`rounds`.
        A game's match updates ``self._scores`` (one entry per seat), sets
        ``self._starter`` (who starts the next round) and ``self._winners``
        (the winners once the game is won, else ``None``).
        """
        raise NotImplementedError(f"{type(self).__name__} must say how a round is scored: define tally(state)")

    def drawn_starter(self) -> int | None:
        """Who starts the first round when the caller names nobody (default ``None``: the game's own default)."""
        return None

    def planned_rounds(self) -> int | None:
        """How many rounds the game has when no tie-break is needed (``None``: it depends on play)."""
        return None

    # ------------------------------------------------------------------ the same in every game
    @property
    def scores(self) -> list[int]:
        """The score of each seat so far (tokens, rubies...; a copy)."""
        return list(self._scores)

    def round_number(self) -> int:
        """The number (from 1) of the round being played or about to start."""
        return len(self.rounds) + 1

    def round_starter(self) -> int | None:
        """The seat that starts the next round (the first player, the Prince...), ``None``: the game's default."""
        return self._starter

    def is_over(self) -> bool:
        """True once the game has a winner (or a shared win)."""
        return self._winners is not None

    def winners(self) -> tuple[int, ...] | None:
        """The seats that won (several: a shared win), or ``None`` while the game goes on."""
        return self._winners

    def _refuse_if_over(self) -> None:
        if self._winners is not None:
            who = ", ".join(f"p{s}" for s in self._winners)
            raise KitError(f"the match is over (won by {who}); start a new match for another game")

    def new_round(self) -> State:
        """A fresh round, started by whoever the rules say starts it next (:meth:`round_starter`)."""
        self._refuse_if_over()
        starter = self.round_starter()
        if starter is None or "first_player" not in inspect.signature(self.game.new_initial_state).parameters:
            return self.game.new_initial_state()  # the game's default, or a game without a choice of who starts
        return self.game.new_initial_state(first_player=starter)

    def score(self, state: State) -> None:
        """Add a finished round to the score; refuse (``KitError``, nothing changed) a round that does not belong.

        Refused: any round once the match is over, something that is not a
        round of this game (the same settings), a round not finished, a round
        started by another seat than :meth:`round_starter`.
        """
        self._refuse_if_over()
        game = getattr(state, "game", None)
        if not isinstance(state, State) or not isinstance(game, Game):
            raise KitError(f"expected a finished round of {self.game!r}, got {type(state).__name__}")
        if game != self.game:
            raise KitError(f"that round is of {game!r}, but this match plays {self.game!r}")
        if not state.is_terminal():
            raise KitError("that round is not finished; play it to the end before scoring it")
        starter = self.round_starter()
        started = getattr(state, "first_player", None)
        if starter is not None and started is not None and started != starter:
            raise KitError(f"that round was started by p{started}, but p{starter} was due to start it")
        self.rounds.append(state)
        self.tally(state)

    def play(self, bots: Sequence[Any], *, seed: int | random.Random | None = None,
             max_rounds: int = 1000) -> tuple[int, ...]:
        """Play the remaining rounds with one bot per seat; return the winners.

        Round ``k`` is dealt from ``derive_seed(seed, "round", k)``; ``seed``
        defaults to the match's own (so a match replays from its seed).
        """
        from .driver import play as play_round
        from .seeding import derive_seed

        seed = self.seed if seed is None else seed
        base = seed if isinstance(seed, int) or seed is None else seed.randrange(2**63)
        while not self.is_over():
            if len(self.rounds) >= max_rounds:
                raise KitError(f"no winner after {max_rounds} rounds")
            rng = random.Random(derive_seed(base, "round", len(self.rounds)))
            self.score(play_round(self.new_round(), bots, seed=rng))
        return self._winners  # type: ignore[return-value]

    def __repr__(self) -> str:
        if self._winners is not None:
            now = "won by " + ", ".join(f"p{s}" for s in self._winners)
        else:
            now = "next starter " + ("the game's default" if self._starter is None else f"p{self._starter}")
        return f"<{type(self).__name__} {self.game!r}: {self.score_name} {self._scores}, {len(self.rounds)} rounds, {now}>"


class SingleRound(Match):
    """A match of one round: the game's state is the whole game.

    The scores are the state's ``returns()``; the winners are the seats with
    the highest return (several on a tie: a shared win).

    Parameters
    ----------
    game
        Any protocol game.
    seed
        Seeds the round :meth:`play` deals.
    first_player
        Passed to ``game.new_initial_state(first_player=...)`` when given and the game
        takes it.
    """

    @property
    def first_player(self) -> int | None:
        """The seat that starts the game (``None``: the game's default)."""
        return self._starter

    def planned_rounds(self) -> int | None:
        return 1

    def tally(self, state: State) -> None:
        self._scores = self.points(state)
        top = max(self._scores)
        self._winners = tuple(s for s, v in enumerate(self._scores) if v == top)

    def points(self, state: State) -> list[Any]:
        """The score a finished game gives each seat (default: its ``returns()``)."""
        return list(state.returns())

"""A whole game of Love Letter: rounds until a player holds the tokens to win.

Rulings (docs/rules/loveletter.md#a-whole-game):

* First round: the caller names the first player, or it is drawn from the
  match's seed.
* Next round: the winner of the last round starts.  With several winners,
  the tied winner who comes first clockwise from the seat that started the
  last round (that seat included) starts; when players are given ``ages``,
  the youngest tied winner starts instead (equal ages: clockwise as before).
  A Spy bonus does not make a round winner.
* End: as soon as, after a round is scored, some player holds the tokens to
  win, the game ends.  If several reach it together, the one with most tokens
  wins; if still tied, the youngest when ages are known, else all of them
  share the win.

Examples
--------
>>> from kit.core import RandomBot
>>> from kit.loveletter import LoveLetter, Match
>>> m = Match(LoveLetter(2, edition="classic"), seed=3)
>>> m.play([RandomBot(1), RandomBot(2)])
(0,)
>>> max(m.tokens) >= 5, m.is_over(), m.scores == m.tokens, m.score_name
(True, True, True, 'tokens')
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..core.driver import play as play_round
from ..core.errors import KitError
from ..core.match import Match as _MatchProtocol
from ..core.seeding import derive_seed, make_rng
from .state import LoveLetterState

__all__ = ["Match", "next_starter", "game_winners"]


def _youngest(seats: Sequence[int], ages: Sequence[float] | None) -> list[int]:
    if ages is None:
        return list(seats)
    young = min(ages[s] for s in seats)
    return [s for s in seats if ages[s] == young]


def next_starter(winners: Sequence[int], last_starter: int, players: int,
                 ages: Sequence[float] | None = None) -> int:
    """Who starts the next round (the rulings in the module docstring).

    >>> next_starter([2], 0, 4)            # the winner starts
    2
    >>> next_starter([1, 3], 2, 4)         # tie: first clockwise from p2, p2 included
    3
    >>> next_starter([1, 3], 2, 4, ages=[40, 9, 30, 12])   # tie with ages: the youngest
    1
    """
    if not winners:
        raise KitError("a round has at least one winner")
    candidates = _youngest(winners, ages)
    return min(candidates, key=lambda s: (s - last_starter) % players)


def game_winners(tokens: Sequence[int], target: int, ages: Sequence[float] | None = None
                 ) -> tuple[int, ...] | None:
    """Who won the game once a round is scored, or ``None`` if nobody holds ``target`` tokens.

    >>> game_winners([3, 4, 1], 5) is None
    True
    >>> game_winners([5, 6, 1], 5)         # several reach it: most tokens wins
    (1,)
    >>> game_winners([5, 5, 1], 5)         # still tied, no ages: a shared win
    (0, 1)
    >>> game_winners([5, 5, 1], 5, ages=[14, 12, 9])   # the youngest of the tied
    (1,)
    """
    top = max(tokens)
    if top < target:
        return None
    best = [s for s, t in enumerate(tokens) if t == top]
    return tuple(_youngest(best, ages) if len(best) > 1 else best)



class Match(_MatchProtocol):
    """Rounds of one game of Love Letter, with tokens and the rulings above.

    A :class:`kit.core.match.Match`: its :attr:`scores` are the tokens
    (``score_name`` ``"tokens"``), the number of rounds is not planned, and
    :meth:`round_starter` is :attr:`next_starter`.

    Parameters
    ----------
    game
        A :class:`~kit.loveletter.LoveLetter` (edition and player count).
    seed
        Seeds the first player (when not given) and the rounds :meth:`play` deals.
    first_player
        Seat that starts the first round.
    ages
        Optional age of each seat (used for the "youngest" rulings).

    Attributes
    ----------
    tokens : list of int
        Tokens of each seat so far.
    rounds : list of LoveLetterState
        The finished rounds, scored, in order.
    next_starter : int
        The seat that starts the next round.
    """

    score_name = "tokens"

    def __init__(self, game: Any, seed: int | None = None, first_player: int | None = None,
                 ages: Sequence[float] | None = None) -> None:
        n = game.num_players
        if ages is not None and len(ages) != n:
            raise KitError(f"ages needs one age per seat ({n}), got {len(ages)}")
        self.game = game
        self.seed = seed
        self.ages = None if ages is None else list(ages)
        if first_player is None:
            first_player = make_rng(derive_seed(seed, "first player")).randrange(n)
        elif not isinstance(first_player, int) or not 0 <= first_player < n:
            raise KitError(f"first_player must be a seat from 0 to {n - 1}, not {first_player!r}")
        self.tokens = [0] * n
        self.rounds: list[LoveLetterState] = []
        self.next_starter = first_player
        self._winners: tuple[int, ...] | None = None

    @property
    def scores(self) -> list[int]:
        """The tokens of each seat so far (a copy)."""
        return list(self.tokens)

    def round_starter(self) -> int:
        """The seat that starts the next round (:attr:`next_starter`)."""
        return self.next_starter

    def planned_rounds(self) -> None:
        """Love Letter plays rounds until someone holds the tokens to win: not planned."""
        return None

    @property
    def target(self) -> int:
        """Tokens that win the game."""
        return self.game.tokens_to_win

    def is_over(self) -> bool:
        return self._winners is not None

    def winners(self) -> tuple[int, ...] | None:
        """Seats that won the game (several: a shared win), or ``None`` while it goes on."""
        return self._winners

    def new_round(self) -> LoveLetterState:
        """A fresh round started by :attr:`next_starter`."""
        if self.is_over():
            raise KitError(f"the match is over, won by {self._winners}")
        return self.game.new_initial_state(first_player=self.next_starter)

    def score(self, state: LoveLetterState) -> None:
        """Add a finished round: tokens, the next starter, and the end-of-game check."""
        if self.is_over():
            raise KitError(f"the match is over, won by {self._winners}")
        result = state.result()
        if result is None:
            raise KitError("that round is not finished; play it to the end before scoring it")
        if state.game.settings() != self.game.settings():
            raise KitError(f"that round is of {state.game.settings()}, but this match plays {self.game.settings()}")
        if state.first_player != self.next_starter:
            raise KitError(f"that round was started by p{state.first_player}, but p{self.next_starter} was due to start")
        for s, t in enumerate(result.tokens):
            self.tokens[s] += t
        self.rounds.append(state)
        self.next_starter = next_starter(result.winners, state.first_player, self.game.num_players, self.ages)
        self._winners = game_winners(self.tokens, self.target, self.ages)

    def play(self, bots: Sequence[Any], *, seed: int | None = None, max_rounds: int = 1000) -> tuple[int, ...]:
        """Play the remaining rounds with ``bots`` (chance seeded per round); return the winners.

        Round ``k`` is dealt from ``derive_seed(seed, "round", k)``; ``seed``
        defaults to the match's own.
        """
        base = self.seed if seed is None else seed
        while not self.is_over():
            if len(self.rounds) >= max_rounds:
                raise KitError(f"no winner after {max_rounds} rounds")
            seed = derive_seed(base, "round", len(self.rounds))
            self.score(play_round(self.new_round(), bots, seed=random.Random(seed)))
        return self._winners  # type: ignore[return-value]

    def __repr__(self) -> str:
        state = f"won by {list(self._winners)}" if self._winners else f"next starter p{self.next_starter}"
        return f"<Match {self.game!r}: tokens {self.tokens}, {len(self.rounds)} rounds, {state}>"

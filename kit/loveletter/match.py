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

from typing import Any, Sequence

from ..core.errors import KitError
from ..core.match import Match as CoreMatch
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



class Match(CoreMatch):
    """Rounds of one game of Love Letter, with tokens and the rulings above.

    A :class:`kit.core.match.Match` that overrides only what Love Letter's
    rules say: its scores are the tokens (``score_name`` ``"tokens"``), the
    first player is drawn from the seed when not given, and :meth:`tally`
    applies the rulings of the module docstring.  Checking a round, dealing
    the next one and :meth:`~kit.core.match.Match.play` are the core's.

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
        self.ages = None if ages is None else list(ages)
        super().__init__(game, seed, first_player)

    def drawn_starter(self) -> int:
        """The first player, drawn from the match's seed."""
        return make_rng(derive_seed(self.seed, "first player")).randrange(self.game.num_players)

    @property
    def tokens(self) -> list[int]:
        """Tokens of each seat so far (the match's own list; :attr:`scores` is a copy)."""
        return self._scores

    @tokens.setter
    def tokens(self, value: Sequence[int]) -> None:
        self._scores = list(value)

    @property
    def next_starter(self) -> int:
        """The seat that starts the next round (also :meth:`round_starter`)."""
        return self._starter  # type: ignore[return-value]

    @property
    def target(self) -> int:
        """Tokens that win the game."""
        return self.game.tokens_to_win

    def tally(self, state: LoveLetterState) -> None:
        """Add a finished round: tokens, the next starter, and the end-of-game check."""
        result = state.result()
        for s, t in enumerate(result.tokens):
            self._scores[s] += t
        self._starter = next_starter(result.winners, state.first_player, self.game.num_players, self.ages)
        self._winners = game_winners(self._scores, self.target, self.ages)

"""A whole game of Princess Legend: every player is the Prince in turn; most rubies wins.

Rules and rulings (docs/rules/princesslegend.md#a-whole-game):

* First round: the caller names the first Prince, or it is drawn from the
  match's seed (the sheet: "the last player to have seen a princess").
* Next round: the player left of the Prince is the next Prince, that is the
  next seat number (seats are numbered clockwise).
* Regular rounds: each player is the Prince 3 times with 3–4 players, twice
  with 5–6, once with 7–8 (:func:`regular_rounds`).
* Rubies add up over the rounds; after the regular rounds the player with
  most rubies wins.
* Tie: one last round is played (the sheet: "une dernière manche
  départagera les joueurs"), the Prince role continuing clockwise, with the
  whole table (every player may score, as in any round).  **Ruling**: if
  several players still share most rubies after it, they share the win
  (docs/rules/princesslegend.md#ties-and-the-last-round).

:class:`Match` speaks the protocol of every game's match
(:class:`kit.core.match.Match`): its ``scores`` are the rubies
(``score_name`` ``"rubies"``), ``planned_rounds()`` the regular rounds, and
``round_starter()`` the next Prince.

Examples
--------
>>> from kit.core import RandomBot
>>> from kit.princesslegend import Match, PrincessLegend
>>> m = Match(PrincessLegend(4), seed=3, first_player=0)
>>> m.planned_rounds(), m.round_starter(), m.score_name
(12, 0, 'rubies')
>>> winners = m.play([RandomBot(i) for i in range(4)])
>>> m.is_over(), len(m.rounds) >= 12, [r.prince for r in m.rounds][:5]
(True, True, [0, 1, 2, 3, 0])
>>> m.scores == m.rubies and sum(m.rubies) == sum(sum(r.returns()) for r in m.rounds)
True
"""

from __future__ import annotations

from typing import Any, Sequence

from ..core.errors import KitError
from ..core.match import Match as MatchProtocol
from ..core.seeding import derive_seed, make_rng
from .state import PrincessLegendState
from .tiles import PRINCE_TURNS

__all__ = ["Match", "MAX_EXTRA_ROUNDS", "regular_rounds", "next_prince", "match_winners"]

#: One last round breaks a tie (the sheet's "une dernière manche"); then the players still tied share the win.
MAX_EXTRA_ROUNDS: int = 1


def regular_rounds(players: int) -> int:
    """Rounds before any tie-break: each player is the Prince 3, 2 or 1 times.

    >>> [regular_rounds(n) for n in range(3, 9)]
    [9, 12, 10, 12, 7, 8]
    """
    if players not in PRINCE_TURNS:
        raise KitError(f"Princess Legend is for 3 to 8 players, not {players!r}")
    return players * PRINCE_TURNS[players]


def next_prince(prince: int, players: int) -> int:
    """The player left of the Prince: the next seat number.

    >>> next_prince(1, 4), next_prince(3, 4)
    (2, 0)
    """
    return (prince + 1) % players


def match_winners(rubies: Sequence[int], rounds_played: int, players: int,
                  max_extra: int = MAX_EXTRA_ROUNDS, regular: int | None = None) -> tuple[int, ...] | None:
    """Who won once ``rounds_played`` rounds are scored, or ``None`` if the game goes on.

    >>> match_winners([3, 1, 2], 8, 3) is None        # regular rounds not over (9 at 3 players)
    True
    >>> match_winners([3, 1, 2], 9, 3)                # most rubies wins
    (0,)
    >>> match_winners([3, 3, 2], 9, 3) is None        # tied: one last round
    True
    >>> match_winners([3, 4, 2], 10, 3)               # the last round broke the tie
    (1,)
    >>> match_winners([3, 3, 2], 10, 3)               # still tied after it: a shared win
    (0, 1)
    >>> match_winners([3, 1, 2], 3, 3, regular=3)     # a shorter game (each player the Prince once)
    (0,)
    """
    regular = regular_rounds(players) if regular is None else regular
    if rounds_played < regular:
        return None
    top = max(rubies)
    best = tuple(s for s, r in enumerate(rubies) if r == top)
    if len(best) == 1 or rounds_played - regular >= max_extra:
        return best
    return None


class Match(MatchProtocol):
    """The rounds of one game of Princess Legend, with rubies and the rulings above.

    Parameters
    ----------
    game
        A :class:`~kit.princesslegend.PrincessLegend` (the player count).
    seed
        Seeds the first Prince (when not given) and the rounds :meth:`play` deals.
    first_player
        Seat that is the Prince of the first round (who starts, as in every game's match).
    first_prince
        The same, by its older name (kept for existing code); give one of the two.
    prince_turns
        How many times each player is the Prince in the regular rounds (default: the sheet's 3, 2 or 1,
        :func:`regular_rounds`).  ``prince_turns=1`` is a game of lesson length (4 rounds at 4 players, not
        12); the tie-break is the sheet's.

    Attributes
    ----------
    first_prince : int
        The Prince of the first round.
    rubies : list of int
        Rubies per seat so far (also :attr:`scores`).
    rounds : list of PrincessLegendState
        The scored rounds, in order.
    next_prince : int
        The Prince of the next round (also :meth:`round_starter`).
    """

    score_name = "rubies"

    def __init__(self, game: Any, seed: int | None = None, first_player: int | None = None, *,
                 first_prince: int | None = None, prince_turns: int | None = None) -> None:
        n = game.num_players
        if prince_turns is not None and (type(prince_turns) is not int or prince_turns < 1):
            raise KitError(f"prince_turns must be a whole number from 1 (each player the Prince once), "
                           f"not {prince_turns!r}")
        self.prince_turns = prince_turns
        self.game = game
        self.seed = seed
        if first_player is not None and first_prince is not None and first_player != first_prince:
            raise KitError("give the first Prince once: first_player or first_prince")
        first_prince = first_player if first_player is not None else first_prince
        if first_prince is None:
            first_prince = make_rng(derive_seed(seed, "first prince")).randrange(n)
        elif type(first_prince) is not int or not 0 <= first_prince < n:
            raise KitError(f"first_player (the first Prince) must be a seat from 0 to {n - 1}, not {first_prince!r}")
        self.first_prince = first_prince
        self.rubies = [0] * n
        self.rounds: list[PrincessLegendState] = []
        self.next_prince = first_prince
        self._winners: tuple[int, ...] | None = None

    @property
    def scores(self) -> list[int]:
        """Rubies per seat so far (a copy of :attr:`rubies`)."""
        return list(self.rubies)

    def planned_rounds(self) -> int:
        """The regular rounds (each player the Prince 3, 2 or 1 times); one last round may follow, to break a tie."""
        return self.regular_rounds

    def round_starter(self) -> int:
        """The Prince of the next round."""
        return self.next_prince

    @property
    def regular_rounds(self) -> int:
        """Rounds before any tie-break."""
        n = self.game.num_players
        return regular_rounds(n) if self.prince_turns is None else n * self.prince_turns

    @property
    def extra_rounds(self) -> int:
        """Extra (tie-break) rounds played so far."""
        return max(0, len(self.rounds) - self.regular_rounds)

    def is_over(self) -> bool:
        return self._winners is not None

    def winners(self) -> tuple[int, ...] | None:
        """Seats that won (several: a shared win, still tied after the last round), or ``None`` while it goes on."""
        return self._winners

    def new_round(self) -> PrincessLegendState:
        """A fresh round with :attr:`next_prince` as the Prince."""
        if self.is_over():
            raise KitError(f"the match is over, won by {self._winners}")
        return self.game.new_initial_state(first_player=self.next_prince)

    def score(self, state: PrincessLegendState) -> None:
        """Add a finished round: rubies, the next Prince, and the end-of-game check."""
        if self.is_over():
            raise KitError(f"the match is over, won by {self._winners}")
        if not isinstance(state, PrincessLegendState):
            raise KitError(f"expected a Princess Legend round, got {type(state).__name__}")
        if state.game.settings() != self.game.settings():
            raise KitError(f"that round is of {state.game.settings()}, but this match plays {self.game.settings()}")
        result = state.result()
        if result is None:
            raise KitError("that round is not finished; play it to the end before scoring it")
        if state.prince != self.next_prince:
            raise KitError(f"p{state.prince} was the Prince of that round, but p{self.next_prince} was due")
        for s, r in enumerate(result.rubies):
            self.rubies[s] += r
        self.rounds.append(state)
        self.next_prince = next_prince(state.prince, self.game.num_players)
        self._winners = match_winners(self.rubies, len(self.rounds), self.game.num_players,
                                      regular=self.regular_rounds)

    def play(self, bots: Sequence[Any], *, seed: int | None = None) -> tuple[int, ...]:
        """Play the remaining rounds with ``bots``; return the winners.

        Chance is seeded per round from ``seed``, by default the match's own
        :attr:`seed` (so a match replays from its seed).
        """
        return super().play(bots, seed=self.seed if seed is None else seed)

    def __repr__(self) -> str:
        state = f"won by {list(self._winners)}" if self._winners else f"next prince p{self.next_prince}"
        return f"<Match {self.game!r}: rubies {self.rubies}, {len(self.rounds)} rounds, {state}>"

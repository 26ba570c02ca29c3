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
from ..core.match import Match as CoreMatch
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


class Match(CoreMatch):
    """The rounds of one game of Princess Legend, with rubies and the rulings above.

    A :class:`kit.core.match.Match` that overrides only what Princess
    Legend's rules say: the scores are the rubies, the first Prince is drawn
    from the seed when not given, :meth:`planned_rounds` are the regular
    rounds and :meth:`tally` passes the Prince on and applies the tie-break.

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
        if prince_turns is not None and (type(prince_turns) is not int or prince_turns < 1):
            raise KitError(f"prince_turns must be a whole number from 1 (each player the Prince once), "
                           f"not {prince_turns!r}")
        self.prince_turns = prince_turns
        if first_player is not None and first_prince is not None and first_player != first_prince:
            raise KitError("give the first Prince once: first_player or first_prince")
        super().__init__(game, seed, first_player if first_player is not None else first_prince)
        self.first_prince: int = self._starter  # type: ignore[assignment]

    def drawn_starter(self) -> int:
        """The first Prince, drawn from the match's seed."""
        return make_rng(derive_seed(self.seed, "first prince")).randrange(self.game.num_players)

    @property
    def rubies(self) -> list[int]:
        """Rubies per seat so far (the match's own list; :attr:`scores` is a copy)."""
        return self._scores

    @property
    def next_prince(self) -> int:
        """The Prince of the next round (also :meth:`round_starter`)."""
        return self._starter  # type: ignore[return-value]

    def planned_rounds(self) -> int:
        """The regular rounds (each player the Prince 3, 2 or 1 times); one last round may follow, to break a tie."""
        return self.regular_rounds

    @property
    def regular_rounds(self) -> int:
        """Rounds before any tie-break."""
        n = self.game.num_players
        return regular_rounds(n) if self.prince_turns is None else n * self.prince_turns

    @property
    def extra_rounds(self) -> int:
        """Extra (tie-break) rounds played so far."""
        return max(0, len(self.rounds) - self.regular_rounds)

    def tally(self, state: PrincessLegendState) -> None:
        """Add a finished round: rubies, the next Prince, and the end-of-game check."""
        for s, r in enumerate(state.result().rubies):
            self._scores[s] += r
        self._starter = next_prince(state.prince, self.game.num_players)
        self._winners = match_winners(self._scores, len(self.rounds), self.game.num_players,
                                      regular=self.regular_rounds)

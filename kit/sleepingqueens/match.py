"""A whole game of Sleeping Queens as a match: one game, a win for each winner.

Sleeping Queens has no rounds: one game is the whole game (docs/rules/sleepingqueens.md).
Its match is the core's match of one round (:class:`kit.core.match.SingleRound`),
and overrides only its score: 1 for each winner (several on a shared win),
0 for the others (``score_name`` ``"wins"``).  The Queens' points and counts
are the game's result (``state.result()``), shown on the end screen.

Examples
--------
>>> from kit.core import RandomBot
>>> from kit.sleepingqueens import SleepingQueens
>>> from kit.sleepingqueens.match import Match
>>> m = Match(SleepingQueens(3), seed=1, first_player=0)
>>> m.planned_rounds(), m.round_starter(), m.score_name
(1, 0, 'wins')
>>> winners = m.play([RandomBot(s) for s in range(3)])
>>> m.is_over(), m.scores == [int(s in winners) for s in range(3)], m.rounds[0].result().winners == winners
(True, True, True)
"""

from __future__ import annotations

from typing import Any

from ..core.match import SingleRound
from ..i18n import N_
from .state import SleepingQueensState

__all__ = ["Match"]


class Match(SingleRound):
    """One game of Sleeping Queens: 1 for each winner (a :class:`kit.core.match.Match`).

    Parameters
    ----------
    game
        A :class:`~kit.sleepingqueens.SleepingQueens` (the player count).
    seed
        Seeds the game :meth:`play` deals.
    first_player
        The seat that plays first (``None``: seat 0, the game's default).
    """

    score_name = N_("wins")

    def points(self, state: SleepingQueensState) -> list[Any]:  # type: ignore[override]
        """1 for each winner of the game, 0 for the others."""
        return [int(v) for v in state.returns()]

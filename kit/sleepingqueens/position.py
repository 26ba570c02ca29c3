"""Described positions: set up a Sleeping Queens table by hand, by names (for teaching and tests).

:func:`position` reads cards and Queens by their names and hands the
description to the public constructor
:meth:`SleepingQueensState.described <kit.sleepingqueens.state.SleepingQueensState.described>`,
which checks it against the rules.

>>> from kit.sleepingqueens.position import position
>>> s = position(hands=[["King", "2", "3", "4", "9"], ["Knight", "1", "1", "4", "Dragon"]],
...              queens=[[], ["Cat"]])
>>> s.current_player(), [str(a) for a in s.legal_actions()][-3:]
(0, ['discard 9', 'discard King', 'discard 2+3+4=9'])
>>> s.observation(1)["log"][0]                      # p0's hand: p1 sees how many cards, not which
{'kind': 'holds', 'seat': 0, 'cards': None, 'count': 5}
"""

from __future__ import annotations

from typing import Sequence

from ..core.errors import KitError
from ..core.validate import sequence
from .cards import card_named, queen_named
from .game import SleepingQueens
from .state import SleepingQueensState

__all__ = ["position"]


def position(players: int | None = None, *, hands: Sequence[Sequence[str]],
             queens: Sequence[Sequence[str]] | None = None, grid: Sequence[str] | None = None,
             discard: Sequence[str] = (), to_move: int = 0) -> SleepingQueensState:
    """A game at the start of ``to_move``'s turn, described card by card.

    Parameters
    ----------
    players
        Number of players (default: ``len(hands)``).
    hands
        The cards each seat holds (names such as ``"King"`` or ``"7"``).
    queens
        The awake Queens in front of each seat (default: none).
    grid
        The 12 places, each ``"empty"``, ``"unseen"`` (a face-down Queen
        nobody has seen) or a Queen's name (asleep where everyone saw her go).
        Default: the first places empty, one for each awake Queen, the others
        unseen.
    discard
        The discard pile, bottom first.  The draw pile is every other card.
    to_move
        The seat whose turn it is.
    """
    hands = [sequence(h, f"hands[{seat}]", what="cards") for seat, h in enumerate(sequence(hands, "hands", what="hands"))]
    game = SleepingQueens(len(hands) if players is None else players)
    if type(to_move) is not int:  # (the compiled engine takes an int only)
        raise KitError(f"to_move must be a seat from 0 to {game.num_players - 1}, not {to_move!r}")
    if queens is not None:
        queens = [sequence(qs, f"queens[{seat}]", what="Queens")
                  for seat, qs in enumerate(sequence(queens, "queens", what="lists of Queens, one per seat"))]
    if grid is not None:
        grid = sequence(grid, "grid", what='places ("empty", "unseen" or a Queen)')
    return SleepingQueensState.described(
        game, hands=[[card_named(c) for c in h] for h in hands],
        queens=None if queens is None else [[queen_named(q) for q in qs] for qs in queens],
        grid=None if grid is None else [g if g in ("empty", "unseen") else queen_named(g) for g in grid],
        discard=[card_named(c) for c in sequence(discard, "discard", what="cards")], to_move=to_move)

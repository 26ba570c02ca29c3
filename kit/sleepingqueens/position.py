"""Described positions: set up a Sleeping Queens table by hand (for teaching and tests).

>>> from kit.sleepingqueens.position import position
>>> s = position(hands=[["King", "2", "3", "4", "9"], ["Knight", "1", "1", "4", "Dragon"]],
...              queens=[[], ["Cat"]])
>>> s.current_player(), [str(a) for a in s.legal_actions()][-3:]
(0, ['discard 9', 'discard King', 'discard 2+3+4=9'])
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ..core.errors import KitError
from .actions import PLACES
from .cards import QUEEN_POINTS, Card, Queen, card_named, queen_named
from .game import SleepingQueens
from .state import EMPTY, HAND_SIZE, UNSEEN, SleepingQueensState

__all__ = ["position"]


def position(players: int | None = None, *, hands: Sequence[Sequence[str]], queens: Sequence[Sequence[str]] | None = None,
             grid: Sequence[str] | None = None, discard: Sequence[str] = (), to_move: int = 0) -> SleepingQueensState:
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
    n = len(hands) if players is None else players
    game = SleepingQueens(n)
    if len(hands) != n:
        raise KitError(f"give one hand per seat ({n}), not {len(hands)}")
    queens = [[] for _ in range(n)] if queens is None else queens
    if len(queens) != n:
        raise KitError(f"give the awake Queens of each seat ({n} lists), not {len(queens)}")
    hands_v = [sorted(int(card_named(c)) for c in h) for h in hands]
    short = [f"p{seat} holds {len(h)}" for seat, h in enumerate(hands_v) if len(h) != HAND_SIZE]
    if short:
        raise KitError(f"at the start of a turn every hand holds {HAND_SIZE} cards: {', '.join(short)}")
    awake = [[int(queen_named(q)) for q in qs] for qs in queens]
    if grid is None:
        taken = sum(len(a) for a in awake)
        grid = ["empty"] * taken + ["unseen"] * (PLACES - taken)
    if len(grid) != PLACES:
        raise KitError(f"the grid has {PLACES} places, not {len(grid)}")
    grid_v = [EMPTY if g == "empty" else UNSEEN if g == "unseen" else int(queen_named(g)) for g in grid]
    placed = [q for a in awake for q in a] + [g for g in grid_v if g >= 0]
    twice = [str(Queen(q)) for q, k in Counter(placed).items() if k > 1]
    if twice:
        raise KitError(f"each Queen is in one place only: {', '.join(twice)} appear twice")
    unseen = tuple(q for q in range(12) if q not in placed)
    if len(unseen) != grid_v.count(UNSEEN):
        raise KitError(f"{len(unseen)} Queens are neither awake nor placed, but the grid has "
                       f"{grid_v.count(UNSEEN)} unseen places")
    for a in awake:
        if int(Queen.CAT) in a and int(Queen.DOG) in a:
            raise KitError("no player may hold both the Cat and the Dog")
    targets = (game.target_queens, game.target_points)
    done = [f"p{seat}" for seat, a in enumerate(awake)
            if len(a) >= targets[0] or sum(QUEEN_POINTS[Queen(q)] for q in a) >= targets[1]]
    if done or all(g == EMPTY for g in grid_v):
        why = f"{', '.join(done)} already reach{'es' if len(done) == 1 else ''} the target" if done \
            else "no Queen is asleep"
        raise KitError(f"the game would already be over: {why}")
    s = SleepingQueensState(game, to_move)
    pool = s._r.counts[:]
    discard_v = [int(card_named(c)) for c in discard]
    for v in [v for h in hands_v for v in h] + discard_v:
        pool[v] -= 1
        if pool[v] < 0:
            raise KitError(f"there are only {s._r.counts[v]} {Card(v)} cards in the game")
    s._hands, s._awake, s._grid, s._unseen = hands_v, awake, grid_v, unseen
    s._pool, s._pool_n, s._discard = pool, sum(pool), discard_v
    s._draws = []
    # What everyone saw so far, as events: each seat's own hand, the Queens, the discard pile.
    s._log = ([("holds", seat, tuple(h)) for seat, h in enumerate(hands_v)]
              + [("has", seat, tuple(a)) for seat, a in enumerate(awake) if a]
              + [("asleep", i, g) for i, g in enumerate(grid_v) if g >= 0]
              + ([("pile", tuple(discard_v))] if discard_v else []))
    s._start_turn(to_move)
    return s

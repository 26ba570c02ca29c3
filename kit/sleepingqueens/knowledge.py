"""What one seat of Sleeping Queens knows of the hidden cards, and full states drawn from it.

Hidden from a seat are the other players' hands and the draw pile.  (The
face-down Queens hide nothing the state holds: which of the Queens nobody has
seen lies in a place is drawn, uniformly, when the place is woken.)

:func:`knowledge` reads the seat's visible events only
(:func:`kit.sleepingqueens.events.visible_events`) and keeps, as counts of
each card value:

* ``hand``: the seat's own cards;
* ``unseen``: the red cards the seat has not seen where they are, neither in
  its hand nor on the discard pile: they are in the other hands or in the
  draw pile;
* ``epoch``: the cards that were in the draw pile when it was last made
  (at the start the 67 cards; after a reshuffle the discard pile that became
  the draw pile), less every card the seat saw leave it (its own draws, the
  cards a Jester turned over, a described position's cards): the draw pile
  now, with the cards the other seats drew from it since;
* ``held``: for each other seat, cards it certainly holds (a power card a
  Jester turned over for it; one fewer of a kind each time it plays that
  kind, so a lower bound);
* ``sizes`` and ``pile``: how many cards each seat holds and the draw pile.

:func:`resample` draws the hidden cards uniformly from that (each physical
card equally likely in each place that fits what the seat saw): first the
draw pile, ``pile`` cards out of ``epoch`` (a set of cards with the chance of
being what the other seats' draws left: ``prod C(epoch[v], m[v])``), never more
of a kind than ``unseen`` leaves once the known cards are put aside; then the
other hands get the rest: each seat its known cards, the others dealt at
random.  So, after a reshuffle the pile holds only cards of the reshuffled
discard pile, and with two players the other hand right after a reshuffle is
known exactly, as it is at the table.

Examples
--------
>>> import random
>>> from kit.sleepingqueens.position import position
>>> s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
>>> k = knowledge(s, 0)
>>> k.sizes, k.pile, sum(k.unseen)
((5, 5), 57, 62)
>>> d = resample(s, 0, random.Random(1))
>>> d.hand(0) == s.hand(0), len(d.hand(1)), d.draw_pile_size(), d.history()
(True, 5, 57, [])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from math import comb
from typing import Any

from ..core.errors import KitError
from .cards import DECK, Card
from .events import visible_events
from .state import SleepingQueensState

__all__ = ["Knowledge", "knowledge", "resample"]

_VALUE = {str(Card(v)): v for v in range(1, 17)}
_COUNTS = (0,) + tuple(DECK[Card(v)] for v in range(1, 17))


@dataclass
class Knowledge:
    """What ``seat`` knows of the hidden cards (counts by card value 0-16, see the module docstring)."""

    seat: int
    hand: tuple[int, ...]
    unseen: tuple[int, ...]
    epoch: tuple[int, ...]
    held: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...]
    pile: int
    _ways: tuple | None = field(default=None, repr=False, compare=False)
    _rest: list[int] | None = field(default=None, repr=False, compare=False)

    def pile_ways(self) -> tuple[list[list[float]], list[list[float]]]:
        """``(ways, weight)``: ``ways[v][r]`` is the weighted number of ways to put ``r`` cards of values
        ``v``..16 in the draw pile, ``weight[v][j]`` the weight of ``j`` cards of value ``v`` (``C(epoch[v], j)``,
        0 above what fits); computed exactly, kept as floats for drawing (made once)."""
        if self._ways is None:
            held = [sum(h[v] for h in self.held) for v in range(17)]
            cap = [min(self.epoch[v], self.unseen[v] - held[v]) for v in range(17)]  # at most this many in the pile
            top = self.pile
            weight = [[comb(self.epoch[v], j) if j <= cap[v] else 0 for j in range(top + 1)] for v in range(17)]
            ways = [[0] * (top + 1) for _ in range(18)]
            ways[17][0] = 1
            for v in range(16, 0, -1):
                below, row, w, c = ways[v + 1], ways[v], weight[v], cap[v]
                for r in range(top + 1):
                    row[r] = sum([w[j] * below[r - j] for j in range(min(c, r) + 1)])
            if not ways[1][top]:
                raise KitError(f"no deal fits what p{self.seat} saw: {self}")  # pragma: no cover - engine bug
            self._ways = ([[float(x) for x in row] for row in ways], [[float(x) for x in row] for row in weight])
        return self._ways

    def rest_of_hands(self) -> list[int]:
        """How many cards of each value the other seats hold beyond their known ones, with nothing in the pile."""
        return [self.unseen[v] - sum(h[v] for h in self.held) for v in range(17)]


def knowledge(state: SleepingQueensState, seat: int) -> Knowledge:
    """What ``seat`` knows of the hidden cards, from the events it has seen (see the module docstring).

    >>> from kit.sleepingqueens import SleepingQueens
    >>> s = SleepingQueens(2).new_initial_state()
    >>> for c in ["1", "2", "3", "4", "5", "King", "6", "7", "8", "9"]:
    ...     s.apply_action(f"deal {c}")
    >>> k = knowledge(s, 0)
    >>> k.hand[1:6], k.unseen[11], k.epoch[11], k.pile       # p0 holds 1-5; the King p1 holds is unseen to p0
    ((1, 1, 1, 1, 1), 8, 8, 57)
    """
    n = state.game.num_players
    hand, disc = [0] * 17, [0] * 17
    epoch = list(_COUNTS)
    held = [[0] * 17 for _ in range(n)]
    sizes = [0] * n
    hidden = 0  # cards the other seats drew from the pile since it was made
    for e in visible_events(state, seat):
        kind = e["kind"]
        if kind == "draw":
            s = e["seat"]
            sizes[s] += 1
            if s == seat:
                v = _VALUE[e["card"]]
                hand[v] += 1
                epoch[v] -= 1
            else:
                hidden += 1
        elif kind == "play" or kind == "block":
            s = e["seat"]
            for name in (e["cards"] if kind == "play" else [e["card"]]):
                v = _VALUE[name]
                disc[v] += 1
                sizes[s] -= 1
                if s == seat:
                    hand[v] -= 1
                elif held[s][v]:
                    held[s][v] -= 1
        elif kind == "flip":
            v = _VALUE[e["card"]]
            epoch[v] -= 1
            if e["power"]:
                s = e["seat"]
                sizes[s] += 1
                if s == seat:
                    hand[v] += 1
                else:
                    held[s][v] += 1
            else:
                disc[v] += 1
        elif kind == "reshuffle":
            epoch, disc, hidden = disc, [0] * 17, 0
        elif kind == "holds":
            s = e["seat"]
            sizes[s] += e["count"]
            if s == seat:
                for name in e["cards"]:
                    v = _VALUE[name]
                    hand[v] += 1
                    epoch[v] -= 1
            else:
                hidden += e["count"]
        elif kind == "pile":
            for name in e["cards"]:
                v = _VALUE[name]
                disc[v] += 1
                epoch[v] -= 1
    unseen = [_COUNTS[v] - hand[v] - disc[v] for v in range(17)]
    know = Knowledge(seat, tuple(hand), tuple(unseen), tuple(epoch), tuple(map(tuple, held)), tuple(sizes),
                     sum(epoch) - hidden)
    if min(unseen) < 0 or min(epoch) < 0 or know.pile != state.draw_pile_size():
        raise KitError(f"inconsistent knowledge for p{seat}: {know}")  # pragma: no cover - engine bug
    return know


def resample(state: SleepingQueensState, seat: int, rng: random.Random, *,
             know: Knowledge | None = None) -> SleepingQueensState:
    """A full state drawn from what ``seat`` has seen, for determinizing search.

    The public part of ``state`` and ``seat``'s hand are kept; the draw pile
    and the other hands are drawn anew (see the module docstring).  The
    result has no history and no event log (they would hold the real hidden
    cards): it is for search, never for display.  It reads nothing hidden of
    ``state``: two states ``seat`` cannot tell apart give the same states for
    the same ``rng``.  Pass ``know=knowledge(state, seat)`` to draw many states
    from one position without reading the events each time.
    """
    k = knowledge(state, seat) if know is None else know
    ways, weight = k.pile_ways()
    if k._rest is None:
        k._rest = k.rest_of_hands()
    rest_counts = k._rest
    pool = [0] * 17
    left = k.pile
    rand = rng.random
    for v in range(1, 17):
        if not left:
            break
        below, w = ways[v + 1], weight[v]
        x = rand() * ways[v][left]  # floats: the weights' ratios to 1e-16, far below any count's share
        j = 0
        while j < left:
            x -= w[j] * below[left - j]
            if x < 0:
                break
            j += 1
        while not w[j] * below[left - j]:  # rounding may step onto a weight of 0: step back to one that fits
            j -= 1
        pool[v] = j
        left -= j
    n = len(k.sizes)
    others = [o for o in range(n) if o != seat]
    rest = [v for v in range(1, 17) for _ in range(rest_counts[v] - pool[v])]
    if len(others) > 1:
        rng.shuffle(rest)
    hands: list[list[int]] = [[] for _ in range(n)]
    at = 0
    for o in others:
        mine = [v for v in range(1, 17) for _ in range(k.held[o][v])]
        take = k.sizes[o] - len(mine)
        hands[o] = mine + rest[at:at + take]
        at += take
    hands[seat] = [v for v in range(1, 17) for _ in range(k.hand[v])]
    return state.determinized(seat, hands, pool)


"""Invariants of a Sleeping Queens state, checked after every step by the tests and the soak run.

>>> from kit.sleepingqueens import SleepingQueens
>>> check_invariants(SleepingQueens(2).new_initial_state())
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ..core.errors import KitError
from .cards import DECK, RIVALS, Queen
from .events import RECORDS, event_dict
from .state import EMPTY, HAND_SIZE, OVER, TURN, UNSEEN, SleepingQueensState

__all__ = ["InvariantError", "check_invariants"]


class InvariantError(KitError):
    """A state broke an invariant of the rules (an engine bug)."""


def check_invariants(state: SleepingQueensState) -> None:
    """Raise :class:`InvariantError` unless ``state`` is a sound state.

    Every red card is in exactly one place (draw pile, a hand, the discard
    pile); every Queen in exactly one (awake in front of one player, asleep
    and known in the grid, or asleep unseen); empty places match awake
    Queens; nobody holds both the Cat and the Dog; hands hold at most five
    cards, exactly five at the start of a turn; legal actions are sorted;
    chance probabilities add up to exactly 1; a finished game's winners meet the end condition;
    every event record has the fields of its kind (:mod:`kit.sleepingqueens.events`), and a
    finished game's log ends with the ``end`` event of its result.
    """
    s = state
    for rec in s._log:
        if rec[0] not in RECORDS or len(rec) != 1 + len(RECORDS[rec[0]]):
            raise InvariantError(f"malformed event record {rec!r}")
    if s._log:
        event_dict(s, s._log[-1])  # the newest record reads
    counts = Counter({int(c): 0 for c in DECK})
    for v, c in enumerate(s._pool):
        counts[v] += c
    for v in [v for h in s._hands for v in h] + s._discard:
        counts[v] += 1
    want = Counter({int(c): k for c, k in DECK.items()})
    if +counts != +want or min(s._pool) < 0:
        raise InvariantError(f"red cards out of place: {dict(counts)} != {dict(want)}")
    if s._pool_n != sum(s._pool):
        raise InvariantError(f"draw pile size {s._pool_n} != {sum(s._pool)}")
    queens = [q for a in s._awake for q in a] + [g for g in s._grid if g >= 0] + list(s._unseen)
    if sorted(queens) != list(range(12)):
        raise InvariantError(f"Queens out of place: {sorted(queens)}")
    if s._grid.count(UNSEEN) != len(s._unseen):
        raise InvariantError(f"{s._grid.count(UNSEEN)} unseen places for {len(s._unseen)} unseen Queens")
    if s._grid.count(EMPTY) != sum(len(a) for a in s._awake):
        raise InvariantError("empty places do not match the awake Queens")
    for seat, a in enumerate(s._awake):
        for q in a:
            other = RIVALS.get(Queen(q))
            if other is not None and int(other) in a:
                raise InvariantError(f"p{seat} holds both the {Queen(q).name.title()} and the {other.name.title()}")
    for seat, h in enumerate(s._hands):
        if len(h) > HAND_SIZE or (s._phase == TURN and len(h) != HAND_SIZE):
            raise InvariantError(f"p{seat} holds {len(h)} cards in phase {s.phase}")
        if h != sorted(h):
            raise InvariantError(f"p{seat}'s hand is not sorted")
    outcomes = s.chance_outcomes()
    if s.is_chance_node() and sum((p for _, p in outcomes), Fraction(0)) != 1:
        raise InvariantError("chance probabilities do not add up to 1")
    if not s.is_chance_node() and not s.is_terminal():
        legal = s.legal_actions()
        if not legal:
            raise InvariantError(f"no legal action in phase {s.phase}")
        if list(legal) != sorted(legal, key=lambda a: a.sort_key()):
            raise InvariantError(f"legal actions are not sorted: {[str(a) for a in legal]}")
    if s._phase == OVER:
        r = s._result
        if event_dict(s, s._log[-1]) != {"kind": "end", "winners": list(r.winners), "reason": r.reason,
                                      "points": list(r.points), "queens": list(r.queens)}:
            raise InvariantError(f"the log does not end with the result {r}: {s._log[-1]!r}")
        tq, tp = s._r.target_queens, s._r.target_points
        if r.reason == "all-awake":
            if any(g != EMPTY for g in s._grid) or set(r.winners) != {i for i, p in enumerate(r.points)
                                                                      if p == max(r.points)}:
                raise InvariantError(f"wrong all-awake result {r}")
        elif len(r.winners) != 1 or not (r.queens[r.winners[0]] >= tq or r.points[r.winners[0]] >= tp):
            raise InvariantError(f"wrong result {r}")

"""Checks that hold in every Love Letter state: used by tests and the soak run.

Examples
--------
>>> from kit.loveletter import LoveLetter
>>> from kit.loveletter.invariants import check_invariants
>>> check_invariants(LoveLetter(3).new_initial_state())
"""

from __future__ import annotations

from fractions import Fraction

from ..core.errors import KitError
from .state import CH_DRAW, CH_KEEP, DRAW, OVER, PLAY, PRINCE_DRAW, LoveLetterState

__all__ = ["InvariantError", "check_invariants"]

_CHECKED: dict[int, list] = {}


class InvariantError(KitError):
    """A state broke a rule that must always hold (an engine bug)."""


def check_invariants(state: LoveLetterState) -> None:
    """Raise :class:`InvariantError` unless every card is in exactly one place and the round is coherent.

    Checked: card conservation over hands, the unordered deck, the bottom of
    the deck, the set-aside card, face-up cards and discards; hand sizes
    (one card, two for the player to move, none when out); the count of
    players in; protection only of players in; chance probabilities are
    fractions summing to exactly 1; decision nodes have legal actions; a
    finished round has winners still in and tokens that add up.
    """
    s = state
    ed = s._r.ed
    counts = list(s._pool)
    if min(counts) < 0:
        raise InvariantError(f"negative card count in the deck: {counts}")
    for pile in (*s._hands, *s._discards, s._faceup):
        for v in pile:
            counts[v] += 1
    for v, _ in s._bottom:
        counts[v] += 1
    if s._setaside >= 0:
        counts[s._setaside] += 1
    if tuple(counts) != ed.counts:
        raise InvariantError(f"cards out of place: counts {counts}, expected {list(ed.counts)}")
    if s._pool_n != sum(s._pool):
        raise InvariantError(f"deck size {s._pool_n} != sum of counts {sum(s._pool)}")
    if s._nalive != sum(s._alive):
        raise InvariantError(f"{s._nalive} players counted in, {sum(s._alive)} marked in")
    for seat in range(s._n):
        size = len(s._hands[seat])
        if not s._alive[seat]:
            if size:
                raise InvariantError(f"p{seat} is out but holds {size} cards")
            if s._prot[seat] and s._phase != OVER:
                raise InvariantError(f"p{seat} is out but protected")
            continue
        if s._phase == PLAY and seat == s._cur:
            want = {2}
        elif s._phase == CH_KEEP and seat == s._cur:
            want = {2, 3}
        elif s._phase < DRAW:
            want = {0, 1}  # still being dealt
        elif s._phase == CH_DRAW and seat == s._cur:
            want = {1, 2}  # drawing for the Chancellor
        elif s._phase == PRINCE_DRAW and seat == s._recv:
            want = {0}  # a Prince's target about to draw
        else:
            want = {1}
        if size not in want:
            raise InvariantError(f"p{seat} holds {size} cards in phase {s.phase}; expected {sorted(want)}")
    player = s.current_player()
    if s._phase == OVER:
        res = s.result()
        if res is None or not res.winners:
            raise InvariantError("finished round without winners")
        if any(not s._alive[w] for w in res.winners):
            raise InvariantError(f"a winner is out: {res}")
        if sum(res.tokens) != len(res.winners) + (res.spy is not None):
            raise InvariantError(f"tokens do not add up: {res}")
    elif player < 0:
        outcomes = s.chance_outcomes()
        if id(outcomes) not in _CHECKED:  # engines share their outcome lists: check each once
            if not outcomes or any(type(p) is not Fraction for _, p in outcomes) or sum(p for _, p in outcomes) != 1:
                raise InvariantError(f"chance probabilities {outcomes} do not sum to exactly 1")
            _CHECKED[id(outcomes)] = outcomes  # keeps the list alive, so its id stays its own
    elif not s.legal_actions():
        raise InvariantError(f"p{player} to move with no legal action")


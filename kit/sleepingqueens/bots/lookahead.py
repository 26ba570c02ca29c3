"""A Sleeping Queens bot that looks ahead: determinized Monte Carlo over its own information state.

:class:`LookaheadBot` ("strong" at the table) tries each of its candidate
actions in many full games drawn from what it has seen
(``view.resample``: the other hands and the draw pile dealt anew from the
cards it has not seen, :mod:`kit.sleepingqueens.knowledge`), each game finished quickly with
:func:`kit.sleepingqueens.fast.playout` and the rule-of-thumb :func:`policy`
for every player, and plays the rule-of-thumb action unless another clearly
won more often in the same games.

Examples
--------
The other player holds four Queens and wins with a fifth; the bot's
Knight takes the 20-point Heart, which makes its 50 points at once (every
Dragon is in sight: nobody can block), where the rules of thumb would wake a
Queen with the King:

>>> from kit.core import PlayerView
>>> from kit.sleepingqueens.position import position
>>> s = position(hands=[["King", "Knight", "Dragon", "Dragon", "9"], ["5", "6", "7", "8", "9"]],
...              queens=[["Cat", "Moon", "Cake"], ["Heart", "Rose", "Starfish", "Rainbow"]], discard=["Dragon"])
>>> str(policy(s, random.Random(0))), str(LookaheadBot(seed=1).choose(PlayerView(s, 0), 0))
('King 8', 'Knight p1 Heart')
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ...core.bots import PlayerView
from ...core.seeding import make_rng
from ...i18n import N_
from ..actions import Block, Discard, Jester, King, Knight, Potion, Wake
from ..cards import DEFENCES, QUEEN_POINTS, RIVALS, Queen
from ..fast import playout
from ..state import UNSEEN, SleepingQueensState, _hand_actions
from .heuristic import UNSEEN_VALUE

__all__ = ["LookaheadBot", "policy", "EFFORT", "PLAYOUT_COST"]

#: The default ``effort`` of a decision (see :class:`LookaheadBot`): its slowest moves took about 120 ms of CPU
#: on one core of a small, quiet machine (``benchmarks/sleepingqueens_bots.py`` prints them).
EFFORT = 24_000

_POINTS = [QUEEN_POINTS[Queen(q)] for q in range(12)]
# The rules' rivalry and defence cards (kit/sleepingqueens/cards.py): each Queen's rival (-1: none), the Dragon
# and the Wand.
_RIVAL = [int(RIVALS[Queen(q)]) if Queen(q) in RIVALS else -1 for q in range(12)]
_DEFENDERS = tuple(int(c) for c in DEFENCES.values())


def policy(state: SleepingQueensState, rng: random.Random) -> Any:
    """The rule-of-thumb move of the player to move, read from a (determinized) state: the preferences of
    :class:`~kit.sleepingqueens.bots.HeuristicBot` (block; wake the best Queen; steal the best Queen; put the
    leader's best Queen to sleep; the largest group; a Jester; the highest number; a spare Dragon or Wand),
    ties to the first.  Fast: it is every player's move in the lookahead's playouts.

    >>> from kit.sleepingqueens.position import position
    >>> s = position(hands=[["1", "2", "3", "6", "Dragon"], ["5", "6", "7", "8", "9"]])
    >>> str(policy(s, random.Random(0)))
    'discard 1+2+3=6'
    """
    legal = state.legal_actions()
    # The commonest decision first: a hand's own actions (a Jester, discards), one fixed list per hand.
    found = _OWN_CHOICE.get(id(legal))
    if found is not None and found[0] is legal:
        return found[1]
    first = legal[0]
    cls = first.__class__
    if cls is Block or len(legal) == 1:
        return first
    if cls is King or cls is Wake:
        grid, mine = state._grid, state._awake[state.current_player()]
        best, top = first, -9.0
        for a in legal:
            if a.__class__ is not cls:
                break
            g = grid[a.place - 1]
            v = UNSEEN_VALUE if g == UNSEEN else -1.0 if _RIVAL[g] in mine else _POINTS[g]
            if v > top:
                best, top = a, v
        return best
    if cls is Knight:
        best, top = first, -1
        for a in legal:
            if a.__class__ is not Knight:
                break
            v = _POINTS[a.queen]
            if v > top:
                best, top = a, v
        return best
    if cls is Potion:
        pts = state._pts
        best, top = first, (-1, -1)
        for a in legal:
            if a.__class__ is not Potion:
                break
            v = (pts[a.target], _POINTS[a.queen])
            if v > top:
                best, top = a, v
        return best
    return _own_choice(legal, state._hands[state.current_player()])


_OWN_CHOICE: dict[int, tuple[Any, Any]] = {}  # id of a hand's list of actions -> (the list, the choice)


def _own_choice(legal: Any, hand: list[int]) -> Any:
    """The rule-of-thumb choice among a hand's own actions: the largest group, a Jester, the highest number,
    a Dragon or a Wand held twice, else the last (a power card)."""
    group, top, jester, number, high, spare = None, (0, 0), None, None, 0, None
    for a in legal:
        c = a.__class__
        if c is Jester:
            jester = a
        elif c is Discard:
            cards = a.cards
            if len(cards) > 1:
                v = (len(cards), sum(map(int, cards)))
                if v > top:
                    group, top = a, v
            elif cards[0] <= 10:
                if cards[0] > high:
                    number, high = a, int(cards[0])
            elif spare is None and cards[0] in _DEFENDERS and hand.count(cards[0]) > 1:
                spare = a
    choice = group or jester or number or spare or legal[-1]
    if len(_OWN_CHOICE) >= 20_000:  # pragma: no cover - bounded: the engine's table has 15,460 hands
        _OWN_CHOICE.clear()
    _OWN_CHOICE[id(legal)] = (legal, choice)  # the list is kept, so its id is not reused while it is here
    return choice


_POWER_PLAYS = (King, Knight, Potion, Jester, Wake)
#: What a playout costs besides its draws, counted in draws: a playout's time is about proportional to
#: this plus the cards drawn in it (measured: about 0.04 ms + 4 us a card here).
PLAYOUT_COST = 10
_SURE = 3.5  # standard errors after which a better candidate is played without more games
_DROP = 1.0  # standard errors below the rule of thumb after which a candidate leaves the race


def _candidates(view: Any, legal: list[Any], preferred: Any) -> list[Any]:
    """The actions worth comparing, the rule-of-thumb choice ``preferred`` first.

    Where a power card can be played (a King, a Knight, a Potion, a Jester)
    or a Queen chosen, the candidates are every such play (one King, or
    Wake, for all the face-down places: they are alike, the Queen there is
    drawn when woken; one Potion place for each Queen: empty places are
    alike) and, to keep the power card for later, the rule-of-thumb discard.
    Where only discards are legal, see :func:`_discard_candidates`.  A Knight
    or a Potion is always blocked when it can be.
    """
    if preferred.__class__ is Block:
        return [preferred]
    if not any(a.__class__ in _POWER_PLAYS for a in legal):
        return _discard_candidates(legal, preferred)
    grid = view.observation()["grid"]
    out, seen, discard = [preferred], set(), None
    for a in legal:
        c = a.__class__
        if (c is King or c is Wake) and grid[a.place - 1] == "asleep":
            key: Any = (c, "unseen")
        elif c is Potion:
            key = (c, a.target, a.queen)
        elif c is Discard:
            if discard is None and preferred.__class__ is not Discard:
                discard = a
            continue
        else:
            key = a
        pk = (preferred.__class__, "unseen") if preferred.__class__ in (King, Wake) and \
            grid[preferred.place - 1] == "asleep" else (Potion, preferred.target, preferred.queen) \
            if preferred.__class__ is Potion else preferred
        if key in seen or key == pk:
            continue
        seen.add(key)
        out.append(a)
    if discard is not None:
        numbers = [a for a in legal if a.__class__ is Discard and a.cards[0] <= 10]
        rest = [a for a in legal if a.__class__ not in _POWER_PLAYS]
        out.append(_rule_discard(numbers or rest, view))
    return out


def _discard_candidates(legal: list[Any], preferred: Any) -> list[Any]:
    """Where only discards are legal: the rule-of-thumb discard, the largest group of another size (a pair
    rather than an equation, or the other way), the highest number alone rather than a group, and a Dragon,
    a Wand given up to keep the numbers.  (Every discard of the hand would be many small differences, and
    few games each: the race would mostly play its noise.)

    >>> from kit.sleepingqueens.position import position
    >>> s = position(hands=[["1", "2", "3", "Dragon", "9"], ["5", "6", "7", "8", "9"]])
    >>> legal = s.legal_actions()
    >>> [str(a) for a in _discard_candidates(legal, policy(s, random.Random(0)))]
    ['discard 1+2=3', 'discard 9', 'discard Dragon']
    """
    if preferred.__class__ is not Discard:
        return [preferred]
    out = [preferred]
    n = len(preferred.cards)
    other = [a for a in legal if a.__class__ is Discard and len(a.cards) > 1 and len(a.cards) != n]
    if other:
        out.append(max(other, key=lambda a: (len(a.cards), sum(a.cards))))
    singles = [a for a in legal if a.__class__ is Discard and len(a.cards) == 1 and a.cards[0] <= 10]
    if n > 1 and singles:
        out.append(max(singles, key=lambda a: a.cards[0]))
    for v in _DEFENDERS:
        for a in legal:
            if a.__class__ is Discard and a.cards == (v,) and a != preferred:
                out.append(a)
                break
    return out


def _rule_discard(discards: list[Any], view: Any) -> Any:
    """The rule-of-thumb discard among ``discards``: the largest group, else the highest number."""
    groups = [a for a in discards if len(a.cards) > 1]
    if groups:
        return max(groups, key=lambda a: (len(a.cards), sum(a.cards)))
    return max(discards, key=lambda a: int(a.cards[0]) if a.cards[0] <= 10 else -1)


class LookaheadBot:
    """Determinized Monte Carlo lookahead from the bot's information state only.

    At each decision with a choice, the bot lists its candidates (see
    :func:`_candidates`), the rule-of-thumb choice (:func:`policy`) first,
    and compares them on games drawn from what its seat has seen
    (``view.resample(rng)``: it never reads the real hidden cards).  In each
    drawn game, every candidate still in the race is played in a copy and
    the copy finished by :func:`policy` for every player, with the same
    order of the draw pile and of the face-down Queens for every candidate
    (so they are compared on the same cards: the differences are the moves').

    Games are drawn in batches of ``batch``.  After each batch a candidate
    whose paired difference with the rule of thumb is below zero by more
    than one standard error leaves the race, and one that beats it by 3.5
    standard errors is played at once.  Otherwise the race ends after
    ``most`` games, when one more game would take the decision's playouts
    over ``effort``, or when no other candidate is left; then the best
    candidate is played if it beats the rule of thumb by ``margin`` standard
    errors, else the rule of thumb.  (The margin is judged once: judged after
    every batch it would take noise for a better move far too often.)

    Every limit counts games and cards, never seconds: a decision depends on
    the seed and on what the seat saw only, the same on a fast, a slow or a
    busy machine.  ``effort`` counts what the playouts cost, in cards drawn
    (:data:`PLAYOUT_COST` more for each playout), so a move's time is about
    the same early in a game (long playouts, fewer of them) and late (short
    ones, more).  ``budget``, off by default, adds a wall-clock guard for a
    caller who prefers a bounded wait to a repeatable game.

    The drawn games trust nothing but what the seat saw: reading the
    opponents' plays as a rule-of-thumb player's (one that discarded a single
    number held no King, no pair, no Jester...) was tried, and won no more
    often against the heuristic bot (56.5 % and 56.6 % of 800 games).  Nor
    did, in 400 games each: fewer Knight and Potion candidates, a score that
    also counts the points, or keeping candidates in the race longer.

    Parameters
    ----------
    seed
        An ``int`` or a :class:`random.Random`; nothing else is random.
    batch
        Games drawn between two looks at the race (the first batch is
        always played).
    most
        Games drawn at most for one decision.
    effort
        What one decision's playouts may cost, in cards drawn, each playout
        counting :data:`PLAYOUT_COST` more: the limit that bounds a move's
        time (about 4-5 microseconds a unit on a small machine).
    margin
        How many standard errors a candidate must beat the rule of thumb by.
    budget
        ``None`` (the default): no clock is read.  Else seconds of wall
        clock after which a decision draws no more games (the decision then
        depends on the machine's speed and load).

    Attributes
    ----------
    last_scores
        At the last decision: the share of the drawn games each candidate won (the rule of thumb first),
        by notation.
    last_playouts, last_effort
        At the last decision: how many playouts it ran, and what they cost (in the units of ``effort``).
    """

    name = "strong"
    #: How a setup form names this kind of seat (a message id, translated where it is shown).
    label = N_("strong bot (looks ahead)")

    def __init__(self, seed: int | random.Random | None = None, *, batch: int = 25, most: int = 1000,
                 effort: int = EFFORT, margin: float = 1.5, budget: float | None = None) -> None:
        if not isinstance(batch, int) or batch < 2 or not isinstance(most, int) or most < batch:
            raise ValueError(f"batch must be an int of at least 2 and most at least batch, not {batch!r}, {most!r}")
        if not isinstance(effort, int) or effort < 1:
            raise ValueError(f"effort must be a positive int, not {effort!r}")
        if budget is not None and not budget > 0:
            raise ValueError(f"budget must be None or a positive number of seconds, not {budget!r}")
        self.rng = make_rng(seed)
        _hand_actions((1, 2, 3, 4, 5))  # the engine's table of hands is made once, now rather than in a move
        self.batch, self.most, self.effort, self.margin, self.budget = batch, most, effort, margin, budget
        self.last_scores: dict[str, float] = {}
        self.last_playouts = self.last_effort = 0

    def __repr__(self) -> str:
        return (f"LookaheadBot(batch={self.batch}, most={self.most}, effort={self.effort}, margin={self.margin}"
                + (f", budget={self.budget})" if self.budget is not None else ")"))

    def choose(self, view: Any, player: int) -> Any:
        """The rule-of-thumb action, or a candidate that clearly won more often in games drawn from what
        ``player`` has seen.  ``view`` is the seat's :class:`~kit.core.PlayerView` (a bare state is wrapped)."""
        if isinstance(view, SleepingQueensState):
            view = PlayerView(view, player)
        legal = view.legal_actions()
        self.last_scores, self.last_playouts, self.last_effort = {}, 0, 0
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        preferred = policy(view.resample(rng), rng)
        cands = _candidates(view, legal, preferred)
        if len(cands) == 1:
            return preferred
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        alive = list(range(len(cands)))
        wins: list[list[float]] = [[] for _ in cands]  # per candidate, its share of each drawn game it played
        choice, spent, work, effort = 0, 0, 0, self.effort
        while True:
            for k in range(self.batch):
                # One more game costs about what the playouts so far cost on average, once per candidate.
                if k and (work + work * len(alive) // spent > effort
                          or deadline is not None and time.perf_counter() > deadline):
                    break
                det = view.resample(rng)
                seed = rng.getrandbits(32)
                # One order of the draw pile and of the face-down Queens for every candidate.
                rand = rng.random
                pile = [v for _, v in sorted([(rand(), v) for v, c in enumerate(det._pool) for _ in range(c)])]
                queens = [q for _, q in sorted([(rand(), q) for q in det._unseen])]
                size = len(pile) + PLAYOUT_COST
                for i in alive:
                    game = det.clone()
                    game.apply_action(cands[i])
                    left = pile[:]
                    playout(game, random.Random(seed), decide=policy, pile=left, queens=queens[:])
                    work += size - len(left)  # (after a reshuffle, the rest is not counted: rare, and short)
                    winners = game.result().winners
                    wins[i].append(1.0 / len(winners) if player in winners else 0.0)
                spent += len(alive)
            drawn = len(wins[0])
            best, best_z = 0, -math.inf
            for i in alive[1:]:
                mean, se = _paired(wins[i], wins[0])
                z = mean / se if se else (math.inf if mean > 0 else -math.inf if mean < 0 else 0.0)
                if z < -_DROP:  # most likely worse than the rule of thumb: out of the race
                    alive.remove(i)
                elif z > best_z:
                    best, best_z = i, z
            if best and best_z > _SURE and drawn >= 2 * self.batch:  # overwhelming already: stop early
                choice = best
                break
            if (len(alive) == 1 or drawn >= self.most or work + work * len(alive) // spent > effort
                    or deadline is not None and time.perf_counter() > deadline):
                if best and best_z > self.margin:  # judged once, at the end: looking after every batch
                    choice = best  # with the margin would take noise for a better move far too often
                break
        self.last_scores = {str(a): sum(w) / len(w) for a, w in zip(cands, wins) if w}
        self.last_playouts, self.last_effort = spent, work
        return cands[choice]


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``a[k] - b[k]`` over the games both played."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean, math.sqrt(var / n)

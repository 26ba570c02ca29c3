"""The Sleeping Queens rules engine: a whole game as one protocol state.

Every rule of docs/rules/sleepingqueens.md lives here, once.  The game is a sequence of
explicit steps:

* chance: every card off the draw pile (the deal of 5 cards each, the draws
  that refill a hand to 5, a defender's draw, the card a Jester turns over),
  with exact ``Fraction`` probabilities over the draw pile's cards; and which
  Queen lies in a face-down place, drawn when the place is woken (uniform
  over the Queens nobody has seen, which is the same as shuffling the grid at
  the start);
* decisions: the player to move does ONE action (``King``, ``Knight``,
  ``Potion``, ``Jester``, ``Discard``); the target of a Knight or a Potion
  answers at once (ruling: docs/rules/sleepingqueens.md#blocking): ``Block`` with a Dragon (against a
  Knight) or a Magic Wand (against a Potion) from hand, or ``Allow``; a
  player chooses the Queen to ``Wake`` after a Jester's number card or the
  Rose Queen's bonus.

Rulings and decisions the engine implements:

* Cat and Dog: waking the other one sends her back to sleep in her place
  (now known to all) and ends the action; a Knight may not take the Cat from
  a player while you hold the Dog, nor the reverse.
* Knight and Potion are legal only when some opponent has an awake Queen.
* The Rose Queen woken from the centre by any means (a King, a Jester's
  number, the bonus itself cannot repeat) makes her new owner wake one more
  Queen at once, if one is left (a must: the sheet's "obudź kolejną",
  docs/rules/sleepingqueens.md#the-rose-queen); stolen, she gives nothing.
* The game ends as soon as a player holds the target (2–3 players: 5 Queens
  or 50 points; 4–5 players: 4 Queens or 40 points), the Queen that made it
  included; or, after an action, when no Queen is asleep: most points wins,
  ties share the win.  ``returns()`` is 1 for each winner, 0 otherwise.
* A Jester's power card goes to the hand and the player takes another turn
  (one more action, then the refill); a number card *n* counts *n* players
  clockwise from the Jester's player as 1, and that player chooses a Queen.
* When the draw pile is empty and a card is needed, the discard pile is
  shuffled into a new draw pile (a public event).
* The target of a Knight or a Potion is asked every time, even without the
  defence card (then ``Allow`` is the only answer), as the ruling says:
  asking only those who hold the card would tell the whole table, through
  whose turn it is, that they hold a Dragon or a Wand.  Every seat but the
  target sees only the outcome (blocked, or the Queen taken).

Every step records what happened as events (compact records whose schema,
and the one rule of who sees what, are in :mod:`kit.sleepingqueens.events`):
``observation(seat)["log"]`` is the list of events ``seat`` has seen,
``observation(None)`` what everyone sees, and ``information_state(seat)``
is made from the same events.

Speed and memory.  Cards, Queens and places are ints inside; the grid's
sleeping places are also kept as a bit mask, each seat's awake Queens also
sorted, and each seat's points as a running sum.  The legal actions of a
turn are put together from fixed tables (the actions of each 5-card hand,
the Kings of each grid mask, ...) and kept until the next decision.  The
chance outcomes of a draw are picked from per-pile-size rows of
``(Deal, Fraction)`` pairs by one ``itemgetter`` of the pile's *cells*
(``9 v + copies of v`` for each card value v in the pile), a short list the
state keeps up to date as cards are drawn (a draw pile rarely repeats: only
the first few piles of a game are kept).  Nothing grows without bound: the
tables are filled once (the hands' table, about 6 MB, when the first turn
needs it), and the few caches are emptied when they reach
:data:`CACHE_LIMIT` entries, so a long-running kernel stays flat.

Each rule step is one private method (``_turn``, ``_do_defence``,
``_choose``, ``_reveal``, ``_flip``) that takes a move already known to be
legal; :meth:`~SleepingQueensState.apply_action` checks the move (a
learner's bad action is refused with the state untouched) and calls it.
:mod:`kit.sleepingqueens.fast` calls the same methods with moves it drew
from the legal ones, without checking them again: ``_serve`` deals the whole
draw queue off a flat list of the pile's cards, and ``_turn_pick`` gives the
turn's legal action at a position without listing them all; with the
history and the event log off (``record=False``) for playouts.

Examples
--------
>>> from kit.sleepingqueens import SleepingQueens
>>> s = SleepingQueens(2).new_initial_state()
>>> s.current_player()                 # dealing: chance
-1
>>> s.chance_outcomes()[10]            # 8 Kings among 67 cards
(Deal(card=Card.KING), Fraction(8, 67))
"""

from __future__ import annotations

import json
from bisect import bisect_right, insort as _insort
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate, chain as _chain, combinations_with_replacement, repeat as _repeat
from operator import itemgetter
from typing import Any, Callable, ClassVar, Final, Sequence

from ..core.errors import KitError
from ..core.protocol import CHANCE, TERMINAL, State
from ..core.seeding import ChanceOutcomes, FrozenList
from ..core.serialize import FORMAT_VERSION
from .actions import PLACES, Allow, HandActions, Block, Deal, Discard, Jester, King, Knight, Potion, Reveal, Wake, \
    parse_action
from .cards import DECK, DEFENCES, POWER, QUEEN_POINTS, RIVALS, TARGETS, Card, Queen, is_equation
from .refusals import game_over, not_an_action, why_illegal
from .events import all_events, check_record, information_string, play_record, visible_events

__all__ = ["SleepingQueensState", "GameResult", "PHASES", "HAND_SIZE", "CACHE_LIMIT", "jester_count", "jester_reach",
           "discards"]

# The module's names marked Final are constants: the compiled build (kit.sleepingqueens.compiled) reads them
# without a dictionary lookup.
TURN: Final = 0
DEFEND: Final = 1
WAKE: Final = 2
DRAW: Final = 3
FLIP: Final = 4
REVEAL: Final = 5
OVER: Final = 6
PHASES: Final = ("turn", "defend", "wake", "draw", "jester-card", "reveal", "over")
_CHANCE_PHASES: Final = (DRAW, FLIP, REVEAL)
HAND_SIZE: Final = 5
# Places of the grid: a Queen id (asleep, known to all), or one of these.
UNSEEN: Final = -1
EMPTY: Final = -2
_ACTIONS: Final = frozenset((King, Knight, Potion, Jester, Discard, Block, Allow, Wake, Deal, Reveal))
_TURN_ACTIONS: Final = frozenset((King, Knight, Potion, Jester, Discard))
_KING: Final = int(Card.KING)
_KNIGHT: Final = int(Card.KNIGHT)
_DRAGON: Final = int(Card.DRAGON)
_POTION: Final = int(Card.POTION)
_WAND: Final = int(Card.WAND)
_JESTER: Final = int(Card.JESTER)
_POWER: Final = frozenset(int(c) for c in POWER)
_ROSE: Final = int(Queen.ROSE)
# The rivalry (kit.sleepingqueens.cards.RIVALS, its one home): each Queen's rival, -1 for none; and the Queens
# who have one.
_RIVAL: Final = [int(RIVALS[Queen(q)]) if Queen(q) in RIVALS else -1 for q in range(12)]
_RIVALED: Final = frozenset(int(q) for q in RIVALS)
_POINTS: Final = [QUEEN_POINTS[Queen(q)] for q in range(12)]
# The card that blocks each attack (kit.sleepingqueens.cards.DEFENCES), by the attack's kind.
_DEFENCE: Final = {"knight": int(DEFENCES[Card.KNIGHT]), "potion": int(DEFENCES[Card.POTION])}
_ATTACK: Final = {Knight: ("knight", _KNIGHT), Potion: ("potion", _POTION)}
_FULL: Final = (1 << PLACES) - 1  # every place holds a sleeping Queen
_CARD: Final[list[Any]] = [None] + [Card(v) for v in range(1, 17)]
_DEAL: Final[list[Any]] = [None] + [Deal(c) for c in _CARD[1:]]
_DEAL_VALUE: Final[dict[Any, int]] = {d: v for v, d in enumerate(_DEAL) if d is not None}
_QUEEN_VALUE: Final = {Queen(q): q for q in range(12)}
_COUNTS: Final = [0] + [DECK[Card(v)] for v in range(1, 17)]
_DECK_SIZE: Final = sum(_COUNTS)

#: The most entries any one cache of the engine holds; a full cache is emptied and starts again.
CACHE_LIMIT = 10_000


def _bounded(cache: dict, key: Any, value: Any, limit: int | None = None) -> Any:
    """Store ``value`` under ``key`` in ``cache`` (emptied first when it holds ``limit`` entries, by default
    :data:`CACHE_LIMIT`); return it."""
    if len(cache) >= (CACHE_LIMIT if limit is None else limit):
        cache.clear()
    cache[key] = value
    return value


# Chance: a card value v with c copies in the draw pile is the cell 9 v + c (c is 1 to 8).  For a draw pile of
# ``size`` cards, _ROWS[size][9 v + c] is (Deal(v), Fraction(c, size)).  A finite table
# (67 sizes x 153 cells), each size built when first needed.  The outcomes of a pile are the rows of its cells,
# picked by one ``itemgetter`` of the cells (the state keeps its pile's cells: see ``_cells``), and their weights
# are the running totals of the copies (the state keeps those too: see ``_drawn``).
_ROWS: Final[list[list[Any] | None]] = [None] * (_DECK_SIZE + 1)
_VALUE_RANGE: Final = range(17)
_NEW: Final = list.__new__
_EXTEND: Final = list.extend


def _row(size: int) -> list[Any]:
    row = [(_DEAL[v], Fraction(c, size)) if v and 0 < c <= _COUNTS[v] else None for v in range(17) for c in range(9)]
    _ROWS[size] = row
    return row


def _cells(pool: list[int]) -> list[int]:
    """The cells ``9 v + pool[v]`` of the card values ``v`` in the draw pile, in increasing order."""
    return [9 * v + c for v, c in enumerate(pool) if c]


def _running(cells: list[int]) -> list[int]:
    """The running totals of the copies of the cells' cards (the weights of their chance outcomes)."""
    return list(accumulate([c % 9 for c in cells]))


def _drawn(cells: list[int], running: list[int], v: int, left: int) -> None:
    """A card ``v`` left the draw pile, ``left`` copies of it remain: its cell and the running totals after it
    go down by one (the cell goes when no copy is left)."""
    i = bisect_right(cells, 9 * v)
    for j in range(i, len(running)):
        running[j] -= 1
    if left:
        cells[i] -= 1
    else:
        del cells[i]
        del running[i]


def _outcomes(cells: list[int], size: int) -> ChanceOutcomes:
    """The chance outcomes of a draw pile of ``size`` cards given by its ``cells`` (see ``_cells``)."""
    found = _NEW(ChanceOutcomes)  # ChanceOutcomes(items, cumulative) without its __init__'s Python call
    if len(cells) > 1:
        _EXTEND(found, itemgetter(*cells)(_ROWS[size] or _row(size)))
        found.cumulative = (_running(cells), size)
    else:  # one card value left: itemgetter would give the row itself, not a tuple of rows
        _EXTEND(found, [(_ROWS[size] or _row(size))[cells[0]]])
        found.cumulative = ([size], size)
    return found


def draw_outcomes(pool: list[int], size: int) -> ChanceOutcomes:
    """The chance outcomes of a card off a draw pile of ``pool[v]`` copies of each card ``v`` (``size`` in all).

    >>> draw_outcomes([0, 2, 0, 1] + [0] * 13, 3)
    [(Deal(card=Card.ONE), Fraction(2, 3)), (Deal(card=Card.THREE), Fraction(1, 3))]
    """
    return _outcomes(_cells(pool), size)


_FLAT: Final = [v for v, c in enumerate(_COUNTS) for _ in range(c)]  # the 67 red cards, one entry a card
_DECK_CELLS: Final = _cells(_COUNTS)  # the cells of the whole deck (a new game's draw pile)
_DECK_RUNNING: Final = _running(_DECK_CELLS)


def _pile_of(pool: list[int], size: int) -> list[int]:
    """The draw pile of ``pool[v]`` copies of each card ``v`` (``size`` in all) as a flat list of card values."""
    if size == _DECK_SIZE:
        return _FLAT[:]
    return list(_chain(*map(_repeat, _VALUE_RANGE, pool)))  # [v for v, c in enumerate(pool) for _ in range(c)]


# The draw piles of the first cards of a game recur (67 cards: 1 pile, 66: 16, 65: 136, 64: 816 at most)
# and their outcomes are kept; later piles rarely recur (about 6 % of all draws), so they are not.
_EARLY: Final = _DECK_SIZE - 3
_EARLY_OUTCOMES: Final[dict[tuple[int, ...], ChanceOutcomes]] = {}

# Which Queen lies in a face-down place: uniform over the k Queens nobody has seen; a fixed table of the
# outcomes for every set of unseen Queens (4,095 sets, by the sorted tuple the state keeps).
_REVEAL: Final = [Reveal(Queen(q)) for q in range(12)]


def _reveal_table() -> dict[tuple[int, ...], ChanceOutcomes]:
    pairs = [[(_REVEAL[q], Fraction(1, k)) for k in range(13)[1:]] for q in range(12)]
    cums = [None] + [(list(range(1, k + 1)), k) for k in range(1, 13)]  # read by sampling, never changed
    table = {}
    for bits in range(1, 1 << 12):
        unseen = tuple(q for q in range(12) if bits >> q & 1)
        k = len(unseen)
        table[unseen] = ChanceOutcomes([pairs[q][k - 1] for q in unseen], cums[k])
    return table


_REVEALS: Final = _reveal_table()


# The actions of each grid: a King or a Wake for each place where a Queen sleeps, by grid mask (bit i: a
# Queen sleeps in place i + 1), and a picker of the empty places, for a Potion; fixed tables of 4,096.
_KINGS: Final = [FrozenList(King(i + 1) for i in range(PLACES) if mask >> i & 1) for mask in range(_FULL + 1)]
_WAKES: Final = [FrozenList(Wake(i + 1) for i in range(PLACES) if mask >> i & 1) for mask in range(_FULL + 1)]


def _picker(mask: int) -> Any:
    """Picks, from a list indexed by place, the entries of the places 1-12 that are empty in ``mask``."""
    empty = [i + 1 for i in range(PLACES) if not mask >> i & 1]
    if not empty:
        return None
    return itemgetter(*empty) if len(empty) > 1 else itemgetter(slice(empty[0], empty[0] + 1))


_EMPTY_PICK: Final = [_picker(mask) for mask in range(_FULL + 1)]
_EMPTIES: Final = [tuple(i + 1 for i in range(PLACES) if not mask >> i & 1) for mask in range(_FULL + 1)]  # empty places
_ASLEEP: Final = [bin(mask).count("1") for mask in range(_FULL + 1)]  # how many Queens sleep (the others are awake)


# The comprehensions of the rule steps live in functions of their own: a comprehension inside a method would
# make the variables it reads closure cells, built at every call of the method.
def _knights_beside(mine: list[int], rows: list[list[Any]], others: tuple[int, ...], ranked: list[list[int]]
                    ) -> list[Any]:
    """The Knights a player with a Queen who has a rival (``mine``: its awake Queens; the Cat or the Dog) may
    play: every opponent's awake Queen but the rival ones, by seat then Queen."""
    return [rows[o][q] for o in others for q in ranked[o] if _RIVAL[q] not in mine]


def jester_count(players: int, seat: int, number: int) -> tuple[int, ...]:
    """The seats a Jester's ``number`` card counts round a table of ``players``, clockwise from the Jester's
    player ``seat`` as 1 (docs/rules/sleepingqueens.md#jester): the last one counted wakes a Queen.

    >>> jester_count(3, 1, 5)
    (1, 2, 0, 1, 2)
    """
    if not isinstance(players, int) or not 2 <= players <= 5:
        raise KitError(f"Sleeping Queens is played by 2 to 5 players, not {players!r}")
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise KitError(f"no seat {seat!r}; seats are 0 to {players - 1}")
    if not isinstance(number, int) or not 1 <= number <= 10:
        raise KitError(f"a Jester turns over a number card from 1 to 10, not {number!r}")
    return tuple([(seat + i) % players for i in range(number)])


def jester_reach(players: int, seat: int, number: int) -> int:
    """The seat a Jester's ``number`` card reaches (who wakes a Queen): the last of :func:`jester_count`.

    >>> jester_reach(3, 1, 5), jester_reach(2, 0, 1), jester_reach(4, 3, 10)
    (2, 0, 0)
    """
    return jester_count(players, seat, number)[-1]


def _leaders(pts: list[int]) -> tuple[int, ...]:
    """The seats with the most points."""
    best = max(pts)
    return tuple(s for s, p in enumerate(pts) if p == best)


# The record of seat s playing a King on place p (made once, as events.play_record makes it).
_KING_PLAY: Final = [[None] + [play_record(s, King(p)) for p in range(1, PLACES + 1)] for s in range(5)]
# The record of seat s drawing card v, by why: ("draw", s, v, why), made once.
_DRAWN: Final = {why: [[("draw", s, v, why) for v in range(17)] for s in range(5)]
                  for why in ("deal", "refill", "defend")}

_VALUES: Final[dict[Discard, tuple[int, ...]]] = {}  # a discard's cards as ints (a few hundred discards)


def _values(a: Discard) -> tuple[int, ...]:
    return _bounded(_VALUES, a, tuple([int(c) for c in a.cards]))


# The actions that depend on the hand alone.
_SINGLE: Final[list[Any]] = [None] + [Discard((c,)) for c in _CARD[1:]]


def _number_discards(numbers: tuple[int, ...]) -> tuple[list[Discard], list[Discard]]:
    """The discards of the number cards ``numbers`` (sorted): the singles, then the pairs and equations,
    each in sorted order (see ``Discard.sort_key``)."""
    groups: set[tuple[int, ...]] = set()
    m = len(numbers)
    for bits in range(1, 1 << m):
        pick = tuple([numbers[i] for i in range(m) if bits >> i & 1])
        if (len(pick) == 2 and pick[0] == pick[1]) or is_equation(pick):
            groups.add(pick)
    multi = sorted((Discard(tuple(_CARD[v] for v in g)) for g in groups), key=Discard.sort_key)
    return [_SINGLE[v] for v in sorted(set(numbers))], multi


def _power_actions(powers: tuple[int, ...]) -> tuple[int, list[Any], list[Discard]]:
    """``(flags, jester, singles)`` of the power cards ``powers`` (sorted): flags 1 King, 2 Knight, 4 Potion
    held; a Jester's play if one is held; each power card alone as a discard."""
    flags = (_KING in powers) | (_KNIGHT in powers) << 1 | (_POTION in powers) << 2
    return flags, [Jester()] if _JESTER in powers else [], [_SINGLE[v] for v in sorted(set(powers))]


def _hand_info(hand: tuple[int, ...]) -> HandActions:
    """The actions that depend on the hand alone (sorted values): a Jester, then every legal discard
    (singles, pairs, equations), in sorted order; and its flags."""
    k = bisect_right(hand, 10)
    singles, groups = _number_discards(hand[:k])
    flags, jester, powers = _power_actions(hand[k:])
    return HandActions(jester + singles + powers + groups, flags)


def discards(hand: Sequence[Card | int]) -> list[Discard]:
    """Every discard the rules allow from ``hand`` (docs/rules/sleepingqueens.md#discarding): each card alone,
    each pair of identical numbers, each addition equation; singles first (lowest first), then the groups by
    size, as :meth:`SleepingQueensState.legal_actions` lists them.

    >>> [str(d) for d in discards([Card.KING, Card.TWO, Card.THREE, Card.FIVE, Card.FIVE])]
    ['discard 2', 'discard 3', 'discard 5', 'discard King', 'discard 5 5', 'discard 2+3=5']
    """
    values = sorted(int(c) for c in hand)
    if any(not 1 <= v <= 16 for v in values):
        raise KitError(f"a hand holds red-backed cards (1 to 16), not {values!r}")
    return [a for a in _hand_info(tuple(values)) if a.__class__ is Discard]


def _all_hands() -> dict[tuple[int, ...], HandActions]:
    """``_hand_info`` of every hand of 5 cards (15,460 hands), made once."""
    numbers = {h: _number_discards(h) for k in range(HAND_SIZE + 1)
               for h in combinations_with_replacement(range(1, 11), k)}
    table = {}
    for k in range(HAND_SIZE + 1):
        for high in combinations_with_replacement(range(11, 17), HAND_SIZE - k):
            flags, jester, power = _power_actions(high)
            for low in combinations_with_replacement(range(1, 11), k):
                hand = low + high
                if any(hand.count(v) > _COUNTS[v] for v in set(hand)):
                    continue
                singles, groups = numbers[low]
                table[hand] = HandActions(jester + singles + power + groups, flags)
    return table


# The hand's own actions, by 5-card hand: a fixed table (about 6 MB), made the first time a turn needs it,
# so that it never grows (the hands are too many, and too evenly spread, for a smaller cache to serve).
_HANDS: Final[dict[tuple[int, ...], HandActions]] = {}


def _hand_actions(hand: tuple[int, ...]) -> HandActions:
    """``_HANDS[hand]``, filling the table when it is empty; any other hand (not 5 cards) is made anew."""
    if not _HANDS:
        _HANDS.update(_all_hands())
    found = _HANDS.get(hand)
    return found if found is not None else _hand_info(hand)


@dataclass(frozen=True)
class GameResult:
    """How the game ended.

    Attributes
    ----------
    winners
        Seats that won (several: a shared win on points).
    reason
        ``"queens"`` or ``"points"`` (a player reached the target), or
        ``"all-awake"`` (no Queen asleep: most points).
    points, queens
        Points and number of Queens per seat at the end.
    """

    winners: tuple[int, ...]
    reason: str
    points: tuple[int, ...]
    queens: tuple[int, ...]

    def __reduce__(self) -> tuple:  # a frozen dataclass, compiled too (kit.sleepingqueens.compiled)
        return (GameResult, (self.winners, self.reason, self.points, self.queens))


class _Rules:
    """Per player-count constants shared by all states of a game."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.target_queens, self.target_points = TARGETS[n]
        self.card, self.deal, self.deal_value, self.counts = _CARD, _DEAL, _DEAL_VALUE, _COUNTS
        self.nxt = [(s + 1) % n for s in range(n)]
        # The draw queue of the deal (5 cards each from the first player), and of a refill of k cards.
        self.deal_plan = [tuple(((f + i) % n, "deal") for i in range(n) for _ in range(HAND_SIZE))[::-1]
                          for f in range(n)]
        self.refills = [[((s, "refill"),) * k for k in range(HAND_SIZE + 1)] for s in range(n)]
        self.others = [tuple(o for o in range(n) if o != s) for s in range(n)]
        # The seats a Jester's number v counts, from seat s as 1 (jester_count; nobody for the unused v = 0).
        self.counted = [[()] + [jester_count(n, s, v) for v in range(1, 11)] for s in range(n)]
        self.knight_rows = [[Knight(o, Queen(q)) for q in range(12)] for o in range(n)]
        self.potion_rows = [[[None] + [Potion(o, Queen(q), p) for p in range(1, PLACES + 1)] for q in range(12)]
                            for o in range(n)]
        self.block_allow = FrozenList([Block(), Allow()])
        self.allow_only = FrozenList([Allow()])


# A state's fields.
_SLOTS: Final = ("game", "_r", "_n", "_first", "_cur", "_actor", "_hands", "_pool", "_pool_n", "_discard", "_grid",
                 "_mask", "_unseen", "_awake", "_ranked", "_pts", "_draws", "_next", "_pending", "_phase", "_log",
                 "_hist", "_result", "_returns", "_legal", "_rec", "_cells", "_running")


class SleepingQueensState(State):
    """A game of Sleeping Queens (see the module docstring for the rules).

    ``record=False`` keeps no history and no event log (for playouts: :mod:`kit.sleepingqueens.fast`).
    """

    __slots__ = _SLOTS

    def __init__(self, game: Any, first_player: Any = 0, *, record: bool = True) -> None:
        r = game._rules
        n = r.n
        if not isinstance(first_player, int) or not 0 <= first_player < n:
            raise KitError(f"first_player must be a seat from 0 to {n - 1}, not {first_player!r}")
        self.game = game
        self._r = r
        self._n = n
        self._first = first_player
        self._cur = self._actor = first_player
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._pool = _COUNTS[:]
        self._pool_n = _DECK_SIZE
        self._discard: list[int] = []
        self._grid = [UNSEEN] * PLACES
        self._mask = _FULL  # bit i: a Queen sleeps in place i + 1
        self._unseen = tuple(range(12))  # Queens asleep where nobody has seen them
        self._awake: list[list[int]] = [[] for _ in range(n)]
        self._ranked: list[list[int]] = [[] for _ in range(n)]  # the same Queens, sorted
        self._pts = [0] * n  # points of each seat's awake Queens
        # The cards owed, one (seat, why) a card, the next one LAST (a stack): why "deal", "refill" or
        # "defend"; then ``_next`` starts a turn.
        self._draws: list[tuple[int, str]] = list(r.deal_plan[first_player])
        self._next = first_player
        self._pending: tuple = ()
        self._phase = DRAW
        self._log: list[tuple] = []
        self._hist: list[Any] = []
        self._result: GameResult | None = None
        self._returns = [0.0] * n
        self._legal: list[Any] | None = None  # this decision's legal actions, once listed
        self._rec = record
        self._cells: list[int] | None = _DECK_CELLS[:]  # the draw pile's cells (see _cells); None: not known
        self._running: list[int] | None = _DECK_RUNNING[:]  # their running totals (see _drawn); None with the cells

    def _derive(self) -> None:
        """Recompute the grid mask and the points from the grid and the awake Queens."""
        self._mask = sum(1 << i for i, g in enumerate(self._grid) if g != EMPTY)
        self._pts = [sum(_POINTS[q] for q in a) for a in self._awake]
        self._ranked = [sorted(a) for a in self._awake]

    @classmethod
    def described(cls, game: Any, *, hands: Sequence[Sequence[Card | int]],
                  queens: Sequence[Sequence[Queen | int]] | None = None,
                  grid: Sequence[Queen | int | str] | None = None, discard: Sequence[Card | int] = (),
                  to_move: int = 0) -> "SleepingQueensState":
        """A game of ``game`` at the start of ``to_move``'s turn, described card by card (see
        :func:`kit.sleepingqueens.position.position`, which reads the same description from names).

        ``grid`` gives each of the 12 places as ``"empty"``, ``"unseen"`` or the Queen asleep there
        (everyone saw her go); default: one empty place per awake Queen, the others unseen.  The draw
        pile is every card not in a hand or the discard pile.  The log starts with what everyone saw:
        each seat's hand (``holds``: the cards to that seat only), the awake Queens (``has``), the
        Queens asleep where everyone saw them (``asleep``) and the discard pile (``pile``).

        >>> from kit.sleepingqueens import SleepingQueens, Card, Queen
        >>> s = SleepingQueensState.described(SleepingQueens(2), hands=[[Card.KING] + [Card.ONE] * 4,
        ...                                   [Card.TWO] * 4 + [Card.JESTER]], queens=[[Queen.MOON], []])
        >>> s.current_player(), [e["kind"] for e in s.observation(1)["log"]]
        (0, ['holds', 'holds', 'has'])
        """
        n = game.num_players
        if len(hands) != n:
            raise KitError(f"give one hand per seat ({n}), not {len(hands)}")
        queens = [[] for _ in range(n)] if queens is None else queens
        if len(queens) != n:
            raise KitError(f"give the awake Queens of each seat ({n} lists), not {len(queens)}")
        hands_v = [sorted(int(c) for c in h) for h in hands]
        short = [f"p{seat} holds {len(h)}" for seat, h in enumerate(hands_v) if len(h) != HAND_SIZE]
        if short:
            raise KitError(f"at the start of a turn every hand holds {HAND_SIZE} cards: {', '.join(short)}")
        awake = [[int(q) for q in qs] for qs in queens]
        if grid is None:
            taken = sum(len(a) for a in awake)
            grid = ["empty"] * taken + ["unseen"] * (PLACES - taken)
        if len(grid) != PLACES:
            raise KitError(f"the grid has {PLACES} places, not {len(grid)}")
        grid_v = [EMPTY if g == "empty" else UNSEEN if g == "unseen" else int(g) for g in grid]
        placed = [q for a in awake for q in a] + [g for g in grid_v if g >= 0]
        twice = sorted({str(Queen(q)) for q in placed if placed.count(q) > 1})
        if twice:
            raise KitError(f"each Queen is in one place only: {', '.join(twice)} appear twice")
        unseen = tuple(q for q in range(12) if q not in placed)
        if len(unseen) != grid_v.count(UNSEEN):
            raise KitError(f"{len(unseen)} Queens are neither awake nor placed, but the grid has "
                           f"{grid_v.count(UNSEEN)} unseen places")
        both = sorted({(q, _RIVAL[q]) for a in awake for q in a if q < _RIVAL[q] and _RIVAL[q] in a})
        if both:
            q, r = both[0]
            raise KitError(f"no player may hold both the {Queen(q)} and the {Queen(r)}: they do not get along")
        s = cls(game, to_move)
        s._awake = awake
        s._pts = [sum(_POINTS[q] for q in a) for a in awake]
        done = [f"p{seat}" for seat in range(n) if s._target_reached(seat) is not None]
        if done or all(g == EMPTY for g in grid_v):
            why = f"{', '.join(done)} already reach{'es' if len(done) == 1 else ''} the target" if done \
                else "no Queen is asleep"
            raise KitError(f"the game would already be over: {why}")
        pool = s._r.counts[:]
        discard_v = [int(c) for c in discard]
        for v in [v for h in hands_v for v in h] + discard_v:
            pool[v] -= 1
            if pool[v] < 0:
                raise KitError(f"there are only {s._r.counts[v]} {Card(v)} cards in the game")
        s._hands, s._grid, s._unseen = hands_v, grid_v, unseen
        s._pool, s._pool_n, s._discard = pool, sum(pool), discard_v
        s._cells = s._running = None
        s._derive()
        s._draws = []
        s._log = ([("holds", seat, tuple(h)) for seat, h in enumerate(hands_v)]
                  + [("has", seat, tuple(a)) for seat, a in enumerate(awake) if a]
                  + [("asleep", i, g) for i, g in enumerate(grid_v) if g >= 0]
                  + ([("pile", tuple(discard_v))] if discard_v else []))
        s._start_turn(to_move)
        return s

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        ph = self._phase
        if ph <= WAKE:
            return self._actor
        return TERMINAL if ph == OVER else CHANCE

    def is_terminal(self) -> bool:
        return self._phase == OVER

    def is_chance_node(self) -> bool:
        return DRAW <= self._phase <= REVEAL

    def legal_actions(self) -> list[Any]:
        if self._phase == TURN:  # the commonest decision first: the turn's actions, in their sorted order
            legal = self._legal
            if legal is not None:
                return legal
            me = self._cur
            r = self._r
            key = tuple(self._hands[me])
            legal = _HANDS.get(key) or _hand_actions(key)  # the hand's own actions (never empty)
            flags = legal.flags
            if flags:  # a King, a Knight or a Potion: the actions that depend on the table come first
                out = _NEW(FrozenList)
                if flags & 1:
                    _EXTEND(out, _KINGS[self._mask])
                if flags & 6:  # opponents' awake Queens, by seat then Queen
                    ranked = self._ranked
                    if flags & 2:
                        mine, rows = self._awake[me], r.knight_rows
                        if not _RIVALED.isdisjoint(mine):  # a rival Queen may not be taken
                            _EXTEND(out, _knights_beside(mine, rows, r.others[me], ranked))
                        else:
                            for o in r.others[me]:
                                if ranked[o]:
                                    _EXTEND(out, map(rows[o].__getitem__, ranked[o]))
                    if flags & 4 and self._mask != _FULL:
                        pick, rows = _EMPTY_PICK[self._mask], r.potion_rows
                        for o in r.others[me]:
                            for q in ranked[o]:
                                _EXTEND(out, pick(rows[o][q]))
                if out:
                    _EXTEND(out, legal)
                    legal = out
            self._legal = legal
            return legal
        ph = self._phase
        if ph <= WAKE:
            return self._legal or self._decisions()
        if ph == OVER:
            return []
        return [a for a, _ in self.chance_outcomes()]

    def _turn_pick(self, x: float) -> Any:
        """``legal_actions()[int(x * len(legal_actions()))]`` at a turn (``0 <= x < 1``), without listing them:
        the fast path's uniform choice (:mod:`kit.sleepingqueens.fast`).

        The turn's actions in the order of :meth:`legal_actions`: the Kings of the grid, the Knights, the
        Potions (by seat, then Queen, then empty place), then the hand's own actions; only the Knights (a few)
        are listed, the other parts are counted and indexed.
        """
        me = self._cur
        key = tuple(self._hands[me])
        own = _HANDS.get(key) or _hand_actions(key)
        flags = own.flags
        if not flags:
            return own[int(x * len(own))]
        kings = _KINGS[self._mask]
        if flags == 1:  # a King only (the commonest): the Kings of the grid, then the hand's own actions
            nk = len(kings)
            i = int(x * (nk + len(own)))
            return kings[i] if i < nk else own[i - nk]
        nk = len(kings) if flags & 1 else 0
        r, ranked = self._r, self._ranked
        knights = None  # listed only when a Queen with a rival is in front of the player (a rival is excluded)
        if flags & 2:
            mine = self._awake[me]
            if not _RIVALED.isdisjoint(mine):
                knights = _knights_beside(mine, r.knight_rows, r.others[me], ranked)
                nn = len(knights)
            else:  # every opponents' awake Queen: the Queens not asleep, less the player's own
                nn = PLACES - _ASLEEP[self._mask] - len(ranked[me])
        else:
            nn = 0
        empties = _EMPTIES[self._mask]
        potions = (PLACES - _ASLEEP[self._mask] - len(ranked[me])) * len(empties) if flags & 4 else 0
        i = int(x * (nk + nn + potions + len(own)))
        if i < nk:
            return kings[i]
        i -= nk
        if i < nn:
            if knights is not None:
                return knights[i]
            for o in r.others[me]:  # the i-th opponents' Queen, by seat then Queen
                if i < len(ranked[o]):
                    return r.knight_rows[o][ranked[o][i]]
                i -= len(ranked[o])
        i -= nn
        if i >= potions:
            return own[i - potions]
        j, p = divmod(i, len(empties))  # the j-th opponents' Queen, the p-th empty place
        for o in r.others[me]:
            if j < len(ranked[o]):
                return r.potion_rows[o][ranked[o][j]][empties[p]]
            j -= len(ranked[o])
        raise AssertionError("no such Potion")  # pragma: no cover - i < potions

    def _decisions(self) -> list[Any]:
        """The legal actions of a defence or a wake (kept until the next decision)."""
        if self._phase == DEFEND:
            kind, target = self._pending[0], self._pending[2]
            legal = self._r.block_allow if _DEFENCE[kind] in self._hands[target] else self._r.allow_only
        else:
            legal = _WAKES[self._mask]
        self._legal = legal
        return legal

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        ph = self._phase
        if ph == DRAW or ph == FLIP:
            pool, size = self._pool, self._pool_n
            if size >= _EARLY:  # the first few cards of a game: these piles recur
                key = tuple(pool)
                found = _EARLY_OUTCOMES.get(key)
                return found if found is not None else _bounded(_EARLY_OUTCOMES, key, draw_outcomes(pool, size))
            cells, running = self._cells, self._running
            if cells is None or running is None:
                cells = self._cells = _cells(pool)
                running = self._running = _running(cells)
            if len(cells) < 2:
                return _outcomes(cells, size)
            found = _NEW(ChanceOutcomes)  # ChanceOutcomes(items, cumulative) without its __init__'s Python call
            _EXTEND(found, itemgetter(*cells)(_ROWS[size] or _row(size)))
            found.cumulative = (running[:], size)
            return found
        if ph == REVEAL:
            return _REVEALS[self._unseen]
        return []

    def apply_action(self, action: Any) -> None:
        cls = action.__class__
        ph = self._phase
        if ph == DRAW and cls is Deal:  # the commonest step first: a card off the draw pile
            v = _DEAL_VALUE[action]
            pool = self._pool
            if pool[v]:
                draws = self._draws
                seat, why = draws.pop()  # to the seat the draw queue serves
                _insort(self._hands[seat], v)
                c = pool[v] = pool[v] - 1
                cells, running = self._cells, self._running
                if cells is not None and running is not None:  # the pile's cells, kept up to date (see _drawn)
                    _drawn(cells, running, v, c)
                left = self._pool_n = self._pool_n - 1
                if self._rec:
                    self._hist.append(action)
                    self._log.append(_DRAWN[why][seat][v])
                if not draws:  # the next turn starts (as _start_turn)
                    self._cur = self._actor = self._next
                    self._pending = ()
                    self._legal = None
                    self._phase = TURN
                elif not left:
                    self._reshuffle()
                return
        elif ph == TURN and cls in _TURN_ACTIONS and action in (self._legal or self.legal_actions()):
            self._turn(action, cls)
            return
        elif ph == DEFEND and (cls is Allow or cls is Block) and action in (self._legal or self._decisions()):
            self._do_defence(action)
            return
        elif ph == REVEAL and cls is Reveal and _QUEEN_VALUE[action.queen] in self._unseen:
            self._reveal(_QUEEN_VALUE[action.queen])
            return
        self._apply_other(action)

    def _apply_other(self, action: Any) -> None:
        """:meth:`apply_action` for the rarer steps (a Jester's card, a Queen to wake), the notation and the
        refusals."""
        cls = action.__class__
        ph = self._phase
        if cls is str:
            return self.apply_action(parse_action(action))
        if cls not in _ACTIONS:
            raise not_an_action(action)
        if ph == FLIP and cls is Deal and self._pool[_DEAL_VALUE[action]]:
            self._flip(_DEAL_VALUE[action])
            return
        if ph == WAKE and action in (self._legal or self._decisions()):
            self._choose(action)
            return
        if ph == OVER:
            raise game_over(self)
        raise why_illegal(self, action)

    def returns(self) -> list[float]:
        return list(self._returns)

    def history(self) -> list[Any]:
        return list(self._hist)

    def clone(self) -> "SleepingQueensState":
        # Every field is set below.  As pure Python this only allocates (object.__new__ takes __init__'s
        # arguments and ignores them); the compiled class's __new__ runs __init__ with them too.
        new = SleepingQueensState.__new__(SleepingQueensState, self.game, self._first)  # type: ignore[call-arg]
        new.game = self.game
        new._r = self._r
        new._n = self._n
        new._first = self._first
        new._cur = self._cur
        new._actor = self._actor
        new._hands = [h[:] for h in self._hands]
        new._pool = self._pool[:]
        new._pool_n = self._pool_n
        new._discard = self._discard[:]
        new._grid = self._grid[:]
        new._mask = self._mask
        new._unseen = self._unseen
        new._awake = [a[:] for a in self._awake]
        new._ranked = [a[:] for a in self._ranked]
        new._pts = self._pts[:]
        new._draws = self._draws[:]
        new._next = self._next
        new._pending = self._pending
        new._phase = self._phase
        new._log = self._log[:]
        new._hist = self._hist[:]
        new._result = self._result
        new._returns = self._returns[:]
        new._legal = self._legal
        new._rec = self._rec
        new._cells = None if self._cells is None else self._cells[:]
        new._running = None if self._running is None else self._running[:]
        return new

    def determinized(self, seat: int, hands: Sequence[Sequence[int]], pool: Sequence[int]) -> "SleepingQueensState":
        """A copy for search: the public table and ``seat``'s own hand as they are, the other hands and the
        draw pile (``pool``: copies of each card value) as given.

        The copy reads only the public part of this state (and ``seat``'s hand): the hidden parts come from
        the caller, who draws them from what ``seat`` has seen (:func:`kit.sleepingqueens.knowledge.resample`).
        It keeps no history, no event log and records none (``record=False``): it is for search, never for
        display.
        """
        if sum(pool) != self._pool_n or any(len(h) != len(self._hands[s]) for s, h in enumerate(hands)):
            raise KitError("determinized: the hidden parts do not fit the table (pile or hand sizes)")
        new = self.clone()
        new._hands = [sorted(h) if s != seat else self._hands[seat][:] for s, h in enumerate(hands)]
        new._pool = list(pool)
        new._cells = new._running = None
        new._log = []
        new._hist = []
        new._legal = None
        new._rec = False
        return new

    def resample(self, player: int, rng: Any) -> "SleepingQueensState":
        """A full state drawn uniformly from what ``player`` has seen (see
        :func:`kit.sleepingqueens.knowledge.resample`)."""
        from .knowledge import resample  # lazy: the rules do not need the bots' knowledge

        return resample(self, player, rng)

    def __reduce__(self) -> tuple:
        """Pickled as its game, first player and fields (the compiled class has no default way; see
        :mod:`kit.sleepingqueens.compiled`)."""
        return (_unpickled, (self.game, self._first, tuple(getattr(self, k) for k in _PICKLED)))

    def __copy__(self) -> "SleepingQueensState":
        return self.clone()

    def __deepcopy__(self, memo: dict) -> "SleepingQueensState":
        return self.clone()

    # ------------------------------------------------------------------ queries
    def result(self) -> GameResult | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._result

    @property
    def phase(self) -> str:
        """Name of the current step (``"turn"``, ``"defend"``, ``"draw"``, ...)."""
        return PHASES[self._phase]

    @property
    def first_player(self) -> int:
        return self._first

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds, lowest first. Hidden: for teachers, tests and omniscient bots."""
        return [_CARD[v] for v in self._hands[seat]]

    def queens(self, seat: int) -> list[Queen]:
        """The awake Queens in front of ``seat`` (public), in the order they came."""
        return [Queen(q) for q in self._awake[seat]]

    def points(self, seat: int) -> int:
        """Points of ``seat``'s awake Queens (public)."""
        return self._pts[seat]

    def grid(self) -> list[Queen | str]:
        """Hidden: each place 1–12 as its Queen (asleep), ``"empty"``, or ``"unseen"`` (not drawn yet)."""
        return [Queen(g) if g >= 0 else ("empty" if g == EMPTY else "unseen") for g in self._grid]

    def rival_held(self, seat: int, queen: Queen | int) -> Queen | None:
        """The Queen in front of ``seat`` who does not get along with ``queen`` (her rival: the Cat for the
        Dog; :data:`kit.sleepingqueens.cards.RIVALS`), or ``None`` (public).

        While she is there, ``queen`` woken by ``seat`` goes back to sleep, and ``seat``'s Knight may not take
        ``queen`` (docs/rules/sleepingqueens.md#cat-and-dog).

        >>> from kit.sleepingqueens.position import position
        >>> s = position(hands=[["King", "Knight", "1", "2", "3"], ["4", "5", "6", "7", "8"]], queens=[["Dog"], ["Cat"]])
        >>> s.rival_held(0, Queen.CAT), s.rival_held(1, Queen.CAT), s.rival_held(0, Queen.MOON)
        (Queen.DOG, None, None)
        """
        self._check_seat(seat)
        if not isinstance(queen, int) or not 0 <= queen < 12:
            raise KitError(f"{queen!r} is not a Queen; Queens: {', '.join(str(q) for q in Queen)}")
        rival = _RIVAL[int(queen)]
        return Queen(rival) if rival >= 0 and rival in self._awake[seat] else None

    def pending_attack(self) -> tuple[Card, int, int, Queen] | None:
        """The Knight or Sleeping Potion its target must answer now (public): ``(card, attacker, target,
        queen)``; ``None`` unless the game waits for that answer.  The target may block it with
        ``defence_against(card)`` (:func:`kit.sleepingqueens.cards.defence_against`).

        >>> from kit.sleepingqueens.position import position
        >>> s = position(hands=[["Knight", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[[], ["Moon"]])
        >>> s.pending_attack() is None
        True
        >>> s.apply_action("Knight p1 Moon")
        >>> s.pending_attack()
        (Card.KNIGHT, 0, 1, Queen.MOON)
        """
        if self._phase != DEFEND:
            return None
        kind, attacker, target, q, _idx = self._pending
        return (_CARD[_KNIGHT if kind == "knight" else _POTION], attacker, target, Queen(q))

    def draw_pile_size(self) -> int:
        return self._pool_n

    def discard_pile(self) -> list[Card]:
        """The face-up discard pile, bottom first (public)."""
        return [_CARD[v] for v in self._discard]

    def events(self) -> list[dict[str, Any]]:
        """Every event so far, hidden cards included (for teachers and tests; a seat sees
        :meth:`observation`'s ``"log"``). See :mod:`kit.sleepingqueens.events`."""
        return all_events(self)

    # ------------------------------------------------------------------ rules
    # Each step below takes a move that is legal (checked by apply_action, or drawn from legal_actions by the
    # fast path) and records it in the history when the state records.
    def _turn(self, action: Any, cls: type) -> None:
        """The turn's one action ``action`` (of class ``cls``; legal: not checked here)."""
        self._legal = None
        me = self._cur
        hand = self._hands[me]
        if cls is Discard:
            values = _VALUES.get(action) or _values(action)
            if self._rec:
                self._hist.append(action)
                self._log.append(("play", me, 0, -1, -1, 0, values))  # see events.play_record
            for v in values:
                hand.remove(v)
            self._discard += values
            self._end_action()
            return
        if self._rec:
            self._hist.append(action)
            self._log.append(_KING_PLAY[me][action.place] if cls is King else play_record(me, action))
        if cls is King:
            hand.remove(_KING)
            self._discard.append(_KING)
            self._wake(me, action.place - 1, "king")
        elif cls is Jester:
            hand.remove(_JESTER)
            self._discard.append(_JESTER)
            if not self._pool_n:
                self._reshuffle()
            self._phase = FLIP
        else:
            kind, card = _ATTACK[cls]
            hand.remove(card)
            self._discard.append(card)
            self._pending = (kind, me, action.target, _QUEEN_VALUE[action.queen],
                             action.place - 1 if cls is Potion else -1)
            self._phase, self._actor = DEFEND, action.target  # asked even without the card: see the docstring

    def _serve(self, pile: list[int], rand: Callable[[], float], shuffle: Callable[[list[int]], None] | None
               ) -> list[int]:
        """The fast path's draws (:mod:`kit.sleepingqueens.fast`): every card the draw queue owes, until the next
        turn starts, off ``pile`` (the draw pile's cards, one entry a card): a uniform position of it (``rand()``
        in [0, 1)) for each card, or, when the order is fixed (``shuffle`` given), its last card.  Returns the
        pile, a new one after a reshuffle (shuffled with ``shuffle`` when the order is fixed).

        The same steps as :meth:`apply_action` given ``Deal`` outcomes, one a card.
        """
        draws, pool, hands, rec = self._draws, self._pool, self._hands, self._rec
        self._cells = self._running = None  # not kept up to date here (the fast path asks for no chance outcomes)
        ordered = shuffle is not None
        left = self._pool_n
        while True:
            if not pile:  # the discard pile was shuffled into a new draw pile
                pile = _pile_of(pool, left)
                if shuffle is not None:
                    shuffle(pile)
            if ordered:
                v = pile.pop()
                if not pool[v]:
                    raise KitError(f"the draw pile holds no {_CARD[v]}: the order given does not fit the pile")
            else:  # the pile holds the pool's own cards
                v = pile.pop(int(rand() * left))
            seat, why = draws.pop()  # to the seat the draw queue serves
            _insort(hands[seat], v)
            pool[v] -= 1
            left -= 1
            if rec:
                self._hist.append(_DEAL[v])
                self._log.append(_DRAWN[why][seat][v])
            if not draws:  # the next turn starts (as _start_turn)
                self._pool_n = left
                self._cur = self._actor = self._next
                self._pending = ()
                self._legal = None
                self._phase = TURN
                return pile
            if not left:
                self._pool_n = 0
                self._reshuffle()
                left = self._pool_n

    def _choose(self, action: Wake) -> None:
        """The Queen to wake (after a Jester's number or the Rose Queen's bonus; legal: not checked here)."""
        if self._rec:
            self._hist.append(action)
        self._legal = None
        self._wake(self._actor, action.place - 1, self._pending[0])

    def _do_defence(self, a: Any) -> None:
        """The target's answer ``a`` (Block or Allow, legal: not checked here)."""
        if self._rec:
            self._hist.append(a)
        self._legal = None
        kind, attacker, target, q, idx = self._pending
        self._actor = attacker
        if a.__class__ is Block:
            card = _DEFENCE[kind]
            self._hands[target].remove(card)
            self._discard.append(card)
            if self._rec:
                self._log.append(("block", target, card, attacker, q))
            self._draws.append((target, "defend"))  # the defender draws one card, then (below it) the attacker refills
            self._end_action()
            return
        if self._rec:
            self._log.append(("allow", target, attacker, _KNIGHT if kind == "knight" else _POTION, q))
        self._awake[target].remove(q)
        self._ranked[target].remove(q)
        self._pts[target] -= _POINTS[q]
        if kind == "knight":
            self._awake[attacker].append(q)  # a stolen Rose gives nothing more
            _insort(self._ranked[attacker], q)
            self._pts[attacker] += _POINTS[q]
            if self._rec:
                self._log.append(("steal", attacker, target, q))
            if self._reached(attacker):
                return
        else:
            self._grid[idx] = q  # asleep again, where everyone saw her go
            self._mask |= 1 << idx
            if self._rec:
                self._log.append(("sleep", attacker, target, q, idx))
        self._end_action()

    def _wake(self, seat: int, idx: int, by: str) -> None:
        """``seat`` wakes the Queen in place ``idx`` (``by`` a King, a Jester or the Rose Queen's bonus): a
        chance step first if nobody has seen her."""
        g = self._grid[idx]
        self._pending = (seat, idx, by)
        if g == UNSEEN:
            self._phase = REVEAL
        else:
            self._take(seat, g, idx, by)

    def _reveal(self, q: int) -> None:
        """Chance: the face-down Queen being woken is ``q``, one of the unseen ones."""
        if self._rec:
            self._hist.append(_REVEAL[q])
        unseen = list(self._unseen)
        unseen.remove(q)
        self._unseen = tuple(unseen)
        seat, idx, by = self._pending
        if self._rec:
            self._log.append(("reveal", seat, idx, q))
        self._take(seat, q, idx, by)

    def _take(self, seat: int, q: int, idx: int, by: str) -> None:
        """Queen ``q``, woken from place ``idx``, comes to ``seat`` (or back to sleep: Cat and Dog)."""
        awake = self._awake[seat]
        rival = _RIVAL[q]
        if rival >= 0 and rival in awake:
            self._grid[idx] = q  # back to sleep in her place; everyone saw her
            if self._rec:
                self._log.append(("back", seat, q, idx, by))
            self._end_action()
            return
        self._grid[idx] = EMPTY
        mask = self._mask = self._mask & ~(1 << idx)
        awake.append(q)
        _insort(self._ranked[seat], q)
        pts = self._pts[seat] = self._pts[seat] + _POINTS[q]
        r = self._r
        won = "queens" if len(awake) >= r.target_queens else "points" if pts >= r.target_points else None
        bonus = q == _ROSE and won is None and mask != 0
        if self._rec:
            self._log.append(("wake", seat, q, idx, by, bonus))
        if won is not None:
            self._finish((seat,), won)
        elif bonus:
            self._phase, self._actor = WAKE, seat  # the Rose Queen's bonus: wake one more
            self._pending = ("rose",)
        else:
            self._end_action()

    def _flip(self, v: int) -> None:
        """Chance: the card a Jester turned over is ``v`` (off the draw pile)."""
        if self._rec:
            self._hist.append(_DEAL[v])
        c = self._pool[v] = self._pool[v] - 1
        self._pool_n -= 1
        cells, running = self._cells, self._running
        if cells is not None and running is not None:  # kept up to date, as in apply_action
            _drawn(cells, running, v, c)
        me = self._cur
        if self._rec:
            self._log.append(("flip", me, v))
        if v in _POWER:
            hand = self._hands[me]
            hand.append(v)
            hand.sort()
            self._start_turn(me)  # another turn, no refill in between
            return
        self._discard.append(v)
        if self._mask:
            counted = self._r.counted[me][v]
            if self._rec:
                self._log.append(("count", me, counted))
            self._phase, self._actor = WAKE, counted[-1]
            self._pending = ("jester",)
        else:  # pragma: no cover - the game ends when no Queen is asleep
            self._end_action()

    def _target_reached(self, seat: int) -> str | None:
        """``"queens"`` or ``"points"`` if ``seat`` holds the target, else ``None``."""
        r = self._r
        if len(self._awake[seat]) >= r.target_queens:
            return "queens"
        return "points" if self._pts[seat] >= r.target_points else None

    def _reached(self, seat: int) -> bool:
        """End the game if ``seat`` holds the target; say whether it did."""
        won = self._target_reached(seat)
        if won is not None:
            self._finish((seat,), won)
        return won is not None

    def _end_action(self) -> None:
        """The action is over: the end of the game when no Queen is asleep, else refill and pass on."""
        if not self._mask:
            self._finish(_leaders(self._pts), "all-awake")
            return
        me = self._cur
        missing = HAND_SIZE - len(self._hands[me])
        draws = self._draws
        if missing > 0:
            if draws:
                draws[:0] = self._r.refills[me][missing]  # after any card already owed
            else:
                draws.extend(self._r.refills[me][missing])
        self._next = self._r.nxt[me]
        if draws:
            if not self._pool_n:
                self._reshuffle()
            self._phase = DRAW
        else:
            self._start_turn(self._next)

    def _reshuffle(self) -> None:
        """The empty draw pile takes the shuffled discard pile."""
        pool = self._pool
        for v in self._discard:
            pool[v] += 1
        self._pool_n = len(self._discard)
        self._cells = self._running = None
        if self._rec:
            self._log.append(("reshuffle", self._pool_n))
        self._discard = []

    def _start_turn(self, seat: int) -> None:
        self._cur = self._actor = seat
        self._pending = ()
        self._legal = None
        self._phase = TURN

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        n = self._n
        res = self._result = GameResult(winners, reason, tuple(self._pts), tuple(len(a) for a in self._awake))
        self._returns = [1.0 if s in winners else 0.0 for s in range(n)]
        self._phase = OVER
        self._draws = []
        self._legal = None
        if self._rec:
            self._log.append(("end", winners, reason, res.points, res.queens))

    # ------------------------------------------------------------------ views
    def information_state(self, player: Any) -> str:  # Any: a bad seat is refused by _check_seat
        """Everything ``player`` has seen, in order, as one compact string (``None``: what everyone saw).

        Made from the events ``player`` sees (:func:`kit.sleepingqueens.events.visible_events`):
        public are every action played, the Queens woken (and where the
        sleeping ones went), the cards a Jester turned over, blocks,
        reshuffles; private to ``player`` are its own cards (dealt and drawn)
        and its own choice not to block.  Two states ``player`` cannot tell
        apart give the same string.
        """
        self._check_seat(player)
        return information_string(self, player)

    def observation(self, player: Any) -> dict[str, Any]:
        """A JSON-ready view of the game as ``player`` sees it; ``None``: what everyone sees (no hand).

        ``"log"`` is the list of events ``player`` has seen
        (:func:`kit.sleepingqueens.events.visible_events`).
        """
        self._check_seat(player)
        to_move = self.current_player()
        card = self._r.card
        grid = ["empty" if g == EMPTY else ("asleep" if g == UNSEEN else f"asleep:{Queen(g)}") for g in self._grid]
        obs: dict[str, Any] = {
            "game": "sleepingqueens",
            "players": self._n,
            "seat": player,
            "to_move": to_move,
            "turn": self._cur,
            "phase": PHASES[self._phase],
            "hand": [] if player is None else [str(card[v]) for v in self._hands[player]],
            "hand_sizes": [len(h) for h in self._hands],
            "queens": [[str(Queen(q)) for q in a] for a in self._awake],
            "points": [self.points(s) for s in range(self._n)],
            "grid": grid,
            "draw_pile": self._pool_n,
            "discard_pile": [str(card[v]) for v in self._discard],
            "log": visible_events(self, player),
        }
        if self._result is not None:
            obs["result"] = {"winners": list(self._result.winners), "reason": self._result.reason}
        return obs

    def _check_seat(self, player: Any) -> None:
        if player is not None and (not isinstance(player, int) or not 0 <= player < self._n):
            raise KitError(f"no seat {player!r}; seats are 0 to {self._n - 1} (or None: what everyone sees)")

    def __str__(self) -> str:
        card = self._r.card
        grid = " ".join("." if g == EMPTY else ("?" if g == UNSEEN else str(Queen(g))) for g in self._grid)
        lines = [f"Sleeping Queens ({self._n} players), {PHASES[self._phase]}, draw pile {self._pool_n}, "
                 f"grid [{grid}]"]
        for s in range(self._n):
            mark = ">" if s == self._cur and self._phase != OVER else " "
            lines.append(f"{mark}p{s}: hand {' '.join(str(card[v]) for v in self._hands[s]) or '-'} | queens "
                         f"{' '.join(str(Queen(q)) for q in self._awake[s]) or '-'} ({self.points(s)} points)")
        if self._result is not None:
            lines.append(f"winners {list(self._result.winners)} ({self._result.reason})")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<SleepingQueensState {self._n}p {PHASES[self._phase]} after {len(self._hist)} actions>"

    # ------------------------------------------------------------------ JSON
    _FIELDS: ClassVar[tuple[str, ...]] = ("_first", "_cur", "_actor", "_hands", "_pool", "_pool_n", "_discard",
                                          "_grid", "_unseen", "_awake", "_draws", "_next", "_pending", "_phase",
                                          "_log", "_returns")

    def to_json(self) -> str:
        """The whole state (hidden cards included) as JSON text."""
        state = {k[1:]: getattr(self, k) for k in self._FIELDS}
        state["draws"] = _grouped(self._draws[::-1])
        state["history"] = [str(a) for a in self._hist]
        res = self._result
        state["result"] = None if res is None else [list(res.winners), res.reason]
        return json.dumps({"kit": FORMAT_VERSION, "game": "sleepingqueens", "settings": self.game.settings(),
                           "state": state}, separators=(",", ":"))

    @classmethod
    def _from_dict(cls, game: Any, doc: dict[str, Any]) -> "SleepingQueensState":
        try:
            d = doc["state"]
            s = cls(game, d["first"])
            saved = dict(d, log=[_tuples(e) for e in d["log"]], pending=_tuples(d["pending"]),
                         unseen=tuple(d["unseen"]),
                         draws=[(seat, why) for seat, k, why in d["draws"] for _ in range(k)][::-1])
            for k in cls._FIELDS:  # each field in the type it has in play (JSON has lists for tuples)
                setattr(s, k, saved[k[1:]])
            for e in s._log:
                check_record(e)
            s._derive()
            s._cells = s._running = None  # the saved pile's cells are made when first needed
            s._hist = [parse_action(a) for a in d["history"]]
            if d["result"] is not None:
                w, reason = d["result"]
                s._result = GameResult(tuple(w), reason, tuple(s.points(x) for x in range(s._n)),
                                       tuple(len(s._awake[x]) for x in range(s._n)))
        except (KeyError, TypeError, ValueError) as exc:
            raise KitError(f"not a saved Sleeping Queens state: {exc}") from None
        return s


# The fields a pickle carries: all but the game and its rules (made again from the game).
_PICKLED: Final = tuple(k for k in _SLOTS if k not in ("game", "_r"))


def _unpickled(game: Any, first: int, values: tuple) -> SleepingQueensState:
    s = SleepingQueensState(game, first)
    for k, v in zip(_PICKLED, values):
        setattr(s, k, v)
    return s


def _grouped(draws: list[tuple[int, str]]) -> list[list[Any]]:
    """The draw queue as saved: ``[seat, how many, why]`` for each run of cards owed to one seat for one reason."""
    out: list[list[Any]] = []
    for seat, why in draws:
        if out and out[-1][0] == seat and out[-1][2] == why:
            out[-1][1] += 1
        else:
            out.append([seat, 1, why])
    return out


def _tuples(x: Any) -> Any:
    return tuple(_tuples(v) for v in x) if isinstance(x, list) else x

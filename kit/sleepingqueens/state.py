"""The Sleeping Queens rules engine: a whole game as one protocol state.

Every rule of RULES.md §2 lives here, once.  The game is a sequence of
explicit steps:

* chance: every card off the draw pile (the deal of 5 cards each, the draws
  that refill a hand to 5, a defender's draw, the card a Jester turns over),
  with exact ``Fraction`` probabilities over the draw pile's cards; and which
  Queen lies in a face-down place, drawn when the place is woken (uniform
  over the Queens nobody has seen, which is the same as shuffling the grid at
  the start);
* decisions: the player to move does ONE action (``King``, ``Knight``,
  ``Potion``, ``Jester``, ``Discard``); the target of a Knight or a Potion
  answers at once (RULES.md ruling): ``Block`` with a Dragon (against a
  Knight) or a Magic Wand (against a Potion) from hand, or ``Allow``; a
  player chooses the Queen to ``Wake`` after a Jester's number card or the
  Rose Queen's bonus.

Rulings and decisions the engine implements:

* Cat and Dog: waking the other one sends her back to sleep in her place
  (now known to all) and ends the action; a Knight may not take the Cat from
  a player while you hold the Dog, nor the reverse.
* Knight and Potion are legal only when some opponent has an awake Queen.
* The Rose Queen woken from the centre by any means (a King, a Jester's
  number, the bonus itself cannot repeat) lets her new owner wake one more
  Queen at once, if one is left; stolen, she gives nothing.
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
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

from ..core.errors import GameOverError, IllegalActionError, InvalidActionError, KitError
from ..core.protocol import CHANCE, TERMINAL, State
from ..core.seeding import ChanceOutcomes, FrozenList
from ..core.serialize import FORMAT_VERSION
from .actions import NOTATION_HELP, PLACES, Allow, Block, Deal, Discard, Jester, King, Knight, Potion, Reveal, Wake, \
    parse_action
from .cards import DECK, POWER, QUEEN_POINTS, TARGETS, Card, Queen, is_equation
from .events import all_events, check_record, information_string, play_record, visible_events

__all__ = ["SleepingQueensState", "GameResult", "PHASES", "HAND_SIZE"]

TURN, DEFEND, WAKE, DRAW, FLIP, REVEAL, OVER = range(7)
PHASES = ("turn", "defend", "wake", "draw", "jester-card", "reveal", "over")
_CHANCE_PHASES = (DRAW, FLIP, REVEAL)
HAND_SIZE = 5
# Places of the grid: a Queen id (asleep, known to all), or one of these.
UNSEEN, EMPTY = -1, -2
_ACTIONS = (King, Knight, Potion, Jester, Discard, Block, Allow, Wake, Deal, Reveal)
_KING, _KNIGHT, _DRAGON, _POTION, _WAND, _JESTER = (int(c) for c in (Card.KING, Card.KNIGHT, Card.DRAGON, Card.POTION,
                                                                     Card.WAND, Card.JESTER))
_POWER = frozenset(int(c) for c in POWER)
_CAT, _DOG, _ROSE = int(Queen.CAT), int(Queen.DOG), int(Queen.ROSE)
_RIVAL = {_CAT: _DOG, _DOG: _CAT}
_POINTS = [QUEEN_POINTS[Queen(q)] for q in range(12)]
_DEFENCE = {"knight": _DRAGON, "potion": _WAND}


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


class _Rules:
    """Per player-count constants and caches shared by all states of a game."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.target_queens, self.target_points = TARGETS[n]
        self.card = [None] + [Card(v) for v in range(1, 17)]
        self.deal = [None] + [Deal(Card(v)) for v in range(1, 17)]
        self.deal_value = {d: v for v, d in enumerate(self.deal) if d is not None}
        self.counts = [0] + [DECK[Card(v)] for v in range(1, 17)]
        self.outcomes: dict[tuple, ChanceOutcomes] = {}
        self.reveals: dict[tuple, ChanceOutcomes] = {}
        self.discards: dict[tuple, list[Discard]] = {}
        self.pairs: dict[tuple[int, int, int], tuple[Deal, Fraction]] = {}  # (card, copies, pile size)
        self.kings = [None] + [King(p) for p in range(1, PLACES + 1)]
        self.wakes = [None] + [Wake(p) for p in range(1, PLACES + 1)]
        self.knights = {(o, q): Knight(o, Queen(q)) for o in range(n) for q in range(12)}
        self.potions: dict[tuple[int, int, int], Potion] = {}
        self.plays: dict[tuple[int, Any], tuple] = {}  # (seat, action) -> its event record

    def draw_outcomes(self, pool: list[int], size: int) -> ChanceOutcomes:
        key = tuple(pool)
        found = self.outcomes.get(key)
        if found is None:
            items, cum, total = [], [], 0
            pairs = self.pairs
            for v, c in enumerate(pool):
                if c:
                    pair = pairs.get((v, c, size))
                    if pair is None:
                        pair = pairs[v, c, size] = (self.deal[v], Fraction(c, size))
                    items.append(pair)
                    total += c
                    cum.append(total)
            found = self.outcomes[key] = ChanceOutcomes(items, (cum, size))
        return found

    def reveal_outcomes(self, unseen: tuple[int, ...]) -> ChanceOutcomes:
        found = self.reveals.get(unseen)
        if found is None:
            k = len(unseen)
            found = self.reveals[unseen] = ChanceOutcomes([(Reveal(Queen(q)), Fraction(1, k)) for q in unseen],
                                                          (list(range(1, k + 1)), k))
        return found

    def potion(self, o: int, q: int, p: int) -> Potion:
        found = self.potions.get((o, q, p))
        if found is None:
            found = self.potions[o, q, p] = Potion(o, Queen(q), p)
        return found

    def discards_for(self, hand: tuple[int, ...]) -> list[Discard]:
        """Every legal discard of a hand (sorted values): singles, pairs, equations; cached."""
        found = self.discards.get(hand)
        if found is None:
            card = self.card
            groups: set[tuple[int, ...]] = {(v,) for v in hand}
            numbers = [v for v in hand if v <= 10]
            m = len(numbers)
            for mask in range(1, 1 << m):
                pick = tuple(numbers[i] for i in range(m) if mask >> i & 1)
                if (len(pick) == 2 and pick[0] == pick[1]) or is_equation(pick):
                    groups.add(pick)
            found = self.discards[hand] = FrozenList(
                sorted((Discard(tuple(card[v] for v in g)) for g in groups), key=Discard.sort_key))
        return found


class SleepingQueensState(State):
    """A game of Sleeping Queens (see the module docstring for the rules)."""

    def __init__(self, game: Any, first_player: int = 0) -> None:
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
        self._pool = r.counts[:]
        self._pool_n = sum(self._pool)
        self._discard: list[int] = []
        self._grid = [UNSEEN] * PLACES
        self._unseen = tuple(range(12))  # Queens asleep where nobody has seen them
        self._awake: list[list[int]] = [[] for _ in range(n)]
        # Cards to draw, in order: (seat, how many, why: "deal", "refill", "defend"); then ``_next`` starts a turn.
        self._draws: list[list[Any]] = [[(first_player + i) % n, HAND_SIZE, "deal"] for i in range(n)]
        self._next = first_player
        self._pending: tuple = ()
        self._phase = DRAW
        self._log: list[tuple] = []
        self._hist: list[Any] = []
        self._result: GameResult | None = None
        self._returns = [0.0] * n
        self._legal: list[Any] | None = None  # this decision's legal actions, once listed

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
        if any(_CAT in a and _DOG in a for a in awake):
            raise KitError("no player may hold both the Cat and the Dog")
        s = cls(game, to_move)
        s._awake = awake
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

    def legal_actions(self) -> list[Any]:
        ph = self._phase
        if ph <= WAKE:
            legal = self._legal
            if legal is None:
                if ph == TURN:
                    legal = self._turn_actions()
                elif ph == DEFEND:
                    kind, target = self._pending[0], self._pending[2]
                    legal = [Block(), Allow()] if _DEFENCE[kind] in self._hands[target] else [Allow()]
                else:
                    wakes = self._r.wakes
                    legal = [wakes[i + 1] for i, g in enumerate(self._grid) if g != EMPTY]
                legal = self._legal = FrozenList(legal)
            return legal
        if ph == OVER:
            return []
        return [a for a, _ in self.chance_outcomes()]

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        ph = self._phase
        if ph == DRAW or ph == FLIP:
            return self._r.draw_outcomes(self._pool, self._pool_n)
        if ph == REVEAL:
            return self._r.reveal_outcomes(self._unseen)
        return []

    def apply_action(self, action: Any) -> None:
        if action.__class__ is str:
            action = parse_action(action)
        elif action.__class__ not in _ACTIONS:
            raise InvalidActionError(f"{action!r} is not a Sleeping Queens action; {NOTATION_HELP}")
        ph = self._phase
        if ph == OVER:
            raise GameOverError(f"the game is over ({self._result.reason}); start a new game")
        if ph == DRAW or ph == FLIP:
            v = self._r.deal_value.get(action, 0)
            if not v or not self._pool[v]:
                raise IllegalActionError(self._why_illegal(action))
            self._hist.append(action)
            self._pool[v] -= 1
            self._pool_n -= 1
            if ph == DRAW:
                self._draw(v)
            else:
                self._flip(v)
            return
        if ph == REVEAL:
            if action.__class__ is not Reveal or int(action.queen) not in self._unseen:
                raise IllegalActionError(self._why_illegal(action))
            self._hist.append(action)
            q = int(action.queen)
            self._unseen = tuple(x for x in self._unseen if x != q)
            seat, idx, by = self._pending
            self._log.append(("reveal", seat, idx, q))
            self._take(seat, q, idx, by)
            return
        if action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))
        self._legal = None
        self._hist.append(action)
        if ph == TURN:
            self._do_turn(action)
        elif ph == DEFEND:
            self._do_defence(action)
        else:
            self._wake(self._actor, action.place - 1, self._pending[0])

    def returns(self) -> list[float]:
        return list(self._returns)

    def history(self) -> list[Any]:
        return list(self._hist)

    def clone(self) -> "SleepingQueensState":
        new = object.__new__(SleepingQueensState)
        new.__dict__.update(self.__dict__)
        new._hands = [h[:] for h in self._hands]
        new._pool = self._pool[:]
        new._discard = self._discard[:]
        new._grid = self._grid[:]
        new._awake = [a[:] for a in self._awake]
        new._draws = [d[:] for d in self._draws]
        new._log = self._log[:]
        new._hist = self._hist[:]
        new._returns = self._returns[:]
        return new

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
        return [self._r.card[v] for v in self._hands[seat]]

    def queens(self, seat: int) -> list[Queen]:
        """The awake Queens in front of ``seat`` (public), in the order they came."""
        return [Queen(q) for q in self._awake[seat]]

    def points(self, seat: int) -> int:
        """Points of ``seat``'s awake Queens (public)."""
        return sum(_POINTS[q] for q in self._awake[seat])

    def grid(self) -> list[Queen | str]:
        """Hidden: each place 1–12 as its Queen (asleep), ``"empty"``, or ``"unseen"`` (not drawn yet)."""
        return [Queen(g) if g >= 0 else ("empty" if g == EMPTY else "unseen") for g in self._grid]

    def draw_pile_size(self) -> int:
        return self._pool_n

    def discard_pile(self) -> list[Card]:
        """The face-up discard pile, bottom first (public)."""
        return [self._r.card[v] for v in self._discard]

    def events(self) -> list[dict[str, Any]]:
        """Every event so far, hidden cards included (for teachers and tests; a seat sees
        :meth:`observation`'s ``"log"``). See :mod:`kit.sleepingqueens.events`."""
        return all_events(self)

    # ------------------------------------------------------------------ rules
    def _turn_actions(self) -> list[Any]:
        """The legal actions of a turn, built in their sorted order (see each action's ``sort_key``)."""
        me = self._cur
        hand = self._hands[me]
        r = self._r
        out: list[Any] = []
        if _KING in hand:
            kings = r.kings
            out.extend([kings[i + 1] for i, g in enumerate(self._grid) if g != EMPTY])
        mine = self._awake[me]
        targets = [(o, q) for o in range(self._n) if o != me for q in sorted(self._awake[o])]
        if _KNIGHT in hand:
            knights = r.knights
            out.extend([knights[t] for t in targets if _RIVAL.get(t[1]) not in mine])
        if _POTION in hand and targets:
            empty = [i + 1 for i, g in enumerate(self._grid) if g == EMPTY]
            out.extend([r.potion(o, q, p) for o, q in targets for p in empty])
        if _JESTER in hand:
            out.append(Jester())
        out.extend(r.discards_for(tuple(hand)))
        return out

    def _discard_cards(self, seat: int, values: list[int]) -> None:
        hand = self._hands[seat]
        for v in values:
            hand.remove(v)
        self._discard.extend(values)

    def _do_turn(self, a: Any) -> None:
        me = self._cur
        cls = a.__class__
        plays = self._r.plays
        record = plays.get((me, a))
        if record is None:
            record = plays[me, a] = play_record(me, a)
        self._log.append(record)
        if cls is Discard:
            self._discard_cards(me, [int(c) for c in a.cards])
            self._end_action()
        elif cls is King:
            self._discard_cards(me, [_KING])
            self._wake(me, a.place - 1, "king")
        elif cls is Jester:
            self._discard_cards(me, [_JESTER])
            self._need_card()
            self._phase = FLIP
        else:
            kind = "knight" if cls is Knight else "potion"
            self._discard_cards(me, [_KNIGHT if cls is Knight else _POTION])
            self._pending = (kind, me, a.target, int(a.queen), getattr(a, "place", 0) - 1)
            self._phase, self._actor = DEFEND, a.target  # asked even without the card: see the module docstring

    def _do_defence(self, a: Any) -> None:
        kind, attacker, target, q, idx = self._pending
        if a.__class__ is Block:
            card = _DEFENCE[kind]
            self._discard_cards(target, [card])
            self._log.append(("block", target, card, attacker, q))
            self._draws.append([target, 1, "defend"])  # the defender draws one card, then the attacker refills
            self._actor = attacker
            self._end_action()
        else:
            self._log.append(("allow", target, attacker, _KNIGHT if kind == "knight" else _POTION, q))
            self._actor = attacker
            self._resolve_attack()

    def _resolve_attack(self) -> None:
        kind, attacker, target, q, idx = self._pending
        self._awake[target].remove(q)
        if kind == "knight":
            self._awake[attacker].append(q)  # a stolen Rose gives nothing more
            self._log.append(("steal", attacker, target, q))
            if self._reached(attacker):
                return
        else:
            self._grid[idx] = q  # asleep again, where everyone saw her go
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

    def _take(self, seat: int, q: int, idx: int, by: str) -> None:
        """Queen ``q``, woken from place ``idx``, comes to ``seat`` (or back to sleep: Cat and Dog)."""
        if _RIVAL.get(q) in self._awake[seat]:
            self._grid[idx] = q  # back to sleep in her place; everyone saw her
            self._log.append(("back", seat, q, idx, by))
            self._end_action()
            return
        self._grid[idx] = EMPTY
        self._awake[seat].append(q)
        won = self._target_reached(seat)
        bonus = q == _ROSE and won is None and any(g != EMPTY for g in self._grid)
        self._log.append(("wake", seat, q, idx, by, bonus))
        if won is not None:
            self._finish((seat,), won)
            return
        if bonus:
            self._phase, self._actor = WAKE, seat  # the Rose Queen's bonus: wake one more
            self._pending = ("rose",)
            return
        self._end_action()

    def _flip(self, v: int) -> None:
        """The card a Jester turned over."""
        me = self._cur
        self._log.append(("flip", me, v))
        if v in _POWER:
            self._hands[me].append(v)
            self._hands[me].sort()
            self._start_turn(me)  # another turn, no refill in between
            return
        self._discard.append(v)
        chooser = (me + v - 1) % self._n
        if any(g != EMPTY for g in self._grid):
            self._log.append(("count", me, tuple((me + i) % self._n for i in range(v))))
            self._phase, self._actor = WAKE, chooser
            self._pending = ("jester",)
        else:  # pragma: no cover - the game ends when no Queen is asleep
            self._end_action()

    def _target_reached(self, seat: int) -> str | None:
        """``"queens"`` or ``"points"`` if ``seat`` holds the target, else ``None``."""
        r = self._r
        if len(self._awake[seat]) >= r.target_queens:
            return "queens"
        return "points" if self.points(seat) >= r.target_points else None

    def _reached(self, seat: int) -> bool:
        """End the game if ``seat`` holds the target; say whether it did."""
        won = self._target_reached(seat)
        if won is not None:
            self._finish((seat,), won)
        return won is not None

    def _end_action(self) -> None:
        """The action is over: the end of the game when no Queen is asleep, else refill and pass on."""
        if all(g == EMPTY for g in self._grid):
            pts = [self.points(s) for s in range(self._n)]
            best = max(pts)
            self._finish(tuple(s for s in range(self._n) if pts[s] == best), "all-awake")
            return
        me = self._cur
        missing = HAND_SIZE - len(self._hands[me])
        if missing > 0:
            self._draws.append([me, missing, "refill"])
        self._next = (me + 1) % self._n
        self._continue()

    def _continue(self) -> None:
        draws = self._draws
        while draws and draws[0][1] <= 0:
            draws.pop(0)
        if draws:
            self._need_card()
            self._phase = DRAW
        else:
            self._start_turn(self._next)

    def _need_card(self) -> None:
        """An empty draw pile takes the shuffled discard pile."""
        if not self._pool_n:
            for v in self._discard:
                self._pool[v] += 1
            self._pool_n = len(self._discard)
            self._log.append(("reshuffle", self._pool_n))
            self._discard = []

    def _draw(self, v: int) -> None:
        entry = self._draws[0]
        seat = entry[0]
        hand = self._hands[seat]
        hand.append(v)
        hand.sort()
        self._log.append(("draw", seat, v, entry[2]))
        entry[1] -= 1
        self._continue()

    def _start_turn(self, seat: int) -> None:
        self._cur = self._actor = seat
        self._pending = ()
        self._legal = None
        self._phase = TURN

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        n = self._n
        res = self._result = GameResult(winners, reason, tuple(self.points(s) for s in range(n)),
                                        tuple(len(self._awake[s]) for s in range(n)))
        self._returns = [1.0 if s in winners else 0.0 for s in range(n)]
        self._phase = OVER
        self._draws = []
        self._log.append(("end", winners, reason, res.points, res.queens))

    # ------------------------------------------------------------------ errors
    def _why_illegal(self, action: Any) -> str:
        ph = self._phase
        if ph in _CHANCE_PHASES:
            allowed = ", ".join(str(a) for a, _ in self.chance_outcomes())
            return f"chance moves now ({PHASES[ph]}): {action} is not a possible outcome; possible: {allowed}"
        legal = self.legal_actions()
        allowed = ", ".join(map(str, legal))
        me, hand = self._actor, self._hands[self._actor]
        held = " ".join(str(self._r.card[v]) for v in hand)
        why = "that is not one of the actions open now"
        cls = action.__class__
        if ph == DEFEND:
            kind = self._pending[0]
            card = self._r.card[_DEFENCE[kind]]
            why = (f"p{me} must answer the {kind.title()}: block with a {card} or allow" if len(legal) == 2
                   else f"p{me} holds no {card}, so the {kind.title()} cannot be blocked: allow")
        elif ph == WAKE:
            why = f"p{me} chooses a sleeping Queen to wake: a place that is not empty" if cls is Wake \
                else f"p{me} must choose a Queen to wake"
        elif cls in (Block, Allow, Wake, Deal, Reveal):
            why = f"p{me} is to play one action (holding {held})"
        elif cls is Discard:
            values = [int(c) for c in action.cards]
            if any(values.count(v) > hand.count(v) for v in values):
                why = f"p{me} does not hold {' '.join(map(str, action.cards))} (holds {held})"
            elif len(values) == 2:
                why = "two cards make a discard only as a pair of identical numbers"
            else:
                why = ("three or more cards make a discard only as an addition equation: the largest is the sum "
                       "of the others (2+3=5, 2+3+4=9)")
        else:
            card = {King: _KING, Knight: _KNIGHT, Potion: _POTION, Jester: _JESTER}[cls]
            name = self._r.card[card]
            if card not in hand:
                why = f"p{me} holds no {name} (holds {held})"
            elif cls is King:
                why = f"place {action.place} is empty: wake a place where a Queen sleeps"
            elif not (0 <= action.target < self._n) or action.target == me:
                why = f"the {name} chooses an opponent (p0 to p{self._n - 1}, not yourself)"
            elif int(action.queen) not in self._awake[action.target]:
                why = f"p{action.target} has no awake {action.queen} Queen"
            elif cls is Knight and _RIVAL.get(int(action.queen)) in self._awake[me]:
                why = "you may not take the Cat while you hold the Dog, nor the Dog while you hold the Cat"
            elif cls is Potion:
                why = f"place {action.place} is not empty: the Queen goes to sleep in an empty place"
        return f"{action} is not allowed: {why}. Allowed: {allowed}"

    # ------------------------------------------------------------------ views
    def information_state(self, player: int | None) -> str:
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

    def observation(self, player: int | None) -> dict[str, Any]:
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

    def _check_seat(self, player: int | None) -> None:
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
    _FIELDS = ("_first", "_cur", "_actor", "_hands", "_pool", "_pool_n", "_discard", "_grid", "_unseen", "_awake",
               "_draws", "_next", "_pending", "_phase", "_log", "_returns")

    def to_json(self) -> str:
        """The whole state (hidden cards included) as JSON text."""
        state = {k[1:]: getattr(self, k) for k in self._FIELDS}
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
            for k in cls._FIELDS:
                setattr(s, k, d[k[1:]])
            s._log = [_tuples(e) for e in d["log"]]
            for e in s._log:
                check_record(e)
            s._pending, s._unseen = _tuples(d["pending"]), tuple(d["unseen"])
            s._draws = [list(x) for x in d["draws"]]
            s._hist = [parse_action(a) for a in d["history"]]
            if d["result"] is not None:
                w, reason = d["result"]
                s._result = GameResult(tuple(w), reason, tuple(s.points(x) for x in range(s._n)),
                                       tuple(len(s._awake[x]) for x in range(s._n)))
        except (KeyError, TypeError, ValueError) as exc:
            raise KitError(f"not a saved Sleeping Queens state: {exc}") from None
        return s


def _tuples(x: Any) -> Any:
    return tuple(_tuples(v) for v in x) if isinstance(x, list) else x

"""The Love Letter rules engine: one round as a protocol state.

Every rule of docs/rules/loveletter.md lives here, once.  The round is a sequence of
explicit steps:

* chance: the set-aside card, (2 players) three face-up cards, one card dealt
  to each seat starting with the first player, every draw (turn draws, a
  Prince's replacement, the Chancellor's two cards);
* decisions: the player to move picks a :class:`~kit.loveletter.actions.Play`;
  after a Chancellor they pick a :class:`~kit.loveletter.actions.Keep`.

Chance outcomes are exact ``Fraction`` probabilities.  The deck is a multiset
of unseen cards (``pool``) above an ordered stack of cards the Chancellor put
under it (``bottom``): a draw is uniform over the pool while it lasts, then
takes the bottom cards in order, so a single-outcome chance node.  A Prince's
target facing an empty deck takes the set-aside card (also a one-outcome node).

Rulings the engine implements (docs/rules/loveletter.md#rulings-and-decisions):

* A card that must choose another player, with none choosable (all out or
  protected), is played with no effect (``Play(card)`` with no target); the
  Prince then must choose yourself.
* A Guard may name every card of the edition except the Guard.
* The round ends at once when one player is left (``"last-standing"``),
  otherwise when the deck is empty at the end of a turn (``"deck-empty"``):
  the highest hand wins; every tied player wins (the ``first-publisher``
  variant first breaks the tie by the higher sum of discards).
* Spy bonus (2019): exactly one player still in the round who played or
  discarded a Spy gains one token, winner or not.

``returns()`` are the tokens each seat gained this round.

What happens is recorded as compact internal records; their schema, their
JSON-ready dicts and the one rule of who sees what are in :mod:`.events`
(``observation(seat)["log"]`` and ``information_state(seat)`` both come from
it).  Described positions are built with :meth:`LoveLetterState.described`.

Examples
--------
>>> from kit.loveletter import LoveLetter
>>> s = LoveLetter(2, edition="classic").new_initial_state()
>>> s.current_player()          # the set-aside card is chance's
-1
>>> [str(a) for a, p in s.chance_outcomes()][:3]
['deal Guard', 'deal Priest', 'deal Baron']
>>> s.chance_outcomes()[0][1]
Fraction(5, 16)
>>> for text in ["deal Princess", "deal Guard", "deal Guard", "deal Guard",
...              "deal King", "deal Baron", "deal Countess"]:
...     s.apply_action(text)
>>> s.current_player(), [str(a) for a in s.legal_actions()]
(0, ['Countess'])
"""

from __future__ import annotations

import json
from functools import lru_cache
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

from ..core.errors import (Code, GameOverError, IllegalActionError, InvalidActionError, Joined, KitError, Phrase,
                           Seat, Term, not_an_outcome)
from ..core.protocol import CHANCE, TERMINAL, State
from ..core.seeding import ChanceOutcomes, FrozenList
from ..core.serialize import FORMAT_VERSION
from ..core.validate import sequence
from ..i18n import N_
from .actions import NOTATION_HELP, Deal, Keep, Play, parse_action
from .cards import Edition
from .events import all_events, information_string, visible_events

__all__ = ["LoveLetterState", "RoundResult", "PHASES"]

# Phases of a round.
DEAL, DRAW, PLAY, CH_DRAW, CH_KEEP, PRINCE_DRAW, OVER = range(7)
PHASES = ("deal", "draw", "play", "chancellor-draw", "chancellor-keep", "prince-draw", "over")
# Places the deal plan sends a card to, besides a seat's hand (a seat number).
SET_ASIDE, FACE_UP = -2, -3
_DECISION = (PLAY, CH_KEEP)
_IS_CHANCE = tuple(ph in (DEAL, DRAW, CH_DRAW, PRINCE_DRAW) for ph in range(7))  # by phase
_ACTION_TYPES = (Play, Keep, Deal)


def _term(card: Any) -> Term:
    """A card's name in a refusal (translated with Love Letter's names where it is shown)."""
    return Term("loveletter", str(card))


_FROM_SETASIDE = SET_ASIDE  # the "placer" of a card drawn from the set-aside place


@dataclass(frozen=True)
class RoundResult:
    """How a round ended.

    Attributes
    ----------
    winners
        Seats that won the round (several on a tie).
    reason
        ``"last-standing"`` or ``"deck-empty"``.
    spy
        Seat that gained the Spy bonus, or ``None``.
    tokens
        Tokens gained per seat (the state's ``returns()``).
    """

    winners: tuple[int, ...]
    reason: str
    spy: int | None
    tokens: tuple[int, ...]


class _Rules:
    """Per (edition, players) constants and caches shared by all states of a game."""

    def __init__(self, ed: Edition, n: int) -> None:
        self.ed = ed
        self.n = n
        self.card = [ed.card(v) if c else None for v, c in enumerate(ed.counts)]
        v = ed.value
        self.SPY, self.GUARD, self.PRIEST, self.BARON = v("SPY"), v("GUARD"), v("PRIEST"), v("BARON")
        self.HANDMAID, self.PRINCE, self.CHANCELLOR = v("HANDMAID"), v("PRINCE"), v("CHANCELLOR")
        self.KING, self.COUNTESS, self.PRINCESS = v("KING"), v("COUNTESS"), v("PRINCESS")
        self.guesses = [int(c) for c in ed.guessable]
        self.deal = [Deal(c) if c is not None else None for c in self.card]
        self.deal_value = {d: v for v, d in enumerate(self.deal) if d is not None}
        self.certain = [ChanceOutcomes([(d, Fraction(1))]) if d else None for d in self.deal]
        self.targeted = {self.GUARD, self.PRIEST, self.BARON, self.KING}
        # forced[a][b]: the card the rules make a hand of values a and b play (the Countess rule, asked of
        # the edition once), or None when the player chooses; for the bots' integer-coded models
        real = [v for v, c in enumerate(ed.counts) if c]
        self.forced: list[list[int | None]] = [[None] * len(ed.counts) for _ in ed.counts]
        for a in real:
            for b in real:
                must = ed.must_play((a, b))
                self.forced[a][b] = None if must is None else int(must)
        self.plays: dict[tuple, list[Play]] = {}
        self.keeps: dict[tuple, list[Keep]] = {}
        self.outcomes: dict[tuple, list[tuple[Deal, Fraction]]] = {}
        self.fraction = lru_cache(maxsize=None)(Fraction)
        # The deal plan per first player: the set-aside card, three face-up
        # cards with two players, then one card to each seat from the first.
        self.plans = [(SET_ASIDE,) + (FACE_UP,) * (3 if n == 2 else 0) + tuple((f + i) % n for i in range(n))
                      for f in range(n)]
        self.counts = list(ed.counts)  # the full deck as copies per card value
        self.size = sum(ed.counts)
        self.flat = [v for v, c in enumerate(ed.counts) for _ in range(c)]  # the full deck, one entry a card
        self.no_cards = ((),) * n  # a fresh state's hands and discards
        self.code: dict[Play, tuple[int, int | None, int | None]] = {}  # a play as ints (card, target, guess)

    def code_of(self, action: Play) -> tuple[int, int | None, int | None]:
        """``(card, target, guess)`` of a play as plain ints (cached: ``int()`` of an IntEnum is slow)."""
        found = self.code.get(action)
        if found is None:
            g = action.guess
            found = self.code[action] = (int(action.card), action.target, None if g is None else int(g))
        return found

    def plays_for(self, a: int, b: int, others: tuple[int, ...], me: int) -> list[Play]:
        """Legal plays with hand ``{a, b}``, choosable opponents ``others``; cached."""
        key = (a, b, others, me) if a <= b else (b, a, others, me)
        found = self.plays.get(key)
        if found is not None:
            return found
        lo, hi = key[0], key[1]
        card = self.card
        forced = self.forced[lo][hi]  # the Countess rule (cards.py): with the King or a Prince
        out: list[Play] = []
        for c in ((lo,) if lo == hi else (lo, hi)):
            if forced is not None and c != forced:
                continue
            cc = card[c]
            if c == self.GUARD:
                if others:
                    out.extend(Play(cc, t, card[g]) for t in others for g in self.guesses)
                else:
                    out.append(Play(cc))
            elif c in self.targeted:
                if others:
                    out.extend(Play(cc, t) for t in others)
                else:
                    out.append(Play(cc))
            elif c == self.PRINCE:
                out.extend(Play(cc, t) for t in sorted(others + (me,)))
            else:
                out.append(Play(cc))
        out = self.plays[key] = FrozenList(out)
        return out

    def keeps_for(self, hand: list[int]) -> list[Keep]:
        """The Chancellor's choices with ``hand`` (2 or 3 cards); cached."""
        key = tuple(sorted(hand))
        found = self.keeps.get(key)
        if found is not None:
            return found
        card = self.card
        out: list[Keep] = []
        for i, k in enumerate(key):
            if i and key[i - 1] == k:
                continue
            rest = list(key[:i] + key[i + 1:])
            orders = [tuple(rest)] if len(rest) < 2 or rest[0] == rest[1] else [tuple(rest), tuple(rest[::-1])]
            out.extend(Keep(card[k], tuple(card[u] for u in o)) for o in orders)
        out = self.keeps[key] = FrozenList(out)
        return out

    def outcomes_for(self, pool: list[int], size: int) -> list[tuple[Deal, Fraction]]:
        """Uniform draw from a pool of card counts; cached by composition."""
        key = tuple(pool)
        found = self.outcomes.get(key)
        if found is None:
            deal, frac = self.deal, self.fraction
            items, cum, total = [], [], 0
            for v, c in enumerate(pool):
                if c:
                    items.append((deal[v], frac(c, size)))
                    total += c
                    cum.append(total)
            found = self.outcomes[key] = ChanceOutcomes(items, (cum, size))
        return found


class LoveLetterState(State):
    """One round of Love Letter (see the module docstring for the rules)."""

    __slots__ = ("game", "_r", "_n", "_first", "_phase", "_cur", "_recv", "_todo", "_plan", "_pos",
                 "_hands", "_pool", "_pool_n", "_bottom", "_setaside", "_faceup",
                 "_discards", "_alive", "_nalive", "_prot", "_spied", "_log", "_hist",
                 "_returns", "_result", "_rec", "_legal", "_info")

    def __init__(self, game: Any, first_player: int = 0, *, record: bool = True) -> None:
        r = game._rules
        n = r.n
        if not isinstance(first_player, int) or not 0 <= first_player < n:
            raise KitError(f"first_player must be a seat from 0 to {n - 1}, not {first_player!r}")
        self.game = game
        self._r = r
        self._n = n
        self._first = self._cur = self._recv = first_player
        self._phase = DEAL
        self._todo = self._pos = 0
        self._plan: tuple[int, ...] = r.plans[first_player]  # where each card of the deal goes
        self._hands: list[list[int]] = [*map(list, r.no_cards)]
        self._pool = r.counts[:]
        self._pool_n = r.size
        self._bottom: list[tuple[int, int]] = []  # (card, seat that put it there), top first
        self._setaside = -1
        self._faceup: list[int] = []
        self._discards: list[list[int]] = [*map(list, r.no_cards)]
        self._alive = [True] * n
        self._nalive = n
        self._prot = [False] * n
        self._spied = [False] * n
        self._log: list[tuple] = []
        self._hist: list[Any] = []
        self._returns = [0] * n
        self._result: RoundResult | None = None
        self._rec = record
        self._legal: list | None = None  # legal plays of this decision, once computed
        self._info: list[tuple[int, str]] | None = None  # (log length, text) per seat, made when first asked

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        ph = self._phase
        if ph == PLAY or ph == CH_KEEP:
            return self._cur
        if ph == OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self._phase == OVER

    def legal_actions(self) -> list[Any]:
        ph = self._phase
        if ph == PLAY:
            return self._legal or self._legal_plays()
        if ph == CH_KEEP:
            return self._r.keeps_for(self._hands[self._cur])
        if ph == OVER:
            return []
        return [a for a, _ in self.chance_outcomes()]

    def chance_outcomes(self) -> list[tuple[Deal, Fraction]]:
        if not _IS_CHANCE[self._phase]:
            return []
        if self._pool_n:
            found = self._r.outcomes.get(tuple(self._pool))
            return found if found is not None else self._r.outcomes_for(self._pool, self._pool_n)
        if self._bottom:
            return self._r.certain[self._bottom[0][0]]
        return self._r.certain[self._setaside]  # a Prince's target, deck empty

    def apply_action(self, action: Any) -> None:
        cls = action.__class__
        if cls is str:
            action = parse_action(action, self._r.ed)
        elif cls not in _ACTION_TYPES:
            # (checked first: an unhashable object must not reach the dict lookup below)
            raise InvalidActionError(N_("{action} is not a Love Letter action; {help}"), action=Code(repr(action)),
                                     help=NOTATION_HELP)
        ph = self._phase
        if _IS_CHANCE[ph]:  # the commonest step first
            v = self._r.deal_value.get(action, -1)
            if v < 0 or not (self._pool[v] if self._pool_n else self._can_deal(v)):
                raise IllegalActionError(self._why_illegal(action))
            self._hist.append(action)
            self._deal(v)
        elif ph == PLAY:
            if action not in (self._legal or self._legal_plays()):
                raise IllegalActionError(self._why_illegal(action))
            self._hist.append(action)
            self._do_play(action)
        elif ph == CH_KEEP:
            if action not in self._r.keeps_for(self._hands[self._cur]):
                raise IllegalActionError(self._why_illegal(action))
            self._hist.append(action)
            self._do_keep(action)
        else:
            raise GameOverError(N_("{why} ({reason}); start a new round"), why=Phrase("the round is over"),
                                reason=Code(self._result.reason))

    def _can_deal(self, v: int) -> bool:
        """Is card ``v`` a possible outcome of the chance node now?"""
        if self._pool_n:
            return self._pool[v] > 0
        if self._bottom:
            return self._bottom[0][0] == v
        return self._setaside == v

    def returns(self) -> list[float]:
        return list(self._returns)

    def history(self) -> list[Any]:
        return list(self._hist)

    def clone(self) -> "LoveLetterState":
        new = object.__new__(LoveLetterState)
        new.game = self.game
        new._r = self._r
        new._n = self._n
        new._first = self._first
        new._phase = self._phase
        new._cur = self._cur
        new._recv = self._recv
        new._todo = self._todo
        new._plan = self._plan
        new._pos = self._pos
        new._hands = [h[:] for h in self._hands]
        new._pool = self._pool[:]
        new._pool_n = self._pool_n
        new._bottom = self._bottom[:]
        new._setaside = self._setaside
        new._faceup = self._faceup[:]
        new._discards = [d[:] for d in self._discards]
        new._alive = self._alive[:]
        new._nalive = self._nalive
        new._prot = self._prot[:]
        new._spied = self._spied[:]
        new._log = self._log[:]
        new._hist = self._hist[:]
        new._returns = self._returns[:]
        new._result = self._result
        new._rec = self._rec
        new._legal = self._legal
        new._info = None if self._info is None else self._info[:]
        return new

    def __copy__(self) -> "LoveLetterState":
        return self.clone()

    def __deepcopy__(self, memo: dict) -> "LoveLetterState":
        return self.clone()

    def transposition_key(self) -> tuple:
        """Everything the rest of the round depends on, as one hashable value (not the way here).

        Two states with equal keys have the same future: the same actions,
        chance outcomes, events and returns from here on (their histories may
        differ: a card dealt and a card drawn, swapped).  The game-tree builder
        :func:`kit.trees.compact_tree` builds the subtree of each key once.
        """
        return (self._phase, self._first, self._cur, self._recv, self._todo, self._plan, self._pos,
                tuple(map(tuple, self._hands)), tuple(self._pool), tuple(self._bottom), self._setaside,
                tuple(self._faceup), tuple(map(tuple, self._discards)), tuple(self._alive), tuple(self._prot),
                tuple(self._spied), tuple(self._returns), self._rec)

    # ------------------------------------------------------------------ queries
    def result(self) -> RoundResult | None:
        """How the round ended, or ``None`` while it goes on."""
        return self._result

    @property
    def phase(self) -> str:
        """Name of the current step (``"play"``, ``"draw"``, ``"over"``, ...)."""
        return PHASES[self._phase]

    @property
    def first_player(self) -> int:
        return self._first

    def deck_size(self) -> int:
        """Cards left in the deck (not counting the set-aside card)."""
        return self._pool_n + len(self._bottom)

    def hand(self, seat: int) -> list[Any]:
        """The cards ``seat`` holds. Hidden information: for teachers, tests and omniscient bots."""
        return [self._r.card[c] for c in self._hands[seat]]

    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds (public: everyone sees how many cards a player has).

        >>> from kit.loveletter import LoveLetter
        >>> s = LoveLetter(3).new_initial_state()
        >>> for a in ["deal Guard", "deal Priest", "deal Baron", "deal King", "deal Spy"]:
        ...     s.apply_action(a)
        >>> s.hand_sizes()                  # p0 has drawn for its turn
        [2, 1, 1]
        """
        return [len(h) for h in self._hands]

    def discards(self, seat: int) -> list[Any]:
        """Cards ``seat`` played or discarded this round, in order (public)."""
        return [self._r.card[c] for c in self._discards[seat]]

    def face_up(self) -> list[Any]:
        """The face-up set-aside cards (2 players; public)."""
        return [self._r.card[c] for c in self._faceup]

    def set_aside(self) -> Any | None:
        """The face-down set-aside card (hidden), ``None`` when not dealt or taken."""
        return self._r.card[self._setaside] if self._setaside >= 0 else None

    def deck(self) -> dict[Any, int]:
        """Hidden: the unordered part of the deck as ``{card: copies}``."""
        return {self._r.card[v]: c for v, c in enumerate(self._pool) if c}

    def deck_bottom(self) -> list[Any]:
        """Hidden: cards a Chancellor put under the deck, top first."""
        return [self._r.card[c] for c, _ in self._bottom]

    def alive(self) -> list[bool]:
        """Who is still in the round (public)."""
        return list(self._alive)

    def protected(self) -> list[bool]:
        """Who is protected by a Handmaid (public)."""
        return list(self._prot)

    def events(self) -> list[dict[str, Any]]:
        """Every event of the round, hidden cards included (:func:`~kit.loveletter.events.all_events`)."""
        return all_events(self)

    # ------------------------------------------------------------------ rules
    def _legal_plays(self) -> list[Play]:
        legal = self._legal
        if legal is None:
            me, alive, prot = self._cur, self._alive, self._prot
            if self._n == 2:
                o = 1 - me
                others = (o,) if alive[o] and not prot[o] else ()
            else:
                others = tuple([s for s in range(self._n) if s != me and alive[s] and not prot[s]])
            h = self._hands[me]
            legal = self._legal = self._r.plays_for(h[0], h[1], others, me)
        return legal

    def _take(self, v: int) -> int:
        """Remove card ``v`` from wherever the next card comes from; return its placer."""
        if self._pool_n:
            self._pool[v] -= 1
            self._pool_n -= 1
            return -1
        if self._bottom:
            return self._bottom.pop(0)[1]
        self._setaside = -1
        return _FROM_SETASIDE

    def _deal(self, v: int) -> None:
        if self._pool_n:  # the common case, inlined from _take
            self._pool[v] -= 1
            self._pool_n -= 1
            placer = -1
        else:
            placer = self._take(v)
        ph = self._phase
        rec = self._rec
        if ph == DRAW:
            self._hands[self._cur].append(v)
            if rec:
                self._log.append(("draw", self._cur, v, placer))
            self._phase = PLAY
        elif ph == DEAL:
            place = self._plan[self._pos]
            self._pos += 1
            if place >= 0:
                self._hands[place].append(v)
                if rec:
                    self._log.append(("deal", place, v))
            elif place == SET_ASIDE:
                self._setaside = v
                if rec:
                    self._log.append(("setaside", v))
            else:
                self._faceup.append(v)
                if rec:
                    self._log.append(("faceup", v))
            if self._pos == len(self._plan):
                self._start_turn(self._first)
        elif ph == CH_DRAW:
            self._hands[self._cur].append(v)
            if rec:
                self._log.append(("draw", self._cur, v, placer))
            self._todo -= 1
            if not self._todo:
                self._phase = CH_KEEP
        else:  # PRINCE_DRAW
            self._hands[self._recv].append(v)
            if rec:
                self._log.append(("draw", self._recv, v, placer))
            self._end_turn()

    def _start_turn(self, seat: int) -> None:
        self._cur = seat
        self._prot[seat] = False  # a Handmaid protects until the start of your next turn
        self._phase = DRAW

    def _do_play(self, action: Play) -> None:
        self._legal = None
        r = self._r
        me = self._cur
        c, t, g = r.code.get(action) or r.code_of(action)
        hand = self._hands[me]
        hand.remove(c)
        self._discards[me].append(c)
        if c == r.SPY:
            self._spied[me] = True
        rec = self._rec
        if rec:
            self._log.append(("play", me, c, t, g))
        if t is None:
            if c == r.HANDMAID:
                self._prot[me] = True
            elif c == r.PRINCESS:
                self._eliminate(me, "princess")
            elif c == r.CHANCELLOR:
                k = min(2, self._pool_n + len(self._bottom))
                if k:
                    self._todo = k
                    self._phase = CH_DRAW
                    return
            # Spy, Countess, or a targeted card with nobody to choose: no effect
        elif c == r.GUARD:
            if self._hands[t][0] == g:
                self._eliminate(t, "guard")
        elif c == r.PRIEST:
            if rec:
                self._log.append(("peek", me, t, self._hands[t][0]))
        elif c == r.BARON:
            mine, theirs = hand[0], self._hands[t][0]
            if rec:
                self._log.append(("baron", me, t, mine, theirs))
            if mine < theirs:
                self._eliminate(me, "baron")
            elif theirs < mine:
                self._eliminate(t, "baron")
        elif c == r.PRINCE:
            target_hand = self._hands[t]
            d = target_hand.pop()
            self._discards[t].append(d)
            if d == r.SPY:
                self._spied[t] = True
            if rec:
                self._log.append(("discard", t, d))
            if d == r.PRINCESS:
                self._eliminate(t, "princess")
            else:
                self._recv = t
                self._phase = PRINCE_DRAW
                return
        elif c == r.KING:
            other = self._hands[t]
            if rec:
                self._log.append(("trade", me, t, hand[0], other[0]))
            self._hands[me], self._hands[t] = other, hand
        self._end_turn()

    def _do_keep(self, action: Keep) -> None:
        me = self._cur
        self._hands[me] = [int(action.card)]
        under = [int(u) for u in action.under]
        self._bottom.extend((u, me) for u in under)
        if self._rec:
            self._log.append(("return", me, tuple(under)))
        self._end_turn()

    def _eliminate(self, seat: int, cause: str) -> None:
        self._alive[seat] = False
        self._nalive -= 1
        hand = self._hands[seat]
        self._discards[seat].extend(hand)
        if self._rec:
            self._log.append(("out", seat, tuple(hand), cause))
        self._hands[seat] = []

    def _end_turn(self) -> None:
        if self._nalive == 1:
            self._finish("last-standing")
        elif not self._pool_n and not self._bottom:
            self._finish("deck-empty")
        else:
            s = self._cur
            n = self._n
            alive = self._alive
            while True:
                s = (s + 1) % n
                if alive[s]:
                    break
            self._start_turn(s)

    def _finish(self, reason: str) -> None:
        alive = [s for s in range(self._n) if self._alive[s]]
        if reason == "last-standing":
            winners = alive
        else:
            best = max(self._hands[s][0] for s in alive)
            winners = [s for s in alive if self._hands[s][0] == best]
            if len(winners) > 1 and self._r.ed.discard_tiebreak:
                top = max(sum(self._discards[s]) for s in winners)
                winners = [s for s in winners if sum(self._discards[s]) == top]
        spy = None
        if self._r.SPY >= 0:
            spies = [s for s in alive if self._spied[s]]
            if len(spies) == 1:
                spy = spies[0]
        tokens = [0] * self._n
        for w in winners:
            tokens[w] += 1
        if spy is not None:
            tokens[spy] += 1
        self._returns = tokens
        self._result = RoundResult(tuple(winners), reason, spy, tuple(tokens))
        self._phase = OVER
        if self._rec:
            shown = tuple((s, self._hands[s][0]) for s in alive) if reason == "deck-empty" else ()
            self._log.append(("end", tuple(winners), reason, spy, shown))

    # ------------------------------------------------------------------ errors
    def _why_illegal(self, action: Any) -> Phrase:
        """Why ``action`` is refused here, as data (a template and its fields; ``str()`` is the English)."""
        ph = self._phase
        card = self._r.card
        if ph not in _DECISION:
            return not_an_outcome(self, action, PHASES[ph])
        legal = self.legal_actions()
        allowed = Code(", ".join(map(str, legal)))
        me = self._cur
        if ph == CH_KEEP:
            held = Joined([_term(card[c]) for c in sorted(self._hands[me])], " ", ", ")
            why = Phrase("{seat} is choosing which card to keep after the Chancellor (holding {held}); keep one "
                         "and put the rest under the deck", seat=Seat(me), held=held)
            return Phrase("{action} is not allowed: {why}. Allowed: {allowed}", action=Code(str(action)), why=why,
                          allowed=allowed)
        held = sorted(self._hands[me])
        why = Phrase("that is not one of the actions open now")
        if isinstance(action, Keep):
            why = Phrase("there is no Chancellor choice to make now")
        elif isinstance(action, Deal):
            why = Phrase("{seat} is to play a card, not chance", seat=Seat(me))
        elif isinstance(action, Play):
            r = self._r
            c = int(action.card) if type(action.card) is r.ed.card else -1
            name = _term(action.card) if c >= 0 else None
            if c < 0:
                why = Phrase("{card} is not a card of the {edition} edition", card=Code(repr(action.card)),
                             edition=Phrase(r.ed.name))
            elif c not in held:
                why = Phrase("{seat} does not hold a {card}", seat=Seat(me), card=name)
            elif (barred := r.ed.barred(c, held)) is not None:
                why = barred
            elif action.target is not None and not (type(action.target) is int and 0 <= action.target < self._n):
                why = Phrase("there is no seat {target} (seats are the ints 0 to {last})",
                             target=Code(repr(action.target)), last=self._n - 1)
            elif action.target is not None and not self._alive[action.target]:
                why = Phrase("{seat} is out of the round", seat=Seat(action.target))
            elif action.target is not None and action.target != me and self._prot[action.target]:
                why = Phrase("{seat} is protected by a Handmaid", seat=Seat(action.target))
            elif action.target == me and c != r.PRINCE:
                why = Phrase("the {card} must choose another player", card=name)
            elif action.target is None and any(a.card is action.card and a.target is not None for a in legal):
                why = Phrase("the {card} must choose a player", card=name)
            elif action.target is not None and c not in r.targeted and c != r.PRINCE:
                why = Phrase("the {card} does not choose a player", card=name)
            elif action.target is not None and all(a.card is not action.card or a.target is None for a in legal):
                why = Phrase("nobody can be chosen, so the {card} is played with no target and no effect", card=name)
            elif c == r.GUARD and action.guess is not None and type(action.guess) is not r.ed.card:
                why = Phrase("{card} is not a card of the {edition} edition", card=Code(repr(action.guess)),
                             edition=Phrase(r.ed.name))
            elif c == r.GUARD and action.guess is not None and int(action.guess) == r.GUARD:
                why = Phrase("a Guard may not name the Guard")
            elif c == r.GUARD and action.guess is None and action.target is not None:
                why = Phrase("a Guard must name a card")
            elif c != r.GUARD and action.guess is not None:
                why = Phrase("only a Guard names a card; the {card} does not", card=name)
        else:
            return Phrase("{action} is not a Love Letter action. Allowed: {allowed}", action=Code(repr(action)),
                          allowed=allowed)
        return Phrase("{action} is not allowed: {why}. Allowed: {allowed}", action=Code(str(action)), why=why,
                      allowed=allowed)

    # ------------------------------------------------------------------ views
    def information_state(self, player: int) -> str:
        """Everything ``player`` has seen this round, in order, as one string.

        One line per event ``player`` saw (:func:`~kit.loveletter.events.visible_events`,
        in the kit's short notation, joined by ``|``), after ``p<seat>/<players>``.
        Public: face-up cards, every play (card, target, guess), every discard,
        who is out and with what, protection, the end.  Private to ``player``:
        its own deals and draws, what its Priest saw, both hands of a Baron or
        King it took part in, the cards and order it put under the deck, and
        cards it draws from there.  Two states ``player`` cannot tell apart
        give the same string.
        """
        return information_string(self, player)

    def observation(self, player: int | None) -> dict[str, Any]:
        """A JSON-ready view of the round as ``player`` sees it (``None``: what everyone sees).

        ``"log"`` is :func:`~kit.loveletter.events.visible_events` of the seat:
        a list of event dicts.  ``"hand"`` is the seat's own cards;
        ``"hand_sizes"`` how many cards every seat holds (public, never which).
        With ``player=None`` the seat is ``None`` and the hand empty: the view
        of a spectator, equal from every seat.
        """
        if player is not None:
            self._check_seat(player)
        card = self._r.card
        obs: dict[str, Any] = {
            "game": "loveletter",
            "edition": self._r.ed.name,
            "players": self._n,
            "seat": player,
            "to_move": self.current_player(),
            "phase": PHASES[self._phase],
            "hand": [] if player is None else [str(card[c]) for c in self._hands[player]],
            "hand_sizes": self.hand_sizes(),
            "discards": [[str(card[c]) for c in d] for d in self._discards],
            "face_up": [str(card[c]) for c in self._faceup],
            "deck": self.deck_size(),
            "set_aside": self._setaside >= 0,
            "alive": list(self._alive),
            "protected": list(self._prot),
            "log": visible_events(self, player),
        }
        if self._result is not None:
            obs["result"] = {"winners": list(self._result.winners), "reason": self._result.reason,
                             "spy": self._result.spy, "tokens": list(self._result.tokens)}
        return obs

    def _check_seat(self, player: int) -> None:
        if not isinstance(player, int) or not 0 <= player < self._n:
            raise KitError(f"no seat {player!r}; seats are 0 to {self._n - 1}")

    # ------------------------------------------------------------------ built positions
    @classmethod
    def described(cls, game: Any, to_move: int, *, face_up: Sequence[Any] = (), played: Sequence[Sequence[Any]],
                  hands: Sequence[Any | None], deck: int, protected: Sequence[bool] | None = None
                  ) -> "LoveLetterState":
        """A round late in play, from a description (the public constructor of described positions).

        Parameters
        ----------
        game
            A :class:`~kit.loveletter.LoveLetter`.
        to_move
            The seat whose turn starts (it draws first).
        face_up
            The face-up set-aside cards (three with two players, none otherwise).
        played
            For each seat, the cards it has played or discarded, in order.
        hands
            For each seat, its card if every player knows it, else ``None``.
        deck
            Cards left in the deck (at least 1: the player to move draws).
        protected
            Seats protected by a Handmaid (the player to move's protection ends now).

        Cards are edition cards or their names.  The state starts with chance
        steps that deal every unseen card uniformly among the places nobody
        sees: each unknown hand (in seat order), then the face-down set-aside
        card; the rest stays in the deck.  The description is public: its
        events (``history``, ``reveal``, ``protected``) are seen by everyone.

        Raises
        ------
        kit.core.KitError
            When the description does not add up, with what is wrong.

        Examples
        --------
        >>> from kit.loveletter import LoveLetter
        >>> s = LoveLetterState.described(LoveLetter(2, edition="classic"), 0, face_up=["Guard", "Priest", "Handmaid"],
        ...     played=[["Guard", "Baron", "Handmaid", "King"], ["Guard", "Priest", "Baron", "Guard"]],
        ...     hands=[None, "Prince"], deck=2)
        >>> s.phase, sorted(str(c) for c, k in s.deck().items() for _ in range(k))
        ('deal', ['Countess', 'Guard', 'Prince', 'Princess'])
        >>> s.information_state(1).split("|")[-1]
        'p1 holds Prince, known to all'
        """
        r = game._rules
        n, ed = r.n, r.ed
        if not isinstance(to_move, int) or not 0 <= to_move < n:
            raise KitError(f"to_move must be a seat from 0 to {n - 1}, not {to_move!r}")
        protected = [False] * n if protected is None else sequence(protected, "protected", n, "flags, one per seat")
        if not all(type(p) is bool for p in protected):
            raise KitError(f"protected must be a list of {n} flags (True or False), not {protected!r}")
        played = [sequence(p, f"played[{seat}]", what="cards") for seat, p in
                  enumerate(sequence(played, "played", n, "lists of cards, one per seat"))]
        hands = sequence(hands, "hands", n, "hands, one per seat (a card or None)")
        face_up = sequence(face_up, "face_up", what="cards")
        want = 3 if n == 2 else 0
        if len(face_up) != want:
            raise KitError(f"{n} players set {want} cards aside face up; got {len(face_up)}")
        if not isinstance(deck, int) or deck < 1:
            raise KitError(f"deck must be at least 1 (the player to move draws), not {deck!r}")

        def value(c: Any) -> int:
            if isinstance(c, ed.card):
                return int(c)
            return int(ed.by_name(str(c)))

        faceup_v = [value(c) for c in face_up]
        played_v = [[value(c) for c in p] for p in played]
        hands_v = [None if h is None else value(h) for h in hands]
        unseen = list(ed.counts)
        for v in faceup_v + [v for p in played_v for v in p] + [h for h in hands_v if h is not None]:
            unseen[v] -= 1
        too_many = [f"{ed.card(v)} x{ed.counts[v] - u} (the deck has {ed.counts[v]})"
                    for v, u in enumerate(unseen) if u < 0]
        if too_many:
            raise KitError("more cards than the edition has: " + ", ".join(too_many))
        places = sum(h is None for h in hands_v) + 1 + deck  # unknown hands, the set-aside card, the deck
        if sum(unseen) != places:
            raise KitError(
                f"{sum(unseen)} cards are unseen but the description has {places} places for them "
                f"({sum(h is None for h in hands_v)} unknown hands + 1 set-aside + {deck} in the deck): "
                f"adjust played cards or the deck size")
        if r.PRINCESS in [v for p in played_v for v in p]:
            raise KitError("a player who played the Princess is out: describe a round still going on")
        s = cls(game, to_move)
        s._faceup = faceup_v
        s._discards = [list(p) for p in played_v]
        s._spied = [r.SPY >= 0 and r.SPY in p for p in played_v]
        s._prot = [bool(x) for x in protected]
        s._pool = unseen
        s._pool_n = sum(unseen)
        s._hands = [[] if h is None else [h] for h in hands_v]
        s._plan = tuple(seat for seat, h in enumerate(hands_v) if h is None) + (SET_ASIDE,)
        log: list[tuple] = [("faceup", v) for v in faceup_v]
        for seat, p in enumerate(played_v):
            log.extend(("history", seat, v) for v in p)
        log.extend(("reveal", seat, h) for seat, h in enumerate(hands_v) if h is not None)
        log.extend(("protected", seat) for seat, p in enumerate(protected) if p)  # public: a Handmaid was played
        s._log = log
        return s

    def determinized(self, hands: Sequence[Sequence[int]], pool: Sequence[int],
                     bottom: Sequence[tuple[int, int]], set_aside: int) -> "LoveLetterState":
        """A copy with every hidden card placed anew, for determinized search (card values as ints).

        ``hands[seat]`` the cards of each seat, ``pool`` the copies of each
        value in the unordered deck, ``bottom`` the ``(card, placer)`` pairs
        under the deck (top first), ``set_aside`` the face-down card (-1:
        none).  The copy has no history and no event log (they would hold the
        real hidden cards): it is for search, never for display.  The caller
        (:func:`kit.loveletter.knowledge.resample`) keeps the public part and
        the card counts consistent.
        """
        new = self.clone()
        new._hist = []
        new._log = []
        new._info = None
        new._legal = None
        new._hands = [list(h) for h in hands]
        new._pool = list(pool)
        new._pool_n = sum(new._pool)
        new._bottom = [tuple(b) for b in bottom]
        new._setaside = set_aside
        return new

    def resample(self, player: int, rng: Any) -> "LoveLetterState":
        """A full state drawn uniformly from what ``player`` knows (see :mod:`.knowledge`)."""
        from .knowledge import resample

        return resample(self, player, rng)

    def __str__(self) -> str:
        card = self._r.card
        lines = [f"Love Letter ({self._r.ed.name}, {self._n} players), {PHASES[self._phase]}, "
                 f"deck {self.deck_size()}"]
        for s in range(self._n):
            status = "out" if not self._alive[s] else ("protected" if self._prot[s] else "")
            mark = ">" if s == self._cur and self._phase != OVER else " "
            lines.append(f"{mark}p{s}: hand {' '.join(str(card[c]) for c in self._hands[s]) or '-'}"
                         f" | played {' '.join(str(card[c]) for c in self._discards[s]) or '-'} {status}")
        if self._result is not None:
            lines.append(f"winners {list(self._result.winners)} ({self._result.reason}), "
                         f"spy bonus {self._result.spy}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The picture of a bare state in a notebook cell: the **teacher's** view.

        A state is the whole truth of a round, so its picture shows every
        hand, the set-aside card and the deck (like ``print(state)``).  A
        seat's view is ``kit.render.loveletter.table_html(state.observation(seat))``
        (what :class:`kit.widgets.LoveLetterTable` shows students).
        """
        from ..render.loveletter import state_html  # lazy: the rules never need the renderer

        return state_html(self)

    def __repr__(self) -> str:
        return f"<LoveLetterState {self._r.ed.name} {self._n}p {PHASES[self._phase]} after {len(self._hist)} actions>"

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> str:
        """The whole state (hidden cards included) as JSON text (loaded, every field checked, by
        ``game.state_from_json``: :mod:`kit.loveletter.saves`)."""
        return json.dumps(self._to_dict(), separators=(",", ":"))

    def _to_dict(self) -> dict[str, Any]:
        res = self._result
        return {
            "kit": FORMAT_VERSION,
            "game": "loveletter",
            "settings": self.game.settings(),
            "state": {
                "first": self._first, "phase": self._phase, "cur": self._cur, "recv": self._recv,
                "plan": self._plan, "pos": self._pos,
                "todo": self._todo, "hands": self._hands, "pool": self._pool,
                "bottom": [list(b) for b in self._bottom], "setaside": self._setaside,
                "faceup": self._faceup, "discards": self._discards, "alive": self._alive,
                "protected": self._prot, "spied": self._spied, "log": self._log,
                "history": [str(a) for a in self._hist], "returns": self._returns,
                "result": None if res is None else [list(res.winners), res.reason, res.spy],
            },
        }

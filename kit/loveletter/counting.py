"""Exact card counting in Love Letter: what an opponent holds, given what a seat saw.

:func:`posterior` answers "what is p1's card, and with what probability?"
*exactly* (``fractions.Fraction``), from everything one seat saw this round
and nothing else: it reads the round only through
:func:`~kit.loveletter.events.visible_events`, the events as that seat saw
them, so no hidden card can leak into the answer.

The model (the prior and the likelihood, stated once):

* **Prior.** The cards the seat has not seen are dealt uniformly at random
  among the places it cannot see: opponents' cards it has not seen, the
  unordered deck, the face-down set-aside card, and cards another player put
  under the deck.  (That is how the engine shuffles; see :mod:`.state`.)
* **Policy-free likelihood** (``policy=None``, the default).  Opponents'
  visible choices are not modelled: any card in hand may be the one played,
  as long as the play was legal -- the only rule that bears on the hand is
  the Countess rule (a player holding the Countess with the King or a Prince
  cannot play the King or the Prince).  Formally every legal action has
  likelihood 1.  (So after a play of card ``c`` from two unknown cards, the
  card left is half as likely to be another ``c`` as the unseen counts say:
  the hand ``{c, c}`` is dealt in one order, ``{c, y}`` in two.)  A choice the seat does not see -- which card another
  player's Chancellor kept, and the order of the cards it put under the
  deck -- is taken as a random shuffle of the cards in that hand (each of the
  cards equally likely to be kept), so it tells the seat nothing.
* **Policy-aware likelihood** (``policy=...``).  Every action of every
  opponent is weighed by the probability that the given policy model takes
  it: a callable that receives a :class:`Decision` (the deciding seat's hand,
  its legal actions and the public history) and returns ``{action:
  probability}``.  Hidden Chancellor choices are then weighed by the policy
  too.  :func:`uniform_policy` (uniform over the legal actions, how
  :class:`~kit.core.RandomBot` plays) is provided.  A model sees the decider's
  hand and the public history only, not what the decider saw privately (its
  own Priest peeks, for instance).

Everything the seat saw is used: plays, discards and face-up cards; its own
Priest peeks, Baron duels and King trades; a Guard that missed (the target
does not hold the named card); a Baron between two *other* players (the
loser's card is shown, the winner's is higher; a tie means equal cards); a
King trade between two others (their cards change hands); cards it put under
the deck and later saw drawn; cards another player put under the deck (hidden
places that move to whoever draws them); the hands shown at the end.

How it is computed (exactly, and fast)
--------------------------------------
A forward filter over the seat's event stream.  The belief is a small set of
weighted *configurations*: for each opponent the cards of its hand, and the
cards under the deck.  A card the seat has not identified is kept *lazy*: a
placeholder slot that stands for "one of the unseen cards", carrying a
likelihood vector ``phi`` (``phi[v]``: how much the observations so far
favour value ``v`` for that slot; all ones at first).  The unseen multiset
``U`` of a configuration is spread uniformly over its placeholder slots and
the places nobody sees.  A configuration's weight counts deals: its
probability is ``weight * sum over values of the placeholders of
prod(phi[v]) * M(U - values)``, where ``M`` is the number of arrangements
(a multinomial coefficient).  Every event then is a small exact
transformation:

* a seen card (dealt, drawn or turned face up) leaves ``U``; a hidden draw
  adds a placeholder;
* a placeholder is *resolved* to ``v`` (a Priest peek, a discard, a hand shown)
  by multiplying by ``phi[v]`` and taking ``v`` out of ``U``;
* a Guard miss zeroes ``phi[g]``; a Baron winner zeroes the values not above
  the loser's card; a Baron tie between others makes two cards equal;
* an opponent's play of card ``c`` from a two-card hand leaves one card whose
  ``phi`` is multiplied by the likelihood of that play with that card, so the
  configuration does not split (two placeholders: the remaining slot gets
  ``phi1[c] * phi2[y] + phi2[c] * phi1[y]`` (once when ``y == c``) times the
  likelihood);
* a King trade between others swaps two hands; a hidden Chancellor return
  permutes slots.

Configurations therefore stay few (one to a few dozen, even with six
players).  The answer sums over the placeholders' values with a small
dynamic programme over ``U``, where a weight vector is written as a constant
(the slot is then interchangeable with the deck: nothing to sum) plus a few
corrections.  Typical cost (median over random positions of random rounds):
0.2-0.5 ms with two players, 1-3 ms with four to six; the slowest positions
take tens of milliseconds.  With a policy whose Chancellor choices are *not*
uniform, an opponent's hidden keep is enumerated card by card: exact, but
with two such keeps in a 4-6 player round it can take seconds.

Examples
--------
Two players, classic edition.  Seat 0 saw the three face-up cards (two Guards
and a Priest) and holds a Handmaid; seat 1's card is any of the 12 cards seat 0
has not seen, in proportion to their copies:

>>> from kit.loveletter import LoveLetter
>>> s = LoveLetter(2, edition="classic").new_initial_state()
>>> for a in ["deal Princess",                              # set aside (hidden)
...           "deal Guard", "deal Guard", "deal Priest",     # face up
...           "deal Handmaid", "deal King"]:                 # p0, p1
...     s.apply_action(a)
>>> p = posterior(s, 0)[1]
>>> {str(c): str(f) for c, f in p.items()}
{'Guard': '1/4', 'Priest': '1/12', 'Baron': '1/6', 'Handmaid': '1/12', 'Prince': '1/6', 'King': '1/12', 'Countess': '1/12', 'Princess': '1/12'}
>>> sum(p.values())
Fraction(1, 1)

Seat 0 draws a Guard and names the Prince: a miss, so seat 1 holds no Prince:

>>> s.apply_action("deal Guard"); s.apply_action("Guard p1 Prince")
>>> {str(c): str(f) for c, f in posterior(s, 0)[1].items()}
{'Guard': '2/9', 'Priest': '1/9', 'Baron': '2/9', 'Handmaid': '1/9', 'King': '1/9', 'Countess': '1/9', 'Princess': '1/9'}
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, permutations
from math import factorial, gcd, lcm
from typing import Any, Callable, Iterable, Iterator, Mapping

from ..core.errors import KitError
from .actions import Play
from .events import public_events, visible_events
from .state import LoveLetterState

__all__ = [
    "posterior", "posterior_hands", "holding_chances", "chances_of", "Decision", "Policy", "uniform_policy",
    "best_guard_guess", "baron_odds", "baron_win_probability", "prince_hits_princess",
]


@dataclass(frozen=True)
class Decision:
    """What a policy model is told about one decision of one player.

    Attributes
    ----------
    player
        The deciding seat.
    kind
        ``"play"`` (a card from a two-card hand) or ``"keep"`` (after a
        Chancellor: which card to keep, which go under the deck).
    hand
        The decider's cards (edition cards, lowest first) in the
        configuration being weighed.
    legal
        The legal actions with that hand (:class:`~kit.loveletter.Play` or
        :class:`~kit.loveletter.Keep`), as the engine lists them.
    alive, protected
        Who is still in the round, who is protected by a Handmaid.
    deck_size
        Cards left in the deck.
    public
        The public events of the round so far: event dicts as everyone saw
        them (:func:`~kit.loveletter.events.visible_events` of ``None``).
    """

    player: int
    kind: str
    hand: tuple[Any, ...]
    legal: tuple[Any, ...]
    alive: tuple[bool, ...]
    protected: tuple[bool, ...]
    deck_size: int
    public: tuple[dict, ...]


#: A policy model: ``policy(decision) -> {action: probability}`` (missing actions: 0).
#: Probabilities should be ``Fraction`` or ``int`` for exact answers (a ``float`` is
#: converted exactly).  A policy whose Chancellor choices are uniform over the legal
#: keeps may say so with the attribute ``uniform_keep = True``: the hidden keeps are
#: then handled without enumerating the cards (otherwise each opponent's hidden keep
#: multiplies the configurations by up to a few hundred).
Policy = Callable[[Decision], Mapping[Any, Any]]


def uniform_policy(decision: Decision) -> dict[Any, Fraction]:
    """Uniform over the legal actions (the model of :class:`~kit.core.RandomBot`).

    Note that this differs from the policy-free posterior: with the Countess
    and a King in hand the Countess is played for sure, while with the
    Countess and a Guard she is only one of several legal actions -- so seeing
    the Countess played makes a King or a Prince more likely to be the card
    kept.

    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2, edition="classic").new_initial_state()
    >>> for a in ["deal Princess", "deal Guard", "deal Guard", "deal Priest",
    ...           "deal Handmaid", "deal Countess", "deal Baron", "Handmaid", "deal King"]:
    ...     s.apply_action(a)
    >>> s.apply_action("Countess")           # p1 had to: the King is in hand
    >>> free = posterior(s, 0)[1]            # p1's card, policy-free
    >>> aware = posterior(s, 0, policy=uniform_policy)
    >>> str(free[s.game.edition.card.KING]), str(aware[1][s.game.edition.card.KING])
    ('1/10', '2/13')
    """
    legal = decision.legal
    p = Fraction(1, len(legal))
    return {a: p for a in legal}


uniform_policy.uniform_keep = True  # type: ignore[attr-defined]  # its keeps: uniform over legal keeps


# ---------------------------------------------------------------------------
# the filter
# ---------------------------------------------------------------------------
# A slot is an ``int`` (a card value the configuration fixes) or a tuple
# ``phi`` (a placeholder: one of the unseen cards, weighed by ``phi[value]``).
# A configuration is ``(hands, bottom, unseen)``: ``hands[o]`` the slots of
# seat ``o`` (sorted; the observing seat's own entry stays empty),
# ``bottom`` the slots under the deck (top first), ``unseen`` the counts of
# the cards not placed (spread over the placeholders, the deck and the
# set-aside card).


@lru_cache(maxsize=100_000)
def _arrangements(unseen: tuple[int, ...]) -> int:
    """Number of distinct orders of the multiset ``unseen``."""
    out = factorial(sum(unseen))
    for c in unseen:
        out //= factorial(c)
    return out


def _take(unseen: tuple[int, ...], v: int) -> tuple[int, ...] | None:
    if unseen[v] <= 0:
        return None
    out = list(unseen)
    out[v] -= 1
    return tuple(out)


def _slot_key(slot: Any) -> tuple:
    return (0, slot) if slot.__class__ is int else (1, slot)


def _canon(slots: Iterable[Any]) -> tuple:
    return tuple(sorted(slots, key=_slot_key))


def _with(hands: tuple, seat: int, hand: tuple) -> tuple:
    return hands[:seat] + (hand,) + hands[seat + 1:]


def _resolve(slot: Any, v: int, unseen: tuple[int, ...]) -> tuple[Any, tuple[int, ...]] | None:
    """``(factor, unseen')`` for slot ``slot`` holding card ``v``; ``None`` if impossible."""
    if slot.__class__ is int:
        return (1, unseen) if slot == v else None
    f = slot[v]
    if not f:
        return None
    rest = _take(unseen, v)
    return None if rest is None else (f, rest)


def _match(hand: tuple, cards: Iterable[int], unseen: tuple[int, ...]) -> tuple[Any, tuple[int, ...]] | None:
    """The slots of ``hand`` hold exactly the multiset ``cards``: ``(factor, unseen')`` or ``None``."""
    rem = list(cards)
    free = []
    for slot in hand:
        if slot.__class__ is int:
            if slot not in rem:
                return None
            rem.remove(slot)
        else:
            free.append(slot)
    if len(free) != len(rem):
        return None
    for v in rem:
        unseen = _take(unseen, v)
        if unseen is None:
            return None
    total: Any = 0
    for order in set(permutations(rem)):
        f: Any = 1
        for slot, v in zip(free, order):
            f *= slot[v]
        total += f
    return (total, unseen) if total else None


def _expand(slots: tuple, unseen: tuple[int, ...]) -> Iterator[tuple[list[int], Any, tuple[int, ...]]]:
    """Every way to give values to the placeholders among ``slots``: ``(values, factor, unseen')``.

    ``values`` lists the value of every slot, in order; ``factor`` is the
    product of the placeholders' weights (each distinct order counted).
    """
    def rec(i: int, values: list[int], factor: Any, u: tuple[int, ...]):
        if i == len(slots):
            yield list(values), factor, u
            return
        slot = slots[i]
        if slot.__class__ is int:
            values.append(slot)
            yield from rec(i + 1, values, factor, u)
            values.pop()
            return
        for v, c in enumerate(u):
            if c and slot[v]:
                values.append(v)
                yield from rec(i + 1, values, factor * slot[v], _take(u, v))
                values.pop()

    yield from rec(0, [], 1, unseen)


def _plain(slot: tuple, unseen: tuple[int, ...]) -> bool:
    """A placeholder that favours no available value (equivalent to all ones)."""
    return all(slot[v] == 1 for v, c in enumerate(unseen) if c)


def _normal(phi: list, unseen: tuple[int, ...]) -> tuple[Any, tuple[int, ...]] | None:
    """Write a weight vector as ``scale * phi'`` with ``phi'`` coprime non-negative ints.

    Entries of values no longer unseen are set to 0 (they can never count
    again: unseen cards only leave).  ``None`` when nothing is left.
    """
    phi = [f if unseen[v] else 0 for v, f in enumerate(phi)]
    nz = [f for f in phi if f]
    if not nz:
        return None
    den = 1
    for f in nz:
        den = lcm(den, f.denominator)
    ints = [int(f * den) for f in phi]
    g = 0
    for f in ints:
        g = gcd(g, f)
    scale = Fraction(g, den) if den != 1 else g
    return scale, tuple(f // g for f in ints)


class _Filter:
    """The forward filter over one seat's redacted events (see the module docstring)."""

    def __init__(self, state: LoveLetterState, seat: int, policy: Policy | None) -> None:
        r = state._r  # the rules' constants and legal-move tables (no hidden state)
        self.r = r
        self.n = state._n
        self.seat = seat
        self.policy = policy
        self.nv = len(r.ed.counts)
        self.ones = (1,) * self.nv
        self.mine: list[int] = []
        self.alive = [True] * self.n
        self.prot = [False] * self.n
        self.pool = r.ed.deck_size
        self.bottom_len = 0
        self.setaside = False
        self.value = {str(c): int(c) for c in r.ed.cards}.__getitem__
        self.events: list[dict] = []
        self.at = 0  # index of the event being read
        self.public: list[dict] = []  # the public part of events[:len(public_from)] (made when a policy asks)
        self._public_from = 0
        self._public_t: tuple | None = None
        self._dists: dict | None = None
        self.belief: dict[tuple, Any] = {(((),) * self.n, (), tuple(r.ed.counts)): 1}

    # -------------------------------------------------------------- plumbing
    def update(self, fn: Callable[[tuple, tuple, tuple, Any], Iterable[tuple]]) -> None:
        new: dict[tuple, Any] = {}
        for (hands, bottom, unseen), w in self.belief.items():
            for h2, b2, u2, w2 in fn(hands, bottom, unseen, w):
                if w2:
                    key = (h2, b2, u2)
                    new[key] = new.get(key, 0) + w2
        self.belief = {k: w for k, w in new.items() if w}
        if not self.belief:
            raise KitError(f"no deal agrees with what p{self.seat} saw")  # pragma: no cover - engine bug

    def set_hand_fn(self, o: int, fn: Callable[[tuple, tuple], Iterable[tuple[tuple, Any, tuple]]]) -> None:
        """Transform seat ``o``'s hand: ``fn(hand, unseen)`` yields ``(new_hand, factor, unseen')``."""
        def step(hands, bottom, unseen, w):
            for h, f, u in fn(hands[o], unseen):
                yield _with(hands, o, h), bottom, u, w * f
        self.update(step)

    def see(self, v: int) -> None:
        """A card the seat saw leaves the unseen cards (it came from the deck)."""
        self.update(lambda h, b, u, w: () if u[v] <= 0 else ((h, b, _take(u, v), w),))

    def weigh(self, hand: tuple, unseen: tuple, lik: Callable[[int], Any]) -> Iterator[tuple[tuple, Any, tuple]]:
        """Multiply a one-card hand by ``lik(value)``."""
        (slot,) = hand
        if slot.__class__ is int:
            f = lik(slot)
            if f:
                yield hand, f, unseen
            return
        got = _normal([slot[v] * lik(v) if slot[v] and unseen[v] else 0 for v in range(self.nv)], unseen)
        if got is not None:
            yield (got[1],), got[0], unseen

    def require(self, o: int, cards: tuple[int, ...], keep: bool) -> None:
        """Seat ``o``'s hand is exactly ``cards``; then it keeps them (``keep``) or empties."""
        def fn(hand, unseen):
            got = _match(hand, cards, unseen)
            if got is not None:
                yield (tuple(sorted(cards)) if keep else ()), got[0], got[1]
        self.set_hand_fn(o, fn)

    def public_tuple(self) -> tuple:
        """The public events before the one being read (computed only when a policy asks)."""
        if self._public_t is None:
            self.public.extend(public_events(self.events[self._public_from:self.at]))
            self._public_from = self.at
            self._public_t = tuple(self.public)
        return self._public_t

    def decision(self, player: int, kind: str, values: list[int], legal: tuple) -> Decision:
        card = self.r.card
        return Decision(player, kind, tuple(card[v] for v in sorted(values)), tuple(legal), tuple(self.alive),
                        tuple(self.prot), self.pool + self.bottom_len, self.public_tuple())

    # -------------------------------------------------------------- events
    def run(self, events: list[dict]) -> None:
        """Read the seat's events (dicts of :func:`~kit.loveletter.events.visible_events`) in order."""
        self.events = events
        for i, e in enumerate(events):
            self.at = i
            self._public_t = None
            handler = getattr(self, "ev_" + e["kind"], None)
            if handler is None:  # pragma: no cover - a new kind of event in the engine
                raise KitError(f"counting does not know the event {e['kind']!r}")
            handler(e, events[i + 1] if i + 1 < len(events) else None)
        self.at = len(events)

    def ev_setaside(self, e: dict, nxt: dict | None) -> None:
        self.pool -= 1
        self.setaside = True

    def ev_faceup(self, e: dict, nxt: dict | None) -> None:
        self.pool -= 1
        self.see(self.value(e["card"]))

    def ev_history(self, e: dict, nxt: dict | None) -> None:  # a described position's earlier play
        self.pool -= 1
        self.see(self.value(e["card"]))

    def ev_protected(self, e: dict, nxt: dict | None) -> None:  # a described position's protection
        self.prot[e["seat"]] = True

    def ev_reveal(self, e: dict, nxt: dict | None) -> None:  # a described position's known hand
        s, v = e["seat"], self.value(e["card"])
        self.pool -= 1
        self.see(v)
        if s == self.seat:
            self.mine.append(v)
        else:
            self.update(lambda h, b, u, w: ((_with(h, s, _canon(h[s] + (v,))), b, u, w),))

    def ev_deal(self, e: dict, nxt: dict | None) -> None:
        self.draw(e["seat"], None if e["card"] is None else self.value(e["card"]), "deck")

    def ev_draw(self, e: dict, nxt: dict | None) -> None:
        self.draw(e["seat"], None if e["card"] is None else self.value(e["card"]), e["source"])

    def draw(self, s: int, v: int | None, source: str) -> None:
        """Seat ``s`` got a card (``v``: its value if the seat saw it) from ``source``."""
        self.prot[s] = False  # a player draws at the start of its turn, when protection ends
        seat, ones = self.seat, self.ones
        if source == "bottom":  # the top card under the deck
            self.bottom_len -= 1
            if s == seat:
                self.mine.append(v)

                def fn(h, b, u, w):
                    got = _resolve(b[0], v, u)
                    if got is not None:
                        yield h, b[1:], got[1], w * got[0]
                self.update(fn)
            else:
                self.update(lambda h, b, u, w: ((_with(h, s, _canon(h[s] + (b[0],))), b[1:], u, w),))
            return
        if source == "deck":
            self.pool -= 1
        else:
            self.setaside = False
        if s == seat:
            self.mine.append(v)
            self.see(v)
        else:
            self.update(lambda h, b, u, w: ((_with(h, s, _canon(h[s] + (ones,))), b, u, w),))

    def ev_play(self, e: dict, nxt: dict | None) -> None:
        s, c, t = e["seat"], self.value(e["card"]), e["target"]
        g = None if e["guess"] is None else self.value(e["guess"])
        r, seat = self.r, self.seat
        if s == seat:
            self.mine.remove(c)
        else:
            self.opponent_play(s, c, t, g)
        if t is None:
            if c == r.HANDMAID:
                self.prot[s] = True
            return
        if c == r.GUARD:
            hit = nxt is not None and nxt["kind"] == "out" and nxt["seat"] == t and nxt["cause"] == "guard"
            if not hit and t != seat:
                self.set_hand_fn(t, lambda hand, u: self.weigh(hand, u, lambda v: v != g))
        elif c == r.BARON and seat not in (s, t):
            if nxt is not None and nxt["kind"] == "out" and nxt["cause"] == "baron":
                loser = nxt["seat"]
                winner, low = (t if loser == s else s), self.value(nxt["cards"][0])
                self.set_hand_fn(winner, lambda hand, u: self.weigh(hand, u, lambda v: v > low))
            else:
                self.baron_tie(s, t)
        elif c == r.KING and seat not in (s, t):
            def swap(h, b, u, w):
                h2 = list(h)
                h2[s], h2[t] = h[t], h[s]
                yield tuple(h2), b, u, w
            self.update(swap)

    def baron_tie(self, s: int, t: int) -> None:
        """Seats ``s`` and ``t`` (one card each) hold equal cards."""
        def fn(h, b, u, w):
            (x,), (y,) = h[s], h[t]
            if x.__class__ is int and y.__class__ is int:
                if x == y:
                    yield h, b, u, w
            elif x.__class__ is int or y.__class__ is int:
                v, slot, o = (x, y, t) if x.__class__ is int else (y, x, s)
                got = _resolve(slot, v, u)
                if got is not None:
                    yield _with(h, o, (v,)), b, got[1], w * got[0]
            else:
                for v, c in enumerate(u):
                    if c >= 2 and x[v] and y[v]:
                        h2 = _with(_with(h, s, (v,)), t, (v,))
                        yield h2, b, _take(_take(u, v), v), w * x[v] * y[v]
        self.update(fn)

    def opponent_play(self, s: int, c: int, t: int | None, g: int | None) -> None:
        """Opponent ``s`` played card ``c`` (from two cards): weigh and keep the other card."""
        r = self.r
        card = r.card
        action = Play(card[c], t, None if g is None else card[g])
        others = tuple(o for o in range(self.n) if o != s and self.alive[o] and not self.prot[o])
        policy = self.policy
        cache: dict[int, Any] = {}

        def lik(y: int) -> Any:
            """Likelihood of ``action`` with hand ``{c, y}``."""
            got = cache.get(y)
            if got is None:
                legal = r.plays_for(c, y, others, s)
                if policy is None:
                    got = 1 if action in legal else 0
                else:
                    got = _prob(policy(self.decision(s, "play", [c, y], legal)), action)
                cache[y] = got
            return got

        def fn(hand, u):
            if len(hand) != 2:
                raise KitError(f"p{s} plays with {len(hand)} cards")  # pragma: no cover - engine bug
            a, b = hand
            ai, bi = a.__class__ is int, b.__class__ is int
            if ai and bi:
                if a == c:
                    f = lik(b)
                    if f:
                        yield (b,), f, u
                elif b == c:
                    f = lik(a)
                    if f:
                        yield (a,), f, u
            elif ai or bi:
                x, phi = (a, b) if ai else (b, a)
                if x == c:  # the known card was played: the placeholder stays, weighed
                    yield from self.weigh((phi,), u, lik)
                elif phi[c] and u[c]:  # the placeholder was the card played
                    f = phi[c] * lik(x)
                    if f:
                        yield (x,), f, _take(u, c)
            else:  # two placeholders: either one was the card played
                if not u[c]:
                    return
                u1 = _take(u, c)
                phi = [lik(y) * (a[c] * b[y] + (b[c] * a[y] if y != c else 0)) if u1[y] else 0
                       for y in range(self.nv)]
                got = _normal(phi, u1)
                if got is not None:
                    yield (got[1],), got[0], u1

        self.set_hand_fn(s, fn)

    def ev_peek(self, e: dict, nxt: dict | None) -> None:
        # only the seat's own peeks reach here
        self.require(e["target"], (self.value(e["card"]),), keep=True)

    def ev_baron(self, e: dict, nxt: dict | None) -> None:
        s, t = e["seat"], e["target"]  # a duel the seat took part in
        other, theirs = (t, e["target_card"]) if s == self.seat else (s, e["seat_card"])
        self.require(other, (self.value(theirs),), keep=True)

    def ev_trade(self, e: dict, nxt: dict | None) -> None:
        s, t, a, b = e["seat"], e["target"], self.value(e["gave"]), self.value(e["got"])  # s gave a to t and took b
        if s == self.seat:
            self.require(t, (b,), keep=False)
            self.mine = [b]
            self.update(lambda h, bo, u, w: ((_with(h, t, (a,)), bo, u, w),))
        else:
            self.require(s, (a,), keep=False)
            self.mine = [a]
            self.update(lambda h, bo, u, w: ((_with(h, s, (b,)), bo, u, w),))

    def ev_discard(self, e: dict, nxt: dict | None) -> None:
        t, d = e["seat"], self.value(e["card"])
        if t == self.seat:
            self.mine.remove(d)
        else:
            self.require(t, (d,), keep=False)

    def ev_out(self, e: dict, nxt: dict | None) -> None:
        s, cards = e["seat"], [self.value(c) for c in e["cards"]]
        self.alive[s] = False
        self.prot[s] = False
        if s == self.seat:
            self.mine.clear()
        else:
            self.require(s, tuple(cards), keep=False)

    def ev_end(self, e: dict, nxt: dict | None) -> None:
        for h in e["hands"]:
            if h["seat"] != self.seat:
                self.require(h["seat"], (self.value(h["card"]),), keep=True)

    def ev_return(self, e: dict, nxt: dict | None) -> None:
        s, k = e["seat"], e["count"]
        self.bottom_len += k
        if s == self.seat:
            cards = [self.value(c) for c in e["cards"]]
            for v in cards:
                self.mine.remove(v)
            self.update(lambda h, b, u, w: ((h, b + tuple(cards), u, w),))
            return
        policy, r = self.policy, self.r
        if policy is None or getattr(policy, "uniform_keep", False):
            # A random shuffle of the slots: each card equally likely kept, each order equally
            # likely.  That is also uniform over the distinct legal keeps: every distinct order
            # of a multiset comes from the same number of shuffles.
            def fn(h, b, u, w):
                hand = h[s]
                for order in permutations(range(len(hand))):
                    yield (_with(h, s, (hand[order[0]],)), b + tuple(hand[j] for j in order[1:]), u, w)
        else:
            cache: dict[tuple, Mapping] = {}

            def fn(h, b, u, w):
                for values, f, u2 in _expand(h[s], u):
                    key = tuple(sorted(values))
                    probs = cache.get(key)
                    if probs is None:
                        legal = r.keeps_for(list(key))
                        probs = cache[key] = policy(self.decision(s, "keep", list(key), legal))
                    for a in r.keeps_for(list(key)):
                        p = _prob(probs, a)
                        if p:
                            yield (_with(h, s, (int(a.card),)), b + tuple(int(x) for x in a.under), u2, w * f * p)
        self.update(fn)

    # -------------------------------------------------------------- answers
    def distributions(self) -> dict[int, dict[tuple[int, ...], Fraction]]:
        """Exact distribution of each holder's hand (sorted card values); computed once."""
        if self._dists is None:
            self._dists = _distributions(self.belief, _holders(self))
        return self._dists

    def hand_distribution(self, o: int) -> dict[tuple[int, ...], Fraction]:
        return self.distributions()[o]


@lru_cache(maxsize=None)
def _all_multisets(k: int, nv: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of ``k`` values below ``nv``, with ``k! / prod(multiplicities!)``."""
    out = []
    for combo in combinations_with_replacement(range(nv), k):
        orders = factorial(k)
        for v in set(combo):
            orders //= factorial(combo.count(v))
        out.append((combo, orders))
    return tuple(out)


def _sparse(phi: tuple, unseen: tuple[int, ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Write a placeholder's weights as ``m`` times all ones plus a few corrections.

    Returns ``(m, ((v, phi[v] - m), ...))`` over the values still unseen, ``m``
    the most common weight: a Guard miss or a play leaves one or two values
    apart, so summing over the slot's value costs one term for "any card"
    (a plain placeholder, interchangeable with the deck) plus one per
    correction.
    """
    tally: dict[int, int] = {}
    for v, c in enumerate(unseen):
        if c:
            tally[phi[v]] = tally.get(phi[v], 0) + 1
    m = max(tally, key=lambda x: (tally[x], x != 0))
    return m, tuple((v, phi[v] - m) for v, c in enumerate(unseen) if c and phi[v] != m)


def _distributions(belief: dict, holders: list[int]) -> dict[int, dict[tuple[int, ...], Fraction]]:
    """The hand distribution of every holder, summing over the placeholders' values.

    Per configuration, the weighted placeholders (a ``phi`` not all ones) are
    put in a row: those under the deck, then each holder's.  Summing over a
    placeholder's value is done in the sparse form of :func:`_sparse`: "any
    card" (the slot joins the plain places: nothing to choose, by symmetry)
    times ``m``, plus a correction per value set apart.  ``fwd[i][U]`` sums,
    over the first ``i`` placeholders, the weights that leave the unseen
    multiset ``U``; ``rest(i, U)`` sums from placeholder ``i`` on, times the
    ``M(left)`` arrangements of what is left over the plain places and the
    deck.  A holder's own cards are given every value in full (its plain
    placeholders too, at that point of the row: any order of summation gives
    the same total), between ``fwd`` and ``rest``.  Integers throughout; a
    configuration's weight multiplies at the end.
    """
    acc: dict[int, dict[tuple[int, ...], Any]] = {o: {} for o in holders}
    for (hands, bottom, unseen), w in belief.items():
        nv = len(unseen)

        def weighted(slots: Iterable[Any]) -> tuple:
            return tuple(x for x in slots if x.__class__ is not int and not _plain(x, unseen))

        row = [_sparse(x, unseen) for x in weighted(bottom)]
        row += [_sparse(x, unseen) for o, h in enumerate(hands) if o not in holders for x in weighted(h)]
        where = {}
        for o in holders:
            block = weighted(hands[o])
            ints = tuple(x for x in hands[o] if x.__class__ is int)
            where[o] = (len(row), block, ints, len(hands[o]) - len(ints) - len(block))
            row += [_sparse(x, unseen) for x in block]
        fwd = [{unseen: 1}]
        for m, dev in row:
            nxt: dict[tuple, int] = {}
            for u, a in fwd[-1].items():
                if m:
                    nxt[u] = nxt.get(u, 0) + a * m
                for v, d in dev:
                    if u[v]:
                        u2 = _take(u, v)
                        nxt[u2] = nxt.get(u2, 0) + a * d
            fwd.append(nxt)
        memo: list[dict[tuple, int]] = [{} for _ in range(len(row) + 1)]

        def rest(i: int, u: tuple[int, ...]) -> int:
            if i == len(row):
                return _arrangements(u)
            got = memo[i].get(u)
            if got is None:
                m, dev = row[i]
                got = m * rest(i + 1, u) if m else 0
                for v, d in dev:
                    if u[v]:
                        got += d * rest(i + 1, _take(u, v))
                memo[i][u] = got
            return got

        for o in holders:
            i, block, ints, plain = where[o]
            local: dict[tuple, int] = {}
            for u, a in fwd[i].items():
                if not a:
                    continue
                for vals, f, u2 in _expand(block, u):
                    for more, orders in _all_multisets(plain, nv):
                        u3: tuple[int, ...] | None = u2
                        for v in more:
                            u3 = _take(u3, v)
                            if u3 is None:
                                break
                        if u3 is None:
                            continue
                        r = rest(i + len(block), u3)
                        if r:
                            key = tuple(sorted(ints + tuple(vals) + more))
                            local[key] = local.get(key, 0) + a * f * orders * r
            dist = acc[o]
            for key, x in local.items():
                dist[key] = dist.get(key, 0) + w * x
    out = {}
    for o, dist in acc.items():
        z = sum(dist.values())
        if z <= 0:
            raise KitError("no deal agrees with what the seat saw")  # pragma: no cover - engine bug
        out[o] = {k: Fraction(v) / z for k, v in sorted(dist.items()) if v}
    return out


def _prob(probs: Mapping, action: Any) -> Any:
    p = probs.get(action, 0)
    if p.__class__ is float:
        p = Fraction(p)
    if p < 0:
        raise KitError(f"a policy gave {action} the negative probability {p}")
    return p


def _filter(state: LoveLetterState, seat: int, policy: Policy | None) -> _Filter:
    if not isinstance(state, LoveLetterState):
        raise KitError(f"counting needs a Love Letter round state, not {type(state).__name__}")
    state._check_seat(seat)
    f = _Filter(state, seat, policy)
    f.run(visible_events(state, seat))
    if f.pool + f.bottom_len != state.deck_size():  # pragma: no cover - engine bug
        raise KitError(f"p{seat} counted {f.pool + f.bottom_len} cards in the deck, the state has {state.deck_size()}")
    return f


def _holders(f: _Filter) -> list[int]:
    """Opponents still in the round with cards, in seat order."""
    (hands, _, _), _ = next(iter(f.belief.items()))
    return [o for o in range(f.n) if o != f.seat and f.alive[o] and hands[o]]


# ---------------------------------------------------------------------------
# public API
# ---------------------------------------------------------------------------
def posterior_hands(state: LoveLetterState, seat: int, policy: Policy | None = None
                    ) -> dict[int, dict[tuple[Any, ...], Fraction]]:
    """The exact distribution of each opponent's whole hand, as ``seat`` sees it.

    Parameters
    ----------
    state
        A Love Letter round state (read only through what ``seat`` saw).
    seat
        The observing seat.
    policy
        ``None`` for the policy-free model, or a policy model such as
        :func:`uniform_policy` (see the module docstring).

    Returns
    -------
    dict
        ``{opponent: {hand: probability}}`` for every opponent still in the
        round with cards; a hand is a tuple of cards, lowest first (two cards
        for the player to move).

    Examples
    --------
    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2, edition="classic").new_initial_state()
    >>> for a in ["deal Princess", "deal Guard", "deal Guard", "deal Guard",
    ...           "deal Priest", "deal King", "deal Baron", "Priest p1", "deal Countess"]:
    ...     s.apply_action(a)
    >>> h = posterior_hands(s, 0)[1]          # p1 to move: the King (peeked) and one unseen card
    >>> [(" ".join(map(str, k)), str(p)) for k, p in h.items()][:3]
    [('Guard King', '1/5'), ('Priest King', '1/10'), ('Baron King', '1/10')]
    """
    f = _filter(state, seat, policy)
    card = f.r.card
    return {o: {tuple(card[v] for v in k): p for k, p in f.hand_distribution(o).items()} for o in _holders(f)}


def posterior(state: LoveLetterState, seat: int, policy: Policy | None = None) -> dict[int, dict[Any, Fraction]]:
    """Exact probabilities of each opponent's card, from what ``seat`` saw.

    See the module docstring for the model: the unseen cards dealt uniformly
    among the places ``seat`` cannot see; opponents' plays policy-free (any
    legal play, Countess rule included) unless ``policy`` is given.

    Parameters
    ----------
    state
        A Love Letter round state.  Only
        :func:`~kit.loveletter.events.visible_events` of ``seat`` is read.
    seat
        The observing seat.
    policy
        ``None`` (policy-free) or a policy model, e.g. :func:`uniform_policy`.

    Returns
    -------
    dict
        ``{opponent: {card: Fraction}}`` for every opponent still in the
        round holding cards, cards lowest first, only cards with a chance.
        For a one-card hand the values are probabilities summing to 1.  For
        the player to move (two cards) or a Chancellor's three, each value is
        the *expected number of copies* of that card in the hand (the values
        sum to the hand size; a card it holds at most once: the probability
        that it holds it) -- :func:`posterior_hands` gives the whole hand.

    Examples
    --------
    A Priest makes it certain:

    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2, edition="classic").new_initial_state()
    >>> for a in ["deal Princess", "deal Guard", "deal Guard", "deal Guard",
    ...           "deal Priest", "deal King", "deal Baron", "Priest p1"]:
    ...     s.apply_action(a)
    >>> posterior(s, 0)
    {1: {CardClassic.KING: Fraction(1, 1)}}

    p1 draws: its hand is the King and one of the unseen cards, so it holds
    one King for sure and, say, a Guard with probability 2/10:

    >>> s.apply_action("deal Countess")
    >>> p = posterior(s, 0)[1]
    >>> str(p[s.game.edition.card.KING]), str(p[s.game.edition.card.GUARD]), sum(p.values())
    ('1', '1/5', Fraction(2, 1))
    """
    f = _filter(state, seat, policy)
    card = f.r.card
    out: dict[int, dict[Any, Fraction]] = {}
    for o in _holders(f):
        exp: dict[int, Fraction] = {}
        for hand, p in f.hand_distribution(o).items():
            for v in hand:
                exp[v] = exp.get(v, 0) + p
        out[o] = {card[v]: exp[v] for v in sorted(exp) if exp[v]}
    return out


def chances_of(hands: Mapping[int, Mapping[tuple[Any, ...], Fraction]]) -> dict[int, dict[Any, Fraction]]:
    """Per card, the chance that each opponent holds it (at least one copy), from :func:`posterior_hands`.

    For a one-card hand these are the card's probabilities (they sum to 1).  For two cards (the player to
    move) or a Chancellor's three, a row sums to more than 1: each value is the chance that *one of the
    cards* is that card -- not the expected number of copies :func:`posterior` gives.

    >>> from fractions import Fraction as F
    >>> chances_of({1: {("Guard", "Guard"): F(1, 3), ("Guard", "King"): F(2, 3)}})
    {1: {'Guard': Fraction(1, 1), 'King': Fraction(2, 3)}}
    """
    out: dict[int, dict[Any, Fraction]] = {}
    for o, dist in hands.items():
        held: dict[Any, Fraction] = {}
        for hand, p in dist.items():
            for card in dict.fromkeys(hand):  # each card once per hand: "holds at least one"
                held[card] = held.get(card, Fraction(0)) + p
        out[o] = {c: p for c, p in held.items() if p}
    return out


def holding_chances(state: LoveLetterState, seat: int, policy: Policy | None = None
                    ) -> dict[int, dict[Any, Fraction]]:
    """The chance that each opponent holds each card (at least one copy), from what ``seat`` saw.

    The card counting a person reads: for a one-card hand the same as :func:`posterior`; for the player
    to move (two cards) the chance of holding the card, where :func:`posterior` gives expected copies.

    Examples
    --------
    p1 drew a second card: the King (seen by a Priest) and one of the ten unseen cards, three of them
    Guards -- a chance of 3/10, and the chances of one row add up to 2 (two cards):

    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2, edition="classic").new_initial_state()
    >>> for a in ["deal Princess", "deal Guard", "deal Guard", "deal Priest",
    ...           "deal Priest", "deal King", "deal Baron", "Priest p1", "deal Countess"]:
    ...     s.apply_action(a)
    >>> c = holding_chances(s, 0)[1]
    >>> str(c[s.game.edition.card.KING]), str(c[s.game.edition.card.GUARD]), sum(c.values())
    ('1', '3/10', Fraction(2, 1))

    Two unseen cards may both be Guards: the chance of holding a Guard is less than its expected copies
    (a Guard twice counts once).  Here Ben's two cards are two of the ten cards Ana has not seen, four of
    them Guards: a chance of 1 - (6/10)(5/9) = 2/3, and 2 x 4/10 = 4/5 expected copies:

    >>> s = LoveLetter(2, edition="classic").new_initial_state()
    >>> for a in ["deal Princess", "deal Priest", "deal Baron", "deal Handmaid",
    ...           "deal Prince", "deal Guard", "deal King"]:
    ...     s.apply_action(a)        # Ana holds a Prince and draws the King; Ben's one card is unseen
    >>> s.apply_action("Prince p0")  # Ana discards the King and draws
    >>> s.apply_action("deal Guard")
    >>> s.apply_action("deal Guard")  # Ben draws: two cards Ana has not seen
    >>> guard = s.game.edition.card.GUARD
    >>> chance, copies = holding_chances(s, 0)[1][guard], posterior(s, 0)[1][guard]
    >>> str(chance), str(copies)
    ('2/3', '4/5')
    """
    return chances_of(posterior_hands(state, seat, policy))


def _choosable(state: LoveLetterState, seat: int, holders: Iterable[int]) -> list[int]:
    prot = state.protected()
    return [o for o in holders if not prot[o]]


def best_guard_guess(state: LoveLetterState, seat: int, policy: Policy | None = None
                     ) -> tuple[int, Any, Fraction] | None:
    """The Guard play most likely to hit: ``(target, card, probability)``.

    Targets are the opponents still in the round, holding one card, not
    protected by a Handmaid; a Guard may name any card but the Guard.  Ties go
    to the lower seat, then to the higher card.  ``None`` when nobody can be
    chosen.

    Examples
    --------
    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2, edition="classic").new_initial_state()
    >>> for a in ["deal Guard", "deal Guard", "deal Guard", "deal Guard",
    ...           "deal Priest", "deal Baron", "deal Guard"]:
    ...     s.apply_action(a)
    >>> t, c, p = best_guard_guess(s, 0)     # 11 unseen cards; 2 Barons, Handmaids, Princes
    >>> t, str(c), p                         # a tie: the higher card
    (1, 'Prince', Fraction(2, 11))
    """
    f = _filter(state, seat, policy)
    guessable = {int(c) for c in f.r.ed.guessable}
    best: tuple | None = None
    for o in _choosable(state, seat, _holders(f)):
        dist = f.hand_distribution(o)
        if any(len(h) != 1 for h in dist):
            continue
        for (v,), p in dist.items():
            if v in guessable and (best is None or (p, -o, v) > (best[2], -best[0], best[1])):
                best = (o, v, p)
    if best is None:
        return None
    return best[0], f.r.card[best[1]], best[2]


def baron_odds(state: LoveLetterState, seat: int, target: int, keep: Any = None,
               policy: Policy | None = None) -> tuple[Fraction, Fraction, Fraction]:
    """``(win, tie, lose)`` probabilities of a Baron played by ``seat`` on ``target``.

    Parameters
    ----------
    keep
        The card ``seat`` would keep (compared with the target's card).  By
        default: holding a Baron and another card, the other card; holding
        one card, that card.
    policy
        As for :func:`posterior`.

    Examples
    --------
    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2, edition="classic").new_initial_state()
    >>> for a in ["deal Guard", "deal Guard", "deal Guard", "deal Guard",
    ...           "deal Baron", "deal Priest", "deal Prince"]:
    ...     s.apply_action(a)
    >>> [str(x) for x in baron_odds(s, 0, 1)]    # keep the Prince: beats 7 of the 11 unseen cards
    ['7/11', '1/11', '3/11']
    """
    f = _filter(state, seat, policy)
    r = f.r
    if keep is None:
        mine = list(f.mine)
        if len(mine) == 2 and r.BARON in mine:
            mine.remove(r.BARON)
        if len(mine) != 1:
            raise KitError(f"p{seat} holds {len(f.mine)} cards without a Baron: say which card it keeps")
        k = mine[0]
    else:
        k = int(r.ed.by_name(keep) if isinstance(keep, str) else keep)
    if target not in _holders(f):
        raise KitError(f"p{target} is not an opponent of p{seat} still in the round with a card")
    win = tie = lose = Fraction(0)
    for hand, p in f.hand_distribution(target).items():
        if len(hand) != 1:
            raise KitError(f"p{target} holds {len(hand)} cards: a Baron compares one-card hands")
        if k > hand[0]:
            win += p
        elif k == hand[0]:
            tie += p
        else:
            lose += p
    return win, tie, lose


def baron_win_probability(state: LoveLetterState, seat: int, target: int, keep: Any = None,
                          policy: Policy | None = None) -> Fraction:
    """Probability that ``seat``'s Baron on ``target`` puts the target out (see :func:`baron_odds`).

    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2, edition="classic").new_initial_state()
    >>> for a in ["deal Guard", "deal Guard", "deal Guard", "deal Guard",
    ...           "deal Baron", "deal Priest", "deal Prince"]:
    ...     s.apply_action(a)
    >>> baron_win_probability(s, 0, 1), baron_win_probability(s, 0, 1, keep="Baron")
    (Fraction(7, 11), Fraction(4, 11))
    """
    return baron_odds(state, seat, target, keep, policy)[0]


def prince_hits_princess(state: LoveLetterState, seat: int, target: int,
                         policy: Policy | None = None) -> Fraction:
    """Probability that a Prince played by ``seat`` on ``target`` discards the Princess.

    For ``target == seat``: whether the card ``seat`` keeps besides the
    Prince is the Princess (0 or 1).

    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(3, edition="classic").new_initial_state()
    >>> for a in ["deal Guard", "deal Prince", "deal Guard", "deal Guard", "deal Baron"]:
    ...     s.apply_action(a)
    >>> prince_hits_princess(s, 0, 1), prince_hits_princess(s, 0, 0)
    (Fraction(1, 14), Fraction(0, 1))
    """
    f = _filter(state, seat, policy)
    r = f.r
    if target == seat:
        mine = list(f.mine)
        if len(mine) == 2 and r.PRINCE in mine:
            mine.remove(r.PRINCE)
        return Fraction(int(r.PRINCESS in mine))
    if target not in _holders(f):
        raise KitError(f"p{target} is not an opponent of p{seat} still in the round with a card")
    return sum((p for hand, p in f.hand_distribution(target).items() if r.PRINCESS in hand), Fraction(0))


"""What one seat knows in a round of Love Letter, from what it saw alone.

:func:`knowledge` reads the round through the seat's eyes only: the events of
:func:`~kit.loveletter.events.visible_events` (the one rule of who sees
what), so nothing hidden can leak into what follows.  From that it keeps:

* the seat's own hand;
* for each opponent, the cards the seat knows they hold (a Priest peek, a
  King trade or Baron duel it took part in, a card it put under the deck and
  saw them draw) and, for a card it does not know, the values it can still
  be (a Guard that named a card and missed rules that card out; a Baron won
  against a revealed card rules out everything not above it);
* the cards it put under the deck, in order;
* the *unseen* cards: the edition's deck less every card the seat can place.

The prior (stated once, used by :func:`resample` and the bots): the unseen
cards are dealt uniformly at random among the places the seat cannot see
(opponents' unknown cards, the unordered deck, the set-aside card, bottom
cards others put there), subject only to the known facts above.  Inferences
that need a model of how opponents choose (which of two cards a player kept)
are not made: when an opponent plays one of two cards and the seat cannot
tell which, any rule-out on the kept card is forgotten.  A Baron tie between
two other players (they hold equal cards) is not used either.

Examples
--------
>>> from kit.loveletter import LoveLetter
>>> s = LoveLetter(2, edition="classic").new_initial_state()
>>> for a in ["deal Princess", "deal Guard", "deal Guard", "deal Guard",
...           "deal Priest", "deal Baron", "deal Prince", "Priest p1"]:
...     s.apply_action(a)
>>> k = knowledge(s, 0)
>>> k.hand, k.known[1]
([CardClassic.PRINCE], [CardClassic.BARON])
>>> sorted(map(str, k.unseen.elements()))   # 16 cards less 5 seen, less p1's known Baron
['Baron', 'Countess', 'Guard', 'Guard', 'Handmaid', 'Handmaid', 'King', 'Priest', 'Prince', 'Princess']
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import KitError
from .events import visible_events
from .state import LoveLetterState

__all__ = ["Knowledge", "knowledge", "known_hands", "resample", "posterior_marginals"]


@dataclass
class Knowledge:
    """What a seat knows now (values are the edition's cards).

    Attributes
    ----------
    seat
        Whose knowledge this is.
    hand
        The seat's own cards.
    known
        ``known[o]``: cards the seat knows opponent ``o`` holds.
    unknown
        ``unknown[o]``: how many of ``o``'s cards the seat does not know.
    allowed
        ``allowed[o]``: the values one of ``o``'s unknown cards can still be
        (``None``: any unseen card).  With two unknown cards (``o`` is to
        move) it bears on the card held before the draw.
    bottom
        The cards under the deck, top first: a card where the seat put it
        there, ``None`` where another player did.
    unseen
        :class:`~collections.Counter` of the cards the seat cannot place.
    pool_size
        Cards in the unordered part of the deck.
    set_aside
        Whether the face-down set-aside card is still set aside.
    """

    seat: int
    hand: list[Any]
    known: dict[int, list[Any]]
    unknown: dict[int, int]
    allowed: dict[int, frozenset | None]
    bottom: list[Any]
    unseen: Counter
    pool_size: int
    set_aside: bool
    alive: list[bool] = field(default_factory=list)

    def places(self) -> int:
        """Number of places holding an unseen card (equals the unseen count)."""
        return (sum(self.unknown.values()) + self.pool_size + int(self.set_aside)
                + sum(1 for b in self.bottom if b is None))


def _read(events: Any, ed: Any, n: int, seat: int) -> tuple[list[int], dict[int, list[int]], dict[int, int],
                                                           dict[int, frozenset | None], list[int | None], list[int]]:
    """Read ``seat``'s visible events of a round of edition ``ed`` at ``n`` seats: its hand, the cards it knows each
    opponent holds, how many it does not know, the values those can still be, the cards under the deck and every
    card face up (as values)."""
    own: list[int] = []
    known: dict[int, list[int]] = {o: [] for o in range(n) if o != seat}
    unknown = {o: 0 for o in known}
    allowed: dict[int, frozenset | None] = {o: None for o in known}
    bottom: list[int | None] = []
    public: list[int] = []  # every card face up for all: plays, discards, face-up, revealed hands
    last_play: dict | None = None
    values = frozenset(v for v, c in enumerate(ed.counts) if c)
    king = int(ed.card.KING)

    def lose(o: int, v: int) -> None:
        """Opponent ``o`` no longer holds card ``v`` (played or discarded it)."""
        if v in known[o]:
            known[o].remove(v)
            return
        if unknown[o] > 1:
            allowed[o] = None  # the kept card may be the newly drawn one: forget
        unknown[o] -= 1
        if not unknown[o]:
            allowed[o] = None

    def gain(o: int, v: int | None) -> None:
        if v is None:
            unknown[o] += 1
        else:
            known[o].append(v)

    value = {str(c): int(c) for c in ed.cards}.__getitem__
    for e in events:
        kind = e["kind"]
        if kind == "deal" or kind == "draw":
            s = e["seat"]
            v = None if e["card"] is None else value(e["card"])
            if kind == "draw" and e["source"] == "bottom":
                bottom.pop(0)
            if s == seat:
                own.append(v)
            else:
                gain(s, v)
        elif kind == "faceup" or kind == "history":
            public.append(value(e["card"]))
        elif kind == "reveal":  # a described position: a hand every player knows
            if e["seat"] == seat:
                own.append(value(e["card"]))
            else:
                gain(e["seat"], value(e["card"]))
        elif kind == "play":
            s, c, t = e["seat"], value(e["card"]), e["target"]
            public.append(c)
            last_play = e
            if s == seat:
                own.remove(c)
            else:
                lose(s, c)
            if c == king and t is not None and seat not in (s, t):
                # A King trade between two other players: what the seat knew follows the cards.
                known[s], known[t] = known[t], known[s]
                unknown[s], unknown[t] = unknown[t], unknown[s]
                allowed[s], allowed[t] = allowed[t], allowed[s]
            if e["guess"] is not None and t is not None and t != seat and not known[t]:
                # A Guard named g: if it missed (no "out" follows), t's card is not g.
                cur = allowed[t] if allowed[t] is not None else values
                allowed[t] = cur - {value(e["guess"])}
        elif kind == "peek":
            t = e["target"]
            known[t], unknown[t], allowed[t] = [value(e["card"])], 0, None
        elif kind == "baron":
            s, t = e["seat"], e["target"]
            other, theirs = (t, e["target_card"]) if s == seat else (s, e["seat_card"])
            known[other], unknown[other], allowed[other] = [value(theirs)], 0, None
        elif kind == "trade":
            s, t = e["seat"], e["target"]
            other = t if s == seat else s
            mine, theirs = (e["got"], e["gave"]) if s == seat else (e["gave"], e["got"])
            own[:] = [value(mine)]
            known[other], unknown[other], allowed[other] = [value(theirs)], 0, None
        elif kind == "discard":
            s, v = e["seat"], value(e["card"])
            public.append(v)
            if s == seat:
                own.remove(v)
            else:
                lose(s, v)
        elif kind == "out":
            s = e["seat"]
            cards = [value(c) for c in e["cards"]]
            public.extend(cards)
            if s == seat:
                own.clear()
            else:
                known[s], unknown[s], allowed[s] = [], 0, None
            if e["cause"] == "baron" and last_play is not None and cards:
                a, b = last_play["seat"], last_play["target"]
                winner = b if s == a else a
                if winner != seat and not known[winner]:
                    cur = allowed[winner] if allowed[winner] is not None else values
                    allowed[winner] = cur & frozenset(v for v in values if v > cards[0])
        elif kind == "return":
            s = e["seat"]
            if s == seat:
                cards = [value(c) for c in e["cards"]]
                bottom.extend(cards)
                for v in cards:
                    own.remove(v)
            else:
                bottom.extend([None] * e["count"])
                held = len(known[s]) + unknown[s]
                known[s], unknown[s], allowed[s] = [], held - e["count"], None
        elif kind == "end":
            for h in e["hands"]:
                s = h["seat"]
                if s != seat:
                    known[s], unknown[s], allowed[s] = [value(h["card"])], 0, None

    return own, known, unknown, allowed, bottom, public


def known_hands(obs: Any) -> dict[int, list[str]]:
    """The cards the seat of observation ``obs`` knows each opponent holds now (a Priest's peek, a Baron duel,
    a King's trade, a hand shown at the end), by name, read from the observation alone: what a table shows on
    the others' face-down cards.

    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2, edition="classic").new_initial_state()
    >>> for a in ["deal Princess", "deal Guard", "deal Guard", "deal Guard",
    ...           "deal Priest", "deal Baron", "deal Prince", "Priest p1"]:
    ...     s.apply_action(a)
    >>> known_hands(s.observation(0)), known_hands(s.observation(1))
    ({1: ['Baron']}, {0: []})
    """
    from .cards import observed_edition

    ed = observed_edition(obs["edition"])
    _own, known, _unknown, _allowed, _bottom, _public = _read(obs["log"], ed, obs["players"], obs["seat"])
    return {o: [str(ed.card(v)) for v in vs] for o, vs in known.items()}


def knowledge(state: LoveLetterState, seat: int) -> Knowledge:
    """What ``seat`` knows in ``state``, built from the seat's :func:`~kit.loveletter.events.visible_events` only."""
    state._check_seat(seat)
    card = state._r.card
    own, known, unknown, allowed, bottom, public = _read(visible_events(state, seat), state._r.ed, state._n, seat)
    unseen = Counter({v: c for v, c in enumerate(state._r.ed.counts) if c})
    unseen.subtract(own)
    unseen.subtract(public)
    for o in known:
        unseen.subtract(known[o])
    unseen.subtract(b for b in bottom if b is not None)
    if any(c < 0 for c in unseen.values()):
        raise KitError(f"inconsistent knowledge for p{seat}: {unseen}")  # pragma: no cover - engine bug
    unseen = +unseen
    know = Knowledge(
        seat=seat,
        hand=[card[v] for v in own],
        known={o: [card[v] for v in ks] for o, ks in known.items()},
        unknown=dict(unknown),
        allowed={o: None if a is None else frozenset(card[v] for v in a) for o, a in allowed.items()},
        bottom=[None if b is None else card[b] for b in bottom],
        unseen=Counter({card[v]: c for v, c in unseen.items()}),
        pool_size=state._pool_n,
        set_aside=state._setaside >= 0,
        alive=list(state._alive),
    )
    if know.places() != sum(know.unseen.values()):
        raise KitError(f"inconsistent knowledge for p{seat}: {know}")  # pragma: no cover - engine bug
    return know


def resample(state: LoveLetterState, seat: int, rng: random.Random, *, tries: int = 10_000,
             know: Knowledge | None = None) -> LoveLetterState:
    """A full state drawn from what ``seat`` knows, for determinized search.

    The public part of ``state`` is kept; every card ``seat`` cannot place is
    dealt anew, uniformly among the places it cannot see, subject to the
    known facts (see the module docstring).  The result has no history and
    no event log (they would hold the real hidden cards): it is for search,
    not for display.  Pass ``know=knowledge(state, seat)`` to draw many
    states from one position without reading the log each time.

    >>> import random
    >>> from kit.core import play, RandomBot
    >>> from kit.loveletter import LoveLetter
    >>> g = LoveLetter(2)
    >>> s = g.new_initial_state()
    >>> for a in ["deal Spy", "deal Guard", "deal Guard", "deal Guard", "deal Priest", "deal King"]:
    ...     s.apply_action(a)
    >>> d = resample(s, 0, random.Random(1))
    >>> d.hand(0), len(d.hand(1)), d.deck_size() == s.deck_size(), d.history()
    ([Card2019.PRIEST], 1, True, [])
    """
    k = knowledge(state, seat) if know is None else know
    cards = list(k.unseen.elements())
    # The places to fill, constrained ones checked after a uniform shuffle (rejection: exact).
    slots: list[tuple[str, int]] = []
    for o in sorted(k.unknown):
        slots.extend(("hand", o) for _ in range(k.unknown[o]))
    slots.extend(("bottom", i) for i, b in enumerate(k.bottom) if b is None)
    if k.set_aside:
        slots.append(("setaside", 0))
    # A rule-out bears on one card: the one held before any unknown card drawn since.
    constrained, seen_o = [], set()
    for i, (kind, o) in enumerate(slots):
        if kind == "hand" and o not in seen_o:
            seen_o.add(o)
            if k.allowed[o] is not None:
                constrained.append((i, k.allowed[o]))
    for _ in range(tries):
        rng.shuffle(cards)
        if all(cards[i] in allow for i, allow in constrained):
            break
    else:  # pragma: no cover - only with extremely narrow constraints
        raise KitError(f"could not draw a deal consistent with p{seat}'s knowledge in {tries} tries")
    hands = {o: [int(c) for c in k.known[o]] for o in k.known}
    bottom = [None if b is None else (int(b), placer) for b, (_, placer) in zip(k.bottom, state._bottom)]
    set_aside = state._setaside
    pos = 0
    for kind, o in slots:
        v = int(cards[pos])
        pos += 1
        if kind == "hand":
            hands[o].append(v)
        elif kind == "bottom":
            bottom[o] = (v, state._bottom[o][1])
        else:
            set_aside = v
    pool = [0] * len(state._pool)
    for c in cards[pos:]:
        pool[int(c)] += 1
    hands[seat] = [int(c) for c in k.hand]
    new = state.determinized([hands[s] for s in range(state._n)], pool, bottom, set_aside)
    if sum(pool) != state._pool_n:
        raise KitError("resample: pool size mismatch")  # pragma: no cover - engine bug
    return new


def posterior_marginals(know: Knowledge) -> dict[int, dict[Any, float]]:
    """An *approximate* card distribution for each opponent still holding cards.

    For opponent ``o``, ``result[o][card]`` is the expected number of
    ``card`` in ``o``'s hand (with one card in hand: the probability that it
    is that card).  A known card counts 1; an unknown card is drawn in
    proportion to the unseen counts, restricted to ``know.allowed[o]`` for the
    constrained card.  This is an approximation: it ignores how the
    constraints of different places interact (two opponents cannot both hold
    the one unseen Princess), which the exact posterior of
    :func:`kit.loveletter.counting.posterior` takes into account.

    >>> from kit.loveletter import LoveLetter, knowledge
    >>> s = LoveLetter(2, edition="classic").new_initial_state()
    >>> for a in ["deal Princess", "deal Guard", "deal Guard", "deal Guard",
    ...           "deal Priest", "deal Baron", "deal Guard", "Guard p1 King"]:
    ...     s.apply_action(a)
    >>> m = posterior_marginals(knowledge(s, 0))[1]    # the Guard missed: not a King
    >>> {str(c): round(p, 3) for c, p in m.items()}
    {'Guard': 0.1, 'Priest': 0.1, 'Baron': 0.2, 'Handmaid': 0.2, 'Prince': 0.2, 'Countess': 0.1, 'Princess': 0.1}
    """
    out: dict[int, dict[Any, float]] = {}
    total_unseen = sum(know.unseen.values())
    for o in sorted(know.known):
        if know.alive and not know.alive[o]:
            continue
        dist: dict[Any, float] = {}
        for c in know.known[o]:
            dist[c] = dist.get(c, 0.0) + 1.0
        for i in range(know.unknown[o]):
            allow = know.allowed[o] if i == 0 else None
            weights = {c: n for c, n in know.unseen.items() if n > 0 and (allow is None or c in allow)}
            mass = sum(weights.values())
            if not mass:  # pragma: no cover - knowledge is consistent, but stay safe
                weights, mass = dict(know.unseen), total_unseen
            for c, n in weights.items():
                dist[c] = dist.get(c, 0.0) + n / mass
        if dist:
            out[o] = dist
    return out


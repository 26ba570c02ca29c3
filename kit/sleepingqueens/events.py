"""What happens in a game of Sleeping Queens, as data: the events, and who sees what.

The engine (:mod:`kit.sleepingqueens.state`) records each thing that happens
as a compact tuple, ``(kind, field, field, ...)``, in :data:`RECORDS` order.
This module is the only reader of those tuples.  It turns them into
JSON-ready dicts (:func:`event_dict`) whose fields are listed in
:data:`EVENT_FIELDS`: seats are ``int``, cards and Queens are the English names
the notation uses (``"7"``, ``"King"``, ``"Cat"``), places are 1 to 12, and a
field the reader may not see is ``None``.

Who sees what is decided here, once, by :func:`sight` (how much of a record a
seat sees: :data:`~kit.core.events.HIDDEN`, ``PUBLIC`` or ``WHOLE``):

* a card drawn (``draw``) and a described hand (``holds``) are seen by
  their owner only; everyone else sees that a card was drawn (or how many
  cards are held), not which;
* ``allow`` (the target of a Knight or a Sleeping Potion chose not to
  block) is seen by the target only: the kit asks every target, whether or
  not they hold the defence card, so nobody else learns anything from it;
* everything else is public: every card played or discarded, every Queen
  woken, where a sleeping Queen went, the card a Jester turns over, blocks,
  reshuffles, the end.

:func:`visible_events` is what one seat (or, with ``None``, everyone) sees;
:func:`all_events` is the whole truth, for a teacher;
:func:`information_string` is the compact string behind
``state.information_state(seat)``, made from the same visible records.

Examples
--------
>>> from kit.sleepingqueens.position import position
>>> s = position(hands=[["Knight", "1", "2", "3", "4"], ["Dragon", "6", "7", "8", "9"]], queens=[[], ["Moon"]])
>>> s.apply_action("Knight p1 Moon")
>>> s.apply_action("block")
>>> s.apply_action("deal King")
>>> [e["kind"] for e in visible_events(s, 0)]
['holds', 'holds', 'has', 'play', 'block', 'draw']
>>> visible_events(s, 0)[-1]
{'kind': 'draw', 'seat': 1, 'card': None, 'reason': 'defend'}
>>> visible_events(s, 1)[-1]
{'kind': 'draw', 'seat': 1, 'card': 'King', 'reason': 'defend'}
>>> visible_events(s, 0)[4]
{'kind': 'block', 'seat': 1, 'card': 'Dragon', 'attacker': 0, 'against': 'Knight', 'queen': 'Moon'}
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core.errors import KitError
from ..core.events import HIDDEN, PUBLIC, WHOLE
from .actions import Discard, Jester, King, Knight, Potion
from .cards import ATTACKS, DEFENCES, RIVALS, Card, Queen, discard_kind

__all__ = ["EVENT_FIELDS", "EVENT_KINDS", "HIDDEN", "PUBLIC", "WHOLE", "sight", "event_dict", "visible_events",
           "all_events", "RECORDS", "DRAW_REASONS", "WAKE_CAUSES", "information_string", "aimed_at", "check_record",
           "play_record"]

#: Fields of each event kind, as :func:`event_dict` gives them (after ``"kind"``).
EVENT_FIELDS: Mapping[str, tuple[str, ...]] = {
    # seat draws card (None for the others) because of reason: "deal", "refill" (back to five after an
    # action) or "defend" (the one card a defender draws after a block)
    "draw": ("seat", "card", "reason"),
    # seat plays an action. card: the power card played for its effect ("King", "Knight", "Potion",
    # "Jester"), None for a discard; target/queen: the opponent and the Queen a Knight or Potion aims at;
    # place: the place a King wakes or a Potion fills; cards: the cards put on the discard pile;
    # discard: "single", "pair" or "equation" for a discard (else None); left/right: an equation's
    # numbers (left=[2, 3], right=5 for 2+3=5)
    "play": ("seat", "card", "target", "queen", "place", "cards", "discard", "left", "right"),
    # chance: the face-down Queen in place, woken by seat, is queen
    "reveal": ("seat", "place", "queen"),
    # seat wakes queen from place; by: "king", "jester" (a Jester's number) or "rose" (the Rose Queen's
    # bonus); bonus: True when this is the Rose Queen and her new owner now wakes one more Queen
    "wake": ("seat", "queen", "place", "by", "bonus"),
    # seat woke queen, but holds her rival (Cat and Dog): she goes back to sleep in place, the action ends
    "back": ("seat", "queen", "place", "rival", "by"),
    # seat's Jester turns over card; power: a power card (it goes to the hand and seat plays again)
    "flip": ("seat", "card", "power"),
    # seat's Jester turned over the number: counted are the seats counted 1, 2, ... number (clockwise from
    # seat); the last one, chooser, wakes a Queen
    "count": ("seat", "number", "counted", "chooser"),
    # seat (the target) blocks attacker's card against ("Knight" or "Potion") aimed at queen, with card
    # ("Dragon" or "Wand")
    "block": ("seat", "card", "attacker", "against", "queen"),
    # seat (the target) lets attacker's card against take (or put to sleep) queen: seen by seat only
    "allow": ("seat", "attacker", "against", "queen"),
    # seat's Knight takes queen from target
    "steal": ("seat", "target", "queen"),
    # seat's Sleeping Potion puts target's queen to sleep in the empty place
    "sleep": ("seat", "target", "queen", "place"),
    # the empty draw pile takes the shuffled discard pile: cards is how many cards it now has
    "reshuffle": ("cards",),
    # a described position: seat holds cards (None for the others) and count cards
    "holds": ("seat", "cards", "count"),
    # a described position: seat has these awake queens
    "has": ("seat", "queens"),
    # a described position: queen sleeps in place where everyone saw her go
    "asleep": ("place", "queen"),
    # a described position: the discard pile, bottom first
    "pile": ("cards",),
    # the game is over: winners (several: a shared win), reason ("queens", "points" or "all-awake"),
    # everyone's points and number of Queens
    "end": ("winners", "reason", "points", "queens"),
}
#: The event kinds, in the order of :data:`EVENT_FIELDS`.
EVENT_KINDS: tuple[str, ...] = tuple(EVENT_FIELDS)

#: Fields of the engine's compact tuple of each kind (after the kind): cards and Queens as ints, places
#: 0 to 11, ``-1`` / ``0`` for "none" in a play.  Only this module reads them.
RECORDS: Mapping[str, tuple[str, ...]] = {
    "draw": ("seat", "card", "reason"),
    "play": ("seat", "card", "target", "queen", "place", "cards"),  # card 0: a discard; target/queen -1, place 0
    "reveal": ("seat", "place", "queen"),
    "wake": ("seat", "queen", "place", "by", "bonus"),
    "back": ("seat", "queen", "place", "by"),
    "flip": ("seat", "card"),
    "count": ("seat", "counted"),
    "block": ("seat", "card", "attacker", "queen"),
    "allow": ("seat", "attacker", "card", "queen"),  # card: the attacker's Knight or Potion
    "steal": ("seat", "target", "queen"),
    "sleep": ("seat", "target", "queen", "place"),
    "reshuffle": ("cards",),
    "holds": ("seat", "cards"),
    "has": ("seat", "queens"),
    "asleep": ("place", "queen"),
    "pile": ("cards",),
    "end": ("winners", "reason", "points", "queens"),
}

#: Why a card is drawn.
DRAW_REASONS = ("deal", "refill", "defend")
#: What wakes a Queen.
WAKE_CAUSES = ("king", "jester", "rose")

_OWNED = frozenset({"draw", "holds"})  # the card(s) are the owner's secret
_CARD = [None] + [str(Card(v)) for v in range(1, 17)]
_QUEEN = [str(Queen(q)) for q in range(12)]
_RIVAL = {int(q): str(r) for q, r in RIVALS.items()}  # the rules' rivalry and defences (kit/sleepingqueens/cards.py)
_AGAINST = {int(d): str(a) for d, a in ATTACKS.items()}
_ATTACK = {int(a): str(a) for a in DEFENCES}
_POWER = frozenset(range(11, 17))
_PLAYED = {King: Card.KING, Knight: Card.KNIGHT, Potion: Card.POTION, Jester: Card.JESTER}


def sight(state: Any, record: tuple, seat: int | None) -> int:
    """How much of ``record`` seat ``seat`` sees (``None``: what everyone sees): HIDDEN, PUBLIC or WHOLE.

    This is the one rule of who sees what in Sleeping Queens (see the module
    docstring); it reads the record alone (``state`` may be ``None``).

    >>> draw = ("draw", 1, 11, "refill")
    >>> sight(None, draw, 1), sight(None, draw, 0), sight(None, draw, None)
    (2, 1, 1)
    >>> allow = ("allow", 1, 0, 12, 4)
    >>> sight(None, allow, 1), sight(None, allow, 0), sight(None, ("steal", 0, 1, 4), None)
    (2, 0, 2)
    """
    kind = record[0]
    if kind in _OWNED:
        return WHOLE if seat == record[1] else PUBLIC
    if kind == "allow":
        return WHOLE if seat == record[1] else HIDDEN
    return WHOLE


def event_dict(state: Any, record: tuple, *, hide: bool = False) -> dict[str, Any]:
    """The JSON-ready dict of an engine record of ``state``; ``hide=True`` blanks what only its owner sees.

    ``hide=True`` is the record as :data:`~kit.core.events.PUBLIC` shows it.
    A Sleeping Queens record names its cards and Queens itself (``state``
    may be ``None``).

    >>> event_dict(None, ("play", 0, 0, -1, -1, 0, (2, 3, 5)))
    {'kind': 'play', 'seat': 0, 'card': None, 'target': None, 'queen': None, 'place': None,
     'cards': ['2', '3', '5'], 'discard': 'equation', 'left': [2, 3], 'right': 5}
    >>> event_dict(None, ("holds", 1, (1, 2, 3, 4, 11)), hide=True)
    {'kind': 'holds', 'seat': 1, 'cards': None, 'count': 5}
    """
    kind = record[0]
    maker = _MAKERS.get(kind)
    if maker is None:
        raise KitError(f"not a Sleeping Queens event record: {record!r}")
    return maker(record, hide)


def visible_events(state: Any, seat: int | None) -> list[dict[str, Any]]:
    """The events ``seat`` has seen, in order (``None``: what everyone sees); hidden fields are ``None``.

    Each call returns new dicts: a caller may change them.  A seat that is not
    the game's is a :class:`~kit.core.KitError`.
    """
    if seat is not None:
        state._check_seat(seat)
    out = []
    for rec in state._log:
        seen = sight(state, rec, seat)
        if seen:
            out.append(_fresh(rec, seen == PUBLIC))
    return out


def all_events(state: Any) -> list[dict[str, Any]]:
    """Every event with every field: the whole truth (for a teacher, never for a seat)."""
    return [_fresh(rec, False) for rec in state._log]


# Records repeat across games and are read at every observation: each one's dict (and its key in an
# information string) is made once per sight and handed out as a copy (its lists copied too).  Only the
# kinds whose records recur are kept (a finite set: seats, cards, Queens, places); the end of a game and
# the records of a described position rarely repeat and are made each time.  Each cache is emptied when
# it holds CACHE_LIMIT records, so that a long session stays within a bounded size.
CACHE_LIMIT = 20_000
_RECUR = frozenset({"draw", "play", "reveal", "wake", "back", "flip", "count", "block", "allow", "steal", "sleep",
                    "reshuffle"})
_DICTS: tuple[dict[tuple, dict[str, Any]], dict[tuple, dict[str, Any]]] = ({}, {})
_LISTS = {"play": ("cards", "left"), "count": ("counted",), "holds": ("cards",), "has": ("queens",),
          "pile": ("cards",), "end": ("winners", "points", "queens")}


def _fresh(record: tuple, hide: bool) -> dict[str, Any]:
    cache = _DICTS[hide]
    d = cache.get(record)
    if d is None:
        d = _MAKERS[record[0]](record, hide)
        if record[0] not in _RECUR:
            return d
        if len(cache) >= CACHE_LIMIT:
            cache.clear()
        cache[record] = d
    e = d.copy()
    lists = _LISTS.get(record[0])
    if lists:
        for k in lists:
            v = e[k]
            if v is not None:
                e[k] = v[:]
    return e


_KEYS: tuple[dict[tuple, str], dict[tuple, str]] = ({}, {})


def _key(record: tuple, hide: bool) -> str:
    cache = _KEYS[hide]
    found = cache.get(record)
    if found is None:
        d = _MAKERS[record[0]](record, hide)
        parts = [d.pop("kind")]
        for k, v in d.items():
            if v is None:
                continue
            if isinstance(v, list):
                v = ",".join(map(str, v))
            parts.append(f"{k}={v}")
        found = " ".join(parts)
        if record[0] in _RECUR:
            if len(cache) >= CACHE_LIMIT:
                cache.clear()
            cache[record] = found
    return found


#: The kinds of event whose ``target`` is the seat another player's card was played on.
_AIMED = frozenset({"play", "steal", "sleep"})


def aimed_at(event: Mapping[str, Any]) -> int | None:
    """The seat another player's move in ``event`` is aimed at: a Knight or a Sleeping Potion played on one of
    its Queens, a Queen taken from it or put back to sleep; ``None`` for a move aimed at nobody else (a King,
    a Jester, a discard) and for what is no move.

    Examples
    --------
    >>> aimed_at({"kind": "steal", "seat": 1, "target": 0, "queen": "Cat"})
    0
    >>> aimed_at({"kind": "play", "seat": 1, "card": "King", "target": None, "queen": None, "place": 3,
    ...           "cards": ["King"], "discard": None, "left": None, "right": None}) is None
    True
    """
    target = event.get("target") if event.get("kind") in _AIMED else None
    return target if target is not None and target != event.get("seat") else None

def information_string(state: Any, seat: int | None) -> str:
    """Everything ``seat`` has seen, as one string: the header, then one key per visible event.

    Two states give ``seat`` the same string exactly when it saw the same
    events (see :func:`visible_events`): the number of players and who
    started, then each event, e.g. ``draw seat=1 reason=refill`` for a
    card the seat did not see.
    """
    who = "-" if seat is None else seat
    out = [f"p{who}/{state._n}/first={state._first}"]
    for rec in state._log:
        seen = sight(state, rec, seat)
        if seen:
            out.append(_key(rec, seen == PUBLIC))
    return "|".join(out)


def play_record(seat: int, action: Any) -> tuple:
    """The engine's record of ``seat`` playing the turn ``action`` (a King, Knight, Potion, Jester, Discard)."""
    cls = action.__class__
    if cls is Discard:
        return ("play", seat, 0, -1, -1, 0, tuple(int(c) for c in action.cards))
    card = int(_PLAYED[cls])
    target = action.target if cls in (Knight, Potion) else -1
    queen = int(action.queen) if cls in (Knight, Potion) else -1
    place = action.place if cls in (King, Potion) else 0
    return ("play", seat, card, target, queen, place, (card,))


def check_record(record: Any) -> None:
    """Raise :class:`~kit.core.KitError` unless ``record`` is a well-formed engine record."""
    if not isinstance(record, tuple) or not record or record[0] not in RECORDS:
        raise KitError(f"not a Sleeping Queens event record: {record!r}")
    if len(record) != 1 + len(RECORDS[record[0]]):
        raise KitError(f"a {record[0]!r} record has the fields {RECORDS[record[0]]}, not {record[1:]!r}")
    event_dict(None, record)


# ---------------------------------------------------------------------- one maker per kind
def _draw(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "draw", "seat": r[1], "card": None if hide else _CARD[r[2]], "reason": r[3]}


def _play(r: tuple, hide: bool) -> dict[str, Any]:
    _, seat, card, target, queen, place, cards = r
    kind = left = right = None
    if not card:
        values = sorted(cards)
        kind = "single" if len(values) == 1 else discard_kind(values)
        if kind == "equation":
            left, right = values[:-1], values[-1]
    return {"kind": "play", "seat": seat, "card": _CARD[card] if card else None,
            "target": None if target < 0 else target, "queen": None if queen < 0 else _QUEEN[queen],
            "place": place or None, "cards": [_CARD[v] for v in cards], "discard": kind, "left": left,
            "right": right}


def _reveal(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "reveal", "seat": r[1], "place": r[2] + 1, "queen": _QUEEN[r[3]]}


def _wake(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "wake", "seat": r[1], "queen": _QUEEN[r[2]], "place": r[3] + 1, "by": r[4], "bonus": r[5]}


def _back(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "back", "seat": r[1], "queen": _QUEEN[r[2]], "place": r[3] + 1, "rival": _RIVAL[r[2]],
            "by": r[4]}


def _flip(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "flip", "seat": r[1], "card": _CARD[r[2]], "power": r[2] in _POWER}


def _count(r: tuple, hide: bool) -> dict[str, Any]:
    counted = list(r[2])
    return {"kind": "count", "seat": r[1], "number": len(counted), "counted": counted, "chooser": counted[-1]}


def _block(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "block", "seat": r[1], "card": _CARD[r[2]], "attacker": r[3], "against": _AGAINST[r[2]],
            "queen": _QUEEN[r[4]]}


def _allow(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "allow", "seat": r[1], "attacker": r[2], "against": _ATTACK[r[3]], "queen": _QUEEN[r[4]]}


def _steal(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "steal", "seat": r[1], "target": r[2], "queen": _QUEEN[r[3]]}


def _sleep(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "sleep", "seat": r[1], "target": r[2], "queen": _QUEEN[r[3]], "place": r[4] + 1}


def _reshuffle(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "reshuffle", "cards": r[1]}


def _holds(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "holds", "seat": r[1], "cards": None if hide else [_CARD[v] for v in r[2]], "count": len(r[2])}


def _has(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "has", "seat": r[1], "queens": [_QUEEN[q] for q in r[2]]}


def _asleep(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "asleep", "place": r[1] + 1, "queen": _QUEEN[r[2]]}


def _pile(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "pile", "cards": [_CARD[v] for v in r[1]]}


def _end(r: tuple, hide: bool) -> dict[str, Any]:
    return {"kind": "end", "winners": list(r[1]), "reason": r[2], "points": list(r[3]), "queens": list(r[4])}


_MAKERS = {"draw": _draw, "play": _play, "reveal": _reveal, "wake": _wake, "back": _back, "flip": _flip,
           "count": _count, "block": _block, "allow": _allow, "steal": _steal, "sleep": _sleep,
           "reshuffle": _reshuffle, "holds": _holds, "has": _has, "asleep": _asleep, "pile": _pile, "end": _end}
assert set(_MAKERS) == set(EVENT_FIELDS) == set(RECORDS)

"""What happens in a round of Love Letter, as data, and who sees what of it.

The engine (:mod:`.state`) records each thing that happens as a compact
internal record (a tuple of ints, for speed).  This module is the only code
that reads those records: it holds their schema, turns them into JSON-ready
dicts (:func:`event_dict`), and decides, in one place, what a seat sees of
each (:func:`sight`, the one visibility rule; :func:`visible_events` is its
list of dicts).  Everything else -- observations, information states,
knowledge, card counting, bots, narration -- reads the dicts.

Every event is a dict ``{"kind": ..., <fields>}``: seats are ints, cards the
English names of the notation (``"Guard"``), and a field the reader may not
see is ``None``.  The kinds and their fields (:data:`EVENT_FIELDS`):

=============  ====================================================================
``setaside``   ``card``: the face-down set-aside card (seen by nobody)
``faceup``     ``card``: a card set aside face up (two players)
``deal``       ``seat``, ``card``: the card dealt to ``seat`` (seen by ``seat``)
``draw``       ``seat``, ``card``, ``source`` (``"deck"``, ``"bottom"``: a card a
               Chancellor put under the deck, ``"set-aside"``), ``placer`` (who put it
               there, or ``None``); the card is seen by ``seat`` and the placer
``play``       ``seat``, ``card``, ``target`` (a seat or ``None``), ``guess`` (a Guard's
               named card or ``None``)
``peek``       ``seat``, ``target``, ``card``: what ``seat``'s Priest saw (only ``seat``
               sees this event)
``baron``      ``seat``, ``target``, ``seat_card``, ``target_card``: the hands a Baron
               compared (only the two players see this event)
``trade``      ``seat``, ``target``, ``gave``, ``got``: a King's trade, ``seat`` gave
               ``gave`` and got ``got`` (only the two players see this event)
``discard``    ``seat``, ``card``: a Prince made ``seat`` discard ``card``
``out``        ``seat``, ``cards`` (shown), ``cause``: ``"guard"``, ``"baron"`` or
               ``"princess"``
``return``     ``seat``, ``count``, ``cards``: the cards a Chancellor's player put under
               the deck, top first (``cards`` seen by ``seat`` only)
``history``    ``seat``, ``card``: in a described position, a card played earlier
``protected``  ``seat``: in a described position, protected by a Handmaid
``reveal``     ``seat``, ``card``: in a described position, a hand every player knows
``end``        ``winners``, ``reason`` (``"last-standing"`` or ``"deck-empty"``),
               ``spy`` (the seat with the Spy bonus or ``None``), ``hands`` (with an
               empty deck, the hands shown: ``[{"seat": 0, "card": "King"}, ...]``)
=============  ====================================================================

Examples
--------
>>> from kit.loveletter import LoveLetter
>>> s = LoveLetter(2, edition="classic").new_initial_state()
>>> for a in ["deal Princess", "deal Guard", "deal Guard", "deal Guard",
...           "deal Priest", "deal Baron", "deal Prince", "Priest p1"]:
...     s.apply_action(a)
>>> visible_events(s, 0)[-3:]
[{'kind': 'draw', 'seat': 0, 'card': 'Prince', 'source': 'deck', 'placer': None}, {'kind': 'play', 'seat': 0, 'card': 'Priest', 'target': 1, 'guess': None}, {'kind': 'peek', 'seat': 0, 'target': 1, 'card': 'Baron'}]
>>> visible_events(s, 1)[-2:]        # p1 does not see what the Priest showed
[{'kind': 'draw', 'seat': 0, 'card': None, 'source': 'deck', 'placer': None}, {'kind': 'play', 'seat': 0, 'card': 'Priest', 'target': 1, 'guess': None}]
>>> visible_events(s, None)[0], all_events(s)[0]
({'kind': 'setaside', 'card': None}, {'kind': 'setaside', 'card': 'Princess'})
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from ..core.errors import KitError
from ..core.events import HIDDEN, PUBLIC, WHOLE

__all__ = ["EVENT_FIELDS", "EVENT_KINDS", "HIDDEN", "PUBLIC", "WHOLE", "sight", "event_dict", "visible_events",
           "all_events", "information_string", "aimed_at", "public_events", "is_private", "revealed"]

#: Each event kind and the fields of its dict (besides ``"kind"``), in order.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "setaside": ("card",),
    "faceup": ("card",),
    "deal": ("seat", "card"),
    "draw": ("seat", "card", "source", "placer"),
    "play": ("seat", "card", "target", "guess"),
    "peek": ("seat", "target", "card"),
    "baron": ("seat", "target", "seat_card", "target_card"),
    "trade": ("seat", "target", "gave", "got"),
    "discard": ("seat", "card"),
    "out": ("seat", "cards", "cause"),
    "return": ("seat", "count", "cards"),
    "history": ("seat", "card"),
    "protected": ("seat",),
    "reveal": ("seat", "card"),
    "end": ("winners", "reason", "spy", "hands"),
}
#: The event kinds, in the order of :data:`EVENT_FIELDS`.
EVENT_KINDS: tuple[str, ...] = tuple(EVENT_FIELDS)

# The engine's records (the tuples of ``LoveLetterState._log``; cards are ints):
#   ("setaside", card)          ("faceup", card)             ("deal", seat, card)
#   ("draw", seat, card, placer)   placer: -1 the deck, -2 the set-aside card, >= 0 the seat that put it under
#   ("play", seat, card, target, guess)                       ("peek", seat, target, card)
#   ("baron", seat, target, seat_card, target_card)           ("trade", seat, target, gave, got)
#   ("discard", seat, card)     ("out", seat, (cards...), cause)    ("return", seat, (cards...))
#   ("history", seat, card)     ("protected", seat)          ("reveal", seat, card)
#   ("end", (winners...), reason, spy, ((seat, card), ...))
# A record as a seat sees it has None in place of each card it does not see.
_DECK, _SET_ASIDE = -1, -2
_HIDDEN_SETASIDE = ("setaside", None)


def sight(state: Any, record: tuple, seat: int | None) -> int:
    """THE visibility rule: how much of ``record`` seat ``seat`` sees (``None``: what everyone sees).

    :data:`~kit.core.events.HIDDEN` (nothing), :data:`~kit.core.events.PUBLIC`
    (that it happened, not the cards only others see) or
    :data:`~kit.core.events.WHOLE`.  Love Letter's rule reads the record
    alone (``state`` may be ``None``): a deal, a draw and the cards a
    Chancellor put back are seen whole by their owner (a card drawn from
    under the deck by who put it there too); the set-aside card by nobody;
    a Priest's look by its player only, a Baron's comparison and a King's
    trade by their two players only; everything else by everyone.

    >>> draw, peek = ("draw", 1, 5, -1), ("peek", 0, 1, 3)
    >>> [sight(None, draw, s) for s in (1, 0, None)], [sight(None, peek, s) for s in (0, 1, None)]
    ([2, 1, 1], [2, 0, 0])
    """
    kind = record[0]
    if kind == "draw":
        return WHOLE if (seat == record[1] or seat == record[3]) else PUBLIC
    if kind == "deal" or kind == "return":
        return WHOLE if seat == record[1] else PUBLIC
    if kind == "setaside":
        return PUBLIC
    if kind == "peek":
        return WHOLE if seat == record[1] else HIDDEN
    if kind == "baron" or kind == "trade":
        return WHOLE if (seat == record[1] or seat == record[2]) else HIDDEN
    return WHOLE  # play, discard, out, faceup, history, protected, reveal, end: public


def _public(e: tuple) -> tuple:
    """Record ``e`` as :data:`~kit.core.events.PUBLIC` shows it: ``None`` for each card only others see."""
    kind = e[0]
    if kind == "draw":
        return ("draw", e[1], None, e[3])
    if kind == "deal":
        return ("deal", e[1], None)
    if kind == "setaside":
        return _HIDDEN_SETASIDE
    if kind == "return":
        return ("return", e[1], (None,) * len(e[2]))
    return e


def _seen(state: Any, e: tuple, seat: int | None) -> tuple | None:
    """Record ``e`` as ``seat`` sees it by :func:`sight` (``None``: the seat does not see it)."""
    level = sight(state, e, seat)
    return e if level == WHOLE else (_public(e) if level else None)


@lru_cache(maxsize=None)
def _names(ed: Any) -> tuple[str | None, ...]:
    """Card names by value for edition ``ed`` (``None`` where it has no card)."""
    return tuple(str(ed.card(v)) if c else None for v, c in enumerate(ed.counts))


def _dict(e: tuple, name: Any) -> dict[str, Any]:
    """The dict of record ``e``; ``name(card)`` gives a card's name (``None`` stays ``None``)."""
    kind = e[0]
    if kind == "play":
        _, s, c, t, g = e
        return {"kind": "play", "seat": s, "card": name(c), "target": t, "guess": None if g is None else name(g)}
    if kind == "draw":
        _, s, v, placer = e
        source = "bottom" if placer >= 0 else ("set-aside" if placer == _SET_ASIDE else "deck")
        return {"kind": "draw", "seat": s, "card": None if v is None else name(v), "source": source,
                "placer": placer if placer >= 0 else None}
    if kind == "deal":
        return {"kind": "deal", "seat": e[1], "card": None if e[2] is None else name(e[2])}
    if kind in ("setaside", "faceup"):
        return {"kind": kind, "card": None if e[1] is None else name(e[1])}
    if kind == "discard" or kind == "history" or kind == "reveal":
        return {"kind": kind, "seat": e[1], "card": name(e[2])}
    if kind == "out":
        return {"kind": "out", "seat": e[1], "cards": [name(c) for c in e[2]], "cause": e[3]}
    if kind == "peek":
        return {"kind": "peek", "seat": e[1], "target": e[2], "card": name(e[3])}
    if kind == "baron":
        return {"kind": "baron", "seat": e[1], "target": e[2], "seat_card": name(e[3]), "target_card": name(e[4])}
    if kind == "trade":
        return {"kind": "trade", "seat": e[1], "target": e[2], "gave": name(e[3]), "got": name(e[4])}
    if kind == "return":
        cards = e[2]
        return {"kind": "return", "seat": e[1], "count": len(cards),
                "cards": None if any(c is None for c in cards) else [name(c) for c in cards]}
    if kind == "protected":
        return {"kind": "protected", "seat": e[1]}
    if kind == "end":
        _, winners, reason, spy, shown = e
        return {"kind": "end", "winners": list(winners), "reason": reason, "spy": spy,
                "hands": [{"seat": s, "card": name(v)} for s, v in shown]}
    raise KitError(f"unknown Love Letter event {e!r}")  # pragma: no cover - engine bug


def _record(d: Mapping[str, Any]) -> tuple:
    """The record of event dict ``d``, its cards kept as names (the inverse of :func:`_dict`)."""
    kind = d.get("kind")
    if kind not in EVENT_FIELDS:
        raise KitError(f"not a Love Letter event: {d!r}")
    if kind == "draw":
        placer = d["placer"] if d["source"] == "bottom" else (_SET_ASIDE if d["source"] == "set-aside" else _DECK)
        return ("draw", d["seat"], d["card"], placer)
    if kind == "out":
        return ("out", d["seat"], tuple(d["cards"]), d["cause"])
    if kind == "return":
        cards = d["cards"]
        return ("return", d["seat"], (None,) * d["count"] if cards is None else tuple(cards))
    if kind == "end":
        return ("end", tuple(d["winners"]), d["reason"], d["spy"], tuple((h["seat"], h["card"]) for h in d["hands"]))
    return (kind,) + tuple(d[f] for f in EVENT_FIELDS[kind])


def _same(x: Any) -> Any:
    return x


def event_dict(state: Any, record: tuple, *, hide: bool = False) -> dict[str, Any]:
    """The JSON-ready dict of one engine record of ``state``'s round (its edition names the cards).

    ``hide=True`` gives the record as :data:`~kit.core.events.PUBLIC` shows
    it (``None`` for each card only others see).

    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2, edition="classic").new_initial_state()
    >>> event_dict(s, ("play", 0, 1, 1, 2))
    {'kind': 'play', 'seat': 0, 'card': 'Guard', 'target': 1, 'guess': 'Priest'}
    >>> event_dict(s, ("out", 1, (2,), "guard"))
    {'kind': 'out', 'seat': 1, 'cards': ['Priest'], 'cause': 'guard'}
    >>> event_dict(s, ("deal", 1, 2), hide=True)
    {'kind': 'deal', 'seat': 1, 'card': None}
    """
    return _dict(_public(record) if hide else record, _names(state._r.ed).__getitem__)


def visible_events(state: Any, seat: int | None) -> list[dict[str, Any]]:
    """The round's events as ``seat`` saw them (``None``: what every player and a spectator saw).

    Events the seat did not see at all (another player's Priest peek, a Baron
    or King between two others) are left out; a card it did not see is
    ``None``.  This is ``state.observation(seat)["log"]``.
    """
    if seat is not None:
        state._check_seat(seat)
    name = _names(state._r.ed).__getitem__
    return [_dict(v, name) for e in state._log if (v := _seen(state, e, seat)) is not None]


def all_events(state: Any) -> list[dict[str, Any]]:
    """Every event of the round with every card (the whole truth: for a teacher, never for a seat)."""
    name = _names(state._r.ed).__getitem__
    return [_dict(e, name) for e in state._log]


def public_events(events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """What everyone sees of ``events`` (any seat's view, or all of them): the same rule as
    ``visible_events(state, None)``.

    >>> public_events([{"kind": "deal", "seat": 0, "card": "Guard"},
    ...                {"kind": "peek", "seat": 0, "target": 1, "card": "King"}])
    [{'kind': 'deal', 'seat': 0, 'card': None}]
    """
    return [_dict(v, _same) for d in events if (v := _seen(None, _record(d), None)) is not None]


def is_private(event: Mapping[str, Any]) -> bool:
    """Does ``event`` hold something the public view hides (a card only some seats saw)?

    >>> is_private({"kind": "deal", "seat": 0, "card": "Guard"}), is_private({"kind": "deal", "seat": 0, "card": None})
    (True, False)
    """
    rec = _record(event)
    return _seen(None, rec, None) != rec


def revealed(record: tuple, players: int) -> list[tuple[int, int, int]]:
    """``(seer, holder, card)`` for each card in another seat's hand that an engine record shows
    (a Priest's look, a Baron's comparison, a King's trade), by :func:`visible_events`' rule.

    For a search that follows what simulated players know without building
    event dicts.  ``card`` is the value ``holder`` holds after the event.

    >>> revealed(("trade", 0, 2, 5, 1), 3)    # p0 gave its 5 to p2 for p2's 1
    [(0, 2, 5), (2, 0, 1)]
    >>> revealed(("play", 0, 2, 1, None), 3)
    []
    """
    kind = record[0]
    if kind == "peek":
        holders: tuple[tuple[int, int], ...] = ((record[2], record[3]),)
    elif kind == "baron":
        holders = ((record[1], record[3]), (record[2], record[4]))
    elif kind == "trade":  # after the trade the target holds what the seat gave, and the other way round
        holders = ((record[2], record[3]), (record[1], record[4]))
    else:
        return []
    return [(seer, holder, card) for seer in range(players) if sight(None, record, seer)
            for holder, card in holders if holder != seer]


# ---------------------------------------------------------------------------
# information states: one short line per visible record (the kit's notation, not a sentence)
# ---------------------------------------------------------------------------
def info_token(v: tuple, names: Sequence[str | None]) -> str:
    """The information-state line of a *visible* record ``v`` (cards the seat did not see: ``?``)."""
    kind = v[0]
    if kind == "draw":
        _, s, c, placer = v
        return f"p{s} draws {'?' if c is None else names[c]}" + (" from set-aside" if placer == _SET_ASIDE else "")
    if kind == "play":
        _, s, c, t, g = v
        return f"p{s} plays {names[c]}" + ("" if t is None else f" on p{t}") + ("" if g is None else f" naming {names[g]}")
    if kind == "deal":
        return f"p{v[1]} is dealt {'?' if v[2] is None else names[v[2]]}"
    if kind == "peek":
        return f"p{v[1]} sees p{v[2]} holds {names[v[3]]}"
    if kind == "baron":
        return f"Baron: p{v[1]} has {names[v[3]]}, p{v[2]} has {names[v[4]]}"
    if kind == "trade":
        return f"King: p{v[1]} gives {names[v[3]]} to p{v[2]} for {names[v[4]]}"
    if kind == "discard":
        return f"p{v[1]} discards {names[v[2]]}"
    if kind == "out":
        _, s, cards, cause = v
        return f"p{s} is out ({cause})" + ("" if not cards else " showing " + " ".join(names[c] for c in cards))
    if kind == "return":
        _, s, cards = v
        if cards and cards[0] is None:
            return f"p{s} puts {len(cards)} card{'s' if len(cards) != 1 else ''} under the deck"
        return f"p{s} puts under the deck " + " ".join(names[c] for c in cards)
    if kind == "faceup":
        return f"face up {names[v[1]]}"
    if kind == "history":
        return f"earlier p{v[1]} played {names[v[2]]}"
    if kind == "protected":
        return f"p{v[1]} is protected by a Handmaid"
    if kind == "reveal":
        return f"p{v[1]} holds {names[v[2]]}, known to all"
    if kind == "setaside":
        return "a card is set aside face down"
    if kind == "end":
        _, winners, reason, spy, shown = v
        text = f"round over ({reason}), won by " + ", ".join(f"p{w}" for w in winners)
        if shown:
            text += "; hands " + ", ".join(f"p{s} {names[c]}" for s, c in shown)
        if spy is not None:
            text += f"; Spy bonus p{spy}"
        return text
    raise KitError(f"unknown Love Letter event {v!r}")  # pragma: no cover - engine bug


#: The kinds of event whose ``target`` is the seat another player's card was played on.
_AIMED = frozenset({"play", "peek", "baron", "trade"})


def aimed_at(event: Mapping[str, Any]) -> int | None:
    """The seat another player's move in ``event`` is aimed at: a card played on it (a Guard's guess, a
    Prince, a King...), a Priest's look at its hand, a Baron's duel, a King's trade; ``None`` for a move aimed
    at nobody else (a Handmaid, a Prince on oneself) and for what is no move.

    Examples
    --------
    >>> aimed_at({"kind": "play", "seat": 0, "card": "Guard", "target": 1, "guess": "Priest"})
    1
    >>> aimed_at({"kind": "play", "seat": 1, "card": "Prince", "target": 1, "guess": None}) is None
    True
    >>> aimed_at({"kind": "draw", "seat": 1, "card": None, "source": "deck", "placer": None}) is None
    True
    """
    target = event.get("target") if event.get("kind") in _AIMED else None
    return target if target is not None and target != event.get("seat") else None

def information_string(state: Any, seat: int) -> str:
    """Everything ``seat`` has seen this round, as one string: ``state.information_state(seat)``.

    ``p<seat>/<players>``, then one :func:`info_token` per record the seat
    sees by :func:`sight`, joined by ``|``.  The text is kept on the state
    and extended as its log grows (search asks it at every step).
    """
    state._check_seat(seat)
    info = state._info
    if info is None:
        info = state._info = [(0, f"p{s}/{state._n}") for s in range(state._n)]
    done, text = info[seat]
    log = state._log
    if done != len(log):  # the log only grows: extend the cached text with the new events
        if done > len(log):  # a log replaced wholesale (a resampled state): start again
            done, text = 0, f"p{seat}/{state._n}"
        names = _names(state._r.ed)
        parts = [text]
        for e in log[done:]:
            seen = _seen(state, e, seat)
            if seen is not None:
                parts.append(info_token(seen, names))
        text = "|".join(parts)
        info[seat] = (len(log), text)
    return text


def round_events(state: Any, player: int | None = None) -> list[dict[str, Any]]:
    """Kept for old notebooks: the events ``player`` saw, or every event (``None``, the teacher's view).

    Use :func:`visible_events` and :func:`all_events`;
    :func:`kit.render.narration.loveletter.narrate` tells them in words.
    """
    return all_events(state) if player is None else visible_events(state, player)

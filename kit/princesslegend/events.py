"""What happens in a Princess Legend round, as data, and who sees what of it.

The engine (:mod:`~kit.princesslegend.state`) records each step as a compact
tuple, a *record*; this module is the only one that reads records.  It holds

1. the schema of every event kind (:data:`EVENT_FIELDS`),
2. :func:`event_dict`: a record as a JSON-ready dict (seats as ints, the
   centre as the place ``"centre"``, characters by their English names,
   questions by their notation value ``"where-princess"``, ``"who-are-you"``,
   ``"who-is"``, symbols as ``"heart"``, ``"crown"``, ``"mask"``),
3. the one visibility rule of the game, :func:`sight`, the events a seat sees
   by it, :func:`visible_events`, and the whole truth for a teacher,
   :func:`all_events`.

Event kinds, in the order a round records them (docs/rules/princesslegend.md; the kit's rules
pages restate it):

==========  ==============================================  =========================================
kind        fields                                          what happened
==========  ==============================================  =========================================
prince      seat                                            ``seat`` is the Prince (his tile face up)
deal        place, tile                                     a tile is dealt face down to ``place``
ask         prince, seat, question, about, extra            the Prince asks ``seat`` a question
answer      seat, place, character                          ``seat`` answers a place or a character
noextra     prince                                          the Prince declines the extra question
reveal      prince, place, tile, symbol                     the Prince turns the tile at ``place`` up
rubies      symbol, seats                                   ``seats`` take a ruby each (maybe none)
show        tiles, centre                                   every tile turns face up, for everyone
==========  ==============================================  =========================================

``about`` is the place pointed at by "Who is that?" (``None`` for the other
questions); ``extra`` is ``True`` for the optional extra question.  An answer
has exactly one of ``place`` (to "Where is the Princess?") and ``character``
(to the other two); the other is ``None``.

**The end-of-round show** (the kit's teaching decision; the sheet is silent):
once the rubies are taken, every tile turns face up for everyone, so that the
table can tell who lied and who had to (:func:`kit.princesslegend.debrief.debrief`).
The ``show`` event, the round's last, holds every seat's tile (``tiles[seat]``,
``"Prince"`` at the Prince's seat) and the centre's (``None`` at 8 players).
It changes no score (the rubies are taken before it) and no decision follows it.

**Who sees what** (one rule, :func:`sight`): the Prince sees no
dealt tile (``tile`` is ``None`` in his deal events); every other player
sees every tile, the centre's included; everyone sees the Prince, every
question and answer, the reveal, who takes rubies and, at the end of the
round, every tile (the ``show`` event).  ``seat=None`` gives
what everyone sees (a spectator, a public replay): the Prince's view.  No
event is left out for anyone: a seat that may not see a tile still sees that
a tile was dealt.

The observation's ``"log"`` is :func:`visible_events`; its tiles, questions
and result are derived from the same list, and so is the information state
(:func:`information_string`), so two states that a seat cannot tell apart give
it equal observations.

Examples
--------
>>> from kit.princesslegend import PrincessLegend
>>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
>>> s.apply_action("ask p1 where-princess"); s.apply_action("answer p2")
>>> for e in visible_events(s, 0):
...     print(e)
{'kind': 'prince', 'seat': 0}
{'kind': 'deal', 'place': 1, 'tile': None}
{'kind': 'deal', 'place': 2, 'tile': None}
{'kind': 'deal', 'place': 'centre', 'tile': None}
{'kind': 'ask', 'prince': 0, 'seat': 1, 'question': 'where-princess', 'about': None, 'extra': False}
{'kind': 'answer', 'seat': 1, 'place': 2, 'character': None}
>>> visible_events(s, 1)[1:4]
[{'kind': 'deal', 'place': 1, 'tile': 'Black Queen'}, {'kind': 'deal', 'place': 2, 'tile': 'Servant'}, {'kind': 'deal', 'place': 'centre', 'tile': 'Princess'}]
>>> visible_events(s, None) == visible_events(s, 0) and all_events(s) == visible_events(s, 2)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from ..core.errors import KitError
from ..core.events import HIDDEN, PUBLIC, WHOLE
from .actions import CENTRE
from .tiles import Character

if TYPE_CHECKING:  # pragma: no cover
    from .state import PrincessLegendState

__all__ = ["EVENT_FIELDS", "EVENT_KINDS", "HIDDEN", "PUBLIC", "WHOLE", "sight", "event_dict", "visible_events",
           "all_events", "information_string", "aimed_at", "known_tiles", "questions", "answered", "claim",
           "check_event"]

#: Every event kind and its fields (besides ``"kind"``), in order.
EVENT_FIELDS: Mapping[str, tuple[str, ...]] = {
    "prince": ("seat",),
    "deal": ("place", "tile"),
    "ask": ("prince", "seat", "question", "about", "extra"),
    "answer": ("seat", "place", "character"),
    "noextra": ("prince",),
    "reveal": ("prince", "place", "tile", "symbol"),
    "rubies": ("symbol", "seats"),
    "show": ("tiles", "centre"),
}
#: The event kinds, in the order a round records them.
EVENT_KINDS: tuple[str, ...] = tuple(EVENT_FIELDS)

# The engine's records (tuples), one per kind; a place index is a seat, or ``players`` for the centre;
# a tile is a Character code (-1 in a deal record: hidden from this reader):
#   ("prince", seat)
#   ("deal", place index, tile code)
#   ("ask", seat, question value, about place index | None, extra?)
#   ("answer", seat, "place" | "character", place index | character code)
#   ("noextra",)
#   ("reveal", place index, tile code)
#   ("rubies", symbol value, scorers as a tuple of seats)
#   ("show", tile code of every seat as a tuple, centre tile code | -1 at 8 players)
_CHAR = list(Character)
_NAMES = [str(c) for c in Character]


def _place(i: int, n: int) -> int | str:
    return CENTRE if i == n else i


def _place_text(i: int, n: int) -> str:
    return CENTRE if i == n else f"p{i}"


def sight(state: "PrincessLegendState", record: tuple, seat: int | None) -> int:
    """THE visibility rule: how much of ``record`` seat ``seat`` sees (``None``: what everyone sees).

    A deal is :data:`~kit.core.events.PUBLIC` (its tile face down) for the
    Prince and for everyone; every other record, and a deal for every other
    seat, is :data:`~kit.core.events.WHOLE`.  No record is
    :data:`~kit.core.events.HIDDEN` from anyone.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    >>> [sight(s, ("deal", 1, 3), seat) for seat in (0, 1, 2, None)]
    [1, 2, 2, 1]
    """
    if record[0] == "deal" and (seat is None or seat == state._prince):
        return PUBLIC
    return WHOLE


def event_dict(state: "PrincessLegendState", record: tuple, *, hide: bool = False) -> dict[str, Any]:
    """The JSON-ready dict of one engine record of ``state``'s round (its Prince and player count).

    ``hide=True`` gives the record as :data:`~kit.core.events.PUBLIC` shows
    it (a deal's tile ``None``).

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).new_initial_state(first_player=0)
    >>> event_dict(s, ("deal", 3, 2)), event_dict(s, ("deal", 3, 2), hide=True)
    ({'kind': 'deal', 'place': 'centre', 'tile': 'Fairy'}, {'kind': 'deal', 'place': 'centre', 'tile': None})
    >>> event_dict(s, ("show", (0, 3, 1), 6))
    {'kind': 'show', 'tiles': ['Prince', 'Black Queen', 'Princess'], 'centre': 'Servant'}
    >>> event_dict(PrincessLegend(4).new_initial_state(), ("rubies", "crown", (1, 3)))
    {'kind': 'rubies', 'symbol': 'crown', 'seats': [1, 3]}
    """
    return _dict(_public(record) if hide else record, state._prince, state.game.num_players)


def _public(record: tuple) -> tuple:
    """Record ``record`` as :data:`~kit.core.events.PUBLIC` shows it: a deal's tile face down (-1)."""
    return ("deal", record[1], -1) if record[0] == "deal" else record


def _seen(state: "PrincessLegendState", record: tuple, seat: int | None) -> tuple | None:
    """Record ``record`` as ``seat`` sees it by :func:`sight` (``None``: the seat does not see it)."""
    level = sight(state, record, seat)
    return record if level == WHOLE else (_public(record) if level else None)


def _dict(record: tuple, prince: int, n: int) -> dict[str, Any]:
    """The dict of ``record`` (a deal's tile -1: face down) in a round with this Prince and ``n`` players."""
    kind = record[0]
    if kind == "deal":
        return {"kind": "deal", "place": _place(record[1], n), "tile": None if record[2] < 0 else _NAMES[record[2]]}
    if kind == "ask":
        _, seat, question, about, extra = record
        return {"kind": "ask", "prince": prince, "seat": seat, "question": question,
                "about": None if about is None else _place(about, n), "extra": extra}
    if kind == "answer":
        _, seat, what, v = record
        if what == "place":
            return {"kind": "answer", "seat": seat, "place": _place(v, n), "character": None}
        return {"kind": "answer", "seat": seat, "place": None, "character": _NAMES[v]}
    if kind == "prince":
        return {"kind": "prince", "seat": record[1]}
    if kind == "noextra":
        return {"kind": "noextra", "prince": prince}
    if kind == "reveal":
        c = _CHAR[record[2]]
        return {"kind": "reveal", "prince": prince, "place": _place(record[1], n), "tile": str(c),
                "symbol": c.symbol.value}
    if kind == "rubies":
        return {"kind": "rubies", "symbol": record[1], "seats": list(record[2])}
    if kind == "show":
        return {"kind": "show", "tiles": [_NAMES[t] for t in record[1]],
                "centre": None if record[2] < 0 else _NAMES[record[2]]}
    raise KitError(f"unknown Princess Legend record {record!r}")  # pragma: no cover - engine bug


def _check_seat(state: "PrincessLegendState", seat: int | None) -> None:
    n = state.game.num_players
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise KitError(f"no seat {seat!r}; seats are 0 to {n - 1} (or None: what everyone sees)")


def _visible_records(state: "PrincessLegendState", seat: int | None) -> list[tuple]:
    """The round's records as ``seat`` sees them, by :func:`sight` (none is hidden from anyone)."""
    return [v for r in state._log if (v := _seen(state, r, seat)) is not None]


def visible_events(state: "PrincessLegendState", seat: int | None) -> list[dict[str, Any]]:
    """The events of the round as ``seat`` sees them (``None``: what everyone sees).

    Every event is there for every seat; a hidden field is ``None`` (the
    ``tile`` of a deal, for the Prince and for everyone).  See the module
    docstring for the rule.
    """
    _check_seat(state, seat)
    k, n = state._prince, state.game.num_players
    return [_dict(r, k, n) for r in _visible_records(state, seat)]


def all_events(state: "PrincessLegendState") -> list[dict[str, Any]]:
    """Every event with every field: the whole truth (for a teacher, never for a student's seat)."""
    k, n = state._prince, state.game.num_players
    return [_dict(r, k, n) for r in state._log]


def _token(record: tuple, n: int) -> str:
    kind = record[0]
    if kind == "deal":
        return f"deal {'?' if record[2] < 0 else _NAMES[record[2]]} to {_place_text(record[1], n)}"
    if kind == "ask":
        _, seat, question, about, extra = record
        text = f"ask p{seat} {question}" + ("" if about is None else f" {_place_text(about, n)}")
        return "extra " + text if extra else text
    if kind == "answer":
        return f"answer {_place_text(record[3], n) if record[2] == 'place' else _NAMES[record[3]]}"
    if kind == "prince":
        return f"prince p{record[1]}"
    if kind == "noextra":
        return "no-extra-question"
    if kind == "reveal":
        return f"reveal {_place_text(record[1], n)}: {_NAMES[record[2]]}"
    if kind == "show":
        return "show " + ",".join(_NAMES[t] for t in record[1]) + ("" if record[2] < 0 else
                                                                  f"; centre {_NAMES[record[2]]}")
    return f"rubies {record[1]}: " + (" ".join(f"p{s}" for s in record[2]) or "none")


_TOKENS: dict[int, dict[tuple, str]] = {}


def aimed_at(event: Mapping[str, Any]) -> int | None:
    """The seat another player's move in ``event`` is aimed at: the seat the Prince asks a question; ``None``
    for every other event (an answer is the answering seat's own move).

    Examples
    --------
    >>> aimed_at({"kind": "ask", "prince": 0, "seat": 2, "question": "where-princess", "about": None,
    ...           "extra": False})
    2
    >>> aimed_at({"kind": "answer", "seat": 2, "place": 4, "character": None}) is None
    True
    """
    seat = event.get("seat") if event.get("kind") == "ask" else None
    return seat if seat is not None and seat != event.get("prince") else None

def information_string(state: "PrincessLegendState", seat: int | None) -> str:
    """Everything ``seat`` has seen, as one compact string made from the records it sees.

    One token per event, in the actions' notation (a hidden tile is ``?``);
    equal for two states exactly when the seat's visible events are equal.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    >>> information_string(s, 0)
    'p0/3|prince p0|deal ? to p1|deal ? to p2|deal ? to centre'
    >>> information_string(s, 2)
    'p2/3|prince p0|deal Black Queen to p1|deal Servant to p2|deal Princess to centre'
    """
    _check_seat(state, seat)
    n = state.game.num_players
    cache = _TOKENS.get(n)
    if cache is None:
        cache = _TOKENS[n] = {}
    parts = [f"{'all' if seat is None else f'p{seat}'}/{n}"]
    for r in _visible_records(state, seat):
        t = cache.get(r)
        if t is None:
            t = cache[r] = _token(r, n)
        parts.append(t)
    return "|".join(parts)


# --------------------------------------------------------------------------- reading events

def known_tiles(events: Iterable[Mapping[str, Any]], players: int) -> tuple[list[str | None], str | None]:
    """``(tiles, centre)``: the tile at each seat and in the centre as far as ``events`` show them.

    The Prince's tile is face up (the ``prince`` event); a deal shows its tile
    to whoever may see it; a reveal shows it to everyone, and so does the
    end-of-round ``show``, every tile.  ``None``: unknown (or not dealt yet).

    >>> known_tiles([{"kind": "prince", "seat": 1}, {"kind": "deal", "place": 2, "tile": None},
    ...              {"kind": "deal", "place": "centre", "tile": "Guard"}], 3)
    ([None, 'Prince', None], 'Guard')
    """
    tiles: list[str | None] = [None] * players
    centre = None
    for e in events:
        kind = e["kind"]
        if kind == "prince":
            tiles[e["seat"]] = str(Character.PRINCE)
        elif (kind == "deal" or kind == "reveal") and e["tile"] is not None:
            if e["place"] == CENTRE:
                centre = e["tile"]
            else:
                tiles[e["place"]] = e["tile"]
        elif kind == "show":
            tiles = list(e["tiles"])
            centre = e["centre"]
    return tiles, centre


def answered(events: Iterable[Mapping[str, Any]]) -> list[tuple[Mapping[str, Any], Mapping[str, Any] | None]]:
    """Every question of ``events`` with its answer: ``(ask event, answer event)``; the answer is
    ``None`` for a question still waiting (the last one, in the answer step).

    >>> answered([{"kind": "ask", "prince": 0, "seat": 1, "question": "who-are-you", "about": None,
    ...            "extra": False}])
    [({'kind': 'ask', 'prince': 0, 'seat': 1, 'question': 'who-are-you', 'about': None, 'extra': False}, None)]
    """
    out: list[tuple[Mapping[str, Any], Mapping[str, Any] | None]] = []
    for e in events:
        kind = e["kind"]
        if kind == "ask":
            out.append((e, None))
        elif kind == "answer":
            if not out or out[-1][1] is not None:
                raise KitError(f"an answer without a question in these events: {dict(e)!r}")
            out[-1] = (out[-1][0], e)
    return out


def claim(ask: Mapping[str, Any], answer: Mapping[str, Any]) -> tuple[int | str, str]:
    """``(place, character)``: the answer claims "the tile at place is character".

    "Where is the Princess?" answered ``3``: ``(3, "Princess")``; "Who are
    you?" asked of seat 2, answered Fairy: ``(2, "Fairy")``; "Who is that?"
    about the centre, answered Guard: ``("centre", "Guard")``.

    >>> claim({"seat": 2, "question": "where-princess", "about": None}, {"place": "centre", "character": None})
    ('centre', 'Princess')
    >>> claim({"seat": 2, "question": "who-is", "about": 4}, {"place": None, "character": "Guard"})
    (4, 'Guard')
    """
    q = ask["question"]
    if q == "where-princess":
        return answer["place"], str(Character.PRINCESS)
    if q == "who-are-you":
        return ask["seat"], answer["character"]
    return ask["about"], answer["character"]


def _text(place: int | str | None) -> str | None:
    return None if place is None else CENTRE if place == CENTRE else f"p{place}"


def questions(events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The questions and answers of ``events`` in the shape of ``observation()["questions"]``.

    Each is ``{"seat", "question", "about", "answer", "extra"}`` with places
    written ``"p3"`` / ``"centre"`` and an answer a place or a character name
    (``None``: not answered yet).

    >>> questions([{"kind": "ask", "prince": 0, "seat": 1, "question": "who-is", "about": "centre", "extra": False},
    ...            {"kind": "answer", "seat": 1, "place": None, "character": "Guard"}])
    [{'seat': 1, 'question': 'who-is', 'about': 'centre', 'answer': 'Guard', 'extra': False}]
    """
    out = []
    for ask, answer in answered(events):
        said = None if answer is None else (answer["character"] if answer["character"] is not None
                                            else _text(answer["place"]))
        out.append({"seat": ask["seat"], "question": ask["question"], "about": _text(ask["about"]),
                    "answer": said, "extra": ask["extra"]})
    return out


def check_event(event: Any) -> None:
    """Refuse (``KitError``) anything that is not an event of :data:`EVENT_FIELDS`'s schema.

    >>> check_event({"kind": "noextra", "prince": 2})
    >>> check_event({"kind": "noextra"})
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: a 'noextra' event has the fields kind, prince, not kind
    """
    if not isinstance(event, Mapping) or event.get("kind") not in EVENT_FIELDS:
        raise KitError(f"not a Princess Legend event: {event!r}; kinds: {', '.join(EVENT_KINDS)}")
    want = ("kind", *EVENT_FIELDS[event["kind"]])
    if tuple(event) != want:
        raise KitError(f"a {event['kind']!r} event has the fields {', '.join(want)}, not {', '.join(event)}")

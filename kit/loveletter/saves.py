"""Loading a saved Love Letter round: every field checked, or a :class:`~kit.core.validate.SaveError` naming it.

:func:`load` is what :meth:`LoveLetter.state_from_json <kit.loveletter.game.LoveLetter.state_from_json>`
does.  A save is refused unless it is a round this game can reach:

1. the envelope: a JSON object ``{"kit": 1, "game": "loveletter", "settings": ..., "state": ...}``
   with this game's settings, and a ``state`` object with exactly the keys a save has;
2. every field of the right type and in range: seats from 0 to players - 1, the phase one of
   :data:`~kit.loveletter.state.PHASES`, cards the values of this edition's cards, one flag per seat;
3. the cards: hands, the deck, the cards under it, the set-aside card, the face-up cards and the
   discards together are exactly this edition's deck;
4. the history: the round is played again from its start (a fresh round from seat ``first``, or
   the described position its log opens with, :meth:`LoveLetterState.described
   <kit.loveletter.state.LoveLetterState.described>`), each saved action refused if the rules
   refuse it there; and every saved field (whose turn, the phase, hands, deck, protection, the
   Spy flags, the event log, the result) must be what that play gives.

So a save made by ``to_json`` loads, and nothing else does (a round saved from a playout with
``record=False`` or from a determinized copy has no history to check and is refused).

Examples
--------
>>> from kit.loveletter import LoveLetter
>>> g = LoveLetter(2, edition="classic")
>>> s = g.new_initial_state()
>>> for a in ["deal Princess", "deal Guard", "deal Guard", "deal Guard", "deal King", "deal Baron"]:
...     s.apply_action(a)
>>> load(g, s.to_json()).to_json() == s.to_json()
True
>>> text = s.to_json()
>>> load(g, text.replace('"hands":[[6],[3]]', '"hands":[[6],[5]]'))
Traceback (most recent call last):
...
kit.core.validate.SaveError: not a saved Love Letter state: the cards are not the classic deck: ...
>>> load(g, text.replace('"hands":[[6],[3]]', '"hands":[[3],[6]]'))
Traceback (most recent call last):
...
kit.core.validate.SaveError: not a saved Love Letter state: state.hands[0][0] is 3, not consistent with its \
history, which gives 6
>>> load(g, "[1]")
Traceback (most recent call last):
...
kit.core.validate.SaveError: not a saved Love Letter state: the save is [1]; allowed: a JSON object with the keys \
"kit", "game", "settings", "state"
"""

from __future__ import annotations

from typing import Any

from ..core.errors import KitError
from ..core.validate import boolean, each, integer, listed, load_checked, one_of, refuse, text
from .events import EVENT_FIELDS
from .state import FACE_UP, PHASES, SET_ASIDE, LoveLetterState

__all__ = ["load", "KEYS"]

TITLE = "Love Letter"
#: The keys of a saved round's ``state`` object.
KEYS = ("first", "phase", "cur", "recv", "plan", "pos", "todo", "hands", "pool", "bottom", "setaside", "faceup",
        "discards", "alive", "protected", "spied", "log", "history", "returns", "result")
#: More actions (or event records) than any round has: a longer list is refused before it is read.
MOST = 400
_DESCRIBED = ("faceup", "history", "reveal", "protected")  # the records a described position opens with


def load(game: Any, data: Any) -> LoveLetterState:
    """The round saved in ``data`` (JSON text or its dict) for ``game``, after every check of the module."""
    return load_checked(game, data, name="loveletter", title=TITLE, fields=KEYS, check=_check,
                        start=_start)


def _check(game: Any, d: dict[str, Any]) -> None:
    _check_fields(game, d)
    _check_cards(game, d)


def _check_fields(game: Any, d: dict[str, Any]) -> None:
    """Types and ranges of every field (what the rebuilt round is then compared with)."""
    r = game._rules
    n, last = r.n, r.n - 1
    card_values = [v for v, c in enumerate(r.counts) if c]
    cards = f"a card of the {r.ed.name} edition ({', '.join(f'{v} {r.card[v]}' for v in card_values)})"

    def card(value: Any, path: str) -> int:
        return one_of(value, path, card_values, TITLE) if type(value) is int else \
            integer(value, path, min(card_values), max(card_values), TITLE, cards)

    integer(d["first"], "state.first", 0, last, TITLE, "a seat")
    integer(d["phase"], "state.phase", 0, len(PHASES) - 1, TITLE,
            "a phase: " + ", ".join(f"{i} {p}" for i, p in enumerate(PHASES)))
    integer(d["cur"], "state.cur", 0, last, TITLE, "a seat")
    integer(d["recv"], "state.recv", 0, last, TITLE, "a seat")
    plan = listed(d["plan"], "state.plan", TITLE, most=n + 4, what="places")
    for path, place in each(plan, "state.plan"):
        one_of(place, path, [SET_ASIDE, FACE_UP, *range(n)], TITLE)
    integer(d["pos"], "state.pos", 0, len(plan), TITLE)
    integer(d["todo"], "state.todo", 0, 2, TITLE, "cards a Chancellor still draws")
    for path, hand in each(listed(d["hands"], "state.hands", TITLE, length=n, what="hands"), "state.hands"):
        for p, v in each(listed(hand, path, TITLE, most=3, what="cards"), path):
            card(v, p)
    pool = listed(d["pool"], "state.pool", TITLE, length=len(r.counts), what="copies of each card value")
    for v, (path, count) in enumerate(each(pool, "state.pool")):
        integer(count, path, 0, r.counts[v], TITLE, f"copies of {r.card[v]}" if r.counts[v] else "")
    for path, pair in each(listed(d["bottom"], "state.bottom", TITLE, most=r.size, what="[card, seat]"),
                           "state.bottom"):
        listed(pair, path, TITLE, length=2, what="[card, seat]")
        card(pair[0], path + "[0]")
        integer(pair[1], path + "[1]", 0, last, TITLE, "the seat that put it there")
    if d["setaside"] != -1:
        card(d["setaside"], "state.setaside")
    for path, v in each(listed(d["faceup"], "state.faceup", TITLE, most=3, what="cards"), "state.faceup"):
        card(v, path)
    for path, pile in each(listed(d["discards"], "state.discards", TITLE, length=n, what="piles"), "state.discards"):
        for p, v in each(listed(pile, path, TITLE, most=r.size, what="cards"), path):
            card(v, p)
    for name in ("alive", "protected", "spied"):
        for path, flag in each(listed(d[name], f"state.{name}", TITLE, length=n, what="flags"), f"state.{name}"):
            boolean(flag, path, TITLE)
    for path, tokens in each(listed(d["returns"], "state.returns", TITLE, length=n, what="tokens"), "state.returns"):
        integer(tokens, path, 0, 2, TITLE, "tokens gained this round")
    if d["result"] is not None:
        res = listed(d["result"], "state.result", TITLE, length=3, what="[winners, reason, spy]")
        for path, w in each(listed(res[0], "state.result[0]", TITLE, least=1, most=n, what="seats"),
                            "state.result[0]"):
            integer(w, path, 0, last, TITLE, "a seat")
        one_of(res[1], "state.result[1]", ("last-standing", "deck-empty"), TITLE)
        if res[2] is not None:
            integer(res[2], "state.result[2]", 0, last, TITLE, "the seat with the Spy bonus, or null")
    for path, record in each(listed(d["log"], "state.log", TITLE, most=MOST, what="event records"), "state.log"):
        listed(record, path, TITLE, least=1, what="an event kind and its fields")
        one_of(record[0], path + "[0]", tuple(EVENT_FIELDS), TITLE)
    for path, action in each(listed(d["history"], "state.history", TITLE, most=MOST, what="actions"),
                             "state.history"):
        text(action, path, TITLE, "an action in the notation (\"deal Guard\", \"Guard p1 Priest\")")


def _check_cards(game: Any, d: dict[str, Any]) -> None:
    """Every card in one place: hands, deck, bottom, set-aside, face-up and discards make the edition's deck."""
    r = game._rules
    counts = list(d["pool"])
    placed = [v for h in d["hands"] for v in h] + [c for c, _ in d["bottom"]] + d["faceup"] \
        + [v for pile in d["discards"] for v in pile] + ([d["setaside"]] if d["setaside"] >= 0 else [])
    for v in placed:
        counts[v] += 1
    if counts != r.counts:
        def listing(cs: list[int]) -> str:
            return ", ".join(f"{c} {r.card[v]}" for v, c in enumerate(cs) if r.counts[v])

        raise refuse(TITLE, "the cards", f"are not the {r.ed.name} deck: {listing(counts)} (the deck: "
                                         f"{listing(r.counts)})")


def _start(game: Any, d: dict[str, Any]) -> LoveLetterState:
    """The round the history starts from: a fresh one, or the described position the log opens with."""
    log, first = d["log"], d["first"]
    if not log or log[0][0] not in _DESCRIBED:
        return game.new_initial_state(first)
    r = game._rules
    n = r.n
    face_up: list[Any] = []
    played: list[list[Any]] = [[] for _ in range(n)]
    hands: list[Any] = [None] * n
    protected = [False] * n
    for path, record in each(log, "state.log"):
        kind = record[0]
        if kind not in _DESCRIBED:
            break
        listed(record, path, TITLE, length=1 + len(EVENT_FIELDS[kind]), what=f"a {kind} record")
        for i, field in enumerate(EVENT_FIELDS[kind]):
            p, v = f"{path}[{i + 1}]", record[i + 1]
            if field == "seat":
                integer(v, p, 0, n - 1, TITLE, "a seat")
            else:
                one_of(v, p, [c for c, k in enumerate(r.counts) if k], TITLE)
        if kind == "faceup":
            face_up.append(r.card[record[1]])
        elif kind == "history":
            played[record[1]].append(r.card[record[2]])
        elif kind == "reveal":
            hands[record[1]] = r.card[record[2]]
        else:
            protected[record[1]] = True
    unseen = r.size - len(face_up) - sum(map(len, played)) - sum(h is not None for h in hands)
    deck = unseen - sum(h is None for h in hands) - 1  # the unknown hands and the set-aside card come first
    try:
        return LoveLetterState.described(game, first, face_up=face_up, played=played, hands=hands, deck=deck,
                                         protected=protected)
    except KitError as exc:
        raise refuse(TITLE, "state.log", f"opens with a described position that does not add up: {exc}") from None

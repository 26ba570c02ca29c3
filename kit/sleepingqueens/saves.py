"""Loading a saved Sleeping Queens game: every field checked, or a :class:`~kit.core.validate.SaveError` naming it.

:func:`load` is what :meth:`SleepingQueens.state_from_json
<kit.sleepingqueens.game.SleepingQueens.state_from_json>` does.  A save is refused unless it is a
game this game can reach:

1. the envelope: a JSON object ``{"kit": 1, "game": "sleepingqueens", "settings": ..., "state": ...}``
   with this game's settings, and a ``state`` object with exactly the keys a save has;
2. every field of the right type and in range: seats from 0 to players - 1, the phase one of
   :data:`~kit.sleepingqueens.state.PHASES`, cards 1 to 16 and Queens 0 to 11, the 12 places, the
   cards owed (``draws``), one result per seat, event records with the fields of their kind;
3. the cards and Queens: the draw pile, the hands and the discard pile are exactly the deck; each
   Queen is once awake, asleep where everyone saw her, or unseen (as many as the unseen places);
4. the history: the game is played again from its start (a fresh game from seat ``first``, or the
   described position its log opens with, :meth:`SleepingQueensState.described
   <kit.sleepingqueens.state.SleepingQueensState.described>`), each saved action refused if the
   rules refuse it there; and every saved field (whose turn, the phase, the pending attack or wake,
   hands, piles, the grid, the event log, the result) must be what that play gives.

So a save made by ``to_json`` loads, and nothing else does (a game saved from a playout with
``record=False`` or from a determinized copy has no history to check and is refused).  One thing a
described game's log does not say is which of its places nobody has seen were empty at the start (its
opening names the hands, the awake Queens, the Queens asleep where everyone saw them and the discard
pile): a place the later records name is read from them (a Queen revealed there was unseen, a Potion's
place was empty), any other from the save's grid, so a save may change such a place between "empty" and
"unseen" (with the Queens still adding up): that is the same game from another described position, and
it plays.  The checks
live here, outside :mod:`kit.sleepingqueens.state`, which is compiled (:mod:`kit.sleepingqueens.compiled`).

Examples
--------
>>> from kit.sleepingqueens import SleepingQueens
>>> g = SleepingQueens(2)
>>> s = g.new_initial_state()
>>> for card in "1 2 3 4 5 6 7 8 9 10".split():
...     s.apply_action("deal " + card)
>>> load(g, s.to_json()).to_json() == s.to_json()
True
>>> load(g, s.to_json().replace('"grid":[-1,', '"grid":[-3,'))
Traceback (most recent call last):
...
kit.core.validate.SaveError: not a saved Sleeping Queens state: state.grid[0] is -3; allowed: one of -2, -1, 0, ...
>>> load(g, '{"kit": 1}')
Traceback (most recent call last):
...
kit.core.validate.SaveError: not a saved Sleeping Queens state: the save has no "game"; it needs the keys "kit", \
"game", "settings", "state"
"""

from __future__ import annotations

import json
from typing import Any

from ..core.errors import KitError
from ..core.validate import each, integer, listed, load_checked, one_of, refuse, text
from .actions import PLACES
from .cards import DECK, Card
from .events import DRAW_REASONS, RECORDS
from .state import EMPTY, HAND_SIZE, PHASES, UNSEEN, SleepingQueensState

__all__ = ["load", "KEYS"]

TITLE = "Sleeping Queens"
#: The keys of a saved game's ``state`` object.
KEYS = ("first", "cur", "actor", "hands", "pool", "pool_n", "discard", "grid", "unseen", "awake", "draws", "next",
        "pending", "phase", "log", "returns", "history", "result")
#: More actions (or event records) than any game has: a longer list is refused before it is read.
MOST = 5000
_COUNTS = [0] + [DECK[Card(v)] for v in range(1, 17)]
_QUEENS = tuple(range(12))
_CARDS = "a card (1 to 10 the numbers, 11 to 16 King, Knight, Potion, Jester, Dragon, Wand)"
_KING, _POTION = int(Card.KING), int(Card.POTION)


def load(game: Any, data: Any) -> SleepingQueensState:
    """The game saved in ``data`` (JSON text or its dict) for ``game``, after every check of the module."""
    return load_checked(game, data, name="sleepingqueens", title=TITLE, fields=KEYS, check=_check,
                        start=_start)


def _check(game: Any, d: dict[str, Any]) -> None:
    _check_fields(game.num_players, d)
    _check_pieces(d)


def _cards(value: Any, path: str, most: int | None = None) -> list[int]:
    for p, v in each(listed(value, path, TITLE, most=most, what="cards"), path):
        integer(v, p, 1, 16, TITLE, _CARDS)
    return value


def _queens(value: Any, path: str) -> list[int]:
    for p, q in each(listed(value, path, TITLE, most=12, what="Queens"), path):
        integer(q, p, 0, 11, TITLE, "a Queen")
    return value


def _check_fields(n: int, d: dict[str, Any]) -> None:
    """Types and ranges of every field (what the rebuilt game is then compared with)."""
    last = n - 1
    for name in ("first", "cur", "actor", "next"):
        integer(d[name], f"state.{name}", 0, last, TITLE, "a seat")
    integer(d["phase"], "state.phase", 0, len(PHASES) - 1, TITLE,
            "a phase: " + ", ".join(f"{i} {p}" for i, p in enumerate(PHASES)))
    for path, hand in each(listed(d["hands"], "state.hands", TITLE, length=n, what="hands"), "state.hands"):
        _cards(hand, path, HAND_SIZE)
    pool = listed(d["pool"], "state.pool", TITLE, length=len(_COUNTS), what="copies of each card 0 to 16")
    for v, (path, count) in enumerate(each(pool, "state.pool")):
        integer(count, path, 0, _COUNTS[v], TITLE, f"copies of {Card(v)}" if v else "(no card 0)")
    integer(d["pool_n"], "state.pool_n", 0, sum(_COUNTS), TITLE, "cards in the draw pile")
    _cards(d["discard"], "state.discard", sum(_COUNTS))
    for path, place in each(listed(d["grid"], "state.grid", TITLE, length=PLACES, what="places"), "state.grid"):
        one_of(place, path, (EMPTY, UNSEEN, *_QUEENS), TITLE)
    _queens(d["unseen"], "state.unseen")
    for path, queens in each(listed(d["awake"], "state.awake", TITLE, length=n, what="lists of Queens"),
                             "state.awake"):
        _queens(queens, path)
    for path, owed in each(listed(d["draws"], "state.draws", TITLE, most=sum(_COUNTS), what="[seat, cards, why]"),
                           "state.draws"):
        listed(owed, path, TITLE, length=3, what="[seat, cards, why]")
        integer(owed[0], path + "[0]", 0, last, TITLE, "a seat")
        integer(owed[1], path + "[1]", 1, HAND_SIZE * n, TITLE, "cards owed")
        one_of(owed[2], path + "[2]", DRAW_REASONS, TITLE)
    listed(d["pending"], "state.pending", TITLE, most=5, what="the attack or wake being decided")
    for path, value in each(listed(d["returns"], "state.returns", TITLE, length=n, what="results"), "state.returns"):
        if type(value) is not float or value not in (0.0, 1.0):
            raise refuse(TITLE, path, f"is {json.dumps(value)}; allowed: 0.0 or 1.0")
    if d["result"] is not None:
        res = listed(d["result"], "state.result", TITLE, length=2, what="[winners, reason]")
        for path, w in each(listed(res[0], "state.result[0]", TITLE, least=1, most=n, what="seats"),
                            "state.result[0]"):
            integer(w, path, 0, last, TITLE, "a seat")
        one_of(res[1], "state.result[1]", ("queens", "points", "all-awake"), TITLE)
    for path, record in each(listed(d["log"], "state.log", TITLE, most=MOST, what="event records"), "state.log"):
        listed(record, path, TITLE, least=1, what="an event kind and its fields")
        kind = one_of(record[0], path + "[0]", tuple(RECORDS), TITLE)
        if len(record) != 1 + len(RECORDS[kind]):
            raise refuse(TITLE, path, f"is {json.dumps(record)}; a {json.dumps(kind)} record has the fields "
                                      f"{', '.join(RECORDS[kind])}")
    for path, action in each(listed(d["history"], "state.history", TITLE, most=MOST, what="actions"),
                             "state.history"):
        text(action, path, TITLE, "an action in the notation (\"deal 7\", \"King 3\", \"block\")")


def _check_pieces(d: dict[str, Any]) -> None:
    """The deck in the draw pile, hands and discard pile; each Queen in one place."""
    counts = list(d["pool"])
    for v in [v for h in d["hands"] for v in h] + d["discard"]:
        counts[v] += 1
    if counts != _COUNTS:
        wrong = [f"{c} {Card(v)} (the deck has {_COUNTS[v]})" for v, c in enumerate(counts) if c != _COUNTS[v]]
        raise refuse(TITLE, "the cards", "of the draw pile, the hands and the discard pile are not the deck: "
                     + ", ".join(wrong))
    placed = [q for a in d["awake"] for q in a] + [g for g in d["grid"] if g >= 0] + d["unseen"]
    if sorted(placed) != list(_QUEENS):
        twice = sorted({q for q in placed if placed.count(q) > 1})
        missing = sorted(set(_QUEENS) - set(placed))
        raise refuse(TITLE, "the Queens", f"(awake, asleep in the grid, unseen) are not the 12 Queens once each: "
                                          f"twice {twice}, missing {missing}")
    if d["grid"].count(UNSEEN) != len(d["unseen"]):
        raise refuse(TITLE, "state.unseen", f"has {len(d['unseen'])} Queens for {d['grid'].count(UNSEEN)} unseen "
                                            f"places of the grid")


def _start(game: Any, d: dict[str, Any]) -> SleepingQueensState:
    """The game the history starts from: a fresh one, or the described position the log opens with."""
    log, n = d["log"], game.num_players
    if not log or log[0][0] != "holds":
        return game.new_initial_state(d["first"])
    hands: list[list[int]] = [[] for _ in range(n)]
    queens: list[list[int]] = [[] for _ in range(n)]
    known: dict[int, int] = {}
    discard: list[int] = []
    opening = 0
    for path, record in each(log, "state.log"):
        kind = record[0]
        if kind not in ("holds", "has", "asleep", "pile"):
            break
        opening += 1
        if kind == "pile":
            discard = _cards(record[1], path + "[1]")
            continue
        if kind == "asleep":
            known[integer(record[1], path + "[1]", 0, PLACES - 1, TITLE, "a place")] = \
                integer(record[2], path + "[2]", 0, 11, TITLE, "a Queen")
            continue
        seat = integer(record[1], path + "[1]", 0, n - 1, TITLE, "a seat")
        if kind == "holds":
            hands[seat] = _cards(record[2], path + "[2]", HAND_SIZE)
        else:
            queens[seat] = _queens(record[2], path + "[2]")
    grid = [known.get(i, _first_seen(log[opening:], i, d["grid"][i])) for i in range(PLACES)]
    try:
        return SleepingQueensState.described(game, hands=hands, queens=queens,
                                             grid=["empty" if g == EMPTY else "unseen" if g == UNSEEN else g
                                                   for g in grid],
                                             discard=discard, to_move=d["first"])
    except KitError as exc:
        raise refuse(TITLE, "state.log", f"opens with a described position that does not add up: {exc}") from None


def _first_seen(log: list[Any], place: int, now: int) -> int:
    """What place ``place`` (0 to 11) held when the described game began, read from the first record naming it.

    A face-down Queen is revealed there (unseen), a Potion's Queen is put there or a Potion aims at it
    (empty); a place no record names holds now what it held then.
    """
    for record in log:
        kind = record[0]
        if kind == "reveal" and record[2] == place:
            return UNSEEN
        if kind == "sleep" and record[4] == place:
            return EMPTY
        if kind == "play" and record[5] == place + 1 and record[2] in (_KING, _POTION):
            if record[2] == _POTION:
                return EMPTY
            continue  # a King wakes it: the next record says whether she was seen
        if kind in ("wake", "back") and record[3] == place:
            return UNSEEN  # a Queen woken where everyone saw her, who is not in the opening: no such game
    return now if now in (EMPTY, UNSEEN) else UNSEEN

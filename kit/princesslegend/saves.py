"""Loading a saved Princess Legend round: every field checked, or a :class:`~kit.core.validate.SaveError` naming it.

:func:`load` is what :meth:`PrincessLegend.state_from_json
<kit.princesslegend.game.PrincessLegend.state_from_json>` does.  A save is refused unless it is a
round this game can reach:

1. the envelope: a JSON object ``{"kit": 1, "game": "princesslegend", "settings": ..., "state": ...}``
   with this game's settings, and a ``state`` object with exactly the keys a save has;
2. every field of the right type: the Prince a seat, the phase one of
   :data:`~kit.princesslegend.state.PHASES`, one tile (or ``null``) per seat, the questions as
   ``[question, answer or null, extra]``, rubies 0 or 1 per seat, the history a list of actions;
3. the history: the round is played again from its start (the Prince's seat), each saved action
   refused if the rules refuse it there; and every saved field (the tiles dealt, the tiles not yet
   dealt, the questions and answers, the revealed place, the rubies) must be what that play gives.

A round holds its whole history from the deal (:meth:`~kit.princesslegend.PrincessLegend.dealt_state`
plays the deal as its chance steps), so every save made by ``to_json`` loads.

Examples
--------
>>> from kit.princesslegend import PrincessLegend
>>> g = PrincessLegend(3)
>>> s = g.dealt_state(["Servant", "Prince", "Princess"], centre="Black Queen")
>>> load(g, s.to_json()).to_json() == s.to_json()
True
>>> load(g, s.to_json().replace('"tiles":["Servant","Prince","Princess"]', '"tiles":["Princess","Prince","Servant"]'))
Traceback (most recent call last):
...
kit.core.validate.SaveError: not a saved Princess Legend state: state.tiles[0] is "Princess", not consistent \
with its history, which gives "Servant"
"""

from __future__ import annotations

from typing import Any

from ..core.validate import boolean, each, integer, listed, load_checked, one_of, text
from .state import PHASES, PrincessLegendState
from .tiles import Character

__all__ = ["load", "KEYS"]

TITLE = "Princess Legend"
#: The keys of a saved round's ``state`` object.
KEYS = ("prince", "phase", "tiles", "centre", "undealt", "questions", "revealed", "history", "returns")
#: More actions than any round has: a longer history is refused before it is read.
MOST = 200


def load(game: Any, data: Any) -> PrincessLegendState:
    """The round saved in ``data`` (JSON text or its dict) for ``game``, after every check of the module."""
    return load_checked(game, data, name="princesslegend", title=TITLE, fields=KEYS, check=_check_fields,
                        start=_start)


def _start(game: Any, d: dict[str, Any]) -> PrincessLegendState:
    """A round before the deal, its Prince the saved one (the saved history holds the deal)."""
    return PrincessLegendState(game, d["prince"])


def _check_fields(game: Any, d: dict[str, Any]) -> None:
    """Types and ranges of every field (what the rebuilt round is then compared with)."""
    n = game.num_players
    names = [str(Character.PRINCE)] + [str(t) for t in game.tile_set]
    integer(d["prince"], "state.prince", 0, n - 1, TITLE, "a seat")
    one_of(d["phase"], "state.phase", PHASES, TITLE)
    for path, tile in each(listed(d["tiles"], "state.tiles", TITLE, length=n, what="tiles (null: not dealt)"),
                           "state.tiles"):
        if tile is not None:
            one_of(tile, path, names, TITLE)
    if d["centre"] is not None:
        one_of(d["centre"], "state.centre", names[1:], TITLE)
    for path, tile in each(listed(d["undealt"], "state.undealt", TITLE, most=len(names), what="tiles"),
                           "state.undealt"):
        one_of(tile, path, names[1:], TITLE)
    for path, qa in each(listed(d["questions"], "state.questions", TITLE, most=n + 1, what="questions"),
                         "state.questions"):
        listed(qa, path, TITLE, length=3, what="[question, answer or null, extra]")
        text(qa[0], path + "[0]", TITLE, "a question in the notation (\"ask p1 who-is centre\")")
        if qa[1] is not None:
            text(qa[1], path + "[1]", TITLE, "an answer in the notation (\"answer Fairy\"), or null")
        boolean(qa[2], path + "[2]", TITLE)
    if d["revealed"] is not None:
        one_of(d["revealed"], "state.revealed", [f"p{s}" for s in range(n)] + ["centre"], TITLE)
    for path, rubies in each(listed(d["returns"], "state.returns", TITLE, length=n, what="rubies"), "state.returns"):
        integer(rubies, path, 0, 1, TITLE, "rubies gained this round")
    for path, action in each(listed(d["history"], "state.history", TITLE, most=MOST, what="actions"),
                             "state.history"):
        text(action, path, TITLE, "an action in the notation (\"deal Guard to p2\", \"ask p1 who-is centre\")")

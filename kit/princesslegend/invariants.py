"""Invariants of a Princess Legend round, checked after every step by the property tests.

Read through the public API (and the events), so they hold the engine to the
rules rather than to itself.

>>> from kit.princesslegend import PrincessLegend
>>> from kit.princesslegend.invariants import check_invariants
>>> s = PrincessLegend(4).dealt_state(["Prince", "Fairy", "Guard", "Princess"], centre="Black Queen")
>>> s.apply_action("ask p2 where-princess"); s.apply_action("answer p1")
>>> check_invariants(s)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from ..core.errors import KitError
from ..core.protocol import CHANCE, TERMINAL
from .actions import CENTRE, Answer, Question
from .events import all_events, answered, known_tiles
from .tiles import TILE_SETS, Character, Colour

__all__ = ["InvariantError", "check_invariants"]


class InvariantError(KitError):
    """A state broke an invariant of the rules (an engine bug)."""


def _tile_at(state: Any, place: Any) -> Character | None:
    return state.centre() if place == CENTRE else state.tile(place)


def _truth(state: Any, ask: Any) -> Answer:
    """The true answer, from the tiles (not from the engine's ``truth()``)."""
    if ask.question is Question.WHERE_PRINCESS:
        places = list(range(state.game.num_players)) + ([CENTRE] if state.has_centre() else [])
        return Answer(place=next(p for p in places if _tile_at(state, p) is Character.PRINCESS))
    return Answer(character=_tile_at(state, ask.seat if ask.question is Question.WHO_ARE_YOU else ask.about))


def check_invariants(state: Any) -> None:
    """Raise :class:`InvariantError` unless ``state`` is a sound Princess Legend round.

    * **Tiles accounted for**: the Prince tile lies before the Prince, and
      only there; the dealt tiles and the tiles still to deal (the outcomes of
      the chance step) are the round's tile set, each exactly once; the deal
      events name the same tiles at the same places.
    * **Answers within their colour's rule**: every answer given is one of
      the round's answers (a place holding a character tile, or a character
      of the set); a green answerer told the truth, a red one did not, a blue
      one either.
    * **Steps**: every other player had exactly one question before the
      extra question, at most one extra question, the reveal last; chance
      probabilities add up to exactly 1; at the end the rubies are the
      revealed symbol's family (the centre tile scores nobody) and agree with
      ``returns()`` and the events.
    """
    n = state.game.num_players
    k = state.prince
    tiles = state.tiles()
    if tiles[k] is not Character.PRINCE or tiles.count(Character.PRINCE) != 1:
        raise InvariantError(f"the Prince tile is not before the Prince p{k} alone: {tiles}")
    dealt = [t for t in tiles if t not in (None, Character.PRINCE)] + ([state.centre()] if state.centre() else [])
    pending = [a.tile for a, _ in state.chance_outcomes()]
    if Counter(dealt + pending) != Counter(TILE_SETS[n]) or (pending and state.current_player() != CHANCE):
        raise InvariantError(f"tiles not accounted for: dealt {dealt}, to deal {pending}, set {TILE_SETS[n]}")
    events = all_events(state)
    shown, centre = known_tiles(events, n)
    if [None if t is None else str(t) for t in tiles] != shown or \
            (None if state.centre() is None else str(state.centre())) != centre:
        raise InvariantError("the deal events do not name the tiles where they lie")
    if state.is_chance_node() and sum((p for _, p in state.chance_outcomes()), Fraction(0)) != 1:
        raise InvariantError("chance probabilities do not add up to 1")
    # answers within their colour's rule
    qa = state.questions()
    for ask, answer, _ in qa:
        if answer is None:
            continue
        colour = tiles[ask.seat].colour
        truth = _truth(state, ask)
        if answer.character is not None and answer.character not in TILE_SETS[n]:
            raise InvariantError(f"p{ask.seat} answered {answer.character}, not a character of this round")
        if answer.place is not None and (answer.place == k or (answer.place == CENTRE and not state.has_centre())):
            raise InvariantError(f"p{ask.seat} answered {answer.place!r}, a place with no character tile")
        if (colour is Colour.GREEN and answer != truth) or (colour is Colour.RED and answer == truth):
            raise InvariantError(f"p{ask.seat} ({tiles[ask.seat]}, {colour}) answered '{answer}' to '{ask}'; "
                                 f"the truth is '{truth}'")
    if [(a["seat"], b is None) for a, b in answered(events)] != [(q.seat, a is None) for q, a, _ in qa]:
        raise InvariantError("the ask and answer events do not match the questions")
    # steps
    regular = [q.seat for q, _, extra in qa if not extra]
    if len(set(regular)) != len(regular) or k in regular or sum(extra for *_, extra in qa) > 1:
        raise InvariantError(f"questions out of order: {[str(q) for q, _, _ in qa]}")
    if any(extra for *_, extra in qa) and len(regular) != n - 1:
        raise InvariantError("an extra question before every other player had one")
    result = state.result()
    if (state.current_player() == TERMINAL) != (result is not None):
        raise InvariantError("a round ends exactly with the reveal")
    if result is None:
        if state.returns() != [0] * n:
            raise InvariantError(f"rubies before the reveal: {state.returns()}")
        return
    if len(regular) != n - 1 or result.revealed == k:
        raise InvariantError(f"the reveal of {result.revealed!r} came too early or is the Prince's own tile")
    symbol = _tile_at(state, result.revealed).symbol
    expect = [1 if t.family is symbol else 0 for t in tiles]  # seats only: the centre scores nobody
    rubies, show = events[-2], events[-1]
    centre = state.centre() if hasattr(state, "centre") else None
    shown = {"kind": "show", "tiles": [str(t) for t in tiles], "centre": None if centre is None else str(centre)}
    if show != shown:
        raise InvariantError(f"the round must end by turning every tile face up: {show} is not {shown}")
    if state.returns() != expect or list(result.rubies) != expect or rubies["kind"] != "rubies" \
            or rubies["seats"] != [s for s in range(n) if expect[s]] or rubies["symbol"] != symbol.value:
        raise InvariantError(f"rubies {state.returns()} (events: {rubies}), but the {symbol} family is {expect}")

"""After the round: who lied, who had to, who chose to, the rubies, and the deduction replayed.

At the end of a round every tile turns face up for everyone (the ``show``
event, the kit's teaching decision: :mod:`kit.princesslegend.events`).  From
the public events of a finished round alone -- the questions and answers, the
reveal, the rubies and the show -- :func:`debrief` tells, for every answer in
order, who asked whom what, the answer, whether it was true, and the
answerer's colour's part in it:

=====================  ===============================================
obligation             when
=====================  ===============================================
had to tell the truth  a green tile (the Princess, the Fairy)
had to lie             a red tile (the Black Queen, the Guard, the Siamese)
chose the truth        a blue tile (the Servant, the Spy) that told the truth
chose to lie           a blue tile that lied
=====================  ===============================================

and the rubies each family took (the Prince is of the heart family; a tile in
the centre belongs to nobody).  The obligations are message ids
(:data:`OBLIGATIONS`): show them with ``kit.i18n._(review.obligation, lang)``.

:func:`deduction_replay` replays the Prince's deduction: before any answer,
after each answer, and after the reveal and the rubies, how many deals he could
not rule out and the chance of the Princess at each place (each consistent
deal counted once, as :func:`kit.princesslegend.deduction.princess_candidates`,
or under an answer model, as :func:`kit.princesslegend.worlds.princess_chances`).
It reads only what the Prince knew at each step.

Both are pure functions of the events; neither reads a state's hidden tiles.

Examples
--------
>>> from kit.princesslegend import PrincessLegend
>>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
>>> for text in ["ask p1 where-princess", "answer p2", "ask p2 who-are-you", "answer Servant",
...              "no-extra-question", "reveal centre"]:
...     s.apply_action(text)
>>> d = debrief(s)
>>> for r in d.answers:
...     print(r.seat, r.question, r.answer, r.true, r.tile, r.obligation)
1 where-princess 2 False Black Queen had to lie
2 who-are-you Servant True Servant chose the truth
>>> [(f.family, f.seats, f.rubies) for f in d.families]
[('heart', (0,), 1), ('crown', (1,), 0), ('mask', (2,), 0)]
>>> for step in deduction_replay(s):
...     print(step.after, step.deals, {p: str(c) for p, c in step.princess.items()})
start 6 {'p1': '1/3', 'p2': '1/3', 'centre': '1/3'}
answer 3 {'p1': '0', 'p2': '1/3', 'centre': '2/3'}
answer 2 {'p1': '0', 'p2': '0', 'centre': '1'}
rubies 2 {'p1': '0', 'p2': '0', 'centre': '1'}
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Mapping

import numpy as np

from ..core.errors import KitError
from ..i18n import N_
from .actions import CENTRE
from .events import answered, claim
from .tiles import Character, Colour, Symbol, character_by_name
from .worlds import AnswerModel, Worlds, _facts, _mask, _observation, _perms, _posterior, layout

__all__ = ["OBLIGATIONS", "AnswerReview", "FamilyRubies", "Debrief", "ReplayStep", "debrief", "deduction_replay"]

#: The colour's part in an answer: message ids (translate with ``kit.i18n._(text, lang)``).
OBLIGATIONS: tuple[str, ...] = (N_("had to tell the truth"), N_("had to lie"), N_("chose the truth"),
                                N_("chose to lie"))
_TRUTH, _LIE, _CHOSE_TRUTH, _CHOSE_LIE = OBLIGATIONS


@dataclass(frozen=True)
class AnswerReview:
    """One answer of the round, judged once every tile is face up.

    Attributes
    ----------
    index
        Its place among the round's answers (0 is the first).
    event
        The index of the answer event in the round's log.
    prince, seat
        Who asked, who answered.
    question, about
        The question (``"where-princess"``, ``"who-are-you"``, ``"who-is"``)
        and the place pointed at (``who-is`` only, else ``None``).
    extra
        Was it the optional extra question?
    answer, truth
        What was said and the true answer: a place (a seat, or ``"centre"``)
        to ``where-princess``, else a character name.
    true
        Was the answer the truth?
    tile, colour
        The answerer's tile and its colour (``"green"``, ``"red"``, ``"blue"``).
    obligation
        One of :data:`OBLIGATIONS`.
    """

    index: int
    event: int
    prince: int
    seat: int
    question: str
    about: int | str | None
    extra: bool
    answer: int | str
    truth: int | str
    true: bool
    tile: str
    colour: str
    obligation: str


@dataclass(frozen=True)
class FamilyRubies:
    """A family's share of the round: its ``seats`` (the Prince's is heart) and the ``rubies`` they took."""

    family: str
    seats: tuple[int, ...]
    rubies: int


@dataclass(frozen=True)
class Debrief:
    """The whole round face up: every answer judged, the reveal, the rubies per family."""

    prince: int
    tiles: tuple[str, ...]
    centre: str | None
    answers: tuple[AnswerReview, ...]
    revealed: int | str
    revealed_tile: str
    symbol: str
    scorers: tuple[int, ...]
    families: tuple[FamilyRubies, ...]

    @property
    def found_princess(self) -> bool:
        """Did the Prince turn up the Princess?"""
        return self.revealed_tile == str(Character.PRINCESS)

    @property
    def lies(self) -> int:
        """How many answers were lies."""
        return sum(not r.true for r in self.answers)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the same fields as plain lists and dicts.

        >>> from kit.princesslegend import PrincessLegend
        >>> s = PrincessLegend(3).dealt_state(["Prince", "Servant", "Princess"], centre="Black Queen")
        >>> for t in ["ask p1 who-are-you", "answer Servant", "ask p2 who-are-you", "answer Princess",
        ...           "no-extra-question", "reveal p2"]:
        ...     s.apply_action(t)
        >>> d = debrief(s).as_dict()
        >>> d["answers"][1]["obligation"], d["families"][0], d["found_princess"]
        ('had to tell the truth', {'family': 'heart', 'seats': [0, 2], 'rubies': 2}, True)
        """
        out = asdict(self)
        out["found_princess"] = self.found_princess

        def plain(v: Any) -> Any:
            if isinstance(v, (list, tuple)):
                return [plain(x) for x in v]
            if isinstance(v, dict):
                return {k: plain(x) for k, x in v.items()}
            return v

        return plain(out)


def _public(source: Any) -> tuple[Mapping[str, Any], list[Mapping[str, Any]]]:
    """The observation read and its events, a deal's tile hidden (only what everyone sees)."""
    from .state import PrincessLegendState

    obs = source.observation(None) if isinstance(source, PrincessLegendState) else _observation(source)
    log = [dict(e, tile=None) if e["kind"] == "deal" else e for e in obs["log"]]
    return obs, log


def debrief(source: Any) -> Debrief:
    """Every answer of a finished round judged, and the rubies per family (see the module docstring).

    Parameters
    ----------
    source
        A finished round: a state (its public events are read,
        ``observation(None)``), or any seat's observation (only its public
        events are read).

    Raises
    ------
    KitError
        Before the end of the round (the tiles are not face up yet).
    """
    obs, log = _public(source)
    show = next((e for e in log if e["kind"] == "show"), None)
    if show is None:
        raise KitError("the round is not over: the debrief comes once every tile is face up")
    reveal = next(e for e in log if e["kind"] == "reveal")
    rubies = next(e for e in log if e["kind"] == "rubies")
    prince = obs["prince"]
    tiles, centre = list(show["tiles"]), show["centre"]

    def tile_at(place: int | str) -> str:
        return centre if place == CENTRE else tiles[place]

    answer_at = [i for i, e in enumerate(log) if e["kind"] == "answer"]
    reviews = []
    for k, (ask, answer) in enumerate((a, b) for a, b in answered(log) if b is not None):
        place, char = claim(ask, answer)
        tile = character_by_name(tiles[ask["seat"]])
        if ask["question"] == "where-princess":
            said = answer["place"]
            truth: int | str = next(p for p in [*range(len(tiles)), CENTRE]
                                    if (p != CENTRE or centre is not None) and tile_at(p) == str(Character.PRINCESS))
        else:
            said, truth = answer["character"], tile_at(place)
        true = tile_at(place) == char
        colour = tile.colour
        obligation = (_TRUTH if colour is Colour.GREEN else _LIE if colour is Colour.RED
                      else _CHOSE_TRUTH if true else _CHOSE_LIE)
        reviews.append(AnswerReview(k, answer_at[k], prince, ask["seat"], ask["question"], ask["about"],
                                    ask["extra"], said, truth, true, str(tile), colour.value, obligation))
    scorers = tuple(rubies["seats"])
    families = []
    for symbol in Symbol:
        seats = tuple(s for s, t in enumerate(tiles) if character_by_name(t).family is symbol)
        families.append(FamilyRubies(symbol.value, seats, sum(s in scorers for s in seats)))
    return Debrief(prince, tuple(tiles), centre, tuple(reviews), reveal["place"], reveal["tile"],
                   reveal["symbol"], scorers, tuple(families))


@dataclass(frozen=True)
class ReplayStep:
    """The Prince's deduction at one step of the round.

    Attributes
    ----------
    after
        ``"start"`` (no answer yet), ``"answer"`` or ``"rubies"`` (after the
        reveal and who took rubies).
    answer
        The index of the answer just given (0 is the first), else ``None``.
    event
        The index in the log of the last event taken into account (-1: none).
    deals
        How many deals the Prince could not rule out.
    princess
        For each hidden place, the chance of the Princess there: a
        :class:`~fractions.Fraction` (each deal counted once) or, under an
        answer model, a float.
    """

    after: str
    answer: int | None
    event: int
    deals: int
    princess: dict[str, Any]


def deduction_replay(source: Any, model: AnswerModel | None = None) -> list[ReplayStep]:
    """What the Prince could deduce before any answer, after each answer, and after the reveal and the rubies.

    Reads only the public events (the Prince's knowledge at each step; the
    end-of-round show is left out, as it leaves one deal).  With ``model=None``
    each consistent deal counts once (shares as
    :class:`~fractions.Fraction`); with an
    :class:`~kit.princesslegend.worlds.AnswerModel`, the chances are its
    posterior (floats).  Works on a round still in play too (the steps so far).

    >>> from kit.princesslegend import PrincessLegend
    >>> from kit.princesslegend.worlds import ColourModel
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    >>> s.apply_action("ask p1 where-princess"); s.apply_action("answer p2")
    >>> [(step.deals, {p: round(c, 2) for p, c in step.princess.items()})
    ...  for step in deduction_replay(s, model=ColourModel())]
    [(6, {'p1': 0.33, 'p2': 0.33, 'centre': 0.33}), (3, {'p1': 0.0, 'p2': 0.4, 'centre': 0.6})]
    """
    obs, log = _public(source)
    lay = layout(obs["players"], obs["prince"])
    steps = []
    answers = 0

    def step(after: str, answer: int | None, upto: int) -> None:
        events = log[:upto + 1]
        if model is None:
            found = Worlds(lay, _mask(lay, _facts(lay, events, public=True)))
            shares: dict[str, Any] = found.candidates()
            count = len(found)
        else:
            rows, w = _posterior(lay, events, model)
            where = _perms(lay.m)[1][rows, lay.princess]
            shares = {name: float(c) for name, c in
                      zip(lay.names, np.bincount(where, weights=w, minlength=lay.m))}
            count = len(rows)
        steps.append(ReplayStep(after, answer, upto, count, shares))

    step("start", None, -1)
    for i, e in enumerate(log):
        if e["kind"] == "answer":
            step("answer", answers, i)
            answers += 1
        elif e["kind"] == "rubies":
            step("rubies", None, i)
    return steps


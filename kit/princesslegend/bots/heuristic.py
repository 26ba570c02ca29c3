"""The heuristic bot of Princess Legend: a rule-of-thumb player for every role.

:class:`HeuristicBot` reads only its seat's view (``view.observation()`` and
``view.legal_actions()``).  As the Prince it sees no character tile: it reasons
from the questions and answers alone, like
:mod:`kit.princesslegend.deduction`.  As an answering player it has seen every
tile (docs/rules/princesslegend.md#what-each-player-knows), and uses them to steer the Prince.

Both sides rest on one count, the Prince's: the deals of the round's tiles to
the hidden places (every seat but the Prince's, and the centre with 3 to 7
players) that no public fact so far rules out, each counted once, exactly as
:func:`~kit.princesslegend.deduction.consistent_deals` and
:func:`~kit.princesslegend.deduction.princess_candidates` do; the deals are
listed by :mod:`kit.princesslegend.worlds` (numpy, a millisecond or so with 7
or 8 players), and the tests check that the sympy formulas agree.
:func:`prince_candidates` and :func:`settling_questions` give the same answers
as their namesakes in :mod:`~kit.princesslegend.deduction` and
:func:`question_values` scores every question the Prince may ask now.  The
public facts are read from the observation's events (``observation["log"]``,
:mod:`kit.princesslegend.events`): every answered question, and after the end
of the round the revealed tile, who took rubies (docs/rules/princesslegend.md#rubies: everyone sees
who takes rubies, and a deduction of the deal includes it) and the tiles shown.

Examples
--------
>>> from kit.core import PlayerView, play
>>> from kit.princesslegend import PrincessLegend
>>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
>>> s.apply_action("ask p1 where-princess")
>>> str(HeuristicBot(seed=1).choose(PlayerView(s, 1), 1))   # the Black Queen points at herself
'answer p1'
>>> s.apply_action("answer p2")                          # (what a random liar might have said)
>>> {p: str(f) for p, f in prince_candidates(s.observation(0)).items()}
{'p1': '0', 'p2': '1/3', 'centre': '2/3'}
>>> end = play(PrincessLegend(5).new_initial_state(), [HeuristicBot(seed=i) for i in range(5)], seed=3)
>>> end.result().prince, len(end.history())     # 5 deals, 4 questions and answers, an extra one, the reveal
(0, 16)
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Mapping, Sequence

import numpy as np

from ...core.errors import KitError
from ...core.seeding import make_rng
from ...i18n import N_
from ..actions import CENTRE, Answer, Ask, NoExtraQuestion, Question, Reveal
from ..tiles import character_by_name
from ..worlds import Layout as _Layout, _facts, _mask, _perms, answer_table as _answer_table, ask_value as _ask_value
from ..worlds import layout as _layout, prince_questions

__all__ = ["HeuristicBot", "prince_candidates", "settling_questions", "question_values"]


def _public_deals(lay: _Layout, events: Sequence[Mapping[str, Any]]) -> np.ndarray:
    """Deals (rows of character indices by place) that no public fact of ``events`` rules out.

    Only what everyone at the table sees is read -- the questions and answers, the
    revealed tile, who took rubies, the tiles shown at the end -- so the result is the
    Prince's knowledge whichever seat's events (``observation["log"]``) are given.  The
    same facts as :func:`kit.princesslegend.deduction.knowledge_base` for the Prince.
    """
    mask = _mask(lay, _facts(lay, events, public=True))
    if not mask.any():
        raise KitError("no deal fits these answers: the observation contradicts itself")
    return _perms(lay.m)[0][mask]


def _all_asks(lay: _Layout) -> list[Ask]:
    return prince_questions(lay)


def _check(obs: Any) -> Mapping[str, Any]:
    if not isinstance(obs, Mapping) or obs.get("game") != "princesslegend":
        raise KitError("expected a Princess Legend observation (view.observation() or state.observation(seat))")
    return obs


def prince_candidates(observation: Mapping[str, Any]) -> dict[str, Fraction]:
    """For each hidden place, the share of the deals the Prince cannot rule out that put the Princess there.

    Read from the public facts alone (the questions and answers, and after the reveal the
    revealed tile, the rubies and the tiles shown), so any seat's observation gives the
    Prince's view; for the Prince's own observation it equals
    :func:`kit.princesslegend.deduction.princess_candidates` (a count of deals, not a
    posterior), computed with numpy rather than sympy.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Servant", "Princess"], centre="Black Queen")
    >>> s.apply_action("ask p1 where-princess"); s.apply_action("answer p2")
    >>> {p: str(f) for p, f in prince_candidates(s.observation(1)).items()}    # p1 knows what p0 knows
    {'p1': '0', 'p2': '1/3', 'centre': '2/3'}
    """
    obs = _check(observation)
    lay = _layout(obs["players"], obs["prince"])
    deals = _public_deals(lay, obs["log"])
    counts = np.bincount(np.argmax(deals == lay.princess, axis=1), minlength=lay.m)
    return {name: Fraction(int(k), len(deals)) for name, k in zip(lay.names, counts)}


def question_values(observation: Mapping[str, Any], asks: list[Ask] | None = None) -> dict[str, float]:
    """How much each question is worth to the Prince now: his chance to find the Princess after it.

    For each question (``asks``, default: every question to any other player), the
    expected share of the Prince's consistent deals at the place he would then reveal
    (the one most of them agree on), if the deal is any consistent one, each as
    likely, and the answerer picks uniformly among its legal answers.  ``1.0`` exactly
    when the question settles where the Princess is, whatever the answer.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Princess", "Servant"], centre="Black Queen")
    >>> for text in ["ask p2 who-is centre", "answer Princess", "ask p1 who-is centre", "answer Black Queen"]:
    ...     s.apply_action(text)
    >>> {q: round(v, 3) for q, v in question_values(s.observation(0)).items()}
    {'ask p1 where-princess': 0.625, 'ask p1 who-are-you': 0.625, 'ask p1 who-is p2': 1.0, 'ask p1 who-is centre': 0.625, 'ask p2 where-princess': 0.5, 'ask p2 who-are-you': 0.5, 'ask p2 who-is p1': 0.5, 'ask p2 who-is centre': 0.5}
    """
    obs = _check(observation)
    lay = _layout(obs["players"], obs["prince"])
    deals = _public_deals(lay, obs["log"])
    return {str(a): _ask_value(*_answer_table(lay, deals, a))[1] for a in (asks or _all_asks(lay))}


def settling_questions(observation: Mapping[str, Any]) -> list[str]:
    """The questions after which the Prince is sure where the Princess is, whatever the answer.

    The same list as :func:`kit.princesslegend.deduction.settling_questions`, in the
    engine's order, computed with numpy (fast enough for 8 players).

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Princess", "Servant"], centre="Black Queen")
    >>> for text in ["ask p2 who-is centre", "answer Princess", "ask p1 who-is centre", "answer Black Queen"]:
    ...     s.apply_action(text)
    >>> settling_questions(s.observation(0))
    ['ask p1 who-is p2']
    """
    obs = _check(observation)
    lay = _layout(obs["players"], obs["prince"])
    deals = _public_deals(lay, obs["log"])
    out = []
    for a in _all_asks(lay):
        counts, _ = _answer_table(lay, deals, a)
        if ((counts > 0).sum(axis=1) <= 1).all():
            out.append(str(a))
    return out


class HeuristicBot:
    """Plays every role of Princess Legend by rules of thumb, in this order of preference.

    **As the Prince** (he sees no tile; he counts the deals his questions and
    answers leave, each deal once, as :mod:`kit.princesslegend.deduction` does):

    1. of the questions he still owes, ask the one that leaves the Princess's
       place least uncertain: the lowest expected entropy of where the
       consistent deals put her after the answer (each consistent deal as
       likely, the answerer picking at random among its legal answers); among
       equals, the best expected chance to find her right after the answer
       (:func:`question_values`);
    2. the extra question: none if he is already sure where the Princess is;
       else the best question by rule 1, to any other player: one that settles
       her place whatever the answer (:func:`settling_questions`) when there is
       one, as it leaves no uncertainty;
    3. reveal the place where most consistent deals put the Princess
       (:func:`prince_candidates`).

    **As an answering player** (who has seen every tile), foreseeing the
    Prince's count:

    4. a green tile has one legal answer: the truth;
    5. a red tile (crown family: rubies when the Black Queen is turned up) lies
       so that, counting the deals the Prince has left after the answer, the
       Black Queen's place looks most like the Princess's: first the best
       chance that the place most deals name is hers, then her largest share.
       The Black Queen asked "Where is the Princess?" points at herself and,
       asked "Who are you?", says the Princess; but a Guard pointing at the
       Black Queen would make her look *less* likely (the Prince's count
       knows a red tile lies), so it points elsewhere;
    6. a blue tile (mask family: rubies when a tile bearing the mask is turned
       up -- every tile but the Princess and the Black Queen) tells the truth
       or lies, whichever makes the Prince's likeliest place hold a mask, then
       gives the mask tiles the largest share.

    Ties are broken by the seeded generator.
    """

    name = "heuristic"
    #: How a setup form names this kind of seat (a message id, translated where it is shown).
    label = N_("heuristic bot")

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = make_rng(seed)

    def __repr__(self) -> str:
        return "HeuristicBot()"

    # ------------------------------------------------------------------ choose
    def choose(self, view: Any, player: int) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        lay = _layout(obs["players"], obs["prince"])
        first = legal[0]
        if isinstance(first, Answer):
            return self._answer(obs, lay, legal)
        deals = _public_deals(lay, obs["log"])
        if isinstance(first, Reveal):
            return self._reveal(lay, deals, legal)
        return self._ask(lay, deals, legal)

    # ------------------------------------------------------------------ the Prince
    def _reveal(self, lay: _Layout, deals: np.ndarray, legal: list[Any]) -> Any:
        counts = np.bincount(np.argmax(deals == lay.princess, axis=1), minlength=lay.m)
        return self._best(legal, lambda a: int(counts[lay.place_index[a.place]]))

    def _ask(self, lay: _Layout, deals: np.ndarray, legal: list[Any]) -> Any:
        asks = [a for a in legal if isinstance(a, Ask)]
        extra = len(asks) < len(legal)  # the extra question: NoExtraQuestion is legal too
        values = {a: _ask_value(*_answer_table(lay, deals, a)) for a in asks}
        if not extra:
            return self._best(asks, lambda a: _rounded(values[a]))
        decline = next(a for a in legal if isinstance(a, NoExtraQuestion))
        if len(np.unique(np.argmax(deals == lay.princess, axis=1))) == 1:
            return decline  # he is sure where she is
        return self._best(asks, lambda a: _rounded(values[a]))  # a settling one, if any: entropy 0

    # ------------------------------------------------------------------ answering players
    def _answer(self, obs: Mapping[str, Any], lay: _Layout, legal: list[Any]) -> Any:
        pending = obs["log"][-1]  # in the answer step, the last event is the question
        ask = Ask(pending["seat"], Question(pending["question"]), pending["about"])
        deals = _public_deals(lay, obs["log"][:-1])
        counts, _ = _answer_table(lay, deals, ask)
        # the tiles this seat has seen: a non-Prince seat sees them all
        # (docs/rules/princesslegend.md#what-each-player-knows)
        tile_at = [obs["tiles"][p] if p != CENTRE else obs["centre"] for p in lay.places]
        if any(t is None for t in tile_at):
            raise KitError("an answering player sees every tile; this observation hides some")
        family = character_by_name(obs["role"]).family
        wanted = np.array([character_by_name(t).symbol is family for t in tile_at])
        by_place = ask.question is Question.WHERE_PRINCESS

        def value(a: Answer) -> tuple[float, float]:
            row = counts[lay.place_index[a.place] if by_place else lay.char_index[a.character]]
            top = row == row.max()
            return _rounded((float(wanted[top].sum() / top.sum()), float(row[wanted].sum() / row.sum())))

        return self._best(legal, value)

    # ------------------------------------------------------------------ ties
    def _best(self, actions: list[Any], value: Any) -> Any:
        scored = [(value(a), a) for a in actions]
        top = max(v for v, _ in scored)
        best = [a for v, a in scored if v == top]
        return best[self.rng.randrange(len(best))]


def _rounded(values: tuple[float, ...]) -> tuple[float, ...]:
    """Values equal to 9 decimals count as equal (a tie, broken by the seeded generator)."""
    return tuple(round(v, 9) for v in values)


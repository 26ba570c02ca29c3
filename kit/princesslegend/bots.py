"""Princess Legend bots: a rule-of-thumb player for every role (any game also has :class:`kit.core.RandomBot`).

:class:`HeuristicBot` reads only its seat's view (``view.observation()`` and
``view.legal_actions()``).  As the Prince it sees no character tile: it reasons
from the questions and answers alone, like
:mod:`kit.princesslegend.deduction`.  As an answering player it has seen every
tile (RULES.md §3), and uses them to steer the Prince.

Both sides rest on one count, the Prince's: the deals of the round's tiles to
the hidden places (every seat but the Prince's, and the centre with 3 to 7
players) that no public fact so far rules out, each counted once, exactly as
:func:`~kit.princesslegend.deduction.consistent_deals` and
:func:`~kit.princesslegend.deduction.princess_candidates` do.  Those functions
ask sympy, which takes most of a second with 7 or 8 players (5,040 deals); this
module lists the deals with numpy instead, a few milliseconds, and the tests
check that both agree.  :func:`prince_candidates` and :func:`settling_questions`
give the same answers as their namesakes in :mod:`~kit.princesslegend.deduction`
and :func:`question_values` scores every question the Prince may ask now.
The public facts are read from the observation's events (``observation["log"]``,
:mod:`kit.princesslegend.events`): every answered question, and after the end
of the round the revealed tile and who took rubies (RULES.md §3: everyone sees
who takes rubies, and a deduction of the deal includes it).

:data:`BOTS` names the bots a table offers: ``"random"`` and ``"heuristic"``.

Examples
--------
>>> from kit.core import PlayerView, play, RandomBot
>>> from kit.princesslegend import PrincessLegend
>>> from kit.princesslegend.bots import HeuristicBot, prince_candidates
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
>>> sorted(BOTS), BOTS["heuristic"].label
(['heuristic', 'random'], 'heuristic bot')
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from typing import Any, Mapping

import numpy as np

from ..core.bots import RandomBot
from ..core.errors import KitError
from ..core.seeding import make_rng
from ..i18n import N_
from .actions import CENTRE, Answer, Ask, NoExtraQuestion, Question, Reveal
from .events import answered, claim
from .tiles import TILE_SETS, Character, Colour, Symbol, character_by_name

__all__ = ["BOTS", "HeuristicBot", "prince_candidates", "settling_questions", "question_values"]

_GREEN, _RED, _BLUE = 0, 1, 2
_COLOUR_CODE = {Colour.GREEN: _GREEN, Colour.RED: _RED, Colour.BLUE: _BLUE}


@lru_cache(maxsize=8)
def _perms(m: int) -> tuple[np.ndarray, np.ndarray]:
    """Every deal of ``m`` characters to ``m`` places: ``deal[row, place]`` is a character index,
    ``where[row, character]`` its place index.  In :func:`itertools.permutations` order, as
    :func:`kit.princesslegend.deduction.all_deals`."""
    deal = np.array(list(permutations(range(m))), dtype=np.int8)
    where = np.argsort(deal, axis=1).astype(np.int8)
    for arr in (deal, where):
        arr.flags.writeable = False
    return deal, where


class _Layout:
    """The round's hidden places and characters as indices (depends on the player count and Prince only)."""

    def __init__(self, n: int, prince: int) -> None:
        self.n, self.prince = n, prince
        self.places: list[Any] = [s for s in range(n) if s != prince] + ([CENTRE] if n < 8 else [])
        self.names = [f"p{p}" if p != CENTRE else CENTRE for p in self.places]
        self.place_index = {p: i for i, p in enumerate(self.places)}
        self.chars: tuple[Character, ...] = TILE_SETS[n]
        self.char_index = {c: i for i, c in enumerate(self.chars)}
        self.name_index = {str(c): i for i, c in enumerate(self.chars)}
        self.family = np.array([list(Symbol).index(c.family) for c in self.chars], dtype=np.int8)
        self.m = len(self.places)
        self.colour = np.array([_COLOUR_CODE[c.colour] for c in self.chars], dtype=np.int8)
        self.princess = self.char_index[Character.PRINCESS]
        # the weight of one answer of a deal when every legal answer is equally likely:
        # green has 1 legal answer, red m - 1, blue m
        self.answer_weight = np.array([1.0, 1.0 / (self.m - 1), 1.0 / self.m])

    def place_of(self, place: Any) -> int:
        """The index of a hidden place (a seat number or ``"centre"``, as events write it)."""
        found = self.place_index.get(place)
        if found is None or isinstance(place, bool):
            raise KitError(f"{place!r} is not a hidden place of this round ({', '.join(self.names)})")
        return found

    def char_of(self, name: str) -> int:
        found = self.name_index.get(name)
        if found is None:
            raise KitError(f"{name!r} is not a character of this round")
        return found


@lru_cache(maxsize=64)
def _layout(n: int, prince: int) -> _Layout:
    return _Layout(n, prince)


def _check(obs: Any) -> Mapping[str, Any]:
    if not isinstance(obs, Mapping) or obs.get("game") != "princesslegend":
        raise KitError("expected a Princess Legend observation (view.observation() or state.observation(seat))")
    return obs


def _public_deals(lay: _Layout, events: list[Mapping[str, Any]]) -> np.ndarray:
    """Deals (rows of character indices by place) that no public fact of ``events`` rules out.

    Only what everyone at the table sees is read -- the questions and answers, the
    revealed tile and who took rubies -- so the result is the Prince's knowledge whichever
    seat's events (``observation["log"]``) are given.  The same facts as
    :func:`kit.princesslegend.deduction.knowledge_base` for the Prince.
    """
    deal, _ = _perms(lay.m)
    keep = np.ones(len(deal), dtype=bool)
    for ask, answer in answered(events):
        if answer is None:
            continue
        place, char = claim(ask, answer)
        holds = deal[:, lay.place_of(place)] == lay.char_of(char)
        colour = lay.colour[deal[:, lay.place_of(ask["seat"])]]
        keep &= (colour == _BLUE) | ((colour == _GREEN) & holds) | ((colour == _RED) & ~holds)
    for e in events:
        if e["kind"] == "reveal":
            keep &= deal[:, lay.place_of(e["place"])] == lay.char_of(e["tile"])
        elif e["kind"] == "rubies":
            family = list(Symbol).index(Symbol(e["symbol"]))
            for s in range(lay.n):
                if s != lay.prince:  # the Prince is of the heart family, known to all
                    of_family = lay.family[deal[:, lay.place_of(s)]] == family
                    keep &= of_family if s in e["seats"] else ~of_family
    found = deal[keep]
    if not len(found):
        raise KitError("no deal fits these answers: the observation contradicts itself")
    return found


def _truths(lay: _Layout, deals: np.ndarray, ask: Ask) -> np.ndarray:
    """The true answer to ``ask`` in every deal: a place index (where-princess) or a character index."""
    if ask.question is Question.WHERE_PRINCESS:
        return np.argmax(deals == lay.princess, axis=1)
    if ask.question is Question.WHO_ARE_YOU:
        return deals[:, lay.place_index[ask.seat]]
    return deals[:, lay.place_index[ask.about]]


def _answer_table(lay: _Layout, deals: np.ndarray, ask: Ask) -> tuple[np.ndarray, np.ndarray]:
    """``counts[a, p]``: deals still consistent after answer ``a`` with the Princess at place ``p``;
    ``chance[a]``: the chance of answer ``a`` if the deal is one of ``deals`` (each as likely) and
    the answerer picks uniformly among its legal answers.

    An answer ``a`` is a place index (where-princess) or a character index (who-are-you, who-is).
    Green answers the truth only, red anything but the truth, blue anything (the engine's rule).
    """
    m = lay.m
    truth = _truths(lay, deals, ask).astype(np.intp)
    colour = lay.colour[deals[:, lay.place_index[ask.seat]]]
    princess_at = np.argmax(deals == lay.princess, axis=1)
    green, red = colour == _GREEN, colour == _RED
    not_green = ~green
    # red and blue deals allow every answer (red: but the truth, taken off below)
    base = np.bincount(princess_at[not_green], minlength=m).astype(float)
    cell = truth * m + princess_at
    delta = (np.bincount(cell[green], minlength=m * m) - np.bincount(cell[red], minlength=m * m)).reshape(m, m)
    counts = base[None, :] + delta
    w = lay.answer_weight[colour]
    wbase = w[not_green].sum()
    wdelta = np.bincount(truth[green], minlength=m) - np.bincount(truth[red], weights=w[red], minlength=m)
    chance = (wbase + wdelta) / len(deals)
    return counts, chance


def _ask_value(counts: np.ndarray, chance: np.ndarray) -> tuple[float, float]:
    """``(-expected entropy of the Princess's place, expected chance to find her)`` after the answer
    (revealing where the most consistent deals put her)."""
    total = counts.sum(axis=1)
    seen = total > 0
    share = counts[seen] / total[seen, None]
    found = float((chance[seen] * share.max(axis=1)).sum())
    with np.errstate(divide="ignore", invalid="ignore"):
        ent = -np.where(share > 0, share * np.log(share), 0.0).sum(axis=1)
    return -float((chance[seen] * ent).sum()), found


def prince_candidates(observation: Mapping[str, Any]) -> dict[str, Fraction]:
    """For each hidden place, the share of the deals the Prince cannot rule out that put the Princess there.

    Read from the questions and answers alone, so any seat's observation gives the
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


def _all_asks(lay: _Layout) -> list[Ask]:
    out = []
    for s in range(lay.n):
        if s == lay.prince:
            continue
        out += [Ask(s, Question.WHERE_PRINCESS), Ask(s, Question.WHO_ARE_YOU)]
        out += [Ask(s, Question.WHO_IS, p) for p in lay.places if p != s]
    return out


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
        # the tiles this seat has seen: a non-Prince seat sees them all (RULES.md §3)
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


#: The bots a table offers for Princess Legend: kind -> class (``cls(seed=...)``; ``cls.label`` names it).
BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot}

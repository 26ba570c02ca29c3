"""Every deal a seat cannot rule out, enumerated exactly and fast; answer models; the best question.

:mod:`kit.princesslegend.deduction` writes what a seat knows as formulas of
sympy's logic, the teaching form, and lets sympy list their models.  This
module lists the same deals without a solver, fast enough for a table that
updates on every answer and for a bot that tries every question: every
arrangement of the round's tiles to the hidden places (``m!`` of them, 5,040
with 7 or 8 players) is a row of a numpy array, and each fact the seat knows
is a vectorised test that strikes rows out.  The facts are the same as the
formulas' (the tests check that both agree on random positions of every player
count):

* a tile the seat has seen is where it was seen (every tile, for a player who
  is not the Prince; for the Prince, the revealed tile, and every tile after
  the end-of-round ``show``);
* an answer follows its colour's rule: the answerer's statement ("the
  Princess is at p3", "I am the Fairy", "p4 is the Guard") is true if the
  answerer holds a green tile and false if a red one (a blue one may say
  anything the rules allow);
* who took rubies after the reveal: a seat took one exactly when its tile is of
  the revealed symbol's family (the centre's tile belongs to nobody).

Everything is read from a seat's events (``observation["log"]``,
:mod:`kit.princesslegend.events`), never from a state's hidden tiles.
``public=True`` reads only what everyone sees (the answers, the reveal, the
rubies, the show), that is the Prince's knowledge, from any seat's events.

**Answer models.**  Counting deals (:meth:`Worlds.candidates`) gives every
consistent deal the same weight.  How likely an answer is in a deal depends on
how the red and blue tiles choose among their allowed answers, which the rules
leave free; an :class:`AnswerModel` states it, and :func:`posterior` weighs
every deal by the chance of the answers given so far (Bayes' rule, from equally
likely deals):

* :class:`ColourModel` (the default): green tells the truth; red picks one of
  its lies at random, each as likely; blue tells the truth with probability
  ``blue_truth`` (1/2 unless told) and otherwise picks one of its lies at random;
* :class:`HeuristicModel`: the answerers play like
  :class:`~kit.princesslegend.bots.HeuristicBot` (the model works out, for
  every deal, which answer that bot would give, ties shared equally), with a
  share ``noise`` (1/10 unless told) of :class:`ColourModel`, so that an answer
  the bot would not give is unlikely, never impossible;
* :class:`Mixture`: the answerers all play by one of several models, nobody
  says which; the answers weigh the models as they weigh the deals
  (:func:`model_chances`).  The strong bot's model is the heuristic bot's
  answers or the colour model, each as likely at first
  (:func:`kit.princesslegend.bots.strong.default_model`).

**The best question.**  :func:`best_question` ranks the questions the Prince
may ask by the expected information about the Princess's place (the expected
fall of the entropy, in bits, of where she is, under the model).

Examples
--------
>>> from kit.princesslegend import PrincessLegend
>>> from kit.princesslegend.worlds import best_question, posterior, princess_chances, worlds
>>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
>>> s.apply_action("ask p1 where-princess"); s.apply_action("answer p2")
>>> w = worlds(s)                                   # the Prince's view of the state
>>> len(w), w.candidates()
(3, {'p1': Fraction(0, 1), 'p2': Fraction(1, 3), 'centre': Fraction(2, 3)})
>>> w.as_dicts()[0]
{'p1': 'Black Queen', 'p2': 'Servant', 'centre': 'Princess'}
>>> {p: round(c, 3) for p, c in princess_chances(s).items()}     # blue: the truth half the time
{'p1': 0.0, 'p2': 0.4, 'centre': 0.6}
>>> best = best_question(s)[0]
>>> best.question, round(best.information, 3)
('ask p2 who-is p1', 0.61)
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from typing import Any, Mapping, NamedTuple, Sequence

import numpy as np

from ..core.errors import KitError
from .actions import CENTRE, Ask, Question
from .tiles import TILE_SETS, Character, Colour, Symbol

__all__ = ["Layout", "layout", "Worlds", "worlds", "AnswerModel", "ColourModel", "HeuristicModel", "Mixture",
           "model_chances",
           "posterior", "princess_chances", "QuestionValue", "best_question", "prince_questions", "rank",
           "answer_table", "ask_value", "allowed", "truths"]

GREEN, RED, BLUE = 0, 1, 2
_COLOUR_CODE = {Colour.GREEN: GREEN, Colour.RED: RED, Colour.BLUE: BLUE}
_SYMBOLS = list(Symbol)
_QUESTIONS = {q.value: q for q in Question}


# --------------------------------------------------------------------------- layout and deals

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


class Layout:
    """The round's hidden places and characters as indices (depends on the player count and Prince only).

    Places are every seat but the Prince's, in seat order, then the centre (3
    to 7 players); characters are the round's tile set in the engine's order.

    >>> lay = layout(4, prince=2)
    >>> lay.names, [str(c) for c in lay.chars], lay.m
    (['p0', 'p1', 'p3', 'centre'], ['Princess', 'Fairy', 'Black Queen', 'Guard'], 4)
    """

    def __init__(self, n: int, prince: int) -> None:
        self.n, self.prince = n, prince
        self.places: list[Any] = [s for s in range(n) if s != prince] + ([CENTRE] if n < 8 else [])
        self.names = [f"p{p}" if p != CENTRE else CENTRE for p in self.places]
        self.place_index = {p: i for i, p in enumerate(self.places)}
        self.name_index = {name: i for i, name in enumerate(self.names)}
        self.chars: tuple[Character, ...] = TILE_SETS[n]
        self.char_names = [str(c) for c in self.chars]
        self.char_index = {c: i for i, c in enumerate(self.chars)}
        self.name_char = {str(c): i for i, c in enumerate(self.chars)}
        self.m = len(self.places)
        self.family = np.array([_SYMBOLS.index(c.family) for c in self.chars], dtype=np.int8)
        self.symbol = np.array([_SYMBOLS.index(c.symbol) for c in self.chars], dtype=np.int8)
        self.colour = np.array([_COLOUR_CODE[c.colour] for c in self.chars], dtype=np.int8)
        self.princess = self.char_index[Character.PRINCESS]
        # the weight of one answer of a deal when every legal answer is equally likely:
        # green has 1 legal answer, red m - 1, blue m
        self.answer_weight = np.array([1.0, 1.0 / (self.m - 1), 1.0 / self.m])

    def place_of(self, place: Any) -> int:
        """The index of a hidden place: a seat number or ``"centre"`` (as events write it), or ``"p3"``."""
        found = self.name_index.get(place) if isinstance(place, str) else \
            None if isinstance(place, bool) else self.place_index.get(place)
        if found is None:
            raise KitError(f"{place!r} is not a hidden place of this round ({', '.join(self.names)})")
        return found

    def char_of(self, name: Any) -> int:
        """The index of a character of this round, by its name."""
        found = self.name_char.get(str(name))
        if found is None:
            raise KitError(f"{name!r} is not a character of this round ({', '.join(self.char_names)})")
        return found

    def name_rows(self) -> list[list[str]]:
        """Every deal (row of :func:`_perms`) as a list of character names (built once per tile set)."""
        return _name_rows(self.chars)


@lru_cache(maxsize=8)
def _name_rows(chars: tuple[Character, ...]) -> list[list[str]]:
    return np.array([str(c) for c in chars], dtype=object)[_perms(len(chars))[0]].tolist()


@lru_cache(maxsize=64)
def layout(n: int, prince: int) -> Layout:
    """The :class:`Layout` of a round with ``n`` players and this Prince (cached)."""
    if n not in TILE_SETS or type(prince) is not int or not 0 <= prince < n:
        raise KitError(f"no Princess Legend round with {n!r} players and the Prince at seat {prince!r}")
    return Layout(n, prince)


def truths(lay: Layout, deals: np.ndarray, ask: Ask) -> np.ndarray:
    """The true answer to ``ask`` in every deal: a place index (where-princess) or a character index."""
    if ask.question is Question.WHERE_PRINCESS:
        return np.argmax(deals == lay.princess, axis=1)
    if ask.question is Question.WHO_ARE_YOU:
        return deals[:, lay.place_index[ask.seat]]
    return deals[:, lay.place_of(ask.about)]


def allowed(lay: Layout, deals: np.ndarray, ask: Ask) -> np.ndarray:
    """``allowed[row, a]``: may the answerer give answer ``a`` to ``ask`` in deal ``row``?

    Green: the truth only; red: anything but the truth; blue: anything (the engine's rule).
    An answer ``a`` is a place index (where-princess) or a character index.
    """
    truth = truths(lay, deals, ask)
    colour = lay.colour[deals[:, lay.place_index[ask.seat]]]
    onehot = truth[:, None] == np.arange(lay.m)
    return np.where((colour == GREEN)[:, None], onehot, np.where((colour == RED)[:, None], ~onehot, True))


# --------------------------------------------------------------------------- facts from events

class _Facts(NamedTuple):
    known: tuple[tuple[int, int], ...]    # (place index, character index)
    answers: tuple[tuple[Ask, int], ...]  # (question, answer index)
    rubies: tuple[int, tuple[int, ...]] | None  # (family index, seats that took one)


def _ask_of(e: Mapping[str, Any]) -> Ask:
    try:
        return Ask(e["seat"], _QUESTIONS[e["question"]], e["about"])
    except (KeyError, TypeError):
        raise KitError(f"not an ask event: {dict(e)!r}") from None


def _answer_index(lay: Layout, ask: Ask, e: Mapping[str, Any]) -> int:
    if ask.question is Question.WHERE_PRINCESS:
        if e.get("place") is None:
            raise KitError(f"'{ask}' is answered with a place, not {dict(e)!r}")
        return lay.place_of(e["place"])
    if e.get("character") is None:
        raise KitError(f"'{ask}' is answered with a character, not {dict(e)!r}")
    return lay.char_of(e["character"])


def _check_ask(lay: Layout, ask: Ask) -> None:
    ok = type(ask.seat) is int and ask.seat in lay.place_index
    if ok and ask.question is Question.WHO_IS:
        ok = ask.about != ask.seat and not isinstance(ask.about, bool) and ask.about in lay.place_index
    elif ok:
        ok = ask.about is None
    if not ok:
        raise KitError(f"'{ask}' is not a question of this round (Prince p{lay.prince})")


def _facts(lay: Layout, events: Sequence[Mapping[str, Any]], public: bool) -> _Facts:
    known: dict[int, int] = {}
    answers: list[tuple[Ask, int]] = []
    rubies = None
    pending: Ask | None = None
    for e in events:
        kind = e["kind"]
        if kind == "ask":
            pending = _ask_of(e)
            _check_ask(lay, pending)
        elif kind == "answer":
            if pending is None:
                raise KitError(f"an answer without a question in these events: {dict(e)!r}")
            answers.append((pending, _answer_index(lay, pending, e)))
            pending = None
        elif kind == "deal":
            if not public and e["tile"] is not None:
                known[lay.place_of(e["place"])] = lay.char_of(e["tile"])
        elif kind == "reveal":
            known[lay.place_of(e["place"])] = lay.char_of(e["tile"])
        elif kind == "rubies":
            rubies = (_SYMBOLS.index(Symbol(e["symbol"])), tuple(sorted(e["seats"])))
        elif kind == "show":
            for s, t in enumerate(e["tiles"]):
                if s != lay.prince:
                    known[lay.place_index[s]] = lay.char_of(t)
            if e["centre"] is not None:
                known[lay.place_of(CENTRE)] = lay.char_of(e["centre"])
    return _Facts(tuple(sorted(known.items())), tuple(answers), rubies)


def _rubies_mask(lay: Layout, deals: np.ndarray, rubies: tuple[int, tuple[int, ...]]) -> np.ndarray:
    family, seats = rubies
    keep = np.ones(len(deals), dtype=bool)
    for s in range(lay.n):
        if s != lay.prince:  # the Prince is of the heart family, known to all
            of_family = lay.family[deals[:, lay.place_index[s]]] == family
            keep &= of_family if s in seats else ~of_family
    return keep


@lru_cache(maxsize=1024)
def _mask(lay: Layout, facts: _Facts) -> np.ndarray:
    """Which rows of :func:`_perms` no fact rules out (read-only, cached)."""
    deal, _ = _perms(lay.m)
    keep = np.ones(len(deal), dtype=bool)
    for ask, a in facts.answers:
        truth = truths(lay, deal, ask)
        colour = lay.colour[deal[:, lay.place_index[ask.seat]]]
        holds = truth == a
        keep &= (colour == BLUE) | ((colour == GREEN) & holds) | ((colour == RED) & ~holds)
    for p, c in facts.known:
        keep &= deal[:, p] == c
    if facts.rubies is not None:
        keep &= _rubies_mask(lay, deal, facts.rubies)
    keep.flags.writeable = False
    return keep


# --------------------------------------------------------------------------- the seat's view

def _observation(source: Any, seat: int | None = None) -> Mapping[str, Any]:
    """An observation: ``source`` itself, ``source.observation(seat)`` for a state (default: the
    Prince's), or ``source.observation()`` for a seat's view (a :class:`~kit.core.PlayerView`)."""
    from .state import PrincessLegendState

    if isinstance(source, PrincessLegendState):
        return source.observation(source.prince if seat is None else seat)
    if not isinstance(source, Mapping) and callable(getattr(source, "observation", None)):
        source = source.observation()
    if not isinstance(source, Mapping) or source.get("game") != "princesslegend" \
            or not all(k in source for k in ("players", "prince", "log")):
        raise KitError("expected a Princess Legend observation (state.observation(seat)), state or seat view")
    if seat is not None and seat != source.get("seat"):
        raise KitError(f"this observation is p{source.get('seat')}'s; it cannot tell what p{seat} knows")
    return source


class Worlds:
    """The deals a seat cannot rule out: rows of character indices by place (``deals``).

    ``rows`` are their indices among every deal of the round, in
    :func:`itertools.permutations` order of the tile set (the order of
    :func:`kit.princesslegend.deduction.all_deals`).
    """

    __slots__ = ("layout", "rows", "deals")

    def __init__(self, lay: Layout, mask: np.ndarray) -> None:
        self.layout = lay
        self.rows = np.flatnonzero(mask)
        if not len(self.rows):
            raise KitError("no deal fits these answers: the observation contradicts itself")
        self.deals = _perms(lay.m)[0][self.rows]

    def __len__(self) -> int:
        return len(self.rows)

    def __repr__(self) -> str:
        return f"<Worlds: {len(self)} deals of {math.factorial(self.layout.m)}>"

    @property
    def princess_at(self) -> np.ndarray:
        """The Princess's place index in every deal."""
        return _perms(self.layout.m)[1][self.rows, self.layout.princess]

    def counts(self) -> np.ndarray:
        """How many of the deals put the Princess at each place (by place index)."""
        return np.bincount(self.princess_at, minlength=self.layout.m)

    def candidates(self) -> dict[str, Fraction]:
        """For each hidden place, the share of the deals with the Princess there (each deal counts once)."""
        return {name: Fraction(int(k), len(self)) for name, k in zip(self.layout.names, self.counts())}

    def as_dicts(self) -> list[dict[str, str]]:
        """The deals as ``{place: character name}`` dicts, in :func:`itertools.permutations` order."""
        names, rows = self.layout.names, self.layout.name_rows()
        return [dict(zip(names, rows[i])) for i in self.rows.tolist()]


def worlds(source: Any, seat: int | None = None, *, public: bool = False) -> Worlds:
    """Every deal the seat cannot rule out, from its events.

    Parameters
    ----------
    source
        An observation (``state.observation(seat)``), a state (read for the
        Prince unless ``seat`` names another seat) or a seat's view.
    seat
        For a state: whose view.
    public
        Read only what everyone sees (the Prince's knowledge), whichever
        seat's events are given.

    Raises
    ------
    KitError
        When no deal fits (an observation edited by hand, never a real round).

    Examples
    --------
    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(8).new_initial_state(first_player=0)
    >>> while s.phase == "deal":
    ...     s.apply_action(s.legal_actions()[0])
    >>> len(worlds(s)), len(worlds(s, seat=3)), len(worlds(s.observation(3), public=True))
    (5040, 1, 5040)
    """
    obs = _observation(source, seat)
    lay = layout(obs["players"], obs["prince"])
    return Worlds(lay, _mask(lay, _facts(lay, obs["log"], public)))


# --------------------------------------------------------------------------- the heuristic's count

def answer_table(lay: Layout, deals: np.ndarray, ask: Ask, princess_at: np.ndarray | None = None
                 ) -> tuple[np.ndarray, np.ndarray]:
    """``counts[a, p]``: deals still consistent after answer ``a`` with the Princess at place ``p``;
    ``chance[a]``: the chance of answer ``a`` if the deal is one of ``deals`` (each as likely) and
    the answerer picks uniformly among its legal answers.

    An answer ``a`` is a place index (where-princess) or a character index (who-are-you, who-is).
    Green answers the truth only, red anything but the truth, blue anything (the engine's rule).
    ``princess_at``: the Princess's place in each deal, when known already.
    """
    m = lay.m
    if princess_at is None:
        princess_at = np.argmax(deals == lay.princess, axis=1)
    truth = (princess_at if ask.question is Question.WHERE_PRINCESS else truths(lay, deals, ask)).astype(np.intp)
    colour = lay.colour[deals[:, lay.place_index[ask.seat]]]
    green, red = colour == GREEN, colour == RED
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


def ask_value(counts: np.ndarray, chance: np.ndarray) -> tuple[float, float]:
    """``(-expected entropy of the Princess's place, expected chance to find her)`` after the answer
    (revealing where the most consistent deals put her), from :func:`answer_table`."""
    total = counts.sum(axis=1)
    seen = total > 0
    share = counts[seen] / total[seen, None]
    found = float((chance[seen] * share.max(axis=1)).sum())
    with np.errstate(divide="ignore", invalid="ignore"):
        ent = -np.where(share > 0, share * np.log(share), 0.0).sum(axis=1)
    return -float((chance[seen] * ent).sum()), found


# --------------------------------------------------------------------------- answer models

class AnswerModel:
    """How the answering tiles choose among the answers the rules allow (subclass and override).

    :meth:`chances` gives, for every deal, the chance of every answer: zero for
    an answer the rules do not allow in that deal, and each row adds up to 1.
    A model may instead override :meth:`keyed`, the same chances as a small
    table and a key per deal (deals alike for the model share a row), which
    is faster with thousands of deals.
    """

    def chances(self, lay: Layout, deals: np.ndarray, ask: Ask, public: np.ndarray) -> np.ndarray:
        """``chances[row, a]``: the chance that the answerer gives answer ``a`` to ``ask`` in deal
        ``deals[row]``.  ``public`` are the deals nobody at the table could rule out right before
        the answer (what an answerer may foresee of the Prince's count)."""
        if type(self).keyed is AnswerModel.keyed:
            raise NotImplementedError("an AnswerModel overrides chances() or keyed()")
        key, table = self.keyed(lay, deals, ask, public)
        return table[key]

    def keyed(self, lay: Layout, deals: np.ndarray, ask: Ask, public: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:
        """``(key, table)`` with ``chances(...)[row] == table[key[row]]``."""
        if type(self).chances is AnswerModel.chances:
            raise NotImplementedError("an AnswerModel overrides chances() or keyed()")
        return np.arange(len(deals)), self.chances(lay, deals, ask, public)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _colour_truth(lay: Layout, deals: np.ndarray, ask: Ask) -> tuple[np.ndarray, np.ndarray]:
    return lay.colour[deals[:, lay.place_index[ask.seat]]].astype(np.intp), truths(lay, deals, ask).astype(np.intp)


@lru_cache(maxsize=64)
def _colour_table(m: int, blue_truth: float) -> np.ndarray:
    """Row ``colour * m + truth``: the chance of each of ``m`` answers under :class:`ColourModel`."""
    onehot = np.eye(m)
    lie = (1.0 - onehot) / (m - 1)
    table = np.concatenate([onehot, lie, blue_truth * onehot + (1.0 - blue_truth) * lie])
    table.flags.writeable = False
    return table


class ColourModel(AnswerModel):
    """Green tells the truth; red picks one of its lies at random; blue tells the truth with probability
    ``blue_truth``, else picks one of its lies at random.

    A lie is any other answer in play (docs/rules/princesslegend.md#answers): with ``m`` possible
    answers, a red tile gives each lie the chance ``1/(m-1)``, a blue one
    ``(1 - blue_truth)/(m-1)``.  ``blue_truth = 1/m`` makes blue pick
    uniformly among all its answers.

    >>> import numpy as np
    >>> from kit.princesslegend.actions import Ask, Question
    >>> lay = layout(3, prince=0)                  # places p1, p2, centre; Princess, Black Queen, Servant
    >>> deals = np.array([[2, 0, 1], [1, 2, 0]])   # p1 the Servant (blue), then p1 the Black Queen (red)
    >>> ColourModel().chances(lay, deals, Ask(1, Question.WHERE_PRINCESS), deals).tolist()
    [[0.25, 0.5, 0.25], [0.5, 0.5, 0.0]]
    """

    def __init__(self, blue_truth: float = 0.5) -> None:
        if isinstance(blue_truth, bool) or not isinstance(blue_truth, (int, float)) or not 0 <= blue_truth <= 1:
            raise KitError(f"blue_truth is a probability from 0 to 1, not {blue_truth!r}")
        self.blue_truth = float(blue_truth)

    def __repr__(self) -> str:
        return f"ColourModel(blue_truth={self.blue_truth:g})"

    def keyed(self, lay: Layout, deals: np.ndarray, ask: Ask, public: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:
        colour, truth = _colour_truth(lay, deals, ask)
        return colour * lay.m + truth, _colour_table(lay.m, self.blue_truth)


class HeuristicModel(AnswerModel):
    """The answerers play like :class:`~kit.princesslegend.bots.HeuristicBot`, with a share ``noise`` of
    :class:`ColourModel` (``other``).

    For every deal the model works out the heuristic bot's answer (it reads
    the answerer's tile and every tile, as an answering player may, and the
    Prince's count of the deals before the answer): green tells the truth; red
    lies so as to make the Black Queen's place look most like the Princess's;
    blue tells the truth or lies so that the Prince's likeliest place holds a
    mask; ties are shared equally.  With ``noise > 0`` an answer the bot would
    not give keeps a small chance, so the posterior survives answerers who
    play otherwise.

    At the start of a 3-player round, whoever p1 is, the heuristic bot
    answers "p1" to "Where is the Princess?" (the Princess tells the truth; the
    Black Queen and the Servant point at themselves), so the answer tells
    nothing:

    >>> import numpy as np
    >>> from itertools import permutations
    >>> from kit.princesslegend.actions import Ask, Question
    >>> lay = layout(3, prince=0)
    >>> every = np.array(list(permutations(range(3))))     # every deal, before any answer
    >>> HeuristicModel(noise=0).chances(lay, every, Ask(1, Question.WHERE_PRINCESS), every)[:, 0].tolist()
    [1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    """

    def __init__(self, noise: float = 0.1, other: ColourModel | None = None) -> None:
        if isinstance(noise, bool) or not isinstance(noise, (int, float)) or not 0 <= noise <= 1:
            raise KitError(f"noise is a share from 0 to 1, not {noise!r}")
        if other is not None and not isinstance(other, ColourModel):
            raise KitError(f"the other model of a HeuristicModel is a ColourModel, not {other!r}")
        self.noise = float(noise)
        self.other = ColourModel() if other is None else other

    def __repr__(self) -> str:
        return f"HeuristicModel(noise={self.noise:g}, other={self.other!r})"

    def keyed(self, lay: Layout, deals: np.ndarray, ask: Ask, public: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:
        m = lay.m
        colour, truth = _colour_truth(lay, deals, ask)
        family = lay.family[deals[:, lay.place_index[ask.seat]]].astype(np.intp)
        # the places whose tile bears the answerer's family symbol (where the bot wants the Prince to
        # look), as bits; the bot's answer depends on nothing else of the deal
        wanted = ((lay.symbol[deals] == family[:, None]) << np.arange(m)).sum(axis=1)
        key = ((family * 3 + colour) * m + truth) * (1 << m) + wanted
        used, inverse = _compact(key, 9 * m << m)
        k_wanted, rest = used % (1 << m), used >> m
        k_truth, k_colour = rest % m, (rest // m) % 3
        counts, _ = answer_table(lay, public, ask)  # the Prince's count after each answer
        top = (counts == counts.max(axis=1, keepdims=True)).astype(float)
        want = ((k_wanted[:, None] >> np.arange(m)) & 1).astype(float)
        first = (want @ top.T) / top.sum(axis=1)
        total = counts.sum(axis=1)
        second = (want @ counts.T) / np.where(total > 0, total, 1.0)
        onehot = k_truth[:, None] == np.arange(m)
        ok = np.where((k_colour == GREEN)[:, None], onehot, np.where((k_colour == RED)[:, None], ~onehot, True))
        first = np.where(ok, first, -1.0)
        best = ok & (first == first.max(axis=1, keepdims=True))
        second = np.where(best, second, -1.0)
        best &= second == second.max(axis=1, keepdims=True)
        table = best / best.sum(axis=1, keepdims=True)
        if self.noise:
            table = (1.0 - self.noise) * table + self.noise * _colour_table(m, self.other.blue_truth)[
                k_colour * m + k_truth]
        return inverse, table


class Mixture(AnswerModel):
    """The answerers of the round all play by one of ``models``, nobody says which: Bayes' rule weighs
    the deal and the model together.

    ``weights`` are the models' prior chances (equal unless told).  Each
    answer is more likely under one model than another, so the answers of a
    round tell the Prince which model fits the table: answerers who play like
    the heuristic bot soon make :class:`HeuristicModel` the likelier one,
    answerers who play otherwise :class:`ColourModel`.  (A per-answer mixture,
    as ``HeuristicModel(noise=...)``, instead trusts every answer alike.)
    :meth:`chances` alone, for one answer before any other, mixes the models'
    chances with the prior weights.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    >>> s.apply_action("ask p1 where-princess"); s.apply_action("answer p2")   # no heuristic bot says that
    >>> both = Mixture([HeuristicModel(noise=0), ColourModel()])
    >>> [round(c, 3) for c in model_chances(s, both)]          # so the answerers follow the colour model
    [0.0, 1.0]
    """

    def __init__(self, models: Sequence[AnswerModel], weights: Sequence[float] | None = None) -> None:
        models = list(models)
        if not models or not all(isinstance(m, AnswerModel) and not isinstance(m, Mixture) for m in models):
            raise KitError("a Mixture mixes one or more answer models (not mixtures)")
        weights = [1.0] * len(models) if weights is None else [float(w) for w in weights]
        if len(weights) != len(models) or min(weights) < 0 or not sum(weights) > 0:
            raise KitError(f"give one weight of at least 0 per model, not all 0: {weights!r}")
        total = sum(weights)
        self.parts: tuple[tuple[float, AnswerModel], ...] = tuple((w / total, m) for w, m in zip(weights, models))

    def __repr__(self) -> str:
        return f"Mixture([{', '.join(repr(m) for _, m in self.parts)}], [{', '.join(f'{w:g}' for w, _ in self.parts)}])"

    def chances(self, lay: Layout, deals: np.ndarray, ask: Ask, public: np.ndarray) -> np.ndarray:
        return sum(w * m.chances(lay, deals, ask, public) for w, m in self.parts)


def _parts(model: AnswerModel) -> tuple[tuple[float, AnswerModel], ...]:
    return model.parts if isinstance(model, Mixture) else ((1.0, model),)


def _compact(key: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """``(used, inverse)``: the distinct values of ``key`` (below ``size``) and each one's index in them."""
    present = np.zeros(size, dtype=bool)
    present[key] = True
    used = np.flatnonzero(present)
    index = np.empty(size, dtype=np.intp)
    index[used] = np.arange(len(used))
    return used, index[key]


_DEFAULT_MODEL = ColourModel()


# --------------------------------------------------------------------------- posterior

def _joint_posterior(lay: Layout, events: Sequence[Mapping[str, Any]], model: AnswerModel
                     ) -> tuple[np.ndarray, np.ndarray]:
    """``(rows, weights)``: the deals no public fact rules out, and ``weights[h, i]`` the chance that the
    deal is ``rows[i]`` and the answerers play by the ``h``-th model of ``model`` (one row unless it is a
    :class:`Mixture`)."""
    deal, _ = _perms(lay.m)
    parts = _parts(model)
    mask = np.ones(len(deal), dtype=bool)
    weight = np.repeat(np.array([[w] for w, _ in parts]), len(deal), axis=1)
    facts = _facts(lay, events, public=True)
    for ask, a in facts.answers:
        rows = np.flatnonzero(mask)
        d = deal[rows]
        for h, (_, part) in enumerate(parts):
            key, table = part.keyed(lay, d, ask, d)
            weight[h, rows] *= table[key, a]
        mask[rows] &= allowed(lay, d, ask)[:, a]
    mask &= _mask(lay, facts._replace(answers=()))
    rows = np.flatnonzero(mask)
    if not len(rows):
        raise KitError("no deal fits these answers: the observation contradicts itself")
    w = weight[:, rows]
    total = w.sum()
    if total > 0:
        return rows, w / total
    # a model that gives the answers no chance in any deal left: fall back to counting them
    return rows, np.outer([p for p, _ in parts], np.full(len(rows), 1.0 / len(rows)))


def _posterior(lay: Layout, events: Sequence[Mapping[str, Any]], model: AnswerModel
               ) -> tuple[np.ndarray, np.ndarray]:
    """``(rows, weights)``: the deals no public fact rules out and their chance under ``model``."""
    rows, w = _joint_posterior(lay, events, model)
    return rows, w.sum(axis=0)


def posterior(source: Any, model: AnswerModel | None = None) -> tuple[Worlds, np.ndarray]:
    """The deals the Prince cannot rule out and the chance of each under an answer ``model``.

    Bayes' rule from equally likely deals: each deal is weighed by the chance,
    under ``model`` (default :class:`ColourModel`), of every answer given so
    far.  Reads only what everyone sees (the Prince's knowledge), from any
    seat's events.  If the model gives the answers no chance in any deal left,
    the deals are counted instead (each as likely).

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    >>> s.apply_action("ask p1 where-princess"); s.apply_action("answer p2")
    >>> w, chance = posterior(s)
    >>> w.as_dicts()[1], chance.round(3).tolist()
    ({'p1': 'Servant', 'p2': 'Princess', 'centre': 'Black Queen'}, [0.4, 0.4, 0.2])
    """
    obs = _observation(source)
    lay = layout(obs["players"], obs["prince"])
    rows, w = _posterior(lay, obs["log"], _DEFAULT_MODEL if model is None else model)
    mask = np.zeros(math.factorial(lay.m), dtype=bool)
    mask[rows] = True
    return Worlds(lay, mask), w


def princess_chances(source: Any, model: AnswerModel | None = None) -> dict[str, float]:
    """For each hidden place, the chance that the Princess is there under an answer ``model``
    (:func:`posterior`; default :class:`ColourModel`).

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    >>> s.apply_action("ask p1 where-princess"); s.apply_action("answer p1")
    >>> {p: round(c, 3) for p, c in princess_chances(s).items()}
    {'p1': 0.571, 'p2': 0.214, 'centre': 0.214}
    """
    w, chance = posterior(source, model)
    by_place = np.bincount(w.princess_at, weights=chance, minlength=w.layout.m)
    return {name: float(c) for name, c in zip(w.layout.names, by_place)}


# --------------------------------------------------------------------------- the best question

class QuestionValue(NamedTuple):
    """What a question is worth to the Prince now, under an answer model.

    ``information``: the expected fall of the entropy of the Princess's place,
    in bits; ``entropy``: its expected entropy after the answer; ``find``: the
    expected chance to find her by revealing her likeliest place right after.
    """

    question: str
    information: float
    entropy: float
    find: float


def _entropy(p: np.ndarray) -> np.ndarray:
    """Entropy in bits of each row of ``p`` (rows add up to 1)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return -np.where(p > 0, p * np.log2(p), 0.0).sum(axis=-1)


def prince_questions(lay: Layout, seats: Sequence[int] | None = None) -> list[Ask]:
    """Every question the Prince may put to ``seats`` (default: every other player), in the engine's order.

    >>> [str(a) for a in prince_questions(layout(3, 0), seats=[2])]
    ['ask p2 where-princess', 'ask p2 who-are-you', 'ask p2 who-is p1', 'ask p2 who-is centre']
    """
    out = []
    for s in lay.places:
        if s == CENTRE or (seats is not None and s not in seats):
            continue
        out += [Ask(s, Question.WHERE_PRINCESS), Ask(s, Question.WHO_ARE_YOU)]
        out += [Ask(s, Question.WHO_IS, p) for p in lay.places if p != s]
    return out


def rank(lay: Layout, rows: np.ndarray, weights: np.ndarray, asks: Sequence[Ask],
         model: AnswerModel) -> list[QuestionValue]:
    """:class:`QuestionValue` of each of ``asks`` given the deals ``rows`` and their chances ``weights``
    (best first: most information, then the best chance to find her, then the engine's order).

    ``weights`` as :func:`_joint_posterior` gives them: one row per model of a
    :class:`Mixture` (a single row, or a flat array, for another model)."""
    deals = _perms(lay.m)[0][rows]
    where = _perms(lay.m)[1][rows, lay.princess].astype(np.intp)
    weights = np.atleast_2d(weights)
    parts = _parts(model)
    if len(weights) != len(parts):
        raise KitError(f"{len(weights)} rows of weights for {len(parts)} models")
    h0 = float(_entropy(np.bincount(where, weights=weights.sum(axis=0), minlength=lay.m)))
    out = []
    for ask in asks:
        joint = np.zeros((lay.m, lay.m))  # P(answer, her place)
        for (_, part), w in zip(parts, weights):
            key, table = part.keyed(lay, deals, ask, deals)
            by_key = np.bincount(key * lay.m + where, weights=w, minlength=len(table) * lay.m)
            joint += table.T @ by_key.reshape(len(table), lay.m)
        pa = joint.sum(axis=1)
        seen = pa > 1e-15
        after = float((pa[seen] * _entropy(joint[seen] / pa[seen, None])).sum())
        out.append(QuestionValue(str(ask), max(0.0, h0 - after), after, float(joint.max(axis=1).sum())))
    order = sorted(range(len(out)), key=lambda i: (-round(out[i].information, 9), -round(out[i].find, 9), i))
    return [out[i] for i in order]


def best_question(source: Any, model: AnswerModel | None = None, *,
                  asks: Sequence[Ask | str] | None = None) -> list[QuestionValue]:
    """The Prince's questions ranked by the expected information about the Princess's place; best first.

    The information of a question is the expected fall, in bits, of the
    entropy of where the Princess is (:func:`posterior` over the deals the
    Prince cannot rule out), averaged over the answers it may get, under the
    answer ``model`` (default :class:`ColourModel`: blue tells the truth half
    the time, otherwise picks one of its lies at random; red picks one of its
    lies at random).  Ties: the better chance to find her right after, then
    the engine's order.

    Parameters
    ----------
    source
        A state (read for the Prince), an observation or a seat's view; only
        what everyone sees is read.
    model
        An :class:`AnswerModel`.
    asks
        The questions to rank (actions or their notation).  Default: the ones
        open now -- to the players not asked yet, or any other player for the
        extra question -- and every question outside the question steps.

    Examples
    --------
    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(4).dealt_state(["Prince", "Princess", "Fairy", "Black Queen"], centre="Guard")
    >>> [(v.question, round(v.information, 3)) for v in best_question(s)[:3]]
    [('ask p1 where-princess', 0.423), ('ask p2 where-princess', 0.423), ('ask p3 where-princess', 0.423)]
    >>> s.apply_action("ask p1 where-princess"); s.apply_action("answer p1")
    >>> v = best_question(s)[0]
    >>> v.question, round(v.information, 3), round(v.find, 3)
    ('ask p2 where-princess', 0.322, 0.6)
    """
    obs = _observation(source)
    lay = layout(obs["players"], obs["prince"])
    model = _DEFAULT_MODEL if model is None else model
    if asks is None:
        phase = obs.get("phase")
        seats = obs.get("still_to_ask") if phase == "question" else None
        found = prince_questions(lay, seats)
    else:
        from .actions import parse_action

        found = [parse_action(a) if isinstance(a, str) else a for a in asks]
        for a in found:
            if not isinstance(a, Ask):
                raise KitError(f"{a!r} is not a question")
            _check_ask(lay, a)
    rows, w = _joint_posterior(lay, obs["log"], model)
    return rank(lay, rows, w, found, model)


def model_chances(source: Any, model: Mixture) -> list[float]:
    """The chance of each model of a :class:`Mixture` given the answers so far (Prince's knowledge).

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(4).new_initial_state()
    >>> [round(c, 3) for c in model_chances(s, Mixture([HeuristicModel(), ColourModel()], [3, 1]))]   # the prior
    [0.75, 0.25]
    """
    if not isinstance(model, Mixture):
        raise KitError(f"{model!r} is not a Mixture of answer models")
    obs = _observation(source)
    lay = layout(obs["players"], obs["prince"])
    _, w = _joint_posterior(lay, obs["log"], model)
    return [float(x) for x in w.sum(axis=1)]

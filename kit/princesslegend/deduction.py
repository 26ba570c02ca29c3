"""The Prince's deduction in Princess Legend, with sympy's propositional logic.

The Prince sees no character tile.  He knows his own seat, the round's tile
set, and every question and answer (docs/rules/princesslegend.md#what-each-player-knows).  From these alone he can
rule deals out: a green character tells the truth, a red one lies, a blue one
says what it likes.  This module writes that knowledge as a formula of
:mod:`sympy.logic` and lets sympy list the deals that satisfy it.

**Deals.**  A *hidden place* is every seat but the Prince's, and the centre
when there is one (3 to 7 players); it is written as in the observation:
``"p1"``, ``"p2"``, ..., ``"centre"``.  A *deal* is a plain dict
``{place: character name}`` giving each hidden place one character of the
round's tile set, each character once.

**Symbols.**  ``x[place, character]`` is a sympy boolean symbol meaning "the
tile at ``place`` is ``character``" (named ``x[p1,Princess]``), one for every
hidden place and every character of the set (:func:`symbols`).

**Constraints.**

* every place holds exactly one character, and every character of the set is
  in exactly one place (:func:`deal_constraints`);
* a tile the seat has seen is a fact (for the Prince: a revealed tile);
* who took rubies (:func:`rubies_rule`): after the reveal everyone sees who
  takes a ruby (docs/rules/princesslegend.md#rubies: that is public knowledge, and a deduction of the
  deal includes it), so every seat but the Prince's that took one holds a tile
  of the revealed symbol's family, and every seat that took none holds a tile
  of another family.  When the Black Queen's crown is turned up and a ruby
  goes to p3, p3 holds a crown tile: p3 is no longer a place of the Princess;
* for each answered question, the colour rule (:func:`colour_rule`): the
  answerer's statement ``S`` (:func:`statement`: "the Princess is at p3", "I,
  p2, am the Fairy", "p4 is the Guard") is true if the answerer holds a green
  tile, false if a red one, either if a blue one.  For every character ``c``
  the answerer might hold: ``x[answerer, c] → S`` when ``c`` is green,
  ``x[answerer, c] → ¬S`` when ``c`` is red.  A lie is any other answer in
  play (docs/rules/princesslegend.md#answers), and with exactly one character per place "the answer is
  not the truth" is just ``¬S``.

:func:`knowledge_base` is the conjunction of all of them;
:func:`consistent_deals` enumerates its models with
``sympy.logic.inference.satisfiable(..., all_models=True)``;
:func:`princess_candidates` counts, among those deals, where the Princess is.

**Only what the seat knows, read from events.**  Every function reads one
seat's observation (the dict of ``state.observation(seat)``), never a state's
hidden tiles, and takes the facts from its events (``observation["log"]``,
:mod:`kit.princesslegend.events`): the tiles its deal and reveal events show,
the questions and answers, and who took rubies.  A
function given a :class:`~kit.princesslegend.PrincessLegendState` reads
``state.observation(seat)`` itself, for the Prince unless another ``seat`` is
named.  Any seat may be named: every player but the Prince has seen every
tile, so for such a seat the only consistent deal is the true one (the kit's
choice: allowed and documented rather than refused).  What comes in is
checked once, where it comes in (:func:`view`), and passed on as a
:class:`SeatView`, which every function here and in
:mod:`kit.princesslegend.explain` takes as it is.

**Counting deals, not a posterior.**  :func:`princess_candidates` gives each
consistent deal the same weight.  It is a count of the deals the Prince cannot
rule out, not a Bayesian posterior: the chance of a deal given the answers
also depends on how blue (and red) players choose among their allowed answers,
which the rules leave free.  :func:`princess_chances` is that posterior under
a stated answer model (:mod:`kit.princesslegend.worlds`: by default blue tells
the truth half the time and otherwise picks a lie at random, red picks one of
its lies at random), and :func:`best_question` ranks the Prince's questions by
the information they are expected to give about the Princess's place under
such a model.

**Two ways to list the deals.**  The formulas are the teaching form, and
``method="sympy"`` asks sympy for their models.  The default,
``method="enumerate"``, lists the same deals with
:func:`kit.princesslegend.worlds.worlds`: every deal of the tile set is a row
of a numpy array and each fact strikes rows out, a millisecond or so where
sympy takes a fifth of a second at the start of an 8-player round.  The tests
check that both give the same deals on random positions of every player count.

The colours and tile sets come from :mod:`kit.princesslegend.tiles`; which
answers are legal is the engine's (:func:`answer_allowed` asks it, and the
tests check the formulas against it on random rounds).

Examples
--------
>>> from kit.princesslegend import PrincessLegend
>>> from kit.princesslegend.deduction import consistent_deals, princess_candidates, statement, symbols
>>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
>>> s.apply_action("ask p1 where-princess"); s.apply_action("answer p2")      # the Black Queen lies
>>> obs = s.observation(0)                   # what the Prince knows
>>> obs["questions"]
[{'seat': 1, 'question': 'where-princess', 'about': None, 'answer': 'p2', 'extra': False}]
>>> x = symbols(obs)
>>> statement(obs["questions"][0], x)
x[p2,Princess]
>>> consistent_deals(obs)
[{'p1': 'Black Queen', 'p2': 'Servant', 'centre': 'Princess'}, {'p1': 'Servant', 'p2': 'Princess', 'centre': 'Black Queen'}, {'p1': 'Servant', 'p2': 'Black Queen', 'centre': 'Princess'}]
>>> princess_candidates(obs)
{'p1': Fraction(0, 1), 'p2': Fraction(1, 3), 'centre': Fraction(2, 3)}
>>> s.apply_action("ask p2 who-are-you"); s.apply_action("answer Servant")
>>> consistent_deals(s)                      # from a state: the Prince's observation is read
[{'p1': 'Black Queen', 'p2': 'Servant', 'centre': 'Princess'}, {'p1': 'Servant', 'p2': 'Black Queen', 'centre': 'Princess'}]
>>> princess_place(s)
'centre'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, permutations
from typing import Any, TypeAlias

from sympy import Symbol
from sympy.logic.boolalg import And, Boolean, Implies, Not, Or
from sympy.logic.inference import satisfiable

from ..core.errors import KitError
from .actions import Ask, parse_action
from .events import known_tiles, questions as event_questions
from .game import PrincessLegend
from .state import PrincessLegendState
from .tiles import Character, Colour, character_by_name
from .worlds import (AnswerModel, ColourModel, HeuristicModel, QuestionValue, answer_table, best_question,
                     prince_questions, princess_chances, worlds)

__all__ = ["DealMap", "Symbols", "SeatView", "view", "hidden_places", "tile_set", "symbols", "deal_constraints",
           "statement", "statement_words", "colour_rule", "rubies_rule", "knowledge_base", "all_deals",
           "consistent_deals",
           "princess_candidates", "princess_place", "is_certain", "answer_allowed", "answer_is_true",
           "settling_questions", "princess_chances", "best_question", "QuestionValue", "AnswerModel",
           "ColourModel", "HeuristicModel", "METHODS"]

#: How :func:`consistent_deals` lists the deals: the fast enumerator, or sympy's models of the formulas.
METHODS = ("enumerate", "sympy")

#: A deal: ``{hidden place: character name}``, e.g. ``{"p1": "Fairy", "p2": "Princess", "centre": "Guard"}``.
DealMap: TypeAlias = dict[str, str]
#: The symbols ``x[place, character]``: ``{(place, character name): sympy.Symbol}``.
Symbols: TypeAlias = dict[tuple[str, str], Symbol]

_PRINCESS = str(Character.PRINCESS)
_OBS_KEYS = ("players", "seat", "prince", "tile_set", "has_centre", "log")


# --------------------------------------------------------------------------- the seat's view

class SeatView(dict):
    """A Princess Legend observation checked once by :func:`view`, to pass on as it is.

    Every function of this module and of :mod:`kit.princesslegend.explain`
    takes an observation, a state or a view; given a view it reasons from it
    at once, without checking or copying it again (a dict like the
    observation it was made from).
    """

    __slots__ = ()


def _seen(source: Mapping[str, Any] | PrincessLegendState, seat: int | None = None) -> SeatView:
    """``source`` as a view: a :class:`SeatView` passes on as it is, anything else goes to :func:`view` (once)."""
    if type(source) is SeatView and (seat is None or seat == source["seat"]):
        return source
    return view(source, seat)


def view(source: Mapping[str, Any] | PrincessLegendState, seat: int | None = None) -> SeatView:
    """The observation to reason from, checked once: ``source`` itself, or ``source.observation(seat)`` for a state.

    The data comes in here: an entry point (:func:`~kit.princesslegend.explain.deduce`,
    :func:`consistent_deals`, ...) calls it once and passes the :class:`SeatView` on
    to the functions it asks, which take it as it is.

    Parameters
    ----------
    source
        A Princess Legend observation (the dict of ``state.observation(seat)``)
        or a :class:`~kit.princesslegend.PrincessLegendState`.
    seat
        For a state: whose view (default: the Prince's).  For an observation:
        ``None``, or the observation's own seat.

    Raises
    ------
    KitError
        For anything else, or an observation lacking what deduction needs.

    Examples
    --------
    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Servant", "Prince", "Princess"], centre="Black Queen")
    >>> view(s)["tiles"], view(s, seat=0)["tiles"]
    ([None, 'Prince', None], ['Servant', 'Prince', 'Princess'])
    >>> view({"game": "loveletter"})
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: expected a Princess Legend observation (state.observation(seat)) or state, not a loveletter observation
    """
    if isinstance(source, PrincessLegendState):
        return SeatView(source.observation(source.prince if seat is None else seat))
    if not isinstance(source, Mapping):
        raise KitError("expected a Princess Legend observation (state.observation(seat)) or state, "
                       f"not {type(source).__name__}")
    game = source.get("game")
    if game != "princesslegend":
        what = f"a {game} observation" if isinstance(game, str) else "a dict without 'game': 'princesslegend'"
        raise KitError(f"expected a Princess Legend observation (state.observation(seat)) or state, not {what}")
    missing = [k for k in _OBS_KEYS if k not in source]
    if missing:
        raise KitError(f"not a whole Princess Legend observation: missing {', '.join(missing)}")
    if seat is not None and seat != source["seat"]:
        raise KitError(f"this observation is p{source['seat']}'s; it cannot tell what p{seat} knows")
    return SeatView(source)


def hidden_places(source: Mapping[str, Any] | PrincessLegendState) -> list[str]:
    """The places of character tiles: every seat but the Prince's, then the centre (3 to 7 players).

    >>> from kit.princesslegend import PrincessLegend
    >>> hidden_places(PrincessLegend(4).new_initial_state(first_player=2))
    ['p0', 'p1', 'p3', 'centre']
    >>> hidden_places(PrincessLegend(8).new_initial_state(first_player=0))
    ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']
    """
    obs = _seen(source)
    places = [f"p{s}" for s in range(obs["players"]) if s != obs["prince"]]
    return places + (["centre"] if obs["has_centre"] else [])


def tile_set(source: Mapping[str, Any] | PrincessLegendState) -> list[str]:
    """The round's character names, as the engine lists them (:data:`~kit.princesslegend.TILE_SETS`).

    >>> from kit.princesslegend import PrincessLegend
    >>> tile_set(PrincessLegend(3).new_initial_state())
    ['Princess', 'Black Queen', 'Servant']
    """
    return [_character(name).title for name in _seen(source)["tile_set"]]


def _character(name: Any) -> Character:
    found = character_by_name(name) if isinstance(name, str) else None
    if found is None or found is Character.PRINCE:
        raise KitError(f"{name!r} is not a character tile; characters: "
                       + ", ".join(str(c) for c in Character if c is not Character.PRINCE))
    return found


def _known(obs: Mapping[str, Any]) -> DealMap:
    """The hidden places whose tile this seat's events show (all of them but for the Prince)."""
    tiles, centre = known_tiles(obs["log"], obs["players"])
    known = {f"p{s}": t for s, t in enumerate(tiles) if s != obs["prince"] and t is not None}
    if obs["has_centre"] and centre is not None:
        known["centre"] = centre
    return {p: _character(t).title for p, t in known.items()}


def _answered(obs: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The answered questions of the seat's events, as ``observation["questions"]`` writes them."""
    return [q for q in event_questions(obs["log"]) if q["answer"] is not None]


# --------------------------------------------------------------------------- formulas

def symbols(source: Mapping[str, Any] | PrincessLegendState) -> Symbols:
    """The boolean symbols ``x[place, character]``: "the tile at ``place`` is ``character``".

    One per hidden place and character of the round's set, keyed by
    ``(place, character name)``.

    >>> from kit.princesslegend import PrincessLegend
    >>> x = symbols(PrincessLegend(3).new_initial_state())
    >>> len(x), x["centre", "Black Queen"]
    (9, x[centre,Black Queen])
    """
    obs = _seen(source)
    return {(p, c): Symbol(f"x[{p},{c}]") for p in hidden_places(obs) for c in tile_set(obs)}  # as _constraints


def _exactly_one(literals: Sequence[Boolean]) -> Boolean:
    """At least one of ``literals`` holds, and no two do."""
    return And(Or(*literals), *(Or(Not(a), Not(b)) for a, b in combinations(literals, 2)))


def deal_constraints(source: Mapping[str, Any] | PrincessLegendState, x: Symbols | None = None) -> Boolean:
    """Every hidden place holds exactly one character, and every character is in exactly one place.

    Its models are exactly the deals: ``n!`` of them for ``n`` places.

    >>> from kit.princesslegend import PrincessLegend
    >>> from sympy.logic.inference import satisfiable
    >>> rules = deal_constraints(PrincessLegend(4).new_initial_state())
    >>> sum(1 for _ in satisfiable(rules, all_models=True))
    24
    """
    obs = _seen(source)
    places, chars = tuple(hidden_places(obs)), tuple(tile_set(obs))
    if x is None or x == symbols(obs):
        return _constraints(places, chars)
    return _build_constraints(x, places, chars)


def _build_constraints(x: Symbols, places: Sequence[str], chars: Sequence[str]) -> Boolean:
    return And(*(_exactly_one([x[p, c] for c in chars]) for p in places),
               *(_exactly_one([x[p, c] for p in places]) for c in chars))


@lru_cache(maxsize=64)
def _constraints(places: tuple[str, ...], chars: tuple[str, ...]) -> Boolean:
    """The constraints over the standard symbols (sympy is slow to build them: built once per layout)."""
    return _build_constraints({(p, c): Symbol(f"x[{p},{c}]") for p in places for c in chars}, places, chars)


def _about(question: Mapping[str, Any]) -> tuple[str, str]:
    """``(place, character)`` such that the answer says "the tile at place is character"."""
    try:
        kind, answer, seat = question["question"], question["answer"], question["seat"]
    except (KeyError, TypeError):
        raise KitError(f"not a question of an observation: {question!r}") from None
    if answer is None:
        raise KitError(f"p{seat} has not answered {kind!r} yet")
    if kind == "where-princess":
        return answer, _PRINCESS
    if kind == "who-are-you":
        return f"p{seat}", _character(answer).title
    if kind == "who-is":
        return question["about"], _character(answer).title
    raise KitError(f"{kind!r} is not a question (where-princess, who-are-you, who-is)")


def statement(question: Mapping[str, Any], x: Symbols) -> Boolean:
    """The answerer's statement ``S`` as a formula: it holds when the answer is the truth.

    ``question`` is one of ``observation["questions"]``, answered.
    "Where is the Princess?" answered ``p3``: ``x[p3, Princess]``;
    "Who are you?" asked of ``p2``, answered Fairy: ``x[p2, Fairy]``;
    "Who is that?" about ``p4``, answered Guard: ``x[p4, Guard]``.

    >>> from kit.princesslegend import PrincessLegend
    >>> x = symbols(PrincessLegend(3).new_initial_state())
    >>> statement({"seat": 1, "question": "who-is", "about": "centre", "answer": "Servant"}, x)
    x[centre,Servant]
    >>> statement({"seat": 1, "question": "who-are-you", "about": None, "answer": "Fairy"}, x)
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: the answer says p1 holds the Fairy: no such place or character this round
    """
    place, char = _about(question)
    found = x.get((place, char))
    if found is None:
        raise KitError(f"the answer says {place} holds the {char}: no such place or character this round")
    return found


def statement_words(question: Mapping[str, Any]) -> str:
    """What the answer claims, in words.

    >>> statement_words({"seat": 2, "question": "where-princess", "about": None, "answer": "centre"})
    'the Princess is at centre'
    >>> statement_words({"seat": 2, "question": "who-are-you", "about": None, "answer": "Black Queen"})
    'p2 is the Black Queen'
    """
    place, char = _about(question)
    return f"the Princess is at {place}" if question["question"] == "where-princess" else f"{place} is the {char}"


def colour_rule(question: Mapping[str, Any], x: Symbols) -> Boolean:
    """What an answer tells: ``x[answerer, c] → S`` for green ``c``, ``x[answerer, c] → ¬S`` for red ``c``.

    ``S`` is :func:`statement`; blue characters give no constraint.  Colours
    are the engine's (:attr:`Character.colour <kit.princesslegend.Character.colour>`).

    >>> from kit.princesslegend import PrincessLegend
    >>> x = symbols(PrincessLegend(3).new_initial_state())
    >>> colour_rule({"seat": 1, "question": "where-princess", "about": None, "answer": "p2"}, x)
    (Implies(x[p1,Princess], x[p2,Princess])) & (Implies(x[p1,Black Queen], ~x[p2,Princess]))
    """
    s = statement(question, x)
    answerer = f"p{question['seat']}"
    parts = []
    for (place, name), holds in x.items():
        if place != answerer:
            continue
        colour = _character(name).colour
        if colour is Colour.GREEN:
            parts.append(Implies(holds, s))
        elif colour is Colour.RED:
            parts.append(Implies(holds, Not(s)))
    if not parts and not any(place == answerer for place, _ in x):
        raise KitError(f"{answerer} holds no character tile this round (is it the Prince?)")
    return And(*parts)


def rubies_rule(event: Mapping[str, Any], source: Mapping[str, Any] | PrincessLegendState, x: Symbols) -> Boolean:
    """What everyone learns from who took rubies (a ``"rubies"`` event of the log).

    After the reveal, everyone sees who takes a ruby (docs/rules/princesslegend.md#rubies): a seat
    took one exactly when its tile is of the revealed symbol's family.  For
    every seat but the Prince's (his tile is face up, of the heart family):
    one of ``x[seat, c]`` for the characters ``c`` of that family if it took a
    ruby, none of them if it did not.  A tile in the centre belongs to nobody:
    the rubies say nothing about it.

    >>> from kit.princesslegend import PrincessLegend
    >>> obs = PrincessLegend(4).new_initial_state().observation(0)
    >>> x = symbols(obs)
    >>> rubies_rule({"kind": "rubies", "symbol": "crown", "seats": [1, 3]}, obs, x)
    ~x[p2,Black Queen] & ~x[p2,Guard] & (x[p1,Black Queen] | x[p1,Guard]) & (x[p3,Black Queen] | x[p3,Guard])
    """
    obs = _seen(source)
    if not isinstance(event, Mapping) or event.get("kind") != "rubies":
        raise KitError(f"not a rubies event: {event!r}")
    family = [c for c in tile_set(obs) if _character(c).family.value == event["symbol"]]
    parts = []
    for s in range(obs["players"]):
        if s == obs["prince"]:
            continue
        of_family = [x[f"p{s}", c] for c in family]
        parts.append(Or(*of_family) if s in event["seats"] else And(*(Not(v) for v in of_family)))
    return And(*parts)


def knowledge_base(source: Mapping[str, Any] | PrincessLegendState, seat: int | None = None) -> Boolean:
    """Everything the seat knows about the deal, as one formula over :func:`symbols`.

    :func:`deal_constraints`, a fact ``x[place, c]`` for each tile the seat's
    events show (for the Prince: a revealed one), :func:`colour_rule` for every
    answered question (the extra question's included) and, after the reveal,
    :func:`rubies_rule` for who took rubies.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Servant", "Princess"], centre="Black Queen")
    >>> s.apply_action("ask p1 where-princess"); s.apply_action("answer p2")
    >>> kb = knowledge_base(s)
    >>> from sympy.logic.inference import satisfiable
    >>> sum(1 for _ in satisfiable(kb, all_models=True))      # 3 of the 6 deals fit
    3
    """
    obs = _seen(source, seat)
    x = symbols(obs)
    facts = [x[p, c] for p, c in _known(obs).items()]
    rubies = [rubies_rule(e, obs, x) for e in obs["log"] if e["kind"] == "rubies"]
    return And(deal_constraints(obs, x), *facts, *(colour_rule(q, x) for q in _answered(obs)), *rubies)


# --------------------------------------------------------------------------- deals

def all_deals(source: Mapping[str, Any] | PrincessLegendState) -> list[DealMap]:
    """Every deal of the round's tile set to the hidden places (``n!`` of them), before any answer.

    In the order of :func:`itertools.permutations` of the tile set.

    >>> from kit.princesslegend import PrincessLegend
    >>> deals = all_deals(PrincessLegend(3).new_initial_state())
    >>> len(deals), deals[0]
    (6, {'p1': 'Princess', 'p2': 'Black Queen', 'centre': 'Servant'})
    """
    obs = _seen(source)
    places = hidden_places(obs)
    return [dict(zip(places, perm)) for perm in permutations(tile_set(obs))]


def _method(method: str) -> str:
    if method not in METHODS:
        raise KitError(f"method is one of {', '.join(METHODS)}, not {method!r}")
    return method


def consistent_deals(source: Mapping[str, Any] | PrincessLegendState, seat: int | None = None, *,
                     method: str = "enumerate") -> list[DealMap]:
    """Every deal the seat cannot rule out: the models of :func:`knowledge_base`.

    Listed in the order of :func:`all_deals`.  ``method="sympy"`` enumerates
    the models with ``satisfiable(..., all_models=True)``; the default
    ``"enumerate"`` strikes out deals with :func:`kit.princesslegend.worlds.worlds`,
    the same facts without a solver (the same list, much faster).

    Raises
    ------
    KitError
        When no deal fits (an observation edited by hand, never a real round).

    Examples
    --------
    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(4).dealt_state(["Prince", "Fairy", "Guard", "Princess"], centre="Black Queen")
    >>> for text in ["ask p1 where-princess", "answer p3", "ask p2 who-is p1", "answer Guard",
    ...              "ask p3 who-is p2", "answer Guard"]:
    ...     s.apply_action(text)
    >>> consistent_deals(s)
    [{'p1': 'Fairy', 'p2': 'Guard', 'p3': 'Princess', 'centre': 'Black Queen'}, {'p1': 'Black Queen', 'p2': 'Guard', 'p3': 'Fairy', 'centre': 'Princess'}, {'p1': 'Guard', 'p2': 'Princess', 'p3': 'Black Queen', 'centre': 'Fairy'}, {'p1': 'Guard', 'p2': 'Fairy', 'p3': 'Black Queen', 'centre': 'Princess'}]
    >>> consistent_deals(s, method="sympy") == consistent_deals(s)
    True
    >>> consistent_deals(s, seat=1)          # p1 has seen every tile
    [{'p1': 'Fairy', 'p2': 'Guard', 'p3': 'Princess', 'centre': 'Black Queen'}]
    """
    obs = _seen(source, seat)
    if _method(method) == "enumerate":
        return worlds(obs).as_dicts()
    kb = knowledge_base(obs)
    x = symbols(obs)
    places, order = hidden_places(obs), {c: i for i, c in enumerate(tile_set(obs))}
    deals = []
    for model in satisfiable(kb, all_models=True):
        if model is False:
            break
        deal = {p: c for (p, c), sym in x.items() if model.get(sym, False)}
        if len(deal) != len(places):  # pragma: no cover - every symbol is in the constraints
            raise KitError(f"sympy returned a partial model {model!r}")
        deals.append({p: deal[p] for p in places})
    if not deals:
        raise KitError("no deal fits these answers: the observation contradicts itself")
    deals.sort(key=lambda d: [order[d[p]] for p in places])
    return deals


def princess_candidates(source: Mapping[str, Any] | PrincessLegendState,
                        seat: int | None = None, *, method: str = "enumerate") -> dict[str, Fraction]:
    """For every hidden place, the share of consistent deals with the Princess there.

    Every consistent deal counts once: a count of deals, not a Bayesian
    posterior over how blue players choose their answers (see the module
    docstring; :func:`princess_chances` is such a posterior).  Places where
    she cannot be have ``Fraction(0)``.  ``method``: as :func:`consistent_deals`.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Servant", "Princess"], centre="Black Queen")
    >>> s.apply_action("ask p1 where-princess"); s.apply_action("answer p2")
    >>> {p: str(f) for p, f in princess_candidates(s).items()}
    {'p1': '0', 'p2': '1/3', 'centre': '2/3'}
    """
    obs = _seen(source, seat)
    if _method(method) == "enumerate":
        return worlds(obs).candidates()
    deals = consistent_deals(obs, method=method)
    counts = {p: 0 for p in hidden_places(obs)}
    for deal in deals:
        counts[next(p for p, c in deal.items() if c == _PRINCESS)] += 1
    return {p: Fraction(k, len(deals)) for p, k in counts.items()}


def princess_place(source: Mapping[str, Any] | PrincessLegendState, seat: int | None = None) -> str | None:
    """Where the Princess is, if every consistent deal agrees; else ``None``.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Servant", "Princess"], centre="Black Queen")
    >>> princess_place(s), princess_place(s, seat=1)
    (None, 'p2')
    """
    sure = [p for p, share in princess_candidates(source, seat).items() if share == 1]
    return sure[0] if sure else None


def is_certain(source: Mapping[str, Any] | PrincessLegendState, seat: int | None = None) -> bool:
    """Does the seat know for sure where the Princess is?

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(4).dealt_state(["Prince", "Princess", "Fairy", "Black Queen"], centre="Guard")
    >>> for text in ["ask p1 who-are-you", "answer Princess", "ask p2 who-is p1", "answer Princess"]:
    ...     s.apply_action(text)
    >>> is_certain(s)
    False
    >>> s.apply_action("ask p3 where-princess"); s.apply_action("answer p2")     # false in every deal left
    >>> is_certain(s), princess_place(s)
    (True, 'p1')
    """
    return princess_place(source, seat) is not None


# --------------------------------------------------------------------------- the engine's word

def _check_deal(obs: Mapping[str, Any], deal: Any) -> None:
    places, chars = hidden_places(obs), tile_set(obs)
    if not isinstance(deal, Mapping) or sorted(map(str, deal)) != sorted(places) \
            or sorted(str(v) for v in deal.values()) != sorted(chars):
        raise KitError(f"{deal!r} is not a deal of this round: give each of {', '.join(places)} "
                       f"one of {', '.join(chars)}, each once")


def _dealt(obs: Mapping[str, Any], deal: Mapping[str, str]) -> PrincessLegendState:
    """The round right after ``deal`` (the engine's state, Prince at the observation's seat)."""
    _check_deal(obs, deal)
    tiles = ["Prince" if s == obs["prince"] else deal[f"p{s}"] for s in range(obs["players"])]
    return PrincessLegend(obs["players"]).dealt_state(tiles, centre=deal.get("centre"))


def _ask(question: Mapping[str, Any]) -> Ask:
    about = question.get("about")
    return parse_action(f"ask p{question['seat']} {question['question']}" + (f" {about}" if about else ""))


def answer_allowed(source: Mapping[str, Any] | PrincessLegendState, deal: Mapping[str, str],
                   question: Mapping[str, Any]) -> bool:
    """Would the engine let the answerer give this answer, were the tiles dealt as ``deal``?

    The engine's own rule (``legal_actions()`` after the question), not a
    formula: the reference the tests hold the formulas to.

    >>> from kit.princesslegend import PrincessLegend
    >>> obs = PrincessLegend(3).new_initial_state().observation(0)
    >>> q = {"seat": 1, "question": "who-are-you", "about": None, "answer": "Princess"}
    >>> answer_allowed(obs, {"p1": "Princess", "p2": "Servant", "centre": "Black Queen"}, q)
    True
    >>> answer_allowed(obs, {"p1": "Black Queen", "p2": "Servant", "centre": "Princess"}, q)   # a lie
    True
    >>> answer_allowed(obs, {"p1": "Servant", "p2": "Princess", "centre": "Black Queen"}, q)   # blue
    True
    >>> answer_allowed(obs, {"p1": "Princess", "p2": "Black Queen", "centre": "Servant"},
    ...                {"seat": 2, "question": "who-is", "about": "p1", "answer": "Princess"})
    False
    """
    obs = _seen(source)
    state = _dealt(obs, deal)
    answer = parse_action(f"answer {question['answer']}")
    return answer in state.child(_ask(question)).legal_actions()


def answer_is_true(source: Mapping[str, Any] | PrincessLegendState, deal: Mapping[str, str],
                   question: Mapping[str, Any]) -> bool:
    """Is the answer the truth, were the tiles dealt as ``deal``?  (The engine's ``truth()``.)

    >>> from kit.princesslegend import PrincessLegend
    >>> obs = PrincessLegend(3).new_initial_state().observation(0)
    >>> deal = {"p1": "Black Queen", "p2": "Servant", "centre": "Princess"}
    >>> answer_is_true(obs, deal, {"seat": 1, "question": "where-princess", "about": None, "answer": "centre"})
    True
    >>> answer_is_true(obs, deal, {"seat": 2, "question": "who-is", "about": "p1", "answer": "Princess"})
    False
    """
    obs = _seen(source)
    return _dealt(obs, deal).truth(_ask(question)) == parse_action(f"answer {question['answer']}")


def settling_questions(source: Mapping[str, Any] | PrincessLegendState, seat: int | None = None) -> list[str]:
    """The questions to one player after which the Princess's place is certain, whatever the answer.

    A question settles it when, for every consistent deal and every answer the
    engine allows in that deal, the deals still consistent after that answer
    all put the Princess in the same place.  Questions are in the engine's
    notation (``"ask p2 who-is centre"``), in its order; every question the
    Prince may put to one player is considered (the extra question may go to
    any other player).  Empty when no single question is sure to settle it.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Princess", "Servant"], centre="Black Queen")
    >>> for text in ["ask p2 who-is centre", "answer Princess", "ask p1 who-is centre", "answer Black Queen"]:
    ...     s.apply_action(text)
    >>> consistent_deals(s)
    [{'p1': 'Princess', 'p2': 'Servant', 'centre': 'Black Queen'}, {'p1': 'Black Queen', 'p2': 'Servant', 'centre': 'Princess'}]
    >>> settling_questions(s)         # the Princess names the Servant; the Black Queen cannot
    ['ask p1 who-is p2']
    """
    obs = _seen(source, seat)
    found = worlds(obs)
    lay, deals, where = found.layout, found.deals, found.princess_at
    out = []
    for ask in prince_questions(lay):
        # after each answer, how many deals allowing it (the engine's rule) put the Princess at each place
        counts, _ = answer_table(lay, deals, ask, princess_at=where)
        if ((counts > 0).sum(axis=1) <= 1).all():
            out.append(str(ask))
    return out

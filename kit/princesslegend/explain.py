"""Why the Princess cannot be somewhere: the smallest set of facts that rules a place out.

:mod:`kit.princesslegend.deduction` writes what the Prince knows as formulas
of sympy's logic and lists the deals they allow.  This module takes those
same formulas one *fact* at a time and asks, for a place the Prince can rule
out, which facts are needed to rule it out: a minimal unsatisfiable core of
``deal rules ∧ "the Princess is at place" ∧ facts``, and among the minimal
ones a smallest.

**Facts** (:func:`facts`), all public, so that whichever seat's observation
is given the result is what the Prince (and everyone) knows:

* every answered question: its colour rule
  (:func:`~kit.princesslegend.deduction.colour_rule`: the answerer's statement
  is true if its tile is green, false if red);
* the revealed tile: ``x[place, tile]``;
* who took rubies, one fact per seat but the Prince's (:func:`ruby_fact`, the
  seat's part of :func:`~kit.princesslegend.deduction.rubies_rule`): a seat
  that took a ruby holds a tile of the revealed symbol's family, a seat that
  took none does not.

**How.**  Every fact is a sympy formula over the symbols ``x[place,
character]`` of :func:`~kit.princesslegend.deduction.symbols`.  Each formula is
evaluated once on every deal of the round (:func:`truth_table`: the deals are
the models of :func:`~kit.princesslegend.deduction.deal_constraints`, at most
7! = 5,040), which turns it into a set of deals; a set of facts rules a place
out exactly when no deal lies in all their sets and puts the Princess there.
The smallest such set is found by trying sets of one fact, then of two, and
so on (:func:`smallest_core`).  :func:`check_core` asks sympy's
``satisfiable`` itself that a core is unsatisfiable and that no fact of it can
be left out: the tests hold every core to it.

:func:`deduce` gathers it all for the panel a learner sees: how many deals fit
every fact, for each place the share of them with the Princess there (as
:func:`~kit.princesslegend.deduction.princess_candidates`, a count of deals, not
a posterior), and for each place ruled out its smallest core and the steps of
the argument (:func:`argument`), from which :mod:`kit.render` makes words.

Examples
--------
>>> from kit.princesslegend import PrincessLegend
>>> s = PrincessLegend(4).dealt_state(["Prince", "Fairy", "Guard", "Princess"], centre="Black Queen")
>>> for text in ["ask p1 where-princess", "answer p3", "ask p2 who-is p1", "answer Princess",
...              "ask p3 who-is p2", "answer Guard"]:
...     s.apply_action(text)
>>> d = deduce(s.observation(None))            # what everyone knows: the Prince's knowledge
>>> d.count, d.total
(2, 24)
>>> {p: str(f) for p, f in d.chances.items()}
{'p1': '0', 'p2': '0', 'p3': '1/2', 'centre': '1/2'}
>>> [f.words_key for f in d.cores["p1"]]     # p1 said "p3 is the Princess": the Princess would not say that
[('answer', 6)]
>>> [(st.truth, st.colours, st.impossible) for st in d.arguments["p1"]]
[(False, ('green',), True)]
>>> check_core(s.observation(None), "p1", d.cores["p1"])     # sympy agrees
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, permutations
from typing import Any, Mapping, Sequence

import numpy as np
from sympy import Symbol as SympySymbol
from sympy.logic.boolalg import And, Boolean, BooleanFalse, BooleanTrue, Equivalent, Implies, Not, Or, Xor
from sympy.logic.inference import satisfiable

from ..core.errors import KitError
from .deduction import _seen, colour_rule, deal_constraints, hidden_places, statement, symbols, tile_set
from .events import answered, questions as event_questions
from .tiles import Character, character_by_name

__all__ = ["Fact", "Step", "Deduction", "facts", "ruby_fact", "truth_table", "smallest_core", "check_core",
           "argument", "deduce"]

_PRINCESS = str(Character.PRINCESS)
#: Give up looking for a *smallest* core after this many sets of facts (then: a minimal one).
MAX_TRIES = 200_000


@dataclass(frozen=True)
class Fact:
    """One public fact of a round, as a formula of sympy's logic.

    Attributes
    ----------
    kind
        ``"answer"``, ``"reveal"`` or ``"rubies"``.
    event
        Index in the observation's ``log`` of the event it comes from (the
        answer, the reveal, the rubies).
    formula
        The fact over :func:`~kit.princesslegend.deduction.symbols`.
    question
        For an answer: the question and its answer as ``observation["questions"]``
        writes them (``{"seat", "question", "about", "answer", "extra"}``).
    place
        Whom the fact is about: the answerer (``"p2"``), the revealed place, the
        seat that took (or did not take) a ruby.
    tile
        The revealed tile (reveal), or the revealed symbol (rubies).
    took
        For rubies: whether the seat took one.
    """

    kind: str
    event: int
    formula: Boolean = field(compare=False, repr=False)
    question: Mapping[str, Any] | None = field(default=None, compare=False)
    place: str = ""
    tile: str | None = None
    took: bool | None = None

    @property
    def words_key(self) -> tuple[str, int] | tuple[str, int, str]:
        """A short key of the fact (for tests and lists): ``("answer", event)``, ``("rubies", event, place)``."""
        return (self.kind, self.event, self.place) if self.kind == "rubies" else (self.kind, self.event)


@dataclass(frozen=True)
class Step:
    """One step of the argument that a place cannot hold the Princess (:func:`argument`).

    The argument supposes the Princess is at the place, then adds the facts of
    the core one by one.  Before a fact is added, ``truth`` says whether the
    answer's statement is then certainly true (``True``), certainly false
    (``False``) or not settled (``None``); ``colours`` are the answerer's
    possible colours then.  After it, ``narrowed`` lists the places whose
    possible tiles the fact narrowed, as ``(place, before, after)``
    (``("p2", ("Fairy", "Guard", "Servant"), ("Guard",))``: p2 would be the
    Guard), and ``impossible`` is set on the fact that leaves no deal.
    """

    fact: Fact
    truth: bool | None
    colours: tuple[str, ...]
    narrowed: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]
    impossible: bool


@dataclass(frozen=True)
class Deduction:
    """What the Prince can deduce at one moment (:func:`deduce`).

    Attributes
    ----------
    places
        The hidden places, in order (``["p1", "p2", "centre"]``).
    total
        Every deal of the round's tiles to the places.
    count
        The deals that fit every fact.
    chances
        For each place, the share of those deals with the Princess there.
    facts
        Every public fact, in the order of the events.
    cores
        For each place ruled out (share ``0``): a smallest set of facts that rules it out.
    arguments
        For each place ruled out: the steps of the argument (:func:`argument`).
    """

    places: tuple[str, ...]
    total: int
    count: int
    chances: Mapping[str, Fraction]
    facts: tuple[Fact, ...]
    cores: Mapping[str, tuple[Fact, ...]]
    arguments: Mapping[str, tuple[Step, ...]]


# --------------------------------------------------------------------------- facts

def ruby_fact(event: Mapping[str, Any], seat: int, source: Mapping[str, Any] | Any, x: Mapping) -> Boolean:
    """What a rubies event says about one seat: the seat's part of
    :func:`~kit.princesslegend.deduction.rubies_rule` (their conjunction over the seats is that rule).

    >>> from kit.princesslegend import PrincessLegend
    >>> from kit.princesslegend.deduction import symbols
    >>> obs = PrincessLegend(4).new_initial_state().observation(0)
    >>> x = symbols(obs)
    >>> ruby_fact({"kind": "rubies", "symbol": "crown", "seats": [1, 3]}, 1, obs, x)
    x[p1,Black Queen] | x[p1,Guard]
    >>> ruby_fact({"kind": "rubies", "symbol": "crown", "seats": [1, 3]}, 2, obs, x)
    ~x[p2,Black Queen] & ~x[p2,Guard]
    """
    obs = _seen(source)
    if seat == obs["prince"]:
        raise KitError("the Prince's tile is face up: the rubies say nothing new about it")
    family = [c for c in tile_set(obs) if character_by_name(c).family.value == event["symbol"]]
    of_family = [x[f"p{seat}", c] for c in family]
    return Or(*of_family) if seat in event["seats"] else And(*(Not(v) for v in of_family))


def facts(source: Mapping[str, Any] | Any) -> list[Fact]:
    """Every public fact of the round so far, in the order of the events.

    ``source`` is any seat's observation (or a state: the Prince's); dealt
    tiles a seat has seen are never facts here, so the result is what the
    Prince knows.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    >>> for t in ["ask p1 where-princess", "answer p2", "ask p2 who-are-you", "answer Servant",
    ...           "no-extra-question", "reveal p1"]:
    ...     s.apply_action(t)
    >>> [(f.kind, f.event, f.place, f.formula) for f in facts(s.observation(2))]
    [('answer', 5, 'p1', (Implies(x[p1,Princess], x[p2,Princess])) & (Implies(x[p1,Black Queen], ~x[p2,Princess]))), ('answer', 7, 'p2', (Implies(x[p2,Princess], x[p2,Servant])) & (Implies(x[p2,Black Queen], ~x[p2,Servant]))), ('reveal', 9, 'p1', x[p1,Black Queen]), ('rubies', 10, 'p1', x[p1,Black Queen]), ('rubies', 10, 'p2', ~x[p2,Black Queen])]
    """
    obs = _seen(source)
    x = symbols(obs)
    log = obs["log"]
    out: list[Fact] = []
    index = {id(e): i for i, e in enumerate(log)}
    for ask, answer in answered(log):
        if answer is None:
            continue
        q = event_questions([ask, answer])[0]
        out.append(Fact("answer", index[id(answer)], colour_rule(q, x), question=q, place=f"p{ask['seat']}"))
    for i, e in enumerate(log):
        if e["kind"] == "reveal":
            place = e["place"] if e["place"] == "centre" else f"p{e['place']}"
            out.append(Fact("reveal", i, x[place, e["tile"]], place=place, tile=e["tile"]))
        elif e["kind"] == "rubies":
            for s in range(obs["players"]):
                if s != obs["prince"]:
                    out.append(Fact("rubies", i, ruby_fact(e, s, obs, x), place=f"p{s}", tile=e["symbol"],
                                    took=s in e["seats"]))
    out.sort(key=lambda f: f.event)
    return out


# --------------------------------------------------------------------------- deals as sets

@lru_cache(maxsize=16)
def _deals(places: tuple[str, ...], chars: tuple[str, ...]) -> np.ndarray:
    """Every deal: ``deal[row, place index]`` is a character index (:func:`itertools.permutations` order)."""
    arr = np.array(list(permutations(range(len(chars)))), dtype=np.int8)
    arr.flags.writeable = False
    return arr


_LAYOUTS: dict[tuple, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _layout(obs: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(hidden places, characters)`` of the round (deduction's, kept per layout)."""
    key = (obs["players"], obs["prince"], obs["has_centre"], tuple(obs["tile_set"]))
    found = _LAYOUTS.get(key)
    if found is None:
        found = _LAYOUTS[key] = (tuple(hidden_places(obs)), tuple(tile_set(obs)))
    return found


def truth_table(formula: Boolean, source: Mapping[str, Any] | Any) -> np.ndarray:
    """For every deal of the round (:func:`~kit.princesslegend.deduction.all_deals` order), whether
    ``formula`` holds: the formula evaluated on the deals, the models of the deal rules.

    >>> from kit.princesslegend import PrincessLegend
    >>> from kit.princesslegend.deduction import symbols
    >>> obs = PrincessLegend(3).new_initial_state().observation(0)
    >>> x = symbols(obs)
    >>> truth_table(x["p1", "Princess"] | x["centre", "Servant"], obs).astype(int)
    array([1, 1, 1, 0, 0, 0])
    """
    return _truth(formula, *_layout(_seen(source)))


def _truth(formula: Boolean, places: tuple[str, ...], chars: tuple[str, ...]) -> np.ndarray:
    deal = _deals(places, chars)
    pi = {p: i for i, p in enumerate(places)}
    ci = {c: i for i, c in enumerate(chars)}
    cache: dict[Any, np.ndarray] = {}

    def ev(f: Any) -> np.ndarray:
        found = cache.get(f)
        if found is not None:
            return found
        if isinstance(f, SympySymbol):
            name = f.name
            if not (name.startswith("x[") and name.endswith("]")):
                raise KitError(f"{f} is not a symbol x[place,character] of this round")
            place, _sep, char = name[2:-1].partition(",")
            if place not in pi or char not in ci:
                raise KitError(f"{f} is not a symbol x[place,character] of this round")
            out = deal[:, pi[place]] == ci[char]
        elif isinstance(f, BooleanTrue):
            out = np.ones(len(deal), dtype=bool)
        elif isinstance(f, BooleanFalse):
            out = np.zeros(len(deal), dtype=bool)
        elif isinstance(f, Not):
            out = ~ev(f.args[0])
        elif isinstance(f, And):
            out = np.logical_and.reduce([ev(a) for a in f.args])
        elif isinstance(f, Or):
            out = np.logical_or.reduce([ev(a) for a in f.args])
        elif isinstance(f, Implies):
            out = ~ev(f.args[0]) | ev(f.args[1])
        elif isinstance(f, Equivalent):
            vals = [ev(a) for a in f.args]
            out = np.logical_and.reduce([v == vals[0] for v in vals])
        elif isinstance(f, Xor):
            out = np.logical_xor.reduce([ev(a) for a in f.args])
        else:
            raise KitError(f"cannot evaluate {type(f).__name__} in a Princess Legend fact")
        cache[f] = out
        return out

    return ev(formula)


def _bits(mask: np.ndarray) -> int:
    """A boolean array as an integer bit set (bit ``i``: deal ``i``)."""
    return int.from_bytes(np.packbits(mask, bitorder="little").tobytes(), "little")


def _princess_at(obs: Mapping[str, Any]) -> dict[str, np.ndarray]:
    places, chars = _layout(obs)
    deal = _deals(places, chars)
    k = chars.index(_PRINCESS)
    return {p: deal[:, i] == k for i, p in enumerate(places)}


def smallest_core(source: Mapping[str, Any] | Any, place: str, *, given: Sequence[Fact] | None = None
                  ) -> tuple[Fact, ...] | None:
    """A smallest set of facts that rules out the Princess at ``place``; ``None`` if they do not.

    Sets of one fact are tried first, then of two, and so on; the first set
    with no deal that fits it and puts the Princess at ``place`` is returned
    (in the order of the events).  It is minimal: leaving out any of its facts
    lets a deal through (:func:`check_core` asks sympy to confirm both).

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(4).dealt_state(["Prince", "Black Queen", "Guard", "Fairy"], centre="Princess")
    >>> for text in ["ask p1 where-princess", "answer p2", "ask p2 where-princess", "answer p3",
    ...              "ask p3 who-are-you", "answer Fairy"]:
    ...     s.apply_action(text)
    >>> [f.event for f in smallest_core(s, "p1")], [f.event for f in smallest_core(s, "p3")]
    ([6], [10])
    >>> smallest_core(s, "centre") is None          # the Princess may be in the centre
    True
    """
    obs = _seen(source)
    found = list(given) if given is not None else facts(obs)
    at = _princess_at(obs).get(place)
    if at is None:
        raise KitError(f"{place!r} is not a hidden place of this round ({', '.join(hidden_places(obs))})")
    layout = _layout(obs)
    return _smallest(_bits(at), [_bits(_truth(f.formula, *layout)) for f in found], found)


def _smallest(target: int, masks: list[int], found: Sequence[Fact]) -> tuple[Fact, ...] | None:
    """The smallest set of ``found`` (as bit sets of deals, ``masks``) whose deals miss ``target``."""
    everything = target
    for m in masks:
        everything &= m
    if everything:
        return None
    # only facts that cut something from the Princess-at-place deals can matter
    useful = [i for i, m in enumerate(masks) if target & ~m]
    tries = 0
    for size in range(1, len(useful) + 1):
        for combo in combinations(useful, size):
            tries += 1
            left = target
            for i in combo:
                left &= masks[i]
                if not left:
                    break
            if not left:
                return tuple(found[i] for i in combo)
            if tries > MAX_TRIES:
                return _minimal(target, masks, found, useful)
    return _minimal(target, masks, found, useful)  # pragma: no cover - the whole set rules it out


def _minimal(target: int, masks: list[int], found: Sequence[Fact], useful: list[int]) -> tuple[Fact, ...]:
    """A minimal core by deletion (when the search for a smallest one is too long)."""
    keep = list(useful)
    for i in list(keep):
        rest = [j for j in keep if j != i]
        left = target
        for j in rest:
            left &= masks[j]
        if not left:
            keep = rest
    return tuple(found[i] for i in keep)


def check_core(source: Mapping[str, Any] | Any, place: str, core: Sequence[Fact]) -> bool:
    """Does sympy agree that ``core`` rules out the Princess at ``place``, and needs every one of its facts?

    ``satisfiable(deal rules ∧ x[place, Princess] ∧ core)`` must be ``False``,
    and with any one fact left out it must find a model.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    >>> s.apply_action("ask p1 where-princess"); s.apply_action("answer p2")
    >>> core = smallest_core(s, "p1")
    >>> check_core(s, "p1", core), check_core(s, "p2", core)
    (True, False)
    """
    obs = _seen(source)
    x = symbols(obs)
    base = And(deal_constraints(obs), x[place, _PRINCESS])
    if satisfiable(And(base, *(f.formula for f in core))) is not False:
        return False
    return all(satisfiable(And(base, *(g.formula for g in core if g is not f))) is not False for f in core)


# --------------------------------------------------------------------------- the argument

_COLOUR_ORDER = ("green", "red", "blue")


def _colours(chars: Sequence[str], names: Sequence[str]) -> tuple[str, ...]:
    """The colours of the characters ``chars`` (indices into ``names``), green, red, blue in that order."""
    found = {character_by_name(names[c]).colour.value for c in chars}
    return tuple(c for c in _COLOUR_ORDER if c in found)


def argument(source: Mapping[str, Any] | Any, place: str, core: Sequence[Fact]) -> tuple[Step, ...]:
    """The steps of "if the Princess were at ``place``…" with the facts of ``core``, until no deal is left.

    Facts whose statement the supposition already settles come first (they
    make the plainest steps); each step tells which places' tiles the fact
    then narrows (the supposed Princess's place is never listed).

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    >>> s.apply_action("ask p1 who-are-you"); s.apply_action("answer Servant")
    >>> [(st.truth, st.colours, st.impossible) for st in argument(s, "p1", smallest_core(s, "p1"))]
    [(False, ('green',), True)]
    """
    obs = _seen(source)
    places, chars = _layout(obs)
    deal = _deals(places, chars)
    live = _princess_at(obs)[place].copy()
    pi = {p: i for i, p in enumerate(places)}
    x = symbols(obs)
    todo = list(core)
    steps: list[Step] = []

    def settled(rows: np.ndarray) -> dict[str, tuple[str, ...]]:
        out = {}
        for p, i in pi.items():
            held = tuple(sorted({chars[c] for c in np.unique(deal[rows, i])}, key=chars.index))
            out[p] = held
        return out

    while todo:
        before = settled(live)

        def statement_truth(f: Fact) -> bool | None:
            if f.kind != "answer":
                return None
            t = _truth(statement(f.question, x), places, chars)[live]
            return bool(t[0]) if len(t) and (t == t[0]).all() else None

        todo.sort(key=lambda f: (statement_truth(f) is None, f.event))
        f = todo.pop(0)
        truth = statement_truth(f)
        answerer = f.place if f.kind == "answer" else None
        colours = () if answerer is None else _colours(
            np.unique(deal[live, pi[answerer]]).tolist(), chars)
        live = live & _truth(f.formula, places, chars)
        if not live.any():
            steps.append(Step(f, truth, colours, (), True))
            break
        after = settled(live)
        narrowed = tuple((p, before[p], after[p]) for p in places if after[p] != before[p] and p != place)
        steps.append(Step(f, truth, colours, narrowed, False))
    return tuple(steps)


# --------------------------------------------------------------------------- all of it

def _key(obs: Mapping[str, Any]) -> tuple:
    """What the deduction depends on: the layout and the public events (answers, reveal, rubies)."""
    public = tuple((e["kind"], *(tuple(v) if isinstance(v, list) else v for k, v in e.items() if k != "kind"))
                   for e in obs["log"] if e["kind"] in ("ask", "answer", "reveal", "rubies", "noextra"))
    return (obs["players"], obs["prince"], tuple(obs["tile_set"]), obs["has_centre"], public,
            tuple(i for i, e in enumerate(obs["log"]) if e["kind"] in ("answer", "reveal", "rubies")))


def deduce(source: Mapping[str, Any] | Any) -> Deduction:
    """What the Prince can deduce now: deals left, the Princess's places, and why a place is ruled out.

    ``source`` is any seat's observation (only public facts are read) or a
    state (the Prince's observation).  Equal for two positions the Prince
    cannot tell apart: it reads nothing else.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    >>> s.apply_action("ask p1 where-princess"); s.apply_action("answer p2")
    >>> d = deduce(s)
    >>> d.count, d.total, {p: str(v) for p, v in d.chances.items()}, sorted(d.cores)
    (3, 6, {'p1': '0', 'p2': '1/3', 'centre': '2/3'}, ['p1'])
    """
    obs = _seen(source)
    return _deduce(_key(obs), obs)


_CACHE: dict[tuple, Deduction] = {}


def _deduce(key: tuple, obs: Mapping[str, Any]) -> Deduction:
    found = _CACHE.get(key)
    if found is not None:
        return found
    places, chars = _layout(obs)
    every = facts(obs)
    deal = _deals(places, chars)
    live = np.ones(len(deal), dtype=bool)
    for f in every:
        live &= _truth(f.formula, places, chars)
    count = int(live.sum())
    if not count:
        raise KitError("no deal fits these answers: the observation contradicts itself")
    at = _princess_at(obs)
    chances = {p: Fraction(int((live & at[p]).sum()), count) for p in places}
    cores: dict[str, tuple[Fact, ...]] = {}
    arguments: dict[str, tuple[Step, ...]] = {}
    masks = [_bits(_truth(f.formula, places, chars)) for f in every]
    for p in places:
        if chances[p] == 0:
            core = _smallest(_bits(at[p]), masks, every)
            if core is not None:
                cores[p] = core
                arguments[p] = argument(obs, p, core)
    found = Deduction(places, len(deal), count, chances, tuple(every), cores, arguments)
    if len(_CACHE) > 256:
        _CACHE.clear()
    _CACHE[key] = found
    return found

"""Truth-and-lie deduction exercises for Princess Legend: rounds as the Prince sees them, checkers.

The Prince sees no character tile, only the questions and their answers.
Green characters tell the truth, red ones lie, blue ones say what they like
(docs/rules/princesslegend.md#answers).  The exercises deduce, from the answers alone, which deals are
still possible and where the Princess can be:

* :func:`rounds` gives seeded rounds of random play as their Prince sees them
  (``state.observation(prince)``: nothing hidden is kept);
* :func:`describe` writes a round out in words;
* :func:`colour`, :func:`hidden_places`, :func:`all_deals`, :func:`symbols` and
  :func:`deal_constraints` are the learner's building blocks (the last three
  come from :mod:`kit.princesslegend.deduction`);
* the checkers run a learner's function on many seeded cases and explain the
  first mistake: :func:`check_fits` ("does this answer fit this tile?"),
  :func:`check_statement` (an answer's claim as a sympy formula),
  :func:`check_consistent` (every deal that fits every answer) and
  :func:`check_candidates` (where the Princess can be).

A deal is a dict ``{place: character name}`` over the hidden places
(``"p1"``, ..., ``"centre"``).  Reference answers come from the engine and
from :mod:`kit.princesslegend.deduction`.  A learner's answers are read as
Python values (a place such as ``"p3"`` or ``3``, a share such as
``Fraction(1, 3)`` or ``"1/3"``); text is parsed, never evaluated.

Examples
--------
>>> from kit.teach.princesslegend import rounds, describe, check_consistent
>>> obs = rounds(1, seed=4, players=3)[0]
>>> print(describe(obs))  # doctest: +ELLIPSIS
3 players; you are the Prince, p...
>>> from kit.princesslegend.deduction import consistent_deals
>>> bool(check_consistent(consistent_deals, count=5))
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Callable

from sympy.logic.boolalg import And, Boolean, BooleanFalse, BooleanTrue, Xor
from sympy.logic.inference import satisfiable

from ..core import KitError, derive_seed, play_at_random
from ..princesslegend import PrincessLegend
from ..princesslegend.actions import Question
from ..princesslegend.deduction import (DealMap, all_deals, answer_allowed, answer_is_true, consistent_deals,
                                        deal_constraints, hidden_places, princess_candidates, statement,
                                        statement_words, symbols, tile_set)
from ..princesslegend.tiles import Character, character_by_name
from .checks import Check, read_fraction, run_cases

__all__ = ["rounds", "describe", "colour", "hidden_places", "all_deals", "symbols", "deal_constraints",
           "answer_fits", "check_fits", "check_statement", "check_consistent", "check_candidates"]

#: Player counts the checkers use by default (7 and 8 players have 5,040 deals: slow to list in class).
PLAYERS = (3, 4, 5, 6)


# --------------------------------------------------------------------------- cases

def _round(seed: int | None, players: int, extra: bool) -> dict[str, Any]:
    """One round of random play, as its Prince sees it after the questions."""
    rng = random.Random(seed)
    state = PrincessLegend(players).new_initial_state(first_player=rng.randrange(players))
    stop = "reveal" if extra else "extra-question"
    while state.phase != stop:
        play_at_random(state, rng, max_steps=1)
    return state.observation(state.prince)


def rounds(count: int, seed: int | None = 0, players: int = 5, *, extra: bool = False) -> list[dict[str, Any]]:
    """``count`` seeded rounds of random play, each as its Prince sees it, after the questions.

    Each round has a random Prince; every other player has been asked one
    question (random questions, random legal answers) and has answered.  With
    ``extra=True`` the Prince has also asked his extra question, or declined
    it.  Each round is ``state.observation(prince)``: the hidden tiles are not
    in it.  Same seed, same rounds.

    Parameters
    ----------
    count
        How many rounds.
    seed
        The seed (``None``: not reproducible).
    players
        3 to 8.
    extra
        Play on through the optional extra question.

    Examples
    --------
    >>> obs = rounds(2, seed=1, players=4)
    >>> [o["phase"] for o in obs], [o["tiles"].count(None) for o in obs]
    (['extra-question', 'extra-question'], [3, 3])
    >>> rounds(1, seed=1, players=4) == obs[:1]
    True
    """
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise KitError(f"count must be a positive whole number, not {count!r}")
    PrincessLegend(players)  # refuses a bad player count with the engine's message
    return [_round(derive_seed(seed, "round", players, extra, k), players, extra) for k in range(count)]


def _mixed(count: int, seed: int | None, players: Sequence[int], what: str) -> list[dict[str, Any]]:
    """Rounds for a checker: player counts in turn, every third round with its extra question."""
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise KitError(f"count must be a positive whole number, not {count!r}")
    if isinstance(players, int):
        players = (players,)
    return [_round(derive_seed(seed, what, k), players[k % len(players)], k % 3 == 2) for k in range(count)]


# --------------------------------------------------------------------------- building blocks

def colour(name: str) -> str:
    """The colour of a character: ``"green"`` (truth), ``"red"`` (lies) or ``"blue"`` (either).

    The engine's colours (:attr:`kit.princesslegend.Character.colour`).

    >>> colour("Fairy"), colour("Black Queen"), colour("Spy")
    ('green', 'red', 'blue')
    >>> colour("Prince")
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: 'Prince' is not a character tile (the Prince asks, he never answers); characters: Princess, Fairy, Black Queen, Guard, Siamese, Servant, Spy
    """
    found = name if isinstance(name, Character) else character_by_name(name) if isinstance(name, str) else None
    if found is None or found.colour is None:
        why = " (the Prince asks, he never answers)" if found is Character.PRINCE else ""
        raise KitError(f"{name!r} is not a character tile{why}; characters: "
                       + ", ".join(str(c) for c in Character if c.colour is not None))
    return found.colour.value


def _asked(q: Mapping[str, Any], prince: int) -> str:
    words = Question(q["question"]).words
    if q["question"] == "who-is":
        words = f"Who is that? (pointing at {q['about']})"
    return f"p{prince} asks p{q['seat']} \"{words}\""


def describe(obs: Mapping[str, Any]) -> str:
    """A round in words, as the observation's seat knows it: tiles in play, questions and answers.

    >>> print(describe(rounds(1, seed=2, players=4)[0]))
    4 players; you are the Prince, p3.
    Tiles in play: Princess (green), Fairy (green), Black Queen (red), Guard (red).
    Face down: p0, p1, p2 and the centre.
    Questions and answers:
      1. p3 asks p1 "Where is the Princess?"  -> p1: "p2"
      2. p3 asks p2 "Who are you?"  -> p2: "Fairy"
      3. p3 asks p0 "Where is the Princess?"  -> p0: "p0"
    """
    places = hidden_places(obs)
    me, prince = obs["seat"], obs["prince"]
    lines = [f"{obs['players']} players; " + (f"you are the Prince, p{me}." if me == prince else
                                             f"you are p{me}, holding the {obs['role']}; the Prince is p{prince}.")]
    lines.append("Tiles in play: " + ", ".join(f"{c} ({colour(c)})" for c in tile_set(obs)) + ".")
    known = {f"p{s}": t for s, t in enumerate(obs["tiles"]) if s != prince and t is not None}
    if obs["has_centre"] and obs["centre"] is not None:
        known["centre"] = obs["centre"]
    down = [p for p in places if p not in known]
    if down:
        names = [p if p != "centre" else "the centre" for p in down]
        lines.append("Face down: " + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0])
                     + ".")
    if known:
        lines.append("Face up: " + ", ".join(f"{p} {t}" for p, t in known.items()) + ".")
    lines.append("Questions and answers:" if obs["questions"] else "No question yet.")
    for i, q in enumerate(obs["questions"], 1):
        said = "(no answer yet)" if q["answer"] is None else f"p{q['seat']}: \"{q['answer']}\""
        lines.append(f"  {'extra' if q['extra'] else f'{i}.'} {_asked(q, prince)}  -> {said}")
    return "\n".join(lines)


def _read_place(key: Any, places: Sequence[str]) -> str:
    """A learner's place: ``"p3"``, ``"P3"``, ``"3"``, ``3``, ``"centre"`` or ``"center"``."""
    if isinstance(key, int) and not isinstance(key, bool):
        text = f"p{key}"
    elif isinstance(key, str):
        text = key.strip().lower()
        text = "centre" if text == "center" else f"p{text}" if text.isascii() and text.isdigit() else text
    else:
        text = None
    if text not in places:
        raise KitError(f"{key!r} is not a face-down place of this round (places: {', '.join(places)})")
    return text


def _read_deal(obs: Mapping[str, Any], deal: Any) -> DealMap:
    """A learner's deal, with places and names written the kit's way; refused if it is no deal."""
    places, chars = hidden_places(obs), tile_set(obs)
    if not isinstance(deal, Mapping):
        raise KitError(f"a deal is a dict {{place: character}}, not {deal!r}")
    out: DealMap = {}
    for key, value in deal.items():
        found = character_by_name(value) if isinstance(value, str) else value if isinstance(value, Character) else None
        if found is None or str(found) not in chars:
            raise KitError(f"{value!r} is not a character of this round ({', '.join(chars)})")
        out[_read_place(key, places)] = str(found)
    if sorted(out) != sorted(places) or sorted(out.values()) != sorted(chars):
        raise KitError(f"{deal!r} is not a deal of this round: each of {', '.join(places)} holds one of "
                       f"{', '.join(chars)}, each character once")
    return {p: out[p] for p in places}


def answer_fits(deal: Mapping[str, str], question: Mapping[str, Any]) -> bool:
    """May the answerer give the question's answer, were the tiles dealt as ``deal``?  (The engine decides.)

    The round is read from the deal: its seats are every seat but the
    Prince's, and it has a centre tile when ``"centre"`` is a place.  The model
    answer of :func:`check_fits`.

    >>> deal = {"p1": "Black Queen", "p2": "Servant", "centre": "Princess"}
    >>> answer_fits(deal, {"seat": 1, "question": "where-princess", "about": None, "answer": "centre"})
    False
    >>> answer_fits(deal, {"seat": 2, "question": "who-is", "about": "p1", "answer": "Princess"})
    True
    """
    if not isinstance(deal, Mapping):
        raise KitError(f"a deal is a dict {{place: character}}, not {deal!r}")
    seats = [p for p in deal if p != "centre"]
    if not all(isinstance(p, str) and p[:1] == "p" and p[1:].isascii() and p[1:].isdigit() for p in seats):
        raise KitError(f"{deal!r} is not a deal: its places are 'p1', 'p2', ... and 'centre'")
    players = len(seats) + 1
    prince = next((s for s in range(players) if f"p{s}" not in deal), None)
    if prince is None or PrincessLegend(players).has_centre != ("centre" in deal):
        raise KitError(f"{deal!r} is not a deal of a round: give every seat but the Prince's, and the centre "
                       "with 3 to 7 players")
    obs = PrincessLegend(players).new_initial_state(first_player=prince).observation(prince)
    return answer_allowed(obs, deal, question)


def _why(obs: Mapping[str, Any], deal: DealMap, q: Mapping[str, Any]) -> str:
    """Why ``q``'s answer fits ``deal`` or not, in words."""
    who = deal[f"p{q['seat']}"]
    c = character_by_name(who)
    true = answer_is_true(obs, deal, q)
    return (f"p{q['seat']} holds the {who} ({c.colour}: {c.rule}) and \"{statement_words(q)}\" "
            f"is {'true' if true else 'false'} in this deal")


def _shown(deal: Mapping[str, str]) -> str:
    return "{" + ", ".join(f"{p}: {c}" for p, c in deal.items()) + "}"


def _round_text(obs: Mapping[str, Any]) -> str:
    return f"{obs['players']} players, Prince p{obs['prince']}, {len(obs['questions'])} answers"


# --------------------------------------------------------------------------- checkers

def _fit_cases(count: int, seed: int | None) -> list[tuple[dict[str, Any], DealMap, dict[str, Any]]]:
    """(round, deal, question): each colour with a true and with a false answer, in turn."""
    wanted = [("green", True), ("red", False), ("blue", True), ("green", False), ("red", True), ("blue", False)]
    players = (3, 5, 6, 4, 7)
    cases = []
    for k in range(count):
        rng = random.Random(derive_seed(seed, "fit", k))
        obs = _round(derive_seed(seed, "fit-round", k), players[k % len(players)], k % 4 == 3)
        places, chars = hidden_places(obs), tile_set(obs)
        want_colour, want_true = wanted[k % len(wanted)]
        for _ in range(200):  # not every colour is in every tile set: then the last try stays
            q = rng.choice(obs["questions"])
            deal = dict(zip(places, rng.sample(chars, len(chars))))
            if colour(deal[f"p{q['seat']}"]) == want_colour and answer_is_true(obs, deal, q) == want_true:
                break
        cases.append((obs, deal, q))
    return cases


def check_fits(fn: Callable[[DealMap, Mapping[str, Any]], bool], count: int = 60, seed: int | None = 0) -> Check:
    """Check ``fn(deal, question) -> bool``: may the answerer give that answer, were the tiles so dealt?

    ``question`` is one of ``observation["questions"]``: ``seat`` (who was
    asked), ``question`` (``"where-princess"``, ``"who-are-you"`` or
    ``"who-is"``), ``about`` (the place pointed at, for ``who-is``) and
    ``answer`` (a place such as ``"p3"``, or a character name).  The reference
    is the engine's: the answer is among ``legal_actions()``.  Cases cover each
    colour with true and false answers.

    >>> bool(check_fits(answer_fits))
    True
    >>> print(check_fits(lambda deal, q: True))          # doctest: +ELLIPSIS
    ✘ case 4 (...): it does not fit: p0 holds the Fairy (green: must tell the truth) and "the Princess is at p0" is false in this deal
    """
    cases = _fit_cases(count, seed)

    def ask(case: tuple) -> tuple[tuple, Callable[[Any], str | None]]:
        obs, deal, q = case
        want = answer_allowed(obs, deal, q)

        def judge(answer: Any) -> str | None:
            if not isinstance(answer, bool):
                return f"answer True or False, not {answer!r}"
            if answer == want:
                return None
            return f"it {'fits' if want else 'does not fit'}: {_why(obs, deal, q)}"

        return (dict(deal), dict(q)), judge

    def describe_case(case: tuple) -> str:
        obs, deal, q = case
        return f"deal {_shown(deal)}; {_asked(q, obs['prince'])}, answer \"{q['answer']}\""

    return run_cases(fn, cases, ask, "deals and answers", describe_case)


def check_statement(fn: Callable[[Mapping[str, Any], Mapping], Any], count: int = 40, seed: int | None = 0) -> Check:
    """Check ``fn(question, x) -> sympy formula``: the answer's claim, true exactly when the answer is.

    ``x`` is :func:`symbols` of the round: ``x[place, character]`` means "the
    tile at place is character".  Any formula that agrees with the claim on
    every deal is right (sympy decides, with :func:`deal_constraints`).

    >>> from kit.princesslegend.deduction import statement
    >>> bool(check_statement(statement))
    True
    >>> def mixed_up(q, x):                # "Who is that?" is about the place pointed at, not the answerer
    ...     if q["question"] == "where-princess":
    ...         return x[q["answer"], "Princess"]
    ...     return x[f"p{q['seat']}", q["answer"]]
    >>> print(check_statement(mixed_up))  # doctest: +ELLIPSIS
    ✘ case 1 (p0 asks p1 "Who is that? (pointing at centre)", answer "Black Queen"): in the deal {p1: Princess, p2: Servant, centre: Black Queen} your formula gives False, but "centre is the Black Queen" is true
    """
    obs_list = _mixed(count, seed, PLAYERS, "statement")
    kinds = ("where-princess", "who-are-you", "who-is")
    cases = []
    for k, obs in enumerate(obs_list):
        of_kind = [q for q in obs["questions"] if q["question"] == kinds[k % 3]] or obs["questions"]
        cases.append((obs, random.Random(derive_seed(seed, "statement-q", k)).choice(of_kind)))

    def ask(case: tuple) -> tuple[tuple, Callable[[Any], str | None]]:
        obs, q = case
        x = symbols(obs)
        want = statement(q, x)

        def judge(answer: Any) -> str | None:
            if isinstance(answer, str):
                return ("return a sympy formula built from the symbols in x (like x['p3', 'Princess']), "
                        "not text")
            if isinstance(answer, (bool, BooleanTrue, BooleanFalse)):
                return (f"got {answer}: whether the answer is true depends on the deal; build the formula "
                        "from the symbols x[place, character]")
            if not isinstance(answer, Boolean):
                return f"expected a sympy formula of the symbols in x, not {type(answer).__name__}"
            stray = answer.free_symbols - set(x.values())
            if stray:
                return f"uses symbols that are not in x: {', '.join(sorted(map(str, stray)))}"
            wrong = [m for m in satisfiable(And(deal_constraints(obs, x), Xor(answer, want)), all_models=True) if m]
            if not wrong:
                return None
            # sympy's order of models varies from run to run: name the first deal in the kit's order
            order = {c: i for i, c in enumerate(tile_set(obs))}
            places = hidden_places(obs)
            deals = [{p: c for (p, c), sym in x.items() if m.get(sym, False)} for m in wrong]
            deal = min(({p: d[p] for p in places} for d in deals), key=lambda d: [order[d[p]] for p in places])
            got = bool(answer.xreplace({sym: deal[p] == c for (p, c), sym in x.items()}))
            return (f"in the deal {_shown(deal)} your formula gives {got}, but \"{statement_words(q)}\" "
                    f"is {'false' if got else 'true'}")

        return (dict(q), symbols(obs)), judge

    def describe_case(case: tuple) -> str:
        obs, q = case
        return f"{_asked(q, obs['prince'])}, answer \"{q['answer']}\""

    return run_cases(fn, cases, ask, "answers", describe_case)


def check_consistent(fn: Callable[[Mapping[str, Any]], Any], count: int = 30, seed: int | None = 0,
                     players: int | Sequence[int] = PLAYERS) -> Check:
    """Check ``fn(observation) -> list of deals``: every deal that fits every answer, each once (any order).

    The reference is :func:`kit.princesslegend.deduction.consistent_deals`
    (whose formulas the kit's tests hold to the engine).

    >>> from kit.princesslegend.deduction import all_deals
    >>> print(check_consistent(all_deals, count=3))       # doctest: +ELLIPSIS
    ✘ round 1 (...): {...} does not fit every answer: p... holds the ...
    """
    def ask(obs: dict[str, Any]) -> tuple[tuple, Callable[[Any], str | None]]:
        want = consistent_deals(obs)

        def judge(answer: Any) -> str | None:
            if isinstance(answer, Mapping) or not isinstance(answer, (list, tuple)):
                return f"answer a list of deals (dicts like {_shown(want[0])}), not {type(answer).__name__}"
            got: list[DealMap] = []
            for deal in answer:
                try:
                    got.append(_read_deal(obs, deal))
                except KitError as exc:
                    return str(exc)
            seen: set[tuple] = set()
            for deal in got:
                key = tuple(deal.values())
                if key in seen:
                    return f"{_shown(deal)} is listed twice"
                seen.add(key)
            wanted = {tuple(d.values()) for d in want}
            for deal in got:
                if tuple(deal.values()) not in wanted:
                    q = next(q for q in obs["questions"] if q["answer"] is not None
                             and not answer_allowed(obs, deal, q))
                    return f"{_shown(deal)} does not fit every answer: {_why(obs, deal, q)}"
            for deal in want:
                if tuple(deal.values()) not in seen:
                    return (f"{_shown(deal)} is missing: it fits every answer ({len(want)} deals fit, "
                            f"you gave {len(got)})")
            return None

        return (obs,), judge

    return run_cases(fn, _mixed(count, seed, players, "consistent"), ask, "rounds", _round_text, "round")


def check_candidates(fn: Callable[[Mapping[str, Any]], Any], count: int = 30, seed: int | None = 0,
                     players: int | Sequence[int] = PLAYERS) -> Check:
    """Check ``fn(observation) -> {place: share}``: in what share of the fitting deals the Princess is there.

    Every deal that fits every answer counts once (see
    :func:`kit.princesslegend.deduction.princess_candidates`).  Shares may be
    Fractions, numbers or text like ``"1/3"``; places where she cannot be may
    be left out.

    >>> from kit.princesslegend.deduction import princess_candidates
    >>> bool(check_candidates(princess_candidates, count=5))
    True
    >>> print(check_candidates(lambda obs: {"p1": 1}, count=5))   # doctest: +ELLIPSIS
    ✘ round 1 (...): the Princess is at ... in ... of the ... deals that fit every answer: ..., not ...
    """
    def ask(obs: dict[str, Any]) -> tuple[tuple, Callable[[Any], str | None]]:
        want = princess_candidates(obs)
        places = list(want)

        def judge(answer: Any) -> str | None:
            if not isinstance(answer, Mapping):
                return f"answer a dict {{place: share}} like {{'{places[0]}': Fraction(1, 2), ...}}, not {answer!r}"
            got = {p: Fraction(0) for p in places}
            for key, value in answer.items():
                try:
                    got[_read_place(key, places)] = read_fraction(value)
                except KitError as exc:
                    return str(exc)
            for p in places:
                if got[p] != want[p]:
                    total = len(consistent_deals(obs))
                    return (f"the Princess is at {p} in {want[p] * total} of the {total} deals that fit every "
                            f"answer: {want[p]}, not {got[p]}")
            return None

        return (obs,), judge

    return run_cases(fn, _mixed(count, seed, players, "candidates"), ask, "rounds", _round_text, "round")

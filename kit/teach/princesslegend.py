"""Truth and lies in Princess Legend: rounds as the Prince sees them, building blocks, checkers.

The Prince sees no character tile, only the questions and their answers.
Green characters tell the truth, red ones lie, blue ones say what they like
(docs/rules/princesslegend.md#answers).  The exercises deduce, from the answers alone, which deals
(*worlds*) are still possible, where the Princess can be, and which question
is worth most.  From the easiest:

==========================================  ===================================================
checker                                     the learner's function
==========================================  ===================================================
:func:`check_allowed_answers`               which answers a colour may give
:func:`check_fits`                          does this answer fit this deal?
:func:`check_deal_consistent`               does this deal fit every answer?
:func:`check_consistent`                    every deal that fits every answer (plain Python or sympy)
:func:`check_world_count`                   how many deals fit
:func:`check_princess_places`               where can the Princess be?
:func:`check_candidates`                    in what share of the deals is she at each place?
:func:`check_statement`                     an answer's claim as a sympy formula
:func:`check_answer_chances`                how likely each answer is, in one deal
:func:`check_question_value`                the expected information of a question, in bits
:func:`check_best_question`                 the question worth most
==========================================  ===================================================

* :func:`rounds` gives seeded rounds of random play as their Prince sees them
  (``state.observation(prince)``: nothing hidden is kept); every seed gives
  new rounds, and every checker takes ``seed=``;
* :func:`describe` writes a round out in words;
* :func:`colour`, :func:`hidden_places`, :func:`all_deals`, :func:`symbols`,
  :func:`deal_constraints` and :func:`weighted_worlds` are the learner's
  building blocks (from :mod:`kit.princesslegend.deduction` and
  :mod:`kit.princesslegend.worlds`);
* the references are the engine's (:func:`answer_fits`) and the kit's
  deduction (:func:`kit.princesslegend.deduction.consistent_deals`,
  :func:`~kit.princesslegend.deduction.best_question`); :func:`allowed_answers`
  and :func:`answer_chances` are the small model answers.

A deal is a dict ``{place: character name}`` over the hidden places
(``"p1"``, ..., ``"centre"``).  A learner's answers are read as Python values
(a place such as ``"p3"`` or ``3``, a share such as ``Fraction(1, 3)`` or
``"1/3"``, a question such as ``"ask p2 who-is centre"``); text is parsed,
never evaluated.  Every checker is a :class:`kit.teach.hints.Checker` with
hints in steps (``check_fits.hint(2)``); feedback and hints are message
templates (:mod:`kit.i18n`).

Examples
--------
>>> from kit.teach.princesslegend import rounds, describe, check_consistent
>>> obs = rounds(1, seed=4, players=3)[0]
>>> print(describe(obs))  # doctest: +ELLIPSIS
3 players; you are the Prince, p...
>>> from kit.princesslegend.deduction import consistent_deals
>>> bool(check_consistent(consistent_deals, count=5))
True
>>> str(check_consistent.hint(1))
'Hint 1 of 3: A deal is still possible when every answer fits it: check each answer in turn.'
"""

from __future__ import annotations

import math
import random
import unicodedata
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Callable

from sympy.logic.boolalg import And, Boolean, BooleanFalse, BooleanTrue, Xor
from sympy.logic.inference import satisfiable

from ..core import KitError, derive_seed, play_at_random
from ..i18n import N_, _, name, ngettext
from ..princesslegend import PrincessLegend
from ..princesslegend.actions import Ask, parse_action
from ..princesslegend.deduction import (DealMap, all_deals, answer_allowed, answer_is_true, best_question,
                                        consistent_deals, deal_constraints, hidden_places, princess_candidates,
                                        statement, symbols, tile_set)
from ..princesslegend.tiles import TILE_LABELS, Character, character_by_name
from ..princesslegend.worlds import ColourModel, posterior
from .checks import Check, read_fraction, run_cases
from .hints import checker

__all__ = ["rounds", "describe", "colour", "hidden_places", "all_deals", "symbols", "deal_constraints",
           "weighted_worlds", "answer_fits", "allowed_answers", "answer_chances", "question_value",
           "check_allowed_answers", "check_fits", "check_deal_consistent", "check_consistent", "check_world_count",
           "check_princess_places", "check_candidates", "check_statement", "check_answer_chances",
           "check_question_value", "check_best_question", "CHECKERS"]

#: Player counts the checkers use by default (7 and 8 players have 5,040 deals: slow to list in class).
PLAYERS = (3, 4, 5, 6)
#: Player counts of the information exercises (a learner's plain Python tries every question on every deal).
SMALL = (3, 4, 5)
#: How close a number of bits or a chance must be to count as right.
TOLERANCE = 1e-6

_COLOURS = {"green": N_("green"), "red": N_("red"), "blue": N_("blue")}
_QUESTION_WORDS = {"where-princess": N_("Where is the Princess?"), "who-are-you": N_("Who are you?")}
_GAME = "princesslegend"


# --------------------------------------------------------------------------- cases

def _round(seed: int | None, players: int, extra: bool) -> dict[str, Any]:
    """One round of random play, as its Prince sees it after the questions."""
    rng = random.Random(seed)
    state = PrincessLegend(players).new_initial_state(first_player=rng.randrange(players))
    stop = "reveal" if extra else "extra-question"
    while state.phase != stop:
        play_at_random(state, rng, max_steps=1)
    return state.observation(state.prince)


def _count(count: Any) -> int:
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise KitError(f"count must be a positive whole number, not {count!r}")
    return count


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
    _count(count)
    PrincessLegend(players)  # refuses a bad player count with the engine's message
    return [_round(derive_seed(seed, "round", players, extra, k), players, extra) for k in range(count)]


def _mixed(count: int, seed: int | None, players: int | Sequence[int], what: str,
           extra_every: int = 3) -> list[dict[str, Any]]:
    """Rounds for a checker: player counts in turn, every third round with its extra question."""
    _count(count)
    if isinstance(players, int):
        players = (players,)
    return [_round(derive_seed(seed, what, k), players[k % len(players)], k % extra_every == extra_every - 1)
            for k in range(count)]


# --------------------------------------------------------------------------- words

def _colour_word(c: str, lang: str | None) -> str:
    return _(_COLOURS[c], lang)


def _tile(c: str, lang: str | None, form: str | None = None) -> str:
    """A tile's name (``form="the"``: where the English template reads "the {tile}", see :func:`kit.i18n.name`)."""
    return name(_GAME, c, lang, form=form)


def _and(items: Sequence[str], lang: str | None) -> str:
    """``"a, b and c"`` in the reader's language."""
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}", lang, items=", ".join(items[:-1]), last=items[-1])


def _words_of(q: Mapping[str, Any], lang: str | None) -> str:
    if q["question"] == "who-is":
        return _("Who is that? (pointing at {place})", lang, place=q["about"])
    return _(_QUESTION_WORDS[q["question"]], lang)


def _asked(q: Mapping[str, Any], prince: int, lang: str | None = None) -> str:
    return _("p{prince} asks p{seat} \"{words}\"", lang, prince=prince, seat=q["seat"], words=_words_of(q, lang))


def _claim(q: Mapping[str, Any], lang: str | None = None) -> str:
    """What an answer claims, in words."""
    if q["question"] == "where-princess":
        return _("the Princess is at {place}", lang, place=q["answer"])
    place = f"p{q['seat']}" if q["question"] == "who-are-you" else q["about"]
    return _("{place} is the {character}", lang, place=place, character=_tile(q["answer"], lang, form="the"))


def describe(obs: Mapping[str, Any], lang: str | None = None) -> str:
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
    if me == prince:
        lines = [ngettext("{n} player; you are the Prince, p{seat}.", "{n} players; you are the Prince, p{seat}.",
                          obs["players"], lang, seat=me)]
    else:
        lines = [ngettext("{n} player; you are p{seat}, holding the {tile}; the Prince is p{prince}.",
                          "{n} players; you are p{seat}, holding the {tile}; the Prince is p{prince}.",
                          obs["players"], lang, seat=me, tile=_tile(obs["role"], lang), prince=prince)]
    tiles = [_("{tile} ({colour})", lang, tile=_tile(c, lang), colour=_colour_word(colour(c), lang))
             for c in tile_set(obs)]
    lines.append(_("Tiles in play: {tiles}.", lang, tiles=", ".join(tiles)))
    known = {f"p{s}": t for s, t in enumerate(obs["tiles"]) if s != prince and t is not None}
    if obs["has_centre"] and obs["centre"] is not None:
        known["centre"] = obs["centre"]
    down = [p if p != "centre" else _("the centre", lang) for p in places if p not in known]
    if down:
        lines.append(_("Face down: {places}.", lang, places=_and(down, lang)))
    if known:
        lines.append(_("Face up: {tiles}.", lang, tiles=", ".join(f"{p} {_tile(t, lang)}" for p, t in known.items())))
    lines.append(_("Questions and answers:", lang) if obs["questions"] else _("No question yet.", lang))
    for i, q in enumerate(obs["questions"], 1):
        answer = q["answer"]
        shown = _tile(answer, lang) if answer is not None and q["question"] != "where-princess" else answer
        if answer is None:
            said = _("(no answer yet)", lang)
        elif shown != answer:   # a character in the reader's language, and as obs["questions"] writes it
            said = _("p{seat}: \"{answer}\" (in the notation: {notation})", lang, seat=q["seat"], answer=shown,
                     notation=answer)
        else:
            said = _("p{seat}: \"{answer}\"", lang, seat=q["seat"], answer=answer)
        number = _("extra", lang) if q["extra"] else f"{i}."
        lines.append(f"  {number} {_asked(q, prince, lang)}  -> {said}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- building blocks

def colour(name_: str | Character) -> str:
    """The colour of a character: ``"green"`` (truth), ``"red"`` (lies) or ``"blue"`` (either).

    The engine's colours (:attr:`kit.princesslegend.Character.colour`).

    >>> colour("Fairy"), colour("Black Queen"), colour("Spy")
    ('green', 'red', 'blue')
    >>> colour("Prince")
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: 'Prince' is not a character tile (the Prince asks, he never answers); characters: Princess, Fairy, Black Queen, Guard, Siamese, Servant, Spy
    """
    found = (name_ if isinstance(name_, Character) else character_by_name(name_) if isinstance(name_, str)
             else None)
    if found is None or found.colour is None:
        why = " (the Prince asks, he never answers)" if found is Character.PRINCE else ""
        raise KitError(f"{name_!r} is not a character tile{why}; characters: "
                       + ", ".join(str(c) for c in Character if c.colour is not None))
    return found.colour.value


def _read_place(key: Any, places: Sequence[str], lang: str | None = None) -> str:
    """A learner's place: ``"p3"``, ``"P3"``, ``"3"``, ``3``, ``"centre"`` or ``"center"``."""
    if isinstance(key, int) and not isinstance(key, bool):
        text = f"p{key}"
    elif isinstance(key, str):
        text = key.strip().lower()
        text = "centre" if text == "center" else f"p{text}" if text.isascii() and text.isdigit() else text
    else:
        text = None
    if text not in places:
        raise KitError(_("{place} is not a face-down place of this round (places: {places})", lang,
                         place=repr(key), places=", ".join(places)))
    return text


def _folded(text: str) -> str:
    text = unicodedata.normalize("NFKD", " ".join(text.replace("’", "'").casefold().split()))
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def _character_in_words(value: str, lang: str | None) -> Character | None:
    """The character a learner named in their own language ("Fée", "la Fée", "Reine noire"), else ``None``."""
    want = _folded(value)
    for c in Character:
        label = TILE_LABELS[c]
        if want in {_folded(name(_GAME, label, lang)), _folded(name(_GAME, label, lang, form="the"))}:
            return c
    return None


def _read_character(value: Any, chars: Sequence[str], lang: str | None = None) -> str:
    """A learner's character: the notation's English name (``"Fairy"``) or its name in ``lang`` (``"Fée"``).

    >>> _read_character("la Fée", ["Princess", "Fairy", "Guard"], "fr"), _read_character("fairy", ["Fairy"])
    ('Fairy', 'Fairy')
    """
    found = character_by_name(value) if isinstance(value, str) else value if isinstance(value, Character) else None
    if found is None and isinstance(value, str):
        found = _character_in_words(value, lang)
    if found is None or str(found) not in chars:
        raise KitError(_("{value} is not a character of this round ({characters})", lang, value=repr(value),
                         characters=", ".join(chars)))
    return str(found)


def _read_deal(obs: Mapping[str, Any], deal: Any, lang: str | None = None) -> DealMap:
    """A learner's deal, with places and names written the kit's way; refused if it is no deal."""
    places, chars = hidden_places(obs), tile_set(obs)
    if not isinstance(deal, Mapping):
        raise KitError(_("a deal is a dict {{place: character}}, not {deal}", lang, deal=repr(deal)))
    out: DealMap = {}
    for key, value in deal.items():
        out[_read_place(key, places, lang)] = _read_character(value, chars, lang)
    if sorted(out) != sorted(places) or sorted(out.values()) != sorted(chars):
        raise KitError(_("{deal} is not a deal of this round: each of {places} holds one of {characters}, each "
                         "character once", lang, deal=repr(deal), places=", ".join(places),
                         characters=", ".join(chars)))
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


def allowed_answers(colour_: str, truth: str, options: Sequence[str]) -> list[str]:
    """The answers a tile of ``colour_`` may give when ``truth`` is the true one, among ``options``.

    Green: the truth only; red: every option but the truth; blue: any option
    (docs/rules/princesslegend.md#answers).  The model answer of :func:`check_allowed_answers`.

    >>> allowed_answers("red", "p2", ["p1", "p2", "centre"]), allowed_answers("green", "Fairy", ["Fairy", "Guard"])
    (['p1', 'centre'], ['Fairy'])
    """
    if colour_ == "green":
        return [truth]
    if colour_ == "red":
        return [o for o in options if o != truth]
    return list(options)


def answer_chances(colour_: str, truth: str, options: Sequence[str], blue_truth: float = 0.5) -> dict[str, float]:
    """How likely each answer is, under the kit's answer model (:class:`kit.princesslegend.worlds.ColourModel`).

    Green tells the truth; red picks one of its lies, each as likely; blue
    tells the truth with chance ``blue_truth`` (one half), else picks one of
    its lies, each as likely.  The model answer of :func:`check_answer_chances`.

    >>> answer_chances("red", "p2", ["p1", "p2", "centre"])
    {'p1': 0.5, 'p2': 0.0, 'centre': 0.5}
    >>> answer_chances("blue", "p2", ["p1", "p2", "centre"])
    {'p1': 0.25, 'p2': 0.5, 'centre': 0.25}
    """
    lies = len(options) - 1
    if colour_ == "green":
        return {o: 1.0 if o == truth else 0.0 for o in options}
    if colour_ == "red":
        return {o: 0.0 if o == truth else 1.0 / lies for o in options}
    return {o: blue_truth if o == truth else (1.0 - blue_truth) / lies for o in options}


def weighted_worlds(obs: Mapping[str, Any], blue_truth: float = 0.5) -> list[tuple[DealMap, float]]:
    """Every deal the Prince cannot rule out, with its chance given the answers so far.

    Bayes' rule from equally likely deals, under the answer model of
    :func:`answer_chances` (:func:`kit.princesslegend.worlds.posterior`): a
    deal in which the answers given so far were likely counts more.

    >>> obs = rounds(1, seed=51, players=5)[0]
    >>> [(d["p3"], d["centre"], round(p, 3)) for d, p in weighted_worlds(obs)][:3]
    [('Fairy', 'Guard', 0.333), ('Guard', 'Fairy', 0.083), ('Servant', 'Fairy', 0.083)]
    """
    found, chance = posterior(obs, ColourModel(blue_truth))
    return list(zip(found.as_dicts(), chance.tolist()))


def _notation(question: Mapping[str, Any] | str | Ask) -> str:
    """A question as the engine writes it: ``"ask p2 who-is centre"``."""
    if isinstance(question, Ask):
        return str(question)
    if isinstance(question, str):
        found = parse_action(question)                 # the engine's parser: text is read, never run
        if not isinstance(found, Ask):
            raise KitError(f"{question!r} is not a question")
        return str(found)
    about = question.get("about")
    return f"ask p{question['seat']} {question['question']}" + (f" {about}" if about else "")


def question_value(obs: Mapping[str, Any], question: Mapping[str, Any] | str) -> float:
    """The expected information of a question about where the Princess is, in bits.

    The reference of :func:`check_question_value`:
    :func:`kit.princesslegend.deduction.best_question` for this one question.

    >>> obs = rounds(1, seed=51, players=5)[0]
    >>> round(question_value(obs, {"seat": 0, "question": "where-princess", "about": None}), 3)
    1.459
    """
    return best_question(obs, asks=[_notation(question)])[0].information


def _questions(obs: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every question the Prince may put to one other player, as dicts (no answer)."""
    places = hidden_places(obs)
    out = []
    for p in places:
        if p == "centre":
            continue
        seat = int(p[1:])
        out.append({"seat": seat, "question": "where-princess", "about": None})
        out.append({"seat": seat, "question": "who-are-you", "about": None})
        out += [{"seat": seat, "question": "who-is", "about": o} for o in places if o != p]
    return out


# --------------------------------------------------------------------------- small words for messages

def _why(obs: Mapping[str, Any], deal: DealMap, q: Mapping[str, Any], lang: str | None = None) -> str:
    """Why ``q``'s answer fits ``deal`` or not, in words."""
    who = deal[f"p{q['seat']}"]
    c = character_by_name(who)
    fields = dict(seat=q["seat"], tile=_tile(who, lang), colour=_colour_word(c.colour.value, lang),
                  rule=_(c.rule, lang), claim=_claim(q, lang))
    if answer_is_true(obs, deal, q):
        return _("p{seat} holds the {tile} ({colour}: {rule}) and \"{claim}\" is true in this deal", lang, **fields)
    return _("p{seat} holds the {tile} ({colour}: {rule}) and \"{claim}\" is false in this deal", lang, **fields)


def _shown(deal: Mapping[str, str]) -> str:
    return "{" + ", ".join(f"{p}: {c}" for p, c in deal.items()) + "}"


def _round_text(obs: Mapping[str, Any], lang: str | None = None) -> str:
    return ngettext("{players} players, Prince p{prince}, {n} answer",
                    "{players} players, Prince p{prince}, {n} answers", len(obs["questions"]), lang,
                    players=obs["players"], prince=obs["prince"])


def _first_misfit(obs: Mapping[str, Any], deal: DealMap) -> Mapping[str, Any] | None:
    return next((q for q in obs["questions"] if q["answer"] is not None and not answer_allowed(obs, deal, q)), None)


def _place_of_princess(deal: Mapping[str, str]) -> str:
    return next(p for p, c in deal.items() if c == "Princess")


# --------------------------------------------------------------------------- 1. which answers a colour may give

def _answer_cases(count: int, seed: int | None) -> list[tuple[str, str, list[str]]]:
    """(colour, truth, options): each colour in turn, places and characters, 3 to 7 options."""
    cases = []
    for k in range(count):
        rng = random.Random(derive_seed(seed, "allowed", k))
        obs = _round(derive_seed(seed, "allowed-round", k), PLAYERS[k % len(PLAYERS)] + k % 2, False)
        options = hidden_places(obs) if k % 2 == 0 else tile_set(obs)
        cases.append((("green", "red", "blue")[k % 3], rng.choice(options), list(options)))
    return cases


@checker(N_("Each colour has its own rule: green must tell the truth, red must lie, blue may do either."),
         N_("A lie is any answer in play that is not the true one."),
         N_("Green: a list with only the true answer. Red: every option except the true one. Blue: every option."))
def check_allowed_answers(fn: Callable[[str, str, Sequence[str]], Any], count: int = 30, seed: int | None = 0,
                          lang: str | None = None) -> Check:
    """Check ``fn(colour, truth, options) -> the answers that colour may give`` (a list, in any order).

    ``colour`` is ``"green"``, ``"red"`` or ``"blue"``; ``truth`` is the true
    answer; ``options`` every answer in play (the face-down places for "Where
    is the Princess?", the round's characters for "Who are you?" and "Who is
    that?").

    >>> bool(check_allowed_answers(allowed_answers))
    True
    >>> print(check_allowed_answers(lambda c, truth, options: [truth]))     # doctest: +ELLIPSIS
    ✘ case 2 (red, the truth is ...): red may not give ... (the truth)
    """
    def ask(case: tuple) -> tuple[tuple, Callable[[Any], str | None]]:
        col, truth, options = case
        want = set(allowed_answers(col, truth, options))

        def judge(answer: Any) -> str | None:
            if isinstance(answer, (str, Mapping)) or not isinstance(answer, (list, tuple, set, frozenset)):
                return _("answer a list of answers, like {example}, not {answer}", lang,
                         example=repr(options[:2]), answer=repr(answer))
            got = set()
            for a in answer:
                found = next((o for o in options if isinstance(a, str) and a.strip().lower() == o.lower()), None)
                if found is None:
                    return _("{answer} is not one of the answers in play ({options})", lang, answer=repr(a),
                             options=", ".join(options))
                got.add(found)
            extra, missing = sorted(got - want), sorted(want - got)
            c = _colour_word(col, lang)
            if truth in extra:
                return _("{colour} may not give {answer} (the truth)", lang, colour=c, answer=truth)
            if extra:
                return _("{colour} may not give {answers} (lies)", lang, colour=c, answers=", ".join(extra))
            if truth in missing:
                return _("{colour} may give {answer} (the truth)", lang, colour=c, answer=truth)
            if missing:
                return _("{colour} may also give {answers} (lies)", lang, colour=c, answers=", ".join(missing))
            return None

        return (col, truth, list(options)), judge

    def describe_case(case: tuple) -> str:
        col, truth, options = case
        return _("{colour}, the truth is {truth}, options {options}", lang, colour=_colour_word(col, lang),
                 truth=truth, options=", ".join(options))

    return run_cases(fn, _answer_cases(count, seed), ask, _("colours and answers", lang), describe_case)


# --------------------------------------------------------------------------- 2. does an answer fit a deal

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
        for _try in range(200):  # not every colour is in every tile set: then the last try stays
            q = rng.choice(obs["questions"])
            deal = dict(zip(places, rng.sample(chars, len(chars))))
            if colour(deal[f"p{q['seat']}"]) == want_colour and answer_is_true(obs, deal, q) == want_true:
                break
        cases.append((obs, deal, q))
    return cases


def _yes_no(answer: Any, lang: str | None) -> str | None:
    if not isinstance(answer, bool):
        return _("answer True or False, not {answer}", lang, answer=repr(answer))
    return None


@checker(N_("First work out the true answer in this deal: where the Princess is, or who sits at the place asked "
            "about."),
         N_("Then compare: did the one asked tell the truth? Their tile's colour says whether they had to."),
         N_("Green fits only a true answer, red only a false one, blue fits both."))
def check_fits(fn: Callable[[DealMap, Mapping[str, Any]], bool], count: int = 60, seed: int | None = 0,
               lang: str | None = None) -> Check:
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
            wrong = _yes_no(answer, lang)
            if wrong or answer == want:
                return wrong
            if want:
                return _("it fits: {why}", lang, why=_why(obs, deal, q, lang))
            return _("it does not fit: {why}", lang, why=_why(obs, deal, q, lang))

        return (dict(deal), dict(q)), judge

    def describe_case(case: tuple) -> str:
        obs, deal, q = case
        return _("deal {deal}; {asked}, answer \"{answer}\"", lang, deal=_shown(deal),
                 asked=_asked(q, obs["prince"], lang), answer=q["answer"])

    return run_cases(fn, cases, ask, _("deals and answers", lang), describe_case)


# --------------------------------------------------------------------------- 3. does a deal fit every answer

def _deal_cases(count: int, seed: int | None) -> list[tuple[dict[str, Any], DealMap]]:
    """(round, deal): a deal that fits every answer and one that does not, in turn."""
    cases = []
    for k, obs in enumerate(_mixed(count, seed, PLAYERS, "deal-consistent")):
        rng = random.Random(derive_seed(seed, "deal-consistent-pick", k))
        fitting = consistent_deals(obs)
        keys = {tuple(d.values()) for d in fitting}
        others = [d for d in all_deals(obs) if tuple(d.values()) not in keys]
        pool = fitting if k % 2 == 0 or not others else others
        cases.append((obs, rng.choice(pool)))
    return cases


@checker(N_("A deal is possible when it fits the first answer, and the second, and every other one."),
         N_("Use your function of the last exercise on each answer of the round, with this deal."),
         N_("The deal fits the round exactly when every one of those checks says it fits; one that does not is "
            "enough to rule it out."))
def check_deal_consistent(fn: Callable[[Mapping[str, Any], DealMap], bool], count: int = 30,
                          seed: int | None = 0, lang: str | None = None) -> Check:
    """Check ``fn(observation, deal) -> bool``: does the deal fit every answer of the round?

    Half the cases are deals that fit (from
    :func:`kit.princesslegend.deduction.consistent_deals`), half deals that
    some answer rules out.

    >>> from kit.princesslegend.deduction import consistent_deals
    >>> bool(check_deal_consistent(lambda obs, deal: deal in consistent_deals(obs)))
    True
    >>> print(check_deal_consistent(lambda obs, deal: True))      # doctest: +ELLIPSIS
    ✘ case 2 (...): an answer rules this deal out: p... holds the ...
    """
    def ask(case: tuple) -> tuple[tuple, Callable[[Any], str | None]]:
        obs, deal = case
        misfit = _first_misfit(obs, deal)

        def judge(answer: Any) -> str | None:
            wrong = _yes_no(answer, lang)
            if wrong or answer == (misfit is None):
                return wrong
            if misfit is None:
                return _("every answer fits this deal: it is still possible", lang)
            return _("an answer rules this deal out: {why}", lang, why=_why(obs, deal, misfit, lang))

        return (obs, dict(deal)), judge

    def describe_case(case: tuple) -> str:
        obs, deal = case
        return _("{round}; deal {deal}", lang, round=_round_text(obs, lang), deal=_shown(deal))

    return run_cases(fn, _deal_cases(count, seed), ask, _("rounds and deals", lang), describe_case)


# --------------------------------------------------------------------------- 4. the consistent worlds

@checker(N_("A deal is still possible when every answer fits it: check each answer in turn."),
         N_("all_deals(obs) lists every deal; keep the ones your function of the last exercise accepts."),
         N_("Return the list of the deals of all_deals(obs) that fit every answer of obs[\"questions\"]."))
def check_consistent(fn: Callable[[Mapping[str, Any]], Any], count: int = 30, seed: int | None = 0,
                     players: int | Sequence[int] = PLAYERS, lang: str | None = None) -> Check:
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
                return _("answer a list of deals (dicts like {example}), not {kind}", lang, example=_shown(want[0]),
                         kind=type(answer).__name__)
            got: list[DealMap] = []
            for deal in answer:
                try:
                    got.append(_read_deal(obs, deal, lang))
                except KitError as exc:
                    return str(exc)
            seen: set[tuple] = set()
            for deal in got:
                key = tuple(deal.values())
                if key in seen:
                    return _("{deal} is listed twice", lang, deal=_shown(deal))
                seen.add(key)
            wanted = {tuple(d.values()) for d in want}
            for deal in got:
                if tuple(deal.values()) not in wanted:
                    q = _first_misfit(obs, deal)
                    return _("{deal} does not fit every answer: {why}", lang, deal=_shown(deal),
                             why=_why(obs, deal, q, lang))
            for deal in want:
                if tuple(deal.values()) not in seen:
                    return ngettext("{deal} is missing: it fits every answer ({n} deal fits, you gave {got})",
                                    "{deal} is missing: it fits every answer ({n} deals fit, you gave {got})",
                                    len(want), lang, deal=_shown(deal), got=len(got))
            return None

        return (obs,), judge

    return run_cases(fn, _mixed(count, seed, players, "consistent"), ask, _("rounds", lang),
                     lambda o: _round_text(o, lang), _("round", lang))


@checker(N_("Count the deals that fit every answer, not all the deals."),
         N_("Your list of the deals that fit has exactly as many deals as the answer asks for."),
         N_("Return len() of your list of the deals that fit every answer."))
def check_world_count(fn: Callable[[Mapping[str, Any]], Any], count: int = 30, seed: int | None = 0,
                      players: int | Sequence[int] = PLAYERS, lang: str | None = None) -> Check:
    """Check ``fn(observation) -> int``: how many deals fit every answer?

    >>> from kit.princesslegend.deduction import consistent_deals
    >>> bool(check_world_count(lambda obs: len(consistent_deals(obs))))
    True
    >>> print(check_world_count(lambda obs: len(all_deals(obs))))     # doctest: +ELLIPSIS
    ✘ round 1 (...): ... of the ... deals fit every answer, not ...
    """
    def ask(obs: dict[str, Any]) -> tuple[tuple, Callable[[Any], str | None]]:
        want, total = len(consistent_deals(obs)), math.factorial(len(hidden_places(obs)))

        def judge(answer: Any) -> str | None:
            if isinstance(answer, bool) or not isinstance(answer, int):
                return _("answer a whole number, not {answer}", lang, answer=repr(answer))
            if answer == want:
                return None
            return ngettext("{n} of the {total} deals fits every answer, not {answer}",
                            "{n} of the {total} deals fit every answer, not {answer}", want, lang, total=total,
                            answer=answer)

        return (obs,), judge

    return run_cases(fn, _mixed(count, seed, players, "count"), ask, _("rounds", lang),
                     lambda o: _round_text(o, lang), _("round", lang))


# --------------------------------------------------------------------------- 5. where can the Princess be

@checker(N_("Look at every deal that fits every answer: where is the Princess in each?"),
         N_("A place counts when at least one deal that fits puts the Princess there."),
         N_("Collect, in a set, the place of the Princess in each deal that fits every answer."))
def check_princess_places(fn: Callable[[Mapping[str, Any]], Any], count: int = 30, seed: int | None = 0,
                          players: int | Sequence[int] = PLAYERS, lang: str | None = None) -> Check:
    """Check ``fn(observation) -> the places where the Princess can be`` (a set or list; ``"p3"``, ``3``, ``"centre"``).

    >>> from kit.princesslegend.deduction import princess_candidates
    >>> bool(check_princess_places(lambda obs: {p for p, s in princess_candidates(obs).items() if s}))
    True
    >>> print(check_princess_places(hidden_places))        # doctest: +ELLIPSIS
    ✘ round ... (...): the Princess cannot be at ...: no deal that fits every answer puts her there
    """
    def ask(obs: dict[str, Any]) -> tuple[tuple, Callable[[Any], str | None]]:
        want = {p for p, share in princess_candidates(obs).items() if share}
        places = hidden_places(obs)

        def judge(answer: Any) -> str | None:
            if isinstance(answer, (str, Mapping)) or not isinstance(answer, (list, tuple, set, frozenset)):
                return _("answer a set of places, like {example}, not {answer}", lang,
                         example="{'p1', 'centre'}", answer=repr(answer))
            try:
                got = {_read_place(p, places, lang) for p in answer}
            except KitError as exc:
                return str(exc)
            for p in places:
                if p in got and p not in want:
                    return _("the Princess cannot be at {place}: no deal that fits every answer puts her there", lang,
                             place=p)
                if p in want and p not in got:
                    return _("the Princess can be at {place}: a deal that fits every answer puts her there", lang,
                             place=p)
            return None

        return (obs,), judge

    return run_cases(fn, _mixed(count, seed, players, "places"), ask, _("rounds", lang),
                     lambda o: _round_text(o, lang), _("round", lang))


@checker(N_("Count the deals that fit every answer, and among them those with the Princess at each place."),
         N_("The share of a place is the number of fitting deals with her there, over the number of fitting deals."),
         N_("Return a dict {place: Fraction(deals with her there, deals that fit)}; places with none may be "
            "left out."))
def check_candidates(fn: Callable[[Mapping[str, Any]], Any], count: int = 30, seed: int | None = 0,
                     players: int | Sequence[int] = PLAYERS, lang: str | None = None) -> Check:
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
                example = "{'" + places[0] + "': Fraction(1, 2), ...}"
                return _("answer a dict {{place: share}} like {example}, not {answer}", lang, example=example,
                         answer=repr(answer))
            got = {p: Fraction(0) for p in places}
            for key, value in answer.items():
                try:
                    got[_read_place(key, places, lang)] = read_fraction(value)
                except KitError as exc:
                    return str(exc)
            for p in places:
                if got[p] != want[p]:
                    total = len(consistent_deals(obs))
                    n = int(want[p] * total)
                    return ngettext("the Princess is at {place} in {n} of the {total} deals that fit every answer: "
                                    "{share}, not {got}",
                                    "the Princess is at {place} in {n} of the {total} deals that fit every answer: "
                                    "{share}, not {got}", n, lang, place=p, total=total, share=want[p], got=got[p])
            return None

        return (obs,), judge

    return run_cases(fn, _mixed(count, seed, players, "candidates"), ask, _("rounds", lang),
                     lambda o: _round_text(o, lang), _("round", lang))


# --------------------------------------------------------------------------- 6. the same in logic

@checker(N_("Every answer claims one thing: that one place holds one character."),
         N_("\"Where is the Princess?\" claims something about the Princess; the other two questions claim "
            "something about a character at a place."),
         N_("Use x[place, character]: the place answered with the Princess, or the one asked (\"Who are you?\"), "
            "or the place pointed at (\"Who is that?\"), with the character answered."))
def check_statement(fn: Callable[[Mapping[str, Any], Mapping], Any], count: int = 40, seed: int | None = 0,
                    lang: str | None = None) -> Check:
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
                return _("return a sympy formula built from the symbols in x (like x['p3', 'Princess']), not text",
                         lang)
            if isinstance(answer, (bool, BooleanTrue, BooleanFalse)):
                return _("got {answer}: whether the answer is true depends on the deal; build the formula from the "
                         "symbols x[place, character]", lang, answer=answer)
            if not isinstance(answer, Boolean):
                return _("expected a sympy formula of the symbols in x, not {kind}", lang, kind=type(answer).__name__)
            stray = answer.free_symbols - set(x.values())
            if stray:
                return _("uses symbols that are not in x: {symbols}", lang, symbols=", ".join(sorted(map(str, stray))))
            wrong = [m for m in satisfiable(And(deal_constraints(obs, x), Xor(answer, want)), all_models=True) if m]
            if not wrong:
                return None
            # sympy's order of models varies from run to run: name the first deal in the kit's order
            order = {c: i for i, c in enumerate(tile_set(obs))}
            places = hidden_places(obs)
            deals = [{p: c for (p, c), sym in x.items() if m.get(sym, False)} for m in wrong]
            deal = min(({p: d[p] for p in places} for d in deals), key=lambda d: [order[d[p]] for p in places])
            got = bool(answer.xreplace({sym: deal[p] == c for (p, c), sym in x.items()}))
            if got:
                return _("in the deal {deal} your formula gives True, but \"{claim}\" is false", lang,
                         deal=_shown(deal), claim=_claim(q, lang))
            return _("in the deal {deal} your formula gives False, but \"{claim}\" is true", lang,
                     deal=_shown(deal), claim=_claim(q, lang))

        return (dict(q), symbols(obs)), judge

    def describe_case(case: tuple) -> str:
        obs, q = case
        return _("{asked}, answer \"{answer}\"", lang, asked=_asked(q, obs["prince"], lang), answer=q["answer"])

    return run_cases(fn, cases, ask, _("answers", lang), describe_case)


# --------------------------------------------------------------------------- 7. which question is worth most

def _chance_cases(count: int, seed: int | None) -> list[tuple[str, str, list[str]]]:
    cases = _answer_cases(count, derive_seed(seed, "chances"))
    return [(("blue", "red", "green")[k % 3], truth, options) for k, (_c, truth, options) in enumerate(cases)]


@checker(N_("Green has one answer it may give; it gives that one every time."),
         N_("Red picks one of its lies, each as likely; blue tells the truth half the time."),
         N_("Blue's other half is shared equally among its lies. With m answers in play: red gives each lie "
            "1/(m - 1), blue gives each lie half of that."))
def check_answer_chances(fn: Callable[[str, str, Sequence[str]], Any], count: int = 30, seed: int | None = 0,
                         lang: str | None = None) -> Check:
    """Check ``fn(colour, truth, options) -> {answer: chance}`` under the kit's answer model.

    The model (:func:`answer_chances`, :class:`kit.princesslegend.worlds.ColourModel`):
    green tells the truth; red picks one of its lies, each as likely; blue
    tells the truth half the time and otherwise picks one of its lies, each as
    likely.  Chances may be Fractions, floats or text like ``"1/4"``;
    answers with no chance may be left out.

    >>> bool(check_answer_chances(answer_chances))
    True
    >>> uniform = check_answer_chances(lambda c, truth, options: {o: 1 / len(options) for o in options})
    >>> print(uniform)                                         # doctest: +ELLIPSIS
    ✘ case 1 (blue, the truth is p2, ...): the chance that blue tells the truth (p2) is not 0.3333
    """
    def ask(case: tuple) -> tuple[tuple, Callable[[Any], str | None]]:
        col, truth, options = case
        want = answer_chances(col, truth, options)

        def judge(answer: Any) -> str | None:
            if not isinstance(answer, Mapping):
                return _("answer a dict {{answer: chance}}, not {answer}", lang, answer=repr(answer))
            got = {o: 0.0 for o in options}
            for key, value in answer.items():
                found = next((o for o in options if isinstance(key, str) and key.strip().lower() == o.lower()), None)
                if found is None:
                    return _("{answer} is not one of the answers in play ({options})", lang, answer=repr(key),
                             options=", ".join(options))
                try:
                    got[found] = float(read_fraction(value)) if not isinstance(value, float) else value
                except KitError as exc:
                    return str(exc)
            if abs(sum(got.values()) - 1) > TOLERANCE:
                return _("the chances add up to {total:.4g}: the answerer gives exactly one answer, so they add "
                         "up to 1", lang, total=sum(got.values()))
            if abs(got[truth] - want[truth]) > TOLERANCE:
                return _("the chance that {colour} tells the truth ({answer}) is not {got:.4g}", lang,
                         colour=_colour_word(col, lang), answer=truth, got=got[truth])
            for o in options:
                if abs(got[o] - want[o]) > TOLERANCE:
                    return _("the chance of the lie {answer} is not {got:.4g}", lang, answer=o, got=got[o])
            return None

        return (col, truth, list(options)), judge

    def describe_case(case: tuple) -> str:
        col, truth, options = case
        return _("{colour}, the truth is {truth}, options {options}", lang, colour=_colour_word(col, lang),
                 truth=truth, options=", ".join(options))

    return run_cases(fn, _chance_cases(count, seed), ask, _("colours and answers", lang), describe_case)


def _value_cases(count: int, seed: int | None) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(round, question): small rounds, each kind of question in turn."""
    kinds = ("where-princess", "who-is", "who-are-you")
    cases = []
    for k, obs in enumerate(_mixed(count, seed, SMALL, "value", extra_every=4)):
        rng = random.Random(derive_seed(seed, "value-q", k))
        of_kind = [q for q in _questions(obs) if q["question"] == kinds[k % 3]]
        cases.append((obs, rng.choice(of_kind)))
    return cases


def _read_bits(answer: Any, lang: str | None) -> float | str:
    """A number of bits (float, int, Fraction, ``"0.5"``), or what is wrong with the answer."""
    if isinstance(answer, bool):
        return _("answer a number of bits, not {answer}", lang, answer=repr(answer))
    if isinstance(answer, (int, float, Fraction)):
        value = float(answer)
    elif isinstance(answer, str):
        try:
            value = float(Fraction(answer.replace(" ", "")))
        except (ValueError, ZeroDivisionError):
            return _("answer a number of bits, not {answer}", lang, answer=repr(answer))
    else:
        try:
            value = float(answer)                       # numpy numbers, sympy numbers
        except (TypeError, ValueError):
            return _("answer a number of bits, not {answer}", lang, answer=repr(answer))
    if math.isnan(value):
        return _("your function gave nan (not a number): is there a log of 0, or a division by 0?", lang)
    return value


@checker(N_("Information is the uncertainty about where the Princess is before the question, less the uncertainty "
            "you expect after the answer."),
         N_("Uncertainty is the entropy of her place: the sum of -p * log2(p) over the places, with p from the "
            "weighted worlds. After an answer, weigh every world by the chance of that answer in it."),
         N_("For each answer a: P(a) is the sum over the worlds of P(world) * P(a | world), and the entropy after a "
            "uses those products, divided by P(a). The information is the entropy before, minus the sum over a of "
            "P(a) times the entropy after a."))
def check_question_value(fn: Callable[[Mapping[str, Any], Mapping[str, Any]], Any], count: int = 24,
                         seed: int | None = 0, lang: str | None = None) -> Check:
    """Check ``fn(observation, question) -> bits``: the expected information of the question about her place.

    ``question`` is a dict like ``{"seat": 2, "question": "who-is", "about":
    "p1"}`` (not asked yet).  The worlds are :func:`weighted_worlds` and the
    answers follow :func:`answer_chances`; the reference is
    :func:`kit.princesslegend.deduction.best_question`.  Right within
    :data:`TOLERANCE`.

    >>> bool(check_question_value(question_value))
    True
    >>> print(check_question_value(lambda obs, q: 1.0))        # doctest: +ELLIPSIS
    ✘ case 1 (...): this question is worth ... bits, not 1
    """
    def ask(case: tuple) -> tuple[tuple, Callable[[Any], str | None]]:
        obs, q = case
        want = question_value(obs, q)

        def judge(answer: Any) -> str | None:
            got = _read_bits(answer, lang)
            if isinstance(got, str):
                return got
            if abs(got - want) <= TOLERANCE:
                return None
            if got < -TOLERANCE:
                return _("information is never negative: on average an answer cannot make you less sure", lang)
            return _("this question is worth {want:.4f} bits, not {got:.4g}", lang, want=want, got=got)

        return (obs, dict(q)), judge

    def describe_case(case: tuple) -> str:
        obs, q = case
        return _("{round}; {asked}", lang, round=_round_text(obs, lang), asked=_asked(q, obs["prince"], lang))

    return run_cases(fn, _value_cases(count, seed), ask, _("questions", lang), describe_case)


@checker(N_("Try every question the Prince may ask, to every other player."),
         N_("Work out the information of each question with your function of the last exercise."),
         N_("Return the question with the most information; when several tie, any of them is right."))
def check_best_question(fn: Callable[[Mapping[str, Any]], Any], count: int = 12, seed: int | None = 0,
                        lang: str | None = None) -> Check:
    """Check ``fn(observation) -> the question worth most`` (``"ask p2 who-is centre"`` or a question dict).

    Every question the Prince may put to one other player counts (the extra
    question goes to anyone); any question whose information is the largest
    (within :data:`TOLERANCE`) is right.

    >>> from kit.princesslegend.deduction import best_question
    >>> bool(check_best_question(lambda obs: best_question(obs)[0].question))
    True
    >>> print(check_best_question(lambda obs: best_question(obs)[-1].question))    # doctest: +ELLIPSIS
    ✘ round 1 (...): ask ... gives ... bits; another question gives ... bits
    """
    def ask(obs: dict[str, Any]) -> tuple[tuple, Callable[[Any], str | None]]:
        ranked = best_question(obs)
        values = {v.question: v.information for v in ranked}
        top = ranked[0].information

        def judge(answer: Any) -> str | None:
            try:
                text = _notation(answer) if isinstance(answer, (str, Mapping, Ask)) else None
            except (KitError, KeyError, TypeError) as exc:
                return _("not a question of this round: {why}", lang, why=exc)
            if text is None or text not in values:
                return _("{answer} is not a question the Prince may ask now (write it like \"ask p2 who-is centre\")",
                         lang, answer=repr(answer))
            if values[text] >= top - TOLERANCE:
                return None
            return _("{question} gives {got:.4f} bits; another question gives {top:.4f} bits", lang, question=text,
                     got=values[text], top=top)

        return (obs,), judge

    return run_cases(fn, _mixed(count, seed, SMALL, "best", extra_every=100), ask, _("rounds", lang),
                     lambda o: _round_text(o, lang), _("round", lang))


#: Every checker of the topic, from the easiest.
CHECKERS = (check_allowed_answers, check_fits, check_deal_consistent, check_consistent, check_world_count,
            check_princess_places, check_candidates, check_statement, check_answer_chances, check_question_value,
            check_best_question)

"""Sleeping Queens and addition: questions with pictures for children, equation exercises with sympy.

In Sleeping Queens a player may discard one card, a pair (two equal number
cards) or three or more number cards that make an addition equation with
one number on the right (2+3=5, 2+3+4=9; docs/rules/sleepingqueens.md#discarding).  The
exercises come at two levels.

**Young level (age 8 to 10): small numbers, cards with dots.**  Each
question is made from a seed (:class:`CardQuestion`; a notebook shows it
as the cards themselves, drawn by :mod:`kit.render.sleepingqueens_art`, with
countable dots).  The child answers with a value: ``5``, ``"5"`` or
``"five"``; ``"yes"`` or ``False``; ``"2 and 5"``; ``"2 + 3 = 5"``.  Answers are
*read* (:func:`read_number`, :func:`read_numbers`, :func:`read_yes_no`, and
:func:`kit.sleepingqueens.equations.parse_equation` for an addition), never
evaluated.  From the easiest:

=====================  ==============================================  =========================
question               asks                                            checker
=====================  ==============================================  =========================
:func:`sum_question`   how many dots on two cards together             :func:`check_card_sum`
:func:`truth_question` is "2 + 3 = 6" true?                            :func:`check_true_or_false`
:func:`pair_question`  find the pair in a hand                         :func:`check_pair`
:func:`make_question`  which two cards make 7?                         :func:`check_two_cards`
:func:`missing_question`  which card is missing in 2 + ? = 7            :func:`check_missing_card`
:func:`addition_question` find an addition in a hand, write it          :func:`check_addition`
=====================  ==============================================  =========================

Every seed gives a new question (endless variants); the checker takes the
same ``seed=``.  :func:`kit.widgets.kids.cards.practice` puts a question on the screen
with buttons to click (the same questions and checkers), for a child who does not
type: a widget, in the widgets layer (this module holds no widgets).

**Older level: functions and sympy.**  The learner writes a function and the
checker runs it on many seeded hands (:func:`hands`) and explains the first
mistake: :func:`check_is_equation`, :func:`check_sympy_equation` (the
equation as an unevaluated ``sympy.Eq``), :func:`check_equations_in` (every
equation discard of a hand), :func:`check_count_equations` (how many) and
:func:`check_largest_discard` (the most cards one discard can throw away).
The references are :func:`kit.sleepingqueens.is_equation` and
:mod:`kit.sleepingqueens.equations`.

Every checker is a :class:`kit.teach.hints.Checker`: ``check_pair.hint()``,
``check_pair.hint(3)`` give hints in steps, from a nudge to nearly the
answer, and never the answer.  Feedback and hints are message templates
(:mod:`kit.i18n`).

Examples
--------
>>> from kit.teach.sleepingqueens import sum_question, check_card_sum, hands, check_is_equation
>>> q = sum_question(seed=4)
>>> q.cards, q.prompt()
((4, 5), 'How many dots are there on the two cards together?')
>>> print(check_card_sum("nine", seed=4))
✔ Right! The two cards have 9 dots together.
>>> print(check_card_sum(10, seed=4))
✘ 10 is too many. Count the dots again, one by one.
>>> str(check_card_sum.hint())
'Hint 1 of 3: Count the dots on the first card.'
>>> hands(2, seed=1)
[['4', '7', '8', 'King', 'Wand'], ['2', '6', '7', '10', 'King']]
>>> from kit.sleepingqueens import is_equation
>>> bool(check_is_equation(is_equation))
True
"""

from __future__ import annotations

import numbers
import random
import re
from collections import Counter
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any, Callable, Iterable, Sequence

from ..core import InvalidActionError, KitError, derive_seed
from ..i18n import N_, _, ngettext
from ..i18n.refusals import explain
from ..i18n.words import NO_WORDS, YES_WORDS, phrase_value, scan, sign_of, to_symbols, words_of
from ..sleepingqueens.cards import DECK, card_named, is_equation
from ..sleepingqueens.equations import equations_in, holds, parse_equation, to_sympy
from ..sleepingqueens.state import discards
from .checks import Check, run_cases
from .hints import checker

__all__ = ["read_number", "read_numbers", "read_yes_no", "read_addition",
           "CardQuestion", "KINDS", "question", "sum_question", "truth_question", "pair_question",
           "make_question", "missing_question", "addition_question",
           "check_card_sum", "check_true_or_false", "check_pair", "check_two_cards", "check_missing_card",
           "check_addition", "YOUNG_CHECKERS",
           "hands", "number_groups", "largest_discard",
           "check_is_equation", "check_sympy_equation", "check_equations_in", "check_count_equations",
           "check_largest_discard", "OLDER_CHECKERS"]

_FLAT = [str(c) for c in DECK for _n in range(DECK[c])]


# =========================================================================== reading a child's answer

# The words a child may write (numbers, plus, equals, yes and no) live with the languages: kit.i18n.words.
_STRIP = " \t\r\n.!?\"'"


def _quoted(answer: Any) -> str:
    text = repr(answer)
    return text if len(text) <= 40 else text[:40] + "..."


def read_number(answer: Any, lang: str | None = None) -> int:
    """A whole number a child wrote: ``5``, ``5.0``, ``"5"``, ``" 5. "``, ``"five"`` or ``"twenty-one"`` (any case).

    Text is read, never evaluated: digits, or the number in words from zero to
    ninety-nine, in English or in the language ``lang`` (its words are the
    catalog's :data:`kit.i18n.words.NUMBER_WORDS` and :data:`~kit.i18n.words.TENS_WORDS`, joined as the language
    joins them: "vingt et un", "dwadzieścia jeden", "douăzeci și unu", "dvacet
    jedna" or "jedenadvacet", "vinte e um"; accents may be left out).

    >>> read_number(5), read_number(" 7 "), read_number("Five"), read_number("TWELVE!"), read_number(3.0)
    (5, 7, 5, 12, 3)
    >>> read_number("twenty one"), read_number("vingt et un", "fr"), read_number("dwadzieścia jeden", "pl")
    (21, 21, 21)
    >>> read_number("2+3")
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: I cannot read '2+3' as a number: write one number, in digits or in words.
    >>> read_number(True)
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: True is not a number: write one number, in digits or in words.
    """
    if isinstance(answer, numbers.Integral) and not isinstance(answer, bool):
        return int(answer)
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    if isinstance(answer, str):
        text = answer.strip(_STRIP)
        found = phrase_value(text.split() or [""], lang)
        if found is not None:
            return found
        raise KitError(_("I cannot read {answer} as a number: write one number, in digits or in words.", lang,
                         answer=_quoted(answer)))
    raise KitError(_("{answer} is not a number: write one number, in digits or in words.", lang,
                     answer=_quoted(answer)))


def read_numbers(answer: Any, lang: str | None = None) -> list[int]:
    """Several numbers a child wrote: ``[2, 5]``, ``(2, 5)``, ``"2 and 5"``, ``"2, 5"``, ``"2+5"``, ``"two five"``.

    Numbers in text are separated by spaces, commas, ``+``, ``&`` or the
    words "and" and "plus"; each is read like :func:`read_number` (a number
    of several words, "vinte e um", is one number).

    >>> read_numbers("2 and 5"), read_numbers("two plus Five"), read_numbers([3, "4"]), read_numbers("6,1")
    ([2, 5], [2, 5], [3, 4], [6, 1])
    >>> read_numbers("dois e cinco", "pt"), read_numbers("vinte e um", "pt")
    ([2, 5], [21])
    >>> read_numbers("2 - 5")
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: I cannot read '-' as a number: write one number, in digits or in words.
    """
    if isinstance(answer, str):
        parts = [p for p in re.split(r"[\s,;+&/]+", answer.strip(_STRIP)) if p]
        out = []
        for text, value in scan(parts, lang):
            if value is not None:
                out.append(value)
            elif sign_of(text, lang) != "+":
                out.append(read_number(text, lang))      # not a number: says so in the child's words
        if not out:
            raise KitError(_("There is no number in {answer}: write the numbers of the cards.", lang,
                             answer=_quoted(answer)))
        return out
    if isinstance(answer, (list, tuple, set, frozenset)):
        return [read_number(a, lang) for a in answer]
    return [read_number(answer, lang)]


def read_yes_no(answer: Any, lang: str | None = None) -> bool:
    """A child's yes or no: ``True``/``False``, or text such as ``"yes"``, ``"No"``, ``"true"``, ``"wrong"``.

    >>> read_yes_no("Yes"), read_yes_no(False), read_yes_no(" no! "), read_yes_no("true")
    (True, False, False, True)
    >>> read_yes_no("maybe")
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: Answer yes or no (or True or False), not 'maybe'.
    """
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        text = " ".join(answer.strip(_STRIP).casefold().split())
        if text in words_of(YES_WORDS, lang):
            return True
        if text in words_of(NO_WORDS, lang):
            return False
    raise KitError(_("Answer yes or no (or True or False), not {answer}.", lang, answer=_quoted(answer)))


def read_addition(answer: Any, lang: str | None = None) -> tuple[tuple[int, ...], int]:
    """An addition a child wrote, in symbols or in words: ``((2, 3), 5)`` from ``"2 + 3 = 5"``.

    Numbers in words become digits (a number of several words is one number,
    "vingt et un" is 21), "plus" and "and" become ``+``, "equals",
    "is" and "makes" become ``=``; then
    :func:`kit.sleepingqueens.equations.parse_equation` reads it (never
    evaluated).  Whether it is true is not checked here.

    >>> read_addition("2+3=5."), read_addition("Two plus three makes five"), read_addition("4 and 4 is 8")
    (((2, 3), 5), ((2, 3), 5), ((4, 4), 8))
    >>> read_addition("deux et trois font cinq", "fr"), read_addition("trzy i siedem to dziesięć", "pl")
    (((2, 3), 5), ((3, 7), 10))
    >>> read_addition("2 - 3 = 5")                               # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    kit.core.errors.InvalidActionError: '2 - 3 = 5': '-' (character 3) is not allowed: only addition, ...
    """
    if not isinstance(answer, str):
        raise KitError(_("Write the addition as text, like this: {example}", lang, example="1 + 1 = 2"))
    symbols = to_symbols(answer, lang)
    changed = symbols.replace(" ", "") != answer.strip(_STRIP).replace(" ", "")
    # unchanged text goes to the parser as written (but a full stop), so that it quotes the child's own text
    return parse_equation((symbols if changed else answer).strip(_STRIP))


def _says_equals(answer: Any, lang: str | None) -> bool:
    """Does the child's text have an ``=`` (or "equals", "is", "makes")?"""
    if not isinstance(answer, str):
        return False
    return "=" in to_symbols(answer, lang)


# =========================================================================== young level: questions

#: The young level's kinds of question, from the easiest.
KINDS = ("sum", "truth", "pair", "make", "missing", "addition")


@dataclass(frozen=True)
class CardQuestion:
    """One young-level question, made from a seed: the number cards shown and the number asked about.

    Attributes
    ----------
    kind
        One of :data:`KINDS`.
    seed
        The seed it was made from (the checker takes the same one).
    cards
        The number cards shown: the two cards to add ("sum", "truth"), the
        first card ("missing") or a hand of five ("pair", "make", "addition").
    target
        The number after the ``=`` sign ("truth", "missing") or the number to
        make ("make"); ``None`` otherwise.

    Shown in a notebook, it draws the cards with their dots.

    >>> q = truth_question(seed=3)
    >>> q.cards, q.target, q.prompt()
    ((2, 5), 6, 'Is 2 + 5 = 6 true? Answer yes or no.')
    >>> print(q)
    Is 2 + 5 = 6 true? Answer yes or no.
    Cards: 2 + 5 = 6
    """

    kind: str
    seed: int
    cards: tuple[int, ...]
    target: int | None = None

    def prompt(self, lang: str | None = None) -> str:
        """The question in words."""
        k = self.kind
        if k == "sum":
            return _("How many dots are there on the two cards together?", lang)
        if k == "truth":
            return _("Is {left} = {right} true? Answer yes or no.", lang, left=_plus(self.cards), right=self.target)
        if k == "pair":
            return _("Find the pair: two cards with the same number. Which number is it?", lang)
        if k == "make":
            return _("Which two cards make {target} together?", lang, target=self.target)
        if k == "missing":
            return _("Which card is missing? {first} + ? = {right}", lang, first=self.cards[0], right=self.target)
        return _("Find an addition in this hand: two or more cards that make another card of the hand. "
                 "Write it with + and =, the biggest card alone after the = sign.", lang)

    def layout(self) -> list[int | str]:
        """What is drawn, in order: card numbers, ``"+"``, ``"="``, ``"?"`` (the number asked for) and
        ``"back"`` (the card face down whose number is asked for)."""
        a = self.cards
        if self.kind == "sum":
            return [a[0], "+", a[1], "=", "?"]
        if self.kind == "truth":
            return [a[0], "+", a[1], "=", self.target]
        if self.kind == "missing":
            return [a[0], "+", "back", "=", self.target]
        return list(a)

    def __str__(self) -> str:
        shown = " ".join("?" if x == "back" else str(x) for x in self.layout())
        return self.prompt() + "\n" + _("Cards: {cards}", None, cards=shown)

    def html(self, lang: str | None = None, width: int = 90, cards: bool = True) -> str:
        """The question as HTML: the prompt and (unless ``cards=False``) the cards, each drawn with its dots."""
        from html import escape

        from ..render.sleepingqueens_art import back_svg, card_svg  # lazy: checkers never need pictures

        parts = []
        for x in self.layout():
            if isinstance(x, int):
                label = ngettext("a card with {n} dot", "a card with {n} dots", x, lang)
                parts.append(card_svg(str(x), width=width, label=label))
            elif x == "back":
                parts.append(back_svg(width=width, label=_("a card face down: which number is it?", lang)))
            else:
                parts.append(f'<span aria-hidden="true" style="font-size:40px;font-weight:800;padding:0 6px">'
                             f'{escape(x)}</span>')
        row = "".join(f'<span style="display:inline-flex;align-items:center">{p}</span>' for p in parts)
        row = f'<div style="display:flex;flex-wrap:wrap;gap:8px;align-items:center">{row}</div>' if cards else ""
        return (f'<div role="group" aria-label="{escape(self.prompt(lang))}" '
                f'style="font-family:system-ui,sans-serif;color:#1f2328">'
                f'<p style="font-size:20px;margin:4px 0 8px">{escape(self.prompt(lang))}</p>{row}</div>')

    def _repr_html_(self) -> str:
        return self.html()


def _plus(values: Iterable[int]) -> str:
    return " + ".join(str(v) for v in values)


def _rng(seed: int, kind: str) -> random.Random:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise KitError(f"seed is a whole number (each number gives a new question), not {seed!r}")
    return random.Random(derive_seed(seed, "young", kind))


def sum_question(seed: int = 0) -> CardQuestion:
    """Two cards of 1 to 5 dots: how many dots together?

    >>> [sum_question(s).cards for s in range(4)]
    [(2, 2), (2, 5), (2, 2), (3, 3)]
    """
    rng = _rng(seed, "sum")
    return CardQuestion("sum", seed, (rng.randint(1, 5), rng.randint(1, 5)))


def truth_question(seed: int = 0) -> CardQuestion:
    """An addition of two cards (1 to 5) and a number after ``=``: right half the time, a little off otherwise.

    >>> [(q.cards, q.target) for q in map(truth_question, range(4))]
    [((3, 4), 7), ((5, 3), 8), ((3, 3), 6), ((2, 5), 6)]
    """
    rng = _rng(seed, "truth")
    a, b = rng.randint(1, 5), rng.randint(1, 5)
    right = a + b
    if rng.random() < 0.5:
        right = rng.choice([v for v in (a + b - 2, a + b - 1, a + b + 1, a + b + 2) if 1 <= v <= 10])
    return CardQuestion("truth", seed, (a, b), right)


def pair_question(seed: int = 0) -> CardQuestion:
    """A hand of five number cards with exactly one pair (two cards of one number).

    >>> pair_question(0).cards
    (1, 6, 6, 4, 3)
    """
    rng = _rng(seed, "pair")
    n = rng.randint(1, 10)
    hand = [n, n] + rng.sample([k for k in range(1, 11) if k != n], 3)
    rng.shuffle(hand)
    return CardQuestion("pair", seed, tuple(hand))


def make_question(seed: int = 0) -> CardQuestion:
    """A hand of five number cards and a number from 4 to 10 that two of them make (maybe in more than one way).

    >>> q = make_question(4)
    >>> q.cards, q.target
    ((9, 7, 3, 5, 4), 9)
    """
    rng = _rng(seed, "make")
    target = rng.randint(4, 10)
    a = rng.randint(1, target - 1)
    hand = [a, target - a] + rng.sample(range(1, 10), 3)
    rng.shuffle(hand)
    return CardQuestion("make", seed, tuple(hand), target)


def missing_question(seed: int = 0) -> CardQuestion:
    """``first + ? = right`` with ``right`` from 3 to 10: which card is missing?

    >>> [(q.cards, q.target) for q in map(missing_question, range(3))]
    [((3,), 4), ((5,), 6), ((7,), 8)]
    """
    rng = _rng(seed, "missing")
    right = rng.randint(3, 10)
    return CardQuestion("missing", seed, (rng.randint(1, right - 1),), right)


def addition_question(seed: int = 0) -> CardQuestion:
    """A hand of five number cards with at least one addition (two cards that make a third).

    >>> addition_question(2).cards
    (6, 3, 8, 7, 2)
    """
    rng = _rng(seed, "addition")
    right = rng.randint(3, 10)
    a = rng.randint(1, right - 1)
    hand = [a, right - a, right] + rng.sample(range(1, 11), 2)
    rng.shuffle(hand)
    return CardQuestion("addition", seed, tuple(hand))


_MAKERS: dict[str, Callable[[int], CardQuestion]] = {
    "sum": sum_question, "truth": truth_question, "pair": pair_question, "make": make_question,
    "missing": missing_question, "addition": addition_question}


def question(kind: str, seed: int = 0) -> CardQuestion:
    """The question of ``kind`` (one of :data:`KINDS`) made from ``seed``.

    >>> question("pair", 0) == pair_question(0)
    True
    """
    if kind not in _MAKERS:
        raise KitError(f"kind is one of {', '.join(KINDS)}, not {kind!r}")
    return _MAKERS[kind](seed)


# =========================================================================== young level: checkers

def _blank(answer: Any, lang: str | None) -> Check | None:
    if answer is None or answer is Ellipsis:
        return Check(False, 0, _("There is no answer yet: write your answer instead of None.", lang))
    return None


def _right(message: str) -> Check:
    return Check(True, 1, message)


def _wrong(message: str) -> Check:
    return Check(False, 1, message)


def _in_hand(values: Sequence[int], hand: Sequence[int], lang: str | None) -> str | None:
    """What is wrong when ``values`` are not cards of ``hand`` (each card once), else ``None``."""
    held, need = Counter(hand), Counter(values)
    for v in sorted(need):
        if held[v] == 0:
            return _("There is no {n} in this hand. Look at the cards again.", lang, n=v)
        if need[v] > held[v]:
            return _("There is only one {n} in this hand: you may use each card once.", lang, n=v)
    return None


@checker(N_("Count the dots on the first card."),
         N_("Now go on counting the dots of the second card, without starting again from one."),
         N_("Say the number of the first card, then count up by one for each dot of the second card: "
            "the last number you say is the answer."))
def check_card_sum(answer: Any, seed: int = 0, lang: str | None = None) -> Check:
    """How many dots on the two cards of :func:`sum_question` ``(seed)``? (``5``, ``"5"``, ``"five"``)

    >>> bool(check_card_sum(9, seed=4)), str(check_card_sum(8, seed=4))
    (True, '✘ 8 is too few. Count the dots again, one by one.')
    >>> print(check_card_sum("lots", seed=4))
    ✘ I cannot read 'lots' as a number: write one number, in digits or in words.
    """
    q = sum_question(seed)
    blank = _blank(answer, lang)
    if blank is not None:
        return blank
    try:
        got = read_number(answer, lang)
    except KitError as exc:
        return _wrong(str(exc))
    want = sum(q.cards)
    if got == want:
        return _right(ngettext("Right! The two cards have {n} dot together.",
                               "Right! The two cards have {n} dots together.", want, lang))
    if got > want:
        return _wrong(_("{got} is too many. Count the dots again, one by one.", lang, got=got))
    return _wrong(_("{got} is too few. Count the dots again, one by one.", lang, got=got))


@checker(N_("Work out the left side first: add the numbers before the = sign."),
         N_("Compare what the left side makes with the number after the = sign."),
         N_("The addition holds only when both sides are the very same number; when they differ, it does not."))
def check_true_or_false(answer: Any, seed: int = 0, lang: str | None = None) -> Check:
    """Is the addition of :func:`truth_question` ``(seed)`` true? (``"yes"``, ``"no"``, ``True``, ``False``)

    >>> truth_question(3).prompt()
    'Is 2 + 5 = 6 true? Answer yes or no.'
    >>> bool(check_true_or_false("no", seed=3)), str(check_true_or_false("yes", seed=3))
    (True, '✘ Not this time: add 2 + 5 again and compare it with 6.')
    """
    q = truth_question(seed)
    blank = _blank(answer, lang)
    if blank is not None:
        return blank
    try:
        got = read_yes_no(answer, lang)
    except KitError as exc:
        return _wrong(str(exc))
    left, right = _plus(q.cards), q.target
    if got == (sum(q.cards) == right):
        if got:
            return _right(_("Right! {left} makes {right}.", lang, left=left, right=right))
        return _right(_("Right! {left} does not make {right}: it makes {total}.", lang, left=left, right=right,
                        total=sum(q.cards)))
    return _wrong(_("Not this time: add {left} again and compare it with {right}.", lang, left=left, right=right))


@checker(N_("A pair is two cards with the same number."),
         N_("Look at the colours of the dots: cards with the same number have dots of the same colour."),
         N_("Find the two cards that look exactly alike, and write the number on them."))
def check_pair(answer: Any, seed: int = 0, lang: str | None = None) -> Check:
    """Which number is the pair of :func:`pair_question` ``(seed)``? (``9``, ``"nine"``, ``"9 and 9"``)

    >>> pair_question(0).cards
    (1, 6, 6, 4, 3)
    >>> bool(check_pair("six", seed=0)), bool(check_pair([6, 6], seed=0)), str(check_pair(4, seed=0))
    (True, True, '✘ There is only one 4 in this hand: a pair is two cards with the same number.')
    """
    q = pair_question(seed)
    blank = _blank(answer, lang)
    if blank is not None:
        return blank
    try:
        got = read_numbers(answer, lang)
    except KitError as exc:
        return _wrong(str(exc))
    if len(got) == 2 and got[0] != got[1]:
        return _wrong(_("{a} and {b} are two different numbers: a pair is two cards with the same number.", lang,
                        a=got[0], b=got[1]))
    if len(got) not in (1, 2):
        return _wrong(_("A pair is two cards: write the one number they both show.", lang))
    n = got[0]
    count = q.cards.count(n)
    if count >= 2:
        return _right(_("Right! The two {n}s are a pair: you may discard them together.", lang, n=n))
    if count == 1:
        return _wrong(_("There is only one {n} in this hand: a pair is two cards with the same number.", lang, n=n))
    return _wrong(_("There is no {n} in this hand. Look at the cards again.", lang, n=n))


@checker(N_("Pick one card, then work out how many more you need to reach the number asked for."),
         N_("Is there another card with exactly that many dots? If not, try the next card."),
         N_("Start with the smallest card: take it away from the number asked for, and look for a card with "
            "what is left."))
def check_two_cards(answer: Any, seed: int = 0, lang: str | None = None) -> Check:
    """Which two cards of :func:`make_question` ``(seed)`` make its number? Any two that do are right.

    ``(3, 7)``, ``"3 and 7"``, ``"three plus seven"`` or ``"3 + 7 = 10"``.

    >>> make_question(4).cards, make_question(4).target
    ((9, 7, 3, 5, 4), 9)
    >>> bool(check_two_cards("5 and 4", seed=4)), bool(check_two_cards("four plus five makes nine", seed=4))
    (True, True)
    >>> bool(check_two_cards("4 + 5 = 9", seed=4)), bool(check_two_cards(("5", 4), seed=4))
    (True, True)
    >>> print(check_two_cards("3 + 7", seed=4))
    ✘ 3 + 7 makes 10, not 9.
    >>> print(check_two_cards("6 + 3", seed=4))
    ✘ There is no 6 in this hand. Look at the cards again.
    """
    q = make_question(seed)
    blank = _blank(answer, lang)
    if blank is not None:
        return blank
    right = None
    try:
        if _says_equals(answer, lang):
            left, right = read_addition(answer, lang)
            got = list(left)
        else:
            got = read_numbers(answer, lang)
    except (KitError, InvalidActionError) as exc:  # an equation's refusal, in the learner's language
        return _wrong(explain(exc, lang))
    if len(got) != 2:
        return _wrong(ngettext("You gave {n} card: the question asks for two cards.",
                               "You gave {n} cards: the question asks for two cards.", len(got), lang))
    missing = _in_hand(got, q.cards, lang)
    if missing:
        return _wrong(missing)
    if right is not None and right != q.target:
        return _wrong(_("The question asks which cards make {target}, not {right}.", lang, target=q.target,
                        right=right))
    if sum(got) != q.target:
        return _wrong(_("{left} makes {total}, not {target}.", lang, left=_plus(got), total=sum(got),
                        target=q.target))
    return _right(_("Right! {left} makes {target}.", lang, left=_plus(got), target=q.target))


@checker(N_("The missing card, added to the first card, must make the number after the = sign."),
         N_("Count on from the first card's number until you reach the number after the = sign."),
         N_("Count the steps you made as you counted on: that is the number on the missing card."))
def check_missing_card(answer: Any, seed: int = 0, lang: str | None = None) -> Check:
    """Which card is missing in :func:`missing_question` ``(seed)``? (``5``, ``"5"``, ``"five"``)

    >>> missing_question(3).prompt()
    'Which card is missing? 1 + ? = 8'
    >>> bool(check_missing_card("Seven", seed=3)), str(check_missing_card(6, seed=3))
    (True, '✘ 1 + 6 makes 7, not 8.')
    >>> print(check_missing_card(11, seed=3))
    ✘ 11 is not a card: the number cards go from 1 to 10.
    """
    q = missing_question(seed)
    blank = _blank(answer, lang)
    if blank is not None:
        return blank
    try:
        got = read_number(answer, lang)
    except KitError as exc:
        return _wrong(str(exc))
    if not 1 <= got <= 10:
        return _wrong(_("{n} is not a card: the number cards go from 1 to 10.", lang, n=got))
    first, right = q.cards[0], q.target
    if first + got != right:
        return _wrong(_("{left} makes {total}, not {target}.", lang, left=_plus((first, got)), total=first + got,
                        target=right))
    return _right(_("Right! {left} = {target}.", lang, left=_plus((first, got)), target=right))


@checker(N_("Look for two cards that add up to a third card of the hand."),
         N_("Begin with the biggest card: which two smaller cards make it?"),
         N_("Write the two smaller cards with + between them, then = and the card they make."))
def check_addition(answer: Any, seed: int = 0, lang: str | None = None) -> Check:
    """An addition discard of the hand of :func:`addition_question` ``(seed)``: any one is right.

    The child writes it (``"2 + 6 = 8"``: it must be true as written,
    docs/rules/sleepingqueens.md#equations) or gives the cards (``[2, 6, 8]``).

    >>> addition_question(2).cards
    (6, 3, 8, 7, 2)
    >>> bool(check_addition("2 + 6 = 8", seed=2)), bool(check_addition([8, 6, 2], seed=2))
    (True, True)
    >>> print(check_addition("8 + 6 = 2", seed=2))
    ✘ 8 + 6 makes 14, not 2. The biggest card goes alone after the = sign.
    >>> print(check_addition("3 + 6 = 9", seed=2))
    ✘ There is no 9 in this hand. Look at the cards again.
    >>> print(check_addition("3 + 2 = 7", seed=2))
    ✘ 3 + 2 makes 5, not 7.
    """
    q = addition_question(seed)
    blank = _blank(answer, lang)
    if blank is not None:
        return blank
    try:
        if _says_equals(answer, lang):
            left, right = read_addition(answer, lang)
            values, written = list(left) + [right], True
        else:
            values, written = read_numbers(answer, lang), False
            if len(values) < 3:
                return _wrong(_("An addition needs three or more cards: two that you add and the card they make.",
                                lang))
            values.sort()
            left, right = tuple(values[:-1]), values[-1]
    except (KitError, InvalidActionError) as exc:  # an equation's refusal, in the learner's language
        return _wrong(explain(exc, lang))
    missing = _in_hand(values, q.cards, lang)
    if missing:
        return _wrong(missing)
    if not holds(to_sympy(left, right)):
        total = sum(left)
        if written and is_equation(values):
            return _wrong(_("{left} makes {total}, not {right}. The biggest card goes alone after the = sign.",
                            lang, left=_plus(left), total=total, right=right))
        return _wrong(_("{left} makes {total}, not {right}.", lang, left=_plus(left), total=total, right=right))
    return _right(_("Right! {left} = {right}: you may discard these cards together.", lang, left=_plus(left),
                    right=right))


#: The young level's checkers by kind of question (the order of :data:`KINDS`).
YOUNG_CHECKERS = {"sum": check_card_sum, "truth": check_true_or_false, "pair": check_pair,
                  "make": check_two_cards, "missing": check_missing_card, "addition": check_addition}


# =========================================================================== older level

def hands(count: int, seed: int | None = 0) -> list[list[str]]:
    """``count`` seeded five-card hands dealt from the 67 red-backed cards (number cards first, sorted).

    >>> len(hands(3, seed=2)), all(len(h) == 5 for h in hands(3, seed=2))
    (3, True)
    """
    if not isinstance(count, int) or count < 1:
        raise KitError(f"count must be a positive whole number, not {count!r}")
    out = []
    for k in range(count):
        cards = random.Random(derive_seed(seed, "hand", k)).sample(_FLAT, 5)
        out.append(sorted(cards, key=lambda c: (not c.isdigit(), int(c) if c.isdigit() else 0, c)))
    return out


def _number_hands(count: int, seed: int | None) -> list[list[str]]:
    """``count`` seeded hands of five number cards (many equations: the cases that teach)."""
    numbers_only = [c for c in _FLAT if c.isdigit()]
    return [sorted(random.Random(derive_seed(seed, "numbers", k)).sample(numbers_only, 5), key=int)
            for k in range(count)]


#: Hands every older-level checker tries too: repeats, long equations, none at all.
_SPECIAL_HANDS = [["1", "1", "2", "2", "4"], ["2", "3", "5", "7", "9"], ["1", "2", "3", "4", "10"],
                  ["4", "4", "4", "8", "King"], ["King", "Knight", "Dragon", "Jester", "Wand"],
                  ["1", "1", "1", "3", "6"], ["5", "5", "Potion", "9", "10"]]


def number_groups(seed: int | None = 0) -> list[tuple[int, ...]]:
    """Every multiset of 2 to 4 numbers from 1 to 10, then a seeded shuffle (the cases of :func:`check_is_equation`)."""
    groups = [g for k in (2, 3, 4) for g in combinations_with_replacement(range(1, 11), k)]
    random.Random(derive_seed(seed, "groups")).shuffle(groups)
    return groups


def _eq(left: Sequence[int], right: int | None = None) -> str:
    if right is None:
        left, right = tuple(left)[:-1], tuple(left)[-1]
    return "+".join(map(str, left)) + f"={right}"


@checker(N_("The numbers may come in any order: sort them first."),
         N_("An equation needs three or more numbers, and the largest stands alone on the right."),
         N_("Sorted, the numbers make an equation when there are at least three of them and the last one is the "
            "sum of all the ones before it."))
def check_is_equation(fn: Callable[[Sequence[int]], bool], seed: int | None = 0, lang: str | None = None) -> Check:
    """Check ``fn(numbers) -> bool`` on every group of 2 to 4 numbers (in a seeded order).

    >>> print(check_is_equation(lambda numbers: sum(numbers[:-1]) == numbers[-1]))  # doctest: +ELLIPSIS
    ✘ case ... (...): ...
    """
    def ask(group: tuple[int, ...]) -> tuple[tuple, Callable[[Any], str | None]]:
        want = is_equation(group)
        shown = list(group)
        random.Random(hash(group) & 0xFFFF).shuffle(shown)  # not always sorted: the largest may come first

        def judge(answer: Any) -> str | None:
            if not isinstance(answer, bool):
                return _("answer True or False, not {answer}", lang, answer=_quoted(answer))
            if answer == want:
                return None
            if want:
                return _("{numbers} do make an equation: {equation}", lang, numbers=shown, equation=_eq(sorted(group)))
            if len(group) < 3:
                return _("{numbers}: an equation needs three or more numbers (two equal numbers are a pair)", lang,
                         numbers=shown)
            return _("{numbers}: the largest, {largest}, is not the sum of the others ({others})", lang,
                     numbers=shown, largest=max(group), others=sum(group) - max(group))

        return (list(shown),), judge

    return run_cases(fn, number_groups(seed), ask, _("groups of numbers", lang),
                     lambda g: _("numbers {numbers}", lang, numbers=sorted(g)))


@checker(N_("Build every number with sympy.Integer, so that sympy sees its own numbers."),
         N_("Add them with sympy.Add(..., evaluate=False): without it sympy works out the sum at once."),
         N_("Make the equation with sympy.Eq(left side, right side, evaluate=False), so that a false equation "
            "stays an equation."))
def check_sympy_equation(fn: Callable[[Sequence[int], int], Any], seed: int | None = 0,
                         lang: str | None = None) -> Check:
    """Check ``fn(left, right) -> sympy.Eq``: an unevaluated equation, true or false, that sympy can decide.

    >>> bool(check_sympy_equation(to_sympy))
    True
    """
    import sympy  # here: the children's questions of this module need no sympy

    cases = [((2, 3), 5), ((2, 3), 6), ((2, 3, 4), 9), ((1, 1, 2), 4), ((4, 4), 7), ((1, 2, 3, 4), 10)]
    rng = random.Random(derive_seed(seed, "sympy"))
    cases += [(tuple(rng.randint(1, 4) for _k in range(rng.randint(2, 3))), rng.randint(3, 10)) for _j in range(20)]

    def ask(case: tuple) -> tuple[tuple, Callable[[Any], str | None]]:
        left, right = case
        truth = sum(left) == right

        def judge(answer: Any) -> str | None:
            if answer is sympy.true or answer is sympy.false or isinstance(answer, bool):
                return _("got {answer}: sympy evaluated the equation; build it with sympy.Eq(..., evaluate=False) "
                         "so that a false equation stays an equation", lang, answer=answer)
            if not isinstance(answer, sympy.Equality):
                return _("expected a sympy.Eq, not {kind}", lang, kind=type(answer).__name__)
            try:
                verdict = holds(answer)
            except KitError as exc:
                return _("not the equation of these numbers: {why}", lang, why=exc)
            if answer.rhs != right or sorted(int(a) for a in sympy.Add.make_args(answer.lhs)) != sorted(left):
                return _("expected {expected}, got {got}", lang, expected=_eq(left, right), got=sympy.latex(answer))
            if verdict == truth:
                return None
            return _("sympy says {verdict} for {equation}", lang, verdict=verdict, equation=_eq(left, right))

        return (list(left), right), judge

    return run_cases(fn, cases, ask, _("equations", lang), lambda c: _eq(*c))


@checker(N_("Keep only the number cards of the hand, as numbers."),
         N_("Try every group of three, four and five of them: itertools.combinations gives them."),
         N_("Keep each group that makes an equation, sorted, in a set, so that a group found twice counts once."))
def check_equations_in(fn: Callable[[Sequence[str]], Any], count: int = 60, seed: int | None = 0,
                       lang: str | None = None) -> Check:
    """Check ``fn(hand) -> every equation discard of the hand`` (each a group of numbers, in any order).

    >>> from kit.sleepingqueens.equations import equations_in
    >>> bool(check_equations_in(equations_in))
    True
    """
    def ask(hand: list[str]) -> tuple[tuple, Callable[[Any], str | None]]:
        want = set(equations_in(hand))

        def judge(answer: Any) -> str | None:
            try:
                got = {tuple(sorted(int(x) for x in group)) for group in answer}
            except (TypeError, ValueError):
                return _("answer a list of groups of numbers, like [(2, 3, 5)], not {answer}", lang,
                         answer=_quoted(answer))
            if got == want:
                return None
            missing, extra = sorted(want - got), sorted(got - want)
            if missing:
                return _("missing {equations}", lang, equations=", ".join(_eq(g) for g in missing))
            return _("not equations of this hand: {groups}", lang, groups=", ".join(map(str, extra)))

        return (list(hand),), judge

    cases = hands(count, seed) + _SPECIAL_HANDS[:3]
    return run_cases(fn, cases, ask, _("hands", lang), lambda h: _("hand {hand}", lang, hand=h))


@checker(N_("An equation discard is a group of three or more number cards: count groups, not cards."),
         N_("Two cards with the same number give the same group: count each group once."),
         N_("List the equation discards of the hand without repeats, as in the last exercise, and count the list."))
def check_count_equations(fn: Callable[[Sequence[str]], Any], count: int = 60, seed: int | None = 0,
                          lang: str | None = None) -> Check:
    """Check ``fn(hand) -> how many different equation discards the hand allows`` (a whole number).

    Two groups count as the same when they hold the same numbers
    (:func:`kit.sleepingqueens.equations.equations_in`).  Hands: dealt from
    the whole deck and from the number cards only, and a few special ones.

    >>> bool(check_count_equations(lambda hand: len(equations_in(hand))))
    True
    >>> print(check_count_equations(lambda hand: 1))       # doctest: +ELLIPSIS
    ✘ case ... (hand [...]): this hand has ... equation discards, not 1
    """
    def ask(hand: list[str]) -> tuple[tuple, Callable[[Any], str | None]]:
        want = len(equations_in(hand))

        def judge(answer: Any) -> str | None:
            if isinstance(answer, bool) or not isinstance(answer, numbers.Integral):
                return _("answer a whole number, not {answer}", lang, answer=_quoted(answer))
            if int(answer) == want:
                return None
            return ngettext("this hand has {n} equation discard, not {answer}",
                            "this hand has {n} equation discards, not {answer}", want, lang, answer=int(answer))

        return (list(hand),), judge

    cases = _number_hands(count // 2, seed) + hands(count - count // 2, seed) + _SPECIAL_HANDS
    return run_cases(fn, cases, ask, _("hands", lang), lambda h: _("hand {hand}", lang, hand=h))


def largest_discard(hand: Sequence[Any]) -> list[int | str]:
    """The most cards one discard can throw away: an equation, else a pair, else one card.

    Among discards of the same size the first in the kit's order is given
    (any of them is right in :func:`check_largest_discard`).

    >>> largest_discard(["2", "3", "5", "5", "King"]), largest_discard(["King", "7", "7"]), largest_discard(["Jester"])
    ([2, 3, 5], [7, 7], ['Jester'])
    """
    allowed = discards([card_named(c) for c in hand])  # the rules' own list (kit.sleepingqueens.state)
    most = max(allowed, key=lambda d: len(d.cards))  # the first of the largest
    return [int(c) if c.is_number else str(c) for c in most.cards]


def _card_list(answer: Any) -> list[int | str]:
    """A learner's group of cards: ints, or names like ``"7"`` or ``"king"``."""
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise KitError("not a list")
    out: list[int | str] = []
    for x in answer:
        if isinstance(x, numbers.Integral) and not isinstance(x, bool):
            out.append(int(x))
        else:
            card = card_named(x) if isinstance(x, str) else None
            if card is None:
                raise KitError("not a card")
            out.append(int(card) if card.is_number else str(card))
    return out


@checker(N_("You may always discard one card, any card: the smallest discard there is."),
         N_("A pair discards two cards, and an equation three or more: which of them does this hand allow?"),
         N_("Take the equation of the hand with the most cards; if there is none, a pair; if there is no pair "
            "either, any one card."))
def check_largest_discard(fn: Callable[[Sequence[str]], Any], count: int = 60, seed: int | None = 0,
                          lang: str | None = None) -> Check:
    """Check ``fn(hand) -> a discard with the most cards`` (a list of cards; any one of the largest is right).

    Cards are ints or names (``7``, ``"7"``, ``"King"``); a discard is one
    card of any kind, a pair of equal numbers, or an equation
    (docs/rules/sleepingqueens.md#discarding).

    >>> bool(check_largest_discard(largest_discard))
    True
    >>> print(check_largest_discard(lambda hand: [hand[0]]))      # doctest: +ELLIPSIS
    ✘ case 1 (hand [...]): you can discard more than 1 card at once from this hand
    """
    def ask(hand: list[str]) -> tuple[tuple, Callable[[Any], str | None]]:
        best = len(largest_discard(hand))
        allowed = {tuple(int(c) for c in d.cards) for d in discards([card_named(c) for c in hand])}

        def judge(answer: Any) -> str | None:
            try:
                got = _card_list(answer)
            except KitError:
                return _("answer a list of cards, like [2, 3, 5] or ['King'], not {answer}", lang,
                         answer=_quoted(answer))
            if not got:
                return _("an empty list discards nothing: give the cards to discard", lang)
            held = Counter(int(c) if c.isdigit() else str(card_named(c)) for c in hand)
            for card, k in Counter(got).items():
                if held[card] < k:
                    return _("{cards} are not cards of this hand", lang, cards=got)
            if tuple(sorted(int(card_named(str(c))) for c in got)) not in allowed:  # the rules' own discards
                if any(isinstance(c, str) for c in got):
                    return _("{cards}: a power card can only be discarded alone", lang, cards=got)
                return _("{cards} is not a discard: neither a pair nor an equation", lang, cards=got)
            if len(got) < best:
                return ngettext("you can discard more than {n} card at once from this hand",
                                "you can discard more than {n} cards at once from this hand", len(got), lang)
            return None

        return (list(hand),), judge

    cases = _number_hands(count // 2, seed) + hands(count - count // 2, seed) + _SPECIAL_HANDS
    return run_cases(fn, cases, ask, _("hands", lang), lambda h: _("hand {hand}", lang, hand=h))


#: The older level's checkers, from the easiest.
OLDER_CHECKERS = (check_is_equation, check_sympy_equation, check_equations_in, check_count_equations,
                  check_largest_discard)

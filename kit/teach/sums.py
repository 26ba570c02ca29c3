"""Adding up for children of 8 to 10: the questions of the children's page, with pictures and a checker.

Four levels, from the easiest (:data:`LEVELS`); each question is made from a seed
(:func:`sum_question`), drawn with the game's own cards and Queens, and answered
with one number, which a child clicks or types:

==============  ==========================================================  ===========================
level           asks                                                        example
==============  ==========================================================  ===========================
``"to10"``      the dots of two number cards together, 10 at most           3 + 4 = ?
``"to20"``      two number cards that make more than 10 (past ten)          8 + 7 = ?
``"three"``     three number cards together, 20 at most                     2 + 5 + 6 = ?
``"queens50"``  the points still missing: your Queens have 35, 50 win        35 + ? = 50
==============  ==========================================================  ===========================

The last level is the game's own sum: with 2 or 3 players, 50 points of Queens win
(docs/rules/sleepingqueens.md#winning), and each Queen shows her points
(docs/rules/sleepingqueens.md#queens-and-their-points).  :func:`check_sum` reads the
child's answer (:func:`kit.teach.sleepingqueens.read_number`: digits or words, never
evaluated) and says what is wrong in a child's words, never the answer; each level
has its own hints (:data:`CHECKERS`).  No widgets here: the children's page
(:mod:`kit.widgets.kids`) shows these questions.

Examples
--------
>>> q = sum_question("to10", seed=3)
>>> q.numbers, q.answer, q.prompt()
((4, 3), 7, 'How many dots are there on the two cards together?')
>>> print(check_sum(q, "7"))
✔ Right! 4 + 3 = 7.
>>> print(check_sum(q, 6))
✘ 6 is too few. Count the dots again, one by one.
>>> q = sum_question("queens50", seed=0)
>>> q.queens, q.points, q.answer
(('Moon', 'Rainbow', 'Cake'), 20, 30)
>>> print(check_sum(q, 35))
✘ Too many: 20 + 35 = 55, more than 50.
>>> print(check_sum(q, "thirty"))
✔ Right! You have 20 points: 30 more make 50.
>>> str(CHECKERS["queens50"].hint(1))
'Hint 1 of 3: Add up the points of your Queens first.'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from html import escape
from typing import Any

from ..core import KitError, derive_seed
from ..i18n import N_, _, ngettext
from ..sleepingqueens.cards import QUEEN_POINTS, TARGETS, queen_named
from .checks import Check
from .hints import Checker, checker
from .sleepingqueens import read_number

__all__ = ["LEVELS", "GOAL", "SumQuestion", "sum_question", "check_sum", "CHECKERS"]

#: The levels of the children's adding practice, from the easiest.
LEVELS: tuple[str, ...] = ("to10", "to20", "three", "queens50")
#: The points that win a game of 2 or 3 players (docs/rules/sleepingqueens.md#winning).
GOAL: int = TARGETS[2][1]
_QUEENS = sorted(QUEEN_POINTS, key=lambda q: (-QUEEN_POINTS[q], q.name))


@dataclass(frozen=True)
class SumQuestion:
    """One question of a level, made from a seed.

    Attributes
    ----------
    level
        One of :data:`LEVELS`.
    seed
        The seed it was made from.
    numbers
        The number cards to add (empty at ``"queens50"``).
    queens
        The Queens the child has (``"queens50"`` only), by the notation's names.
    """

    level: str
    seed: int
    numbers: tuple[int, ...] = ()
    queens: tuple[str, ...] = ()

    @property
    def points(self) -> int:
        """The points of :attr:`queens` together."""
        return sum(QUEEN_POINTS[queen_named(q)] for q in self.queens)

    @property
    def answer(self) -> int:
        """The right answer (the checker compares with it; the page never shows it)."""
        return GOAL - self.points if self.level == "queens50" else sum(self.numbers)

    def prompt(self, lang: str | None = None) -> str:
        """The question in words."""
        if self.level == "queens50":
            return _("Your Queens have these points. How many more points do you need to make {goal}?", lang,
                     goal=GOAL)
        if len(self.numbers) == 3:
            return _("How many dots are there on the three cards together?", lang)
        return _("How many dots are there on the two cards together?", lang)

    def html(self, lang: str | None = None, width: int = 100) -> str:
        """The question as HTML: the prompt, then the cards with their dots (or the Queens with their points)
        joined by big + signs and ending in ``= ?`` (``+ ? = 50`` for the Queens)."""
        from ..i18n import name
        from ..render.sleepingqueens_art import card_svg, queen_svg  # lazy: the checker needs no pictures

        sign = ('<span aria-hidden="true" style="font-size:44px;font-weight:800;padding:0 4px;'
                'color:#1f2328">{}</span>')
        if self.level == "queens50":
            pictures = [queen_svg(q, width=width, title=name("sleepingqueens", f"{q} Queen", lang),
                                  label=ngettext("{queen}: {n} point", "{queen}: {n} points",
                                                 QUEEN_POINTS[queen_named(q)], lang,
                                                 queen=name("sleepingqueens", f"{q} Queen", lang),
                                                 n=QUEEN_POINTS[queen_named(q)]))
                        for q in self.queens]
            tail = sign.format("+ ? = " + str(GOAL))
            data = f' data-queens="{" ".join(self.queens)}" data-goal="{GOAL}"'
        else:
            pictures = [card_svg(str(n), width=width,
                                 label=ngettext("a card with {n} dot", "a card with {n} dots", n, lang))
                        for n in self.numbers]
            tail = sign.format("= ?")
            data = f' data-numbers="{" ".join(map(str, self.numbers))}"'
        row = sign.format("+").join(f'<span style="display:inline-flex">{p}</span>' for p in pictures) + tail
        return (f'<div class="kit-sum-question" role="group" aria-label="{escape(self.prompt(lang))}"{data} '
                f'data-level="{self.level}" data-seed="{self.seed}" '
                f'style="font-family:system-ui,sans-serif;color:#1f2328">'
                f'<p style="font-size:24px;font-weight:600;margin:4px 0 10px">{escape(self.prompt(lang))}</p>'
                f'<div style="display:flex;flex-wrap:wrap;gap:6px;align-items:center">{row}</div></div>')


def _rng(level: str, seed: int) -> random.Random:
    if level not in LEVELS:
        raise KitError(f"level is one of {', '.join(LEVELS)}, not {level!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise KitError(f"seed is a whole number (each number gives a new question), not {seed!r}")
    return random.Random(derive_seed(seed, "sums", level))


def sum_question(level: str = "to10", seed: int = 0) -> SumQuestion:
    """The question of ``level`` made from ``seed`` (every seed a new one).

    >>> [sum_question("to10", s).numbers for s in range(3)]
    [(2, 1), (1, 5), (1, 6)]
    >>> all(10 < sum(sum_question("to20", s).numbers) <= 20 for s in range(200))
    True
    >>> all(sum(sum_question("three", s).numbers) <= 20 for s in range(200))
    True
    >>> sorted({sum_question("queens50", s).answer for s in range(300)})
    [5, 10, 15, 20, 25, 30, 35, 40, 45]
    """
    rng = _rng(level, seed)
    if level in ("to10", "to20"):  # the total first (each as likely), then the first card
        total = rng.randint(2, 10) if level == "to10" else rng.randint(11, 20)
        a = rng.randint(max(1, total - 10), min(10, total - 1))
        return SumQuestion(level, seed, (a, total - a))
    if level == "three":
        while True:  # three cards of 1 to 9 that make 20 at most (a few draws at most)
            cards = (rng.randint(1, 9), rng.randint(1, 9), rng.randint(1, 9))
            if sum(cards) <= 20:
                return SumQuestion(level, seed, cards)
    while True:  # one to three Queens that have less than the goal (a few draws at most)
        queens = rng.sample(_QUEENS, rng.randint(1, 3))
        if sum(QUEEN_POINTS[q] for q in queens) < GOAL:
            return SumQuestion(level, seed, queens=tuple(q.name.capitalize() for q in queens))


def _check(question: SumQuestion, answer: Any, lang: str | None) -> Check:
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return Check(False, 0, _("Write your answer here first: click the numbers, or type one.", lang))
    try:
        got = read_number(answer, lang)
    except KitError as exc:
        return Check(False, 1, str(exc))
    want = question.answer
    if question.level == "queens50":
        have, total = question.points, question.points + got
        if got == want:
            return Check(True, 1, _("Right! You have {have} points: {more} more make {goal}.", lang, have=have,
                                    more=got, goal=GOAL))
        if got > want:
            return Check(False, 1, _("Too many: {have} + {got} = {total}, more than {goal}.", lang, have=have,
                                     got=got, total=total, goal=GOAL))
        return Check(False, 1, _("Too few: {have} + {got} = {total}, less than {goal}.", lang, have=have, got=got,
                                 total=total, goal=GOAL))
    if got == want:
        return Check(True, 1, _("Right! {left} = {total}.", lang, left=" + ".join(map(str, question.numbers)),
                                total=want))
    if got > want:
        return Check(False, 1, _("{got} is too many. Count the dots again, one by one.", lang, got=got))
    return Check(False, 1, _("{got} is too few. Count the dots again, one by one.", lang, got=got))


def _level_checker(*hints: str) -> Checker:
    @checker(*hints)
    def check_sum_level(question: SumQuestion, answer: Any, lang: str | None = None) -> Check:
        return _check(question, answer, lang)

    return check_sum_level


#: A checker per level (:class:`kit.teach.hints.Checker`: call it, or ask ``.hint(1)`` to ``.hint(3)``).
CHECKERS: dict[str, Checker] = {
    "to10": _level_checker(
        N_("Count the dots on the first card."),
        N_("Now go on counting the dots of the second card, without starting again from one."),
        N_("Say the number of the first card, then count up by one for each dot of the second card: "
           "the last number you say is the answer.")),
    "to20": _level_checker(
        N_("Start with the bigger card: you need not count its dots, its number says how many."),
        N_("Make ten first: how many dots of the smaller card fill the bigger card up to 10?"),
        N_("Ten, and the dots of the smaller card that are left over: ten and those make the answer.")),
    "three": _level_checker(
        N_("Add two of the cards first."),
        N_("Then count on from what the two cards make, one for each dot of the third card."),
        N_("Look for two cards that make 10 together and add them first: then add the third card to 10.")),
    "queens50": _level_checker(
        N_("Add up the points of your Queens first."),
        N_("Then count on from your points to 50 in fives: 5 more, 10 more, 15 more..."),
        N_("Your points and the answer together make 50: what do you add to your points to make 50?")),
}


def check_sum(question: SumQuestion, answer: Any, lang: str | None = None) -> Check:
    """Check a child's ``answer`` to ``question`` (right, or what is wrong in a child's words; never the answer).

    ``answer`` is a number, or text with one number in digits or in words;
    ``None`` or an empty answer asks for one.

    >>> q = sum_question("three", seed=2)
    >>> q.numbers, bool(check_sum(q, sum(q.numbers))), str(check_sum(q, ""))
    ((3, 1, 3), True, '✘ Write your answer here first: click the numbers, or type one.')
    >>> print(check_sum(q, "lots"))
    ✘ I cannot read 'lots' as a number: write one number, in digits or in words.
    """
    if not isinstance(question, SumQuestion):
        raise KitError(f"question is a SumQuestion (from sum_question), not {question!r}")
    return CHECKERS[question.level](question, answer, lang)

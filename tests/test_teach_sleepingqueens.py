"""Sleeping Queens and addition (kit.teach.sleepingqueens): questions for children, equation exercises, checkers.

Known answers for the generators and checkers, the rules the checkers hold (a pair is two equal numbers, an
addition must be true as written, a power card is discarded alone), children's answers read and never
evaluated, blanks rejected, and hints (three or more, translatable, never the answer).
"""

from __future__ import annotations

import builtins
import re
from collections import Counter
from pathlib import Path

import nbformat
import pytest
import sympy
from babel.messages.extract import extract_from_file

from kit.core import KitError
from kit.i18n.catalogs import KEYWORDS
from kit.sleepingqueens import is_equation
from kit.sleepingqueens.equations import equations_in, to_sympy
from kit.teach.hints import Checker
from kit.teach.notebooks import BEGIN, END
from kit.teach.sleepingqueens import (KINDS, OLDER_CHECKERS, YOUNG_CHECKERS, CardQuestion, addition_question,
                                      check_addition, check_card_sum, check_count_equations, check_equations_in,
                                      check_is_equation, check_largest_discard, check_missing_card, check_pair,
                                      check_sympy_equation, check_true_or_false, check_two_cards, hands,
                                      largest_discard, make_question, missing_question, number_groups,
                                      pair_question, question, read_addition, read_number,
                                      read_numbers, read_yes_no, sum_question, truth_question)
from kit.widgets.kids.cards import practice

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = ROOT / "solutions" / "sleepingqueens_equations.ipynb"
SEEDS = range(200)


def reference(kind: str, seed: int) -> list[str]:
    """Every text of a right answer to the young question (what a hint must never show)."""
    q = question(kind, seed)
    if kind == "sum":
        return [str(sum(q.cards))]
    if kind == "truth":
        return ["yes", "true"] if sum(q.cards) == q.target else ["no", "false"]
    if kind == "pair":
        return [str(n) for n, k in Counter(q.cards).items() if k == 2]
    if kind == "make":
        return [f"{a} + {b}" for i, a in enumerate(q.cards) for b in q.cards[i + 1:] if a + b == q.target]
    if kind == "missing":
        return [str(q.target - q.cards[0])]
    return ["+".join(map(str, g[:-1])) + "=" + str(g[-1]) for g in equations_in(q.cards)]


# -- reading a child's answers ----------------------------------------------------------

def test_numbers_are_read_in_digits_and_in_words():
    assert [read_number(a) for a in (5, "5", " 5 ", "five", "Five", "FIVE!", "twenty", 7.0)] == \
        [5, 5, 5, 5, 5, 5, 20, 7]
    for bad in ("5.5", "2+3", "fiv", "", None, True, [5], 2.5):
        with pytest.raises(KitError):
            read_number(bad)


def test_several_numbers_and_yes_or_no():
    assert read_numbers("2 and 5") == read_numbers("two plus five") == read_numbers((2, "5")) == [2, 5]
    assert read_numbers("3,4") == [3, 4] and read_numbers(6) == [6]
    assert [read_yes_no(a) for a in ("yes", "No", "TRUE", " false. ", True, "wrong")] == \
        [True, False, True, False, True, False]
    with pytest.raises(KitError, match="yes or no"):
        read_yes_no("perhaps")
    with pytest.raises(KitError, match="yes or no"):
        read_yes_no(1)


def test_an_addition_is_read_in_symbols_or_words():
    assert read_addition("2+3=5") == read_addition("two plus three makes five") == ((2, 3), 5)
    assert read_addition("4 and 4 is 8.") == ((4, 4), 8)
    with pytest.raises(KitError, match="only addition"):
        read_addition("6 - 2 = 4")


# -- number words in every language, up to 99 ("twenty one", "vingt et un") -------------------

_UNITS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
          "seventeen eighteen nineteen",
    "pl": "zero jeden dwa trzy cztery pięć sześć siedem osiem dziewięć dziesięć jedenaście dwanaście trzynaście "
          "czternaście piętnaście szesnaście siedemnaście osiemnaście dziewiętnaście",
    "cs": "nula jedna dva tři čtyři pět šest sedm osm devět deset jedenáct dvanáct třináct čtrnáct patnáct "
          "šestnáct sedmnáct osmnáct devatenáct",
    "pt": "zero um dois três quatro cinco seis sete oito nove dez onze doze treze quatorze quinze dezesseis "
          "dezessete dezoito dezenove",
    "ro": "zero unu doi trei patru cinci șase șapte opt nouă zece unsprezece doisprezece treisprezece paisprezece "
          "cincisprezece șaisprezece șaptesprezece optsprezece nouăsprezece",
    "fr": "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize dix-sept "
          "dix-huit dix-neuf",
}
_TENS = {
    "en": "twenty thirty forty fifty sixty seventy eighty ninety",
    "pl": "dwadzieścia trzydzieści czterdzieści pięćdziesiąt sześćdziesiąt siedemdziesiąt osiemdziesiąt "
          "dziewięćdziesiąt",
    "cs": "dvacet třicet čtyřicet padesát šedesát sedmdesát osmdesát devadesát",
    "pt": "vinte trinta quarenta cinquenta sessenta setenta oitenta noventa",
    "ro": "douăzeci treizeci patruzeci cincizeci șaizeci șaptezeci optzeci nouăzeci",
    "fr": "vingt trente quarante cinquante soixante",
}
_JOIN = {"en": "-", "pl": " ", "cs": " ", "pt": " e ", "ro": " și "}


def _spelled(n: int, lang: str) -> str:
    """How a book of that language spells ``n`` (0 to 99)."""
    units, tens = _UNITS[lang].split(), _TENS[lang].split()
    if n < 20:
        return units[n]
    if lang == "fr":
        if n >= 80:
            return "quatre-vingts" if n == 80 else "quatre-vingt-" + units[n - 80]
        if n >= 60:
            ten, rest = "soixante", n - 60
        else:
            ten, rest = tens[n // 10 - 2], n % 10
        if rest == 0:
            return ten
        return ten + (" et " if rest in (1, 11) else "-") + units[rest]
    ten, unit = tens[n // 10 - 2], n % 10
    return ten if unit == 0 else ten + _JOIN[lang] + units[unit]


@pytest.mark.parametrize("lang", sorted(_UNITS))
def test_every_number_to_99_is_read_as_its_language_spells_it(lang):
    for n in range(100):
        assert read_number(_spelled(n, lang), lang) == n, (lang, n, _spelled(n, lang))
        assert read_number(_spelled(n, lang).upper() + "!", lang) == n


@pytest.mark.parametrize("lang, text, n", [
    ("en", "twenty one", 21), ("en", "Twenty-one", 21), ("en", "ninety nine", 99),
    ("pl", "dwadzieścia jeden", 21), ("pl", "dwadziescia jeden", 21), ("pl", "czterdzieści dwie", 42),
    ("fr", "vingt et un", 21), ("fr", "vingt-et-un", 21), ("fr", "soixante-dix-sept", 77), ("fr", "septante", 70),
    ("fr", "quatre-vingt-onze", 91), ("fr", "quatre vingt", 80), ("fr", "vingt-deux", 22),
    ("ro", "douăzeci și unu", 21), ("ro", "douăzeci şi unu", 21), ("ro", "douazeci si una", 21),
    ("ro", "douăzeci și două", 22),
    ("cs", "dvacet jedna", 21), ("cs", "dvacet jeden", 21), ("cs", "jedenadvacet", 21), ("cs", "pětadvacet", 25),
    ("cs", "dvacet dvě", 22),
    ("pt", "vinte e um", 21), ("pt", "vinte e uma", 21), ("pt", "vinte um", 21), ("pt", "catorze", 14),
    ("pt", "dezasseis", 16),
])
def test_the_ways_children_write_numbers_above_twenty(lang, text, n):
    assert read_number(text, lang) == n


def test_a_number_of_several_words_is_one_number_but_and_still_joins_two():
    assert read_numbers("vinte e um", "pt") == [21] and read_numbers("dois e cinco", "pt") == [2, 5]
    assert read_numbers("vingt et un et deux", "fr") == [21, 2]
    assert read_numbers("douăzeci și unu, trei", "ro") == [21, 3]
    assert read_numbers("dwa i pięć", "pl") == [2, 5] and read_numbers("dva a pět", "cs") == [2, 5]
    assert read_numbers("twenty one and two") == [21, 2]
    assert read_addition("deux et trois font cinq", "fr") == ((2, 3), 5)
    assert read_addition("trzy i siedem to dziesięć", "pl") == ((3, 7), 10)
    assert read_addition("dva a tři je pět", "cs") == ((2, 3), 5)
    assert read_addition("doi și trei fac cinci", "ro") == ((2, 3), 5)
    assert read_addition("dois mais três dá cinco", "pt") == ((2, 3), 5)


def test_checkers_read_the_learner_s_language_and_english():
    q = sum_question(seed=7)
    total = sum(q.cards)
    assert check_card_sum(_spelled(total, "pl"), seed=7, lang="pl")
    assert check_card_sum(_spelled(total, "en"), seed=7, lang="pl")
    wrong = check_card_sum(_spelled(total + 21, "fr"), seed=7, lang="fr")   # read, then judged: too many
    assert not wrong and str(total + 21) in wrong.message


def test_words_read_with_or_without_accents_but_never_confused():
    """Portuguese "é" (is) and "e" (and) differ only by the accent: the word as written decides."""
    assert read_addition("dois e três é cinco", "pt") == ((2, 3), 5)
    q = make_question(seed=4)                                         # 9 from (9, 7, 3, 5, 4): 5 e 4
    assert read_numbers("2 e 5", "pt") == [2, 5] and check_two_cards("cinco e quatro", seed=4, lang="pt")
    assert q.target == 9
    assert read_addition("doi si trei fac cinci", "ro") == read_addition("dwa i trzy to piec", "pl") == ((2, 3), 5)
    assert read_number("piec", "pl") == read_number("pięć", "pl") == 5


@pytest.mark.parametrize("bad", ["twenty twenty", "one twenty", "vingt vingt", "sto", "hundred", "twenty-",
                                 "2 1", "douăzeci și", "- 5"])
def test_what_is_not_one_number_is_refused_not_guessed(bad):
    for lang in ("en", "fr", "ro", "pl"):
        with pytest.raises(KitError) as refused:
            read_number(bad, lang)
        assert repr(bad) in str(refused.value)             # the child's own words, in the child's language


@pytest.mark.parametrize("lang", sorted(_UNITS))
def test_no_spelling_means_two_numbers(lang):
    """Two words of one language (or of it and English) never fold to one spelling with two values."""
    from kit.i18n.words import LARGEST_NUMBER_WORD, _spellings, fold as _fold

    seen: dict[str, int] = {}
    for n in range(100):
        for text in {_spelled(n, lang), _spelled(n, "en")}:
            key = _fold(text)
            assert seen.setdefault(key, n) == n, (lang, text)
    table = _spellings(lang)
    assert all(table[_fold(_spelled(n, lang))] == n for n in range(100))
    assert max(table.values()) == LARGEST_NUMBER_WORD == 99


def test_childrens_text_is_read_never_evaluated(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("learner text was evaluated")

    monkeypatch.setattr(builtins, "eval", forbidden)
    monkeypatch.setattr(builtins, "exec", forbidden)
    monkeypatch.setattr(sympy, "sympify", forbidden)
    monkeypatch.setattr(sympy, "parse_expr", forbidden, raising=False)
    sneaky = "__import__('os').system('echo hi')"
    for kind, check in YOUNG_CHECKERS.items():
        assert not check(sneaky, seed=1), kind
    not_added = check_card_sum("5+5", seed=7)             # 5 + 5 = 10 is the answer, but text is not run
    assert not not_added and "cannot read '5+5' as a number" in not_added.message
    assert check_card_sum("10", seed=7) and check_missing_card("four", seed=7)


# -- young level: the questions ----------------------------------------------------------

def test_the_notebook_seed_gives_the_questions_its_solutions_answer():
    # solutions/sleepingqueens_equations.ipynb answers the questions of SEED = 7
    assert (sum_question(7).cards, truth_question(7).cards, truth_question(7).target) == ((5, 5), (2, 4), 7)
    assert pair_question(7).cards == (2, 6, 2, 10, 1)
    assert (make_question(7).cards, make_question(7).target) == ((1, 1, 6, 9, 3), 4)
    assert (missing_question(7).cards, missing_question(7).target) == ((3,), 7)
    assert addition_question(7).cards == (7, 10, 9, 3, 7)


def test_every_seed_gives_a_question_with_an_answer_and_small_numbers():
    for seed in SEEDS:
        s, t = sum_question(seed), truth_question(seed)
        assert all(1 <= c <= 5 for c in s.cards + t.cards) and 1 <= t.target <= 10
        counts = Counter(pair_question(seed).cards)
        assert sorted(counts.values()) == [1, 1, 1, 2]                      # exactly one pair
        m = make_question(seed)
        assert any(m.cards[i] + m.cards[j] == m.target for i in range(5) for j in range(i + 1, 5))
        x = missing_question(seed)
        assert 1 <= x.target - x.cards[0] <= 9 and x.target <= 10
        assert equations_in(addition_question(seed).cards)
    truths = {sum(truth_question(s).cards) == truth_question(s).target for s in SEEDS}
    assert truths == {True, False}


def test_seeds_give_endless_different_questions():
    for kind in KINDS:
        shown = {(question(kind, s).cards, question(kind, s).target) for s in SEEDS}
        assert len(shown) > 20, kind
        assert question(kind, 11) == question(kind, 11)


def test_questions_are_drawn_with_countable_dots_and_words():
    q = truth_question(3)
    html = q.html()
    assert html.count("<svg") == 3 and html.count('class="sq-pip"') == 2 + 5 + 6
    assert q.prompt() in html and 'aria-label="a card with 5 dots"' in html
    assert missing_question(0).html().count('data-art="back"') == 1
    assert str(missing_question(3)) == "Which card is missing? 1 + ? = 8\nCards: 1 + ? = 8"
    assert isinstance(q, CardQuestion) and q._repr_html_() == html
    with pytest.raises(KitError, match="kind is one of"):
        question("product", 1)
    with pytest.raises(KitError, match="seed is a whole number"):
        sum_question("1")


# -- young level: the checkers -----------------------------------------------------------

def test_sum_checker_says_too_many_or_too_few_never_the_sum():
    assert check_card_sum(10, seed=7) and check_card_sum("ten", seed=7)
    many, few = check_card_sum(11, seed=7), check_card_sum(9, seed=7)
    assert not many and "too many" in many.message and "10" not in many.message
    assert not few and "too few" in few.message and "10" not in few.message


def test_an_addition_is_true_when_both_sides_are_the_same_number():
    assert check_true_or_false("no", seed=7) and check_true_or_false(False, seed=7)   # 2 + 4 = 7
    wrong = check_true_or_false("yes", seed=7)
    assert not wrong and "add 2 + 4 again and compare it with 7" in wrong.message
    right = next(s for s in SEEDS if sum(truth_question(s).cards) == truth_question(s).target)
    assert check_true_or_false("Yes", seed=right) and not check_true_or_false("no", seed=right)


def test_a_pair_is_two_cards_with_the_same_number():
    assert check_pair(2, seed=7) and check_pair("two", seed=7) and check_pair("2 and 2", seed=7)
    assert "only one 6" in check_pair(6, seed=7).message
    assert "no 5 in this hand" in check_pair(5, seed=7).message
    assert "two different numbers" in check_pair("2 and 6", seed=7).message


def test_two_cards_must_be_in_the_hand_and_make_the_number():
    assert check_two_cards("1 and 3", seed=7) and check_two_cards((3, "1"), seed=7)
    assert check_two_cards("one plus three makes four", seed=7)
    assert "1 + 6 makes 7, not 4" in check_two_cards("1 + 6", seed=7).message
    assert "no 2 in this hand" in check_two_cards("2 and 2", seed=7).message
    assert "only one 3" in check_two_cards("3 + 3", seed=4).message
    assert "asks for two cards" in check_two_cards("1 + 1 + 2", seed=7).message
    assert "not 5" in check_two_cards("1 + 3 = 5", seed=7).message


def test_the_missing_card_is_a_card_from_1_to_10():
    assert check_missing_card(4, seed=7) and check_missing_card("four", seed=7)
    assert "3 + 5 makes 8, not 7" in check_missing_card(5, seed=7).message
    assert "not a card" in check_missing_card(0, seed=7).message


def test_an_addition_must_be_true_as_written_and_from_the_hand():
    assert check_addition("3 + 7 = 10", seed=7) and check_addition([10, 3, 7], seed=7)
    assert check_addition("three plus seven is ten", seed=7)
    as_written = check_addition("10 + 3 = 7", seed=7)      # the cards make 3 + 7 = 10, but not written so
    assert not as_written and "biggest card goes alone after the = sign" in as_written.message
    assert "no 4 in this hand" in check_addition("3 + 4 = 7", seed=7).message
    assert "3 + 9 makes 12, not 10" in check_addition("3 + 9 = 10", seed=7).message
    assert "three or more cards" in check_addition([3, 7], seed=7).message
    assert "not allowed" in check_addition("10 - 7 = 3", seed=7).message


def test_young_checkers_reject_the_blank_and_gibberish():
    for kind, check in YOUNG_CHECKERS.items():
        for blank in (None, ...):
            result = check(blank, seed=7)
            assert not result and "no answer yet" in result.message, kind
        assert not check("banana", seed=7), kind


def test_every_reference_answer_passes_its_checker():
    for seed in range(40):
        for kind, check in YOUNG_CHECKERS.items():
            for answer in reference(kind, seed):
                assert check(answer, seed=seed), (kind, seed, answer)


# -- young level: click to answer --------------------------------------------------------

def test_the_teach_layer_holds_no_widgets_and_the_practice_box_lives_in_the_widgets_layer():
    import ast

    for path in sorted((ROOT / "kit" / "teach").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
            else:
                continue
            for name in names:  # ipywidgets or the kit's widgets layer (from ..widgets ...)
                assert name.split(".")[0] != "ipywidgets" and not name.startswith("..widgets"), \
                    f"{path.name}:{node.lineno} imports {name}"
    assert practice.__module__ == "kit.widgets.kids.cards"
    import kit.teach.sleepingqueens as teach

    assert not hasattr(teach, "practice") and not hasattr(teach, "NUMBER_WORDS")  # one home each


def test_practice_box_answers_by_clicking_with_hints_and_new_questions():
    box = practice("addition", seed=7)                    # hand 7, 10, 9, 3, 7
    assert len(box.card_buttons) == 5 and "Find an addition" in box.picture.value
    for i in (3, 0, 1):                                   # click the 3, a 7, then the 10
        box.card_buttons[i].click()
    assert box.answer == "3 + 7 = 10" and box.check().ok and "✔" in box.feedback.value
    box.hint()
    box.hint()
    assert "Hint 2 of 3" in box.feedback.value
    box.new_question()
    assert box.seed == 8 and box.answer == "" and box.question == addition_question(8)
    truth = practice("truth", seed=7)
    no = next(b for b in truth.choices.children if b.description == "no")
    no.click()
    assert truth.check().ok
    sums = practice("sum", seed=7)
    next(b for b in sums.choices.children if b.description == "10").click()
    assert sums.check().ok
    assert not practice("pair", seed=7).check().ok        # nothing clicked yet: no answer
    with pytest.raises(KitError):
        practice("product")


# -- older level -------------------------------------------------------------------------

def test_hands_are_seeded_five_card_hands_of_the_red_deck():
    assert hands(5, seed=3) == hands(5, seed=3) != hands(5, seed=4)
    assert all(len(h) == 5 for h in hands(20))
    assert len(number_groups()) == 55 + 220 + 715  # multisets of 2, 3 and 4 numbers from 1 to 10


def test_check_is_equation_passes_the_rule_and_explains_common_mistakes():
    assert check_is_equation(is_equation)
    last_is_sum = check_is_equation(lambda numbers: sum(numbers[:-1]) == numbers[-1])  # forgets to sort
    assert not last_is_sum
    pairs_too = check_is_equation(lambda numbers: max(numbers) * 2 == sum(numbers))  # 3 3 counts as 3=3
    assert not pairs_too and "three or more numbers" in pairs_too.message


def test_check_equations_in_passes_the_reference_and_names_what_is_missing():
    assert check_equations_in(equations_in)
    only_triples = check_equations_in(lambda hand: [g for g in equations_in(hand) if len(g) == 3])
    assert not only_triples and "missing" in only_triples.message
    broken = check_equations_in(lambda hand: 7)
    assert not broken and "list of groups" in broken.message


def test_check_sympy_equation_wants_an_unevaluated_equation():
    assert check_sympy_equation(to_sympy)
    evaluated = check_sympy_equation(lambda left, right: sympy.Eq(sum(left), right))
    assert not evaluated and "evaluate=False" in evaluated.message
    unevaluated = check_sympy_equation(
        lambda left, right: sympy.Eq(sympy.Add(*map(sympy.Integer, left), evaluate=False), sympy.Integer(right),
                                     evaluate=False))
    assert unevaluated, unevaluated.message
    wrong_right = check_sympy_equation(lambda left, right: to_sympy(left, right + 1))
    assert not wrong_right and "expected 2+3=5" in wrong_right.message
    crashes = check_sympy_equation(lambda left, right: to_sympy(left[:1], right))
    assert not crashes and "your function raised" in crashes.message


def test_equal_groups_count_once_when_counting_equations():
    assert len(equations_in(["1", "1", "2", "2", "4"])) == 3
    assert check_count_equations(lambda hand: len(equations_in(hand)))
    # counting every choice of cards: the two 1s of 1, 1, 2, 2, 4 make 1+1=2 "twice"
    from itertools import combinations
    per_card = check_count_equations(lambda hand: sum(
        1 for k in (3, 4, 5) for g in combinations([int(c) for c in hand if c.isdigit()], k) if is_equation(g)))
    assert not per_card and "equation discard" in per_card.message and ", not " in per_card.message
    assert "whole number" in check_count_equations(lambda hand: "3").message


def test_the_largest_discard_is_an_equation_else_a_pair_else_one_card():
    assert largest_discard(["1", "2", "3", "6", "King"]) == [1, 2, 3, 6]
    assert largest_discard(["4", "4", "9", "Knight", "Jester"]) == [4, 4]
    assert largest_discard(["King", "Knight", "Dragon", "Jester", "Wand"]) == ["King"]
    assert check_largest_discard(largest_discard)
    one = check_largest_discard(lambda hand: [hand[-1]])
    assert not one and "discard more than 1 card" in one.message
    three_of_a_kind = check_largest_discard(lambda hand: [4, 4, 4] if hand.count("4") == 3 else largest_discard(hand))
    assert not three_of_a_kind and "neither a pair nor an equation" in three_of_a_kind.message
    power = check_largest_discard(lambda hand: ["King", "Knight"] if "King" in hand and "Knight" in hand
                                  else largest_discard(hand))
    assert not power and "power card can only be discarded alone" in power.message
    stranger = check_largest_discard(lambda hand: [11])
    assert not stranger and "not cards of this hand" in stranger.message


def test_older_checkers_report_a_blank_as_not_written_yet():
    def blank(*args):
        raise NotImplementedError()

    for check in OLDER_CHECKERS:
        result = check(blank)
        assert not result and "not written yet" in result.message, check.name


# -- hints -------------------------------------------------------------------------------

ALL = list(YOUNG_CHECKERS.values()) + list(OLDER_CHECKERS)


def test_every_checker_has_hints_in_three_or_more_steps():
    for check in ALL:
        assert isinstance(check, Checker) and len(check.hints) >= 3, check.name
        assert [h.level for h in map(check.hint, range(1, len(check.hints) + 1))] == \
            list(range(1, len(check.hints) + 1))
        assert str(check.hint(1)).startswith(f"Hint 1 of {len(check.hints)}: ")
    with pytest.raises(KitError):
        check_pair.hint(4)


def test_hints_are_translatable_messages():
    ids = {m[1] for f in ("kit/teach/sleepingqueens.py",) for m in extract_from_file("python", ROOT / f,
                                                                                     keywords=KEYWORDS)}
    assert all(h in ids for check in ALL for h in check.hints)


def test_young_hints_never_give_the_answer():
    for kind, check in YOUNG_CHECKERS.items():
        text = " ".join(check.hints).lower()
        assert not re.search(r"\d", text), kind                     # no number at all
        for seed in SEEDS:
            for answer in reference(kind, seed):
                assert not re.search(rf"\b{re.escape(answer.lower())}\b", text), (kind, seed, answer)


def _solution_lines() -> list[str]:
    """The lines of code inside the solution notebook's answers (the reference answers' text)."""
    lines, inside = [], False
    for cell in nbformat.read(SOLUTION, as_version=4).cells:
        for line in cell.source.splitlines():
            if line.strip() in (BEGIN, END):
                inside = line.strip() == BEGIN
            elif inside:
                text = line.strip().removeprefix("return ").strip()
                if len(text) >= 12:
                    lines.append(text)
    return lines


def test_older_hints_never_contain_the_reference_answers():
    lines = _solution_lines()
    assert any("numbers[-1] == sum(numbers[:-1])" in line for line in lines)    # the solutions were read
    for check in OLDER_CHECKERS:
        for hint in check.hints:
            assert not [line for line in lines if line in hint], (check.name, hint)


# -- the notebooks: every check right in the solutions, every blank rejected in the exercises -------

def checks_of(path: Path) -> list[tuple[str, object]]:
    """Run a notebook's code cells here (the kit's own source, not a learner's) and collect what each cell
    that calls a checker gives; a blank's NotImplementedError stops only its own cell."""
    import ast

    from kit.teach.checks import Check

    ns: dict = {}
    found = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        tree = ast.parse(cell.source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        try:
            exec(compile(tree, str(path), "exec"), ns)
            value = eval(compile(ast.Expression(last.value), str(path), "eval"), ns) if last else None
        except NotImplementedError:
            continue
        if isinstance(value, Check):
            found.append((ast.get_source_segment(cell.source, last.value), value))
    return found


def test_the_solutions_notebook_gets_every_check_right_with_every_checker():
    found = checks_of(SOLUTION)
    assert all(check.ok for _, check in found), [(src, check.message) for src, check in found if not check.ok]
    called = {src.split("(")[0] for src, _ in found}
    assert called == {c.name for c in ALL}                 # 6 young and 5 older exercises, each checked


def test_the_exercise_notebook_has_every_check_reject_its_blank():
    found = checks_of(ROOT / "exercises" / "sleepingqueens_equations.ipynb")
    assert len(found) == len(ALL)
    assert not [src for src, check in found if check.ok]

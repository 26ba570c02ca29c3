"""Answers in the learner's own words (kit.i18n.words): a table of phrasings per language.

Each phrasing is read by the young level's reader (kit.teach.sleepingqueens.read_addition) and by the
equation checker (kit.sleepingqueens.equations.check_discard) as the same addition; numbers in words
(with the forms children use: Polish "dwójka", "piątka", Czech "dvojka", "pětka"), operator words
("dodać", "plus", "mais", "i", "a", "e", "et", "și") and equals words ("równa się", "é igual a", "est égal
à", "se rovná", "este egal cu", "is equal to"); accents may be left out.  Words are read, never evaluated.
"""

from __future__ import annotations

import pytest

from kit.core import InvalidActionError, KitError
from kit.i18n.words import sign_of, to_symbols
from kit.sleepingqueens.equations import check_discard
from kit.teach.sleepingqueens import read_addition, read_number, read_numbers

PHRASINGS = {
    "pl": [("dwa dodać cztery równa się sześć", ((2, 4), 6)),      # the Polish notebook's own sentence
           ("dwójka i trójka to piątka", ((2, 3), 5)),
           ("piątka dodać czwórka równa się dziewiątka", ((5, 4), 9)),
           ("dwa plus trzy daje pięć", ((2, 3), 5)),
           ("trzy i siedem jest dziesięć", ((3, 7), 10)),
           ("dwa dodac cztery rowna sie szesc", ((2, 4), 6)),       # without the accents
           ("jeden plus jeden plus dwa równa się cztery", ((1, 1, 2), 4)),
           ("Dwójka dodać dwójka równa się czwórka.", ((2, 2), 4)),
           ("dwa i trzy będzie pięć", ((2, 3), 5))],                # a child's "będzie"
    "pt": [("dois mais três é igual a cinco", ((2, 3), 5)),
           ("dois e três é cinco", ((2, 3), 5)),
           ("dois mais três dá cinco", ((2, 3), 5)),
           ("um mais um mais dois é igual a quatro", ((1, 1, 2), 4)),
           ("duas mais três são cinco", ((2, 3), 5)),
           ("dois mais tres e igual a cinco", ((2, 3), 5))],          # without the accents
    "fr": [("deux plus trois est égal à cinq", ((2, 3), 5)),
           ("deux et trois font cinq", ((2, 3), 5)),
           ("deux plus trois égale cinq", ((2, 3), 5)),
           ("un plus un plus deux fait quatre", ((1, 1, 2), 4)),
           ("quatre plus six est egal a dix", ((4, 6), 10)),
           ("deux et trois ça fait cinq", ((2, 3), 5))],
    "cs": [("dva plus tři se rovná pět", ((2, 3), 5)),
           ("dva a tři je pět", ((2, 3), 5)),
           ("dvojka a trojka je pětka", ((2, 3), 5)),
           ("dva plus tři rovná se pět", ((2, 3), 5)),
           ("jedna plus jedna plus dva jsou čtyři", ((1, 1, 2), 4)),
           ("dva plus tri se rovna pet", ((2, 3), 5)),
           ("dva a tři dělá pět", ((2, 3), 5))],
    "ro": [("doi plus trei este egal cu cinci", ((2, 3), 5)),
           ("doi și trei fac cinci", ((2, 3), 5)),
           ("două plus trei egal cinci", ((2, 3), 5)),
           ("unu plus unu plus doi fac patru", ((1, 1, 2), 4)),
           ("doi si trei este cinci", ((2, 3), 5))],
    "en": [("two plus three equals five", ((2, 3), 5)),
           ("two and three is five", ((2, 3), 5)),
           ("two plus three is equal to five", ((2, 3), 5)),
           ("one plus one plus two makes four", ((1, 1, 2), 4)),
           ("Four add six gives ten!", ((4, 6), 10))],
}
CASES = [(lang, text, want) for lang, rows in PHRASINGS.items() for text, want in rows]
each_phrasing = pytest.mark.parametrize("lang, text, want", CASES, ids=[f"{lang}-{text}" for lang, text, _w in CASES])


@each_phrasing
def test_each_languages_phrasing_is_read_as_its_addition(lang, text, want):
    assert read_addition(text, lang) == want


@each_phrasing
def test_the_equation_checker_takes_the_same_words(lang, text, want):
    (left, right) = want
    verdict = check_discard(text, lang=lang)
    assert verdict.ok and verdict.message.startswith("+".join(map(str, left)) + "=" + str(right) + " holds")


@pytest.mark.parametrize("lang, text, n", [
    ("pl", "dwójka", 2), ("pl", "piątka", 5), ("pl", "dziesiątka", 10), ("pl", "dwójkę", 2), ("pl", "siódemka", 7),
    ("pl", "osemka", 8), ("cs", "dvojka", 2), ("cs", "pětka", 5), ("cs", "desítka", 10), ("cs", "osmičku", 8),
    ("pt", "cinco", 5), ("ro", "cinci", 5), ("ro", "douăsprezece", 12), ("fr", "cinq", 5),
    ("en", "five", 5)])
def test_the_number_words_children_use(lang, text, n):
    assert read_number(text, lang) == n


def test_numbers_listed_in_words_with_the_languages_plus():
    assert read_numbers("dwójka dodać piątka", "pl") == [2, 5]
    assert read_numbers("dois mais cinco", "pt") == [2, 5]


@pytest.mark.parametrize("lang, words, sign", [
    ("pl", "dodać", "+"), ("pl", "równa się", "="), ("pl", "i", "+"), ("pt", "é igual a", "="), ("pt", "é", "="),
    ("pt", "e", "+"), ("pt", "mais", "+"), ("fr", "est égal à", "="), ("fr", "et", "+"), ("cs", "se rovná", "="),
    ("cs", "a", "+"), ("ro", "este egal cu", "="), ("ro", "și", "+"), ("en", "is equal to", "="),
    ("pl", "razy", None), ("fr", "fois", None), ("pt", "vezes", None)])
def test_operator_and_equals_words(lang, words, sign):
    assert sign_of(words, lang) == sign


def test_a_ten_and_its_unit_stay_one_number_beside_the_languages_and():
    assert to_symbols("vinte e um", "pt") == "21" and to_symbols("dois e três", "pt") == "2 + 3"


@pytest.mark.parametrize("lang, text", [("pl", "dwa razy trzy równa się sześć"), ("fr", "deux fois trois font six"),
                                        ("pt", "dois menos um é igual a um"), ("en", "__import__('os')")])
def test_other_operations_and_code_are_refused_never_evaluated(lang, text):
    with pytest.raises(KitError):
        read_addition(text, lang)
    assert not check_discard(text, lang=lang).ok


def test_the_checker_says_a_false_sum_in_the_learners_words_language():
    verdict = check_discard("dwa dodać trzy równa się sześć", lang="pl")
    assert not verdict.ok and verdict.say("pl") == "2+3=6 to nieprawda: 2+3 = 5"


def test_a_refusal_of_words_quotes_what_the_learner_wrote():
    verdict = check_discard("dwa razy trzy", lang="pl")
    assert "dwa razy trzy" in verdict.message
    with pytest.raises(InvalidActionError):
        read_addition("dwa razy trzy równa się sześć", "pl")

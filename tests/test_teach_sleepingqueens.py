"""Sleeping Queens equation exercises (kit.teach.sleepingqueens): seeded cases and checkers."""

from __future__ import annotations

import sympy

from kit.sleepingqueens import is_equation
from kit.sleepingqueens.equations import equations_in, to_sympy
from kit.teach.sleepingqueens import (check_equations_in, check_is_equation, check_sympy_equation, hands,
                                      number_groups)


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

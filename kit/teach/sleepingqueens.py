"""Addition-equation exercises for Sleeping Queens: seeded hands, reference answers, checkers.

In Sleeping Queens a player may discard three or more number cards that make
an addition equation with one number on the right (2+3=5, 2+3+4=9).  The
rule is :func:`kit.sleepingqueens.is_equation`; the reference answers come
from :mod:`kit.sleepingqueens.equations` (sympy).  Each checker runs the
learner's function on many seeded cases and explains the first mistake.

Examples
--------
>>> from kit.teach.sleepingqueens import hands, check_is_equation
>>> hands(2, seed=1)
[['4', '7', '8', 'King', 'Wand'], ['2', '6', '7', '10', 'King']]
>>> from kit.sleepingqueens import is_equation
>>> bool(check_is_equation(is_equation))
True
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from typing import Any, Callable, Sequence

import sympy

from ..core import KitError, derive_seed
from ..sleepingqueens.cards import DECK, is_equation
from ..sleepingqueens.equations import equations_in, holds, to_sympy
from .checks import Check, run_cases

__all__ = ["hands", "number_groups", "check_is_equation", "check_equations_in", "check_sympy_equation"]

_FLAT = [str(c) for c in DECK for _ in range(DECK[c])]


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


def number_groups(seed: int | None = 0) -> list[tuple[int, ...]]:
    """Every multiset of 2 to 4 numbers from 1 to 10, then a seeded shuffle (the cases of :func:`check_is_equation`)."""
    groups = [g for k in (2, 3, 4) for g in combinations_with_replacement(range(1, 11), k)]
    random.Random(derive_seed(seed, "groups")).shuffle(groups)
    return groups


def check_is_equation(fn: Callable[[Sequence[int]], bool], seed: int | None = 0) -> Check:
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
                return f"answer True or False, not {answer!r}"
            if answer == want:
                return None
            if want:
                return f"{shown} do make an equation: " + "+".join(map(str, sorted(group)[:-1])) + f"={max(group)}"
            if len(group) < 3:
                return f"{shown}: an equation needs three or more numbers (two equal numbers are a pair)"
            return f"{shown}: the largest, {max(group)}, is not the sum of the others ({sum(group) - max(group)})"

        return (list(shown),), judge

    return run_cases(fn, number_groups(seed), ask, "groups of numbers", lambda g: f"numbers {sorted(g)}")


def check_equations_in(fn: Callable[[Sequence[str]], Any], count: int = 60, seed: int | None = 0) -> Check:
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
                return f"answer a list of groups of numbers, like [(2, 3, 5)], not {answer!r}"
            if got == want:
                return None
            missing, extra = sorted(want - got), sorted(got - want)
            parts = []
            if missing:
                parts.append("missing " + ", ".join(_eq(g) for g in missing))
            if extra:
                parts.append("not equations of this hand: " + ", ".join(map(str, extra)))
            return "; ".join(parts)

        return (list(hand),), judge

    cases = hands(count, seed) + [["1", "1", "2", "2", "4"], ["2", "3", "5", "7", "9"], ["1", "2", "3", "4", "10"]]
    return run_cases(fn, cases, ask, "hands", lambda h: f"hand {h}")


def check_sympy_equation(fn: Callable[[Sequence[int], int], Any], seed: int | None = 0) -> Check:
    """Check ``fn(left, right) -> sympy.Eq``: an unevaluated equation, true or false, that sympy can decide.

    >>> bool(check_sympy_equation(to_sympy))
    True
    """
    cases = [((2, 3), 5), ((2, 3), 6), ((2, 3, 4), 9), ((1, 1, 2), 4), ((4, 4), 7), ((1, 2, 3, 4), 10)]
    rng = random.Random(derive_seed(seed, "sympy"))
    cases += [(tuple(rng.randint(1, 4) for _ in range(rng.randint(2, 3))), rng.randint(3, 10)) for _ in range(20)]

    def ask(case: tuple) -> tuple[tuple, Callable[[Any], str | None]]:
        left, right = case
        truth = sum(left) == right

        def judge(answer: Any) -> str | None:
            if answer is sympy.true or answer is sympy.false or isinstance(answer, bool):
                return (f"got {answer}: sympy evaluated the equation; build it with sympy.Eq(..., evaluate=False) "
                        "so that a false equation stays an equation")
            if not isinstance(answer, sympy.Equality):
                return f"expected a sympy.Eq, not {type(answer).__name__}"
            try:
                verdict = holds(answer)
            except KitError as exc:
                return f"not the equation of these numbers: {exc}"
            if answer.rhs != right or sorted(int(a) for a in sympy.Add.make_args(answer.lhs)) != sorted(left):
                return f"expected {_eq(left, right)}, got {sympy.latex(answer)}"
            return None if verdict == truth else f"sympy says {verdict} for {_eq(left, right)}"

        return (list(left), right), judge

    return run_cases(fn, cases, ask, "equations", lambda c: _eq(*c))


def _eq(left: Sequence[int], right: int | None = None) -> str:
    if right is None:
        left, right = tuple(left)[:-1], tuple(left)[-1]
    return "+".join(map(str, left)) + f"={right}"

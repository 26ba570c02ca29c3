"""Seeded randomness: nothing in the kit touches the global generator.

Examples
--------
>>> from kit.core import make_rng
>>> make_rng(7).random() == make_rng(7).random()
True
>>> rng = make_rng(1); make_rng(rng) is rng
True
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Sequence

__all__ = ["make_rng", "sample_outcome", "derive_seed"]


def make_rng(seed: int | str | random.Random | None = None) -> random.Random:
    """A :class:`random.Random` from a seed, or the generator itself when given one.

    ``None`` gives a generator seeded from the operating system (not reproducible):
    pass a seed whenever the result must repeat.
    """
    if isinstance(seed, random.Random):
        return seed
    return random.Random(seed)


def derive_seed(seed: int | str | None, *parts: Any) -> int | None:
    """A child seed, stable on every machine, for one part of a larger seeded run.

    >>> derive_seed(1, "round", 3) == derive_seed(1, "round", 3)
    True
    >>> derive_seed(None, 1) is None
    True
    """
    if seed is None:
        return None
    text = "/".join([str(seed), *map(str, parts)])
    # A simple, platform-independent string hash (FNV-1a, 64 bit).
    h = 0xCBF29CE484222325
    for byte in text.encode():
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def sample_outcome(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
    """Draw one action from ``[(action, probability)]`` with ``rng``.

    Exact: a single integer draw below the common denominator, so the same seed
    gives the same outcome on every machine.

    >>> from fractions import Fraction as F
    >>> sample_outcome([("a", F(1, 3)), ("b", F(2, 3))], make_rng(0)) in {"a", "b"}
    True
    """
    if len(outcomes) == 1:
        return outcomes[0][0]
    denominator = 1
    for _, p in outcomes:
        d = p.denominator
        if denominator % d:
            denominator = denominator * d // _gcd(denominator, d)
    r = rng.randrange(denominator)
    for action, p in outcomes:
        r -= p.numerator * (denominator // p.denominator)
        if r < 0:
            return action
    return outcomes[-1][0]


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a

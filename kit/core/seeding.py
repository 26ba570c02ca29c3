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

import math
import random
from bisect import bisect_right
from fractions import Fraction
from typing import Any, Sequence

__all__ = ["make_rng", "sample_outcome", "below", "derive_seed", "ChanceOutcomes", "FrozenList"]


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


class FrozenList(list):
    """A list that refuses to change: engines hand out cached lists of this type.

    Reading, iterating, comparing and copying work as for any list; copy it
    (``list(x)``) to get one you may change.
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("this list is shared by the engine and cannot change; copy it with list(...) first")

    append = extend = insert = remove = pop = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple:
        return (type(self), (list(self),))


class ChanceOutcomes(FrozenList):
    """A frozen ``[(action, Fraction)]`` list that carries its integer weights.

    Engines that cache their chance outcomes return this type, so that
    :func:`sample_outcome` does its exact arithmetic once per distinct list.

    >>> from fractions import Fraction as F
    >>> ChanceOutcomes([("a", F(1, 4)), ("b", F(3, 4))]).cumulative
    ([1, 4], 4)
    """

    __slots__ = ("cumulative",)

    def __init__(self, items: Any = (), cumulative: tuple[list[int], int] | None = None) -> None:
        super().__init__(items)
        # An engine that knows its integer weights passes them; otherwise they are computed.
        self.cumulative = _cumulative(self) if cumulative is None else cumulative

def _cumulative(outcomes: Sequence[tuple[Any, Fraction]]) -> tuple[list[int], int]:
    denominator = 1
    probs = [p if isinstance(p, Fraction) else Fraction(p) for _, p in outcomes]
    for p in probs:
        d = p.denominator
        denominator = denominator * d // math.gcd(denominator, d)
    total, cum = 0, []
    for p in probs:
        total += p.numerator * (denominator // p.denominator)
        cum.append(total)
    if total != denominator:
        raise ValueError(f"chance probabilities sum to {Fraction(total, denominator)}, not 1")
    return cum, denominator


def sample_outcome(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
    """Draw one action from ``[(action, probability)]`` with ``rng``.

    Exact: one integer draw below the common denominator, so the same seed
    gives the same outcome on every machine.

    >>> from fractions import Fraction as F
    >>> sample_outcome([("a", F(1, 3)), ("b", F(2, 3))], make_rng(0)) in {"a", "b"}
    True
    """
    if len(outcomes) == 1:
        return outcomes[0][0]
    if outcomes.__class__ is ChanceOutcomes:
        cum, denominator = outcomes.cumulative
    else:
        cum, denominator = _cumulative(outcomes)
    return outcomes[bisect_right(cum, below(denominator, rng))][0]


def below(n: int, rng: random.Random) -> int:
    """A uniform integer from 0 to ``n - 1``, exactly: the same number as ``rng.randrange(n)``.

    For a plain :class:`random.Random` it is drawn as :mod:`random` does it,
    written out here so that it never depends on a private method: draw
    ``n.bit_length()`` random bits until they make a number below ``n``.
    :func:`kit.core.play_at_random` does the same in its loop.

    >>> rng, twin = make_rng(4), make_rng(4)
    >>> [below(6, rng) for _ in range(8)] == [twin.randrange(6) for _ in range(8)]
    True
    """
    if rng.__class__ is not random.Random:  # a generator of its own kind: its own randrange
        return rng.randrange(n)
    getrandbits, k = rng.getrandbits, n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


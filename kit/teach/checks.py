"""What every exercise checker shares: run a learner's function on many cases, judge, explain.

A checker takes the learner's *function*, calls it on many seeded cases and
stops at the first wrong answer, so a lucky guess does not pass.  It returns
a :class:`Check`, which a notebook shows as a green or red box.

>>> check = run_cases(lambda x: 2 * x, [1, 2, 3], lambda x: ((x,), lambda got: None if got == x + x else
...                   f"double {x} is {x + x}, not {got}"), "doubles")
>>> check.ok, str(check)
(True, '✔ right on all 3 cases: doubles')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable

from ..core.errors import KitError
from ..i18n import N_, _, ngettext

__all__ = ["Check", "run_cases", "read_fraction"]

#: ``judge(answer)`` says what is wrong with an answer, or ``None`` when it is right.
Judge = Callable[[Any], "str | None"]


@dataclass(frozen=True)
class Check:
    """What a checker found: ``ok``, how many cases it tried, and a message."""

    ok: bool
    tried: int
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return ("✔ " if self.ok else "✘ ") + self.message

    def _repr_html_(self) -> str:
        from ..render.teach import check_html  # lazy: checkers never need the renderer

        return check_html(self.ok, self.message)

    def _ipython_display_(self) -> None:
        """Shown as a display (the box, and the verdict as text), not as the cell's value: an autograder
        reads a test cell's value as partial credit, and a verdict is no number."""
        from IPython.display import display

        display({"text/plain": str(self), "text/html": self._repr_html_()}, raw=True)


def run_cases(fn: Callable[..., Any], cases: Iterable[Any], ask: Callable[[Any], tuple[tuple, Judge]],
              what: str, describe: Callable[[Any], str] | None = None, noun: str = N_("case"),
              lang: str | None = None) -> Check:
    """Call ``fn`` on each case; ``ask(case)`` gives the arguments and a judge of the answer.

    Stops at the first wrong answer (or exception) and says which case it
    was (``describe(case)``, default ``repr``) and what is wrong.  A function
    that raises ``NotImplementedError`` is "not written yet".  ``what`` and
    ``noun`` are message ids (marked with ``N_``), shown in ``lang``.
    """
    if not callable(fn):
        raise KitError(_("give your function itself (without calling it), not {value}", lang, value=repr(fn)))
    tried = 0
    for case in cases:
        args, judge = ask(case)
        try:
            answer = fn(*args)
        except NotImplementedError:
            return Check(False, tried, _("your function is not written yet (it raises NotImplementedError)", lang))
        except Exception as exc:  # a learner's bug: report it, do not crash the checker
            shown = describe(case) if describe else repr(case)
            return Check(False, tried + 1, _("{noun} {k} ({case}): your function raised {error}: {detail}", lang,
                                             noun=_(noun, lang), k=tried + 1, case=shown,
                                             error=type(exc).__name__, detail=exc))
        tried += 1
        wrong = judge(answer)
        if wrong is not None:
            shown = describe(case) if describe else repr(case)
            return Check(False, tried, _("{noun} {k} ({case}): {wrong}", lang, noun=_(noun, lang), k=tried,
                                         case=shown, wrong=wrong))
    return Check(True, tried, ngettext("right on the {n} case: {what}", "right on all {n} cases: {what}", tried, lang,
                                       what=_(what, lang)))


def read_fraction(answer: Any) -> Fraction:
    """A learner's probability as an exact fraction: a Fraction, an int, a float or text like ``"2/7"``.

    Text is parsed (never evaluated).  A float is taken to the nearest
    fraction with a denominator up to 10,000.

    >>> read_fraction("2/7"), read_fraction(0.25), read_fraction(" 1 / 3 ")
    (Fraction(2, 7), Fraction(1, 4), Fraction(1, 3))
    >>> read_fraction("2+3")
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: '2+3' is not a probability; write a fraction like 2/7, a decimal like 0.25, or 0
    """
    if isinstance(answer, bool):
        raise KitError(_("{answer} is not a probability; give a number from 0 to 1", None, answer=repr(answer)))
    if isinstance(answer, (Fraction, int)):
        value = Fraction(answer)
    elif isinstance(answer, float):
        value = Fraction(answer).limit_denominator(10_000)
    elif isinstance(answer, str):
        try:
            value = Fraction(answer.replace(" ", ""))
        except (ValueError, ZeroDivisionError):
            raise KitError(_("{answer} is not a probability; write a fraction like 2/7, a decimal like 0.25, or 0",
                             None, answer=repr(answer))) from None
    else:
        raise KitError(_("{answer} ({kind}) is not a probability; give a Fraction, a number or text like '2/7'",
                         None, answer=repr(answer), kind=type(answer).__name__))
    if not 0 <= value <= 1:
        raise KitError(_("{answer} is not a probability: it must be from 0 to 1", None, answer=repr(answer)))
    return value

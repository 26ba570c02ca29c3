"""Checkers with hints on demand, and a learner's progress.

Every exercise checker of the kit is a :class:`Checker`: call it with the
learner's answer (a function or a value) to get a :class:`~kit.teach.checks.Check`
(right, or wrong with *what* was wrong, never the answer); ask it for hints
in steps, from a nudge to nearly the answer::

    check_value_of_chance_node(my_answer)
    check_value_of_chance_node.hint()      # step 1: a nudge
    check_value_of_chance_node.hint(3)     # step 3: nearly the answer

Hints are message ids (translated where they are shown).  A checker may
also record the exercises a learner has solved in a :class:`Progress` file
(a small JSON file beside the notebook; nothing breaks without it).

Examples
--------
>>> @checker("Twice a number is that number added to itself.",
...          "Try your function on 1, 2 and 3 by hand.",
...          "Return x + x.")
... def check_double(fn):
...     '''Check a function that doubles a number.'''
...     from kit.teach.checks import run_cases
...     return run_cases(fn, [1, 2, 3], lambda x: ((x,), lambda got: None if got == 2 * x else
...                      f"double {x} is not {got}"), "numbers")
>>> bool(check_double(lambda x: 2 * x)), str(check_double.hint())
(True, 'Hint 1 of 3: Twice a number is that number added to itself.')
>>> check_double.hint(9)
Traceback (most recent call last):
...
kit.core.errors.KitError: check_double has hints 1 to 3, not 9
"""

from __future__ import annotations

import functools
import json
import os
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..core.errors import KitError
from ..i18n import _

__all__ = ["Checker", "Hint", "checker", "Progress", "use_progress", "active_progress"]

#: A checker needs at least this many hint steps (from a nudge to nearly the answer).
MIN_HINTS = 3


@dataclass(frozen=True)
class Hint:
    """One step of a checker's hints."""

    level: int
    of: int
    text: str
    lang: str | None = None

    def __str__(self) -> str:
        return _("Hint {level} of {of}: {text}", self.lang, level=self.level, of=self.of, text=_(self.text, self.lang))

    def _repr_html_(self) -> str:
        from html import escape

        return (f"<div role='note' style='font-family:system-ui,sans-serif;font-size:15px;padding:6px 10px;"
                f"border-left:5px solid #bf8700;background:#fff8c5;border-radius:6px'>{escape(str(self))}</div>")


class Checker:
    """A checker function with hints (made by :func:`checker`).

    Attributes
    ----------
    hints
        The hint steps (message ids), from a nudge to nearly the answer.
    name
        The checker's name (the exercise it checks).
    """

    def __init__(self, fn: Callable[..., Any], hints: Sequence[str]) -> None:
        if len(hints) < MIN_HINTS:
            raise KitError(f"{fn.__name__} needs at least {MIN_HINTS} hints, from a nudge to nearly the answer")
        self.fn = fn
        self.hints = tuple(hints)
        self.name = fn.__name__
        functools.update_wrapper(self, fn)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        result = self.fn(*args, **kwargs)
        progress = active_progress()
        if progress is not None and bool(result):
            progress.record(self.name)
        return result

    def hint(self, level: int = 1, lang: str | None = None) -> Hint:
        """Hint number ``level`` (1: a nudge; the last: nearly the answer)."""
        if not isinstance(level, int) or not 1 <= level <= len(self.hints):
            raise KitError(f"{self.name} has hints 1 to {len(self.hints)}, not {level!r}")
        return Hint(level, len(self.hints), self.hints[level - 1], lang)

    def __repr__(self) -> str:
        return f"<checker {self.name}: call it with your answer; .hint(1) to .hint({len(self.hints)}) help>"


def checker(*hints: str) -> Callable[[Callable[..., Any]], Checker]:
    """Make a function a :class:`Checker` with ``hints`` (at least three, from a nudge to nearly the answer)."""
    return lambda fn: Checker(fn, hints)


class Progress:
    """Which exercises a learner has solved, kept in a small JSON file.

    Parameters
    ----------
    path
        The file (default ``kit-progress.json`` in the current folder, beside the notebook).
        A file that cannot be read or written is ignored: progress is a convenience, never a
        reason for an exercise to fail.

    >>> import tempfile, os
    >>> p = Progress(os.path.join(tempfile.mkdtemp(), "progress.json"))
    >>> p.record("check_double"); p.solved()
    ['check_double']
    >>> Progress(p.path).solved()          # read back from the file
    ['check_double']
    """

    def __init__(self, path: str | os.PathLike[str] = "kit-progress.json") -> None:
        self.path = os.fspath(path)

    def _load(self) -> dict[str, Any]:
        try:
            with open(self.path, encoding="utf-8") as f:
                data = json.load(f)
            return data if isinstance(data, dict) and isinstance(data.get("solved"), dict) else {"solved": {}}
        except (OSError, ValueError):
            return {"solved": {}}

    def record(self, name: str) -> None:
        """Note that exercise ``name`` was solved (now)."""
        data = self._load()
        data["solved"].setdefault(str(name), time.strftime("%Y-%m-%d %H:%M"))
        try:
            with open(self.path, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1, sort_keys=True)
        except OSError:
            pass

    def solved(self) -> list[str]:
        """The names of the solved exercises, in order."""
        return sorted(self._load()["solved"])

    def reset(self) -> None:
        """Forget every solved exercise."""
        try:
            os.remove(self.path)
        except OSError:
            pass


_active: list[Progress] = []


def use_progress(path: str | os.PathLike[str] | None = "kit-progress.json") -> Progress | None:
    """Record solved exercises in ``path`` from now on (``None``: stop recording)."""
    _active.clear()
    if path is None:
        return None
    _active.append(Progress(path))
    return _active[0]


def active_progress() -> Progress | None:
    """The progress file checkers record into, if any."""
    return _active[0] if _active else None

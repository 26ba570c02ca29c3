"""The kit's error family.

Every refusal the kit makes is a :class:`KitError`, a :class:`ValueError`, so
``except ValueError`` in a learner's code still catches it.  A refused call
never changes anything: engines check first and change afterwards.

Examples
--------
>>> from kit.core import IllegalActionError, KitError
>>> issubclass(IllegalActionError, KitError) and issubclass(KitError, ValueError)
True
"""

from __future__ import annotations

__all__ = ["KitError", "InvalidActionError", "IllegalActionError", "GameOverError"]


class KitError(ValueError):
    """Root of every error the kit raises on bad input."""


class InvalidActionError(KitError):
    """The text or object given as an action cannot be read as one.

    The message says what was read and which notation is expected.
    """


class IllegalActionError(KitError):
    """A well-formed action that the rules do not allow here.

    The message says why, and lists what is allowed.
    """


class GameOverError(KitError):
    """An action was given to a state that has already ended."""

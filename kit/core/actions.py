"""Interned action values: building the same action twice gives the same object.

Games declare their actions as frozen dataclasses (``eq=False``) decorated
with :func:`interned`, so equality and hashing are identity-fast and cached
lists of legal actions can be shared between states.

Examples
--------
>>> from dataclasses import dataclass
>>> from kit.core.actions import interned
>>> @interned
... @dataclass(frozen=True, eq=False, slots=True)
... class Take:
...     card: int
...     target: int | None = None
>>> Take(3, 1) is Take(3, target=1), Take(3) is Take(3, None), Take(1) is Take(True)
(True, True, False)
"""

from __future__ import annotations

from typing import Any

__all__ = ["interned"]


def _key(v: Any) -> Any:
    # Key on the type too: True == 1.0 == 1 and IntEnum members of two enums with one value are equal,
    # and __init__ re-runs on the cached object, so Play(card, True) must not rewrite Play(card, 1).
    if isinstance(v, tuple):
        return tuple(_key(x) for x in v)
    return (v.__class__, v)


def interned(cls: type) -> type:
    """Give the dataclass ``cls`` a value cache: equal field values give the same object.

    The dataclass must be frozen with ``eq=False`` (identity is equality).
    Pickling rebuilds through the constructor, so an unpickled action is the
    interned one.
    """
    cache: dict[tuple, Any] = {}
    fields = cls.__dataclass_fields__  # type: ignore[attr-defined]
    names = list(fields)
    defaults = {n: f.default for n, f in fields.items()}

    size = len(names)

    def __new__(klass, *args, **kwargs):  # noqa: N807
        if kwargs or len(args) != size:
            values = dict(zip(names, args))
            values.update(kwargs)
            args = tuple(values.get(n, defaults[n]) for n in names)
        key = tuple([_key(a) if a.__class__ is tuple else (a.__class__, a) for a in args])
        obj = cache.get(key)
        if obj is None:
            obj = object.__new__(klass)
            cache[key] = obj
        return obj

    def __reduce__(self):
        return (cls, tuple(getattr(self, n) for n in names))

    cls.__new__ = __new__
    cls.__reduce__ = __reduce__
    return cls

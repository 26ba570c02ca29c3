"""Reading a message from someone the kit does not trust: one bounded JSON reader.

A learner's bot answering the referee (:mod:`kit.core.sealed`) and a
learner's kernel talking to the table server (:mod:`kit.serve.server`) both
send JSON.  Both are read here, the same way: the size is checked first, the
nesting is measured on the text *before* the parser sees it (so a message
nested 100,000 deep costs a scan, never the parser's recursion), and the
result must be a JSON object.  Anything else is a :class:`KitError` saying
what was wrong; nothing in the message is run.

Examples
--------
>>> from kit.core.wire import read_object, nesting
>>> read_object('{"type": "act", "action": "Guard p1 Priest"}', max_depth=4)["action"]
'Guard p1 Priest'
>>> nesting('{"a": "[[[[", "b": [1, [2]]}', limit=8)
3
>>> read_object("[" * 50 + "]" * 50, max_depth=16)
Traceback (most recent call last):
...
kit.core.errors.KitError: a message nested more than 16 deep
>>> read_object("[1, 2]", max_depth=4)
Traceback (most recent call last):
...
kit.core.errors.KitError: a message is a JSON object, not a list
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import KitError

__all__ = ["read_object", "nesting"]

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def nesting(data: str | bytes, limit: int) -> int:
    """How deeply the lists and objects of the JSON text ``data`` nest (strings skipped); the scan stops
    as soon as the depth passes ``limit``, so the answer is exact up to ``limit + 1``."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    if "[" not in text and "{" not in text:
        return 0
    bare = _STRING.sub('""', text)
    depth = top = 0
    for m in _BRACKET.finditer(bare):
        depth += 1 if m.group() in "[{" else -1
        if depth > top:
            top = depth
            if top > limit:
                break
    return top


def read_object(data: str | bytes, *, max_depth: int, max_bytes: int | None = None) -> dict[str, Any]:
    """The JSON object ``data`` holds, read within bounds: at most ``max_bytes`` long (when given) and
    ``max_depth`` deep; a :class:`KitError` otherwise."""
    if max_bytes is not None and len(data) > max_bytes:
        raise KitError(f"a message of {len(data)} bytes (at most {max_bytes})")
    if nesting(data, max_depth) > max_depth:
        raise KitError(f"a message nested more than {max_depth} deep")
    try:
        msg = json.loads(data)
    except (ValueError, RecursionError):
        raise KitError("a message that is not JSON") from None
    if not isinstance(msg, dict):
        raise KitError(f"a message is a JSON object, not {_kind(msg)}")
    return msg


def _kind(value: Any) -> str:
    return {list: "a list", str: "a text", bool: "true or false", type(None): "null"}.get(type(value), "a number")

"""Checking a saved state field by field: the helpers every game's loader shares (``kit/<game>/saves.py``).

A loader refuses anything that is not a state its game can reach with a
:class:`SaveError` (a :class:`~kit.core.KitError`) that names the field, in
the dotted path of the saved JSON (``state.hands[1]``), what it holds, and
what is allowed there.  The helpers here check the envelope every save shares
(:func:`document`), the keys of an object (:func:`keys`), and single values
(:func:`integer`, :func:`boolean`, :func:`text`, :func:`listed`,
:func:`one_of`); :func:`same` compares a saved object with the one the game
rebuilds from the save's history, strictly (``true`` is not ``1``), and
names the first field where they part.

Examples
--------
>>> from kit.core import KitError
>>> integer(7, "state.cur", 0, 2, "Love Letter")
Traceback (most recent call last):
...
kit.core.validate.SaveError: not a saved Love Letter state: state.cur is 7; allowed: an int from 0 to 2
>>> same({"a": [1, True]}, {"a": [1, 1]}, "state", "Love Letter")
Traceback (most recent call last):
...
kit.core.validate.SaveError: not a saved Love Letter state: state.a[1] is true, not consistent with its \
history, which gives 1
>>> issubclass(SaveError, KitError)
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence as _Sequence
from typing import Any, Callable, Collection, Iterable, Sequence

from .errors import Code, KitError
from .serialize import FORMAT_VERSION

__all__ = ["SaveError", "show", "refuse", "document", "keys", "integer", "boolean", "text", "listed", "one_of", "same",
           "each", "load_checked", "sequence"]

#: The longest value a refusal quotes (longer ones are cut, with "...").
SHOWN = 120


class SaveError(KitError):
    """A saved state that is not one its game can reach: the field, what it holds and what is allowed.

    ``exc.fields["field"]`` is the field's path in the saved JSON (``state.hands[1]``).
    """


def show(value: Any, limit: int = SHOWN) -> str:
    """``value`` as JSON text (as the save writes it), cut to ``limit`` characters.

    >>> show([True, None, "Guard"]), show(list(range(100)), 12)
    ('[true, null, "Guard"]', '[0, 1, 2, ...')
    """
    try:
        out = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        out = repr(value)
    return out if len(out) <= limit else out[:limit - 3].rstrip(", ") + ", ..."


def refuse(title: str, field: str, problem: str) -> SaveError:
    """The refusal of field ``field`` of a ``title`` save (``problem``: what is wrong, in English)."""
    return SaveError("not a saved {game} state: {field} {problem}", game=title, field=Code(field),
                     problem=Code(problem))


def _is(value: Any, allowed: str) -> str:
    return f"is {show(value)}; allowed: {allowed}"


def document(data: Any, name: str, title: str, settings: dict[str, Any], version: int) -> dict[str, Any]:
    """The saved object of ``data`` (JSON text or a parsed dict), its envelope checked.

    A save is ``{"kit": version, "game": name, "settings": settings, "state": {...}}`` with no other key.

    >>> document('[1]', "loveletter", "Love Letter", {}, 1)
    Traceback (most recent call last):
    ...
    kit.core.validate.SaveError: not a saved Love Letter state: the save is [1]; allowed: a JSON object with \
the keys "kit", "game", "settings", "state"
    """
    if isinstance(data, (str, bytes, bytearray)):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as exc:
            raise SaveError("not a saved {game} state: the text is not JSON ({why})", game=title,
                            why=Code(str(exc))) from None
    want = ("kit", "game", "settings", "state")
    if not isinstance(data, dict):
        raise refuse(title, "the save", _is(data, "a JSON object with the keys " + ", ".join(map(show, want))))
    keys(data, "the save", want, title)
    if type(data["kit"]) is not int or data["kit"] != version:
        raise refuse(title, "kit", _is(data["kit"], f"{version} (the format this kit reads)"))
    if data["game"] != name:
        raise refuse(title, "game", _is(data["game"], show(name)))
    if not _identical(data["settings"], settings):
        raise refuse(title, "settings", f"is {show(data['settings'])}: saved for other settings, not for this game "
                                        f"{show(settings)} (kit.core.loads loads a save with its own settings)")
    if not isinstance(data["state"], dict):
        raise refuse(title, "state", _is(data["state"], "a JSON object"))
    return data


def keys(obj: Any, path: str, want: Sequence[str], title: str) -> dict[str, Any]:
    """``obj``, an object with exactly the keys ``want`` (a missing or an extra key is named)."""
    if not isinstance(obj, dict):
        raise refuse(title, path, _is(obj, "a JSON object"))
    missing = [k for k in want if k not in obj]
    if missing:
        raise refuse(title, path, f"has no {show(missing[0])}; it needs the keys {', '.join(map(show, want))}")
    extra = [k for k in obj if k not in want]
    if extra:
        raise refuse(title, path, f"has the key {show(extra[0])}, which no save has; allowed keys: "
                                  f"{', '.join(map(show, want))}")
    return obj


def integer(value: Any, path: str, lo: int, hi: int, title: str, what: str = "") -> int:
    """``value``, an ``int`` (not a bool) from ``lo`` to ``hi``; ``what`` says what it is (``"a seat"``)."""
    if type(value) is not int or not lo <= value <= hi:
        allowed = f"an int from {lo} to {hi}" if lo < hi else f"the int {lo}"
        raise refuse(title, path, _is(value, f"{what} ({allowed})" if what else allowed))
    return value


def boolean(value: Any, path: str, title: str) -> bool:
    """``value``, ``true`` or ``false``."""
    if type(value) is not bool:
        raise refuse(title, path, _is(value, "true or false"))
    return value


def text(value: Any, path: str, title: str, what: str = "a string") -> str:
    """``value``, a string."""
    if type(value) is not str:
        raise refuse(title, path, _is(value, what))
    return value


def listed(value: Any, path: str, title: str, length: int | None = None, most: int | None = None,
           least: int = 0, what: str = "") -> list[Any]:
    """``value``, a list of ``length`` items (or ``least`` to ``most``); ``what`` names its items."""
    of = f" of {what}" if what else ""
    if type(value) is not list:
        raise refuse(title, path, _is(value, f"a list{of}"))
    if length is not None and len(value) != length:
        raise refuse(title, path, f"has {len(value)} items; allowed: {length}{of}")
    if len(value) < least or (most is not None and len(value) > most):
        span = f"{least} to {most}" if most is not None else f"at least {least}"
        raise refuse(title, path, f"has {len(value)} items; allowed: {span}{of}")
    return value


def one_of(value: Any, path: str, choices: Collection[Any], title: str) -> Any:
    """``value``, one of ``choices`` (of the same JSON type: ``true`` is not ``1``)."""
    if not any(_identical(value, c) for c in choices):
        raise refuse(title, path, _is(value, "one of " + ", ".join(show(c) for c in choices)))
    return value


def _identical(a: Any, b: Any) -> bool:
    return _first_difference(a, b, "") is None


def _first_difference(saved: Any, rebuilt: Any, path: str) -> tuple[str, Any, Any] | None:
    if isinstance(saved, dict) and isinstance(rebuilt, dict):
        for k in list(rebuilt) + [k for k in saved if k not in rebuilt]:
            if k not in saved or k not in rebuilt:
                return f"{path}.{k}", saved.get(k, "(missing)"), rebuilt.get(k, "(none)")
            found = _first_difference(saved[k], rebuilt[k], f"{path}.{k}")
            if found is not None:
                return found
        return None
    if isinstance(saved, list) and isinstance(rebuilt, list):
        for i, (x, y) in enumerate(zip(saved, rebuilt)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found is not None:
                return found
        return None if len(saved) == len(rebuilt) else (path, saved, rebuilt)
    if type(saved) is not type(rebuilt) or saved != rebuilt:
        return path, saved, rebuilt
    return None


def same(saved: Any, rebuilt: Any, path: str, title: str) -> None:
    """Refuse unless ``saved`` is ``rebuilt`` (JSON values: same types, same items), naming the first difference.

    ``rebuilt`` is what the game makes of the save's history: the value each field must hold.
    """
    found = _first_difference(saved, rebuilt, path)
    if found is not None:
        where, got, want = found
        raise refuse(title, where, f"is {show(got)}, not consistent with its history, which gives {show(want)}")


def each(values: Iterable[Any], path: str) -> Iterable[tuple[str, Any]]:
    """``(path[i], value)`` for each item: the paths of a list's items."""
    return ((f"{path}[{i}]", v) for i, v in enumerate(values))


def load_checked(game: Any, data: Any, *, name: str, title: str, fields: Sequence[str],
                 check: Callable[[Any, dict[str, Any]], None], start: Callable[[Any, dict[str, Any]], Any]) -> Any:
    """A game's whole loader: the envelope, the ``state`` keys ``fields``, ``check(game, state)`` (types,
    ranges, pieces), then the history played again from ``start(game, state)`` and every saved field
    compared with what that play gives (:func:`same`).  The state played is returned.
    """
    doc = document(data, name, title, game.settings(), FORMAT_VERSION)
    d = keys(doc["state"], "state", fields, title)
    check(game, d)
    state = start(game, d)
    for path, action in each(d["history"], "state.history"):
        try:
            state.apply_action(game.parse_action(action))
        except KitError as exc:
            raise refuse(title, path, f"is {json.dumps(action)}, which cannot be played there: {exc}") from None
    same(d, json.loads(state.to_json())["state"], "state", title)
    return state


def sequence(value: Any, name: str, length: int | None = None, what: str = "items") -> list[Any]:
    """A caller's argument ``name`` as a list: a list or tuple (any sequence but text) of ``length`` items.

    For the builders of described positions, whose arguments a learner types.

    >>> sequence(("Guard", "Priest"), "face_up", 2, "cards")
    ['Guard', 'Priest']
    >>> sequence(None, "hands", 2, "hands")
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: hands must be a list of 2 hands, not None
    """
    count = "" if length is None else f"{length} "
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, _Sequence):
        raise KitError(f"{name} must be a list of {count}{what}, not {value!r}"[:300])
    if length is not None and len(value) != length:
        raise KitError(f"{name} must be a list of {count}{what}, not {len(value)}")
    return list(value)

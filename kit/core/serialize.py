"""JSON save and load of any registered game's state.

A saved state is one JSON object: ``{"kit": 1, "game": NAME, "settings": {...},
"state": {...}}``.  Loading looks ``NAME`` up in the registry of game packages
(:mod:`kit.core.registry`), which never imports a module named by the file.

Examples
--------
>>> from kit.core import loads
>>> from kit.loveletter import LoveLetter
>>> s = LoveLetter(2).new_initial_state()
>>> loads(s.to_json()).to_json() == s.to_json()
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from . import registry
from .errors import KitError

__all__ = ["register_game", "game_from_settings", "loads", "load", "save", "FORMAT_VERSION"]

FORMAT_VERSION = 1

#: registry name -> "module:Class" of its game: a read-only view of the ``game`` each game package
#: declares (:mod:`kit.core.registry`; imported on first use).
_GAMES: Mapping[str, str] = registry.RegistryView("game")


def register_game(name: str, target: str | type) -> None:
    """Make ``name`` loadable; ``target`` is a Game class or ``"module:Class"``.

    A game with a whole package (events, narration, a table) registers its
    :class:`~kit.core.registry.GamePackage` instead (``docs/adding-a-game.md``); this registers a
    package that declares its game only, so its saved states load (a table then says which part to add).
    """
    if isinstance(target, type):
        target = f"{target.__module__}:{target.__qualname__}"
    registry.register(registry.GamePackage(name=name, game=target, events=None, narration=None))


def _game_class(name: str) -> type:
    return registry.part(name, "game")


def game_from_settings(name: str, settings: dict[str, Any]) -> Any:
    """Build a registered game from its name and ``settings()`` (bad settings: a :class:`KitError`)."""
    cls = _game_class(name)
    if not isinstance(settings, dict) or not all(isinstance(k, str) for k in settings):
        raise KitError(f"the settings of a saved {name} game are an object of keyword arguments, not {settings!r}")
    try:
        return cls(**settings)
    except TypeError as exc:  # a keyword the game does not take
        raise KitError(f"{name} takes no such settings {settings!r}: {exc}") from None


def loads(text: str | dict) -> Any:
    """A state from JSON text (or an already-parsed dict)."""
    try:
        doc = json.loads(text) if isinstance(text, str) else text
    except (ValueError, RecursionError) as exc:
        raise KitError(f"not a saved kit state: the text is not JSON ({exc})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("game"), str) or "settings" not in doc:
        raise KitError("not a saved kit state: expected an object with 'game' (a name) and 'settings'")
    if doc.get("kit") != FORMAT_VERSION:
        raise KitError(f"saved with format {doc.get('kit')!r}; this kit reads format {FORMAT_VERSION}")
    game = game_from_settings(doc["game"], doc["settings"])
    return game.state_from_json(doc)


def save(state: Any, path: str | Path) -> Path:
    """Write ``state.to_json()`` to ``path`` and return the path."""
    path = Path(path)
    path.write_text(state.to_json(), encoding="utf-8")
    return path


def load(path: str | Path) -> Any:
    """Read a state written by :func:`save`."""
    return loads(Path(path).read_text(encoding="utf-8"))

"""One registration per game: a game package declares its parts in one place.

A game package (the kit's three, or a game of your own: ``docs/adding-a-game.md``) says
which of its modules plays which role in one :class:`GamePackage`, and every part of the
kit that needs a game's part asks this registry for it: saved states
(:func:`kit.core.loads`), the table (its adapter, its bots, the teacher's log of every
event), the narration (:func:`kit.render.narration.narrate`), and the seats' knowledge and
card counting (:meth:`kit.core.PlayerView.knowledge`, :meth:`kit.core.PlayerView.posterior`).
Nothing else looks a game's part up by a module-name convention.

The roles, and what the module (or object) of each must expose:

=============  =====================================  ============================================
role           declared as                            what it exposes
=============  =====================================  ============================================
``game``       ``"module:Class"``                     the :class:`~kit.core.Game` class; its
                                                      ``name`` is the package's registry name
``events``     module                                 ``visible_events``, ``all_events``,
                                                      ``event_dict`` (what happens, who sees what)
``narration``  module                                 ``narrate(events, *, names, reader, lang)``
``adapter``    ``"module:Class"`` or ``None``         a table adapter class
                                                      (:class:`kit.widgets.adapter.TableAdapter`;
                                                      ``None``: the generic one)
``bots``       module or ``None``                     ``BOTS``: kind -> class built with ``seed=``
                                                      (``None``: the random bot only)
``knowledge``  module or ``None``                     ``knowledge(state, seat)`` and
                                                      ``resample(state, seat, rng, know=...)``
                                                      (``None``: views have no ``knowledge()``)
``counting``   module or ``None``                     ``posterior(state, seat, policy)``, a seat's
                                                      exact card counting (``None``: views have no
                                                      ``posterior()``)
=============  =====================================  ============================================

Two more fields say where people read about the game: ``rules_page``, the path of its rules page,
relative to the folder that holds the game's top-level package (for the kit's games: the
repository, ``"docs/rules/loveletter.md"``; for a package ``kuhn/``: ``"kuhn/rules.md"``),
and ``languages`` (a field added to the shared interface), the languages its own messages are
translated into: at a table in any other language the game's sentences are English and the
table says so (:func:`speaks`; :meth:`kit.widgets.adapter.TableAdapter.language_note`).

:func:`register` and :func:`unregister` add and remove a package; :func:`package`, :func:`find` and
:func:`of` (from a game object) look one up; :func:`part` imports one of its parts, checked.

The kit's own packages are known by one tuple of module names (:data:`BUILTIN_MODULES`):
each declares ``PACKAGE = GamePackage(...)`` in its ``__init__.py`` and is imported the first
time its name is asked for (its registry name is the module's last part).  The registry never
imports a module named by a file or a message: only the modules a declaration names.

Examples
--------
>>> from kit.core import registry
>>> registry.package("loveletter").game
'kit.loveletter.game:LoveLetter'
>>> [p.name for p in registry.packages()]
['loveletter', 'sleepingqueens', 'princesslegend']
>>> registry.part("loveletter", "game").name
'loveletter'
>>> registry.package("chess")
Traceback (most recent call last):
...
kit.core.errors.KitError: unknown game 'chess'; known games: loveletter, sleepingqueens, princesslegend
>>> registry.part("princesslegend", "knowledge")
Traceback (most recent call last):
...
kit.core.errors.KitError: the game 'princesslegend' declares no knowledge module: add knowledge='<module>' (a module exposing knowledge, resample) to its GamePackage
"""

from __future__ import annotations

import importlib
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping

from .errors import KitError

__all__ = ["GamePackage", "ROLES", "BUILTIN_MODULES", "register", "unregister", "package", "packages", "find", "of",
           "names", "part", "rules_path", "speaks", "RegistryView"]

#: The kit's own game packages, by module name; each declares ``PACKAGE`` in its ``__init__.py``.
BUILTIN_MODULES: tuple[str, ...] = ("kit.loveletter", "kit.sleepingqueens", "kit.princesslegend")

#: Each role a package declares: how it is written (``"module"`` or ``"module:Class"``), whether a package
#: that plays at a table must declare it (left ``None`` only by :func:`kit.core.register_game`, whose package
#: loads saved states only; :func:`part` then says what to add), and the names its module must expose.
ROLES: Mapping[str, tuple[str, bool, tuple[str, ...]]] = {
    "game": ("module:Class", True, ()),
    "events": ("module", True, ("visible_events", "all_events", "event_dict")),
    "narration": ("module", True, ("narrate",)),
    "adapter": ("module:Class", False, ()),
    "bots": ("module", False, ("BOTS",)),
    "knowledge": ("module", False, ("knowledge", "resample")),
    "counting": ("module", False, ("posterior",)),
}

_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_MODULE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*\Z")
_TARGET = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*:[A-Za-z_][A-Za-z0-9_]*"
                     r"(\.[A-Za-z_][A-Za-z0-9_]*)*\Z")
_LANG = re.compile(r"[a-z]{2}\Z")


@dataclass(frozen=True)
class GamePackage:
    """The parts of one game package (see the module's table of roles).

    Parameters
    ----------
    name
        The registry name, the game's ``Game.name`` (``"loveletter"``).
    game
        ``"module:Class"`` of its :class:`~kit.core.Game`.
    events
        The module of its events: ``visible_events``, ``all_events``, ``event_dict``.
    narration
        The module of its sentences: ``narrate(events, *, names, reader, lang)``.
    adapter
        ``"module:Class"`` of its table adapter (``None``: the generic one).
    bots
        The module exposing ``BOTS`` (``None``: the random bot only).
    knowledge
        The module of seat knowledge, ``knowledge`` and ``resample`` (``None``: none).
    counting
        The module of a seat's exact card counting, ``posterior`` (``None``: none).
    rules_page
        Its rules page, relative to the folder holding the game's top-level package.
    languages
        The languages its own messages are translated into (English first; default English only).

    Examples
    --------
    >>> GamePackage("kuhn", "kuhn.game:Kuhn", "kuhn.events", "kuhn.narration").languages
    ('en',)
    """

    name: str
    game: str
    events: str | None
    narration: str | None
    adapter: str | None = None
    bots: str | None = None
    knowledge: str | None = None
    counting: str | None = None
    rules_page: str | None = None
    languages: tuple[str, ...] = ("en",)


_REGISTERED: dict[str, GamePackage] = {}
_BUILTIN_NAMES: dict[str, str] = {m.rpartition(".")[2]: m for m in BUILTIN_MODULES}


def _check(pkg: Any) -> GamePackage:
    """``pkg`` if it is a well-formed declaration, else a ``KitError`` saying which field is wrong."""
    if not isinstance(pkg, GamePackage):
        raise KitError(f"register() takes a GamePackage(name=..., game=..., events=..., narration=...), "
                       f"not {type(pkg).__name__}")
    if not isinstance(pkg.name, str) or not _NAME.match(pkg.name):
        raise KitError(f"GamePackage name {pkg.name!r}: write lower-case letters, digits and '_', "
                       "starting with a letter (the game's Game.name)")
    for role, (form, required, _exposes) in ROLES.items():
        value = getattr(pkg, role)
        if value is None and role != "game":
            continue  # an optional part, or a part not written yet (part() then says what to add)
        pattern = _TARGET if form == "module:Class" else _MODULE
        if not isinstance(value, str) or not pattern.match(value):
            example = "'kuhn.game:Kuhn'" if form == "module:Class" else "'kuhn.events'"
            raise KitError(f"GamePackage {pkg.name!r}: {role}={value!r} is not a {form} name; write it as {example}")
    if pkg.rules_page is not None and (not isinstance(pkg.rules_page, str) or not pkg.rules_page.endswith(".md")):
        raise KitError(f"GamePackage {pkg.name!r}: rules_page={pkg.rules_page!r} is not the path of a .md page")
    langs = pkg.languages
    if (not isinstance(langs, tuple) or not langs or langs[0] != "en"
            or not all(isinstance(c, str) and _LANG.match(c) for c in langs)):
        raise KitError(f"GamePackage {pkg.name!r}: languages={langs!r}; write a tuple of language codes, "
                       "English first, such as ('en',) or ('en', 'fr')")
    return pkg


def register(package: GamePackage) -> None:
    """Make a game package known to the kit (a saved state loads, a table plays it, ...).

    Registering the same declaration again changes nothing; another declaration under a
    name already known is refused (:func:`unregister` it first; the kit's own games stay).

    >>> register("kuhn")
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: register() takes a GamePackage(name=..., game=..., events=..., narration=...), not str
    """
    pkg = _check(package)
    known = _REGISTERED.get(pkg.name)
    if known is None and pkg.name in _BUILTIN_NAMES:
        known = find(pkg.name)
    if known is not None and known != pkg:
        raise KitError(f"a game named {pkg.name!r} is already registered ({known.game}); "
                       "give your game another name, or unregister() the old one first")
    _REGISTERED[pkg.name] = pkg


def unregister(name: str) -> None:
    """Forget the package ``name`` (one registered with :func:`register`; the kit's own games stay)."""
    if name in _BUILTIN_NAMES:
        raise KitError(f"{name!r} is one of the kit's own games; it stays registered")
    if _REGISTERED.pop(name, None) is None:
        raise KitError(f"no game {name!r} was registered; registered: {', '.join(names()) or 'none'}")


def _load_builtin(name: str) -> GamePackage:
    module = importlib.import_module(_BUILTIN_NAMES[name])
    pkg = getattr(module, "PACKAGE", None)
    if not isinstance(pkg, GamePackage) or pkg.name != name:
        raise KitError(f"{module.__name__} must declare PACKAGE = GamePackage(name={name!r}, ...) "
                       "in its __init__.py")
    _REGISTERED[name] = _check(pkg)
    return pkg


def names() -> tuple[str, ...]:
    """The names of every known game: the kit's own (without importing them), then those registered."""
    return tuple(_BUILTIN_NAMES) + tuple(n for n in _REGISTERED if n not in _BUILTIN_NAMES)


def find(name: Any) -> GamePackage | None:
    """The package registered as ``name``, or ``None`` (a protocol game without a package)."""
    if not isinstance(name, str):
        return None
    pkg = _REGISTERED.get(name)
    if pkg is None and name in _BUILTIN_NAMES:
        pkg = _load_builtin(name)
    return pkg


def of(game: Any) -> GamePackage | None:
    """The package of ``game`` (a game object), found by its ``name``; ``None`` for a protocol game without one.

    A game class that a registered package declares under another name is a ``KitError`` saying what to set.

    >>> from kit.loveletter import LoveLetter
    >>> of(LoveLetter(2)).name
    'loveletter'
    """
    pkg = find(getattr(game, "name", None))
    if pkg is None:
        target = f"{type(game).__module__}:{type(game).__qualname__}"
        for declared in _REGISTERED.values():
            if declared.game == target:
                raise KitError(f"the game class {target} has name={getattr(game, 'name', None)!r}; set "
                               f"name = {declared.name!r} in it, the name of its GamePackage")
    return pkg


def package(name: str) -> GamePackage:
    """The package registered as ``name``; a ``KitError`` naming the known games if there is none."""
    pkg = find(name)
    if pkg is None:
        raise KitError(f"unknown game {name!r}; known games: {', '.join(names())}")
    return pkg


def packages() -> tuple[GamePackage, ...]:
    """Every known package (the kit's own first, imported now)."""
    return tuple(package(n) for n in names())


def _import(module: str, pkg: GamePackage, role: str) -> Any:
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if missing and (module == missing or module.startswith(missing + ".")):
            raise KitError(f"the game {pkg.name!r} declares {role}={getattr(pkg, role)!r}, but there is no module "
                           f"{missing!r}: write it, or correct {role}= in its GamePackage") from None
        raise


def part(name: str, role: str) -> Any:
    """The part ``role`` of the game ``name``, imported: the class for ``game`` and ``adapter``, the module
    for the others (checked to expose what its role needs).

    A part the package does not declare, or whose module lacks a name its role needs, is a
    ``KitError`` saying what to add.

    >>> sorted(part("sleepingqueens", "bots").BOTS)
    ['heuristic', 'random', 'strong']
    """
    if role not in ROLES:
        raise KitError(f"no role {role!r}; the roles are {', '.join(ROLES)}")
    pkg = package(name)
    form, _required, exposes = ROLES[role]
    target = getattr(pkg, role)
    if target is None:
        needs = f" (a module exposing {', '.join(exposes)})" if exposes else ""
        example = "'<module>:<Class>'" if form == "module:Class" else "'<module>'"
        raise KitError(f"the game {name!r} declares no {role} module: add {role}={example}{needs} "
                       "to its GamePackage")
    if form == "module:Class":
        module_name, _sep, qualname = target.partition(":")
        obj: Any = _import(module_name, pkg, role)
        for attr in qualname.split("."):
            if not hasattr(obj, attr):
                raise KitError(f"the game {name!r} declares {role}={target!r}, but {module_name} has no "
                               f"{qualname}: define it there, or correct {role}= in its GamePackage")
            obj = getattr(obj, attr)
        if role == "game" and getattr(obj, "name", None) != name:
            raise KitError(f"the game class {target} has name={getattr(obj, 'name', None)!r}; set "
                           f"name = {name!r} in it, the name of its GamePackage")
        return obj
    module = _import(target, pkg, role)
    lacking = [n for n in exposes if not hasattr(module, n)]
    if lacking:
        raise KitError(f"the {role} module {target} of the game {name!r} has no {', '.join(lacking)}: "
                       f"add {' and '.join(lacking)} to it")
    return module


def rules_path(name: str) -> Path | None:
    """Where the rules page of ``name`` is (``None`` when it declares none), resolved against the folder that
    holds the game's top-level package."""
    pkg = package(name)
    if pkg.rules_page is None:
        return None
    page = Path(pkg.rules_page)
    if page.is_absolute():
        return page
    top = pkg.game.partition(":")[0].split(".")[0]
    importlib.import_module(top)
    spec_file = getattr(sys.modules[top], "__file__", None)
    if spec_file is None:  # a namespace package: its first folder
        root = Path(list(sys.modules[top].__path__)[0]).parent
    else:
        root = Path(spec_file).resolve().parent.parent
    return root / page


def speaks(game: Any, lang: str) -> bool:
    """Whether the sentences of ``game`` (a game, or its name) are translated into ``lang``.

    A game without a package speaks every language the kit does: the generic table's words are the kit's.
    """
    pkg = find(game) if isinstance(game, str) else of(game)
    return pkg is None or lang in pkg.languages


class RegistryView(Mapping):
    """A read-only mapping ``game name -> one role's declaration`` over the registry, for the packages that
    declare that role (what ``kit.core.serialize._GAMES``, ``kit.widgets.table.ADAPTERS`` and
    ``kit.render.narration.NARRATION_MODULES`` were as tables of their own).

    >>> RegistryView("narration")["loveletter"], "chess" in RegistryView("game")
    ('kit.render.narration.loveletter', False)
    """

    def __init__(self, role: str) -> None:
        if role not in ROLES:
            raise KitError(f"no role {role!r}; the roles are {', '.join(ROLES)}")
        self.role = role

    def __getitem__(self, name: str) -> str:
        pkg = find(name)
        value = getattr(pkg, self.role) if pkg is not None else None
        if value is None:
            raise KeyError(name)
        return value

    def __contains__(self, name: object) -> bool:
        pkg = find(name)
        return pkg is not None and getattr(pkg, self.role) is not None

    def __iter__(self) -> Iterator[str]:
        return iter([p.name for p in packages() if getattr(p, self.role) is not None])

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"RegistryView({self.role!r}: {dict(self)!r})"


"""The rules engine compiled: the same ``state.py``, built by mypyc into a C extension when a compiler is there.

The Sleeping Queens rules live once, in :mod:`kit.sleepingqueens.state`, as
plain Python that a learner can read.  ``make`` (``make lab``, ``make test``)
also compiles that same file with `mypyc <https://mypyc.readthedocs.io>`_
(it comes with mypy, in the kit's ``fast`` extra) into ``_compiled/`` beside
it; the games are the same, move for move (the seeded-game digests of
``tests/test_sleepingqueens_engine_identity.py`` hold for both builds), and
1.5 to 1.7 times as fast: by instruction counts (callgrind) 1.5 times
through the protocol and 1.7 times on the fast path (see
``benchmarks/sleepingqueens_speed.py``, which prints the build it timed).

The compiled build is used only when it was made from exactly the source
files it would replace: the build writes a fingerprint of them (and of the
Python that built it), and :func:`activate` compares it at every import.  A
learner who edits ``state.py`` runs the edited Python at once, never a stale
build; the next ``make`` compiles the edited file.  Without a C compiler or
mypy, or with the environment variable ``KIT_PURE_PYTHON=1``, the kit runs
the pure Python engine, which is the reference.

Build by hand: ``python tools/build_engine.py`` (does nothing when the
build is up to date; ``--force`` rebuilds).

Examples
--------
>>> engine() in ("compiled", "pure Python")
True
>>> len(fingerprint()) == 64
True
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any, Sequence

__all__ = ["COMPILED_DIR", "ENGINE", "SOURCES", "imported_sources", "fingerprint", "activate", "engine",
           "build"]

HERE = Path(__file__).resolve().parent
KIT = HERE.parent
#: Where the build lives (not in git): the extension modules and the fingerprint of their sources.
COMPILED_DIR = HERE / "_compiled"
_STAMP = "fingerprint"
ENGINE = "sleepingqueens/state.py"


def imported_sources(start: str = ENGINE, kit: Path | None = None) -> tuple[str, ...]:
    """``start`` and every kit module it imports at module level, and those they import (paths under
    ``kit``), read from the source with :mod:`ast`, never imported.

    Imports inside a function or a class are left out: they run when called, so the build does not
    compile them in.  Names imported from a package that are modules of it (``from . import registry``)
    count as those modules, any other name as the package's ``__init__.py``.

    >>> imported_sources()[0], "core/errors.py" in imported_sources()
    ('sleepingqueens/state.py', True)
    """
    import ast

    kit = KIT if kit is None else kit
    found: list[str] = []
    todo = [start]
    while todo:
        rel = todo.pop(0)
        if rel in found:
            continue
        found.append(rel)
        here = Path(rel).parent
        body = list(ast.parse((kit / rel).read_text(encoding="utf-8"), rel).body)
        while body:  # module level, into its if/try blocks, never into a def or a class
            node = body.pop(0)
            if isinstance(node, (ast.If, ast.Try)):
                body[:0] = [*node.body, *node.orelse, *getattr(node, "finalbody", []),
                            *(s for h in getattr(node, "handlers", []) for s in h.body)]
                continue
            targets: list[tuple[Path, list[str]]] = []
            if isinstance(node, ast.Import):
                targets = [(Path(*a.name.split(".")[1:]), []) for a in node.names if a.name.startswith("kit.")]
            elif isinstance(node, ast.ImportFrom):
                names = [a.name for a in node.names]
                if node.level:
                    base = here
                    for _ in range(node.level - 1):
                        base = base.parent
                    targets = [(base.joinpath(*(node.module or "").split(".")), names)]
                elif (node.module or "").startswith("kit."):
                    targets = [(Path(*(node.module or "").split(".")[1:]), names)]
            for module, names in targets:
                if (kit / module).with_suffix(".py").is_file():
                    todo.append(module.with_suffix(".py").as_posix())
                elif (kit / module).is_dir():  # a package: the names that are its modules, else its __init__
                    submodules = [(module / f"{n}.py").as_posix() for n in names if (kit / module / f"{n}.py").is_file()]
                    todo += submodules if len(submodules) == len(names) else [(module / "__init__.py").as_posix()]
    return tuple(found)


_OFF = "KIT_PURE_PYTHON"


def __getattr__(name: str) -> Any:
    """``SOURCES``: the files the compiled module is made from, the engine and the kit modules it imports
    (:func:`imported_sources`, found when asked: a new import is in the fingerprint without anyone listing it)."""
    if name == "SOURCES":
        return imported_sources()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def fingerprint(sources: Sequence[str] | None = None) -> str:
    """SHA-256 of the engine's source files (``sources``, by default :data:`SOURCES`) and of this Python (its
    version and extension-module suffix)."""
    h = hashlib.sha256()
    h.update(f"{sys.version}|{importlib.machinery.EXTENSION_SUFFIXES[0]}".encode())
    for name in imported_sources() if sources is None else sources:
        h.update(name.encode())
        h.update((KIT / name).read_bytes())
    return h.hexdigest()


def _built(folder: Path = COMPILED_DIR) -> bool:
    """Whether ``folder`` holds a build of exactly today's sources for this Python.

    The build's stamp lists the files it was made from after their fingerprint: comparing the fingerprint of
    those files is enough (a new import can only come in by editing one of them), and spares every import of
    the kit reading the sources' imports again.  A stamp without the list is compared with :data:`SOURCES`.
    """
    try:
        stamp, *sources = (folder / _STAMP).read_text().split()
    except (OSError, ValueError):
        return False
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    try:
        made_of = fingerprint(sources or None)
    except OSError:  # a source the build was made from is gone
        return False
    return stamp == made_of and (folder / f"state{suffix}").is_file()


def activate(package_path: list[str], folder: Path = COMPILED_DIR) -> bool:
    """Put the compiled build first on the package's ``__path__`` when it is up to date; say whether it is.

    Called by ``kit/sleepingqueens/__init__.py`` before the engine is imported.
    """
    if os.environ.get(_OFF, "") not in ("", "0") or not _built(folder):
        return False
    if str(folder) not in package_path:
        package_path.insert(0, str(folder))
    return True


def engine() -> str:
    """``"compiled"`` when :mod:`kit.sleepingqueens.state` is the compiled build, else ``"pure Python"``."""
    from . import state

    return "pure Python" if state.__file__.endswith(".py") else "compiled"


def build(force: bool = False, quiet: bool = False) -> bool:
    """Compile ``state.py`` with mypyc into :data:`COMPILED_DIR`; return whether a build is there afterwards.

    Does nothing when the build is up to date (unless ``force``; ``quiet``: not even say so).  Says why when
    it cannot build (no mypy, no C compiler) and leaves the pure Python engine in use.
    """
    def say(*text: str) -> None:
        print(*text, flush=True)

    if not force and _built():
        if not quiet:
            say("Sleeping Queens engine: the compiled build is up to date")
        return True
    try:
        import mypyc  # noqa: F401
    except ImportError:
        say("Sleeping Queens engine: no mypyc (pip install mypy, or the kit's 'fast' extra): pure Python")
        return False
    if not (sysconfig.get_config_var("CC") or shutil.which("cc")):
        say("Sleeping Queens engine: no C compiler: pure Python")
        return False
    say("==> compiling the Sleeping Queens engine (kit/sleepingqueens/state.py) with mypyc (about a minute)")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copytree(KIT, work / "kit", ignore=shutil.ignore_patterns("_compiled", "__pycache__", "locale",
                                                                          "*.so", "*.pyd"))
        done = subprocess.run([sys.executable, "-m", "mypyc", "kit/sleepingqueens/state.py"], cwd=work,
                              capture_output=True, text=True)
        made = [p for p in (work / "kit" / "sleepingqueens").iterdir()
                if p.name.startswith("state") and p.suffix in (".so", ".pyd")]
        if done.returncode != 0 or not made:
            say("Sleeping Queens engine: mypyc could not build it, so it runs as pure Python:\n"
                + "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:]))
            return False
        shutil.rmtree(COMPILED_DIR, ignore_errors=True)
        COMPILED_DIR.mkdir()
        for p in made:
            shutil.copy2(p, COMPILED_DIR / p.name)
    sources = imported_sources()
    (COMPILED_DIR / _STAMP).write_text("\n".join([fingerprint(sources), *sources]) + "\n")
    say(f"Sleeping Queens engine: compiled into {COMPILED_DIR.relative_to(KIT.parent)}")
    return True

"""Collection rules for the whole suite (tests/ and the doctests of kit/)."""

from __future__ import annotations

from pathlib import Path

_STATE = Path(__file__).resolve().parent / "kit" / "sleepingqueens" / "state.py"


def pytest_ignore_collect(collection_path: Path, config) -> bool | None:
    """With the compiled Sleeping Queens engine in use, ``state.py`` is not the module Python imports, so its
    doctests cannot be collected here: tests/test_sleepingqueens_compiled.py runs them on the pure Python
    source in a process of its own."""
    if collection_path.resolve() == _STATE:
        from kit.sleepingqueens.compiled import engine

        return True if engine() == "compiled" else None
    return None

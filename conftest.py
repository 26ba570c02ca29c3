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


def pytest_collection_modifyitems(config, items) -> None:
    """Under pytest-xdist (``make test`` runs ``-n auto --dist loadgroup``), the browser tests of one file run
    on one worker (a file's Voila server or Chromium is started once; a file whose whole games would make it the
    suite's longest wait splits them with a function ``xdist_subgroup(params) -> str`` of its own), and each
    worker that runs browser tests has its own JupyterLab (port, folder, settings) and Chromium (session
    fixtures of tests/conftest.py), so two workers run them side by side, beside the other tests: they mostly
    wait for the browser and its kernel."""
    import pytest

    for item in items:
        if item.get_closest_marker("browser") is not None:
            group = f"browser:{item.path.name}"
            subgroup = getattr(item.module, "xdist_subgroup", None)  # a long file splits its tests (by game)
            if subgroup is not None and hasattr(item, "callspec"):
                group += ":" + subgroup(item.callspec.params)
            item.add_marker(pytest.mark.xdist_group(group))
        elif item.name.split("[")[0] in _NOTEBOOK_RUNS:
            # the tests that look at one notebook's run share it (tests/test_notebooks.py ``executed``): one worker
            item.add_marker(pytest.mark.xdist_group(f"notebook:{item.callspec.params['path']}"))


#: The tests that look at a notebook's run, shared within a process (tests/test_notebooks.py ``executed``).
_NOTEBOOK_RUNS = {"test_notebook_runs", "test_exercise_runs_but_for_its_blanks",
                  "test_no_student_page_holds_a_teacher_switch"}

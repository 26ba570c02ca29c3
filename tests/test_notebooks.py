"""Notebooks run from top to bottom, and are committed without outputs.

* Every notebook in ``notebooks/`` and ``solutions/`` is executed with nbclient on
  the ``python3`` kernel of the Python running the tests (so it imports this
  checkout's ``kit``), with the notebook's own folder as working directory and a
  time limit per cell.
* ``exercises/`` notebooks have blanks for learners to fill in: they are
  executed too; a blank says "write your answer here" (a display, not a
  traceback), and the only errors allowed are the blanks'
  ``NotImplementedError``; they are checked for outputs like the others.

An empty folder simply contributes no test cases.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from urllib.parse import unquote

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
EXECUTED_DIRS = ("notebooks", "solutions")
CHECKED_DIRS = ("notebooks", "solutions", "exercises")
CELL_TIMEOUT = int(os.environ.get("KIT_NOTEBOOK_CELL_TIMEOUT", "120"))  # seconds per cell
KERNEL = "python3"


def notebooks_in(*dirs: str) -> list[Path]:
    found = []
    for d in dirs:
        found += [p for p in sorted((ROOT / d).rglob("*.ipynb")) if ".ipynb_checkpoints" not in p.parts]
    return found


def _id(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.fixture
def kernel_env(monkeypatch):
    """Make ``python3`` mean this interpreter's ipykernel.

    A ``python3`` kernel spec in the user's Jupyter folders (from another Python)
    would otherwise win; ``JUPYTER_PATH`` is searched first.
    """
    monkeypatch.setenv("JUPYTER_PATH", os.pathsep.join(
        [str(Path(sys.prefix) / "share" / "jupyter"), os.environ.get("JUPYTER_PATH", "")]).rstrip(os.pathsep))
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")
    monkeypatch.setenv("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # quiet debugpy in the kernel
    monkeypatch.setenv("MPLBACKEND", "Agg")


#: Notebooks of the repository already run in this process: ``(path, allow_errors)`` -> the executed notebook,
#: or the error its run raised.  Read only: every test that looks at a run reads the same one.
_RUNS: dict[tuple[Path, bool], object] = {}


def executed(path: Path, allow_errors: bool = False):
    """``path`` run once in this test process (see :func:`_execute`): the tests that look at a notebook's run
    (these, and tests/test_student_pages.py's) share one kernel start and one run of it.  The root
    conftest.py keeps them on one pytest-xdist worker.  Do not change the notebook returned."""
    key = (path.resolve(), allow_errors)
    if key not in _RUNS:
        try:
            _RUNS[key] = _execute(path, allow_errors)
        except Exception as exc:  # noqa: BLE001 - every test of this run fails with it
            _RUNS[key] = exc
    run = _RUNS[key]
    if isinstance(run, Exception):
        raise run
    return run


def _execute(path: Path, allow_errors: bool = False):
    import nbclient  # imported here: nbformat and nbclient take seconds to import
    import nbformat
    from kernels import ipc_config

    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb,
        kernel_name=KERNEL,
        config=ipc_config(),          # unix sockets, not TCP ports another process may take (tests/kernels.py)
        timeout=CELL_TIMEOUT,
        startup_timeout=120,
        allow_errors=allow_errors,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    return nb


@pytest.mark.parametrize("path", notebooks_in(*EXECUTED_DIRS), ids=_id)
def test_notebook_runs(path: Path, kernel_env):
    nb = executed(path)
    ran = [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    assert all(c.execution_count is not None for c in ran), f"{_id(path)}: some cells did not run"


@pytest.mark.parametrize("path", notebooks_in(*CHECKED_DIRS), ids=_id)
def test_notebook_committed_clean(path: Path):
    import nbformat

    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    dirty = [i for i, c in enumerate(nb.cells)
             if c.cell_type == "code" and (c.get("outputs") or c.get("execution_count") is not None)]
    assert not dirty, (f"{_id(path)}: cells {dirty} have outputs or execution counts; clear them "
                       f"(e.g. `jupyter nbconvert --clear-output --inplace {_id(path)}`) before committing")
    assert "widgets" not in nb.metadata, f"{_id(path)}: saved widget state in the notebook metadata; clear it"


@pytest.mark.parametrize("path", notebooks_in("exercises"), ids=_id)
def test_exercise_runs_but_for_its_blanks(path: Path, kernel_env):
    nb = executed(path, allow_errors=True)
    errors = [(i, o["ename"]) for i, c in enumerate(nb.cells) if c.cell_type == "code"
              for o in c.outputs if o.get("output_type") == "error"]
    blanks = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"
              for o in c.outputs if o.get("metadata", {}).get("kit", {}).get("unanswered")]
    assert blanks, f"{_id(path)}: no blank said 'write your answer here'; is it an exercise?"
    assert all(name == "NotImplementedError" for _, name in errors), f"{_id(path)}: unexpected errors {errors}"


def test_there_is_a_start_notebook():
    assert (ROOT / "notebooks" / "start.ipynb").is_file()


_LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("path", notebooks_in(*CHECKED_DIRS), ids=_id)
def test_every_link_in_a_notebook_leads_somewhere(path):
    """A learner who clicks a link in a notebook's text finds the notebook, exercise or rules page it names."""
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        for link in _LINK.findall(cell.source):
            if "://" in link or link.startswith(("#", "mailto:")):
                continue
            target = (path.parent / unquote(link.split("#")[0])).resolve()
            assert target.exists(), f"{path.name}: the link {link} leads nowhere"


def test_the_start_notebook_leads_to_every_translated_notebook():
    text = "\n".join(c.source for c in nbformat.read(ROOT / "notebooks" / "start.ipynb", as_version=4).cells)
    for top in ("notebooks", "exercises"):
        for nb in sorted((ROOT / top).glob("*/*.ipynb")):
            if ".ipynb_checkpoints" in nb.parts:
                continue
            rel = nb.relative_to(ROOT / top).as_posix()
            assert (rel if top == "notebooks" else f"../exercises/{rel}") in text, rel

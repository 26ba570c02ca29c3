"""Exercise notebooks, generated from solution notebooks.

Solutions are the single source.  A notebook in ``solutions/`` marks its answers
the way nbgrader does, with a line ``### BEGIN SOLUTION`` and a line
``### END SOLUTION`` around each answer.  :func:`make_exercise` turns it into the
learner's version, :func:`build_exercises` writes every one into ``exercises/``,
and :func:`stale_exercises` says which exercise notebooks have drifted (a test
fails when any has).  From a shell::

    python -m kit.teach.notebooks build    # (re)write exercises/ from solutions/
    python -m kit.teach.notebooks check    # exit 1 if exercises/ is out of date

A subfolder keeps its place: ``solutions/pl/x.ipynb`` (a solution in the language of
a rule sheet, written by tools/translate_notebooks.py) gives ``exercises/pl/x.ipynb``.

In a code cell each region, markers included, becomes two lines at the
indentation of its ``### BEGIN SOLUTION`` line::

    # YOUR CODE HERE
    raise NotImplementedError()

In a markdown (or raw) cell it becomes ``YOUR ANSWER HERE``.  Everything
outside the regions is kept as it is; outputs and execution counts are cleared.

Examples
--------
>>> from nbformat.v4 import new_code_cell, new_notebook
>>> from kit.teach.notebooks import make_exercise
>>> solution = new_notebook(cells=[new_code_cell(
...     "def double(x):\\n"
...     "    ### BEGIN SOLUTION\\n"
...     "    return 2 * x\\n"
...     "    ### END SOLUTION")])
>>> print(make_exercise(solution).cells[0].source)
def double(x):
    # YOUR CODE HERE
    raise NotImplementedError()
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import nbformat

from ..core.errors import KitError

__all__ = ["BEGIN", "END", "CODE_STUB", "TEXT_STUB",
           "make_exercise", "build_exercises", "stale_exercises", "main"]

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
#: What a solution region becomes in a code cell (one line each, at the marker's indentation).
CODE_STUB = ("# YOUR CODE HERE", "raise NotImplementedError()")
#: What a solution region becomes in a markdown or raw cell.
TEXT_STUB = ("YOUR ANSWER HERE",)

# A line that was probably meant as a marker but is not exactly one ("## begin solution",
# "###BEGIN SOLUTION:"): refused, since the answer after it would reach the learners.
_NEAR_MISS = re.compile(r"#+\s*(BEGIN|END)\s*SOLUTION\b", re.IGNORECASE)

# The repository's own folders: the command line's defaults.
_REPO = Path(__file__).resolve().parents[2]


def _source_text(source: str | Sequence[str]) -> str:
    return source if isinstance(source, str) else "".join(source)


def _replace_regions(text: str, stub: Sequence[str], where: str) -> tuple[str, int]:
    """The text with its solution regions replaced by ``stub``, and how many there were.

    >>> _replace_regions("a\\n  ### BEGIN SOLUTION\\n  b\\n  ### END SOLUTION\\nc", ["S"], "cell 0")
    ('a\\n  S\\nc', 1)
    """
    lines = text.split("\n")        # only "\n": every other character stays inside its line
    out: list[str] = []
    opened: int | None = None       # index of the open region's BEGIN line
    regions = 0
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped == BEGIN:
            if opened is not None:
                raise KitError(f"{where}: line {i + 1} has {BEGIN!r} inside the region opened on "
                               f"line {opened + 1}; regions cannot nest: close each with {END!r} "
                               f"before the next {BEGIN!r}")
            opened = i
        elif stripped == END:
            if opened is None:
                raise KitError(f"{where}: line {i + 1} has {END!r} with no {BEGIN!r} before it; "
                               f"each {END!r} must close a region opened by {BEGIN!r}")
            begin = lines[opened]
            indent = begin[:len(begin) - len(begin.lstrip())]
            eol = "\r" if line.endswith("\r") else ""       # keep CRLF sources CRLF
            out += [indent + s + eol for s in stub]
            opened = None
            regions += 1
        elif _NEAR_MISS.match(stripped):
            raise KitError(f"{where}: line {i + 1} reads {stripped!r}, which looks like a solution "
                           f"marker but is not one; write exactly {BEGIN!r} or {END!r} on a line "
                           f"of its own")
        elif opened is None:
            out.append(line)
    if opened is not None:
        raise KitError(f"{where}: the region opened by {BEGIN!r} on line {opened + 1} is never "
                       f"closed; add a line {END!r} after the answer")
    return "\n".join(out), regions


def make_exercise(nb: Mapping[str, Any]) -> nbformat.NotebookNode:
    """The exercise version of a solution notebook (a new notebook; ``nb`` is not changed).

    Parameters
    ----------
    nb : NotebookNode or dict
        A notebook in format 4 whose cells mark answers with lines ``### BEGIN SOLUTION``
        and ``### END SOLUTION`` (the stripped line must be exactly the marker).

    Returns
    -------
    NotebookNode
        A deep copy in which each region, markers included, is replaced by
        ``# YOUR CODE HERE`` / ``raise NotImplementedError()`` at the indentation of
        its ``BEGIN`` line (code cells) or by ``YOUR ANSWER HERE`` (markdown and raw
        cells).  Other lines are kept character for character; every code cell's
        outputs and execution count are cleared; cell ids and metadata are kept.

    Raises
    ------
    KitError
        If a region is not closed, an ``END`` has no ``BEGIN``, regions nest, a line
        looks like a marker without being one (``## begin solution``), or the notebook
        has no region at all.  The message names the cell index (from 0) and the line.

    Examples
    --------
    >>> from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
    >>> nb = new_notebook(cells=[
    ...     new_markdown_cell("Why?\\n### BEGIN SOLUTION\\nBecause.\\n### END SOLUTION"),
    ...     new_code_cell("x = 1\\n### BEGIN SOLUTION\\ny = x + 1\\n### END SOLUTION\\nprint(y)",
    ...                   execution_count=3)])
    >>> ex = make_exercise(nb)
    >>> print(ex.cells[0].source)
    Why?
    YOUR ANSWER HERE
    >>> print(ex.cells[1].source)
    x = 1
    # YOUR CODE HERE
    raise NotImplementedError()
    print(y)
    >>> ex.cells[1].execution_count is None and nb.cells[1].execution_count
    3
    >>> make_exercise(new_notebook(cells=[new_code_cell("x = 1")]))
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: the notebook has no solution region: ...
    """
    if not isinstance(nb, Mapping) or not isinstance(nb.get("cells"), list):
        raise KitError(f"expected a notebook (a NotebookNode or dict with a 'cells' list), "
                       f"not {type(nb).__name__}")
    exercise = nbformat.from_dict(copy.deepcopy(dict(nb)))
    total = 0
    for index, cell in enumerate(exercise.cells):
        kind = cell.get("cell_type")
        if kind == "code":
            cell.outputs = []
            cell.execution_count = None
        if "source" not in cell:
            continue
        text = _source_text(cell.source)
        if BEGIN not in text and END not in text and not _NEAR_MISS.search(text):
            continue                                   # nothing to do: leave the source alone
        stub = CODE_STUB if kind == "code" else TEXT_STUB
        new, regions = _replace_regions(text, stub, f"cell {index} ({kind})")
        if regions:
            cell.source = new
            total += regions
    if total == 0:
        raise KitError(f"the notebook has no solution region: a solution notebook must mark at "
                       f"least one answer with a line {BEGIN!r} before it and {END!r} after it")
    return exercise


def _folder(path: str | Path) -> Path:
    return Path(path)            # relative paths stay relative to the current directory


def _notebooks(folder: Path) -> list[Path]:
    """The notebooks in ``folder`` and its subfolders (a language's own folder, ``solutions/pl/``), by path."""
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.rglob("*.ipynb") if p.is_file() and ".ipynb_checkpoints" not in p.parts),
                  key=lambda p: p.relative_to(folder).as_posix())


def _rel(path: Path, folder: Path) -> str:
    return path.relative_to(folder).as_posix()


def _exercise_of(solution: Path) -> nbformat.NotebookNode:
    try:
        nb = nbformat.read(solution, as_version=4)
    except (OSError, ValueError) as e:
        raise KitError(f"{solution}: cannot read it as a notebook: {e}") from e
    try:
        return make_exercise(nb)
    except KitError as e:
        raise KitError(f"{solution}: {e}") from e


def _orphans(solutions: Path, exercises: Path) -> list[Path]:
    names = {_rel(p, solutions) for p in _notebooks(solutions)}
    return [p for p in _notebooks(exercises) if _rel(p, exercises) not in names]


def build_exercises(solutions: str | Path = "solutions",
                    exercises: str | Path = "exercises") -> list[Path]:
    """Write the exercise version of every solution notebook; return the written paths.

    Each ``*.ipynb`` in ``solutions`` or a subfolder of it (in path order) gives the
    notebook of the same path in ``exercises`` (``solutions/pl/x.ipynb`` gives
    ``exercises/pl/x.ipynb``; folders are created if missing), written by nbformat in
    format 4.  Exercise notebooks with no solution of the same name are stale and
    are **removed**.  Every solution is converted before anything is written, so a
    bad solution notebook leaves ``exercises`` as it was.

    Parameters
    ----------
    solutions, exercises : str or Path
        The two folders, relative to the current directory unless absolute.

    Raises
    ------
    KitError
        If ``solutions`` is not a folder, or a solution notebook cannot be read or
        converted (see :func:`make_exercise`; the message names the file).

    Examples
    --------
    >>> import tempfile, nbformat
    >>> from pathlib import Path
    >>> from nbformat.v4 import new_code_cell, new_notebook
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     sol, ex = Path(tmp, "solutions"), Path(tmp, "exercises")
    ...     sol.mkdir()
    ...     nbformat.write(new_notebook(cells=[new_code_cell(
    ...         "### BEGIN SOLUTION\\nx = 42\\n### END SOLUTION")]), sol / "one.ipynb")
    ...     written = build_exercises(sol, ex)
    ...     print([p.name for p in written], stale_exercises(sol, ex))
    ['one.ipynb'] []
    """
    sol, ex = _folder(solutions), _folder(exercises)
    if not sol.is_dir():
        raise KitError(f"no solutions folder at {sol}: expected a folder of solution notebooks "
                       f"(*.ipynb); pass its path if it lives elsewhere")
    built = [(ex / _rel(p, sol), _exercise_of(p)) for p in _notebooks(sol)]
    ex.mkdir(parents=True, exist_ok=True)
    for stale in _orphans(sol, ex):
        stale.unlink()
    for path, nb in built:
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, path, version=4)
    return [path for path, _ in built]


def stale_exercises(solutions: str | Path = "solutions",
                    exercises: str | Path = "exercises") -> list[str]:
    """File names of the exercise notebooks that :func:`build_exercises` would change.

    An exercise is stale when it is missing, when its content (as written by
    ``nbformat.writes``, so JSON layout and line endings do not matter) differs
    from what :func:`make_exercise` makes of its solution, or when it has no
    solution of the same name.  Nothing is written.

    Parameters
    ----------
    solutions, exercises : str or Path
        The two folders, relative to the current directory unless absolute.  A
        missing folder counts as empty.

    Returns
    -------
    list of str
        Sorted paths relative to ``exercises`` (a file name for a notebook directly
        in it, ``pl/x.ipynb`` in a subfolder); empty when ``exercises`` is in sync.

    Raises
    ------
    KitError
        If a solution notebook cannot be read or converted (the message names it).

    Examples
    --------
    >>> stale_exercises("/no/such/solutions", "/no/such/exercises")
    []
    """
    sol, ex = _folder(solutions), _folder(exercises)
    stale = [_rel(p, ex) for p in _orphans(sol, ex)]
    for path in _notebooks(sol):
        expected = nbformat.writes(_exercise_of(path), version=4)
        target = ex / _rel(path, sol)
        try:
            found = nbformat.writes(nbformat.read(target, as_version=4), version=4)
        except (OSError, ValueError):               # missing, or not a readable notebook
            found = None
        if found != expected:
            stale.append(_rel(path, sol))
    return sorted(stale)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``build`` or ``check``; returns the exit status.

    ``build`` writes the exercises and prints each path (and each removed stale
    one); ``check`` prints ``exercises are in sync`` and returns 0, or lists the
    stale names and returns 1.  A bad solution notebook prints the error and
    returns 2.
    """
    parser = argparse.ArgumentParser(
        prog="python -m kit.teach.notebooks",
        description="Generate exercises/*.ipynb from solutions/*.ipynb (### BEGIN/END SOLUTION "
                    "regions become stubs), or check that they are in sync.")
    parser.add_argument("command", choices=["build", "check"],
                        help="build: (re)write the exercises; check: exit 1 if any is stale")
    parser.add_argument("--solutions", type=Path, default=_REPO / "solutions",
                        help="folder of solution notebooks (default: %(default)s)")
    parser.add_argument("--exercises", type=Path, default=_REPO / "exercises",
                        help="folder of exercise notebooks (default: %(default)s)")
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            removed = _orphans(args.solutions, args.exercises) if args.solutions.is_dir() else []
            written = build_exercises(args.solutions, args.exercises)
            for path in removed:
                print(f"removed {path} (no solution of that name)")
            for path in written:
                print(path)
            return 0
        stale = stale_exercises(args.solutions, args.exercises)
    except KitError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if stale:
        print(f"stale exercise notebooks in {args.exercises} (missing, out of date, or with no "
              f"solution twin):", file=sys.stderr)
        for name in stale:
            print(f"  {name}", file=sys.stderr)
        print("run `make exercises` to regenerate them from the solutions", file=sys.stderr)
        return 1
    print("exercises are in sync")
    return 0


if __name__ == "__main__":
    sys.exit(main())

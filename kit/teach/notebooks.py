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
    raise NotImplementedError("write your answer here")

(a cell run unanswered says "write your answer here" in one line: see
:mod:`kit.teach.grading`).  In a markdown (or raw) cell it becomes
``YOUR ANSWER HERE``.  A region ``### BEGIN HIDDEN TESTS`` ... ``### END HIDDEN
TESTS`` is removed, markers included.  Everything else is kept as it is;
outputs and execution counts are cleared.

**nbgrader.** The solution notebooks are nbgrader *source* notebooks.
:func:`mark_for_nbgrader` (run on every solution notebook, of every language
folder, by ``build``) gives each cell its nbgrader role, from the notebook's
shape alone:

* a code cell with a solution region is an **autograded answer** when a checker
  call follows it (before the next answer), else a **manually graded answer**
  (1 point): a plot, a computation to explain;
* a markdown cell with a solution region is a **manually graded answer** (1 point);
* a code cell that is one call of a checker imported from ``kit.teach``
  (``check_unseen(unseen)``, ``check_card_sum(answer_1, seed=SEED)``) is an
  **autograder test** (1 point, locked).  Before its visible call it gets a
  hidden test that imports the checker itself, calls it with the same
  arguments (so the seed follows ``SEED``) through
  :func:`kit.teach.grading.graded`, with the solution's own versions of the
  earlier answers that the learner's answer calls, and asserts with the
  checker's reason: ``assert _c, str(_c)``.

The marks are remade on every build (the same notebook gives the same marks),
so a translated solution that is written again gets them back.

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
    raise NotImplementedError("write your answer here")
"""

from __future__ import annotations

import argparse
import ast
import copy
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import nbformat

from ..core.errors import KitError
from .grading import ANSWER_HERE, given_names

__all__ = ["BEGIN", "END", "HIDDEN_BEGIN", "HIDDEN_END", "CODE_STUB", "TEXT_STUB",
           "make_exercise", "mark_for_nbgrader", "build_exercises", "stale_exercises", "main"]

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
#: nbgrader's markers of a hidden test (in a test cell of a solution; gone from the exercise).
HIDDEN_BEGIN = "### BEGIN HIDDEN TESTS"
HIDDEN_END = "### END HIDDEN TESTS"
#: What a solution region becomes in a code cell (one line each, at the marker's indentation).
CODE_STUB = ("# YOUR CODE HERE", f'raise NotImplementedError("{ANSWER_HERE}")')
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
        ``# YOUR CODE HERE`` / ``raise NotImplementedError("write your answer here")``
        at the indentation of its ``BEGIN`` line (code cells) or by ``YOUR ANSWER
        HERE`` (markdown and raw cells); hidden tests are removed.  Other lines are kept character for character; every code cell's
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
    raise NotImplementedError("write your answer here")
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
        if HIDDEN_BEGIN in text:
            text = cell.source = _without_hidden(text, f"cell {index} ({kind})")
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


def _without_hidden(text: str, where: str) -> str:
    """The text without its hidden-test regions (markers included).

    >>> _without_hidden("### BEGIN HIDDEN TESTS\\nassert x\\n### END HIDDEN TESTS\\ncheck(x)", "cell 0")
    'check(x)'
    """
    out: list[str] = []
    inside = False
    for i, line in enumerate(text.split("\n")):
        stripped = line.strip()
        if stripped == HIDDEN_BEGIN:
            if inside:
                raise KitError(f"{where}: line {i + 1} opens a hidden test inside another one; close it with "
                               f"{HIDDEN_END!r} first")
            inside = True
        elif stripped == HIDDEN_END:
            if not inside:
                raise KitError(f"{where}: line {i + 1} has {HIDDEN_END!r} with no {HIDDEN_BEGIN!r} before it")
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise KitError(f"{where}: a hidden test opened by {HIDDEN_BEGIN!r} is never closed")
    return "\n".join(out)


# ---------------------------------------------------------------------- nbgrader's marks
def _without_markers(text: str) -> str:
    """The solution's code with the marker lines dropped (the answer itself kept)."""
    return "\n".join(line for line in text.split("\n") if line.strip() not in (BEGIN, END))


def _checkers(cells: Sequence[Any]) -> dict[str, str]:
    """``{name: module}`` of the checkers the notebook imports from ``kit.teach`` (``check_...``)."""
    found: dict[str, str] = {}
    for cell in cells:
        if cell.get("cell_type") != "code":
            continue
        try:
            tree = ast.parse(_without_markers(_source_text(cell.source)))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kit.teach"):
                for alias in node.names:
                    if alias.name.startswith("check_"):
                        found[alias.asname or alias.name] = node.module or ""
    return found


def _test_call(text: str, checkers: Mapping[str, str]) -> ast.Call | None:
    """The checker call, if the cell is exactly one call of an imported checker."""
    try:
        body = ast.parse(text).body
    except SyntaxError:
        return None
    if len(body) == 1 and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Call):
        call = body[0].value
        if isinstance(call.func, ast.Name) and call.func.id in checkers:
            return call
    return None


def _definitions(text: str) -> dict[str, tuple[str, set[str]]]:
    """``{name: (source, names it uses)}`` of a solution cell's top-level def, class and import statements."""
    out: dict[str, tuple[str, set[str]]] = {}
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return out
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)):
            source = ast.get_source_segment(text, node, padded=True) or ""
            if getattr(node, "decorator_list", None):
                first = min(d.lineno for d in node.decorator_list)
                source = "\n".join(text.split("\n")[first - 1:node.end_lineno])
            used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            for name in given_names(source):
                out[name] = (source, used)
    return out


def _given(earlier: Mapping[str, tuple[str, set[str]]], uses: set[str]) -> str:
    """The earlier answers' definitions that ``uses`` needs, with what they need in turn, in notebook order."""
    needed: set[str] = set()
    todo = [n for n in uses if n in earlier]
    while todo:
        name = todo.pop()
        if name not in needed:
            needed.add(name)
            todo += [n for n in earlier[name][1] if n in earlier and n not in needed]
    sources: list[str] = []
    for name, (source, _used) in earlier.items():      # dicts keep the notebook's order
        if name in needed and source not in sources:
            sources.append(source)
    return "\n\n".join(sources)


def _literal(text: str, indent: str = "    ") -> str:
    """A string literal of ``text``, one source line to a line, inside parentheses."""
    lines = text.split("\n")
    parts = [repr(line + "\n") for line in lines[:-1]] + [repr(lines[-1])]
    return "(\n" + "".join(f"{indent}{p}\n" for p in parts) + ")"


def _hidden_test(call: ast.Call, text: str, module: str, given: str) -> str:
    """The hidden test of a visible checker call: the checker imported afresh, the same arguments."""
    args = [ast.get_source_segment(text, a) or "" for a in call.args]
    args += [f"{k.arg}={ast.get_source_segment(text, k.value)}" if k.arg else
             f"**{ast.get_source_segment(text, k.value)}" for k in call.keywords]
    name = call.func.id  # type: ignore[attr-defined]
    lines = [HIDDEN_BEGIN,
             "# Graded on its own: the checker imported afresh, the earlier answers the solution's.",
             "from kit.teach.grading import graded as _graded",
             f"from {module} import {name} as _check"]
    if given:
        lines.append(f"_given = {_literal(given)}")
        args.append("given=_given")
    lines += [f"_c = _graded(globals(), _check{''.join(', ' + a for a in args)})",
              "assert _c, str(_c)",
              HIDDEN_END]
    return "\n".join(lines)


def _grade_id(base: str, used: set[str]) -> str:
    base = re.sub(r"[^A-Za-z0-9_-]+", "-", base).strip("-") or "cell"
    grade_id, k = base, 2
    while grade_id in used:
        grade_id, k = f"{base}-{k}", k + 1
    used.add(grade_id)
    return grade_id


def _role(solution: bool, grade: bool, locked: bool, grade_id: str, points: int = 0) -> dict[str, Any]:
    role: dict[str, Any] = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3,
                            "solution": solution, "task": False}
    if grade:
        role["points"] = points
    return role


def mark_for_nbgrader(nb: Mapping[str, Any]) -> nbformat.NotebookNode:
    """A copy of a solution notebook with nbgrader's marks and hidden tests (``nb`` is not changed).

    Each cell's role comes from the notebook's shape (see the module's docstring):
    answers (autograded when a checker call follows, else graded by hand), written
    answers (by hand), checker calls (autograder tests, locked, with a hidden test
    before the visible call).  Every other cell loses any nbgrader mark it had.  The
    same notebook gives the same marks: hidden tests already there are made again.

    Examples
    --------
    >>> from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
    >>> nb = new_notebook(cells=[
    ...     new_code_cell("from kit.teach.loveletter import check_unseen, check_chance"),
    ...     new_code_cell("def unseen(obs):\\n    ### BEGIN SOLUTION\\n    return {}\\n    ### END SOLUTION"),
    ...     new_code_cell("check_unseen(unseen)"),
    ...     new_code_cell("def chance(obs, card):\\n    ### BEGIN SOLUTION\\n    return unseen(obs)[card]\\n"
    ...                   "    ### END SOLUTION"),
    ...     new_code_cell("check_chance(chance, seed=SEED)"),
    ...     new_markdown_cell("Why?\\n### BEGIN SOLUTION\\nBecause.\\n### END SOLUTION")])
    >>> marked = mark_for_nbgrader(nb)
    >>> [(c.metadata.get("nbgrader", {}).get("grade_id"), c.metadata.get("nbgrader", {}).get("points"))
    ...  for c in marked.cells]
    [(None, None), ('answer-unseen', None), ('test-check_unseen', 1), ('answer-chance', None), ('test-check_chance', 1), ('written-1', 1)]
    >>> print(marked.cells[4].source)       # doctest: +ELLIPSIS
    ### BEGIN HIDDEN TESTS
    # Graded on its own: the checker imported afresh, the earlier answers the solution's.
    from kit.teach.grading import graded as _graded
    from kit.teach.loveletter import check_chance as _check
    _given = (
        'def unseen(obs):\\n'
        '    return {}'
    )
    _c = _graded(globals(), _check, chance, seed=SEED, given=_given)
    assert _c, str(_c)
    ### END HIDDEN TESTS
    check_chance(chance, seed=SEED)
    >>> nbformat.writes(mark_for_nbgrader(marked)) == nbformat.writes(marked)
    True
    """
    if not isinstance(nb, Mapping) or not isinstance(nb.get("cells"), list):
        raise KitError(f"expected a notebook (a NotebookNode or dict with a 'cells' list), "
                       f"not {type(nb).__name__}")
    marked = nbformat.from_dict(copy.deepcopy(dict(nb)))
    checkers = _checkers(marked.cells)
    used: set[str] = set()
    earlier: dict[str, tuple[str, set[str]]] = {}    # the solution's definitions before the current answer
    current: dict[str, tuple[str, set[str]]] = {}    # ... in the answer cells the next tests check
    answers: list[Any] = []                          # answer code cells with no test yet
    uses: set[str] = set()
    written = 0

    by_hand = 0

    def close_answers() -> None:
        nonlocal by_hand
        for cell in answers:                         # no checker followed: graded by hand
            by_hand += 1
            cell.metadata["nbgrader"] = _role(True, True, False, _grade_id(f"by-hand-{by_hand}", used), 1)
        answers.clear()

    for index, cell in enumerate(marked.cells):
        kind = cell.get("cell_type")
        cell.metadata.pop("nbgrader", None)
        if "source" not in cell:
            continue
        text = _source_text(cell.source)
        if HIDDEN_BEGIN in text:
            text = _without_hidden(text, f"cell {index} ({kind})")
            cell.source = text
        if BEGIN in text:
            close_answers()
            if kind == "code":
                code = _without_markers(text)
                if current:
                    earlier.update(current)
                    current = {}
                    uses = set()
                defs = _definitions(code)
                current.update(defs)
                try:
                    uses |= {n.id for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Name)}
                except SyntaxError:
                    pass
                names = ([n for n, (src, _u) in defs.items() if not src.lstrip().startswith(("import", "from"))]
                         or re.findall(r"^(\w+)\s*=", code, re.M))
                cell.metadata["nbgrader"] = _role(True, False, False,
                                                  _grade_id("answer-" + (names[0] if names else str(index)), used))
                answers.append(cell)
            else:
                written += 1
                cell.metadata["nbgrader"] = _role(True, True, False, _grade_id(f"written-{written}", used), 1)
            continue
        if kind != "code":
            continue
        call = _test_call(text, checkers)
        if call is None:
            continue
        answers.clear()
        name = call.func.id  # type: ignore[attr-defined]
        call_uses = {n.id for n in ast.walk(call) if isinstance(n, ast.Name)}
        given = _given(earlier, (uses | call_uses) - set(current))
        cell.source = _hidden_test(call, text, checkers[name], given) + "\n" + text
        cell.metadata["nbgrader"] = _role(False, True, True, _grade_id(f"test-{name}", used), 1)
    close_answers()
    return marked


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


def _marked_of(solution: Path) -> tuple[nbformat.NotebookNode, bool]:
    """The solution with nbgrader's marks, and whether the file lacks them (or has others)."""
    try:
        nb = nbformat.read(solution, as_version=4)
    except (OSError, ValueError) as e:
        raise KitError(f"{solution}: cannot read it as a notebook: {e}") from e
    try:
        marked = mark_for_nbgrader(nb)
    except KitError as e:
        raise KitError(f"{solution}: {e}") from e
    return marked, nbformat.writes(marked, version=4) != nbformat.writes(nb, version=4)


def _orphans(solutions: Path, exercises: Path) -> list[Path]:
    names = {_rel(p, solutions) for p in _notebooks(solutions)}
    return [p for p in _notebooks(exercises) if _rel(p, exercises) not in names]


def build_exercises(solutions: str | Path = "solutions",
                    exercises: str | Path = "exercises") -> list[Path]:
    """Mark every solution notebook for nbgrader, write its exercise version; return the written paths.

    Each ``*.ipynb`` in ``solutions`` or a subfolder of it (in path order) gives the
    notebook of the same path in ``exercises`` (``solutions/pl/x.ipynb`` gives
    ``exercises/pl/x.ipynb``; folders are created if missing), written by nbformat in
    format 4.  Exercise notebooks with no solution of the same name are stale and
    are **removed**.  A solution whose nbgrader marks (:func:`mark_for_nbgrader`) are
    missing or out of date is written again with them.  Every solution is converted
    before anything is written, so a bad solution notebook leaves both folders as
    they were.

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
    marked = [(p, *_marked_of(p)) for p in _notebooks(sol)]
    built = []
    for p, nb, _changed in marked:
        try:
            built.append((ex / _rel(p, sol), make_exercise(nb)))
        except KitError as e:
            raise KitError(f"{p}: {e}") from e
    for p, nb, changed in marked:            # the source notebooks get nbgrader's marks
        if changed:
            nbformat.write(nb, p, version=4)
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
    from what :func:`make_exercise` makes of its marked solution, or when it has no
    solution of the same name; a solution whose nbgrader marks are missing or out
    of date is listed as ``"<name> (the solution's nbgrader marks)"``.  Nothing is
    written.

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
        marked, unmarked = _marked_of(path)
        if unmarked:
            stale.append(f"{_rel(path, sol)} (the solution's nbgrader marks)")
        try:
            expected = nbformat.writes(make_exercise(marked), version=4)
        except KitError as e:
            raise KitError(f"{path}: {e}") from e
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

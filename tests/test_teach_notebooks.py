"""Exercises are generated from solutions (kit.teach.notebooks), and do not drift.

Known answers on small in-memory notebooks, a build/check round trip in a
temporary folder, the command line, and the drift test over this repository's
``solutions/`` and ``exercises/``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output, new_raw_cell

from kit.core import KitError
from kit.teach.notebooks import build_exercises, main, make_exercise, mark_for_nbgrader, stale_exercises

ROOT = Path(__file__).resolve().parents[1]
STUB = "# YOUR CODE HERE\nraise NotImplementedError(\"write your answer here\")"


def one_cell(source: str, kind: str = "code") -> nbformat.NotebookNode:
    make = {"code": new_code_cell, "markdown": new_markdown_cell, "raw": new_raw_cell}[kind]
    return new_notebook(cells=[make(source)])


def exercise_source(source: str, kind: str = "code") -> str:
    return make_exercise(one_cell(source, kind)).cells[0].source


# -- make_exercise: known answers ------------------------------------------------------

def test_code_region_becomes_stub_at_marker_indentation():
    src = ("def f(x):\n"
           "    \"\"\"Double x.\"\"\"\n"
           "    ### BEGIN SOLUTION\n"
           "    y = 2 * x\n"
           "    return y\n"
           "    ### END SOLUTION\n")
    assert exercise_source(src) == ("def f(x):\n"
                                    "    \"\"\"Double x.\"\"\"\n"
                                    "    # YOUR CODE HERE\n"
                                    "    raise NotImplementedError(\"write your answer here\")\n")


def test_whole_cell_region_and_no_trailing_newline():
    assert exercise_source("### BEGIN SOLUTION\nx = 1\n### END SOLUTION") == STUB


def test_markers_with_surrounding_whitespace_count():
    assert exercise_source("  ### BEGIN SOLUTION   \nx = 1\n\t### END SOLUTION\t") == (
        "  # YOUR CODE HERE\n  raise NotImplementedError(\"write your answer here\")")


def test_markdown_region_becomes_text_stub():
    src = "**Question.** Why?\n\n### BEGIN SOLUTION\nBecause *x* is even.\n### END SOLUTION\n\nMore."
    assert exercise_source(src, "markdown") == "**Question.** Why?\n\nYOUR ANSWER HERE\n\nMore."


def test_raw_region_becomes_text_stub():
    assert exercise_source("a\n### BEGIN SOLUTION\nb\n### END SOLUTION", "raw") == "a\nYOUR ANSWER HERE"


def test_several_regions_in_one_cell():
    src = ("import math\n"
           "### BEGIN SOLUTION\n"
           "a = 1\n"
           "### END SOLUTION\n"
           "middle = 'kept'\n"
           "for i in range(3):\n"
           "        ### BEGIN SOLUTION\n"
           "        print(i)\n"
           "        ### END SOLUTION\n"
           "tail()  # kept")
    assert exercise_source(src) == ("import math\n"
                                    "# YOUR CODE HERE\n"
                                    "raise NotImplementedError(\"write your answer here\")\n"
                                    "middle = 'kept'\n"
                                    "for i in range(3):\n"
                                    "        # YOUR CODE HERE\n"
                                    "        raise NotImplementedError(\"write your answer here\")\n"
                                    "tail()  # kept")


def test_text_outside_regions_is_kept_exactly():
    odd = "x = 'tab\\there'\t  \n\n  # trailing spaces   \r\nü = '\u2028'  \x0c\n"
    src = odd + "### BEGIN SOLUTION\nsecret = 1\n### END SOLUTION\n" + odd
    assert exercise_source(src) == odd + STUB + "\n" + odd


def test_crlf_source_stays_crlf():
    src = "a = 1\r\n### BEGIN SOLUTION\r\nb = 2\r\n### END SOLUTION\r\nc = 3\r\n"
    assert exercise_source(src) == "a = 1\r\n# YOUR CODE HERE\r\nraise NotImplementedError(\"write your answer here\")\r\nc = 3\r\n"


def test_cells_without_regions_are_untouched_and_other_cells_still_converted():
    nb = new_notebook(cells=[new_markdown_cell("# Title"),
                             new_code_cell("import kit"),
                             new_code_cell("### BEGIN SOLUTION\nx = 1\n### END SOLUTION")])
    ex = make_exercise(nb)
    assert [c.source for c in ex.cells] == ["# Title", "import kit", STUB]


def test_list_sources_are_accepted():
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
          "cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "outputs": [],
                     "execution_count": None,
                     "source": ["a\n", "### BEGIN SOLUTION\n", "b\n", "### END SOLUTION\n", "c"]}]}
    assert make_exercise(nb).cells[0].source == "a\n" + STUB + "\nc"


def test_outputs_and_counts_cleared_ids_and_metadata_kept_input_unchanged():
    cell = new_code_cell("### BEGIN SOLUTION\nprint(1)\n### END SOLUTION", execution_count=7,
                         metadata={"tags": ["keep"], "nbgrader": {"solution": True}},
                         outputs=[new_output("stream", name="stdout", text="1\n")])
    plain = new_code_cell("print(2)", execution_count=8,
                          outputs=[new_output("stream", name="stdout", text="2\n")])
    nb = new_notebook(cells=[cell, plain], metadata={"kernelspec": {"name": "python3", "display_name": "Python 3"}})
    before = nbformat.writes(nb)
    ex = make_exercise(nb)
    assert nbformat.writes(nb) == before                     # the solution is not changed
    assert [c.outputs for c in ex.cells] == [[], []]
    assert [c.execution_count for c in ex.cells] == [None, None]
    assert [c.id for c in ex.cells] == [cell.id, plain.id]
    assert ex.cells[0].metadata == {"tags": ["keep"], "nbgrader": {"solution": True}}
    assert ex.metadata == nb.metadata
    assert isinstance(ex, nbformat.NotebookNode)
    nbformat.validate(ex)


@pytest.mark.parametrize("source, words", [
    ("x = 1\n### BEGIN SOLUTION\ny = 2", ["cell 1", "line 2", "never closed"]),
    ("x = 1\n### END SOLUTION", ["cell 1", "line 2", "no '### BEGIN SOLUTION' before it"]),
    ("### BEGIN SOLUTION\na\n### END SOLUTION\n### END SOLUTION", ["cell 1", "line 4", "no '### BEGIN"]),
    ("### BEGIN SOLUTION\n  ### BEGIN SOLUTION\nb\n  ### END SOLUTION\n### END SOLUTION",
     ["cell 1", "line 2", "opened on line 1", "cannot nest"]),
    ("## begin solution\nx = 1\n### END SOLUTION", ["cell 1", "line 1", "looks like a solution marker"]),
    ("### BEGIN SOLUTION\nx = 1\n###END SOLUTION", ["cell 1", "line 3", "looks like a solution marker"]),
])
def test_bad_markers_raise_naming_cell_and_line(source, words):
    nb = new_notebook(cells=[new_code_cell("### BEGIN SOLUTION\nok\n### END SOLUTION"),
                             new_code_cell(source)])
    with pytest.raises(KitError) as info:
        make_exercise(nb)
    for word in words:
        assert word in str(info.value)


def test_unbalanced_markdown_raises():
    with pytest.raises(KitError, match=r"cell 0 \(markdown\).*never closed"):
        make_exercise(one_cell("### BEGIN SOLUTION\nanswer", "markdown"))


def test_notebook_without_region_raises():
    nb = new_notebook(cells=[new_markdown_cell("# Title"), new_code_cell("x = 'BEGIN SOLUTION'")])
    with pytest.raises(KitError, match="no solution region"):
        make_exercise(nb)
    with pytest.raises(KitError, match="no solution region"):
        make_exercise(new_notebook())


def test_not_a_notebook_raises():
    with pytest.raises(KitError, match="expected a notebook"):
        make_exercise(["### BEGIN SOLUTION"])


# -- build_exercises / stale_exercises: round trip in a folder ---------------------------

def solution(n: int) -> nbformat.NotebookNode:
    return new_notebook(cells=[new_markdown_cell(f"# Exercise {n}"),
                               new_code_cell(f"### BEGIN SOLUTION\nanswer = {n}\n### END SOLUTION",
                                             execution_count=1,
                                             outputs=[new_output("execute_result", {"text/plain": "1"},
                                                                 execution_count=1)])])


@pytest.fixture
def folders(tmp_path):
    sol, ex = tmp_path / "solutions", tmp_path / "exercises"
    sol.mkdir()
    for n in (1, 2, 3):
        nbformat.write(mark_for_nbgrader(solution(n)), sol / f"ex{n}.ipynb")   # marked, as build leaves them
    return sol, ex


def test_build_then_check_round_trip(folders):
    sol, ex = folders
    assert stale_exercises(sol, ex) == ["ex1.ipynb", "ex2.ipynb", "ex3.ipynb"]   # no folder yet
    written = build_exercises(sol, ex)
    assert written == [ex / "ex1.ipynb", ex / "ex2.ipynb", ex / "ex3.ipynb"]
    assert stale_exercises(sol, ex) == []
    got = nbformat.read(ex / "ex2.ipynb", as_version=4)
    assert got.cells[1].source == STUB and got.cells[1].outputs == []
    assert nbformat.writes(got) == nbformat.writes(make_exercise(nbformat.read(sol / "ex2.ipynb", 4)))

    # a missing one, a hand-edited one, an orphan, and one whose solution changed
    (ex / "ex1.ipynb").unlink()
    edited = nbformat.read(ex / "ex2.ipynb", as_version=4)
    edited.cells[1].source = "answer = 2  # a learner's answer, committed by mistake"
    nbformat.write(edited, ex / "ex2.ipynb")
    nbformat.write(make_exercise(solution(9)), ex / "orphan.ipynb")
    (ex / "notes.txt").write_text("not a notebook: left alone")
    changed = mark_for_nbgrader(solution(3))
    changed.cells[0].source = "# Exercise 3, reworded"
    nbformat.write(changed, sol / "ex3.ipynb")
    assert stale_exercises(sol, ex) == ["ex1.ipynb", "ex2.ipynb", "ex3.ipynb", "orphan.ipynb"]

    build_exercises(sol, ex)
    assert stale_exercises(sol, ex) == []
    assert sorted(p.name for p in ex.iterdir()) == ["ex1.ipynb", "ex2.ipynb", "ex3.ipynb", "notes.txt"]


def test_unreadable_exercise_is_stale(folders):
    sol, ex = folders
    build_exercises(sol, ex)
    (ex / "ex1.ipynb").write_text("{ not json")
    assert stale_exercises(sol, ex) == ["ex1.ipynb"]


def test_json_layout_does_not_count_as_drift(folders):
    sol, ex = folders
    build_exercises(sol, ex)
    path = ex / "ex1.ipynb"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))     # e.g. a CRLF checkout
    assert stale_exercises(sol, ex) == []


def test_relative_paths_are_from_the_current_directory(folders, monkeypatch):
    sol, _ = folders
    monkeypatch.chdir(sol.parent)
    assert [p.as_posix() for p in build_exercises()] == [
        "exercises/ex1.ipynb", "exercises/ex2.ipynb", "exercises/ex3.ipynb"]
    assert stale_exercises() == []


def test_bad_solution_names_the_file_and_writes_nothing(folders):
    sol, ex = folders
    build_exercises(sol, ex)
    before = {p.name: p.read_bytes() for p in ex.iterdir()}
    nbformat.write(new_notebook(cells=[new_code_cell("x = 1")]), sol / "ex0.ipynb")
    nbformat.write(make_exercise(solution(9)), ex / "orphan.ipynb")
    with pytest.raises(KitError, match=r"ex0\.ipynb: the notebook has no solution region"):
        build_exercises(sol, ex)
    with pytest.raises(KitError, match=r"ex0\.ipynb"):
        stale_exercises(sol, ex)
    before["orphan.ipynb"] = (ex / "orphan.ipynb").read_bytes()
    assert {p.name: p.read_bytes() for p in ex.iterdir()} == before   # the orphan is not removed


def test_build_refuses_a_missing_solutions_folder(tmp_path):
    ex = tmp_path / "exercises"
    ex.mkdir()
    nbformat.write(make_exercise(solution(1)), ex / "keep.ipynb")
    with pytest.raises(KitError, match="no solutions folder"):
        build_exercises(tmp_path / "solutoins", ex)
    assert (ex / "keep.ipynb").exists()                 # a typo must not wipe the exercises


# -- the command line ----------------------------------------------------------------

def test_main_check_and_build(folders, capsys):
    sol, ex = folders
    opts = ["--solutions", str(sol), "--exercises", str(ex)]
    assert main(["check", *opts]) == 1
    err = capsys.readouterr().err
    assert "ex1.ipynb" in err and "ex3.ipynb" in err and "make exercises" in err
    assert main(["build", *opts]) == 0
    assert capsys.readouterr().out.split() == [str(ex / f"ex{n}.ipynb") for n in (1, 2, 3)]
    assert main(["check", *opts]) == 0
    assert capsys.readouterr().out == "exercises are in sync\n"
    nbformat.write(make_exercise(solution(9)), ex / "orphan.ipynb")
    assert main(["build", *opts]) == 0
    assert f"removed {ex / 'orphan.ipynb'}" in capsys.readouterr().out
    nbformat.write(new_notebook(cells=[new_code_cell("x = 1")]), sol / "bad.ipynb")
    assert main(["check", *opts]) == 2
    assert "bad.ipynb" in capsys.readouterr().err


def test_python_dash_m(folders):
    sol, ex = folders
    run = subprocess.run([sys.executable, "-m", "kit.teach.notebooks", "check",
                          "--solutions", str(sol), "--exercises", str(ex)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 1 and "make exercises" in run.stderr


# -- this repository -----------------------------------------------------------------

def test_repo_exercises_match_solutions():
    """exercises/ is generated from solutions/: after editing a solution, run `make exercises`."""
    assert stale_exercises(ROOT / "solutions", ROOT / "exercises") == []


# -- nbgrader's marks ----------------------------------------------------------------------

def _graded_notebook() -> nbformat.NotebookNode:
    return new_notebook(cells=[
        new_code_cell("from kit.teach.loveletter import check_unseen, check_chance\nSEED = 3"),
        new_code_cell("def unseen(obs):\n    ### BEGIN SOLUTION\n    return {'Guard': 1}\n    ### END SOLUTION"),
        new_code_cell("check_unseen(unseen, seed=SEED)"),
        new_code_cell("check_unseen.hint()"),
        new_code_cell("def chance(obs, card):\n    ### BEGIN SOLUTION\n    return unseen(obs)[card]\n"
                      "    ### END SOLUTION"),
        new_code_cell("check_chance(chance)"),
        new_code_cell("### BEGIN SOLUTION\nplot = 1\n### END SOLUTION"),
        new_markdown_cell("Why?\n### BEGIN SOLUTION\nBecause.\n### END SOLUTION")])


def test_marks_give_each_cell_its_nbgrader_role():
    roles = [c.metadata.get("nbgrader") for c in mark_for_nbgrader(_graded_notebook()).cells]
    assert roles[0] is None and roles[3] is None                     # imports, a hint: no role
    assert roles[1]["solution"] and not roles[1]["grade"]            # an answer a checker grades
    assert roles[2] == {"grade": True, "grade_id": "test-check_unseen", "locked": True, "points": 1,
                        "schema_version": 3, "solution": False, "task": False}
    assert roles[6]["solution"] and roles[6]["grade"] and roles[6]["points"] == 1   # no checker: by hand
    assert roles[7]["solution"] and roles[7]["grade"] and roles[7]["grade_id"] == "written-1"
    assert len({r["grade_id"] for r in roles if r}) == 6


def test_hidden_test_imports_the_checker_follows_the_seed_and_gives_the_earlier_answers():
    cells = mark_for_nbgrader(_graded_notebook()).cells
    first, second = cells[2].source, cells[5].source
    assert "from kit.teach.loveletter import check_unseen as _check" in first
    assert "_c = _graded(globals(), _check, unseen, seed=SEED)" in first and "assert _c, str(_c)" in first
    assert first.endswith("### END HIDDEN TESTS\ncheck_unseen(unseen, seed=SEED)")   # the visible call last
    assert "'def unseen(obs):\\n'" in second and "given=_given" in second           # chance gets unseen


def test_marks_are_made_again_the_same_and_the_exercise_has_no_hidden_test():
    marked = mark_for_nbgrader(_graded_notebook())
    assert nbformat.writes(mark_for_nbgrader(marked)) == nbformat.writes(marked)
    exercise = make_exercise(marked)
    assert "HIDDEN" not in nbformat.writes(exercise) and "_check" not in nbformat.writes(exercise)
    assert exercise.cells[2].source == "check_unseen(unseen, seed=SEED)"
    assert exercise.cells[2].metadata["nbgrader"]["grade_id"] == "test-check_unseen"


def test_build_marks_an_unmarked_solution_and_check_names_it(folders):
    sol, ex = folders
    nbformat.write(_graded_notebook(), sol / "graded.ipynb")
    assert "graded.ipynb (the solution's nbgrader marks)" in stale_exercises(sol, ex)
    build_exercises(sol, ex)
    assert stale_exercises(sol, ex) == []
    assert nbformat.read(sol / "graded.ipynb", as_version=4).cells[2].metadata["nbgrader"]["grade"]


def test_unclosed_hidden_test_raises():
    nb = new_notebook(cells=[new_code_cell("### BEGIN SOLUTION\nx = 1\n### END SOLUTION"),
                             new_code_cell("### BEGIN HIDDEN TESTS\nassert x")])
    with pytest.raises(KitError, match="never closed"):
        make_exercise(nb)

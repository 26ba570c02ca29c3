"""The teacher's guide's nbgrader recipe, run for real: generate, autograde, and the scores.

For every solution notebook (the five topics in English and every translated one) the
test follows ``notebooks/teacher_guide.ipynb`` section 3 literally: the
``nbgrader_config.py`` printed there (only the exchange folder moved into a temporary
folder), ``nbgrader generate_assignment`` on the solution, then ``nbgrader zip_collect`` (with the guide's
``named_regexp``) and ``nbgrader autograde`` of five submissions made from the released notebook:

* **solved**: every answer cell filled in with the solution's answer: full marks;
* **untouched**: handed in as released: no mark;
* **one-wrong**: solved, but one answer wrong (one that later exercises call): that
  exercise only is lost, since each is graded on its own;
* **cheating**: the same wrong answer, and the answer cell redefines that exercise's
  checker as ``lambda *a, **k: True``: still lost (the hidden test imports the
  checker itself);
* **reseeded**: solved after the learner changed the seeds of the questions shown
  (``SEED``, a case's seed) and answered those: full marks (the tests follow them).

Only the autograded marks are counted; written answers wait for a teacher (their cells
are "manually graded answers", as nbgrader requires of markdown answers).  The score
table is printed (``pytest -s tests/test_nbgrader.py``).  The notebooks are the assignments of two
courses, each a test of its own (pytest-xdist grades them side by side): the English notebooks, and the
translated ones.  As the guide allows ("one assignment per topic, or several notebooks in one"), an assignment
holds several notebooks when their file names differ: the five English topics are one assignment, the translated
ones three (``cs/``, ``fr/`` and ``pl/`` together, then ``pt/``, then ``ro/``: three of them are
``loveletter_counting.ipynb``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest
from kernels import ipc_config, ipc_config_lines

pytest.importorskip("nbgrader")

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SOLUTIONS = sorted(p for p in (ROOT / "solutions").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
VARIANTS = ("solved", "untouched", "one-wrong", "cheating", "reseeded")

# One wrong answer per topic, always one that a later exercise calls: (grade id, source, the checker of it).
WRONG = {
    "loveletter_counting": ("answer-unseen", '''\
def unseen(obs):
    left = dict(DECK)                      # forgets the face-up cards
    for card in obs["hand"] + [c for pile in obs["discards"] for c in pile]:
        left[card] -= 1
    return left''', "check_unseen"),
    "game_trees": ("answer-backward_induction", '''\
def backward_induction(tree, node):
    d = tree.nodes[node]                   # player 0 minimises: the players swapped
    if d["kind"] == "terminal":
        return payoff(tree, node)
    values = {child: backward_induction(tree, child) for child in tree.successors(node)}
    if d["kind"] == "chance":
        return sum(tree.edges[node, child]["prob"] * v for child, v in values.items())
    return min(values.values()) if d["player"] == 0 else max(values.values())''', "check_backward_induction"),
    "sleepingqueens_equations": ("answer-makes_equation", '''\
def makes_equation(numbers):
    numbers = sorted(numbers)              # forgets: at least three numbers
    return numbers[-1] == sum(numbers[:-1])''', "check_is_equation"),
    "princesslegend_deduction": ("answer-allowed", '''\
def allowed(colour_name, truth, options):
    if colour_name == "green":             # forgets that red must lie
        return [truth]
    return list(options)''', "check_allowed_answers"),
    "bots_tournament": ("answer-NoPrincess", '''\
class NoPrincess(RandomBot):
    def choose(self, view, seat):          # forgets the Prince on yourself
        legal = view.legal_actions()
        safe = [a for a in legal if str(a.card) != "Princess"]
        choices = safe or legal
        return choices[self.rng.randrange(len(choices))]''', "check_no_princess"),
}

# The questions reseeded, and the answers to the new questions: (old text, new text) in the cells' sources, or
# ("grade:<grade id>", the answer cell's new source).
RESEED = {
    "loveletter_counting": [("positions(1, seed=11", "positions(1, seed=3")],
    "game_trees": [("infoset_case(seed=5)", "infoset_case(seed=3)"),
                   ("answer_1 = [[2, 9, 16], [5, 12, 19]]",
                    "answer_1 = [nodes for nodes in infosets(case.tree).values() if len(nodes) > 1]"),
                   ("endgame_case(seed=0)", "endgame_case(seed=1)")],
    "sleepingqueens_equations": [
        ("SEED = 7", "SEED = 11"),
        ("grade:answer-answer_1", "answer_1 = sum(sum_question(seed=SEED).cards)"),
        ("grade:answer-answer_2", "q = truth_question(seed=SEED)\nanswer_2 = sum(q.cards) == q.target"),
        ("grade:answer-answer_3", "q = pair_question(seed=SEED)\n"
                                  "answer_3 = next(n for n in q.cards if q.cards.count(n) == 2)"),
        ("grade:answer-answer_4", "q = make_question(seed=SEED)\nanswer_4 = next((a, q.target - a) for i, a in "
                                  "enumerate(q.cards) if q.target - a in q.cards[:i] + q.cards[i + 1:])"),
        ("grade:answer-answer_5", "q = missing_question(seed=SEED)\nanswer_5 = q.target - sum(q.cards)"),
        ("grade:answer-answer_6", "q = addition_question(seed=SEED).cards\nanswer_6 = next(f'{a} + {b} = {a + b}' "
                                  "for i, a in enumerate(q) for j, b in enumerate(q) if i < j and a + b in "
                                  "q[:i] + q[i + 1:j] + q[j + 1:])")],
    "princesslegend_deduction": [("rounds(1, seed=51, players=5)", "rounds(1, seed=52, players=5)")],
    "bots_tournament": [("SEED = 0", "SEED = 2"), ("princess_cases(1, seed=1)", "princess_cases(1, seed=4)")],
}


def _guide_config() -> str:
    """The ``nbgrader_config.py`` the teacher's guide prints (the block after the words "nbgrader_config.py")."""
    guide = nbformat.read(ROOT / "notebooks" / "teacher_guide.ipynb", as_version=4)
    for cell in guide.cells:
        found = re.search(r"```python\n(c = get_config\(\)\n.*?)```", cell.source, re.S)
        if found and "CourseDirectory.course_id" in found.group(1):
            return found.group(1)
    raise AssertionError("the teacher's guide prints no nbgrader_config.py (c = get_config() ... course_id)")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(BIN), env.get("PATH", "")])       # nbgrader runs `alembic`
    env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")   # this Python's kernel
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["MPLBACKEND"] = "Agg"
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    return env


#: ipykernel's known race as nbgrader shuts a graded notebook's kernel down (its stdout flushed into a closed
#: socket, seen on a busy machine): the kernel's log, after the notebook ran; the scores are checked by themselves.
_KERNEL_EXIT_RACE = re.compile(r"ERROR:tornado\.general:Uncaught exception in ZMQStream callback\n"
                               r"Traceback \(most recent call last\):\n(?:  .*\n)+"
                               r"zmq\.error\.ZMQError: Socket operation on non-socket\n")


def _nbgrader(course: Path, *args: str) -> None:
    done = subprocess.run([str(BIN / "nbgrader"), *args], cwd=course, env=_env(), capture_output=True, text=True,
                          timeout=900)
    errors = _KERNEL_EXIT_RACE.sub("", done.stderr)
    if done.returncode != 0 or "ERROR" in errors:
        # the first error's own words (nbgrader names the failing submission only at the end of its log)
        first = errors.find("ERROR")
        first = errors.rfind("\n[", 0, first) + 1 if first >= 0 else len(errors)
        raise AssertionError(f"nbgrader {' '.join(args)} (exit {done.returncode}); its first error:\n"
                             f"{errors[first:first + 6000]}\n...\nits end:\n{errors[-1500:]}")


def _strip_markers(text: str) -> str:
    return "\n".join(line for line in text.split("\n")
                     if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"))


def submission(released: nbformat.NotebookNode, solution: nbformat.NotebookNode, stem: str,
               variant: str) -> nbformat.NotebookNode:
    """What one learner hands in: the released notebook, answered as ``variant`` says."""
    nb = nbformat.from_dict(json.loads(json.dumps(released)))
    if variant == "untouched":
        return nb
    answers = {c.id: c.source for c in solution.cells}
    for cell in nb.cells:
        role = cell.metadata.get("nbgrader", {})
        if role.get("solution"):
            cell.source = _strip_markers(answers[cell.id])
    if variant in ("one-wrong", "cheating"):
        grade_id, wrong, checker = WRONG[stem]
        cell = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)
        cell.source = wrong + (f"\n\n{checker} = lambda *a, **k: True   # cheating" if variant == "cheating" else "")
    if variant == "reseeded":
        for old, new in RESEED[stem]:
            if old.startswith("grade:"):                  # the whole answer cell, whatever its words
                hits = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == old[6:]]
                for c in hits:
                    c.source = new
            else:
                hits = [c for c in nb.cells if c.cell_type == "code" and old in c.source]
                for c in hits:
                    c.source = c.source.replace(old, new)
            assert hits, f"{stem}: no cell holds {old!r}"
    return nb


#: The two courses: the English notebooks, and the translated ones (in the language folders of solutions/).
COURSES = {"english": [p for p in SOLUTIONS if p.parent == ROOT / "solutions"],
           "translated": [p for p in SOLUTIONS if p.parent != ROOT / "solutions"]}


def assignments(solution_paths: list[Path]) -> dict[str, list[Path]]:
    """The course's assignments: each notebook in the first one that holds no notebook of its file name
    (``{"hw1": [...], "hw2": [...]}``)."""
    groups: list[list[Path]] = []
    for path in solution_paths:
        group = next((g for g in groups if path.name not in {q.name for q in g}), None)
        if group is None:
            groups.append(group := [])
        group.append(path)
    return {f"hw{i + 1}": group for i, group in enumerate(groups)}


def grade_course(solution_paths: list[Path], tmp: Path) -> dict[Path, dict[str, tuple[float, float]]]:
    """Follow the recipe for a course of the solution notebooks (:func:`assignments`); for each notebook
    ``{variant: (autograded score, autograded points)}``.

    The teacher's commands, once for the whole course where nbgrader takes a pattern of assignments
    (``generate_assignment "*"``, ``autograde "*"``: one start of nbgrader, not one a notebook; each
    submission still runs in a kernel of its own), and ``zip_collect`` for each assignment, as the guide says.
    """
    homework = assignments(solution_paths)
    where = {path: name for name, paths in homework.items() for path in paths}
    course = tmp / "course"
    exchange = tmp / "exchange"
    exchange.mkdir(parents=True)
    config = _guide_config()
    config = re.sub(r'c\.Exchange\.root = .*', f'c.Exchange.root = {str(exchange)!r}', config)
    (course / "source").mkdir(parents=True)
    (course / "nbgrader_config.py").write_text(config + "\nc.ExecutePreprocessor.timeout = 600\n"
                                               + ipc_config_lines())      # the test's own: tests/kernels.py
    for path in solution_paths:
        (course / "source" / where[path]).mkdir(exist_ok=True)
        shutil.copy(path, course / "source" / where[path] / path.name)
    _nbgrader(course, "generate_assignment", "*", "--force")
    for path in solution_paths:
        assignment = where[path]
        released = nbformat.read(course / "release" / assignment / path.name, as_version=4)
        solution = nbformat.read(path, as_version=4)
        archive = course / "downloaded" / assignment / "archive"      # as a learning platform hands them in
        archive.mkdir(parents=True, exist_ok=True)
        for variant in VARIANTS:
            nbformat.write(submission(released, solution, path.stem, variant), archive / f"{variant}_{path.name}")
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda assignment: _nbgrader(course, "zip_collect", assignment), homework))
    for path in solution_paths:
        assignment = where[path]
        collected = sorted(p.parent.parent.name for p in (course / "submitted").glob(f"*/{assignment}/{path.name}"))
        assert collected == sorted(VARIANTS), f"zip_collect collected {collected} for {assignment}/{path.name}"
    _nbgrader(course, "autograde", "*", "--force")
    from nbgrader.api import Gradebook

    results = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for path in solution_paths:
            solution = nbformat.read(path, as_version=4)
            tests = {c.metadata["nbgrader"]["grade_id"] for c in solution.cells
                     if c.metadata.get("nbgrader", {}).get("grade") and not c.metadata["nbgrader"]["solution"]}
            scores = {}
            for variant in VARIANTS:
                graded = gb.find_submission_notebook(path.stem, where[path], variant)
                auto = [g for g in graded.grades if g.name in tests]
                scores[variant] = (sum(g.auto_score or 0 for g in auto), sum(g.max_score for g in auto))
            results[path] = scores
    return results


def test_the_two_courses_hold_every_solution_notebook_once_and_no_assignment_a_file_name_twice():
    assert sorted(COURSES["english"] + COURSES["translated"]) == SOLUTIONS and all(COURSES.values())
    for paths in COURSES.values():
        homework = assignments(paths)
        assert sorted(p for group in homework.values() for p in group) == sorted(paths)
        assert all(len({p.name for p in group}) == len(group) for group in homework.values())
        most = max(Counter(p.name for p in paths).values())
        assert len(homework) == most, "as few assignments (zip_collect starts) as the file names allow"
    assert len(assignments(COURSES["english"])) == 1      # the five topics, one notebook each


@pytest.mark.parametrize("course", sorted(COURSES))
def test_guide_recipe_grades_every_topic_in_every_language(course, tmp_path):
    """Both courses together: every topic in every language (see the test above)."""
    started = time.perf_counter()
    results = grade_course(COURSES[course], tmp_path)
    assert sorted(results) == sorted(COURSES[course])
    rows = ["| notebook | " + " | ".join(VARIANTS) + " |", "|---" * (len(VARIANTS) + 1) + "|"]
    wrong = []
    for path, scores in results.items():
        name = path.relative_to(ROOT / "solutions").as_posix()
        total = scores["solved"][1]
        rows.append(f"| {name} | " + " | ".join(f"{scores[v][0]:g}/{total:g}" for v in VARIANTS) + " |")
        want = {"solved": total, "untouched": 0, "one-wrong": total - 1, "cheating": total - 1, "reseeded": total}
        wrong += [f"{name} {v}: {scores[v][0]:g}, expected {want[v]:g}" for v in VARIANTS if scores[v][0] != want[v]]
        assert total >= 5, f"{name}: only {total:g} autograded points"
    print("\n" + "\n".join(rows) + f"\n({time.perf_counter() - started:.0f} s)")
    assert not wrong, "\n".join(wrong + rows)


def test_an_unanswered_cell_says_write_your_answer_here_and_still_fails():
    import nbclient
    from nbformat.v4 import new_code_cell, new_notebook

    nb = new_notebook(cells=[
        new_code_cell("import kit.teach.checks"),
        new_code_cell('def unseen(obs):\n    # YOUR CODE HERE\n'
                      '    raise NotImplementedError("write your answer here")\n\nunseen({})'),
        new_code_cell("unseen({})"),                                  # an earlier exercise's blank
        new_code_cell("raise NotImplementedError('something else')")])
    env = _env()
    old = {k: os.environ.get(k) for k in ("JUPYTER_PATH", "JUPYTER_PLATFORM_DIRS")}
    os.environ.update({k: env[k] for k in old})
    try:
        nbclient.NotebookClient(nb, kernel_name="python3", timeout=120, allow_errors=True,
                                config=ipc_config()).execute()
    finally:
        for k, v in old.items():
            os.environ.pop(k) if v is None else os.environ.__setitem__(k, v)
    own, above, other = nb.cells[1].outputs, nb.cells[2].outputs, nb.cells[3].outputs
    assert [o.output_type for o in own] == ["display_data"], own         # no traceback
    assert "Write your answer here" in own[0].data["text/plain"] and own[0].metadata["kit"]["unanswered"]
    assert [o.output_type for o in above] == ["error"] and above[0].traceback == [
        "✎ unseen is an exercise above with no answer yet: write your answer in its cell and run it, then run this "
        "cell again."]
    assert other[0].output_type == "error" and len(other[0].traceback) > 1     # any other one: the usual traceback
    with pytest.raises(nbclient.exceptions.CellExecutionError) as failed:     # the blank still fails the cell,
        nbclient.NotebookClient(new_notebook(cells=nb.cells[:2]), kernel_name="python3", timeout=120,
                                config=ipc_config()).execute()
    assert "Write your answer here" in str(failed.value)                     # and the kernel's reply says why


def test_every_module_a_solution_imports_comes_with_the_kit_itself():
    """Issue 20: installed as the guide says (the kit, no extras), every solution runs: each module a solution
    notebook imports, and cloudpickle (a bot class written in a notebook reaches the tournament's sealed
    processes by value), is the kit's own dependency or one of theirs."""
    import ast
    import tomllib
    from importlib.metadata import packages_distributions, requires

    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    name = re.compile(r"[A-Za-z0-9_.-]+")
    wanted = {name.match(r).group(0).lower().replace("_", "-") for r in project["dependencies"]}
    closure, todo = set(), list(wanted)
    while todo:                                     # what the dependencies need in turn (no extras)
        dist = todo.pop()
        if dist in closure:
            continue
        closure.add(dist)
        for text in requires(dist) or []:
            req = Requirement(text)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name.lower().replace("_", "-"))
    owners = packages_distributions()
    modules = {"cloudpickle"}
    for path in SOLUTIONS:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            for node in ast.walk(ast.parse(_strip_markers(cell.source))):
                if isinstance(node, ast.Import):
                    modules |= {a.name.split(".")[0] for a in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    modules.add(node.module.split(".")[0])
    missing = {}
    for module in sorted(modules - set(sys.stdlib_module_names) - {"kit"}):
        dists = {d.lower().replace("_", "-") for d in owners.get(module, [])}
        if not dists & closure:
            missing[module] = sorted(dists)
    assert "matplotlib" in wanted and "cloudpickle" in wanted
    assert not missing, f"imported by the solutions but not installed with the kit: {missing}"

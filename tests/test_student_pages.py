"""No student page holds a teacher switch (issue 19): the tables a teacher projects live in the teacher's guide.

Every notebook a student opens (``notebooks/`` and its translations, and ``exercises/``; not
``notebooks/teacher_guide.ipynb``) is run with nbclient, which keeps the state of every widget the
notebook showed (``store_widget_state``); no widget of it may carry the teacher's switch, whose label
is the table's message "Teacher view: ..." in any of the kit's languages.  A control notebook that
builds a teacher's table shows that the search finds the switch.  The Voila app pages are these same
notebooks (tests/test_browser_app.py looks at them in the browser).
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from test_notebooks import ROOT, _execute, _id, executed, kernel_env, notebooks_in  # noqa: F401 - a fixture

TEACHER_GUIDE = ROOT / "notebooks" / "teacher_guide.ipynb"
STUDENT_PAGES = [p for p in notebooks_in("notebooks", "exercises") if p != TEACHER_GUIDE]
_SWITCH = "Teacher view: the whole state, hidden cards included"


def teacher_switches(nb) -> list[str]:
    """The ids of the widgets of executed notebook ``nb`` that carry the teacher's switch, in any language."""
    from kit.i18n import LANGUAGES, _

    words = {_(_SWITCH, lang) for lang in LANGUAGES}
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    found = []
    for model_id, model in state.items():
        text = json.dumps(model.get("state", {}), ensure_ascii=False)
        if any(word in text for word in words):
            found.append(model_id)
    return found


def _widget_count(nb) -> int:
    return len(nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {}))


def test_the_search_finds_a_teachers_switch(tmp_path: Path, kernel_env):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "from kit.i18n import set_language\nset_language('pl')\n"
        "from kit.sleepingqueens import SleepingQueens\nfrom kit.widgets import GameTable\n"
        "GameTable(SleepingQueens(2), ['you', 'heuristic'], teacher=True, delay=0)")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = tmp_path / "teacher_control.ipynb"
    nbformat.write(nb, path)
    done = _execute(path)
    assert len(teacher_switches(done)) == 1  # the Polish switch, found by its Polish words


@pytest.mark.parametrize("path", STUDENT_PAGES, ids=_id)
def test_no_student_page_holds_a_teacher_switch(path: Path, kernel_env):
    nb = executed(path, allow_errors=path.is_relative_to(ROOT / "exercises"))  # the run test_notebooks looks at
    assert not teacher_switches(nb), f"{_id(path)} shows a teacher's table: move it to the teacher's guide"
    if path.name in ("sleepingqueens.ipynb", "loveletter.ipynb", "princesslegend.ipynb", "kids.ipynb"):
        assert _widget_count(nb) > 0, f"{_id(path)}: no widget state was kept, so the search saw nothing"

"""The progress panel (kit.widgets.ProgressPanel): which exercises a learner solved, read from the progress file.

Known answers on a temporary progress file; a real checker of the kit ticks its exercise when it is
right (and only then) while kit.teach.hints.use_progress is on; nothing breaks without the file.
"""

from __future__ import annotations

import json
import re

import pytest

from kit.teach.hints import Checker, Progress, checker, use_progress
from kit.widgets import ProgressPanel
from kit.widgets.progress import Topic, exercise_topics, progress_html

TOPICS = {"Counting": ["check_a", "check_b", "check_c"], "Logic": ["check_d"]}


@pytest.fixture(autouse=True)
def no_active_progress():
    """Each test starts and ends with no progress file recording."""
    use_progress(None)
    yield
    use_progress(None)


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "kit-progress.json")


def marks(html: str) -> dict[str, bool]:
    """{exercise: solved} as the picture shows it."""
    return {name: solved == "true"
            for name, solved in re.findall(r'data-exercise="([^"]+)" data-solved="(true|false)"', html)}


def test_the_panel_ticks_the_solved_exercises_and_counts_them_per_topic(path):
    Progress(path).record("check_b")
    Progress(path).record("check_d")
    panel = ProgressPanel(path, topics=TOPICS)
    html = panel.view.value
    assert marks(html) == {"check_a": False, "check_b": True, "check_c": False, "check_d": True}
    assert "Counting" in html and "1 of 3 solved" in html
    assert "Logic" in html and "1 of 1 solved" in html
    assert "Nothing solved yet" not in html
    assert path in html  # the panel says where progress is kept


def test_without_a_file_nothing_is_solved_and_no_file_is_written(path, tmp_path):
    panel = ProgressPanel(path, topics=TOPICS)
    assert panel.solved() == []
    assert "Nothing solved yet" in panel.view.value
    assert "0 of 3 solved" in panel.view.value
    assert set(marks(panel.view.value).values()) == {False}
    assert list(tmp_path.iterdir()) == []  # the panel only reads


@pytest.mark.parametrize("content", ["{ not json", "[1, 2]", '{"solved": ["check_a"]}', ""])
def test_a_broken_file_counts_as_nothing_solved(path, content):
    with open(path, "w", encoding="utf-8") as f:
        f.write(content)
    panel = ProgressPanel(path, topics=TOPICS)
    assert panel.solved() == [] and "0 of 3 solved" in panel.view.value


def test_refresh_reads_the_file_again(path):
    panel = ProgressPanel(path, topics=TOPICS)
    assert marks(panel.view.value)["check_a"] is False
    Progress(path).record("check_a")  # e.g. a checker in another notebook
    assert marks(panel.view.value)["check_a"] is False  # not until asked
    panel.refresh_button.click()
    assert marks(panel.view.value)["check_a"] is True
    assert "1 of 3 solved" in panel.view.value


def test_a_right_answer_ticks_its_exercise_and_a_wrong_one_does_not(path):
    from kit.teach.loveletter import check_unseen, unseen_counts

    use_progress(path)
    panel = ProgressPanel()  # follows the file the checkers record into
    assert panel.path == path
    assert not check_unseen(lambda view: {}, count=3)  # wrong: nothing recorded
    panel.refresh()
    assert panel.solved() == [] and marks(panel.view.value)["check_unseen"] is False
    assert check_unseen(unseen_counts, count=3)  # the reference answer is right
    panel.refresh()
    assert panel.solved() == ["check_unseen"]
    assert marks(panel.view.value)["check_unseen"] is True
    with open(path, encoding="utf-8") as f:
        assert list(json.load(f)["solved"]) == ["check_unseen"]


def test_without_use_progress_a_checker_records_nothing(path):
    from kit.teach.loveletter import check_unseen, unseen_counts

    assert check_unseen(unseen_counts, count=3)
    assert ProgressPanel(path).solved() == []


def test_solved_exercises_of_no_topic_are_listed_under_other_exercises(path):
    Progress(path).record("check_from_a_teacher")
    html = ProgressPanel(path, topics=TOPICS).view.value
    assert "Other exercises" in html and marks(html)["check_from_a_teacher"] is True


def test_no_other_exercises_section_when_every_solved_one_has_a_topic(path):
    Progress(path).record("check_a")
    assert "Other exercises" not in ProgressPanel(path, topics=TOPICS).view.value


def test_names_from_the_file_are_escaped(path):
    Progress(path).record("<script>alert(1)</script>")
    html = ProgressPanel(path, topics=TOPICS).view.value
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_topics_may_be_given_as_checkers():
    @checker("one", "two", "three")
    def check_something(x):
        return x

    html = progress_html(["check_something"], [Topic("Mine", ("check_something",))])
    panel_topics = ProgressPanel("/no/such/folder/kit-progress.json", topics={"Mine": [check_something]}).topics
    assert panel_topics == [Topic("Mine", ("check_something",))]
    assert marks(html) == {"check_something": True}


def test_the_kit_topics_list_every_checker_of_the_teach_modules_in_order():
    import importlib
    import pkgutil

    import kit.teach

    topics = exercise_topics()
    listed = [name for t in topics for name in t.exercises]
    assert len(listed) == len(set(listed))
    found = []
    for info in pkgutil.iter_modules(kit.teach.__path__):
        module = importlib.import_module(f"kit.teach.{info.name}")
        found += [obj.name for obj in vars(module).values()
                  if isinstance(obj, Checker) and obj.__module__ == module.__name__]
    assert sorted(listed) == sorted(found)
    counting = next(t for t in topics if t.title == "Card counting in Love Letter")
    assert counting.exercises[:3] == ("check_unseen", "check_chance", "check_guard_guess")  # as defined
    assert topics[0] is counting  # the learning path's first topic with exercises comes first


def test_the_default_panel_shows_the_kit_topics_and_works_in_another_language(path):
    panel = ProgressPanel(path, lang="fr")
    assert "check_unseen" in marks(panel.view.value)
    assert panel.refresh_button.description  # a label in some language


def test_the_panel_is_exported_from_kit_widgets():
    import kit.widgets

    assert "ProgressPanel" in kit.widgets.__all__ and kit.widgets.ProgressPanel is ProgressPanel

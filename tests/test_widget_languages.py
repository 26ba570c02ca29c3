"""Every exercise widget takes ``language=`` and has a language menu (issue #12 item 3).

The three widgets: the children's practice box (:func:`kit.widgets.kids.cards.practice`), the progress
panel (:class:`kit.widgets.ProgressPanel`) and the tree explorer (:class:`kit.widgets.TreeExplorer`).
For each:

* built in a pseudo language (a fake catalog that marks every message it is asked for, as in
  ``tests/test_i18n.py``), every string it syncs to the page comes from the catalog, before and after
  its buttons are used, and every message it asks for is in the extracted template;
* built in English and switched to the pseudo language by its menu, the same holds (the menu redraws
  everything);
* built in Polish or French, no label is left in English;
* the menu lists the six languages by their own names; switching it gives a known Polish label;
* ``language="xx"`` is a :class:`~kit.core.KitError` naming the six languages.
"""

from __future__ import annotations

import os
import re
from typing import Any, Callable, Iterable

import pytest

import kit.i18n
from kit.core import KitError
from kit.i18n import LANGUAGE_NAMES
from kit.loveletter.endgame import GALLERY
from kit.teach.hints import Progress
from kit.teach.sleepingqueens import KINDS
from kit.widgets import ProgressPanel, TreeExplorer
from kit.widgets.kids.cards import practice

from table_helpers import synced
from test_i18n import _AUTONYMS, _HTML, _LABELS, PSEUDO, Pseudo, html_leaks, leftover
from test_i18n import pseudo, template_ids  # noqa: F401 - the same fixtures (the pseudo-language, the catalog's ids)

MENU = (("English", "en"), ("Română", "ro"), ("Čeština", "cs"), ("Português", "pt"), ("Polski", "pl"),
        ("Français", "fr"))
POSITION = "known-baron"  # a small gallery position: the explorer builds it in a moment


# --------------------------------------------------------------------------- the widgets, used
def progress_file(tmp: str) -> str:
    path = os.path.join(tmp, "kit-progress.json")
    Progress(path).record("check_unseen")
    return path


def use_practice(box: Any) -> None:
    """Answer, check, ask for every hint: the feedback and the hints show too."""
    if box.card_buttons:
        box.card_buttons[0].click()
    else:
        box.choices.children[0].click()
    box.check()
    for _ in range(3):
        box.hint()


def use_explorer(ex: Any) -> None:
    ex.describe_box.selected_index = 0  # the form open: its labels too
    ex.select(ex.root)
    ex.solve("exact")


def build_practices(language: str) -> list[Any]:
    boxes = [practice(kind, seed=3, language=language) for kind in KINDS]
    return boxes


# Words that are not the catalog's and need no translation: the notation (the gallery's names, the
# values of the describe form), a progress file's path.
def allowed(tmp: str) -> list[str]:
    return sorted([*GALLERY, os.path.join(tmp, "kit-progress.json")], key=len, reverse=True)


def notation(widget: Any) -> list[str]:
    """The notation a tree explorer shows (the API, English by design): its tree's actions, the labels of
    its information sets, the solvers' names."""
    if not isinstance(widget, TreeExplorer) or widget.tree is None:
        return []
    actions = {d["action"] for _a, _b, d in widget.tree.edges(data=True)}
    seats = {f"p{i}" for i in range(8)}  # the seats, as the notation writes them
    return sorted({*actions, *widget._labels.values(), *seats, "CFR+", "cfr+", "exact"}, key=len, reverse=True)


_NUMBER = re.compile(r"\d+(\.\d+)?e[+-]\d+")  # 1.5e-09: a number, not a word


def leaks(widget: Any, keep: Iterable[str] = ()) -> list[tuple[str, str]]:
    """Every unmarked word ``widget`` syncs to the page (``keep``: words that are not messages)."""
    keep = list(keep) + notation(widget)
    out = []
    for path, value in synced(widget).items():
        if not isinstance(value, str) or not value.strip():
            continue
        value = _NUMBER.sub("", value)
        for word in keep:
            value = value.replace(word, "")
        if _HTML.search(path):
            out += [(path, t) for t in html_leaks(value)]
        elif _LABELS.search(path) and value not in _AUTONYMS and leftover(value):
            out.append((path, value))
    return out


def not_in_template(pseudo: Pseudo, template_ids: set) -> list[tuple[str, str]]:
    return sorted((c or "", m) for c, m in pseudo.asked if (c, m) not in template_ids)


WIDGETS: dict[str, Callable[[str, str], list[Any]]] = {
    "practice": lambda language, tmp: build_practices(language),
    "progress": lambda language, tmp: [ProgressPanel(progress_file(tmp), language=language)],
    "tree-explorer": lambda language, tmp: [TreeExplorer(position=POSITION, language=language)],
}
USE: dict[str, Callable[[Any], None]] = {
    "practice": use_practice,
    "progress": lambda panel: panel.refresh_button.click(),
    "tree-explorer": use_explorer,
}


# --------------------------------------------------------------------------- every visible string from the catalog
@pytest.mark.parametrize("key", list(WIDGETS))
def test_every_string_a_widget_shows_comes_from_the_catalog(key, pseudo, template_ids, tmp_path):
    keep = allowed(str(tmp_path))
    seen = []
    for widget in WIDGETS[key](PSEUDO, str(tmp_path)):
        seen += [("start", *leak) for leak in leaks(widget, keep)]
        USE[key](widget)
        seen += [("used", *leak) for leak in leaks(widget, keep)]
    assert not seen, seen[:12]
    assert pseudo.asked  # the fake catalog was asked: the test can fail
    assert not not_in_template(pseudo, template_ids), not_in_template(pseudo, template_ids)


@pytest.mark.parametrize("key", list(WIDGETS))
def test_the_menu_redraws_everything_in_the_new_language(key, pseudo, template_ids, tmp_path):
    keep = allowed(str(tmp_path))
    seen = []
    for widget in WIDGETS[key]("en", str(tmp_path)):
        USE[key](widget)  # feedback, hints, a solution shown in English first
        widget.language_menu.value = PSEUDO
        assert widget.lang == PSEUDO
        seen += [("switched", *leak) for leak in leaks(widget, keep)]
    assert not seen, seen[:12]
    assert not not_in_template(pseudo, template_ids)


def test_the_leak_check_finds_an_english_label(pseudo, tmp_path):
    box = practice("sum", seed=1, language=PSEUDO)
    assert not leaks(box)
    box.hint_button.description = "Hint"
    assert leaks(box) == [(next(p for p, v in synced(box).items() if v == "Hint"), "Hint")]


# --------------------------------------------------------------------------- Polish and French
def labels(widget: Any) -> dict[str, str]:
    return {path: value for path, value in synced(widget).items()
            if isinstance(value, str) and _LABELS.search(path) and re.search(r"[A-Za-z]{2}", value)}


# the same word in English and in that language (checked by hand), and the notation
SAME = {"fr": {"Position", "CFR+"}, "pl": {"CFR+"}}


@pytest.mark.parametrize("language", ["pl", "fr"])
@pytest.mark.parametrize("key", list(WIDGETS))
def test_no_label_is_left_in_english(key, language, tmp_path):
    keep = set(allowed(str(tmp_path))) | set(LANGUAGE_NAMES.values()) | SAME[language]
    english = [labels(x) for x in WIDGETS[key]("en", str(tmp_path))]
    other = [labels(x) for x in WIDGETS[key](language, str(tmp_path))]
    assert english and len(english) == len(other)
    left = [(path, text) for en, tr in zip(english, other) for path, text in en.items()
            if text not in keep and tr.get(path) == text]
    assert not left, left
    html = "".join(str(v) for x in WIDGETS[key](language, str(tmp_path))
                   for p, v in synced(x).items() if _HTML.search(p))
    for sentence in ("Nothing solved yet", "Your progress", "information sets", "Click a node", "your answer"):
        assert sentence not in html


# --------------------------------------------------------------------------- the menu
@pytest.mark.parametrize("key", list(WIDGETS))
def test_the_menu_lists_the_six_by_their_own_names_and_switches_to_polish(key, tmp_path):
    widget = WIDGETS[key]("fr", str(tmp_path))[0]
    assert widget.language_menu.options == MENU
    assert widget.language_menu.value == "fr" and widget.lang == "fr"
    assert widget.language_menu in widget.children or any(
        widget.language_menu in getattr(c, "children", ()) for c in widget.children)
    assert widget.language_menu.description == "Langue"
    widget.language_menu.value = "pl"
    assert widget.lang == "pl" and widget.language_menu.description == "Język"
    polish = {"practice": lambda b: b.hint_button.description == "Podpowiedź",
              "progress": lambda p: p.refresh_button.description == "Odśwież" and "Twoje postępy" in p.view.value,
              "tree-explorer": lambda e: e.depth.description == "Głębokość" and "Węzły: " in e.status.value}
    assert polish[key](widget), key


def test_the_practice_box_keeps_the_answer_and_redraws_feedback_and_hint_when_switched():
    box = practice("truth", seed=2, language="en")
    box.choices.children[0].click()  # "yes"
    result = box.check()
    assert box.answer == "yes"
    box.language_menu.value = "pl"
    assert box.answer == "tak" and [b.description for b in box.choices.children] == ["tak", "nie"]
    assert box.check_button.description == "Sprawdź" and box.typed.placeholder != "your answer"
    assert box.check().ok == result.ok  # the same answer, judged the same, in Polish
    box.hint()
    hint_pl = box.feedback.value
    box.language_menu.value = "en"
    assert box.feedback.value != hint_pl and box.hint_level == 1


def test_the_tree_explorer_keeps_its_tree_and_choices_when_switched():
    ex = TreeExplorer(position=POSITION, language="en", orient="down")
    ex.solve("exact")
    nodes, solution = ex.summary()["nodes"], ex.solution
    ex.language_menu.value = "pl"
    assert ex.summary()["nodes"] == nodes and ex.solution is solution
    assert ex.picker.value == POSITION and ex.orient.value == "down" and ex.method.value == "exact"
    assert ex.describe_box.get_title(0) == "Opisz pozycję"
    assert "Rozwiązane" in ex.status.value  # the solution's line, redrawn


# --------------------------------------------------------------------------- refusals
UNKNOWN = [lambda code: practice("sum", language=code),
           lambda code: ProgressPanel("/no/such/folder/kit-progress.json", topics={}, language=code),
           lambda code: TreeExplorer(position=POSITION, language=code)]


@pytest.mark.parametrize("make", UNKNOWN, ids=["practice", "progress", "tree-explorer"])
@pytest.mark.parametrize("code", ["xx", "EN", "polski"])
def test_an_unknown_language_is_refused_naming_the_six(make, code):
    with pytest.raises(KitError, match="unknown language .*; the kit speaks en, ro, cs, pt, pl, fr"):
        make(code)


def test_lang_is_still_accepted_as_the_old_name_of_language():
    assert practice("sum", lang="pl").lang == "pl"
    assert ProgressPanel("/no/such/folder/kit-progress.json", topics={}, lang="fr").lang == "fr"
    with pytest.raises(KitError, match="give the language once"):
        practice("sum", language="pl", lang="fr")
    with pytest.raises(KitError, match="unknown language"):
        ProgressPanel("/no/such/folder/kit-progress.json", topics={}, lang="xx")


def test_the_kernels_language_is_the_default():
    before = kit.i18n.get_language()
    try:
        kit.i18n.set_language("pl")
        assert practice("sum").lang == "pl"
        assert ProgressPanel("/no/such/folder/kit-progress.json", topics={}).lang == "pl"
        assert TreeExplorer(position=POSITION).lang == "pl"
    finally:
        kit.i18n.set_language(before)

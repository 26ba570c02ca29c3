"""Sleeping Queens at the table in a real JupyterLab, driven by headless Chromium.

A small notebook (written to the lab's folder, not the repository's) loads a position where Ana's
hand holds 5, 2, 3, a King and a 9.  By mouse: pick the 5, the 3 and the 2 (the table says
"5 + 3 makes 8, not 2" and offers no Discard), move the 5 after the = sign (2 + 3 = 5), discard.
Then a few turns by keyboard only (Tab, Shift+Tab, Enter): JupyterLab must not take the keys, and
Ben's cards are never face up on the page.  Screenshots go to the test's tmp folder.
"""

from __future__ import annotations

import json
import uuid

import pytest

from table_helpers import tab_into

pytestmark = pytest.mark.browser

SETUP = """from kit.sleepingqueens import SleepingQueens
from kit.sleepingqueens.position import position
from kit.widgets import GameTable

start = position(hands=[["5", "2", "3", "King", "9"], ["1", "1", "4", "6", "Dragon"]], queens=[[], ["Cat"]])
table = GameTable(SleepingQueens(2), ["you", "heuristic"], names=["Ana", "Ben"], delay=0.3, setup=False)
table.load_round(start)
table"""

_VIEW = ("[...document.querySelectorAll('.kit-pane')].find(e => e.querySelector('.sq-table'))"
         ".querySelector('.kit-pane-view')")
_MY_TURN = ("[data-choice^='card:'], [data-choice='block'], [data-choice='allow'], [data-choice^='place:'], "
            "[data-choice='new']")


def _notebook(folder) -> str:
    name = f"sq_equation_{uuid.uuid4().hex[:8]}.ipynb"
    doc = {"cells": [{"cell_type": "code", "execution_count": None, "id": "setup", "metadata": {}, "outputs": [],
                      "source": SETUP}],
           "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
           "nbformat": 4, "nbformat_minor": 5}
    (folder / "notebooks" / name).write_text(json.dumps(doc))
    return name


def _pane(page):
    return page.locator(".kit-pane").filter(has=page.locator(".sq-table")).first


def _html(page) -> str:
    return page.evaluate(f"() => {_VIEW}.innerHTML")


def _changed(page, old: str) -> None:
    page.wait_for_function(f"old => {_VIEW}.innerHTML !== old", arg=old, timeout=60_000)


def _click(page, locator) -> None:
    """Click and wait for the kernel's answer (the table is redrawn after every choice)."""
    old = _html(page)
    locator.click()
    _changed(page, old)


def _wait_for_my_turn(page) -> None:
    page.wait_for_function(f"sel => {_VIEW}.querySelector(sel) !== null", arg=_MY_TURN, timeout=120_000)


def _focused(page) -> str:
    return page.evaluate("document.activeElement.getAttribute('data-choice') || ''")


def _press(page, key: str) -> None:
    old = _html(page)
    page.keyboard.press(key)
    _changed(page, old)


def _no_hidden_card(page) -> None:
    pane = _pane(page)
    assert pane.locator("[data-zone='hand'][data-seat='1']").count() == 0  # Ben's cards: backs only
    assert pane.locator("[data-zone='hand'][data-seat='0'][data-card]").count() in (0, 3, 4, 5)


def test_build_an_addition_by_clicks_and_play_turns_by_keyboard(jupyterlab, lab_notebook, tmp_path):
    page = lab_notebook(_notebook(jupyterlab.root))
    pane = _pane(page)
    pane.scroll_into_view_if_needed()
    _wait_for_my_turn(page)
    assert "Your turn, Ana! Click a card in your hand." in pane.locator(".kit-prompt").inner_text()
    _no_hidden_card(page)
    page.screenshot(path=str(tmp_path / "sq_start.png"), full_page=False)

    # ---- three number cards by mouse, in the "wrong" order
    for card in ("5", "3", "2"):
        _click(page, pane.locator(f"[data-choice='card:{card}:0']"))
    assert pane.locator(".sq-picked").count() == 3
    assert pane.locator(".kit-note").inner_text().strip() == "5 + 3 makes 8, not 2."
    assert pane.locator("[data-choice='discard']").count() == 0
    slots = pane.locator("[data-zone='slot']")
    assert [slots.nth(i).get_attribute("data-card") for i in range(slots.count())] == ["5", "3", "2"]
    # ---- the 5 goes after the = sign
    _click(page, pane.locator("[data-choice='sum:0']"))
    assert [slots.nth(i).get_attribute("data-card") for i in range(slots.count())] == ["2", "3", "5"]
    assert "2 + 3 = 5" in pane.locator(".sq-eq").inner_text()
    assert pane.locator(".kit-note").count() == 0
    page.screenshot(path=str(tmp_path / "sq_equation.png"), full_page=False)
    _click(page, pane.locator("[data-choice='discard']"))
    _wait_for_my_turn(page)
    assert "You discard 2 + 3 = 5." in pane.locator(".kit-full-log").text_content()
    _no_hidden_card(page)

    # ---- a few turns by keyboard only: Tab into the table, Enter; JupyterLab must not take the keys
    cells = page.locator(".jp-Notebook .jp-Cell").count()
    played = 0
    for _turn in range(4):
        _wait_for_my_turn(page)
        if pane.locator("[data-choice='new']").count():
            break
        first = tab_into(page, pane.locator(".kit-pane-view"))
        assert first, "Tab did not reach a choice of the table"
        _press(page, "Enter")
        if first.startswith("card:"):  # a card picked up: Shift+Tab back to "Discard", Enter
            assert pane.locator(".sq-picked").count() == 1
            for _k in range(40):
                if _focused(page) == "discard":
                    break
                page.keyboard.press("Shift+Tab")
            assert _focused(page) == "discard"
            page.keyboard.press("a")
            page.keyboard.press("b")
            _press(page, "Enter")
        assert page.evaluate(f"() => {_VIEW}.contains(document.activeElement) || "
                             "document.activeElement === document.body")
        played += 1
        _no_hidden_card(page)
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells  # JupyterLab took none of the keys
    assert played >= 2
    assert page.get_by_text("Teacher view").count() == 0  # a student's table: no teacher switch
    pane.screenshot(path=str(tmp_path / "sq_after_keyboard.png"))


_LOOK = """e => { const s = getComputedStyle(e), after = getComputedStyle(e, '::after');
  return {transform: s.transform, outline: s.outlineStyle, visible: e.matches(':focus-visible'),
          check: after.content, focused: document.activeElement === e}; }"""


def test_the_keyboard_focus_never_looks_like_a_picked_card(jupyterlab, lab_notebook, tmp_path):
    """Issue 19: after a redraw the focus no longer lifts and outlines a card like a pick: a picked card is
    lifted and carries a check mark; the keyboard's focus is a dashed ring, with no lift; a click's focus shows
    nothing."""
    page = lab_notebook(_notebook(jupyterlab.root))
    pane = _pane(page)
    pane.scroll_into_view_if_needed()
    _wait_for_my_turn(page)
    _click(page, pane.locator("[data-choice='card:5:0']"))  # by mouse: picked
    picked = pane.locator("[data-choice='card:5:0']")
    look = picked.evaluate(_LOOK)
    assert look["transform"] != "none" and look["check"] == '"\u2713"'
    # the redraw put the focus back on the card clicked, and a click's focus shows no ring
    assert look["focused"] and not look["visible"] and look["outline"] == "none"
    # by keyboard: the focus moves to the next card: a dashed ring, no lift, no check mark
    page.keyboard.press("ArrowRight")
    other = page.evaluate("document.activeElement.getAttribute('data-choice')")
    assert other and other != "card:5:0"
    look = pane.locator(f"[data-choice='{other}']").evaluate(_LOOK)
    assert look["visible"] and look["outline"] == "dashed" and look["transform"] == "none"
    assert look["check"] in ("none", "normal")
    assert picked.evaluate(_LOOK)["outline"] == "none"  # the pick has no focus ring
    pane.screenshot(path=str(tmp_path / "sq_focus_and_pick.png"))
    if other.startswith("card:"):  # Enter picks the focused card: after the redraw the focus is back on it
        _press(page, "Enter")
        now = page.evaluate("document.activeElement.getAttribute('data-choice')")
        assert now == other and pane.locator(f"[data-choice='{other}']").evaluate(_LOOK)["check"] == '"\u2713"'

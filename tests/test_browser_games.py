"""Sleeping Queens and Princess Legend tables in a real JupyterLab, driven by headless Chromium.

Each notebook is run; at its table a person plays by mouse (and one choice by
keyboard: JupyterLab must not take the keys); the page never shows a card or
tile the person's seat may not see; screenshots go to the test's tmp folder.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def _pane(page, marker: str):
    return page.locator(".kit-pane").filter(has=page.locator(marker)).first


def _view(marker: str) -> str:
    return (f"[...document.querySelectorAll('.kit-pane')].find(e => e.querySelector('{marker}'))"
            ".querySelector('.kit-pane-view').innerHTML")


def _click(page, locator, marker: str) -> None:
    """Click and wait for the kernel's answer (the table is redrawn after every choice)."""
    old = page.evaluate(f"() => {_view(marker)}")
    locator.click()
    page.wait_for_function(f"old => {_view(marker)} !== old", arg=old, timeout=60_000)


def test_sleeping_queens_at_the_table(lab_notebook, tmp_path):
    page = lab_notebook("sleepingqueens.ipynb")
    pane = _pane(page, ".sq-table")
    pane.scroll_into_view_if_needed()
    assert "Your turn, Ana." in pane.locator(".sq-banner").inner_text()
    page.screenshot(path=str(tmp_path / "sleepingqueens_start.png"), full_page=False)
    cells = page.locator(".jp-Notebook .jp-Cell").count()

    # one action by keyboard: focus the table, Tab to the first choice, Enter
    pane.locator(".kit-pane-view").focus()
    page.keyboard.press("Tab")
    first = page.evaluate("document.activeElement.getAttribute('data-choice') || ''")
    assert first
    old = page.evaluate(f"() => {_view('.sq-table')}")
    page.keyboard.press("Enter")
    page.wait_for_function(f"old => {_view('.sq-table')} !== old", arg=old, timeout=60_000)
    page.keyboard.press("a")
    page.keyboard.press("b")
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells  # JupyterLab did not take the keys

    for _ in range(40):
        if pane.locator("[data-choice='new']").count():
            break
        # Ben's cards are never face up on the page
        assert pane.locator("[data-zone='hand'][data-seat='1'] [data-card]").count() == 0
        assert pane.locator("[data-zone='hand'][data-seat='0'] [data-card]").count() == 5
        choices = pane.locator("button[data-choice]")
        _click(page, choices.last, ".sq-table")
    assert pane.locator(".sq-log").inner_text()
    pane.screenshot(path=str(tmp_path / "sleepingqueens_table.png"))


def test_princess_legend_at_the_table_as_the_prince(lab_notebook, tmp_path):
    page = lab_notebook("princesslegend.ipynb")
    pane = _pane(page, ".pl-table")
    pane.scroll_into_view_if_needed()
    assert "Your turn, Ana." in pane.locator(".pl-banner").inner_text()
    for _ in range(12):
        if pane.locator("[data-choice='new']").count():
            break
        tiles = pane.locator("[data-tile]")
        assert [tiles.nth(i).get_attribute("data-tile") for i in range(tiles.count())] == ["Prince"]
        reveal = pane.locator("button[data-choice^='reveal']")
        _click(page, reveal.first if reveal.count() else pane.locator("button[data-choice]").first, ".pl-table")
    else:
        pytest.fail("the round did not end")
    assert "turns over" in pane.locator(".pl-result").inner_text()
    assert pane.locator("[data-tile]").count() == 2  # his own and the one he turned over
    pane.screenshot(path=str(tmp_path / "princesslegend_table.png"))

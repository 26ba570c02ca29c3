"""Princess Legend's table in a real JupyterLab, driven by headless Chromium.

The learning notebook is run; at its first table Ana is the Prince.  She asks
a question by keyboard (Tab to a player, Enter, then Tab to a question, Enter)
and another by mouse (a player, "Who is that?", then the centre tile); each
answer appears as a speech bubble beside the one who answered; the deduction
panel counts the deals; the page never shows a tile the Prince has not seen,
and the student's table has no teacher control.  Screenshots go to the test's
tmp folder.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

_VIEW = "document.querySelector('.kit-game-table .kit-pane-view').innerHTML"


def _wait_change(page, old: str, timeout: float = 60_000) -> None:
    page.wait_for_function(f"old => {_VIEW} !== old", arg=old, timeout=timeout)


def _focused(page) -> str:
    return page.evaluate("document.activeElement.getAttribute('data-choice') || ''")


def _tab_to(page, prefix: str, limit: int = 40) -> str:
    """Press Tab until a choice whose data-choice starts with ``prefix`` has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        choice = _focused(page)
        if choice.startswith(prefix):
            return choice
    raise AssertionError(f"Tab never reached a {prefix!r} choice")


def _press(page, key: str) -> None:
    old = page.evaluate(f"() => {_VIEW}")
    page.keyboard.press(key)
    _wait_change(page, old)


def _click(page, locator) -> None:
    old = page.evaluate(f"() => {_VIEW}")
    locator.click()
    _wait_change(page, old)


def _tiles_shown(table) -> list[str]:
    tiles = table.locator(".kit-pane-view [data-tile]")
    return [tiles.nth(i).get_attribute("data-tile") for i in range(tiles.count())]


def test_the_prince_asks_by_keyboard_and_by_mouse(lab_notebook, tmp_path):
    page = lab_notebook("princesslegend.ipynb")
    table = page.locator(".kit-game-table").first
    table.wait_for(timeout=60_000)
    table.scroll_into_view_if_needed()
    view = table.locator(".kit-pane-view")
    page.wait_for_function("() => (document.querySelector('.kit-game-table .kit-pane-view') || {}).innerText"
                           "?.includes('You are the Prince.')", timeout=60_000)  # the widget draws after the cell
    assert "You are the Prince." in view.inner_text()
    assert view.locator("section.pl-deduce").count() == 1
    assert "24 deals" in view.locator("section.pl-deduce").inner_text()
    page.screenshot(path=str(tmp_path / "princesslegend_asking.png"))

    # the student's table: no teacher control, no tile but the Prince's own
    assert "teacher" not in table.inner_text().lower()
    assert page.locator(".kit-game-table input[type=checkbox]").count() == 0
    assert _tiles_shown(table) == ["Prince"]
    cells = page.locator(".jp-Notebook .jp-Cell").count()

    # by keyboard: Tab to a player, Enter; Tab to "Where is the Princess?", Enter
    view.focus()
    asked = _tab_to(page, "ask:")
    _press(page, "Enter")
    assert _tab_to(page, "q:where") == "q:where-princess"
    _press(page, "Enter")
    page.keyboard.press("a")
    page.keyboard.press("b")
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells  # JupyterLab took no key
    seat = asked.partition(":")[2]
    bubble = view.locator(f"[data-bubble='{seat}']")
    bubble.wait_for(timeout=60_000)  # the bot's answer, beside the one who answered
    assert "Where is the Princess?" in bubble.inner_text()

    # by mouse: another player, "Who is that?", then the centre tile
    other = view.locator(".pl-seat[data-choice^='ask:']").first
    target = other.get_attribute("data-choice").partition(":")[2]
    _click(page, other)
    _click(page, view.locator("[data-choice='q:who-is']"))
    _click(page, view.locator(".pl-felt[data-choice='about:centre']"))
    bubble = view.locator(f"[data-bubble='{target}']")
    bubble.wait_for(timeout=60_000)
    assert "Who is the centre tile?" in bubble.inner_text()
    assert _tiles_shown(table) == ["Prince"]
    assert "fit every answer so far" in view.locator("section.pl-deduce").inner_text()
    for el in view.locator("[data-choice]").all():
        assert el.get_attribute("aria-label"), el.evaluate("e => e.outerHTML.slice(0, 200)")
    table.screenshot(path=str(tmp_path / "princesslegend_deduction.png"))

    # every remaining question by mouse, then "Reveal now" and a tile: the round ends
    for _ in range(12):
        view.locator("[data-choice]").first.wait_for(timeout=60_000)  # the Prince's turn again
        if view.locator("[data-choice='noextra']").count():
            _click(page, view.locator("[data-choice='noextra']"))
            break
        _click(page, view.locator(".pl-seat[data-choice^='ask:']").first)
        _click(page, view.locator("[data-choice='q:who-are-you']"))
    _click(page, view.locator("[data-choice^='reveal:']").first)
    table.locator("[data-choice='next'], [data-choice='new']").first.wait_for(timeout=60_000)
    assert "Round over." in view.inner_text() or "The game is over" in view.inner_text()
    table.screenshot(path=str(tmp_path / "princesslegend_result.png"))

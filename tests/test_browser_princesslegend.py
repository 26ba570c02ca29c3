"""Princess Legend's table in a real JupyterLab, driven by headless Chromium.

The learning notebook is run; at its first table Ana is the Prince.  She asks
a question by keyboard (Tab to a player, Enter, then Tab to a question, Enter)
and another by mouse (a player, "Who is that?", then the centre tile); each
answer appears as a speech bubble beside the one who answered; the deduction
panel counts the deals; the page never shows a tile the Prince has not seen,
and the student's table has no teacher control.

A whole 3-player game is then played by clicks in a small notebook of its own
(``GameTable(PrincessLegend(3), ["you", "heuristic", "heuristic"])``): Ana asks
and reveals as the Prince and answers as a courtier; after every round the
debrief shows every tile face up, a true/false mark on every answer (beside the
speech bubble and in the numbered list), the rubies of the family turned over
and the deduction replayed; the last round ends with the final ranking.
Screenshots go to the test's tmp folder.
"""

from __future__ import annotations

import re

import nbformat
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


def _notebook(lab, name: str, source: str) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lab.root / "notebooks" / name)
    return name


def _round_over(table) -> bool:
    return bool(table.locator("[data-choice='next'], [data-choice='new']").count())


def _check_debrief(view) -> int:
    """The debrief of the round just over: every tile face up, a mark per answer; returns the answers."""
    tiles = [t.get_attribute("data-tile") for t in view.locator("[data-tile]").all()]
    assert sorted(tiles) == ["Black Queen", "Prince", "Princess", "Servant"], tiles  # 2 courtiers + centre
    assert view.locator("[data-tile-place]").count() == 4
    bubbles = view.locator(".pl-bubble").count()
    marked = view.locator(".pl-bubble[data-verdict]").all()
    assert bubbles >= 2 and len(marked) == bubbles  # every answer marked, beside its speech bubble
    for b in marked:
        verdict = b.get_attribute("data-verdict")
        text = b.inner_text()
        assert verdict in ("true", "false") and verdict in text, text
        assert re.search(r"had to lie|had to tell the truth|chose to lie|chose the truth", text), text
    rows = view.locator(".pl-debrief li.pl-rev").all()  # and in the numbered list
    assert len(rows) == bubbles
    assert sorted(r.get_attribute("data-verdict") for r in rows) == sorted(b.get_attribute("data-verdict")
                                                                           for b in marked)
    assert "family:" in view.locator(".pl-debrief .pl-family.pl-scored").first.inner_text()
    assert view.locator(".pl-replay [data-deals]").count() == bubbles + 2
    assert view.locator(".pl-replay [data-deals]").first.inner_text() == "6"  # 3! deals before any answer
    return bubbles


def test_a_whole_three_player_game_by_clicks_with_a_debrief_after_every_round(jupyterlab, lab_notebook, tmp_path):
    src = ("from kit.princesslegend import PrincessLegend\nfrom kit.widgets import GameTable\n"
           "table = GameTable(PrincessLegend(3), ['you', 'heuristic', 'heuristic'], names=['Ana', 'Ben', 'Cleo'], "
           "seed=5, delay=0, first_player=0)\ntable")
    page = lab_notebook(_notebook(jupyterlab, "_table_princesslegend_debrief.ipynb", src))
    table = page.locator(".kit-game-table").first
    table.wait_for(timeout=60_000)
    table.scroll_into_view_if_needed()
    view = table.locator(".kit-pane-view")
    page.wait_for_function("() => (document.querySelector('.kit-game-table .kit-pane-view') || {}).innerText"
                           "?.includes('You are the Prince.')", timeout=60_000)
    rounds = as_prince = 0
    for _ in range(400):
        if _round_over(table):
            rounds += 1
            prince = "You are the Prince." in view.inner_text()
            as_prince += prince
            _check_debrief(view)
            if rounds == 1:
                assert prince
                page.screenshot(path=str(tmp_path / "princesslegend_debrief_page.png"))
                page.set_viewport_size({"width": 1400, "height": 1900})  # the whole table in the picture
                table.screenshot(path=str(tmp_path / "princesslegend_debrief.png"))
                page.set_viewport_size({"width": 1400, "height": 950})
            if table.locator("[data-choice='new']").count():
                break
            _click(page, table.locator("[data-choice='next']"))
            continue
        if view.locator("[data-choice='noextra']").count():
            _click(page, view.locator("[data-choice='noextra']"))
        elif view.locator("[data-choice^='reveal:']").count():
            _click(page, view.locator("[data-choice^='reveal:']").first)
        elif view.locator("[data-choice^='say:']").count():  # a courtier: the first answer the tile allows
            _click(page, view.locator("[data-choice^='say:']").first)
        else:  # the Prince asks the next player who they are
            _click(page, view.locator(".pl-seat[data-choice^='ask:']").first)
            _click(page, view.locator("[data-choice='q:who-are-you']"))
    assert rounds >= 9 and as_prince >= 3, (rounds, as_prince)
    text = view.inner_text()
    assert "The game is over" in text
    ranking = table.locator(".kit-result .kit-ranking li").all()
    scores = [int(r.locator("b").inner_text()) for r in ranking]
    assert len(scores) == 3 and scores == sorted(scores, reverse=True)
    table.screenshot(path=str(tmp_path / "princesslegend_final_ranking.png"))

"""The Love Letter notebook in a real JupyterLab, driven by headless Chromium.

One round is played at the table widget by mouse and by keyboard (Tab, arrows,
Enter: JupyterLab must not take the keys), the page is checked for hidden cards
(student mode shows none of the bot's hand, nor the set-aside card, nor the
deck), the teacher switch shows them, and screenshots are saved in the test's
tmp folder.
"""

from __future__ import annotations

import json
import re

import pytest

pytestmark = pytest.mark.browser

# Card faces (not backs) in a hand zone of the bot (seat 1), the set-aside place or the deck.
HIDDEN_FACES = ("[data-card][data-zone='hand'][data-seat='1'], [data-card][data-zone='set-aside'], "
                "[data-card][data-zone='deck'], [data-card][data-zone='deck-bottom']")


def _table(page):
    return page.locator(".kit-pane").filter(has=page.locator(".ll-table")).first


def _cells(page) -> int:
    return page.locator(".jp-Notebook .jp-Cell").count()


def _wait_for_choice(page, timeout: float = 120_000) -> str:
    """Wait until the person may act (a card, a keep, or the next round) and say which."""
    page.wait_for_function(
        "() => { const p = [...document.querySelectorAll('.kit-pane')].find(e => e.querySelector('.ll-table'));"
        " return p && p.querySelector('[data-choice^=\"card:\"], [data-choice^=\"keep:\"], [data-choice=\"next\"], "
        "[data-choice=\"new\"]'); }", timeout=timeout)
    pane = _table(page)
    if pane.locator("[data-choice='next'], [data-choice='new']").count():
        return "over"
    return "keep" if pane.locator("[data-choice^='keep:']").count() else "card"


def _student_dom_is_clean(page) -> None:
    """Outside explicit teacher pictures (class ll-teacher-view), the page shows no hidden card face."""
    leaked = page.evaluate(
        "sel => [...document.querySelectorAll(sel)].filter(e => !e.closest('.ll-teacher-view'))"
        ".map(e => e.outerHTML.slice(0, 120))", HIDDEN_FACES)
    assert not leaked, leaked
    pane = _table(page)
    assert pane.locator(".ll-teacher-view").count() == 0


_VIEW = "[...document.querySelectorAll('.kit-pane')].find(e => e.querySelector('.ll-table'))" \
        ".querySelector('.kit-pane-view').innerHTML"


def _click(page, locator) -> None:
    """Click and wait for the kernel's answer (the table is redrawn after every choice)."""
    old = page.evaluate(f"() => {_VIEW}")
    locator.click()
    page.wait_for_function(f"old => {_VIEW} !== old", arg=old, timeout=60_000)


def _enter(page) -> None:
    """Press Enter on the focused choice and wait for the kernel's answer."""
    old = page.evaluate(f"() => {_VIEW}")
    page.keyboard.press("Enter")
    page.wait_for_function(f"old => {_VIEW} !== old", arg=old, timeout=60_000)


def _finish_the_step(page) -> None:
    """After a card is chosen: pick the first target, name the highest card, order the Chancellor's cards."""
    pane = _table(page)
    for _ in range(4):
        if pane.locator("[data-choice^='target:']").count():
            _click(page, pane.locator("[data-choice^='target:']").first)
        elif pane.locator("[data-choice^='guess:']").count():
            _click(page, pane.locator("[data-choice^='guess:']").last)  # the highest card: the Princess
        elif pane.locator("[data-choice^='keep:'][data-choice*=',']").count():
            _click(page, pane.locator("[data-choice^='keep:'][data-choice*=',']").first)
        elif pane.locator("[data-choice='confirm']").count():
            _click(page, pane.locator("[data-choice='confirm']"))
        else:
            return


def _run_cell(page, code: str) -> str:
    """Add a code cell at the end, run it, and return its text output."""
    page.locator(".jp-Notebook .jp-Cell").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.type(code)
    page.keyboard.press("Shift+Enter")
    out = page.locator(".jp-Notebook .jp-Cell").nth(-2).locator(".jp-OutputArea-output")
    out.first.wait_for(timeout=60_000)
    return out.first.inner_text()


def test_play_a_round_at_the_table_by_mouse_and_keyboard(lab_notebook, tmp_path):
    page = lab_notebook("loveletter.ipynb")
    pane = _table(page)
    pane.scroll_into_view_if_needed()
    assert "Love Letter table" in (pane.locator(".kit-pane-view").get_attribute("aria-label") or "")
    # the notebook's other pictures: the cards and the teacher's picture of a bare state
    assert page.locator(".ll-card[data-card='Princess'][aria-label^='Princess, value 8']").count() >= 1
    assert page.locator(".ll-teacher-view").count() >= 1

    kind = _wait_for_choice(page)
    assert kind == "card"
    banner = pane.locator(".ll-banner").inner_text()
    assert "Your turn, Ana" in banner
    assert pane.locator(".ll-seat[data-seat-panel='1'] .ll-back").count() >= 1  # Ben's card: face down
    _student_dom_is_clean(page)
    page.screenshot(path=str(tmp_path / "table_start.png"), full_page=False)

    # --- the first turn by keyboard: Tab into the table, arrows, Enter; JupyterLab must not take the keys
    cells = _cells(page)
    cards = pane.locator("[data-choice^='card:']")
    playable = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    pane.locator(".kit-pane-view").focus()
    page.keyboard.press("Tab")
    focused = lambda: page.evaluate("document.activeElement.getAttribute('data-choice') || ''")  # noqa: E731
    assert focused() == cards.first.get_attribute("data-choice")
    if cards.count() > 1:
        page.keyboard.press("ArrowRight")
        assert focused() == cards.nth(1).get_attribute("data-choice")
        page.keyboard.press("ArrowLeft")
        assert focused() == cards.first.get_attribute("data-choice")
        if playable[0] == "Princess":
            page.keyboard.press("ArrowRight")
    page.keyboard.press("a")  # "insert a cell above" in command mode, unless suppressed
    page.keyboard.press("b")
    page.keyboard.press("m")
    assert _cells(page) == cells
    assert focused().startswith("card:")
    _enter(page)
    # the next steps (a player, a card to name) keep the focus inside the table
    for _ in range(4):
        assert page.evaluate("document.activeElement.closest('.kit-pane-view') !== null"), "the focus left the table"
        current = focused()
        if current.startswith("guess:"):
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
        if not re.match(r"^(target|guess|keep):", current):
            break
        _enter(page)
    page.keyboard.press("a")
    page.keyboard.press("d")
    page.keyboard.press("d")
    assert _cells(page) == cells
    assert "You played the" in pane.locator(".ll-log").inner_text()

    # --- the rest of the round by mouse
    log_seen = False
    for _ in range(30):
        kind = _wait_for_choice(page)
        if kind == "over":
            break
        _student_dom_is_clean(page)
        if kind == "keep":
            _click(page, pane.locator("[data-choice^='keep:']").first)
        else:
            choice = pane.locator("[data-choice^='card:']:not([data-card='Princess'])")
            _click(page, (choice if choice.count() else pane.locator("[data-choice^='card:']")).first)
        _finish_the_step(page)
        log_seen = log_seen or "You played the" in pane.locator(".ll-log").inner_text()
    else:
        pytest.fail("the round did not end")
    assert log_seen or "You played the" in pane.locator(".ll-log").inner_text()
    result = pane.locator(".ll-result").inner_text()
    assert "Round over" in result and ("win" in result)
    score = pane.locator(".ll-score").inner_text()
    assert re.search(r"Ana \(you\).*\n?.*[01]", score)
    _student_dom_is_clean(page)
    pane.screenshot(path=str(tmp_path / "table_round_over.png"))

    # --- inspect: replay the round as Ana saw it, with card counting
    page.get_by_text("Inspect: replay, what each seat knows, card counting").first.scroll_into_view_if_needed()
    assert page.locator(".ll-count").count() >= 1
    assert "cards ana has not seen" in page.locator(".ll-count").first.inner_text().lower()
    _student_dom_is_clean(page)
    # the replay slider, by keyboard: back ten steps, into the middle of the round
    handle = page.locator(".widget-slider").filter(has_text="Step").locator("[role='slider']").first
    banners = page.evaluate("[...document.querySelectorAll('.ll-banner')].map(b => b.textContent)")
    steps = int(next(m for b in banners if (m := re.search(r"step (\d+) of (\d+)", b))).group(2))
    handle.focus()
    for _ in range(10):
        page.keyboard.press("ArrowLeft")
    page.wait_for_function(
        "n => [...document.querySelectorAll('.ll-table .ll-banner')]"
        ".some(b => b.textContent.includes('step ' + n + ' of'))",
        arg=steps - 10, timeout=60_000)
    assert _cells(page) == cells
    _student_dom_is_clean(page)
    page.locator(".ll-count").first.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "inspect_counting.png"), full_page=False)

    # --- the kernel's hidden cards never reached the page (checked against the engine's state)
    html_before = page.content()
    truth = json.loads(_run_cell(page, "import json; print(json.dumps({'hand1': [str(c) for c in "
                                       "table.state.hand(1)], 'aside': str(table.state.set_aside()), "
                                       "'shown': table.state.result().reason == 'deck-empty'}))"))
    for card in truth["hand1"]:
        if not truth["shown"]:
            assert f'data-card="{card}" data-zone="hand" data-seat="1"' not in html_before
    assert f'data-card="{truth["aside"]}" data-zone="set-aside"' not in html_before

    # --- the teacher switch shows them
    box = page.get_by_label("Teacher view: show every hand and the deck").first
    box.check()
    page.wait_for_function("() => document.querySelector('.kit-pane .ll-teacher-view') !== null")
    assert pane.locator(f"[data-card='{truth['aside']}'][data-zone='set-aside']").count() == 1
    for card in truth["hand1"]:
        assert pane.locator(f"[data-card='{card}'][data-zone='hand'][data-seat='1']").count() >= 1
    pane.screenshot(path=str(tmp_path / "table_teacher.png"))
    box.uncheck()
    page.wait_for_function("() => document.querySelector('.kit-pane .ll-teacher-view') === null")
    _student_dom_is_clean(page)

    # --- the next round starts by a click
    _click(page, pane.locator("[data-choice='next']"))
    _wait_for_choice(page)
    assert "round 2" in pane.locator(".ll-right").inner_text().lower()
    assert "Ana (you)" in pane.locator(".ll-score").inner_text()
    path = tmp_path / "loveletter_table.png"
    pane.scroll_into_view_if_needed()
    page.screenshot(path=str(path), full_page=False)
    assert path.stat().st_size > 10_000

"""Every game's student table in a real JupyterLab, driven by headless Chromium.

For each game a small notebook with a student's table is run; a person plays
a few moves by keyboard (Tab, Enter: JupyterLab must not take the keys) and by
mouse; the page has no teacher control; axe-core finds no serious or critical
accessibility violation in the table; and after 300 moves in a row the page has
grown neither in elements nor in memory.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest

from table_helpers import tab_into

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
AXE = ROOT / ".cache" / "axe" / "node_modules" / "axe-core" / "axe.min.js"

TABLES = {
    "loveletter": ("from kit.loveletter import LoveLetter", "LoveLetter(2, edition='2019')", '["you", "heuristic"]'),
    "sleepingqueens": ("from kit.sleepingqueens import SleepingQueens", "SleepingQueens(2)", '["you", "heuristic"]'),
    "princesslegend": ("from kit.princesslegend import PrincessLegend", "PrincessLegend(3)",
                       '["you", "heuristic", "heuristic"]'),
}
_VIEW = "document.querySelector('.kit-game-table .kit-pane-view').innerHTML"


def _notebook(lab, name: str, source: str) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = lab.root / "notebooks" / name
    nbformat.write(nb, path)
    return name


def _table_notebook(lab, game: str, delay: float = 0.0, seed: int = 3) -> str:
    imp, make, players = TABLES[game]
    src = (f"{imp}\nfrom kit.widgets import GameTable\n"
           f"table = GameTable({make}, {players}, names=['Ana', 'Ben', 'Cleo'][:{make}.num_players], "
           f"seed={seed}, delay={delay}, first_player=0)\ntable")
    return _notebook(lab, f"_table_{game}.ipynb", src)


def _wait_change(page, old: str, timeout: float = 60_000) -> None:
    page.wait_for_function(f"old => {_VIEW} !== old", arg=old, timeout=timeout)


def _axe(page) -> list[dict]:
    if not AXE.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"axe-core is missing ({AXE}); `make browser-deps` installs it with npm")
        pytest.skip("axe-core is not installed: run `make browser-deps` (it needs npm)")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
        const r = await axe.run(document.querySelector('.kit-game-table'),
                                {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 3).map(n => n.html.slice(0, 200))}));
    }""")
    return [v for v in result if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("game", list(TABLES))
def test_a_students_table_by_keyboard_and_mouse_accessible_and_without_teacher_controls(
        game, jupyterlab, lab_notebook, tmp_path):
    page = lab_notebook(_table_notebook(jupyterlab, game))
    table = page.locator(".kit-game-table").first
    table.wait_for(timeout=60_000)
    table.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / f"{game}_start.png"))
    assert "teacher" not in table.inner_text().lower()
    assert page.locator(".kit-game-table input[type=checkbox]").count() == 0
    cells = page.locator(".jp-Notebook .jp-Cell").count()

    # keyboard: focus the table, Tab to a choice, Enter; JupyterLab takes no key
    view = table.locator(".kit-pane-view")
    for _ in range(3):
        choice = tab_into(page, view)
        assert choice, "Tab reaches a choice"
        old = page.evaluate(f"() => {_VIEW}")
        page.keyboard.press("Enter")
        _wait_change(page, old)
    page.keyboard.press("a")
    page.keyboard.press("b")
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells  # JupyterLab did not take the keys

    # mouse: click offered choices for a few moves
    for _ in range(6):
        choices = table.locator(".kit-pane-view [data-choice]")
        if not choices.count():
            break
        old = page.evaluate(f"() => {_VIEW}")
        choices.first.click()
        _wait_change(page, old)
    for el in table.locator(".kit-pane-view [data-choice]").all():
        assert el.get_attribute("aria-label"), el.evaluate("e => e.outerHTML.slice(0, 200)")
    table.screenshot(path=str(tmp_path / f"{game}_played.png"))
    bad = _axe(page)
    assert not bad, json.dumps(bad, indent=1)[:3000]


#: Page script: click the table's first offered choice ``moves`` times, each after the last one's drawing (the view's
#: HTML changed); after each, the page's element count and the view's HTML length.  In the page, so that no
#: round trip to the test stands between two clicks.
_MOVES = """async moves => {
  const view = () => document.querySelector('.kit-game-table .kit-pane-view');
  const frame = () => new Promise(done => requestAnimationFrame(done));
  const out = [];
  for (let k = 0; k < moves; k++) {
    const old = view().innerHTML;
    const choice = view().querySelector('[data-choice]');
    if (!choice) throw new Error('no choice offered after ' + k + ' moves');
    choice.click();
    const start = performance.now();
    while (view().innerHTML === old) {
      if (performance.now() - start > 60000) throw new Error('no drawing 60 s after move ' + k);
      await frame();
    }
    out.push([document.getElementsByTagName('*').length, view().innerHTML.length]);
  }
  return out;
}"""


def _heap(cdp) -> float:
    """The page's JavaScript heap in use after a full garbage collection, in MB."""
    cdp.send("HeapProfiler.collectGarbage")
    return cdp.send("Runtime.getHeapUsage")["usedSize"] / 2 ** 20


def test_three_hundred_moves_in_a_row_leave_the_page_no_bigger(jupyterlab, lab_notebook, tmp_path):
    """A long lesson at one table: after 300 moves (rounds won and lost, new rounds) the page holds no more
    elements, the table's picture is no longer, and the page's memory no larger than after the first 30.
    Any of these growing would make each click slower than the last (how fast a click is answered is
    measured by ``benchmarks/loveletter_speed.py``'s table row, not asserted here)."""
    page = lab_notebook(_table_notebook(jupyterlab, "loveletter", seed=8))
    page.locator(".kit-game-table .kit-pane-view [data-choice]").first.wait_for(timeout=60_000)
    cdp = page.context.new_cdp_session(page)
    first = page.evaluate(_MOVES, 30)
    heap_first = _heap(cdp)
    rest = page.evaluate(_MOVES, 270)
    heap_last = _heap(cdp)
    nodes, sizes = [n for n, _ in first + rest], [h for _, h in first + rest]
    assert max(nodes[-30:]) < 1.5 * max(nodes[:30]) + 200, (nodes[:30], nodes[-30:])
    assert max(sizes[-30:]) < 1.5 * max(sizes[:30]), (sizes[:30], sizes[-30:])
    print(f"\nelements {max(nodes[:30])} -> {max(nodes[-30:])}, view {max(sizes[:30])} -> {max(sizes[-30:])} chars, "
          f"heap {heap_first:.1f} -> {heap_last:.1f} MB")
    # 30.4 -> 30.8 MB when measured; keeping each move's picture (about 20,000 characters) would add 5 MB or more
    assert heap_last < heap_first + 4, (heap_first, heap_last)


def test_the_polish_sleeping_queens_table(jupyterlab, lab_notebook, tmp_path):
    """A Polish child's table: the Polish sheet's words, no English left, playable by mouse, accessible."""
    src = ("from kit.sleepingqueens import SleepingQueens\nfrom kit.widgets import GameTable\n"
           "table = GameTable(SleepingQueens(2), ['you', 'heuristic'], names=['Ala', 'Bartek'], seed=4, delay=0, "
           "first_player=0, language='pl')\ntable")
    page = lab_notebook(_notebook(jupyterlab, "_table_sleepingqueens_pl.ipynb", src))
    table = page.locator(".kit-game-table").first
    table.wait_for(timeout=60_000)
    page.wait_for_function("() => (document.querySelector('.kit-game-table .kit-pane-view') || {}).innerText"
                           "?.includes('Królew')", timeout=60_000)
    text = table.inner_text()
    for polish in ("Królew", "Jak grać", "Twoja tura"):
        assert polish in text, polish
    for english in ("Your turn", "Full log", "How to play", "Inspect and replay", "Queen", "points"):
        assert english not in text, english
    page.screenshot(path=str(tmp_path / "sleepingqueens_pl_start.png"))
    for _ in range(6):  # a few moves by mouse
        choices = table.locator(".kit-pane-view [data-choice]")
        if not choices.count():
            break
        old = page.evaluate(f"() => {_VIEW}")
        choices.first.click()
        _wait_change(page, old)
    assert "Queen" not in table.inner_text()
    table.screenshot(path=str(tmp_path / "sleepingqueens_pl_played.png"))
    bad = _axe(page)
    assert not bad, json.dumps(bad, indent=1)[:3000]


def test_hot_seat_the_mover_reads_the_result_then_a_large_cover_hides_everything(jupyterlab, lab_notebook, tmp_path):
    """Issue 19: two people at one screen.  After Ana's move she sees what it did, with an OK; then the cover,
    in the table's colours, fills the table's place (at least 400 px high), with no card, no log, and no inspect
    or setup control under it; Ben's button shows his cards."""
    src = ("from kit.loveletter import LoveLetter\nfrom kit.widgets import GameTable\n"
           "table = GameTable(LoveLetter(2, edition='classic'), ['you', 'person'], names=['Ana', 'Ben'], seed=4, "
           "delay=0, first_player=0)\ntable")
    page = lab_notebook(_notebook(jupyterlab, "_table_hot_seat.ipynb", src))
    table = page.locator(".kit-game-table").first
    table.scroll_into_view_if_needed()
    view = table.locator(".kit-pane-view")
    for _ in range(6):  # Ana's move, click by click (a card, a player, a card to name)
        if view.locator("[data-choice='pass']").count():
            break
        choice = view.locator("[data-choice^='card:'], [data-choice^='target:'], [data-choice^='guess:'], "
                              "[data-choice='confirm']").first
        old = page.evaluate(f"() => {_VIEW}")
        choice.click()
        _wait_change(page, old)
    ok = view.locator("[data-choice='pass']")
    assert ok.count() == 1 and "pass the screen to Ben" in ok.inner_text()
    assert "this is what your move did" in view.inner_text()
    page.screenshot(path=str(tmp_path / "hot_seat_result.png"))
    old = page.evaluate(f"() => {_VIEW}")
    ok.click()
    _wait_change(page, old)
    cover = view.locator(".kit-cover")
    cover.wait_for(timeout=60_000)
    box = cover.bounding_box()
    assert box["height"] >= 400 and box["width"] >= 600, box
    assert view.locator("[data-card]").count() == 0 and view.locator(".kit-log").count() == 0
    assert not page.get_by_role("button", name="Inspect and replay").first.is_visible()
    assert not table.get_by_text("New game\u2026").first.is_visible()  # the setup form is hidden too
    background = cover.evaluate("e => getComputedStyle(e).backgroundImage")
    assert "radial-gradient" in background  # the table's felt, not a grey box
    page.screenshot(path=str(tmp_path / "hot_seat_cover.png"))
    old = page.evaluate(f"() => {_VIEW}")
    view.locator("[data-choice='ready']").click()
    _wait_change(page, old)
    assert view.locator("[data-choice^='card:']").count() >= 1
    assert page.get_by_role("button", name="Inspect and replay").first.is_visible()

"""Everything a move needs is in view on a school laptop (1366×768) and a projector (1280×720).

For each game a small notebook with a student's table is opened in JupyterLab in a window of that size
(the file browser open beside it, as JupyterLab opens); the table's top is brought to the top of the
notebook's view once, as a person scrolls to it; then a whole game is played by clicking the choices the
table offers (seeded), and at every step every offered choice must be whole in what the person sees, nothing
scrolled: inside the window and inside every element around it that cuts off what overflows it (the
notebook's scrolled area, the output area): the Guard's cards to guess, the Chancellor's orders, the
Sleeping Queens' places and Discard, the Princess Legend questions and tiles, the next-round button.  Nor may
the table be wider than the notebook's column (a sideways scroll bar hides the seats it cuts off: six Love
Letter seats, or a seat's long row of played cards, once did).
The table is put back at the top before each check (a redraw may move the focus, and the browser then
scrolls to it).  Screenshots of each game (its start, a Guard's guess, the end) go to the test's tmp
folder.  The Princess Legend deduction panel is at least 320 px wide beside the Prince's table.
"""

from __future__ import annotations

import random

import nbformat
import pytest

pytestmark = pytest.mark.browser

VIEWPORTS = [(1366, 768), (1280, 720)]
GAMES = {
    # four players: the most seats to draw above the hand
    "loveletter": ("from kit.loveletter import LoveLetter", "LoveLetter(4, edition='2019')",
                   '["you", "heuristic", "heuristic", "heuristic"]', ""),
    "sleepingqueens": ("from kit.sleepingqueens import SleepingQueens", "SleepingQueens(3)",
                       '["you", "heuristic", "heuristic"]', ""),
    "princesslegend": ("from kit.princesslegend import PrincessLegend", "PrincessLegend(4)",
                       '["you", "heuristic", "heuristic", "heuristic"]', ', length="lesson"'),
    # the most players each game takes, on the school laptop
    "loveletter-6": ("from kit.loveletter import LoveLetter", "LoveLetter(6, edition='2019')",
                     '["you"] + ["heuristic"] * 5', ""),
    "sleepingqueens-5": ("from kit.sleepingqueens import SleepingQueens", "SleepingQueens(5)",
                         '["you"] + ["heuristic"] * 4', ""),
    "princesslegend-8": ("from kit.princesslegend import PrincessLegend", "PrincessLegend(8)",
                         '["you"] + ["heuristic"] * 7', ', length="lesson"'),
    # longer words: a Polish child's Sleeping Queens, a French class's Love Letter
    "sleepingqueens-pl": ("from kit.sleepingqueens import SleepingQueens", "SleepingQueens(3)",
                          '["you", "heuristic", "heuristic"]', ', language="pl"'),
    "loveletter-fr": ("from kit.loveletter import LoveLetter", "LoveLetter(4, edition='2019')",
                      '["you", "heuristic", "heuristic", "heuristic"]', ', language="fr"'),
}
#: Every game at both sizes; the most players at the laptop's, and Love Letter's six (its widest table: the seats
#: share one row) at the projector's too.  By size, so that the tests of one size follow each other in the one
#: JupyterLab page of this file (tests/conftest.py ``lab_notebook``).
CASES = sorted([(g, v) for g in GAMES if "-" not in g for v in VIEWPORTS] + [(g, VIEWPORTS[0]) for g in GAMES if "-" in g]
               + [("loveletter-6", VIEWPORTS[1])], key=lambda case: VIEWPORTS.index(case[1]))
_VIEW = "document.querySelector('.kit-game-table .kit-pane-view')"

# Every offered choice not whole in what the person sees: the window, cut by every ancestor that clips what
# overflows it (the notebook's scrolled area, an output area scrolled sideways, a collapsed panel).  ``view`` is
# that visible box (left, top, right, bottom), ``cut`` the classes of the ancestors that cut the choice.
_OUTSIDE = """() => {
  const view = document.querySelector('.kit-game-table .kit-pane-view');
  return [...view.querySelectorAll('[data-choice]')].map(e => {
    const r = e.getBoundingClientRect();
    let left = 0, top = 0, right = window.innerWidth, bottom = window.innerHeight;
    const cut = [];
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {  // body's overflow: the window's
      const css = getComputedStyle(a);
      const x = css.overflowX !== 'visible', y = css.overflowY !== 'visible';
      if (!x && !y) continue;
      const box = a.getBoundingClientRect();
      const l = box.left + a.clientLeft, t = box.top + a.clientTop, rr = l + a.clientWidth, bb = t + a.clientHeight;
      if ((x && (r.left < l - 1 || r.right > rr + 1)) || (y && (r.top < t - 1 || r.bottom > bb + 1))) cut.push(a.className);
      if (x) { left = Math.max(left, l); right = Math.min(right, rr); }
      if (y) { top = Math.max(top, t); bottom = Math.min(bottom, bb); }
    }
    return {choice: e.getAttribute('data-choice'), top: Math.round(r.top), bottom: Math.round(r.bottom),
            left: Math.round(r.left), right: Math.round(r.right),
            view: [left, top, right, bottom].map(Math.round), cut};
  }).filter(b => b.top < b.view[1] - 1 || b.bottom > b.view[3] + 1 || b.left < b.view[0] - 1 ||
                 b.right > b.view[2] + 1);
}"""
#: What of the table overflows sideways anything that would scroll it (0 when nothing does: the whole table fits
#: the notebook's column, no sideways scroll bar, nothing to find by scrolling).
_SIDEWAYS = f"""() => {{
  let most = 0;
  for (let a = {_VIEW}; a; a = a.parentElement) {{
    const x = getComputedStyle(a).overflowX;
    if (x === 'auto' || x === 'scroll') most = Math.max(most, a.scrollWidth - a.clientWidth);
  }}
  return most;
}}"""


def _notebook(lab, game: str, seed: int) -> str:
    imp, make, players, extra = GAMES[game]
    src = (f"{imp}\nfrom kit.widgets import GameTable\n"
           f"table = GameTable({make}, {players}, seed={seed}, delay=0, first_player=0{extra})\ntable")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    name = f"_viewport_{game}.ipynb"
    nbformat.write(nb, lab.root / "notebooks" / name)
    return name


def _open(lab_notebook, name: str, size: tuple[int, int]):
    page = lab_notebook(name, viewport=size)
    page.wait_for_selector(".kit-game-table .kit-pane-view [data-choice]", timeout=180_000)
    return page


#: The table's top at the top of the notebook's view (as a person scrolls to it), then two frames later (the
#: scroll's events handled, the page drawn) every offered choice outside what the person sees (:data:`_OUTSIDE`).
_TO_TOP_OUTSIDE = f"""async () => {{
  {_VIEW}.closest('.kit-game-table').scrollIntoView({{block: 'start'}});
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  return ({_OUTSIDE})();
}}"""


#: One step's look, in one page script: the offered choices, those out of view with the table on top (as
#: :data:`_TO_TOP_OUTSIDE`), and the table's HTML (to see it redrawn after the click).
_LOOK = f"""async () => {{
  const choices = [...{_VIEW}.querySelectorAll('[data-choice]')].map(e => e.getAttribute('data-choice'));
  return {{choices, outside: await ({_TO_TOP_OUTSIDE})(), sideways: ({_SIDEWAYS})(), html: {_VIEW}.innerHTML}};
}}"""


def _to_top(page) -> list[dict]:
    """The table's top at the top of the notebook's view; the offered choices that are then out of view."""
    return page.evaluate(_TO_TOP_OUTSIDE)


def _click(page, choice: str, old: str) -> None:
    """Click ``choice`` and wait for the table to be drawn anew (its HTML was ``old``)."""
    page.locator(f".kit-game-table .kit-pane-view [data-choice='{choice}']").first.click()
    page.wait_for_function(f"old => {_VIEW}.innerHTML !== old", arg=old, timeout=60_000)


def _pick(choices: list[str], rng: random.Random) -> str:
    """A choice a person might make (never "Start again", which only goes back, nor "why", which explains:
    asked twice it shows the same note, and nothing on the page changes)."""
    for first in ("next", "pass", "ready"):
        if first in choices:
            return first
    forward = [c for c in choices if c not in ("cancel", "why")] or choices
    return forward[rng.randrange(len(forward))]


def xdist_subgroup(params: dict) -> str:
    """The worker group of a whole game's test (conftest.py): one per game, each some 100 s, not one of 300 s."""
    return params["game"].split("-")[0]


@pytest.mark.parametrize("game,size", CASES, ids=[f"{g}-{v[0]}x{v[1]}" for g, v in CASES])
def test_every_offered_choice_is_in_view_through_a_whole_game(game, size, jupyterlab, lab_notebook, tmp_path):
    page = _open(lab_notebook, _notebook(jupyterlab, game, seed=11), size)
    _to_top(page)
    page.screenshot(path=str(tmp_path / f"{game}_{size[0]}_start.png"))
    rng = random.Random(f"{game}{size}")
    steps, seen = 0, set()
    shot_guess = False
    for steps in range(1, 1500):
        look = page.evaluate(_LOOK)
        choices, outside = look["choices"], look["outside"]
        assert choices, "the table offers nothing while the person is to move"
        if "new" in choices:
            break  # the game is over: its ranking and "New game" are in view (checked below)
        if outside:
            page.screenshot(path=str(tmp_path / f"{game}_{size[0]}_outside.png"))
        assert not outside, (steps, outside[:2])
        if look["sideways"] > 1:
            page.screenshot(path=str(tmp_path / f"{game}_{size[0]}_sideways.png"))
        assert look["sideways"] <= 1, (steps, f"the table is {look['sideways']} px wider than the notebook's column")
        seen.update(c.partition(":")[0] for c in choices)
        if game.startswith("loveletter") and not shot_guess and any(c.startswith("guess:") for c in choices):
            shot_guess = True
            prompt = page.locator(".kit-game-table .kit-prompt").first.inner_text()
            assert "guess a card" in prompt.lower() or game != "loveletter", prompt
            page.screenshot(path=str(tmp_path / f"{game}_{size[0]}_guess.png"))
        _click(page, _pick(choices, rng), look["html"])
    else:
        pytest.fail(f"the game did not end in {steps} clicks")
    assert not outside, ("the end", outside[:4])  # the last look: the table on top, the game over
    page.screenshot(path=str(tmp_path / f"{game}_{size[0]}_end.png"))
    expected = {"loveletter": {"card", "target", "next"}, "sleepingqueens": {"card"},
                "princesslegend": {"ask", "say", "next"}}[game.partition("-")[0]]
    assert expected <= seen, (expected - seen, seen)
    assert shot_guess or game != "loveletter"  # the Guard's guess was offered (and its prompt checked)


def test_the_princes_deduction_panel_is_wide(jupyterlab, lab_notebook, tmp_path):
    page = _open(lab_notebook, _notebook(jupyterlab, "princesslegend", seed=11), VIEWPORTS[0])
    _to_top(page)
    panel = page.locator(".kit-game-table .pl-deduce").first
    panel.wait_for(timeout=60_000)
    box = panel.bounding_box()
    page.screenshot(path=str(tmp_path / "princesslegend_deduction.png"))
    assert box["width"] >= 320, box
    assert box["x"] + box["width"] <= VIEWPORTS[0][0], box


def test_the_view_check_sees_a_choice_cut_off_by_a_sideways_scrolled_box(browser):
    """The check above can fail: a choice past the right edge of a box that scrolls sideways (as JupyterLab's
    output area does) is out of view though the window has room for it, and the table is too wide."""
    page = browser.new_page(viewport={"width": 1000, "height": 600})
    try:
        page.set_content('<body style="margin:0"><div style="width:400px;overflow-x:auto"><div class="kit-game-table">'
                         '<div class="kit-pane-view" style="width:700px">'
                         '<button data-choice="near" style="margin-left:10px">near</button>'
                         '<button data-choice="far" style="margin-left:500px">far</button></div></div></div>')
        outside = page.evaluate(_OUTSIDE)
        assert [b["choice"] for b in outside] == ["far"] and outside[0]["view"][2] <= 400, outside
        assert outside[0]["cut"] == [""]  # the box with no class that scrolls sideways
        assert page.evaluate(_SIDEWAYS) == 300
    finally:
        page.close()

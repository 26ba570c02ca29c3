"""Two JupyterLab pages on two kernels play a whole Love Letter match against each other through the table
server (kit.serve), each learner at their own screen, in their own language, by clicking.

The server runs in the test's process; each page's notebook joins one seat with
``GameTable.join(url, code)``.  Neither page ever shows the other seat's hand, the set-aside card or
the deck; both end on the match's result.  Screenshots are saved in the test's tmp folder.
"""

from __future__ import annotations

import json
import random
import time

import pytest

pytestmark = pytest.mark.browser

HIDDEN = ("[data-card][data-zone='hand'][data-seat='{other}'], [data-card][data-zone='set-aside'], "
          "[data-card][data-zone='deck'], [data-card][data-zone='deck-bottom']")


def _notebook(url: str, code: str, language: str) -> dict:
    source = (f"from kit.widgets import GameTable\n\n"
              f"table = GameTable.join({url!r}, {code!r}, language={language!r})\ntable")
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "join", "metadata": {}, "outputs": [],
                       "source": source}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def _choices(page):
    return page.locator(".kit-game-table .kit-pane-view [data-choice]:not([data-choice='cancel'])")


def test_two_kernels_play_a_whole_love_letter_match_through_the_server(jupyterlab, lab_notebook, tmp_path):
    from kit.serve import TeacherClient, serve_in_background

    bg = serve_in_background(":memory:", port=0, round_pause=0.3)
    try:
        made = TeacherClient(bg.url, bg.server.token).create_table(
            "loveletter", {"players": 2, "edition": "2019"}, ["person", "person"], names=["Ana", "Ben"])
        table = bg.server.tables[made["id"]]
        for name, code, lang in (("ana", made["codes"][0], "en"), ("ben", made["codes"][1], "pl")):
            (jupyterlab.root / "notebooks" / f"join_{name}.ipynb").write_text(
                json.dumps(_notebook(bg.url, code, lang)))
        pages = [lab_notebook("join_ana.ipynb"), lab_notebook("join_ben.ipynb")]
        for page in pages:
            page.wait_for_selector(".kit-game-table .kit-table", timeout=60_000)
        rng = random.Random(4)
        deadline = time.monotonic() + 600
        clicks = 0
        shot_mid = False
        while not table.over and time.monotonic() < deadline:
            moved = False
            for seat, page in enumerate(pages):
                choices = _choices(page)
                n = choices.count()
                if n and table.state.current_player() == seat:
                    old = page.evaluate("() => document.querySelector('.kit-game-table .kit-pane-view').innerHTML")
                    choices.nth(rng.randrange(n)).click()
                    page.wait_for_function(
                        "old => document.querySelector('.kit-game-table .kit-pane-view').innerHTML !== old",
                        arg=old, timeout=30_000)
                    clicks += 1
                    moved = True
                for other in range(2):  # never the other seat's hand, the set-aside card or the deck
                    if other != seat:
                        assert page.locator(HIDDEN.format(other=other)).count() == 0
                if clicks == 12 and not shot_mid:
                    page.screenshot(path=str(tmp_path / f"serve-mid-{seat}.png"))
                    shot_mid = True
            if not moved:
                time.sleep(0.1)
        assert table.over, f"the match did not end in time ({clicks} clicks, round {len(table.rounds)})"
        winner = table.match.winners()
        for page, words in zip(pages, ("The game is over", "Koniec gry")):
            page.wait_for_function("w => document.querySelector('.kit-game-table .kit-pane-view')"
                                   ".textContent.includes(w)", arg=words, timeout=30_000)
        for seat, page in enumerate(pages):
            page.screenshot(path=str(tmp_path / f"serve-end-{seat}.png"))
            assert table.seats[seat].name in page.locator(".kit-game-table").inner_text()
        assert winner and clicks > 10 and len(table.match.rounds) >= 2
    finally:
        bg.stop()


def test_a_wrong_join_code_says_so_at_the_table_in_jupyterlab(jupyterlab, lab_notebook, tmp_path):
    """A learner who types a wrong code reads why at once, right under "Not joined: run the cell again…",
    instead of "Joining the table…" forever (a wrong code is not tried again), and with no gap between the two
    (the prompt alone in the table's column once took a 300 px row's height, the reason far below it)."""
    from kit.serve import serve_in_background

    bg = serve_in_background(":memory:", port=0, round_pause=0.3)
    try:
        (jupyterlab.root / "notebooks" / "join_wrong.ipynb").write_text(
            json.dumps(_notebook(bg.url, "ZZZZ-1-AAAAAAAA", "en")))
        page = lab_notebook("join_wrong.ipynb")
        note = page.wait_for_selector(".kit-game-table .kit-note[role='alert']", timeout=60_000)
        assert note.inner_text() == "no seat has that join code"
        page.wait_for_function("() => document.querySelector('.kit-game-table .kit-prompt')"
                               ".textContent.startsWith('Not joined: run the cell again')", timeout=30_000)
        top = page.locator(".kit-game-table .kit-prompt").bounding_box()
        under = page.locator(".kit-game-table .kit-note").bounding_box()
        assert top["height"] < 60 and 0 <= under["y"] - (top["y"] + top["height"]) < 24, (top, under)
        size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector("
                             "'.kit-game-table .kit-note')).fontSize)")
        assert size >= 12
        page.locator(".kit-game-table").screenshot(path=str(tmp_path / "wrong_code.png"))
        print("screenshot:", tmp_path / "wrong_code.png")
    finally:
        bg.stop()


"""The game-tree notebook in a real JupyterLab, driven by headless Chromium."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


def test_tree_explorer_in_jupyterlab_click_keyboard_and_solve(lab_notebook, tmp_path):
    page = lab_notebook("game_trees.ipynb")
    pane = page.locator(".kit-pane").first
    pane.scroll_into_view_if_needed()
    nodes = pane.locator("[data-node]")
    assert nodes.count() > 10
    details = page.locator(".kit-node-details").first
    assert "Node 0" in details.inner_text()

    # A click on a decision node shows that node and its information set.
    decision = pane.locator("[data-node] >> text=/^[01]$/").first.locator("xpath=..")
    node_id = decision.get_attribute("data-node")
    decision.click()
    page.wait_for_function(
        "id => [...document.querySelectorAll('.kit-node-details h4')].some(h => h.textContent.startsWith('Node ' + id + ':'))",
        arg=node_id)
    text = details.inner_text()
    assert "to move" in text and "Information set" in text and "What player 1 has seen" in text

    # Keyboard: focus a node, move right, Enter selects; JupyterLab must not take the keys.
    cells_before = page.locator(".jp-Notebook .jp-Cell").count()
    nodes.nth(0).focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.getAttribute('data-node')")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "id => [...document.querySelectorAll('.kit-node-details h4')].some(h => h.textContent.startsWith('Node ' + id + ':'))",
        arg=focused)
    page.keyboard.press("b")  # "insert cell below" in command mode, unless suppressed
    page.keyboard.press("a")
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells_before

    # Solve: equilibrium probabilities appear on the edges.
    page.get_by_role("button", name="Solve").first.click()
    page.wait_for_selector("text=/Solved \\(exact/", timeout=60_000)
    decision = pane.locator("[data-node] >> text=/^[01]$/").first.locator("xpath=..")
    decision.click()
    page.get_by_role("button", name="Subtree of selected node").click()
    page.wait_for_function("() => /p=\\d/.test(document.querySelector('.kit-pane').innerHTML)")
    assert re.search(r"p=\d", pane.inner_html())
    path = tmp_path / "tree_explorer.png"
    page.screenshot(path=str(path), full_page=False)
    pane.screenshot(path=str(tmp_path / "tree_pane.png"))
    assert path.stat().st_size > 10_000

"""TreeExplorer driven from Python, through the widget's own API and its pane's clicks."""

from __future__ import annotations

import re

import pytest

from kit.core import KitError
from kit.trees import TreeTooLargeError
from kit.trees.examples import KuhnPoker
from kit.widgets import TreeExplorer


def test_gallery_position_is_drawn_and_summarised():
    ex = TreeExplorer(position="known-baron")
    assert ex.summary()["nodes"] == 473
    assert "473 nodes" in ex.status.value
    assert ex.svg().startswith("<svg") and 'data-node="0"' in ex.svg()


def test_click_on_a_node_shows_each_players_view_and_highlights_its_infoset():
    ex = TreeExplorer(position="known-baron")
    decision = next(n for n, d in ex.tree.nodes(data=True) if d["kind"] == "decision")
    ex.show_subtree(None)
    ex.pane.choose(str(decision))  # exactly what a click does
    assert ex.selected == decision
    assert f"Node {decision}: player" in ex.details.value
    assert ex.details.value.count("What player") == 2
    assert 'stroke="#F0C000"' in ex.svg() or 'stroke="#000"' in ex.svg()


def test_solve_writes_probabilities_and_the_value():
    ex = TreeExplorer(position="known-baron")
    sol = ex.solve("exact")
    assert sol.exploitability < 1e-9
    assert "Solved" in ex.status.value and f"{sol.value:.6f}" in ex.status.value
    decision = next(n for n, d in ex.tree.nodes(data=True) if d["kind"] == "decision")
    ex.select(decision)
    ex.show_subtree(decision)
    assert "p=" in ex.svg()
    assert "equilibrium probability" in ex.details.value
    cfr = ex.solve("cfr+", iterations=500)
    assert abs(cfr.value - sol.value) < 1e-2


def _viewbox(svg: str) -> tuple[float, float]:
    w, h = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups()
    return float(w), float(h)


def test_the_explorer_opens_fitted_to_its_pane_with_the_root_in_view():
    ex = TreeExplorer(position="known-baron")
    assert ex.pane.fit and ex.orient.value == "right"  # zoom 1 = the pane's width; leaves stack downwards
    width, _ = _viewbox(ex.svg())
    assert width <= 600  # the pane is about 590 px wide in JupyterLab: drawn at full size, not shrunk
    assert 'data-node="0" data-anchor="root"' in ex.svg()  # the pane scrolls to the root
    ex.orient.value = "down"
    assert 'data-orient="down"' in ex.svg() and 'data-anchor="root"' in ex.svg()


def test_after_solve_the_whole_tree_carries_the_strategy_on_its_edges():
    ex = TreeExplorer(position="known-baron")
    assert "p=" not in ex.svg()
    sol = ex.solve()
    assert ex.view_root is None  # the whole tree, not a subtree
    drawn = {int(n) for n in re.findall(r'data-node="(\d+)"', ex.svg())}
    moves = [(u, v) for u in drawn if ex.tree.nodes[u]["kind"] == "decision" for v in ex.tree.successors(u)]
    assert moves and all(v in drawn for _, v in moves)  # every move of every drawn decision is drawn...
    assert ex.svg().count(">p=") == len(moves)           # ...with its probability
    u, v = moves[0]
    p = sol.strategy[(ex.tree.nodes[u]["player"], ex.tree.nodes[u]["infoset"])][ex.tree.edges[u, v]["action"]]
    assert p in (0.0, 1.0) and f">p={p:.0f}<" in ex.svg()  # known-baron's equilibrium is pure


def test_the_subtree_view_is_anchored_at_its_own_root():
    ex = TreeExplorer(position="known-baron")
    decision = next(n for n, d in ex.tree.nodes(data=True) if d["kind"] == "decision")
    ex.select(decision)
    ex.show_subtree(decision)
    assert re.search(rf'data-node="{decision}" data-anchor="root"', ex.svg())
    ex.show_subtree(None)
    assert 'data-node="0" data-anchor="root"' in ex.svg()


def test_picking_another_position_rebuilds_the_tree():
    ex = TreeExplorer(position="known-baron")
    ex.picker.value = "princess-hunt"
    assert ex.summary()["nodes"] == 1131 and ex.solution is None


def test_describe_form_builds_a_position_and_reports_bad_input_without_losing_the_tree():
    ex = TreeExplorer(position="known-baron")
    before = ex.summary()
    form = ex._form
    form["played0"].value = "Guard, Guard, Guard, Guard, Guard, Guard"  # six Guards: too many
    form["build"].click()
    assert "more cards than the edition has" in form["error"].value
    assert ex.summary() == before
    form["played0"].value = "Guard, Baron, Handmaid, King"
    form["played1"].value = "Guard, Priest, Baron, Guard"
    form["deck"].value = 2
    form["build"].click()
    assert form["error"].value == "" and ex.summary()["nodes"] == 1131


def test_any_protocol_game_can_be_explored():
    ex = TreeExplorer(KuhnPoker().new_initial_state(), positions={})
    assert ex.summary()["infosets"] == {0: 6, 1: 6}
    assert round(ex.solve().value, 4) == round(-1 / 18, 4)


def test_trees_over_the_limit_are_refused_with_a_message():
    with pytest.raises(TreeTooLargeError):
        TreeExplorer(KuhnPoker().new_initial_state(), positions={}, max_nodes=20)
    ex = TreeExplorer(position="known-baron")
    with pytest.raises(KitError):
        ex.select(10**9)

"""TreeExplorer driven from Python, through the widget's own API and its pane's clicks."""

from __future__ import annotations

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

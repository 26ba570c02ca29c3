"""TreeExplorer driven from Python, through the widget's own API and its pane's clicks."""

from __future__ import annotations

import re

import pytest

from kit.core import KitError
from kit.loveletter.position import GALLERY, endgame
from kit.render.trees import state_at
from kit.trees import build_tree, summary
from kit.trees.examples import KuhnPoker, LeducPoker
from kit.widgets import TreeExplorer
from kit.widgets.tree_explorer import LazyTree


def test_gallery_position_is_drawn_and_summarised():
    ex = TreeExplorer(position="known-baron")
    assert ex.summary()["nodes"] == 473
    assert "473 nodes" in ex.status.value
    assert ex.svg().startswith("<svg") and 'data-node="0"' in ex.svg()


def _rings(svg: str) -> dict[int, str]:
    """``{node: ring colour}`` of the nodes drawn with a highlight ring."""
    return {int(n): colour for n, colour in re.findall(
        r'<g class="kit-node" data-node="(\d+)"[^>]*><title>[^<]*</title><circle [^>]*r="14" fill="none" '
        r'stroke="(#[0-9A-F]+)"', svg)}


def test_click_on_a_node_shows_each_players_view_and_highlights_its_infoset():
    ex = TreeExplorer(position="known-baron")
    ex.depth.value = 3  # the level of p0's first decisions: every member of a set drawn
    key = lambda n: (ex.tree.nodes[n]["player"], ex.tree.nodes[n]["infoset"])  # noqa: E731
    decision = next(n for n, d in ex.tree.nodes(data=True) if d["kind"] == "decision" and d["player"] == 0)
    members = {n for n, d in ex.tree.nodes(data=True) if d["kind"] == "decision" and key(n) == key(decision)}
    assert len(members) > 1
    ex.pane.choose(str(decision))  # exactly what a click does
    assert ex.selected == decision
    details = ex.details.value
    label = ex._labels[key(decision)]
    assert f"Node {decision}: player 0 to move &middot; {label}" in details
    assert f"Information set {label} has {len(members)} nodes: player 0 cannot tell them apart." in details
    actions = [ex.tree.edges[decision, c]["action"] for c in ex.tree.successors(decision)]
    assert f"Actions: {', '.join(actions)}" in details
    assert details.count("What player") == 2
    # each seat's view, told from the events it saw: p0 sees its own deal and draw, p1 sees neither
    dealt, drawn = (a.split(" ", 1)[1] for a in ex.tree.nodes[decision]["history"][0:3:2])
    mine, theirs = details.split("What player 1 has seen")
    assert f"You were dealt the {dealt}." in mine and f"You drew the {drawn}." in mine
    assert "You were dealt" not in theirs and "You drew" not in theirs and "Everyone knows you hold the Baron" in theirs
    rings = _rings(ex.svg())
    assert rings[decision] == "#000"  # the selected node: a black ring
    assert {n for n, c in rings.items() if c == "#F0C000"} == members - {decision}  # its set, and nothing else


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
    form = ex._form
    form["build"].click()  # the form opens with a position some round reaches: it builds as it is
    assert form["error"].value == "" and ex.summary() == summary(build_tree(endgame("princess-hunt")))
    before = ex.summary()
    form["played0"].value = "Guard, Guard, Guard, Guard, Guard, Guard"  # six Guards: too many
    form["build"].click()
    assert "more cards than the edition has" in form["error"].value
    assert ex.summary() == before
    form["played0"].value = "Guard, Baron, Guard"  # p0 three cards, p1 two, p0 to move: no round reaches it
    form["played1"].value = "Guard, Guard"
    form["deck"].value = 5
    form["build"].click()
    assert "turns alternate" in form["error"].value and ex.summary() == before
    form["played0"].value = "Guard, Baron, Handmaid, King"
    form["played1"].value = "Guard, Priest, Baron, Guard"
    form["deck"].value = 2
    form["build"].click()
    assert form["error"].value == "" and ex.summary()["nodes"] == 1131


def test_any_protocol_game_can_be_explored():
    ex = TreeExplorer(KuhnPoker().new_initial_state(), positions={})
    assert ex.summary()["infosets"] == {0: 6, 1: 6}
    assert round(ex.solve().value, 4) == round(-1 / 18, 4)


def test_unknown_nodes_are_refused():
    ex = TreeExplorer(position="known-baron")
    with pytest.raises(KitError, match="no node"):
        ex.select(10**9)


def test_the_picker_offers_every_games_positions():
    ex = TreeExplorer()
    names = [v for _, v in ex.picker.options]
    assert names[:2] == ["Kuhn poker", "Leduc poker"] and set(GALLERY) <= set(names)
    ex.picker.value = "Kuhn poker"
    assert ex.summary()["infosets"] == {0: 6, 1: 6} and "three cards" in ex.about.value
    assert ex.svg().count('data-node="') > 10
    ex.picker.value = "Leduc poker"
    assert ex.summary()["nodes"] == build_tree(LeducPoker()).number_of_nodes()
    ex.select(ex.root)
    assert "Node 0: chance" in ex.details.value and "deal J (1/3)" in ex.details.value
    ex.picker.value = "guard-duel"
    assert ex.summary() == summary(build_tree(endgame("guard-duel")))


def test_a_position_that_cannot_open_says_why_in_the_widget():
    def broken():
        raise KitError("the description does not add up")

    ex = TreeExplorer(positions={"Kuhn poker": ("", lambda: KuhnPoker().new_initial_state()), "broken": ("", broken)},
                      position="Kuhn poker")
    before = ex.summary()
    ex.picker.value = "broken"
    assert "Cannot open broken: the description does not add up" in ex.status.value
    assert "color:#b00" in ex.status.value
    assert ex.summary() == before  # the tree shown stays
    ex.language_menu.value = "fr"  # and the message follows the language
    assert "the description does not add up" in ex.status.value and "Cannot open" not in ex.status.value


# -------------------------------------------------------------------- big trees open lazily (issue 22)
TEN_UNSEEN = dict(edition="classic", to_move=0, face_up=["Guard", "Priest", "Handmaid"],
                  played=[["Guard"], ["Guard", "Guard"]], hands=[None, None], deck=7)


def _key(graph):
    return sorted((d["history"], d["kind"], d["player"], str(d["infoset"]), d["returns"])
                  for _, d in graph.nodes(data=True))


def test_a_lazy_tree_opened_whole_is_the_built_tree():
    for state in (endgame("known-baron"), KuhnPoker().new_initial_state(), LeducPoker().new_initial_state()):
        lazy = LazyTree(state)
        lazy.open_all()
        built = build_tree(state)
        assert _key(lazy.graph) == _key(built)
        assert sorted(d["prob"] for *_e, d in lazy.graph.edges(data=True) if "prob" in d) == \
            sorted(d["prob"] for *_e, d in built.edges(data=True) if "prob" in d)


def test_a_ten_unseen_card_position_opens_lazily_and_each_click_opens_one_node():
    """(How long opening and a click take: benchmarks/trees.py, the TreeExplorer row; not timed here.)"""
    start = endgame(**TEN_UNSEEN)
    ex = TreeExplorer(start)
    assert ex.lazy is not None
    assert ex.picker.value is None and "a state given in code" in ex.about.value  # no gallery name shown for it
    nodes = ex.summary()["nodes"]
    assert 10 < nodes <= 200 and "nodes open so far" in ex.status.value
    # the root deals p0's hand: one child per kind of unseen card, with its exact chance
    root_edges = {ex.tree.edges[0, c]["action"]: ex.tree.edges[0, c]["prob"] for c in ex.tree.successors(0)}
    assert root_edges == {f"deal {c}": p for c, p in
                          ((str(a.card), p) for a, p in start.chance_outcomes())}
    unopened = ex.lazy.unopened()
    assert ex.svg().count('class="kit-unopened"') == len(unopened)  # each one marked in the drawing
    node = unopened[0]
    ex.pane.choose(str(node))  # a click opens the node's children, and only them
    state = state_at(start, ex.tree, node)
    want = [str(a) for a, _p in state.chance_outcomes()] if state.current_player() < 0 else \
        [str(a) for a in state.legal_actions()]
    assert [ex.tree.edges[node, c]["action"] for c in ex.tree.successors(node)] == want
    assert ex.summary()["nodes"] == nodes + len(want)
    assert ex.selected == node and f"Node {node}:" in ex.details.value
    assert f'data-node="{node}"' in ex.svg() and all(f'data-node="{c}"' in ex.svg() for c in ex.tree.successors(node))


def test_the_depth_picker_opens_a_lazy_tree_level_by_level():
    ex = TreeExplorer(endgame("known-baron"), max_nodes=50)  # lazily, though small
    assert ex.lazy is not None
    ex.depth.value = 4
    assert ex.summary()["nodes"] >= 50  # level by level, until the limit: the status says so
    assert "Depth 4 would open more than 50 nodes" in ex.status.value
    opened = [d["depth"] for n, d in ex.tree.nodes(data=True) if ex.lazy.is_open(n) and d["kind"] != "terminal"]
    assert max(opened) < 4 and all(ex.lazy.is_open(n) for n, d in ex.tree.nodes(data=True) if d["depth"] < 2)
    small = TreeExplorer(KuhnPoker().new_initial_state(), positions={}, max_nodes=20, max_leaves=5)
    small.max_nodes = 100  # room for the whole of Kuhn poker's 58 nodes
    small.depth.value = small.depth.options[-1][1]
    assert "would open" not in small.status.value
    assert all(small.lazy.is_open(n) for n, d in small.tree.nodes(data=True) if d["depth"] < small.depth.value)
    full = TreeExplorer(endgame("known-baron"), max_nodes=10**6)
    assert full.lazy is None
    ex.lazy.open_all()
    assert _key(ex.tree) == _key(full.tree)


def test_a_lazy_tree_solves_its_whole_game():
    ex = TreeExplorer(KuhnPoker().new_initial_state(), positions={}, max_nodes=20, max_leaves=5)
    assert ex.lazy is not None and ex.summary()["nodes"] < 58
    sol = ex.solve()
    assert round(sol.value * 18, 6) == -1.0 and sol.exploitability < 1e-9
    decision = next(n for n in ex.lazy.unopened() if ex.tree.nodes[n]["kind"] == "decision")
    ex.select(decision)  # opening a decision node shows the whole game's strategy on its edges
    probs = sol.strategy[(ex.tree.nodes[decision]["player"], ex.tree.nodes[decision]["infoset"])]
    assert set(probs) == {ex.tree.edges[decision, c]["action"] for c in ex.tree.successors(decision)}
    assert ex.svg().count(">p=") == len(probs) and "equilibrium probability" in ex.details.value

"""kit.trees.draw: a textbook drawing of any protocol game's tree."""

from __future__ import annotations

import re
import xml.dom.minidom

from kit.loveletter.endgame import endgame
from kit.trees import build_tree, solve
from kit.trees.draw import draw, infoset_labels, layout
from kit.trees.examples import KuhnPoker


def _nodes(svg: str) -> set[str]:
    return set(re.findall(r'data-node="(\d+)"', svg))


def test_drawing_is_well_formed_svg_with_every_node_of_a_small_tree():
    tree = build_tree(KuhnPoker())
    svg = draw(tree, max_leaves=1000)
    xml.dom.minidom.parseString(svg)  # well formed
    assert _nodes(svg) == {str(n) for n in tree.nodes}


def test_chance_probabilities_and_payoffs_are_written():
    svg = draw(build_tree(KuhnPoker()), max_leaves=1000)
    assert ">1/3<" in svg and ">1/2<" in svg
    assert "(1, -1)" in svg or "(-1, 1)" in svg


def test_every_information_set_with_two_drawn_members_is_joined_and_labelled():
    tree = build_tree(KuhnPoker())
    svg = draw(tree, max_leaves=1000)
    labels = infoset_labels(tree)
    assert len(labels) == 12  # 6 + 6 information sets in Kuhn poker
    for label in labels.values():
        assert f">{label}<" in svg
    assert svg.count('stroke-dasharray="5,4"') == 12


def test_deep_trees_collapse_into_counted_triangles():
    tree = build_tree(endgame("guard-duel"))
    pos, collapsed = layout(tree, max_leaves=30)
    assert collapsed and len(pos) < tree.number_of_nodes()
    hidden = sum(collapsed.values())
    assert len(pos) + hidden == tree.number_of_nodes()
    svg = draw(tree, max_leaves=30)
    assert f">+{next(iter(collapsed.values()))}<" in svg


def test_subtree_strategy_highlight_and_selection():
    tree = build_tree(endgame("known-baron"))
    sol = solve(tree)
    decision = next(n for n, d in tree.nodes(data=True) if d["kind"] == "decision")
    svg = draw(tree, root=decision, strategy=sol.strategy, highlight=[decision], selected=decision)
    assert _nodes(svg) <= {str(n) for n in tree.nodes} and str(decision) in _nodes(svg)
    assert "0" not in _nodes(svg) or decision == 0
    assert re.search(r">p=[01]<", svg)
    assert 'stroke="#000" stroke-width="3"' in svg  # the selected ring


def test_matplotlib_drawing_when_asked(tmp_path):
    import pytest

    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from kit.trees.draw import draw_matplotlib

    tree = build_tree(KuhnPoker())
    ax = draw_matplotlib(tree, strategy=solve(tree).strategy, max_leaves=1000)
    texts = [t.get_text() for t in ax.texts]
    assert "I0.1" in texts and any("1/3" in t for t in texts)
    assert len(ax.collections) == tree.number_of_nodes()  # one marker per node
    path = tmp_path / "kuhn.png"
    ax.figure.savefig(path, dpi=80)
    assert path.stat().st_size > 5_000

"""kit.trees.draw: a textbook drawing of any protocol game's tree, readable whatever its labels."""

from __future__ import annotations

import functools
import html
import re
import xml.dom.minidom
from fractions import Fraction
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from kit.loveletter.endgame import GALLERY, endgame
from kit.trees import build_tree, solve
from kit.trees.draw import MIN_SCALE, draw, infoset_labels, layout, text_width
from kit.trees.examples import KuhnPoker

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def _nodes(svg: str) -> set[str]:
    return set(re.findall(r'data-node="(\d+)"', svg))


@functools.lru_cache(maxsize=None)
def _tree(name: str):
    return build_tree(KuhnPoker()) if name == "kuhn" else build_tree(endgame(name))


@functools.lru_cache(maxsize=None)
def _strategy(name: str):
    return solve(_tree(name)).strategy


_TEXT = re.compile(r'<text class="(kit-[a-z]+)" ([^>]*)>([^<]*)</text>')


def _text_boxes(svg: str) -> list[tuple[str, str, tuple[float, float, float, float]]]:
    """``(class, text, (x0, y0, x1, y1))`` of every labelled text of the drawing (edge labels, probabilities,
    payoffs, information-set labels, counts), the box computed from its position, anchor, size and the
    font's advance widths, from the font's ascent (0.93 em) above the baseline to its descent (0.24 em)
    below, as a browser's ``getBBox`` measures a text (tests/test_browser_trees.py measures them there)."""
    boxes = []
    for cls, attrs, text in _TEXT.findall(svg):
        if cls == "kit-title":
            continue
        a = dict(re.findall(r'([a-z-]+)="([^"]*)"', attrs))
        size = float(a.get("font-size", 11))
        bold = cls in ("kit-prob", "kit-set")
        w = text_width(html.unescape(text), size, bold=bold)
        x, y = float(a["x"]), float(a["y"])
        anchor = a.get("text-anchor", "start")
        x0 = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
        boxes.append((cls, html.unescape(text), (x0, y - 0.93 * size, x0 + w, y + 0.24 * size)))
    return boxes


def _overlaps(boxes):
    """Pairs of boxes that intersect (a sweep along x)."""
    found = []
    items = sorted(boxes, key=lambda b: b[2][0])
    for i, (c1, t1, (ax0, ay0, ax1, ay1)) in enumerate(items):
        for c2, t2, (bx0, by0, bx1, by1) in items[i + 1:]:
            if bx0 >= ax1:
                break
            if by0 < ay1 and ay0 < by1:
                found.append((t1, t2))
    return found


# ---------------------------------------------------------------------------- what is drawn
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
    assert re.search(rf'data-node="{decision}" data-anchor="root"', svg)  # the subtree's root is the anchor


# ---------------------------------------------------------------------------- readable: labels never overlap
GALLERY_VIEWS = [(name, orient, solved) for name in ["kuhn", *GALLERY] for orient in ("down", "right")
                 for solved in (False, True) if not (solved and name in ("spy-race", "seven-unseen"))]


@pytest.mark.parametrize("name,orient,solved", GALLERY_VIEWS)
def test_no_two_texts_of_the_drawing_overlap_on_the_gallery(name, orient, solved):
    tree = _tree(name)
    strategy = _strategy(name) if solved else None
    svg = draw(tree, strategy=strategy, orient=orient, max_leaves=1000 if name == "kuhn" else 120)
    boxes = _text_boxes(svg)
    edges = sum(1 for c, _, _ in boxes if c == "kit-lbl")
    assert edges == svg.count('class="kit-edge"') > 0  # every drawn edge has its action label
    if solved:
        assert any(t.startswith("p=") for _, t, _ in boxes)
    assert _overlaps(boxes) == []


def _sizes(svg: str) -> list[float]:
    """Every font size of the drawing (the picture's own and each text's)."""
    return [float(v) for v in re.findall(r'font-size="([0-9.]+)"', svg)]


def _path_points(d: str, step: float = 2.0) -> list[tuple[float, float]]:
    """Points along an SVG path of M, H, V, L and Q commands, every ``step`` pixels or so."""
    tokens = re.findall(r"[MHVLQ]|-?[0-9.]+", d)
    points: list[tuple[float, float]] = []
    x = y = 0.0
    i = 0

    def line(x0, y0, x1, y1):
        n = max(1, int(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 / step))
        points.extend((x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n) for k in range(n + 1))

    while i < len(tokens):
        cmd = tokens[i]
        if cmd == "M":
            x, y = float(tokens[i + 1]), float(tokens[i + 2])
            i += 3
        elif cmd in "HV":
            nx_, ny_ = (float(tokens[i + 1]), y) if cmd == "H" else (x, float(tokens[i + 1]))
            line(x, y, nx_, ny_)
            x, y = nx_, ny_
            i += 2
        elif cmd == "L":
            nx_, ny_ = float(tokens[i + 1]), float(tokens[i + 2])
            line(x, y, nx_, ny_)
            x, y = nx_, ny_
            i += 3
        elif cmd == "Q":
            cx, cy, ex, ey = (float(t) for t in tokens[i + 1:i + 5])
            for k in range(41):
                t = k / 40
                points.append(((1 - t) ** 2 * x + 2 * (1 - t) * t * cx + t * t * ex,
                               (1 - t) ** 2 * y + 2 * (1 - t) * t * cy + t * t * ey))
            x, y = ex, ey
            i += 5
        else:  # pragma: no cover - the drawing writes no other command
            raise AssertionError(f"path command {cmd!r}")
    return points


@pytest.mark.parametrize("name,orient,solved", GALLERY_VIEWS)
def test_information_set_links_run_beside_the_labels_never_through_them(name, orient, solved):
    """Issue 19: the dashes of an information set never cross a label ("1/2", an action, a payoff, a set's
    name): every point of every link lies outside every text's box (with the text's white halo)."""
    tree = _tree(name)
    svg = draw(tree, strategy=_strategy(name) if solved else None, orient=orient,
               max_leaves=1000 if name == "kuhn" else 120)
    boxes = [(t, (x0 - 1.5, y0 - 1.5, x1 + 1.5, y1 + 1.5)) for _c, t, (x0, y0, x1, y1) in _text_boxes(svg)]
    links = re.findall(r'<path class="kit-infoset" d="([^"]*)"', svg)
    assert len(links) == svg.count('class="kit-set"')  # (a tree drawn without a set has none to check)
    assert _crossings(links, boxes) == []


def _crossings(links: list[str], boxes: list) -> list[tuple[str, int, int]]:
    """``(text, x, y)`` for every point of every link strictly inside a text's box (numpy, a block of
    points at a time: a big drawing has some 10^5 points and 10^3 boxes)."""
    points = np.array([p for d in links for p in _path_points(d)], dtype=float).reshape(-1, 2)
    box = np.array([b for _t, b in boxes], dtype=float).reshape(-1, 4)
    crossed = []
    for lo in range(0, len(points), 2048):
        px, py = points[lo:lo + 2048, :1], points[lo:lo + 2048, 1:]
        hit = (box[:, 0] < px) & (px < box[:, 2]) & (box[:, 1] < py) & (py < box[:, 3])
        for i, j in zip(*np.nonzero(hit)):
            crossed.append((boxes[j][0], round(px[i, 0]), round(py[i, 0])))
    return crossed


@pytest.mark.parametrize("orient", ["down", "right"])
def test_no_text_of_a_drawing_is_under_12_px(orient):
    svg = draw(_tree("kuhn"), strategy=_strategy("kuhn"), orient=orient, max_leaves=1000)
    assert min(_sizes(svg)) >= 12


def test_the_old_overlap_is_gone_deal_labels_of_neighbouring_children():
    # princess-hunt after p0 is dealt a Guard, as the notebook draws it: "deal Handmaid" / "deal Princess"
    # of two neighbouring children used to print as "deal Handmaiddeal Princess".
    start = endgame("princess-hunt")
    tree = build_tree(start.child(start.game.parse_action("deal Guard")))
    svg = draw(tree, max_leaves=40, title="princess-hunt, after p0 is dealt a Guard")
    boxes = _text_boxes(svg)
    assert len(boxes) > 40 and _overlaps(boxes) == []


def test_long_action_names_widen_the_layout_instead_of_overlapping():
    t = nx.DiGraph(root=0)
    t.add_node(0, kind="decision", player=0, infoset="root")
    for i in range(1, 6):
        t.add_node(i, kind="terminal", player=-4, infoset=None, returns=(i, -i))
        t.add_edge(0, i, action=f"a very long action name number {i}")
    boxes = _text_boxes(draw(t))
    assert len(boxes) == 10 and _overlaps(boxes) == []


def test_text_widths_are_the_fonts_advance_widths():
    pil = pytest.importorskip("PIL.ImageFont")
    if not DEJAVU.exists():
        pytest.skip(f"no {DEJAVU}")
    font = pil.truetype(str(DEJAVU), 100)
    tree = _tree("known-baron")
    names = {d["action"] for _, _, d in tree.edges(data=True)} | {"p=0.33", "(-1, 1)", "I0.12"}
    for text in names:  # the font's widths, kerning ignored (kerning only ever narrows these texts)
        real = font.getlength(text) / 10
        assert real - 0.05 <= text_width(text, 10) <= real * 1.02 + 0.1, text


# ---------------------------------------------------------------------------- one information set, one height
def _members(tree, pos):
    sets = {}
    for n in pos:
        d = tree.nodes[n]
        if d["kind"] == "decision":
            sets.setdefault((d["player"], d["infoset"]), []).append(n)
    return [v for v in sets.values() if len(v) > 1]


@pytest.mark.parametrize("name", ["kuhn", "princess-hunt", "known-baron", "guard-duel"])
def test_the_drawn_members_of_an_information_set_sit_at_one_height(name):
    tree = _tree(name)
    for orient, axis in (("down", 1), ("right", 0)):
        pos, _ = layout(tree, max_leaves=200, orient=orient)
        sets = _members(tree, pos)
        assert sets
        for nodes in sets:
            assert len({pos[n][axis] for n in nodes}) == 1


def _uneven_tree() -> nx.DiGraph:
    """Chance deals heads or tails; after tails a second, certain chance step comes first, so player 0's
    two nodes (one information set: they do not see the coin) lie at depths 1 and 2."""
    t = nx.DiGraph(root=0)
    t.add_node(0, kind="chance", player=-1, infoset=None)
    t.add_node(1, kind="decision", player=0, infoset="coin?")
    t.add_node(2, kind="chance", player=-1, infoset=None)
    t.add_node(3, kind="decision", player=0, infoset="coin?")
    t.add_edge(0, 1, action="heads", prob=Fraction(1, 2))
    t.add_edge(0, 2, action="tails", prob=Fraction(1, 2))
    t.add_edge(2, 3, action="bell rings", prob=Fraction(1))
    leaf = 4
    for parent, sign in ((1, 1), (3, -1)):
        for action, r in (("call", 1), ("fold", -1)):
            t.add_node(leaf, kind="terminal", player=-4, infoset=None, returns=(sign * r, -sign * r))
            t.add_edge(parent, leaf, action=action)
            leaf += 1
    return t


def test_members_at_different_depths_are_drawn_at_one_height_below_their_parents():
    t = _uneven_tree()
    for orient, axis in (("down", 1), ("right", 0)):
        pos, _ = layout(t, orient=orient)
        assert pos[1][axis] == pos[3][axis]
        for u, v in t.edges:
            assert pos[v][axis] > pos[u][axis]  # every child further from the root than its parent
    boxes = _text_boxes(draw(t))
    assert _overlaps(boxes) == []


def test_sets_that_cross_fall_back_to_depth():
    # p0 then p1 on the left, p1 then p0 on the right, each unaware of the other: no level can hold
    # both sets, so the drawing goes by depth (and still draws).
    t = nx.DiGraph(root=0)
    t.add_node(0, kind="chance", player=-1, infoset=None)
    for a, b, first, second in ((1, 2, 0, 1), (3, 4, 1, 0)):
        t.add_node(a, kind="decision", player=first, infoset=f"s{first}")
        t.add_node(b, kind="decision", player=second, infoset=f"s{second}")
        t.add_edge(0, a, action=f"order {a}", prob=Fraction(1, 2))
        t.add_edge(a, b, action="x")
        t.add_node(b + 10, kind="terminal", player=-4, infoset=None, returns=(0, 0))
        t.add_edge(b, b + 10, action="y")
    pos, _ = layout(t)
    assert pos[1][1] == pos[3][1] < pos[2][1] == pos[4][1]
    assert draw(t).startswith("<svg")


# ---------------------------------------------------------------------------- it fits where it is shown
def _svg_tag(svg: str) -> str:
    return re.match(r"<svg [^>]*>", svg).group(0)


def test_a_wide_drawing_shrinks_to_its_container_never_below_12_px_text_and_a_small_one_keeps_its_size():
    wide = _svg_tag(draw(_tree("known-baron")))
    natural = re.search(r'viewBox="0 0 (\d+) (\d+)"', wide)
    assert int(natural.group(1)) > 720
    assert 'width="100%"' in wide and f'max-width:{natural.group(1)}px' in wide and "height:auto" in wide
    # never squeezed into a strip: at its least width its smallest text is 12 px (issue 19: "top down")
    least = int(re.search(r"min-width:(\d+)px", wide).group(1))
    assert MIN_SCALE * min(_sizes(draw(_tree("known-baron")))) >= 12 and least >= int(natural.group(1)) * MIN_SCALE - 1
    assert f'data-min-scale="{MIN_SCALE:g}"' in wide
    small = _svg_tag(draw(_uneven_tree()))
    w, h = re.search(r'viewBox="0 0 (\d+) (\d+)"', small).groups()
    assert f'width="{w}" height="{h}"' in small
    assert 'width="100%"' not in _svg_tag(draw(_tree("known-baron"), fit=False))


def test_the_root_is_the_anchor_a_pane_scrolls_to():
    svg = draw(_tree("known-baron"))
    assert svg.count("data-anchor=") == 1 and 'data-node="0" data-anchor="root"' in svg


def test_a_strategy_shows_on_the_whole_tree_even_when_its_decisions_lie_deep():
    tree = _tree("known-baron")
    plain = draw(tree, max_leaves=60)
    solved = draw(tree, max_leaves=60, strategy=_strategy("known-baron"))
    assert "p=" not in plain  # the automatic depth stops at the first decisions...
    decision_edges = sum(tree.out_degree(n) for n, d in tree.nodes(data=True)
                         if d["kind"] == "decision" and d["depth"] == 3)
    assert solved.count(">p=") == decision_edges == 120  # ...with a strategy it draws their moves
    assert draw(tree, max_depth=2, strategy=_strategy("known-baron")).count(">p=") == 0  # a depth asked is kept


def test_orient_is_checked():
    with pytest.raises(ValueError):
        draw(_tree("kuhn"), orient="sideways")


def test_matplotlib_drawing_when_asked(tmp_path):
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

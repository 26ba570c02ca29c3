"""Draw a game tree the way a game-theory textbook does, as SVG text.

* chance nodes: open circles, probabilities on their edges;
* decision nodes: discs coloured by player, the seat number inside;
* leaves: the payoffs beside them;
* an information set with two or more drawn members: its nodes sit at one
  height (one column when the tree grows to the right) and are joined by a
  dashed link in the player's colour, labelled ``I<player>.<k>``, drawn
  beside the labels, never through them: under the nodes when the tree grows
  down (the edge labels sit above them), right of them when it grows right;
* below ``max_depth`` (chosen automatically so that at most ``max_leaves``
  leaves are drawn) a subtree collapses into a triangle with its node count.

The layout is tidy and compact: each subtree is pushed as close to its left
neighbour as the widths of its labels allow (a contour layout), so no two
texts of the drawing overlap, whatever the lengths of the action names.
Every edge label sits just above the node it leads to (to its left when the
tree grows to the right), where each node has its own slot.

No text is under 12 px, and a picture never shrinks below :data:`MIN_SCALE`
(so its text stays at 12 px or more): a wide drawing is written with
``width="100%"`` between its natural size and that scale, and scrolls where
it is wider than its place (``fit=False`` keeps the natural size; whatever the
layout, "top down" or "left to right", it is never squeezed into a strip).
The root carries ``data-anchor``: a scrolling pane (:class:`kit.widgets.SvgPane`)
keeps it in view.

:func:`draw_matplotlib` makes the same drawing on a matplotlib ``Axes``
(matplotlib is imported only then).

Only the tree attributes of :mod:`kit.trees.build` are read (``kind``, ``player``,
``infoset``, ``returns``; edge ``action``, ``prob``), so any protocol game's
tree draws.  Every node carries ``data-node="<id>"`` so a widget can tell
which node was clicked.

Examples
--------
>>> import networkx as nx
>>> from fractions import Fraction
>>> t = nx.DiGraph(root=0)
>>> t.add_node(0, kind="chance", player=-1, infoset=None)
>>> t.add_node(1, kind="decision", player=0, infoset="a")
>>> t.add_node(2, kind="decision", player=0, infoset="a")
>>> for leaf, r in [(3, (1, -1)), (4, (-1, 1)), (5, (-1, 1)), (6, (1, -1))]:
...     t.add_node(leaf, kind="terminal", player=-4, infoset=None, returns=r)
>>> t.add_edge(0, 1, action="deal H", prob=Fraction(1, 2))
>>> t.add_edge(0, 2, action="deal T", prob=Fraction(1, 2))
>>> for p, a, b in [(1, 3, 4), (2, 5, 6)]:
...     t.add_edge(p, a, action="heads"); t.add_edge(p, b, action="tails")
>>> svg = draw(t)
>>> svg.startswith("<svg") and "I0.1" in svg and "1/2" in svg
True
>>> pos, collapsed = layout(t)
>>> pos[1][1] == pos[2][1], collapsed          # one information set, one height
(True, {})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any, Hashable, Iterable, Mapping

__all__ = ["draw", "draw_matplotlib", "layout", "PLAYER_COLOURS", "infoset_labels", "root_of", "text_width",
           "FONT_FAMILY", "MIN_SCALE"]

#: Fill colours of seats 0, 1, 2, ... (colour-blind safe, Okabe–Ito).
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")

#: The fonts of the drawing.  Text widths are measured with DejaVu Sans's
#: metrics (Debian's sans-serif; Verdana and Bitstream Vera have the same
#: proportions), among the widest common sans-serif faces, so narrower
#: fallbacks only add room.
FONT_FAMILY = "DejaVu Sans, Verdana, Bitstream Vera Sans, sans-serif"

# Advance widths of ASCII 32..126 in DejaVu Sans (regular, bold), thousandths of an em.
_ADVANCE = (
    (318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636,
     636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295,
     295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838,
     500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521,
     392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838),
    (348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696,
     696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372,
     372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838,
     500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595,
     478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838),
)

# Sizes of the drawing, in pixels.  No text is under 12 px (the kit's least size for anything a person reads).
_LABEL = 12.0          # edge labels (action, probability)
_SMALL = 12.0          # counts under collapsed subtrees
_TEXT = 12.0           # payoffs, information-set labels, the seat in a node
_LINE = 15.0           # between two lines of an edge's label
_GAP = 10.0            # least room between two neighbours' extents
_RING = 14.0           # the highlight ring around a node
_ROW = 100.0           # between two levels when the tree grows down (labels above a node, its set's link below)
_MARGIN = 16.0
#: The least scale a picture is shown at (a fitted drawing never shrinks below it): its smallest text at 12 px.
MIN_SCALE = 12.0 / min(_LABEL, _SMALL, _TEXT)


def text_width(text: str, size: float = _LABEL, bold: bool = False) -> float:
    """The width in pixels of ``text`` at ``size`` px in :data:`FONT_FAMILY` (a character
    outside ASCII counts as one em).

    >>> round(text_width("deal Princess"), 1)
    79.1
    >>> text_width("W") > text_width("i")
    True
    """
    table = _ADVANCE[1 if bold else 0]
    return size * sum(table[o - 32] if 32 <= (o := ord(ch)) < 127 else 1000 for ch in text) / 1000


def root_of(tree: Any) -> Hashable:
    """The root node: ``tree.graph["root"]`` or the node without parents."""
    root = tree.graph.get("root")
    if root is not None:
        return root
    return next(n for n, d in tree.in_degree() if d == 0)


def _children(tree: Any, node: Hashable) -> list[Hashable]:
    return list(tree.successors(node))


def _auto_depth(tree: Any, root: Hashable, max_leaves: int) -> int:
    """The deepest level to draw so that at most ``max_leaves`` leaves show (at least 1)."""
    level, depth, shallow_leaves = [root], 0, 0
    while True:
        shallow_leaves += sum(1 for n in level if not tree.out_degree(n))
        nxt = [c for n in level for c in _children(tree, n)]
        if not nxt:
            return depth
        if depth >= 1 and len(nxt) + shallow_leaves > max_leaves:
            return depth
        level, depth = nxt, depth + 1


def _first_decision_depth(tree: Any, root: Hashable) -> int | None:
    """How deep the shallowest decision node with a move below ``root`` lies (``None``: none)."""
    level, depth = [root], 0
    while level:
        if any(tree.nodes[n].get("kind") == "decision" and tree.out_degree(n) for n in level):
            return depth
        level, depth = [c for n in level for c in _children(tree, n)], depth + 1
    return None


def infoset_labels(tree: Any) -> dict[tuple[int, Any], str]:
    """Stable short labels ``I<player>.<k>`` of the information sets, numbered in node order."""
    labels: dict[tuple[int, Any], str] = {}
    counters: dict[int, int] = {}
    for n in sorted(tree.nodes, key=_order_key):
        d = tree.nodes[n]
        if d.get("kind") != "decision":
            continue
        key = (d.get("player"), d.get("infoset"))
        if key not in labels:
            counters[key[0]] = counters.get(key[0], 0) + 1
            labels[key] = f"I{key[0]}.{counters[key[0]]}"
    return labels


def _order_key(n: Hashable) -> tuple:
    return (0, n) if isinstance(n, int) else (1, str(n))


def _fmt_prob(p: Any) -> str:
    if isinstance(p, Fraction):
        return str(p) if p.denominator != 1 else str(p.numerator)
    if isinstance(p, float):
        return f"{p:.2f}".rstrip("0").rstrip(".") if p not in (0.0, 1.0) else str(int(p))
    return str(p)


def _fmt_returns(r: Iterable[Any] | None) -> str:
    if r is None:
        return ""
    parts = []
    for v in r:
        if isinstance(v, Fraction):
            parts.append(_fmt_prob(v))
        elif isinstance(v, float) and v.is_integer():
            parts.append(str(int(v)))
        elif isinstance(v, float):
            parts.append(f"{v:.3g}")
        else:
            parts.append(str(v))
    return "(" + ", ".join(parts) + ")"


def _key(d: Mapping[str, Any]) -> tuple[Any, Any]:
    return (d.get("player"), d.get("infoset"))


# ---------------------------------------------------------------------------- layout
@dataclass
class _Plan:
    """Everything :func:`draw` needs: where each node and each text goes."""

    orient: str
    order: list[Hashable]                                     # drawn nodes, depth-first
    kids: dict[Hashable, list[Hashable]]                      # drawn children
    collapsed: dict[Hashable, int]
    rows: dict[Hashable, int]
    xy: dict[Hashable, tuple[float, float]] = field(default_factory=dict)
    edge_lines: dict[tuple[Hashable, Hashable], list[tuple[str, str]]] = field(default_factory=dict)
    width: float = 0.0
    height: float = 0.0
    sets: dict[tuple[Any, Any], list[Hashable]] = field(default_factory=dict)   # drawn infosets (>= 2 members)
    first_member: dict[Hashable, str] = field(default_factory=dict)             # node -> its set's label
    # per drawn set: [(member, next member, bulge or None when side by side), ...]
    bus: dict[int, float] = field(default_factory=dict)   # x of the elbows into each column (growing right)
    arcs: list[tuple[tuple[Any, Any], list[tuple[Hashable, Hashable, float | None]]]] = field(default_factory=list)


def _select(tree: Any, root: Hashable, max_depth: int) -> tuple[list[Hashable], dict, dict, dict]:
    """The drawn nodes (depth-first), their drawn children, the collapsed counts and tree depths."""
    order: list[Hashable] = []
    kids: dict[Hashable, list[Hashable]] = {}
    collapsed: dict[Hashable, int] = {}
    depth: dict[Hashable, int] = {root: 0}
    stack = [root]
    while stack:
        n = stack.pop()
        order.append(n)
        children = _children(tree, n)
        if children and depth[n] >= max_depth:
            collapsed[n] = _count_below(tree, n)
            children = []
        kids[n] = children
        for c in children:
            depth[c] = depth[n] + 1
        stack.extend(reversed(children))
    return order, kids, collapsed, depth


def _count_below(tree: Any, node: Hashable) -> int:
    count, stack = 0, _children(tree, node)
    while stack:
        n = stack.pop()
        count += 1
        stack.extend(_children(tree, n))
    return count


def _rows(tree: Any, order: list[Hashable], kids: Mapping, depth: Mapping) -> dict[Hashable, int]:
    """The level of each drawn node: below its parent, and the same for all drawn members of an
    information set (the longest path over the graph whose vertices are the sets).  Should the sets
    of several players cross each other so that no such levels exist, the plain depth is used."""
    group: dict[Hashable, Any] = {}
    for n in order:
        d = tree.nodes[n]
        group[n] = ("set",) + _key(d) if d.get("kind") == "decision" else ("node", n)
    succ: dict[Any, set] = {}
    indeg: dict[Any, int] = {g: 0 for g in group.values()}
    for n in order:
        for c in kids[n]:
            a, b = group[n], group[c]
            if b not in succ.setdefault(a, set()):
                succ[a].add(b)
                indeg[b] += 1
    level = {g: 0 for g in indeg}
    ready = [g for g, k in indeg.items() if k == 0]
    seen = 0
    while ready:
        g = ready.pop()
        seen += 1
        for h in succ.get(g, ()):
            level[h] = max(level[h], level[g] + 1)
            indeg[h] -= 1
            if indeg[h] == 0:
                ready.append(h)
    if seen < len(indeg):  # the sets cross: no common level for each; draw by depth
        return {n: depth[n] for n in order}
    return {n: level[group[n]] for n in order}


def _edge_lines(tree: Any, u: Hashable, v: Hashable, strategy: Mapping | None,
                show_actions: bool) -> list[tuple[str, str]]:
    """The lines written on edge ``(u, v)``: ``[(text, css class), ...]`` (action, then probability)."""
    d = tree.edges[u, v]
    lines = []
    if show_actions and str(d.get("action", "")):
        lines.append((str(d.get("action")), "kit-lbl"))
    prob = d.get("prob")
    ud = tree.nodes[u]
    if prob is not None:
        lines.append((_fmt_prob(prob), "kit-prob"))
    elif strategy is not None and ud.get("kind") == "decision":
        p = strategy.get(_key(ud), {}).get(d.get("action"))
        if p is not None:
            lines.append((f"p={_fmt_prob(float(p))}", "kit-prob"))
    return lines


def _line_width(text: str, cls: str) -> float:
    return text_width(text, _LABEL, bold=cls == "kit-prob")


def _plan(tree: Any, *, max_depth: int | None, max_leaves: int, root: Hashable | None,
          strategy: Mapping | None, show_actions: bool, orient: str, top: float = 0.0) -> _Plan:
    if orient not in ("down", "right"):
        raise ValueError(f"orient must be 'down' or 'right', not {orient!r}")
    root = root_of(tree) if root is None else root
    if max_depth is None:
        max_depth = _auto_depth(tree, root, max_leaves)
        if strategy is not None:  # a strategy is drawn to be seen: reach the first moves at least
            first = _first_decision_depth(tree, root)
            if first is not None:
                max_depth = max(max_depth, first + 1)
    order, kids, collapsed, depth = _select(tree, root, max_depth)
    rows = _rows(tree, order, kids, depth)
    plan = _Plan(orient, order, kids, collapsed, rows)
    labels = infoset_labels(tree)
    parent = {c: n for n in order for c in kids[n]}
    for c, n in parent.items():
        plan.edge_lines[n, c] = _edge_lines(tree, n, c, strategy, show_actions)
    members: dict[tuple[Any, Any], list[Hashable]] = {}
    for n in order:
        d = tree.nodes[n]
        if d.get("kind") == "decision":
            members.setdefault(_key(d), []).append(n)
    plan.sets = {k: v for k, v in members.items() if len(v) >= 2}
    plan.first_member = {v[0]: labels.get(k, "") for k, v in plan.sets.items()}  # depth-first = leftmost

    down = orient == "down"
    # Extents of each node across the direction of growth: (before, after) its centre.
    ext: dict[Hashable, tuple[float, float]] = {}
    for n in order:
        d = tree.nodes[n]
        lines = plan.edge_lines.get((parent.get(n), n), []) if n in parent else []
        if down:
            half = max([_RING] + [_line_width(t, c) / 2 + 2 for t, c in lines])
            if d.get("kind") == "terminal":
                half = max(half, text_width(_fmt_returns(d.get("returns")), _TEXT) / 2 + 2)
            if n in collapsed:
                half = max(half, _RING + 2, text_width(f"+{collapsed[n]}", _SMALL) / 2 + 2)
            before = half
            if n in plan.first_member:
                before = max(before, _RING + 3 + text_width(plan.first_member[n], _TEXT, bold=True))
            ext[n] = (before, half)
        else:
            half = max(_RING, 9.0 * len(lines) + 1)
            before = half
            if n in plan.first_member:
                before = max(before, _RING + _TEXT + 2)
            ext[n] = (before, half)

    # The contour layout across the direction of growth (x when growing down, y when growing right).
    offset: dict[Hashable, float] = {}

    def contour(n: Hashable) -> dict[int, tuple[float, float]]:
        r = rows[n]
        lo, hi = ext[n]
        mine: dict[int, tuple[float, float]] = {r: (-lo, hi)}
        children = kids[n]
        if not children:
            return mine
        acc: dict[int, tuple[float, float]] = {}
        placed: list[float] = []
        for c in children:
            cc = contour(c)
            if not placed:
                at = 0.0
            else:
                shared = [acc[k][1] + _GAP - cc[k][0] for k in cc if k in acc]
                at = max([placed[-1] + 1.0] + shared)
            placed.append(at)
            for k, (a, b) in cc.items():
                if k in acc:
                    acc[k] = (min(acc[k][0], a + at), max(acc[k][1], b + at))
                else:
                    acc[k] = (a + at, b + at)
        centre = (placed[0] + placed[-1]) / 2
        for c, at in zip(children, placed):
            offset[c] = at - centre
        for k, (a, b) in acc.items():
            mine[k] = (a - centre, b - centre) if k not in mine else (min(mine[k][0], a - centre),
                                                                     max(mine[k][1], b - centre))
        return mine

    whole = _contour_with_room(contour, root, kids)
    across: dict[Hashable, float] = {root: 0.0}
    for n in order:
        for c in kids[n]:
            across[c] = across[n] + offset[c]
    low = min(a for a, _ in whole.values())
    high = max(b for _, b in whole.values())

    # Arcs of the information sets: side by side, or over the nodes between two members.
    by_row: dict[int, list[Hashable]] = {}
    for n in order:
        by_row.setdefault(rows[n], []).append(n)
    index: dict[Hashable, int] = {}
    for r, nodes in by_row.items():
        nodes.sort(key=lambda n: across[n])
        index.update((n, i) for i, n in enumerate(nodes))
    for k, (key, nodes) in enumerate(sorted(plan.sets.items(), key=lambda kv: labels.get(kv[0], ""))):
        nodes = sorted(nodes, key=lambda n: across[n])
        segments: list[tuple[Hashable, Hashable, float | None]] = []
        for a, b in zip(nodes, nodes[1:]):
            between = by_row[rows[a]][index[a] + 1:index[b]]
            if not between:
                segments.append((a, b, None))
            elif down:  # under the row: below every decoration of the nodes it passes (payoffs, triangles)
                segments.append((a, b, max(_below(tree, m, collapsed) for m in [a, b, *between]) + 6.0
                                 + 6 * (k % 3)))
            else:  # right of the column: past every decoration of the nodes between, their sets' names too
                reach = [_decor(tree, m, collapsed) for m in between]
                reach += [text_width(plan.first_member[m], _TEXT, bold=True) for m in between if m in plan.first_member]
                segments.append((a, b, max(reach) + 8.0 + 7 * (k % 4)))
        plan.arcs.append((key, segments))

    # Along the direction of growth: fixed rows going down, columns as wide as their labels going right.
    nrows = max(rows.values()) + 1
    if down:
        along = [top + _MARGIN + 40.0 + r * _ROW for r in range(nrows)]
        extent_along = along[-1] + 60.0 + _MARGIN
    else:
        label_w = [0.0] * nrows
        right_w = [_RING] * nrows
        for n in order:
            r = rows[n]
            if n in parent:
                label_w[r] = max([label_w[r]] + [_line_width(t, c) for t, c in plan.edge_lines[parent[n], n]])
            d = tree.nodes[n]
            right_w[r] = max(right_w[r], _decor(tree, n, collapsed) + 4)
        for key, segments in plan.arcs:
            r = rows[segments[0][0]]
            right_w[r] = max([right_w[r], 18.0] + [b + 4 for _, _, b in segments if b is not None])
        along = [_MARGIN + _RING]
        for r in range(1, nrows):
            plan.bus[r] = along[-1] + right_w[r - 1] + _GAP / 2
            along.append(along[-1] + right_w[r - 1] + _GAP + label_w[r] + _RING + 2)
        extent_along = along[-1] + right_w[-1] + _MARGIN
    for n in order:
        a = across[n] - low + _MARGIN
        plan.xy[n] = (a, along[rows[n]]) if down else (along[rows[n]], a + top)
    span = high - low + 2 * _MARGIN
    plan.width, plan.height = (span, extent_along) if down else (extent_along, span + top)
    return plan


def _below(tree: Any, n: Hashable, collapsed: Mapping[Hashable, int]) -> float:
    """How far below its centre a node's drawing reaches when the tree grows down."""
    if n in collapsed:
        return 36.0
    return 24.0 if tree.nodes[n].get("kind") == "terminal" else 10.0


def _decor(tree: Any, n: Hashable, collapsed: Mapping[Hashable, int]) -> float:
    """How far right of its centre a node's drawing reaches when the tree grows right."""
    if n in collapsed:
        return 25 + text_width(f"+{collapsed[n]}", _SMALL)
    d = tree.nodes[n]
    if d.get("kind") == "terminal":
        return 9 + text_width(_fmt_returns(d.get("returns")), _TEXT)
    return 10.0


def _arcs(tree: Any, plan: _Plan, labels: Mapping) -> list[tuple[tuple[Any, Any], str, str, tuple[float, float]]]:
    """``(set key, colour, SVG path, centre of the first member)`` of each drawn information set."""
    out = []
    down = plan.orient == "down"
    for key, segments in plan.arcs:
        colour = PLAYER_COLOURS[key[0] % len(PLAYER_COLOURS)] if isinstance(key[0], int) and key[0] >= 0 else "#999"
        parts = []
        for a, b, bulge in segments:
            (xa, ya), (xb, yb) = plan.xy[a], plan.xy[b]
            if down and bulge is None:  # side by side: a shallow dip between the two discs, under the labels
                parts.append(f"M{xa + 10:.1f},{ya:.1f} Q{(xa + xb) / 2:.1f},{ya + 14:.1f} {xb - 10:.1f},{yb:.1f}")
            elif down:  # out of the right of one disc, down, along under the row, up into the next disc's left
                r = 8.0
                sa, sb = xa + 10 + (8 if a in plan.collapsed else 0), xb - 10 - (8 if b in plan.collapsed else 0)
                parts.append(f"M{xa + 10:.1f},{ya:.1f} H{sa:.1f} V{ya + bulge - r:.1f} "
                             f"Q{sa:.1f},{ya + bulge:.1f} {sa + r:.1f},{ya + bulge:.1f} H{sb - r:.1f} "
                             f"Q{sb:.1f},{ya + bulge:.1f} {sb:.1f},{ya + bulge - r:.1f} V{yb:.1f} H{xb - 10:.1f}")
            elif bulge is None:
                parts.append(f"M{xa:.1f},{ya + 10:.1f} Q{xa + 12:.1f},{(ya + yb) / 2:.1f} {xb:.1f},{yb - 10:.1f}")
            else:  # out below the first member, down beside the nodes between, in above the next
                r = min(16.0, (yb - ya) / 2 - 11)
                out_x = xa + bulge
                parts.append(f"M{xa + 4:.1f},{ya + 11:.1f} Q{out_x:.1f},{ya + 11:.1f} {out_x:.1f},{ya + 11 + r:.1f} "
                             f"V{yb - 11 - r:.1f} Q{out_x:.1f},{yb - 11:.1f} {xb + 4:.1f},{yb - 11:.1f}")
        first = segments[0][0]
        out.append((key, colour, " ".join(parts), plan.xy[first]))
    return out


def _contour_with_room(contour: Any, root: Hashable, kids: Mapping) -> dict[int, tuple[float, float]]:
    """``contour(root)``, with room on the stack for deep trees."""
    import sys

    depth_needed = 0
    stack = [(root, 1)]
    while stack:  # the drawn tree's height bounds the recursion
        n, k = stack.pop()
        depth_needed = max(depth_needed, k)
        stack.extend((c, k + 1) for c in kids[n])
    limit = sys.getrecursionlimit()
    if depth_needed + 100 > limit:
        sys.setrecursionlimit(depth_needed + 200)
    try:
        return contour(root)
    finally:
        sys.setrecursionlimit(limit)


def layout(tree: Any, max_depth: int | None = None, max_leaves: int = 120, root: Hashable | None = None, *,
           strategy: Mapping[tuple[int, Any], Mapping[str, float]] | None = None, show_actions: bool = True,
           orient: str = "down") -> tuple[dict[Hashable, tuple[float, float]], dict[Hashable, int]]:
    """Centres ``{node: (x, y)}`` (pixels, y downwards) of the drawn nodes and ``{collapsed node: hidden count}``.

    The layout :func:`draw` uses (same parameters): every drawn member of an
    information set has the same ``y`` (the same ``x`` with ``orient="right"``),
    and subtrees sit as close together as their labels allow.
    """
    plan = _plan(tree, max_depth=max_depth, max_leaves=max_leaves, root=root, strategy=strategy,
                 show_actions=show_actions, orient=orient)
    return dict(plan.xy), dict(plan.collapsed)


# ---------------------------------------------------------------------------- SVG
def draw(
    tree: Any,
    *,
    max_depth: int | None = None,
    max_leaves: int = 120,
    strategy: Mapping[tuple[int, Any], Mapping[str, float]] | None = None,
    highlight: Iterable[Hashable] = (),
    selected: Hashable | None = None,
    show_actions: bool = True,
    title: str | None = None,
    root: Hashable | None = None,
    orient: str = "down",
    fit: bool | None = None,
) -> str:
    """The tree as an SVG document (a string).

    Parameters
    ----------
    tree
        A game tree (``networkx.DiGraph`` with the attributes of :mod:`kit.trees.build`).
    max_depth, max_leaves
        Draw down to ``max_depth`` (default: as deep as keeps at most
        ``max_leaves`` leaves, and with a ``strategy`` at least one level
        below the first decision, so that the strategy shows); deeper
        subtrees collapse into a triangle.
    strategy
        ``{(player, infoset): {action: probability}}``: probabilities are
        written on decision edges (``p=…``) and widen them.
    highlight
        Nodes to ring (e.g. an information set).
    selected
        One node to mark as selected.
    show_actions
        Write action notation on edges.
    title
        A caption above the tree.
    root
        Draw only the subtree below this node (depths count from it).
    orient
        ``"down"`` (the root on top, as in textbooks) or ``"right"`` (the
        root on the left: leaves stack downwards, which suits a narrow pane).
    fit
        ``True``: ``width="100%"`` between the natural width (``max-width``) and
        :data:`MIN_SCALE` of it (``min-width``: the text stays at 12 px or more, a
        wider picture scrolls); ``False``: the natural size in pixels; ``None``
        (default): fit when wider than 720 px.
    """
    top = 26.0 if title else 0.0
    plan = _plan(tree, max_depth=max_depth, max_leaves=max_leaves, root=root, strategy=strategy,
                 show_actions=show_actions, orient=orient, top=top)
    labels = infoset_labels(tree)
    highlight = set(highlight)
    down = orient == "down"
    xy = plan.xy
    width, height = plan.width, plan.height
    root_node = plan.order[0]
    if fit is None:
        fit = width > 720
    # fitted: as wide as its place, between the natural size and MIN_SCALE of it (then it scrolls)
    size = (f'width="100%" style="max-width:{width:.0f}px;min-width:{width * MIN_SCALE:.0f}px;height:auto"' if fit
            else f'width="{width:.0f}" height="{height:.0f}"')
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="0 0 {width:.0f} {height:.0f}" '
           f'font-family="{FONT_FAMILY}" font-size="{_TEXT:.0f}" role="img" '
           f'aria-label="{escape(title or "game tree")}" data-orient="{orient}" data-min-scale="{MIN_SCALE:g}">']
    out.append('<style>.kit-node{cursor:pointer}.kit-edge{stroke:#555}.kit-lbl{fill:#333}'
               '.kit-prob{fill:#4a7a1c;font-weight:bold}</style>')
    if title:
        out.append(f'<text class="kit-title" x="{width / 2:.1f}" y="{_MARGIN + 6:.1f}" text-anchor="middle" '
                   f'font-size="14" font-weight="bold">{escape(title)}</text>')

    # Edges first, so that nodes paint over them.
    for (u, v), lines in plan.edge_lines.items():
        (x1, y1), (x2, y2) = xy[u], xy[v]
        stroke = 1.2
        ud = tree.nodes[u]
        if strategy is not None and ud.get("kind") == "decision":
            p = strategy.get(_key(ud), {}).get(tree.edges[u, v].get("action"))
            if p is not None:
                stroke = 1 + 4 * float(p)
        if down:
            out.append(f'<line class="kit-edge" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                       f'stroke-width="{stroke:.1f}"/>')
        else:  # an elbow: along the parent's row to its children's bus, then to the child's row
            bus = plan.bus[plan.rows[v]]
            out.append(f'<path class="kit-edge" d="M{x1:.1f},{y1:.1f} H{bus:.1f} V{y2:.1f} H{x2:.1f}" fill="none" '
                       f'stroke-width="{stroke:.1f}"/>')

    # Information sets: dashed arcs between neighbouring members (all on one level), drawn under the
    # labels: a short arc between two members side by side, a high arc (each set at its own height, so
    # that interleaved sets stay apart) over the nodes between two members further apart.
    for key, colour, d, (x0, y0) in _arcs(tree, plan, labels):
        out.append(f'<path class="kit-infoset" d="{d}" fill="none" stroke="{colour}" '
                   f'stroke-width="1.8" stroke-dasharray="5,4" opacity="0.85"><title>{escape(labels.get(key, ""))}: '
                   f'{escape(str(key[1]))[-300:]}</title></path>')
        if down:
            at = f'x="{x0 - _RING - 2:.1f}" y="{y0 + 4:.1f}" text-anchor="end"'
        else:
            at = f'x="{x0 - 4:.1f}" y="{y0 - _RING - 2:.1f}" text-anchor="start"'
        out.append(f'<text class="kit-set" {at} fill="{colour}" font-weight="bold">'
                   f'{escape(labels.get(key, ""))}</text>')

    # Edge labels, just above (down) or left of (right) the node each edge leads to.
    for (u, v), lines in plan.edge_lines.items():
        x, y = xy[v]
        for i, (text, cls) in enumerate(lines):
            if down:
                ty = y - 14 - _LINE * (len(lines) - 1 - i)
                at = f'x="{x:.1f}" y="{ty:.1f}" text-anchor="middle"'
            else:
                ty = y - 4 if i == 0 else y + 14  # above and below the edge coming in
                at = f'x="{x - _RING - 1:.1f}" y="{ty:.1f}" text-anchor="end"'
            out.append(f'<text class="{cls}" {at} font-size="{_LABEL:.0f}" paint-order="stroke" stroke="#fff" '
                       f'stroke-width="3" stroke-linejoin="round">{escape(text)}</text>')

    # Nodes.
    for n in plan.order:
        d = tree.nodes[n]
        x, y = xy[n]
        kind = d.get("kind")
        tip = escape(_tooltip(n, d, labels))
        attrs = f'class="kit-node" data-node="{escape(str(n))}"' + (' data-anchor="root"' if n == root_node else "")
        ring = ""
        if n in highlight or n == selected:
            colour = "#000" if n == selected else "#F0C000"
            ring = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{_RING:.0f}" fill="none" stroke="{colour}" stroke-width="3"/>'
        if kind == "chance":
            body = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="#fff" stroke="#333" stroke-width="1.5"/>'
        elif kind == "decision":
            p = d.get("player", 0)
            colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
            body = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="10" fill="{colour}"/>'
                    f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" fill="#fff" '
                    f'font-weight="bold">{p}</text>')
        else:
            at = (f'x="{x:.1f}" y="{y + 20:.1f}" text-anchor="middle"' if down
                  else f'x="{x + 9:.1f}" y="{y + 4:.1f}" text-anchor="start"')
            body = (f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" fill="#333"/>'
                    f'<text class="kit-pay" {at}>{escape(_fmt_returns(d.get("returns")))}</text>')
        if n in plan.collapsed:
            if down:
                body += (f'<path d="M{x:.1f},{y + 10:.1f} l-14,26 h28 z" fill="#ddd" stroke="#888"/>'
                         f'<text class="kit-count" x="{x:.1f}" y="{y + 32:.1f}" text-anchor="middle" '
                         f'font-size="{_SMALL:.0f}">+{plan.collapsed[n]}</text>')
            else:
                body += (f'<path d="M{x + 10:.1f},{y:.1f} l12,-7 v14 z" fill="#ddd" stroke="#888"/>'
                         f'<text class="kit-count" x="{x + 25:.1f}" y="{y + 3:.1f}" text-anchor="start" '
                         f'font-size="{_SMALL:.0f}">+{plan.collapsed[n]}</text>')
        out.append(f'<g {attrs}><title>{tip}</title>{ring}{body}</g>')
    out.append("</svg>")
    return "".join(out)


def _tooltip(n: Hashable, d: Mapping[str, Any], labels: Mapping) -> str:
    kind = d.get("kind")
    if kind == "decision":
        key = _key(d)
        return f"node {n}: p{d.get('player')} to move, {labels.get(key, '')}\n{str(d.get('infoset'))[-400:]}"
    if kind == "chance":
        return f"node {n}: chance"
    return f"node {n}: end, returns {_fmt_returns(d.get('returns'))}"


def draw_matplotlib(tree: Any, ax: Any = None, *, max_depth: int | None = None, max_leaves: int = 120,
                    strategy: Mapping[tuple[int, Any], Mapping[str, float]] | None = None,
                    show_actions: bool = True, root: Hashable | None = None) -> Any:
    """The same drawing on a matplotlib ``Axes`` (for papers and printouts); returns the axes.

    matplotlib is imported here, only when asked for (``pip install matplotlib``).
    Layout, glyphs and information-set arcs follow :func:`draw` (the tree grows down).

    >>> import matplotlib                                   # doctest: +SKIP
    >>> from kit.trees import build_tree                    # doctest: +SKIP
    >>> from kit.trees.examples import KuhnPoker            # doctest: +SKIP
    >>> ax = draw_matplotlib(build_tree(KuhnPoker()))       # doctest: +SKIP
    """
    import matplotlib.pyplot as plt  # optional, only for this function
    from matplotlib.patches import PathPatch
    from matplotlib.path import Path

    plan = _plan(tree, max_depth=max_depth, max_leaves=max_leaves, root=root, strategy=strategy,
                 show_actions=show_actions, orient="down")
    labels = infoset_labels(tree)
    if ax is None:
        _, ax = plt.subplots(figsize=(min(max(6.0, plan.width / 80), 40), min(max(3.0, plan.height / 80), 30)))
    xy = {n: (x, -y) for n, (x, y) in plan.xy.items()}
    for (u, v), lines in plan.edge_lines.items():
        (x1, y1), (x2, y2) = xy[u], xy[v]
        lw = 1.0
        ud = tree.nodes[u]
        if strategy is not None and ud.get("kind") == "decision":
            p = strategy.get(_key(ud), {}).get(tree.edges[u, v].get("action"))
            if p is not None:
                lw = 1 + 3 * float(p)
        ax.plot([x1, x2], [y1, y2], color="#555", lw=lw, zorder=1)
        if lines:
            ax.text(x2, y2 + 22, "\n".join(t for t, _ in lines), fontsize=6, ha="center", va="center",
                    bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.8), zorder=2)
    for k, (key, nodes) in enumerate(sorted(plan.sets.items(), key=lambda kv: labels.get(kv[0], ""))):
        colour = PLAYER_COLOURS[key[0] % len(PLAYER_COLOURS)]
        nodes = sorted(nodes, key=lambda n: xy[n][0])
        bulge = 14 + 9 * (k % 4)  # as in the SVG: each set at its own height
        for a, b in zip(nodes, nodes[1:]):
            (xa, ya), (xb, yb) = xy[a], xy[b]
            path = Path([(xa, ya + 10), ((xa + xb) / 2, ya + 10 + 2 * bulge), (xb, yb + 10)],
                        [Path.MOVETO, Path.CURVE3, Path.CURVE3])
            ax.add_patch(PathPatch(path, fill=False, linestyle="--", edgecolor=colour, lw=1.2, zorder=1))
        ax.text(xy[nodes[0]][0] - 16, xy[nodes[0]][1], labels.get(key, ""), color=colour, fontsize=7,
                ha="right", va="center", fontweight="bold")
    for n, (x, y) in xy.items():
        nd = tree.nodes[n]
        kind = nd.get("kind")
        if kind == "chance":
            ax.scatter([x], [y], s=80, facecolor="white", edgecolor="#333", zorder=3)
        elif kind == "decision":
            p = nd.get("player", 0)
            ax.scatter([x], [y], s=140, color=PLAYER_COLOURS[p % len(PLAYER_COLOURS)], zorder=3)
            ax.text(x, y, str(p), color="white", fontsize=7, ha="center", va="center", fontweight="bold", zorder=4)
        else:
            ax.scatter([x], [y], s=30, marker="s", color="#333", zorder=3)
            ax.text(x, y - 12, _fmt_returns(nd.get("returns")), fontsize=6, ha="center", va="top")
        if n in plan.collapsed:
            ax.text(x, y - 14, f"+{plan.collapsed[n]}", fontsize=6, ha="center", va="top", color="#666")
    ax.set_axis_off()
    ax.margins(0.05, 0.15)
    return ax

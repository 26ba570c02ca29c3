"""Draw a game tree the way a game-theory textbook does, as SVG text.

* chance nodes: open circles, probabilities on their edges;
* decision nodes: discs coloured by player, the seat number inside;
* leaves: the payoffs below them;
* an information set with two or more drawn members: its nodes joined by a
  dashed line in the player's colour, labelled ``I<player>.<k>``;
* below ``max_depth`` (chosen automatically so that at most ``max_leaves``
  leaves are drawn) a subtree collapses into a triangle with its node count.

:func:`draw_matplotlib` makes the same drawing on a matplotlib ``Axes``
(matplotlib is imported only then).

Only the graph attributes of DESIGN.md are read (``kind``, ``player``,
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
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any, Hashable, Iterable, Mapping

__all__ = ["draw", "draw_matplotlib", "layout", "PLAYER_COLOURS", "infoset_labels", "root_of"]

#: Fill colours of seats 0, 1, 2, ... (colour-blind safe, Okabe–Ito).
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")


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


def layout(tree: Any, max_depth: int | None = None, max_leaves: int = 120, root: Hashable | None = None
           ) -> tuple[dict[Hashable, tuple[float, int]], dict[Hashable, int]]:
    """Positions ``{node: (x, depth)}`` of the drawn nodes and ``{collapsed node: hidden count}``.

    Leaves of the drawing sit at x = 0, 1, 2, ... in depth-first order;
    a parent is centred over its first and last child.  ``root`` draws the
    subtree below one node (default: the whole tree).
    """
    root = root_of(tree) if root is None else root
    if max_depth is None:
        max_depth = _auto_depth(tree, root, max_leaves)
    pos: dict[Hashable, tuple[float, int]] = {}
    collapsed: dict[Hashable, int] = {}
    next_x = [0.0]

    def place(node: Hashable, depth: int) -> float:
        kids = _children(tree, node)
        if kids and depth >= max_depth:
            collapsed[node] = _count_below(tree, node)
            kids = []
        if not kids:
            x = next_x[0]
            next_x[0] += 1.0
        else:
            xs = [place(k, depth + 1) for k in kids]
            x = (xs[0] + xs[-1]) / 2
        pos[node] = (x, depth)
        return x

    place(root, 0)
    return pos, collapsed


def _count_below(tree: Any, node: Hashable) -> int:
    count, stack = 0, _children(tree, node)
    while stack:
        n = stack.pop()
        count += 1
        stack.extend(_children(tree, n))
    return count


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


def draw(
    tree: Any,
    *,
    max_depth: int | None = None,
    max_leaves: int = 120,
    strategy: Mapping[tuple[int, Any], Mapping[str, float]] | None = None,
    highlight: Iterable[Hashable] = (),
    selected: Hashable | None = None,
    show_actions: bool = True,
    dx: float = 56.0,
    dy: float = 74.0,
    title: str | None = None,
    root: Hashable | None = None,
) -> str:
    """The tree as an SVG document (a string).

    Parameters
    ----------
    tree
        A game tree (``networkx.DiGraph`` with DESIGN.md's attributes).
    max_depth, max_leaves
        Draw down to ``max_depth`` (default: as deep as keeps at most
        ``max_leaves`` leaves); deeper subtrees collapse into a triangle.
    strategy
        ``{(player, infoset): {action: probability}}``: probabilities are
        written on decision edges and widen them.
    highlight
        Nodes to ring (e.g. an information set).
    selected
        One node to mark as selected.
    show_actions
        Write action notation on edges.
    dx, dy
        Spacing between leaves and between levels, in pixels.
    title
        A caption above the tree.
    root
        Draw only the subtree below this node (depths count from it).
    """
    pos, collapsed = layout(tree, max_depth, max_leaves, root)
    labels = infoset_labels(tree)
    if show_actions:  # leave room for the longest edge label between neighbouring leaves
        longest = max((len(str(d.get("action", ""))) for u, v, d in tree.edges(data=True)
                       if u in pos and v in pos), default=0)
        dx = max(dx, 6.0 * longest + 10)
    highlight = set(highlight)
    top = 34 if title else 16
    margin = 40

    def xy(n: Hashable) -> tuple[float, float]:
        x, depth = pos[n]
        return margin + x * dx, top + 20 + depth * dy

    width = margin * 2 + max((p[0] for p in pos.values()), default=0) * dx
    height = top + 20 + max((p[1] for p in pos.values()), default=0) * dy + 60
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="11" '
           f'role="img" aria-label="{escape(title or "game tree")}">']
    out.append('<style>.kit-node{cursor:pointer}.kit-edge{stroke:#555}.kit-lbl{fill:#333}</style>')
    if title:
        out.append(f'<text x="{width / 2:.1f}" y="18" text-anchor="middle" font-size="14" '
                   f'font-weight="bold">{escape(title)}</text>')

    # Edges first, so nodes paint over them.
    for u, v, d in tree.edges(data=True):
        if u not in pos or v not in pos:
            continue
        (x1, y1), (x2, y2) = xy(u), xy(v)
        width_px = 1.2
        label = str(d.get("action", "")) if show_actions else ""
        second = ""
        prob = d.get("prob")
        ud = tree.nodes[u]
        if prob is not None:
            second = _fmt_prob(prob)
        elif strategy is not None and ud.get("kind") == "decision":
            p = strategy.get((ud.get("player"), ud.get("infoset")), {}).get(d.get("action"))
            if p is not None:
                second = f"p={_fmt_prob(float(p))}"
                width_px = 1 + 4 * float(p)
        out.append(f'<line class="kit-edge" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                   f'stroke-width="{width_px:.1f}"/>')
        # Labels sit near the child, where siblings are a full leaf spacing apart.
        lx, ly = x1 + (x2 - x1) * 0.72, y1 + (y2 - y1) * 0.72
        if label:
            out.append(f'<text class="kit-lbl" x="{lx:.1f}" y="{ly - 4:.1f}" text-anchor="middle" '
                       f'font-size="10" paint-order="stroke" stroke="#fff" stroke-width="3">{escape(label)}</text>')
        if second:
            out.append(f'<text x="{lx:.1f}" y="{ly + 8:.1f}" text-anchor="middle" font-size="10" '
                       f'fill="#7a3" font-weight="bold" paint-order="stroke" stroke="#fff" '
                       f'stroke-width="3">{escape(second)}</text>')

    # Information sets: a dashed line through their drawn members.
    members: dict[tuple[int, Any], list[Hashable]] = {}
    for n in pos:
        d = tree.nodes[n]
        if d.get("kind") == "decision":
            members.setdefault((d.get("player"), d.get("infoset")), []).append(n)
    for k, (key, nodes) in enumerate(sorted(members.items(), key=lambda kv: labels.get(kv[0], ""))):
        if len(nodes) < 2:
            continue
        nodes.sort(key=lambda n: (pos[n][1], pos[n][0]))
        colour = PLAYER_COLOURS[key[0] % len(PLAYER_COLOURS)] if isinstance(key[0], int) and key[0] >= 0 else "#999"
        # Consecutive members joined by dashed arcs; each set bulges to its own height,
        # so interleaved sets on one level stay apart.
        bulge = 14 + 9 * (k % 4)
        segments = []
        for a, b in zip(nodes, nodes[1:]):
            (xa, ya), (xb, yb) = xy(a), xy(b)
            if ya == yb:
                segments.append(f"M{xa:.1f},{ya - 10:.1f} Q{(xa + xb) / 2:.1f},{ya - 10 - 2 * bulge:.1f} "
                                f"{xb:.1f},{yb - 10:.1f}")
            else:
                segments.append(f"M{xa:.1f},{ya:.1f} L{xb:.1f},{yb:.1f}")
        out.append(f'<path d="{" ".join(segments)}" fill="none" stroke="{colour}" stroke-width="1.8" '
                   f'stroke-dasharray="5,4" opacity="0.85"><title>{escape(labels.get(key, ""))}: '
                   f'{escape(str(key[1]))[-300:]}</title></path>')
        x0, y0 = xy(nodes[0])
        out.append(f'<text x="{x0 - 12:.1f}" y="{y0 - 11:.1f}" text-anchor="end" fill="{colour}" '
                   f'font-weight="bold">{escape(labels.get(key, ""))}</text>')

    # Nodes.
    for n in pos:
        d = tree.nodes[n]
        x, y = xy(n)
        kind = d.get("kind")
        tip = escape(_tooltip(n, d, labels))
        attrs = f'class="kit-node" data-node="{escape(str(n))}"'
        ring = ""
        if n in highlight or n == selected:
            colour = "#000" if n == selected else "#F0C000"
            ring = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="14" fill="none" stroke="{colour}" stroke-width="3"/>'
        if kind == "chance":
            body = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="#fff" stroke="#333" stroke-width="1.5"/>'
        elif kind == "decision":
            p = d.get("player", 0)
            colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
            body = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="10" fill="{colour}"/>'
                    f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" fill="#fff" '
                    f'font-weight="bold">{p}</text>')
        else:
            body = (f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" fill="#333"/>'
                    f'<text x="{x:.1f}" y="{y + 18:.1f}" text-anchor="middle" class="kit-lbl">'
                    f'{escape(_fmt_returns(d.get("returns")))}</text>')
        if n in collapsed:
            body += (f'<path d="M{x:.1f},{y + 10:.1f} l-14,26 h28 z" fill="#ddd" stroke="#888"/>'
                     f'<text x="{x:.1f}" y="{y + 32:.1f}" text-anchor="middle" font-size="9">'
                     f'+{collapsed[n]}</text>')
        out.append(f'<g {attrs}><title>{tip}</title>{ring}{body}</g>')
    out.append("</svg>")
    return "".join(out)


def _tooltip(n: Hashable, d: Mapping[str, Any], labels: Mapping) -> str:
    kind = d.get("kind")
    if kind == "decision":
        key = (d.get("player"), d.get("infoset"))
        return f"node {n}: p{d.get('player')} to move, {labels.get(key, '')}\n{str(d.get('infoset'))[-400:]}"
    if kind == "chance":
        return f"node {n}: chance"
    return f"node {n}: end, returns {_fmt_returns(d.get('returns'))}"


def draw_matplotlib(tree: Any, ax: Any = None, *, max_depth: int | None = None, max_leaves: int = 120,
                    strategy: Mapping[tuple[int, Any], Mapping[str, float]] | None = None,
                    show_actions: bool = True, root: Hashable | None = None) -> Any:
    """The same drawing on a matplotlib ``Axes`` (for papers and printouts); returns the axes.

    matplotlib is imported here, only when asked for (``pip install matplotlib``).
    Layout, glyphs and information-set arcs follow :func:`draw`.

    >>> import matplotlib                                   # doctest: +SKIP
    >>> from kit.trees import build_tree                    # doctest: +SKIP
    >>> from kit.trees.examples import KuhnPoker            # doctest: +SKIP
    >>> ax = draw_matplotlib(build_tree(KuhnPoker()))       # doctest: +SKIP
    """
    import matplotlib.pyplot as plt  # optional, only for this function
    from matplotlib.patches import PathPatch
    from matplotlib.path import Path

    pos, collapsed = layout(tree, max_depth, max_leaves, root)
    labels = infoset_labels(tree)
    if ax is None:
        width = max(6.0, 0.45 * (max((p[0] for p in pos.values()), default=0) + 2))
        height = max(3.0, 1.1 * (max((p[1] for p in pos.values()), default=0) + 1))
        _, ax = plt.subplots(figsize=(min(width, 40), min(height, 30)))
    xy = {n: (x, -1.6 * d) for n, (x, d) in pos.items()}
    for u, v, d in tree.edges(data=True):
        if u not in xy or v not in xy:
            continue
        (x1, y1), (x2, y2) = xy[u], xy[v]
        lw = 1.0
        text = str(d.get("action", "")) if show_actions else ""
        ud = tree.nodes[u]
        if d.get("prob") is not None:
            text += f"\n{_fmt_prob(d['prob'])}"
        elif strategy is not None and ud.get("kind") == "decision":
            p = strategy.get((ud.get("player"), ud.get("infoset")), {}).get(d.get("action"))
            if p is not None:
                text += f"\np={_fmt_prob(float(p))}"
                lw = 1 + 3 * float(p)
        ax.plot([x1, x2], [y1, y2], color="#555", lw=lw, zorder=1)
        if text:
            ax.text(x1 + (x2 - x1) * 0.72, y1 + (y2 - y1) * 0.72, text, fontsize=6, ha="center", va="center",
                    bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.8), zorder=2)
    members: dict[tuple[int, Any], list[Hashable]] = {}
    for n in pos:
        nd = tree.nodes[n]
        if nd.get("kind") == "decision":
            members.setdefault((nd.get("player"), nd.get("infoset")), []).append(n)
    for k, (key, nodes) in enumerate(sorted(members.items(), key=lambda kv: labels.get(kv[0], ""))):
        if len(nodes) < 2:
            continue
        colour = PLAYER_COLOURS[key[0] % len(PLAYER_COLOURS)]
        nodes.sort(key=lambda n: (pos[n][1], pos[n][0]))
        bulge = 0.35 + 0.15 * (k % 4)  # as in the SVG: each set at its own height
        for a, b in zip(nodes, nodes[1:]):
            (xa, ya), (xb, yb) = xy[a], xy[b]
            path = Path([(xa, ya), ((xa + xb) / 2, max(ya, yb) + 2 * bulge), (xb, yb)],
                        [Path.MOVETO, Path.CURVE3, Path.CURVE3])
            ax.add_patch(PathPatch(path, fill=False, linestyle="--", edgecolor=colour, lw=1.2, zorder=1))
        ax.text(xy[nodes[0]][0] - 0.2, xy[nodes[0]][1] + 0.15, labels.get(key, ""), color=colour, fontsize=7,
                ha="right", fontweight="bold")
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
            ax.text(x, y - 0.25, _fmt_returns(nd.get("returns")), fontsize=6, ha="center", va="top")
        if n in collapsed:
            ax.text(x, y - 0.3, f"+{collapsed[n]}", fontsize=6, ha="center", va="top", color="#666")
    ax.set_axis_off()
    ax.margins(0.05, 0.15)
    return ax

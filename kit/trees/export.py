"""Write game trees for other tools: Gambit ``.efg``, GraphML, node-link JSON.

* :func:`to_efg` gives the text of Gambit's extensive-form format (no Gambit
  needed to write it).  Chance probabilities are exact fractions such as
  ``1/3``: Gambit refuses decimals that do not sum to exactly one.  Payoffs are
  the leaves' ``returns`` as they are (not the zero-sum difference the solvers
  use).
* :func:`to_graphml` and :func:`to_node_link` go through networkx.  GraphML
  and JSON know no fractions or tuples: probabilities are written as text
  (``"1/3"``), ``returns`` and ``history`` as JSON text in GraphML and as
  lists in node-link data.  :func:`from_node_link` reads node-link data back.

Examples
--------
>>> from kit.trees import build_tree, to_efg
>>> from kit.trees.examples import KuhnPoker
>>> print("\\n".join(to_efg(build_tree(KuhnPoker()), title="Kuhn poker").splitlines()[:5]))
EFG 2 R "Kuhn poker" { "Player 1" "Player 2" }
"kit.trees: KuhnPoker()"
c "" 1 "" { "deal J" 1/3 "deal Q" 1/3 "deal K" 1/3 } 0
c "" 2 "" { "deal Q" 1/2 "deal K" 1/2 } 0
p "" 1 1 "p0 J |" { "check" "bet" } 0
"""

from __future__ import annotations

import json
from fractions import Fraction
from os import PathLike
from typing import Any, Sequence

import networkx as nx

from ..core.errors import KitError

__all__ = ["to_efg", "to_graphml", "to_node_link", "from_node_link"]


def _quote(text: Any) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _number(x: Any) -> str:
    if isinstance(x, bool):
        return str(int(x))
    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    if isinstance(x, int):
        return str(x)
    if isinstance(x, float):
        if x != x or x in (float("inf"), float("-inf")):
            raise KitError(f"cannot write the payoff {x!r} in a .efg file")
        return repr(x)
    return _number(Fraction(x))


def to_efg(tree: nx.DiGraph, title: str | None = None, players: Sequence[str] | None = None) -> str:
    """The tree in Gambit's extensive-form (``.efg``) text format.

    Parameters
    ----------
    tree
        A tree from :func:`kit.trees.build_tree`.
    title
        The game's title (default: ``tree.graph["game"]`` or ``"game tree"``).
    players
        Names of the seats (default ``"Player 1"``, ``"Player 2"``, ...).

    Returns
    -------
    str
        Nodes in prefix order, one per line.  Information sets are numbered per
        player in order of first appearance and named by the information state;
        every chance node is its own chance event; each leaf has its own
        outcome whose payoffs are the leaf's ``returns``.

    Examples
    --------
    >>> import networkx as nx
    >>> from fractions import Fraction
    >>> from kit.trees import to_efg
    >>> t = nx.DiGraph(root=0, num_players=2)
    >>> t.add_node(0, kind="chance", player=-1, infoset=None)
    >>> t.add_node(1, kind="terminal", player=-4, returns=(1, -1))
    >>> t.add_node(2, kind="terminal", player=-4, returns=(Fraction(-1, 2), Fraction(1, 2)))
    >>> t.add_edge(0, 1, action='say "hi"', prob=Fraction(1, 3))
    >>> t.add_edge(0, 2, action="stay", prob=Fraction(2, 3))
    >>> print(to_efg(t, title="coin"))
    EFG 2 R "coin" { "Player 1" "Player 2" }
    ""
    c "" 1 "" { "say \\"hi\\"" 1/3 "stay" 2/3 } 0
    t "" 1 "" { 1, -1 }
    t "" 2 "" { -1/2, 1/2 }
    <BLANKLINE>
    """
    n = tree.graph.get("num_players") or 0
    if not n:
        leaf = next((d for _, d in tree.nodes(data=True) if d["kind"] == "terminal"), None)
        n = len(leaf["returns"]) if leaf else 1
    names = list(players) if players is not None else [f"Player {i + 1}" for i in range(n)]
    if len(names) != n:
        raise KitError(f"the tree has {n} players, got {len(names)} names")
    game = tree.graph.get("game")
    lines = [f"EFG 2 R {_quote(title or game or 'game tree')} {{ {' '.join(map(_quote, names))} }}",
             _quote(f"kit.trees: {game}" if game else "")]
    numbers: dict[tuple[int, Any], int] = {}
    per_player: dict[int, int] = {}
    events = outcomes = 0
    nodes, succ = tree._node, tree._succ
    for node in nx.dfs_preorder_nodes(tree, tree.graph.get("root", 0)):
        d = nodes[node]
        kind = d["kind"]
        if kind == "terminal":
            outcomes += 1
            pay = ", ".join(_number(r) for r in d["returns"])
            lines.append(f't "" {outcomes} "" {{ {pay} }}')
        elif kind == "chance":
            events += 1
            acts = " ".join(f"{_quote(e['action'])} {_number(e['prob'])}" for e in succ[node].values())
            lines.append(f'c "" {events} "" {{ {acts} }} 0')
        else:
            p = d["player"]
            key = (p, d["infoset"])
            if key not in numbers:
                per_player[p] = numbers[key] = per_player.get(p, 0) + 1
            acts = " ".join(_quote(e["action"]) for e in succ[node].values())
            lines.append(f'p "" {p + 1} {numbers[key]} {_quote(d["infoset"])} {{ {acts} }} 0')
    return "\n".join(lines) + "\n"


def _plain(x: Any) -> Any:
    """A JSON-ready copy: Fractions as text, tuples as lists, other objects as text."""
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, Fraction):
        return _number(x)
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return str(x)


def _converted(tree: nx.DiGraph, *, text: bool) -> nx.DiGraph:
    """A copy of ``tree`` with attributes GraphML (``text``) or JSON can hold."""
    out = nx.DiGraph()
    out.graph.update({k: _plain(v) for k, v in tree.graph.items()})
    for node, d in tree.nodes(data=True):
        attrs = {}
        for k, v in d.items():
            if v is None and text:
                continue  # GraphML has no null: leave the attribute out
            v = _plain(v)
            if text and isinstance(v, list):
                v = json.dumps(v)
            attrs[k] = v
        out.add_node(node, **attrs)
    for u, v, d in tree.edges(data=True):
        out.add_edge(u, v, **{k: _plain(x) for k, x in d.items()})
    return out


def to_graphml(tree: nx.DiGraph, path: str | PathLike) -> None:
    """Write the tree as GraphML (for yEd, Gephi, Cytoscape, ...).

    ``prob`` is written as text (``"1/3"``), ``returns`` and ``history`` as JSON
    text (``"[1, -1]"``); attributes that are ``None`` are left out.

    Examples
    --------
    >>> import os, tempfile
    >>> import networkx as nx
    >>> from kit.trees import build_tree, to_graphml
    >>> from kit.trees.examples import KuhnPoker
    >>> path = os.path.join(tempfile.mkdtemp(), "kuhn.graphml")
    >>> to_graphml(build_tree(KuhnPoker()), path)
    >>> g = nx.read_graphml(path, node_type=int)
    >>> g.number_of_nodes(), g.edges[0, 1]["prob"], g.nodes[4]["returns"]
    (58, '1/3', '[-1, 1]')
    """
    nx.write_graphml(_converted(tree, text=True), path)


def to_node_link(tree: nx.DiGraph) -> dict[str, Any]:
    """The tree as a JSON-ready node-link dict (``networkx.node_link_data``).

    ``prob`` becomes text (``"1/3"``), tuples become lists.

    Examples
    --------
    >>> import json
    >>> from kit.trees import build_tree, to_node_link
    >>> from kit.trees.examples import KuhnPoker
    >>> data = to_node_link(build_tree(KuhnPoker()))
    >>> data["graph"]["root"], data["nodes"][4], data["edges"][0]
    (0, {'kind': 'terminal', 'player': -4, 'infoset': None, 'returns': [-1, 1], 'history': ['deal J', 'deal Q', 'check', 'check'], 'depth': 4, 'id': 4}, {'action': 'deal J', 'prob': '1/3', 'source': 0, 'target': 1})
    >>> len(json.dumps(data)) > 0
    True
    """
    return nx.node_link_data(_converted(tree, text=False), edges="edges")


def from_node_link(data: dict[str, Any]) -> nx.DiGraph:
    """Read :func:`to_node_link` data back: probabilities as Fractions, tuples again.

    Information states come back as they were written (text stays text).

    Examples
    --------
    >>> from kit.trees import build_tree, to_node_link, from_node_link, solve
    >>> from kit.trees.examples import KuhnPoker
    >>> tree = build_tree(KuhnPoker())
    >>> back = from_node_link(to_node_link(tree))
    >>> back.edges[0, 1]["prob"], back.nodes[4]["returns"]
    (Fraction(1, 3), (-1, 1))
    >>> round(solve(back).value, 6)
    -0.055556
    """
    g = nx.node_link_graph(data, directed=True, edges="edges")
    for _, d in g.nodes(data=True):
        if isinstance(d.get("infoset"), list):  # a tuple information state, written as a list
            d["infoset"] = _tuples(d["infoset"])
        for k in ("returns", "history"):
            if isinstance(d.get(k), list):
                d[k] = tuple(Fraction(v) if k == "returns" and isinstance(v, str) else v for v in d[k])
    for _, _, d in g.edges(data=True):
        if "prob" in d:
            d["prob"] = Fraction(d["prob"])
    return g


def _tuples(x: Any) -> Any:
    return tuple(_tuples(v) for v in x) if isinstance(x, list) else x

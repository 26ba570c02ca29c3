"""Expand a protocol state into its whole game tree, a :class:`networkx.DiGraph`.

The tree is built from the protocol alone (``current_player``,
``legal_actions``, ``chance_outcomes``, ``child``, ``is_terminal``,
``returns``, ``information_state`` and ``str(action)``), so it works for any
game that speaks it, including games the kit does not ship.

Node ids are ints ``0, 1, 2, ...`` in depth-first (prefix) order: a node comes
before its children, and the children of a node come in the order of
``legal_actions()`` (``chance_outcomes()`` at chance nodes).  The root is
``tree.graph["root"]`` (always ``0``).

Node attributes:

``kind``
    ``"chance"``, ``"decision"`` or ``"terminal"``.
``player``
    the seat to act; :data:`kit.core.CHANCE` at chance nodes,
    :data:`kit.core.TERMINAL` at leaves.
``infoset``
    at decision nodes, the acting player's ``information_state``; ``None``
    elsewhere.
``returns``
    at leaves, the tuple ``state.returns()``; ``None`` elsewhere.
``history``
    the tuple of action notations from the root of the tree to this node.
``depth``
    the number of actions from the root.

Edge attributes: ``action`` (the notation ``str(action)``) and, on edges out
of chance nodes, ``prob`` (a :class:`fractions.Fraction`).

A decision node whose player has a single legal action is still a decision
node (and its information set is counted).

Examples
--------
>>> from kit.trees import build_tree, summary
>>> from kit.trees.examples import KuhnPoker
>>> tree = build_tree(KuhnPoker().new_initial_state())
>>> tree.number_of_nodes(), tree.graph["root"]
(58, 0)
>>> tree.nodes[0]["kind"], list(tree.successors(0))
('chance', [1, 20, 39])
>>> tree.edges[0, 1]
{'action': 'deal J', 'prob': Fraction(1, 3)}
>>> summary(tree)["infosets"]
{0: 6, 1: 6}
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import networkx as nx

from ..core.errors import KitError
from ..core.protocol import CHANCE, TERMINAL

__all__ = ["build_tree", "summary", "GameTree", "TreeTooLargeError", "DEFAULT_MAX_NODES"]

#: The default cap on the number of nodes :func:`build_tree` creates.
DEFAULT_MAX_NODES: int = 200_000


class GameTree(nx.DiGraph):
    """A :class:`networkx.DiGraph` that draws itself in a notebook (``_repr_svg_``).

    Everything networkx does with a DiGraph works unchanged; the drawing is
    :func:`kit.trees.draw.draw` with its defaults (deep trees collapse).
    """

    def _repr_svg_(self) -> str:
        from .draw import draw  # the drawing is only needed for display

        return draw(self)


class TreeTooLargeError(KitError):
    """The tree would have more nodes than the ``max_nodes`` allowed."""


def _as_state(state: Any) -> Any:
    # A Game is accepted too: its tree starts from a fresh initial state.
    if hasattr(state, "new_initial_state") and not hasattr(state, "current_player"):
        return state.new_initial_state()
    return state


def _child(state: Any, action: Any) -> Any:
    child = getattr(state, "child", None)
    if child is not None:
        return child(action)
    new = state.clone()
    new.apply_action(action)
    return new


def _chance_edges(state: Any, node: int, history: tuple) -> list[tuple[Any, str, Fraction]]:
    return checked_outcomes(state.chance_outcomes(), f"node {node} (after {_path(history)})")


def checked_outcomes(outcomes: Any, where: Any) -> list[tuple[Any, str, Fraction]]:
    """``[(action, notation, Fraction)]`` of a chance node's outcomes, checked against the protocol.

    ``where`` names the node in the messages (``"node 3 (after deal J)"``), or is
    a function making that name (called only for a message).
    """
    if callable(where):
        try:
            return checked_outcomes(outcomes, "")
        except KitError:
            return checked_outcomes(outcomes, where())
    if not outcomes:
        raise KitError(f"{where} is a chance node without chance outcomes")
    edges, total = [], Fraction(0)
    for action, p in outcomes:
        if not isinstance(p, (int, Fraction)):
            raise KitError(
                f"{where}: chance probability {p!r} of {action!s} is a "
                f"{type(p).__name__}; the protocol asks for exact fractions.Fraction values summing to 1")
        p = Fraction(p)
        if p < 0:
            raise KitError(f"{where}: negative chance probability {p} of {action!s}")
        total += p
        edges.append((action, str(action), p))
    if total != 1:
        raise KitError(f"{where}: chance probabilities sum to {total}, not 1")
    return edges


def check_notations(texts: list[str], where: Any) -> None:
    """Refuse two actions of one node with the same notation (``where``: as :func:`checked_outcomes`)."""
    if len(set(texts)) != len(texts):
        where = where() if callable(where) else where
        dup = sorted({t for t in texts if texts.count(t) > 1})
        raise KitError(f"{where}: several actions share the notation {dup}; "
                       "str(action) must tell the actions of a node apart")


def _path(history: tuple) -> str:
    return "the root" if not history else " / ".join(history)


def build_tree(state: Any, max_nodes: int = DEFAULT_MAX_NODES, *, check: bool = True) -> nx.DiGraph:
    """The whole game tree below ``state``, as a directed graph.

    Parameters
    ----------
    state
        Any state speaking the kit's protocol (a :class:`~kit.core.Game` is
        accepted too and stands for its ``new_initial_state()``).  It is not
        changed.
    max_nodes
        Refuse (raise :class:`TreeTooLargeError`) as soon as the tree would
        pass this many nodes.
    check
        Also group the decision nodes into information sets and check that
        every node of a set offers the same actions (see
        :func:`kit.trees.infosets`); a failure means the game's
        ``information_state`` tells apart less than it should.

    Returns
    -------
    networkx.DiGraph
        Node ids are ints in depth-first (prefix) order with the root ``0``
        (also ``tree.graph["root"]``); see the module docstring for the node
        and edge attributes.  ``tree.graph`` also holds ``num_players`` and
        ``game`` (the ``repr`` of ``state.game``, when there is one).

    Raises
    ------
    TreeTooLargeError
        When the tree would have more than ``max_nodes`` nodes.
    kit.core.KitError
        When the game breaks the protocol: chance probabilities that are not
        exact fractions summing to 1, two actions of a node with the same
        notation, a decision node without legal actions, or (with ``check``)
        an information set whose nodes offer different actions.

    Examples
    --------
    >>> from kit.trees import build_tree
    >>> from kit.trees.examples import KuhnPoker
    >>> s = KuhnPoker().new_initial_state()
    >>> for a in ["deal K", "deal J"]:
    ...     s.apply_action(a)
    >>> tree = build_tree(s)
    >>> [(n, d["kind"], d["player"], d["infoset"]) for n, d in tree.nodes(data=True)][:3]
    [(0, 'decision', 0, 'p0 K |'), (1, 'decision', 1, 'p1 J | check'), (2, 'terminal', -4, None)]
    >>> tree.nodes[2]["history"], tree.nodes[2]["returns"]
    (('check', 'check'), (1, -1))
    >>> build_tree(KuhnPoker(), max_nodes=50)
    Traceback (most recent call last):
    ...
    kit.trees.build.TreeTooLargeError: the game tree has more than max_nodes=50 nodes (stopped at depth 3 after deal K / deal Q / check); start from a later position or raise max_nodes
    """
    state = _as_state(state)
    if not isinstance(max_nodes, int) or max_nodes < 1:
        raise KitError(f"max_nodes must be a positive int, not {max_nodes!r}")
    tree = GameTree()
    game = getattr(state, "game", None)
    num_players = getattr(game, "num_players", None)
    tree.graph["root"] = 0
    if game is not None:
        tree.graph["game"] = repr(game)
    # Depth-first, prefix order: a stack of (parent id, edge attrs, state, history);
    # children are pushed in reverse so the first action is numbered first.
    stack: list[tuple[int | None, dict | None, Any, tuple]] = [(None, None, state, ())]
    add_node, add_edge = tree.add_node, tree.add_edge
    next_id = 0
    while stack:
        parent, edge, st, history = stack.pop()
        node = next_id
        if node >= max_nodes:
            raise TreeTooLargeError(
                f"the game tree has more than max_nodes={max_nodes} nodes (stopped at depth {len(history)} "
                f"after {_path(history)}); start from a later position or raise max_nodes")
        next_id += 1
        depth = len(history)
        if parent is not None:
            add_edge(parent, node, **edge)
        player = st.current_player()
        if player == TERMINAL or st.is_terminal():
            returns = tuple(st.returns())
            if num_players is None:
                num_players = len(returns)
            add_node(node, kind="terminal", player=TERMINAL, infoset=None, returns=returns,
                     history=history, depth=depth)
            continue
        if player == CHANCE:
            add_node(node, kind="chance", player=CHANCE, infoset=None, returns=None,
                     history=history, depth=depth)
            children = [(a, text, {"action": text, "prob": p}) for a, text, p in _chance_edges(st, node, history)]
        else:
            actions = st.legal_actions()
            if not actions:
                raise KitError(f"node {node} (after {_path(history)}): p{player} is to move but has no legal action")
            add_node(node, kind="decision", player=player, infoset=st.information_state(player), returns=None,
                     history=history, depth=depth)
            children = [(a, text, {"action": text}) for a in actions for text in (str(a),)]
        check_notations([text for _, text, _ in children], f"node {node} (after {_path(history)})")
        for action, text, attrs in reversed(children):
            stack.append((node, attrs, _child(st, action), history + (text,)))
    tree.graph["num_players"] = num_players if num_players is not None else 0
    if check:
        from .infosets import infosets

        infosets(tree)
    return tree


def summary(tree: nx.DiGraph) -> dict[str, Any]:
    """Counts that describe a tree: nodes by kind, information sets per player, depth.

    Parameters
    ----------
    tree
        A tree from :func:`build_tree` (or a :class:`~kit.trees.CompactTree`:
        its :meth:`~kit.trees.CompactTree.summary`).

    Returns
    -------
    dict
        ``nodes`` (all), ``chance``, ``decision``, ``terminal`` (by kind),
        ``infosets`` (``{player: number of information sets}``, every seat
        listed), ``depth`` (the most actions from the root to a leaf) and
        ``edges``.

    Examples
    --------
    >>> from kit.trees import build_tree, summary
    >>> from kit.trees.examples import KuhnPoker
    >>> summary(build_tree(KuhnPoker()))
    {'nodes': 58, 'chance': 4, 'decision': 24, 'terminal': 30, 'edges': 57, 'infosets': {0: 6, 1: 6}, 'depth': 5}
    """
    if not isinstance(tree, nx.DiGraph) and hasattr(tree, "summary"):
        return tree.summary()
    counts = {"chance": 0, "decision": 0, "terminal": 0}
    seen: set[tuple[int, Any]] = set()
    for _, d in tree.nodes(data=True):
        counts[d["kind"]] += 1
        if d["kind"] == "decision":
            seen.add((d["player"], d["infoset"]))
    if all("depth" in d for _, d in tree.nodes(data=True)):
        depth = max((d["depth"] for _, d in tree.nodes(data=True)), default=0)
    else:  # a graph made elsewhere: measure it
        depth = max(nx.single_source_shortest_path_length(tree, tree.graph.get("root", 0)).values(), default=0)
    players = range(tree.graph.get("num_players") or 0)
    per_player = {p: 0 for p in players}
    for p, _ in seen:
        per_player[p] = per_player.get(p, 0) + 1
    return {"nodes": tree.number_of_nodes(), **counts, "edges": tree.number_of_edges(),
            "infosets": dict(sorted(per_player.items())), "depth": depth}

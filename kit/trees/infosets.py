"""Information sets of a game tree: the decision nodes a player cannot tell apart.

An information set is the group of decision nodes with equal
``(player, infoset)`` attributes (``infoset`` is the acting player's
``information_state``).  Every node of a set must offer the same actions,
since the player cannot tell which node it is at; :func:`infosets` checks it.

Solvers also need *perfect recall*: a player never forgets their own earlier
information sets and moves, so every node of one of their sets was reached
through the same earlier sets and actions of theirs.  :func:`check_perfect_recall` checks it.

Examples
--------
>>> from kit.trees import build_tree, infosets
>>> from kit.trees.examples import KuhnPoker
>>> sets = infosets(build_tree(KuhnPoker()))
>>> len(sets)
12
>>> sets[(1, "p1 Q | bet")]
[8, 55]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Hashable

if TYPE_CHECKING:  # a tree is any networkx graph; grouping its nodes needs no networkx of its own
    import networkx as nx

from ..core.errors import KitError

__all__ = ["infosets", "infoset_actions", "check_perfect_recall", "Infoset"]

#: The key of an information set: ``(player, information state)``.
Infoset = tuple[int, Hashable]


def _short(infoset: Any, width: int = 120) -> str:
    text = repr(infoset)
    return text if len(text) <= width else text[: width - 3] + "..."


def _group(tree: nx.DiGraph) -> tuple[dict[Infoset, list[int]], dict[Infoset, tuple[str, ...]]]:
    """One pass: the nodes of each set, and each set's actions (checked equal)."""
    groups: dict[Infoset, list[int]] = {}
    labels: dict[Infoset, tuple[str, ...]] = {}
    nodes, succ = tree._node, tree._succ
    for node in sorted(nodes):
        d = nodes[node]
        if d["kind"] != "decision":
            continue
        key = (d["player"], d["infoset"])
        acts = tuple(attrs["action"] for attrs in succ[node].values())
        first = labels.get(key)
        if first is None:
            labels[key] = acts
            groups[key] = [node]
            continue
        if acts != first:
            raise KitError(
                f"information set {_short(key)} mixes nodes with different actions: node {groups[key][0]} offers "
                f"{list(first)}, node {node} offers {list(acts)}; the game's information_state must tell "
                "these positions apart")
        groups[key].append(node)
    return groups, labels


def infosets(tree: nx.DiGraph) -> dict[Infoset, list[int]]:
    """Group the decision nodes of ``tree`` by ``(player, infoset)``.

    Parameters
    ----------
    tree
        A tree from :func:`kit.trees.build_tree` (or any graph with the same
        attributes), or a :class:`~kit.trees.CompactTree`.

    Returns
    -------
    dict
        ``{(player, infoset): [node, ...]}``; sets in order of their first
        node, nodes in increasing order.

    Raises
    ------
    kit.core.KitError
        When two nodes of one set offer different actions; the message names
        the set.  It means the game's ``information_state`` is wrong: it
        lets the player confuse positions that the rules tell apart.

    Examples
    --------
    >>> import networkx as nx
    >>> from kit.trees import infosets
    >>> t = nx.DiGraph(root=0)
    >>> t.add_node(0, kind="decision", player=0, infoset="start")
    >>> t.add_node(1, kind="decision", player=1, infoset="?")
    >>> t.add_node(2, kind="decision", player=1, infoset="?")
    >>> t.add_edge(0, 1, action="left"); t.add_edge(0, 2, action="right")
    >>> for n, a in [(3, "up"), (4, "down"), (5, "up"), (6, "down")]:
    ...     t.add_node(n, kind="terminal", player=-4, infoset=None)
    ...     t.add_edge(1 if n < 5 else 2, n, action=a)
    >>> infosets(t)
    {(0, 'start'): [0], (1, '?'): [1, 2]}
    >>> t.edges[2, 6]["action"] = "sideways"
    >>> infosets(t)
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: information set (1, '?') mixes nodes with different actions: node 1 offers ['up', 'down'], node 2 offers ['up', 'sideways']; the game's information_state must tell these positions apart
    """
    if _compact(tree):
        return {key: tree.infoset_nodes(j) for j, key in enumerate(tree.infoset_keys)}
    return _group(tree)[0]


def _compact(tree: Any) -> bool:
    """Is ``tree`` a :class:`~kit.trees.CompactTree`?  (Its sets were checked when it was built.)"""
    from .compact import CompactTree

    return isinstance(tree, CompactTree)


def infoset_actions(tree: nx.DiGraph) -> dict[Infoset, list[str]]:
    """The action notations of each information set, in the game's order.

    Examples
    --------
    >>> from kit.trees import build_tree, infoset_actions
    >>> from kit.trees.examples import KuhnPoker
    >>> infoset_actions(build_tree(KuhnPoker()))[(0, "p0 J | check bet")]
    ['fold', 'call']
    """
    if _compact(tree):
        return {key: [tree.action(c) for c in tree.children(tree.infoset_nodes(j)[0])]
                for j, key in enumerate(tree.infoset_keys)}
    return {key: list(acts) for key, acts in _group(tree)[1].items()}


def check_perfect_recall(tree: nx.DiGraph) -> dict[Infoset, tuple[Infoset, str] | None]:
    """Check perfect recall: every player remembers their own earlier sets and moves.

    It suffices that all nodes of a set share the acting player's *last*
    ``(information set, action)``: by induction they then share the whole
    sequence of that player's earlier sets and moves.

    Returns
    -------
    dict
        For each information set, its *parent sequence*: the acting player's
        last ``(information set, action)`` on the way to it, or ``None`` when
        the player has not acted before.  By perfect recall this is the same
        for every node of the set.

    Raises
    ------
    kit.core.KitError
        Naming the first set whose nodes were reached through different
        choices of its player (the game's ``information_state`` forgets
        something the player did or saw).

    Examples
    --------
    >>> from kit.trees import build_tree, check_perfect_recall
    >>> from kit.trees.examples import KuhnPoker
    >>> parents = check_perfect_recall(build_tree(KuhnPoker()))
    >>> parents[(0, "p0 K | check bet")]
    ((0, 'p0 K |'), 'check')
    >>> parents[(1, "p1 J | bet")] is None
    True
    """
    if _compact(tree):
        from .compact import Recall

        seats = max([tree.num_players] + [k[0] + 1 for k in tree.infoset_keys])
        rec = Recall(tree, seats)
        return {key: rec.pair(tree, int(rec.set_parent[j])) for j, key in enumerate(tree.infoset_keys)}
    return _recall(tree, _group(tree)[0])


def _recall(tree: nx.DiGraph, groups: dict[Infoset, list[int]]) -> dict[Infoset, tuple[Infoset, str] | None]:
    players = 1 + max((p for p, _ in groups), default=-1)
    parents: dict[Infoset, tuple[Infoset, str] | None] = {}
    witness: dict[Infoset, int] = {}
    nodes, succ = tree._node, tree._succ
    # Depth-first from the root, carrying each player's last (set, action).
    stack: list[tuple[int, tuple]] = [(tree.graph.get("root", 0), (None,) * players)]
    while stack:
        node, mine = stack.pop()
        d = nodes[node]
        if d["kind"] != "decision":
            for child in succ[node]:
                stack.append((child, mine))
            continue
        p = d["player"]
        key = (p, d["infoset"])
        seq = mine[p]
        known = parents.get(key, _UNSEEN)
        if known is _UNSEEN:
            parents[key] = seq
            witness[key] = node
        elif known != seq:
            first, second = sorted([(witness[key], known), (node, seq)], key=lambda w: w[0])
            raise KitError(
                f"information set {_short(key)} breaks perfect recall: node {first[0]} follows "
                f"{_describe(first[1])}, node {second[0]} follows {_describe(second[1])}; the player's "
                "information_state must remember their own earlier moves and observations")
        for child, attrs in succ[node].items():
            stack.append((child, mine[:p] + ((key, attrs["action"]),) + mine[p + 1:]))
    # Sets the root does not reach (a disconnected graph) keep the order of `groups`.
    return {key: parents.get(key) for key in groups}


_UNSEEN = object()


def _describe(seq: tuple[Infoset, str] | None) -> str:
    if seq is None:
        return "no earlier move of theirs"
    return f"their move {seq[1]!r} at {_short(seq[0], 60)}"

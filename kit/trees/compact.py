"""A compact game tree: numpy arrays beside networkx, for trees too big to draw.

:func:`compact_tree` expands a protocol state (any game of the kit's
protocol, like :func:`kit.trees.build_tree`) into a :class:`CompactTree`:
one row per node in a few numpy arrays instead of a Python dict per node and
per edge.  It holds the same tree as :func:`~kit.trees.build_tree`, node for
node: the node ids are the same (depth-first prefix order, root ``0``,
children in the order of ``legal_actions()`` / ``chance_outcomes()``), and
:func:`to_networkx` turns it back into that networkx tree, whole or a
subtree of a big one.  The solvers (:func:`kit.trees.solve`,
:func:`~kit.trees.exploitability`, ...) take a compact tree as they take a
networkx one; both go through one sequence form (:mod:`kit.trees.sequence`).

Public API (for explorers and notebooks; node ids are ints)
-----------------------------------------------------------
``tree.root`` (``0``), ``len(tree)``, ``tree.num_players``
    the root, the number of nodes, the seats.
``tree.children(node)``
    the node's children, in the game's order of actions (a list of ints).
``tree.parent(node)``
    the parent (``-1`` for the root).
``tree.kind(node)``, ``tree.player(node)``
    ``"chance"``, ``"decision"`` or ``"terminal"``; the seat, or
    :data:`kit.core.CHANCE` / :data:`kit.core.TERMINAL`.
``tree.action(node)``
    the notation of the action that leads to ``node`` (``None`` at the root);
    ``tree.history(node)`` is the tuple of them from the root.
``tree.prob(node, exact=False)``
    the chance probability of the edge into ``node`` (a float, or with
    ``exact=True`` the game's :class:`fractions.Fraction`); ``None`` when its
    parent is not a chance node.
``tree.infoset(node)``
    ``(player, information state)`` of a decision node, else ``None``;
    ``tree.infoset_id(node)`` is its number (``-1`` elsewhere) and
    ``tree.infoset_nodes(key_or_id)`` the nodes of a set.
``tree.returns(node)``
    the returns tuple at a leaf (the game's own numbers), else ``None``.
``tree.depth(node)``, ``tree.subtree_size(node)``
    actions from the root; nodes in the subtree (``node`` included).
``tree.node_attrs(node)``, ``tree.edge_attrs(child)``
    the attribute dicts of :func:`~kit.trees.build_tree` (``kind``,
    ``player``, ``infoset``, ``returns``, ``history``, ``depth``; ``action``
    and ``prob``) for one node or the edge into it.
``to_networkx(tree, root=None, depth=None)``
    a :class:`~kit.trees.build.GameTree` of the whole tree, or of the subtree
    below ``root`` down to ``depth`` more actions (node ids stay those of the
    compact tree; ``graph["root"]`` is ``root``, ``graph["frontier"]`` lists
    the nodes whose children were left out).
``tree.summary()``
    the counts of :func:`kit.trees.summary`.

The arrays (read-only by convention), one entry per node: ``players``
(int8), ``parents``, ``depths``, ``actions`` (index into ``labels``, the
distinct action notations), ``infosets`` (index into ``infoset_keys``, ``-1``
off decision nodes), ``prob_ids`` (the chance probability of the edge into the
node: an index into ``fractions``, the exact distinct probabilities, and into
``prob_table``, their floats; ``-1`` off chance edges), ``returns_ids``
(index into ``returns_table``; ``-1`` off leaves); and the children in CSR
form: the children of ``n`` are ``kids[offsets[n]:offsets[n + 1]]``.

Transpositions
--------------
A game may give its states a ``transposition_key()``: a hashable value,
equal for two states exactly when everything after them is the same
(actions, chance outcomes, returns, and what each seat sees from there on),
however they were reached.  Then the builder expands each such position once
and copies its subtree for every other way there: the tree is the same, node
for node, with each seat's information states below a copy made of the
seat's information state at the copy followed by what it saw since.  That
needs information states that grow by appending (each starts with the one
before it, as Love Letter's, Kuhn's and Leduc's do); if one does not, the
tree is built again without sharing.  Love Letter's states have the key
(:meth:`kit.loveletter.LoveLetterState.transposition_key`): its 9-unseen
endgame of issue 22 has 21.9 million nodes but 600,603 positions.

Speed and size
--------------
The builder walks the game through the protocol, so the game's own
``child``/``apply_action`` (cloning a state per child but the first, which is
played in place) is most of its time: about three times faster than
:func:`~kit.trees.build_tree` (Love Letter's 8-unseen endgame of issue 22,
446,507 nodes: 4.5 s of CPU against 14 s; 2.7 s with its transpositions),
and some 37 bytes a node (the same endgame: 16 MB of arrays).  A classic
two-player endgame with 9 unseen cards has 21.9 million nodes: built in
some 200 s of CPU and 2 GB (50 s and 2.9 GB with its transpositions), where
networkx ran out of memory.  It assumes a list that ``legal_actions()`` or
``chance_outcomes()`` returned is not changed in place later with the same
items (a list that is changed is read again).

Examples
--------
>>> from kit.trees.compact import compact_tree, to_networkx
>>> from kit.trees.examples import KuhnPoker
>>> tree = compact_tree(KuhnPoker())
>>> len(tree), tree.children(0), tree.kind(0), tree.kind(1)
(58, [1, 20, 39], 'chance', 'chance')
>>> tree.action(1), tree.prob(1), tree.prob(1, exact=True)
('deal J', 0.3333333333333333, Fraction(1, 3))
>>> tree.infoset(2), tree.children(2), [tree.action(c) for c in tree.children(2)]
((0, 'p0 J |'), [3, 8], ['check', 'bet'])
>>> tree.history(4), tree.returns(4)
(('deal J', 'deal Q', 'check', 'check'), (-1, 1))
>>> tree.summary() == __import__("kit.trees", fromlist=["summary"]).summary(to_networkx(tree))
True
>>> sub = to_networkx(tree, root=2, depth=1)
>>> sorted(sub.nodes), sub.graph["root"], sub.graph["frontier"]
([2, 3, 8], 2, [3, 8])
"""

from __future__ import annotations

from array import array
from fractions import Fraction
from typing import Any, Hashable

import numpy as np

from ..core.errors import KitError
from ..core.protocol import CHANCE, TERMINAL
from .build import (DEFAULT_MAX_NODES, GameTree, TreeTooLargeError, _as_state, _child, _path, check_notations,
                    checked_outcomes)

__all__ = ["CompactTree", "compact_tree", "to_networkx", "from_networkx", "as_compact"]

_KINDS = {CHANCE: "chance", TERMINAL: "terminal"}


class CompactTree:
    """A game tree as numpy arrays (see the module docstring for the API).

    Build one with :func:`compact_tree` (from a state) or :func:`from_networkx`.
    """

    def __init__(self, *, players: np.ndarray, parents: np.ndarray, actions: np.ndarray, prob_ids: np.ndarray, infosets: np.ndarray, returns_ids: np.ndarray, labels: list[str],
                 fractions: list[Fraction], infoset_keys: list[tuple[int, Hashable]], returns_table: list[tuple],
                 num_players: int, game: str | None = None, depths: np.ndarray | None = None) -> None:
        self.players = players
        self.parents = parents
        self.actions = actions
        self.prob_ids = prob_ids
        self.infosets = infosets
        self.returns_ids = returns_ids
        self.labels = labels
        self.fractions = fractions
        self.infoset_keys = infoset_keys
        self.returns_table = returns_table
        self.num_players = num_players
        self.game = game
        #: The float of each exact probability in ``fractions``, and ``1.0`` last (for ``prob_ids == -1``).
        self.prob_table = np.array([float(f) for f in fractions] + [1.0])
        n = len(players)
        # Children (CSR): in prefix order a parent's children are in increasing id order already.
        counts = np.bincount(parents[1:], minlength=n) if n > 1 else np.zeros(n, dtype=np.int64)
        self.offsets = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(counts, out=self.offsets[1:])
        del counts
        self.kids = (np.argsort(parents[1:], kind="stable") + 1).astype(np.int32) if n > 1 else np.zeros(0, np.int32)
        self.depths = _depths(self.offsets, self.kids, n) if depths is None else depths
        self._sets: list[np.ndarray] | None = None
        self._key_index: dict | None = None

    # ------------------------------------------------------------------ queries
    root = 0

    def __len__(self) -> int:
        return len(self.players)

    def __repr__(self) -> str:
        s = self.summary()
        return (f"CompactTree(nodes={s['nodes']}, chance={s['chance']}, decision={s['decision']}, "
                f"terminal={s['terminal']}, infosets={s['infosets']}, depth={s['depth']})")

    def _check(self, node: int) -> int:
        if not isinstance(node, (int, np.integer)) or not 0 <= node < len(self.players):
            raise KitError(f"no node {node!r} in this tree (nodes are the ints 0 to {len(self.players) - 1})")
        return int(node)

    def children(self, node: int) -> list[int]:
        """The children of ``node``, in the game's order of actions."""
        node = self._check(node)
        return self.kids[self.offsets[node]:self.offsets[node + 1]].tolist()

    def parent(self, node: int) -> int:
        """The parent of ``node`` (``-1`` for the root)."""
        return int(self.parents[self._check(node)])

    def player(self, node: int) -> int:
        """The seat to act, :data:`~kit.core.CHANCE` or :data:`~kit.core.TERMINAL`."""
        return int(self.players[self._check(node)])

    def kind(self, node: int) -> str:
        """``"chance"``, ``"decision"`` or ``"terminal"``."""
        return _KINDS.get(self.player(node), "decision")

    def action(self, node: int) -> str | None:
        """The notation of the action leading to ``node`` (``None`` at the root)."""
        a = int(self.actions[self._check(node)])
        return None if a < 0 else self.labels[a]

    def history(self, node: int) -> tuple[str, ...]:
        """The action notations from the root to ``node``."""
        node = self._check(node)
        out = []
        while node > 0:
            out.append(self.labels[self.actions[node]])
            node = int(self.parents[node])
        return tuple(reversed(out))

    def prob(self, node: int, exact: bool = False) -> float | Fraction | None:
        """The chance probability of the edge into ``node`` (``None`` off chance edges)."""
        i = int(self.prob_ids[self._check(node)])
        if i < 0:
            return None
        return self.fractions[i] if exact else float(self.prob_table[i])

    def infoset_id(self, node: int) -> int:
        """The number of the information set of a decision node (``-1`` elsewhere)."""
        return int(self.infosets[self._check(node)])

    def infoset(self, node: int) -> tuple[int, Hashable] | None:
        """``(player, information state)`` of a decision node, ``None`` elsewhere."""
        j = self.infoset_id(node)
        return None if j < 0 else self.infoset_keys[j]

    def infoset_nodes(self, key: int | tuple[int, Hashable]) -> list[int]:
        """The nodes of an information set (given by its number or its key), in increasing order."""
        if self._sets is None:
            order = np.argsort(self.infosets, kind="stable")
            order = order[self.infosets[order] >= 0]
            bounds = np.searchsorted(self.infosets[order], np.arange(len(self.infoset_keys) + 1))
            self._sets = [order[bounds[j]:bounds[j + 1]] for j in range(len(self.infoset_keys))]
        if not isinstance(key, (int, np.integer)):
            if self._key_index is None:
                self._key_index = {k: j for j, k in enumerate(self.infoset_keys)}
            if key not in self._key_index:
                raise KitError(f"no information set {key!r} in this tree")
            key = self._key_index[key]
        if not 0 <= key < len(self.infoset_keys):
            raise KitError(f"no information set number {key!r} (there are {len(self.infoset_keys)})")
        return self._sets[int(key)].tolist()

    def returns(self, node: int) -> tuple | None:
        """The returns at a leaf (the game's own numbers), ``None`` elsewhere."""
        r = int(self.returns_ids[self._check(node)])
        return None if r < 0 else self.returns_table[r]

    def depth(self, node: int) -> int:
        """The number of actions from the root to ``node``."""
        return int(self.depths[self._check(node)])

    def subtree_size(self, node: int) -> int:
        """The number of nodes below ``node``, itself included (prefix order: one contiguous range)."""
        return self._subtree_end(self._check(node)) - node

    def _children_of(self, nodes: np.ndarray) -> np.ndarray:
        """The children of all of ``nodes`` (an array), in order."""
        return _expand(self.offsets, self.kids, nodes)

    def _subtree_end(self, node: int) -> int:
        # The end of a prefix-order subtree: the next node not deeper than it.
        d = self.depths[node]
        step, n, lo = 1024, len(self.depths), node + 1
        while lo < n:
            hit = np.flatnonzero(self.depths[lo:lo + step] <= d)
            if len(hit):
                return lo + int(hit[0])
            lo += step
            step *= 2
        return n

    def node_attrs(self, node: int) -> dict[str, Any]:
        """The node attributes :func:`~kit.trees.build_tree` gives ``node``."""
        kind = self.kind(node)
        return {"kind": kind, "player": self.player(node),
                "infoset": self.infoset(node)[1] if kind == "decision" else None,
                "returns": self.returns(node), "history": self.history(node), "depth": self.depth(node)}

    def edge_attrs(self, child: int) -> dict[str, Any]:
        """The attributes of the edge into ``child``: ``action`` and, out of a chance node, ``prob`` (exact)."""
        if self._check(child) == 0:
            raise KitError("the root has no edge into it")
        attrs: dict[str, Any] = {"action": self.action(child)}
        if self.prob_ids[child] >= 0:
            attrs["prob"] = self.prob(child, exact=True)
        return attrs

    def summary(self) -> dict[str, Any]:
        """The counts of :func:`kit.trees.summary` (nodes by kind, sets per seat, depth)."""
        p = self.players
        chance, terminal = int(np.count_nonzero(p == CHANCE)), int(np.count_nonzero(p == TERMINAL))
        per = {s: 0 for s in range(self.num_players)}
        for s, _ in self.infoset_keys:
            per[s] = per.get(s, 0) + 1
        n = len(p)
        return {"nodes": n, "chance": chance, "decision": n - chance - terminal, "terminal": terminal,
                "edges": max(n - 1, 0), "infosets": dict(sorted(per.items())),
                "depth": int(self.depths.max()) if n else 0}

    def nbytes(self) -> int:
        """Bytes held by the arrays (the tables of labels and information states not counted)."""
        return sum(a.nbytes for a in (self.players, self.parents, self.actions, self.prob_ids,
                                      self.infosets, self.returns_ids, self.offsets, self.kids, self.depths))

    def _repr_svg_(self) -> str | None:
        if len(self) > 5000:
            return None  # too big to draw whole: draw to_networkx(tree, root=..., depth=...)
        return to_networkx(self)._repr_svg_()


def _expand(offsets: np.ndarray, kids: np.ndarray, nodes: np.ndarray) -> np.ndarray:
    """The children of all of ``nodes`` (CSR ``offsets``/``kids``), in order."""
    lo, hi = offsets[nodes], offsets[nodes + 1]
    sizes = hi - lo
    idx = np.repeat(lo - np.cumsum(sizes) + sizes, sizes) + np.arange(int(sizes.sum()))
    return kids[idx].astype(np.int64)


def _depths(offsets: np.ndarray, kids: np.ndarray, n: int) -> np.ndarray:
    depths = np.zeros(n, dtype=np.int32)
    # Level by level: the children of the nodes at depth d are at depth d + 1.
    level, d = np.array([0]), 0
    while n > 1 and len(level):
        level = _expand(offsets, kids, level)
        d += 1
        depths[level] = d
    return depths


class _Interner(dict):
    """A dict that numbers the distinct keys it is given, in order of first sight."""

    def __init__(self) -> None:
        super().__init__()
        self.items_list: list = []

    def __missing__(self, key: Any) -> int:
        i = self[key] = len(self.items_list)
        self.items_list.append(key)
        return i


def compact_tree(state: Any, max_nodes: int = 50_000_000, *, check: bool = True,
                 transpositions: bool = True) -> CompactTree:
    """The whole game tree below ``state`` as a :class:`CompactTree`.

    The same tree as :func:`kit.trees.build_tree` (same node ids, same
    checks of the protocol), built without networkx: a few bytes per node.

    Parameters
    ----------
    state
        Any state speaking the kit's protocol (a :class:`~kit.core.Game`
        stands for its ``new_initial_state()``); it is not changed.
    max_nodes
        Refuse (:class:`~kit.trees.TreeTooLargeError`) past this many nodes.
    check
        Also check that every node of an information set offers the same
        actions (as :func:`kit.trees.infosets` does).
    transpositions
        When the game's states have a ``transposition_key()`` (see the
        module docstring), build the subtree of each position once and copy
        it for every other way of reaching it (the tree is the same).

    Raises
    ------
    kit.trees.TreeTooLargeError, kit.core.KitError
        As :func:`kit.trees.build_tree`.

    Examples
    --------
    >>> from kit.trees.compact import compact_tree
    >>> from kit.trees.examples import LeducPoker
    >>> compact_tree(LeducPoker())
    CompactTree(nodes=1939, chance=49, decision=774, terminal=1116, infosets={0: 144, 1: 144}, depth=11)
    """
    state = _as_state(state)
    if not isinstance(max_nodes, int) or max_nodes < 1:
        raise KitError(f"max_nodes must be a positive int, not {max_nodes!r}")
    game = getattr(state, "game", None)
    num_players = getattr(game, "num_players", None)
    keyed = transpositions and callable(getattr(state, "transposition_key", None)) and isinstance(num_players, int)
    if keyed:
        try:
            return _build(state, max_nodes, check, game, num_players, True)
        except _NotAppendOnly:
            pass  # the game's information states do not grow by appending: build without sharing
    return _build(state, max_nodes, check, game, num_players, False)


class _NotAppendOnly(Exception):
    """An information state below a shared position does not start with the one at it."""


def _build(state: Any, max_nodes: int, check: bool, game: Any, num_players: int | None, keyed: bool) -> CompactTree:
    players, parents, actions, prob_ids, infosets, returns_ids = (
        array("b"), array("i"), array("i"), array("i"), array("i"), array("i"))
    depths = array("i")
    # With transposition keys: per position met, (its node, each seat's information state there).
    seen: dict[Hashable, tuple[int, tuple[str, ...]]] = {}
    seats = range(num_players or 0)
    labels, fractions, keys, rtable = _Interner(), _Interner(), _Interner(), _Interner()
    # Per distinct outcome list / action list object: its checked (child label, action, prob id) rows.
    # The memo holds the list itself (so its id() is not reused while the memo lives) and a copy of its
    # items (a list changed since is checked anew).
    memo: dict[int, tuple[Any, tuple, list[tuple[int, Any, int]]]] = {}
    p_app, par_app, a_app, pr_app, i_app, r_app = (players.append, parents.append, actions.append,
                                                   prob_ids.append, infosets.append, returns_ids.append)
    d_app = depths.append
    stack: list[tuple[Any, int, int, int, int]] = [(state, -1, -1, -1, 0)]
    pop, push = stack.pop, stack.append
    node = 0
    while stack:
        st, parent, label, pid, depth = pop()
        if node >= max_nodes:
            raise TreeTooLargeError(
                f"the game tree has more than max_nodes={max_nodes} nodes (stopped at node {node}); "
                "start from a later position or raise max_nodes")
        player = st.current_player()
        if keyed and player != TERMINAL:
            key = st.transposition_key()
            met = seen.get(key)
            if met is not None:  # a position built before: copy its subtree
                infos = tuple(st.information_state(p) for p in seats)
                node += _copy(met, infos, node, parent, label, pid, depth, max_nodes, players, parents, actions,
                              prob_ids, infosets, returns_ids, depths, keys)
                continue
            seen[key] = (node, tuple(st.information_state(p) for p in seats))
        par_app(parent)
        a_app(label)
        pr_app(pid)
        d_app(depth)
        if player == TERMINAL or st.is_terminal():
            returns = tuple(st.returns())
            if num_players is None:
                num_players = len(returns)
            p_app(TERMINAL)
            i_app(-1)
            r_app(rtable[returns])
            node += 1
            continue
        r_app(-1)
        if player == CHANCE:
            p_app(CHANCE)
            i_app(-1)
            outcomes = st.chance_outcomes()
            got = memo.get(id(outcomes))
            if got is None or got[0] is not outcomes or got[1] != tuple(outcomes):
                rows = _chance_rows(outcomes, lambda: _where(parents, actions, labels, node), labels, fractions)
                if len(memo) < 100_000:
                    memo[id(outcomes)] = (outcomes, tuple(outcomes), rows)
            else:
                rows = got[2]
        else:
            acts = st.legal_actions()
            if not acts:
                raise KitError(f"{_where(parents, actions, labels, node)}: p{player} is to move but has no legal action")
            p_app(player)
            i_app(keys[(player, st.information_state(player))])
            got = memo.get(id(acts))
            if got is None or got[0] is not acts or got[1] != tuple(acts):
                rows = _action_rows(acts, lambda: _where(parents, actions, labels, node), labels)
                if len(memo) < 100_000:
                    memo[id(acts)] = (acts, tuple(acts), rows)
            else:
                rows = got[2]
        last = len(rows) - 1
        for k in range(last, -1, -1):
            lab, a, p = rows[k]
            if k == 0:  # the first child is expanded next: no other child needs this state any more
                child = st if st is not state else st.clone()
                child.apply_action(a)
            else:
                child = _child(st, a)
            push((child, node, lab, p, depth + 1))
        node += 1
    if num_players is None:
        num_players = 0
    # The arrays share the memory of the array.array buffers (no copy).
    tree = CompactTree(
        players=np.frombuffer(players, dtype=np.int8), parents=np.frombuffer(parents, dtype=np.int32),
        actions=np.frombuffer(actions, dtype=np.int32), prob_ids=np.frombuffer(prob_ids, dtype=np.int32),
        infosets=np.frombuffer(infosets, dtype=np.int32), returns_ids=np.frombuffer(returns_ids, dtype=np.int32),
        labels=labels.items_list, fractions=fractions.items_list, infoset_keys=keys.items_list,
        returns_table=rtable.items_list, num_players=num_players, game=repr(game) if game is not None else None,
        depths=np.frombuffer(depths, dtype=np.int32))
    if check:
        _check_infoset_actions(tree)
    return tree


def _copy(met: tuple[int, tuple[str, ...]], infos: tuple[str, ...], node: int, parent: int, label: int, pid: int,
          depth: int, max_nodes: int, players: array, parents: array, actions: array, prob_ids: array,
          infosets: array, returns_ids: array, depths: array, keys: _Interner) -> int:
    """Append a copy of the subtree built at node ``met[0]`` as node ``node``'s; return its size.

    Everything but the information states is the same; a seat's information
    state below is this node's followed by what the seat saw since, as at
    the first copy.
    """
    t0, old_infos = met
    dep = np.frombuffer(depths, dtype=np.int32)
    d0 = int(dep[t0])
    end, n, step = t0 + 1, len(dep), 256
    while end < n:  # the first node after t0 not deeper than it (prefix order)
        hit = np.flatnonzero(dep[end:end + step] <= d0)
        if len(hit):
            end += int(hit[0])
            break
        end += step
        step *= 2
    end = min(end, n)
    size = end - t0
    if node + size > max_nodes:
        raise TreeTooLargeError(
            f"the game tree has more than max_nodes={max_nodes} nodes (stopped at node {node}); "
            "start from a later position or raise max_nodes")
    shift = node - t0
    par = np.frombuffer(parents, dtype=np.int32)[t0:end] + shift
    par[0] = parent
    act = np.frombuffer(actions, dtype=np.int32)[t0:end].copy()
    act[0] = label
    pro = np.frombuffer(prob_ids, dtype=np.int32)[t0:end].copy()
    pro[0] = pid
    new_dep = dep[t0:end] + (depth - d0)
    pl = np.frombuffer(players, dtype=np.int8)[t0:end].tobytes()
    inf_arr = np.frombuffer(infosets, dtype=np.int32)[t0:end]
    where = np.flatnonzero(inf_arr >= 0).tolist()
    inf = inf_arr.tolist()
    del inf_arr
    ret = np.frombuffer(returns_ids, dtype=np.int32)[t0:end].tobytes()
    del dep  # no view of a buffer may live while it grows
    names = keys.items_list
    cut = [len(x) for x in old_infos]
    for i in where:
        p, text = names[inf[i]]
        if not text.startswith(old_infos[p]):
            raise _NotAppendOnly
        inf[i] = keys[(p, infos[p] + text[cut[p]:])]
    players.frombytes(pl)
    parents.frombytes(par.astype(np.int32).tobytes())
    actions.frombytes(act.tobytes())
    prob_ids.frombytes(pro.tobytes())
    infosets.extend(inf)
    returns_ids.frombytes(ret)
    depths.frombytes(new_dep.astype(np.int32).tobytes())
    return size


def _history(parents: Any, actions: Any, labels: _Interner, node: int) -> tuple[str, ...]:
    # The history of the node being added (its parent and action are the last entries).
    names = labels.items_list
    out = []
    i = node
    while i > 0:
        out.append(names[actions[i]])
        i = parents[i]
    return tuple(reversed(out))


def _where(parents: Any, actions: Any, labels: _Interner, node: int) -> str:
    return f"node {node} (after {_path(_history(parents, actions, labels, node))})"


def _action_rows(acts: list, where: Any, labels: _Interner) -> list[tuple[int, Any, int]]:
    texts = [str(a) for a in acts]
    check_notations(texts, where)
    return [(labels[t], a, -1) for t, a in zip(texts, acts)]


def _chance_rows(outcomes: Any, where: Any, labels: _Interner, fractions: _Interner) -> list[tuple[int, Any, int]]:
    edges = checked_outcomes(outcomes, where)
    check_notations([text for _, text, _ in edges], where)
    return [(labels[text], a, fractions[p]) for a, text, p in edges]


def _check_infoset_actions(tree: CompactTree) -> None:
    """Every node of an information set offers the same actions (vectorised); a KitError names the first set."""
    inf = tree.infosets
    dec = np.flatnonzero(inf >= 0)
    if not len(dec):
        return
    sets = inf[dec]
    first = np.full(len(tree.infoset_keys), -1, dtype=np.int64)
    # The first node of each set: sets are numbered in order of first sight in prefix order.
    _, where = np.unique(sets, return_index=True)
    first[:] = dec[where]
    ref = first[sets]
    off = tree.offsets
    cnt = off[dec + 1] - off[dec]
    bad = cnt != cnt[np.searchsorted(dec, ref)]
    same_count = ~bad
    if same_count.any():
        d, r = dec[same_count], ref[same_count]
        c = cnt[same_count]
        total = int(c.sum())
        step = np.arange(total) - np.repeat(np.cumsum(c) - c, c)
        mine = tree.actions[tree.kids[np.repeat(off[d], c) + step]]
        theirs = tree.actions[tree.kids[np.repeat(off[r], c) + step]]
        diff = np.flatnonzero(mine != theirs)
        if len(diff):
            owner = np.repeat(np.arange(len(d)), c)[diff]
            bad[np.flatnonzero(same_count)[owner]] = True
    if bad.any():
        from .infosets import _short

        node = int(dec[np.flatnonzero(bad)[0]])
        j = int(inf[node])
        f = int(first[j])
        raise KitError(
            f"information set {_short(tree.infoset_keys[j])} mixes nodes with different actions: node {f} offers "
            f"{[tree.action(c) for c in tree.children(f)]}, node {node} offers "
            f"{[tree.action(c) for c in tree.children(node)]}; the game's information_state must tell "
            "these positions apart")


# ---------------------------------------------------------------------- networkx
def to_networkx(tree: CompactTree, root: int | None = None, depth: int | None = None) -> GameTree:
    """The networkx tree of :func:`kit.trees.build_tree`, whole or a subtree.

    Parameters
    ----------
    tree
        A :class:`CompactTree`.
    root
        The node to start from (default: the root of the whole tree).
    depth
        Keep this many more actions below ``root`` (default: all of them).

    Returns
    -------
    GameTree
        Node ids are the compact tree's; attributes as :func:`~kit.trees.build_tree`
        (``history`` and ``depth`` count from the root of the whole tree).
        ``graph["root"]`` is ``root``; a subtree also has ``graph["frontier"]``,
        the nodes whose children were left out.  The whole tree equals
        ``build_tree(state)`` of the same state.

    Examples
    --------
    >>> from kit.trees import build_tree
    >>> from kit.trees.compact import compact_tree, to_networkx
    >>> from kit.trees.examples import KuhnPoker
    >>> import networkx as nx
    >>> nx.utils.graphs_equal(to_networkx(compact_tree(KuhnPoker())), build_tree(KuhnPoker()))
    True
    >>> to_networkx(compact_tree(KuhnPoker()), root=1, depth=2).number_of_nodes()
    7
    """
    if not isinstance(tree, CompactTree):
        raise KitError(f"to_networkx takes a CompactTree, not {type(tree).__name__}")
    whole = root is None and depth is None
    start = 0 if root is None else tree._check(root)
    if depth is not None and (not isinstance(depth, int) or depth < 0):
        raise KitError(f"depth must be an int >= 0 or None, not {depth!r}")
    if whole and len(tree) > DEFAULT_MAX_NODES:
        raise TreeTooLargeError(f"the tree has {len(tree):,} nodes, more than networkx should hold "
                                f"({DEFAULT_MAX_NODES:,}); ask for a subtree: to_networkx(tree, root=..., depth=...)")
    base = int(tree.depths[start])
    if depth is None:
        nodes = np.arange(start, tree._subtree_end(start))
    else:  # level by level from the root: the work is the size of the answer, not of the subtree
        levels, level = [np.array([start])], np.array([start])
        for _ in range(depth):
            level = tree._children_of(level)
            if not len(level):
                break
            levels.append(level)
            if sum(map(len, levels)) > DEFAULT_MAX_NODES:
                raise TreeTooLargeError(f"the subtree has more than {DEFAULT_MAX_NODES:,} nodes down to depth "
                                        f"{depth}; ask for a smaller depth")
        nodes = np.sort(np.concatenate(levels))  # prefix order
    g = GameTree()
    g.graph["root"] = start
    if tree.game is not None:
        g.graph["game"] = tree.game
    labels, keys, rt, fr = tree.labels, tree.infoset_keys, tree.returns_table, tree.fractions
    hist: dict[int, tuple[str, ...]] = {start: tree.history(start)}
    pl, inf, rid, act, par, pid, dep = (tree.players[nodes].tolist(), tree.infosets[nodes].tolist(),
                                        tree.returns_ids[nodes].tolist(), tree.actions[nodes].tolist(),
                                        tree.parents[nodes].tolist(), tree.prob_ids[nodes].tolist(),
                                        tree.depths[nodes].tolist())
    add_node, add_edge = g.add_node, g.add_edge
    for i, n in enumerate(nodes.tolist()):
        p = pl[i]
        if n != start:
            h = hist[n] = hist[par[i]] + (labels[act[i]],)
            if pid[i] >= 0:
                add_edge(par[i], n, action=labels[act[i]], prob=fr[pid[i]])
            else:
                add_edge(par[i], n, action=labels[act[i]])
        else:
            h = hist[n]
        if p == TERMINAL:
            add_node(n, kind="terminal", player=TERMINAL, infoset=None, returns=rt[rid[i]], history=h, depth=dep[i])
        elif p == CHANCE:
            add_node(n, kind="chance", player=CHANCE, infoset=None, returns=None, history=h, depth=dep[i])
        else:
            add_node(n, kind="decision", player=p, infoset=keys[inf[i]][1], returns=None, history=h, depth=dep[i])
    if whole:
        g.graph["num_players"] = tree.num_players
    else:
        g.graph["num_players"] = tree.num_players
        if depth is None:
            g.graph["frontier"] = []
        else:
            cut = nodes[(tree.depths[nodes] == base + depth) & (tree.players[nodes] != TERMINAL)]
            g.graph["frontier"] = cut.tolist()
    return g


def from_networkx(graph: Any) -> CompactTree:
    """A :class:`CompactTree` of a networkx tree (one of :func:`kit.trees.build_tree`'s, or made by hand).

    Nodes are renumbered in depth-first prefix order from ``graph["root"]``
    (a tree from :func:`~kit.trees.build_tree` keeps its ids); children keep
    the graph's order of successors.

    Examples
    --------
    >>> from kit.trees import build_tree
    >>> from kit.trees.compact import from_networkx
    >>> from kit.trees.examples import KuhnPoker
    >>> from_networkx(build_tree(KuhnPoker())).infoset(2)
    (0, 'p0 J |')
    """
    nodes, succ = graph._node, graph._succ
    root = graph.graph.get("root", 0)
    if root not in nodes:
        raise KitError(f"the graph has no root node {root!r}")
    players, parents, actions, prob_ids, infosets, returns_ids = [], [], [], [], [], []
    labels, fractions, keys, rtable = _Interner(), _Interner(), _Interner(), _Interner()
    stack: list[tuple[Any, int, dict | None]] = [(root, -1, None)]
    num = 0
    seen = set()
    while stack:
        v, parent, edge = stack.pop()
        if v in seen:
            raise KitError(f"the graph is not a tree: node {v!r} is reached twice")
        seen.add(v)
        d = nodes[v]
        kind = d.get("kind")
        parents.append(parent)
        if edge is None:
            actions.append(-1)
            prob_ids.append(-1)
        else:
            actions.append(labels[edge["action"]])
            prob_ids.append(fractions[Fraction(edge["prob"])] if "prob" in edge else -1)
        if kind == "terminal":
            players.append(TERMINAL)
            infosets.append(-1)
            returns_ids.append(rtable[tuple(d["returns"])])
        elif kind == "chance":
            players.append(CHANCE)
            infosets.append(-1)
            returns_ids.append(-1)
        elif kind == "decision":
            players.append(d["player"])
            infosets.append(keys[(d["player"], d["infoset"])])
            returns_ids.append(-1)
        else:
            raise KitError(f"node {v!r} has kind {kind!r}; expected 'chance', 'decision' or 'terminal'")
        me = num
        num += 1
        for child, attrs in reversed(list(succ[v].items())):
            stack.append((child, me, attrs))
    num_players = graph.graph.get("num_players")
    if num_players is None:
        num_players = 1 + max((k[0] for k in keys.items_list), default=-1)
    return CompactTree(
        players=np.array(players, dtype=np.int8), parents=np.array(parents, dtype=np.int32),
        actions=np.array(actions, dtype=np.int32), prob_ids=np.array(prob_ids, dtype=np.int32),
        infosets=np.array(infosets, dtype=np.int32), returns_ids=np.array(returns_ids, dtype=np.int32),
        labels=labels.items_list, fractions=fractions.items_list, infoset_keys=keys.items_list,
        returns_table=rtable.items_list,
        num_players=num_players, game=graph.graph.get("game"))


def as_compact(tree_or_state: Any, **build: Any) -> CompactTree:
    """A compact tree from a :class:`CompactTree` (itself), a networkx tree, a state or a game."""
    if isinstance(tree_or_state, CompactTree):
        return tree_or_state
    if hasattr(tree_or_state, "_succ") and hasattr(tree_or_state, "graph"):
        return from_networkx(tree_or_state)
    if hasattr(tree_or_state, "current_player") or hasattr(tree_or_state, "new_initial_state"):
        return compact_tree(tree_or_state, **build)
    raise KitError(f"expected a game tree, a state or a game, not {type(tree_or_state).__name__}")


# ---------------------------------------------------------------------- sequences
class Recall:
    """Each seat's own history at every node of a compact tree, and the chance reach.

    Attributes
    ----------
    set_first
        ``set_first[j]``: the first node (lowest id) of information set ``j``.
    set_counts
        ``set_counts[j]``: the number of actions of set ``j``.
    pair_start
        ``pair_start[j]``: the number of the pair (set ``j``, its first action);
        pair ``pair_start[j] + k`` is (set ``j``, action ``k``).
    own
        ``own[p][n]``: the last pair of seat ``p`` on the way to node ``n``
        (``-1``: seat ``p`` has not moved yet), for every seat.
    set_parent
        ``set_parent[j]``: the acting seat's last pair on the way to set ``j``
        (the same at every node of the set: perfect recall), ``-1`` for none.
    reach
        ``reach[n]``: the product of the chance probabilities from the root to ``n`` (floats).
    """

    def __init__(self, tree: CompactTree, seats: int) -> None:
        inf, players, parents = tree.infosets, tree.players, tree.parents
        nsets = len(tree.infoset_keys)
        dec = np.flatnonzero(inf >= 0)
        _, where = np.unique(inf[dec], return_index=True)
        self.set_first = dec[where]
        off = tree.offsets
        self.set_counts = (off[self.set_first + 1] - off[self.set_first]).astype(np.int64)
        self.pair_start = np.zeros(nsets, dtype=np.int64)
        if nsets:
            np.cumsum(self.set_counts[:-1], out=self.pair_start[1:])
        n = len(players)
        # Each node's place among its siblings.
        pos = np.zeros(n, dtype=np.int32)
        if n > 1:
            pos[tree.kids] = np.arange(len(tree.kids)) - off[parents[tree.kids]]
        own = [np.full(n, -1, dtype=np.int64 if len(tree.kids) >= 2 ** 31 else np.int32) for _ in range(seats)]
        reach = np.ones(n)
        # Top-down, a level (depth) at a time: a node's values come from its parent's.
        order = np.argsort(tree.depths, kind="stable")
        bounds = np.searchsorted(tree.depths[order], np.arange(int(tree.depths.max(initial=0)) + 2))
        for d in range(1, len(bounds) - 1):
            idx = order[bounds[d]:bounds[d + 1]]
            par = parents[idx]
            reach[idx] = reach[par] * tree.prob_table[tree.prob_ids[idx]]
            ppl = players[par]
            pair = self.pair_start[np.maximum(inf[par], 0)] + pos[idx]
            for p in range(seats):
                own[p][idx] = np.where(ppl == p, pair, own[p][par])
        self.own, self.reach = own, reach
        set_player = players[self.set_first].astype(np.int64)
        self.set_parent = np.full(nsets, -1, dtype=np.int64)
        for p in range(seats):
            mine = np.flatnonzero(set_player == p)
            self.set_parent[mine] = own[p][self.set_first[mine]]
        # Perfect recall: every node of a set follows the set's parent pair.
        if len(dec):
            dp = players[dec].astype(np.int64)
            got = np.empty(len(dec), dtype=np.int64)
            for p in range(seats):
                m = dp == p
                got[m] = own[p][dec[m]]
            bad = np.flatnonzero(got != self.set_parent[inf[dec]])
            if len(bad):
                node = int(dec[bad[0]])
                j = int(inf[node])
                from .infosets import _describe, _short

                first = int(self.set_first[j])
                raise KitError(
                    f"information set {_short(tree.infoset_keys[j])} breaks perfect recall: node {first} follows "
                    f"{_describe(self.pair(tree, int(self.set_parent[j])))}, node {node} follows "
                    f"{_describe(self.pair(tree, int(got[bad[0]])))}; the player's information_state must "
                    "remember their own earlier moves and observations")
        self.pair_set = np.repeat(np.arange(nsets), self.set_counts)

    def pair(self, tree: CompactTree, pair: int) -> tuple[tuple[int, Hashable], str] | None:
        """Pair number ``pair`` as ``(set key, action notation)`` (``None`` for ``-1``)."""
        if pair < 0:
            return None
        j = int(self.pair_set[pair]) if hasattr(self, "pair_set") else int(
            np.searchsorted(self.pair_start, pair, side="right") - 1)
        first = int(self.set_first[j])
        child = int(tree.kids[tree.offsets[first] + pair - self.pair_start[j]])
        return tree.infoset_keys[j], tree.labels[tree.actions[child]]

"""The sequence form of a two-player tree: numpy arrays the solvers run on.

A *sequence* of a player is the list of their own (information set, action)
choices on the way to a node; by perfect recall it ends in one
(information set, action) pair, or is empty.  Player ``p``'s sequences are
numbered ``0`` (empty) and ``1 ..`` (one per pair: the *slots*).  A
*realization plan* ``x`` gives each sequence the probability that the player's
own choices follow it; it is the behaviour strategy multiplied along the way.

Each leaf ``z`` adds ``chance(z) * u(z)`` to entry ``[s0(z), s1(z)]`` of the
payoff matrix ``A``, where ``s0``, ``s1`` are the players' last sequences at
``z`` and ``u`` the zero-sum payoff of seat 0 (``returns[0]``; or
``returns[0] - returns[1]`` when the returns do not sum to zero).  Then seat
0's expected payoff is ``x @ A @ y`` (Koller, Megiddo and von Stengel, 1996).

Information sets are laid out level by level (a set's level is the number of
earlier sets of its player on the way to it) so that each level is a
contiguous range of slots, and the sets of one level are sorted by their
parent sequence: a pass over the player's sets is a few numpy operations per
level.

Examples
--------
>>> from kit.trees import build_tree
>>> from kit.trees.examples import KuhnPoker
>>> from kit.trees.sequence import sequence_form
>>> sf = sequence_form(build_tree(KuhnPoker()))
>>> sf.num_sequences, len(sf.leaves[0]), sf.payoff
((13, 13), 30, 'returns[0]')
>>> sf.players[0].infosets[:3]
[(0, 'p0 J |'), (0, 'p0 Q |'), (0, 'p0 K |')]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

import numpy as np

from ..core.errors import KitError
from ..core.protocol import TERMINAL
from .infosets import Infoset

__all__ = ["SequenceForm", "PlayerSequences", "sequence_form", "Strategy"]

#: A behaviour strategy: ``{(player, infoset): {action notation: probability}}``.
Strategy = Mapping[Infoset, Mapping[str, float]]

# Use a dense payoff matrix while it is small against the number of leaves.
_DENSE_CELLS = 1 << 12


@dataclass
class PlayerSequences:
    """One player's information sets and sequences, laid out level by level.

    Attributes
    ----------
    player
        The seat.
    infosets
        The player's sets ``(player, infoset)``, in layout order.
    actions
        ``actions[j]``: the action notations of set ``j``.
    start
        ``start[j]``: the slot (sequence index) of the first action of set ``j``;
        the actions of a set take consecutive slots.
    parent
        ``parent[j]``: the sequence that leads to set ``j`` (``0``: empty).
    slot_infoset
        ``slot_infoset[s]``: the set of slot ``s`` (``-1`` for the empty sequence).
    slot_parent
        ``slot_parent[s]``: the parent sequence of the set of slot ``s``.
    counts
        ``counts[j]``: the number of actions of set ``j``.
    levels
        Per level: ``(first set, end set, first slot, end slot, set starts
        relative to the first slot, parents of the level's sets without
        repeats, where each parent's sets start relative to the first set)``.
    """

    player: int
    infosets: list[Infoset]
    actions: list[list[str]]
    start: np.ndarray
    parent: np.ndarray
    slot_infoset: np.ndarray
    slot_parent: np.ndarray
    counts: np.ndarray
    levels: list[tuple[int, int, int, int, np.ndarray, np.ndarray, np.ndarray]]
    index: dict[Infoset, int] = field(repr=False, default_factory=dict)

    @property
    def num_sequences(self) -> int:
        """Sequences, the empty one included."""
        return len(self.slot_infoset)

    def uniform(self) -> np.ndarray:
        """The uniform behaviour strategy as an array over slots (slot 0 holds 1)."""
        sigma = np.ones(self.num_sequences)
        sigma[1:] = 1.0 / self.counts[self.slot_infoset[1:]]
        return sigma

    def plan(self, sigma: np.ndarray) -> np.ndarray:
        """The realization plan of the behaviour strategy ``sigma`` (an array over slots)."""
        x = np.empty_like(sigma)
        x[0] = 1.0
        sp = self.slot_parent
        for _, _, lo, hi, _, _, _ in self.levels:
            np.multiply(x[sp[lo:hi]], sigma[lo:hi], out=x[lo:hi])
        return x

    def behaviour(self, plan: np.ndarray) -> np.ndarray:
        """The behaviour strategy of a realization plan (uniform where the plan is 0)."""
        plan = np.maximum(plan, 0.0)
        sums = np.add.reduceat(plan[1:], self.start - 1) if len(self.start) else np.zeros(0)
        sums_slot = np.concatenate(([1.0], sums[self.slot_infoset[1:]]))
        sigma = self.uniform()
        np.divide(plan, sums_slot, out=sigma, where=sums_slot > 1e-300)
        sigma[0] = 1.0
        return sigma

    def to_dict(self, sigma: np.ndarray) -> dict[Infoset, dict[str, float]]:
        """A behaviour strategy array as ``{(player, infoset): {action: probability}}``."""
        out: dict[Infoset, dict[str, float]] = {}
        values = sigma.tolist()
        for j, key in enumerate(self.infosets):
            s = int(self.start[j])
            out[key] = {a: values[s + i] for i, a in enumerate(self.actions[j])}
        return out

    def from_dict(self, strategy: Strategy) -> np.ndarray:
        """An array over slots from ``{(player, infoset): {action: probability}}``.

        Sets the strategy leaves out are played uniformly; actions left out of a
        listed set get probability 0.  Probabilities must be non-negative and
        sum to 1 (within 1e-6) in every listed set.
        """
        sigma = self.uniform()
        for j, key in enumerate(self.infosets):
            probs = strategy.get(key)
            if probs is None:
                continue
            acts = self.actions[j]
            unknown = set(probs) - set(acts)
            if unknown:
                raise KitError(f"strategy for information set {key!r} names actions {sorted(unknown)} "
                               f"that it does not offer ({acts})")
            row = [float(probs.get(a, 0.0)) for a in acts]
            total = sum(row)
            if min(row) < 0 or abs(total - 1.0) > 1e-6:
                raise KitError(f"strategy for information set {key!r} is not a probability distribution: {dict(probs)}")
            s = int(self.start[j])
            sigma[s:s + len(acts)] = [v / total for v in row]
        return sigma


@dataclass
class SequenceForm:
    """A two-player tree as arrays: both players' sequences and the leaves.

    Attributes
    ----------
    players
        ``(PlayerSequences of seat 0, PlayerSequences of seat 1)``.
    leaves
        ``(s0, s1, weight)``: per leaf, the last sequence of each seat and
        ``chance reach * zero-sum payoff of seat 0``.
    payoff
        ``"returns[0]"`` (zero-sum returns) or ``"returns[0] - returns[1]"``.
    dense
        The payoff matrix ``A`` as a dense array when small, else ``None``.
    """

    players: tuple[PlayerSequences, PlayerSequences]
    leaves: tuple[np.ndarray, np.ndarray, np.ndarray]
    payoff: str
    dense: np.ndarray | None = field(default=None, repr=False)
    dense_neg_t: np.ndarray | None = field(default=None, repr=False)

    @property
    def num_sequences(self) -> tuple[int, int]:
        return (self.players[0].num_sequences, self.players[1].num_sequences)

    def matrix(self) -> Any:
        """The payoff matrix ``A`` as a :class:`scipy.sparse.csr_array` (duplicates summed)."""
        from scipy import sparse

        s0, s1, w = self.leaves
        return sparse.csr_array((w, (s0, s1)), shape=self.num_sequences)

    def payoff_vector(self, player: int, other_plan: np.ndarray) -> np.ndarray:
        """``A @ y`` (player 0) or ``-(A.T @ x)`` (player 1): each own sequence's share
        of the player's payoff, given the opponent's realization plan."""
        if self.dense is not None:
            return (self.dense if player == 0 else self.dense_neg_t) @ other_plan
        s0, s1, w = self.leaves
        if player == 0:
            return np.bincount(s0, weights=w * other_plan[s1], minlength=self.players[0].num_sequences)
        return np.bincount(s1, weights=-w * other_plan[s0], minlength=self.players[1].num_sequences)

    def value(self, sigma0: np.ndarray, sigma1: np.ndarray) -> float:
        """Seat 0's expected zero-sum payoff when both play these behaviour strategies."""
        x, y = self.players[0].plan(sigma0), self.players[1].plan(sigma1)
        return float(x @ self.payoff_vector(0, y))

    def best_response(self, player: int, other_plan: np.ndarray) -> tuple[float, np.ndarray]:
        """The best value of ``player`` against the opponent's plan, and a pure
        behaviour strategy reaching it (an array over slots)."""
        ps = self.players[player]
        g = self.payoff_vector(player, other_plan)
        v = g.copy()
        best = np.zeros(len(ps.infosets))
        for ilo, ihi, lo, hi, lstarts, ups, gstarts in reversed(ps.levels):
            m = np.maximum.reduceat(v[lo:hi], lstarts)
            best[ilo:ihi] = m
            v[ups] += np.add.reduceat(m, gstarts)
        sigma = np.zeros_like(g)
        sigma[0] = 1.0
        if len(ps.infosets):
            # The first action reaching the best value of its set.
            hit = v[1:] >= best[ps.slot_infoset[1:]] - 1e-12 * (1.0 + np.abs(best[ps.slot_infoset[1:]]))
            for j in range(len(ps.infosets)):
                s = int(ps.start[j])
                sigma[s + int(np.argmax(hit[s - 1:s - 1 + ps.counts[j]]))] = 1.0
        return float(v[0]), sigma


def _zero_sum(tree: Any) -> bool:
    """Does every leaf have two returns summing to zero?  (A networkx or a compact tree.)"""
    table = getattr(tree, "returns_table", None)
    if table is None:
        table = [d["returns"] for _, d in tree.nodes(data=True) if d["kind"] == "terminal"]
    return all(len(r) == 2 and r[0] + r[1] == 0 for r in table)


def sequence_form(tree: Any) -> SequenceForm:
    """The sequence form of a two-player tree with perfect recall.

    Parameters
    ----------
    tree
        A tree from :func:`kit.trees.build_tree` or :func:`kit.trees.compact_tree`
        (a networkx tree is first made compact: one construction serves both),
        or a state (its compact tree).

    Returns
    -------
    SequenceForm

    Raises
    ------
    kit.core.KitError
        When a seat other than 0 and 1 acts, a leaf does not have two
        returns, or perfect recall fails (see
        :func:`kit.trees.check_perfect_recall`).

    Examples
    --------
    >>> from kit.trees import build_tree
    >>> from kit.trees.examples import KuhnPoker
    >>> from kit.trees.sequence import sequence_form
    >>> sf = sequence_form(build_tree(KuhnPoker()))
    >>> p0 = sf.players[0]
    >>> p0.infosets[3], p0.actions[3], int(p0.parent[3])
    ((0, 'p0 J | check bet'), ['fold', 'call'], 1)
    >>> round(sf.value(p0.uniform(), sf.players[1].uniform()), 4)   # both play at random
    0.125
    """
    from .compact import Recall, as_compact

    ct = as_compact(tree)
    nsets = len(ct.infoset_keys)
    dec = np.flatnonzero(ct.infosets >= 0)
    seats = np.unique(ct.players[dec]) if len(dec) else np.zeros(0, dtype=np.int8)
    for p in seats.tolist():
        if p not in (0, 1):
            j = int(ct.infosets[dec[np.flatnonzero(ct.players[dec] == p)[0]]])
            raise KitError(f"solving needs a two-player tree; seat {p} acts at {ct.infoset_keys[j]!r}")
    rec = Recall(ct, 2)
    table = ct.returns_table
    for i, r in enumerate(table):
        if len(r) != 2:
            leaf = int(np.flatnonzero(ct.returns_ids == i)[0])
            raise KitError(f"solving needs two players; leaf {leaf} has returns {r!r}")
    zero_sum = _zero_sum(ct)
    payoff = "returns[0]" if zero_sum else "returns[0] - returns[1]"
    utility = np.array([float(r[0]) if zero_sum else float(r[0]) - float(r[1]) for r in table] + [0.0])

    # Each set's level: the number of earlier sets of its player on the way to it (a parent set has a
    # lower number than its children, so passes in number order settle it).
    parent_set = np.where(rec.set_parent >= 0, rec.pair_set[np.maximum(rec.set_parent, 0)] if nsets else 0, -1)
    level = np.zeros(nsets, dtype=np.int64)
    has_parent = parent_set >= 0
    while nsets:
        new = np.where(has_parent, level[np.maximum(parent_set, 0)] + 1, 0)
        if np.array_equal(new, level):
            break
        level = new
    set_player = ct.players[rec.set_first]
    npairs = int(rec.set_counts.sum())
    within_all = np.arange(npairs) - np.repeat(rec.pair_start, rec.set_counts)
    pair_labels = ct.actions[ct.kids[np.repeat(ct.offsets[rec.set_first], rec.set_counts) + within_all]].tolist()
    names = ct.labels
    keys = ct.infoset_keys
    layouts, slot_maps = [], []
    for p in (0, 1):
        mine = np.flatnonzero(set_player == p)
        slot_of = np.full(npairs + 1, -1, dtype=np.int64)
        slot_of[npairs] = 0  # pair -1 (no move yet): the empty sequence
        order_parts, start_parts, parent_parts, count_parts = [], [], [], []
        slot_infoset_parts, slot_parent_parts = [np.array([-1])], [np.array([0])]
        levels = []
        next_slot, next_set = 1, 0
        nlev = 1 + int(level[mine].max()) if len(mine) else 0
        for lv in range(nlev):
            members = mine[level[mine] == lv]
            par = slot_of[rec.set_parent[members]]  # -1 -> index npairs -> 0
            order = np.lexsort((members, par))
            members, par = members[order], par[order]
            counts = rec.set_counts[members]
            total = int(counts.sum())
            offs = np.cumsum(counts) - counts
            starts = next_slot + offs
            within = np.arange(total) - np.repeat(offs, counts)
            slot_of[np.repeat(rec.pair_start[members], counts) + within] = next_slot + np.arange(total)
            local = np.arange(next_set, next_set + len(members))
            slot_infoset_parts.append(np.repeat(local, counts))
            slot_parent_parts.append(np.repeat(par, counts))
            order_parts.append(members), start_parts.append(starts), parent_parts.append(par)
            count_parts.append(counts)
            new_group = np.flatnonzero(np.r_[True, par[1:] != par[:-1]])
            levels.append((next_set, next_set + len(members), next_slot, next_slot + total,
                           (starts - next_slot).astype(np.intp), par[new_group].astype(np.intp),
                           new_group.astype(np.intp)))
            next_slot += total
            next_set += len(members)
        cat = (lambda parts, dtype=np.intp: np.concatenate(parts).astype(dtype) if parts else np.zeros(0, dtype))
        order = cat(order_parts)
        infosets = [keys[j] for j in order.tolist()]
        ps_, pc = rec.pair_start[order].tolist(), rec.set_counts[order].tolist()
        actions = [[names[a] for a in pair_labels[s:s + c]] for s, c in zip(ps_, pc)]
        layouts.append(PlayerSequences(
            player=p, infosets=infosets, actions=actions, start=cat(start_parts), parent=cat(parent_parts),
            slot_infoset=cat(slot_infoset_parts), slot_parent=cat(slot_parent_parts), counts=cat(count_parts),
            levels=levels, index={k: j for j, k in enumerate(infosets)}))
        slot_maps.append(slot_of)

    # Leaves: each seat's last sequence, and chance reach times seat 0's zero-sum payoff.
    term = np.flatnonzero(ct.players == TERMINAL)
    reach = rec.reach[term]
    term, reach = term[reach != 0], reach[reach != 0]
    s0 = slot_maps[0][rec.own[0][term]].astype(np.intp)
    s1 = slot_maps[1][rec.own[1][term]].astype(np.intp)
    w = reach * utility[ct.returns_ids[term]]
    leaves = (s0, s1, w)
    sf = SequenceForm(players=(layouts[0], layouts[1]), leaves=leaves, payoff=payoff)
    n0, n1 = sf.num_sequences
    if n0 * n1 <= max(_DENSE_CELLS, 4 * len(w)):
        a = np.zeros((n0, n1))
        np.add.at(a, (leaves[0], leaves[1]), leaves[2])
        sf.dense = a
        sf.dense_neg_t = np.ascontiguousarray(-a.T)
    return sf

"""Solve two-player trees: equilibrium value, strategies, best responses.

Every function here reads only the tree (or its
:func:`~kit.trees.sequence.sequence_form`), so it works for any game the
kit can build a tree of.  A tree may be a networkx tree
(:func:`~kit.trees.build_tree`), a compact one (:func:`~kit.trees.compact_tree`,
for trees too big for networkx), its sequence form, or a state (or a game):
then its compact tree is built first.  All go through one sequence form, so
the answers are the same.

Conventions
-----------
* **Payoff.**  Solving treats the tree as a zero-sum game between seats 0 and
  1.  Seat 0's payoff is ``returns[0]`` when every leaf's returns sum to zero;
  otherwise (Love Letter's tokens, for instance) it is
  ``returns[0] - returns[1]``, and seat 1's payoff is its negative.
  :attr:`Solution.payoff` says which one was used.
* **Strategies** are behaviour strategies
  ``{(player, infoset): {action notation: probability}}``.
* **Best response.**  ``best_response(tree, strategy, player)`` returns the
  most ``player`` can expect (on the zero-sum payoff, from ``player``'s side)
  against the other seat's part of ``strategy``, and a pure strategy reaching
  it.
* **Exploitability** of a strategy profile is the mean of the two best-response
  values: ``(br_0 + br_1) / 2`` where ``br_0 = max_x x·A·y`` and
  ``br_1 = max_y -(x·A·y)``.  The game value cancels out, so it is ``>= 0`` and
  ``0`` exactly at an equilibrium (OpenSpiel's ``exploitability``: NashConv
  divided by the two players).

Methods
-------
``"exact"``
    The sequence-form linear program (Koller, Megiddo, von Stengel 1996),
    one per seat, solved by HiGHS through :func:`scipy.optimize.linprog`.
    Exact up to the solver's floating-point tolerance (about 1e-9).
``"cfr+"``
    Counterfactual regret minimisation plus (Tammelin 2014): regret matching
    plus, alternating updates, linearly weighted averages; vectorised with
    numpy over the sequence form.  Returns the average strategy and a history
    of its exploitability to plot.

How big a position can be solved exactly
----------------------------------------
The exact method's size is the number of sequences (one per information
set and action), and in a two-player classic Love Letter endgame it grows
some ten to fifty times with each unseen card (measured by
``benchmarks/trees.py``; face up Guard, Priest, Handmaid, both hands
unknown):

=============  ============  ===========  ==========================
unseen cards   nodes         sequences    exact solve
=============  ============  ===========  ==========================
7 (gallery)    39,739        5,016        well under a second
8              446,507       50,830       about 1 s
9              21,866,009    about 2.6 M  does not finish (> 17 min)
=============  ============  ===========  ==========================

So positions up to 8 unseen cards are solved exactly in seconds; at 9 the
linear program does not finish on a 2-core machine (at 10 even the tree
passes 40 million nodes).  There CFR+ on the compact tree gives an
approximate equilibrium with its exploitability, and the tree explorer
opens such trees lazily, a node's children on demand.

Examples
--------
>>> from kit.trees import build_tree, solve
>>> from kit.trees.examples import KuhnPoker
>>> tree = build_tree(KuhnPoker())
>>> sol = solve(tree)
>>> round(sol.value, 6), round(-1 / 18, 6), sol.exploitability < 1e-8
(-0.055556, -0.055556, True)
>>> sol.strategy[(1, "p1 K | bet")]
{'fold': 0.0, 'call': 1.0}
>>> cfr = solve(tree, method="cfr+", iterations=2000)
>>> abs(cfr.value - sol.value) < 1e-3, cfr.exploitability < 1e-3
(True, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.errors import KitError
from .infosets import Infoset
from .sequence import PlayerSequences, SequenceForm, Strategy, sequence_form

#: What the solvers take: a networkx or compact tree, a sequence form, a state or a game.
Tree = Any

__all__ = ["Solution", "solve", "solve_exact", "cfr_plus", "best_response", "exploitability",
           "expected_payoff", "uniform_strategy"]


@dataclass
class Solution:
    """What a solver found.

    Attributes
    ----------
    value
        Seat 0's expected payoff (see :attr:`payoff`) when both seats play
        :attr:`strategy`; at an equilibrium, the value of the game.
    strategy
        ``{(player, infoset): {action notation: probability}}`` for both seats.
    exploitability
        ``(br_0 + br_1) / 2`` of :attr:`strategy` (see the module docstring);
        0 at an exact equilibrium.
    method
        ``"exact"`` or ``"cfr+"``.
    payoff
        ``"returns[0]"`` or ``"returns[0] - returns[1]"``: what seat 0 gains
        at a leaf in this solution (seat 1 gains its negative).
    iterations
        CFR+ iterations run (``None`` for the exact method).
    history
        CFR+ checkpoints ``[(iteration, exploitability), ...]``; plot them with
        a log scale, e.g. ``plt.loglog(*zip(*sol.history))``.
    seconds
        Wall-clock time of the solve (checkpoints included).
    """

    value: float
    strategy: dict[Infoset, dict[str, float]] = field(repr=False)
    exploitability: float
    method: str
    payoff: str
    iterations: int | None = None
    history: list[tuple[int, float]] = field(default_factory=list, repr=False)
    seconds: float = 0.0

    def policy(self, player: int) -> dict[Infoset, dict[str, float]]:
        """The part of :attr:`strategy` for one seat."""
        return {k: v for k, v in self.strategy.items() if k[0] == player}

    def __repr__(self) -> str:
        its = "" if self.iterations is None else f", iterations={self.iterations}"
        return (f"Solution(method={self.method!r}, value={self.value:.6g}, "
                f"exploitability={self.exploitability:.3g}{its}, infosets={len(self.strategy)}, "
                f"payoff={self.payoff!r})")


def _sf(tree: Any) -> SequenceForm:
    """The sequence form of a tree (networkx or compact), a state, a game, or itself.

    A compact tree keeps its sequence form, so solving it twice builds it once.
    """
    if isinstance(tree, SequenceForm):
        return tree
    from .compact import CompactTree

    if isinstance(tree, CompactTree):
        cached = getattr(tree, "_seqform", None)
        if cached is None:
            cached = tree._seqform = sequence_form(tree)
        return cached
    return sequence_form(tree)


def _arrays(sf: SequenceForm, strategy: Strategy) -> tuple[np.ndarray, np.ndarray]:
    return sf.players[0].from_dict(strategy), sf.players[1].from_dict(strategy)


def _exploitability(sf: SequenceForm, sigma0: np.ndarray, sigma1: np.ndarray) -> float:
    x, y = sf.players[0].plan(sigma0), sf.players[1].plan(sigma1)
    br0, _ = sf.best_response(0, y)
    br1, _ = sf.best_response(1, x)
    return max(0.0, (br0 + br1) / 2)


def _strategy(sf: SequenceForm, sigma0: np.ndarray, sigma1: np.ndarray) -> dict[Infoset, dict[str, float]]:
    out = sf.players[0].to_dict(sigma0)
    out.update(sf.players[1].to_dict(sigma1))
    return out


def uniform_strategy(tree: Tree) -> dict[Infoset, dict[str, float]]:
    """Every information set of both seats played uniformly at random.

    Examples
    --------
    >>> from kit.trees import build_tree, uniform_strategy
    >>> from kit.trees.examples import KuhnPoker
    >>> uniform_strategy(build_tree(KuhnPoker()))[(0, "p0 Q |")]
    {'check': 0.5, 'bet': 0.5}
    """
    sf = _sf(tree)
    return _strategy(sf, sf.players[0].uniform(), sf.players[1].uniform())


def expected_payoff(tree: Tree, strategy: Strategy) -> float:
    """Seat 0's expected zero-sum payoff when both seats play ``strategy``.

    Sets that ``strategy`` leaves out are played uniformly.

    Examples
    --------
    >>> from kit.trees import build_tree, expected_payoff
    >>> from kit.trees.examples import KuhnPoker
    >>> expected_payoff(build_tree(KuhnPoker()), {})   # both at random
    0.125
    """
    sf = _sf(tree)
    return sf.value(*_arrays(sf, strategy))


def best_response(tree: Tree, strategy: Strategy,
                  player: int) -> tuple[float, dict[Infoset, dict[str, float]]]:
    """The best ``player`` can do against the other seat's part of ``strategy``.

    Parameters
    ----------
    tree
        A two-player tree (or its sequence form).
    strategy
        ``{(player, infoset): {action: probability}}``; only the other seat's
        sets are read, and those it leaves out are played uniformly.
    player
        0 or 1.

    Returns
    -------
    value : float
        ``player``'s expected zero-sum payoff when best responding (seat 1's
        payoff is minus seat 0's).
    policy : dict
        A pure best response: ``{(player, infoset): {action: 1.0 or 0.0}}``,
        at every set of ``player`` (sets the response itself never reaches
        included; there it picks the best action as if the set were reached).

    Examples
    --------
    >>> from kit.trees import build_tree, best_response
    >>> from kit.trees.examples import KuhnPoker
    >>> tree = build_tree(KuhnPoker())
    >>> always_bet = {(0, f"p0 {c} |"): {"bet": 1.0} for c in "JQK"}
    >>> value, policy = best_response(tree, always_bet, 1)
    >>> round(value, 6)                    # call with K or Q, fold J: (2 + 0 - 1) / 3
    0.333333
    >>> policy[(1, "p1 J | bet")], policy[(1, "p1 Q | bet")]
    ({'fold': 1.0, 'call': 0.0}, {'fold': 0.0, 'call': 1.0})
    """
    if player not in (0, 1):
        raise KitError(f"player must be 0 or 1, not {player!r}")
    sf = _sf(tree)
    sig = _arrays(sf, strategy)
    other = 1 - player
    value, sigma = sf.best_response(player, sf.players[other].plan(sig[other]))
    return value, {k: {a: float(p) for a, p in v.items()} for k, v in sf.players[player].to_dict(sigma).items()}


def exploitability(tree: Tree, strategy: Strategy) -> float:
    """How far ``strategy`` is from an equilibrium: ``(br_0 + br_1) / 2``.

    ``br_p`` is :func:`best_response`'s value for seat ``p`` against the
    other seat's part of ``strategy``.  The game value cancels out, so the
    result is ``>= 0``, and ``0`` exactly when ``strategy`` is an equilibrium.
    It is in the units of the zero-sum payoff (``returns[0]``, or
    ``returns[0] - returns[1]`` when the returns are not zero-sum).

    Examples
    --------
    >>> from kit.trees import build_tree, exploitability
    >>> from kit.trees.examples import KuhnPoker
    >>> tree = build_tree(KuhnPoker())
    >>> round(exploitability(tree, {}), 4)      # both seats at random
    0.4583
    """
    sf = _sf(tree)
    return _exploitability(sf, *_arrays(sf, strategy))


# ---------------------------------------------------------------------- exact
def _constraints(ps: PlayerSequences) -> tuple[Any, np.ndarray]:
    """``E x = e``: x[empty] = 1 and, per set, the sum of its slots equals its parent."""
    from scipy import sparse

    m, n = 1 + len(ps.infosets), ps.num_sequences
    rows, cols, vals = [0], [0], [1.0]
    for j in range(len(ps.infosets)):
        rows.append(j + 1), cols.append(int(ps.parent[j])), vals.append(-1.0)
        for s in range(int(ps.start[j]), int(ps.start[j] + ps.counts[j])):
            rows.append(j + 1), cols.append(s), vals.append(1.0)
    e = np.zeros(m)
    e[0] = 1.0
    return sparse.csr_array((vals, (rows, cols)), shape=(m, n)), e


def _lp(E: Any, e: np.ndarray, F: Any, f: np.ndarray, A: Any) -> tuple[np.ndarray, float, np.ndarray]:
    """max over plans x (E x = e, x >= 0) of min over plans y (F y = f, y >= 0) of x A y.

    The inner minimum is replaced by its LP dual, max f·v with F^T v <= A^T x.
    Returns ``x``, the value, and the duals of the ``<=`` rows: they are an
    optimal plan ``y`` of the other seat (LP duality).
    """
    from scipy import sparse
    from scipy.optimize import linprog

    n, m = E.shape[1], F.shape[0]
    c = np.concatenate([np.zeros(n), -f])
    a_ub = sparse.hstack([-A.T, F.T], format="csr")
    a_eq = sparse.hstack([E, sparse.csr_array((E.shape[0], m))], format="csr")
    bounds = [(0.0, 1.0)] * n + [(None, None)] * m
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(a_ub.shape[0]), A_eq=a_eq, b_eq=e, bounds=bounds, method="highs")
    if res.status != 0:  # pragma: no cover - a well-formed sequence form always has an optimum
        raise KitError(f"the sequence-form linear program failed: {res.message}")
    return res.x[:n], -float(res.fun), -res.ineqlin.marginals


def solve_exact(tree: Tree) -> Solution:
    """An equilibrium by the sequence-form linear programs (HiGHS).

    One LP, of size linear in the tree: seat 0's optimal realization plan is
    its solution, seat 1's is its dual (should the dual's plan be off by more
    than 1e-9 in exploitability, a second LP, from seat 1's side, gives it).
    The strategies are read off the plans (uniform at sets a seat's own plan
    never reaches, where any choice is optimal).

    Examples
    --------
    >>> from kit.trees import build_tree, solve_exact
    >>> from kit.trees.examples import KuhnPoker
    >>> sol = solve_exact(build_tree(KuhnPoker()))
    >>> sol
    Solution(method='exact', value=-0.0555556, exploitability=..., infosets=12, payoff='returns[0]')
    >>> {k: round(v, 3) for k, v in sol.strategy[(1, "p1 J | check")].items()}
    {'check': 0.667, 'bet': 0.333}
    """
    t0 = time.perf_counter()
    sf = _sf(tree)
    (E, e), (F, f) = _constraints(sf.players[0]), _constraints(sf.players[1])
    A = sf.matrix()
    x, _, y = _lp(E, e, F, f, A)
    s0, s1 = sf.players[0].behaviour(x), sf.players[1].behaviour(y)
    expl = _exploitability(sf, s0, s1)
    if expl > 1e-9:  # pragma: no cover - HiGHS's duals have been exact on every tree tried
        y, _, _ = _lp(F, f, E, e, -A.T)
        s1 = sf.players[1].behaviour(y)
        expl = _exploitability(sf, s0, s1)
    return Solution(value=sf.value(s0, s1), strategy=_strategy(sf, s0, s1), exploitability=expl,
                    method="exact", payoff=sf.payoff, seconds=time.perf_counter() - t0)


# ---------------------------------------------------------------------- CFR+
def _checkpoints(iterations: int, count: int) -> set[int]:
    if count <= 0:
        return {iterations}
    points = {max(1, round(math.exp(math.log(iterations) * k / count))) for k in range(count + 1)}
    return points | {iterations}


def cfr_plus(tree: Tree, iterations: int = 1000, *, tol: float | None = None,
             checkpoints: int = 30) -> Solution:
    """An approximate equilibrium by CFR+ (the average strategy of its iterations).

    Each iteration updates seat 0, then seat 1 (alternating updates): it
    computes the counterfactual value of every sequence against the other
    seat's current plan, adds the regrets and floors them at 0 (regret
    matching plus), and adds the plan the seat played to its average with
    weight ``t`` (linear averaging).  This is OpenSpiel's ``CFRPlusSolver``
    step for step: the average strategies agree with its tree walk to
    rounding.  Work per iteration is a matrix-vector product with the payoff
    matrix plus a few numpy operations per level of each seat's information
    sets (see :mod:`kit.trees.sequence`), not a walk over the tree.

    Parameters
    ----------
    tree
        A two-player tree (or its sequence form).
    iterations
        The most iterations to run.
    tol
        Stop at the first checkpoint whose exploitability is at most ``tol``.
    checkpoints
        How many log-spaced checkpoints record the exploitability of the
        average strategy in :attr:`Solution.history` (the last iteration is
        always one); ``0`` records only the last (the fastest run).

    Examples
    --------
    >>> from kit.trees import build_tree, cfr_plus
    >>> from kit.trees.examples import KuhnPoker
    >>> sol = cfr_plus(build_tree(KuhnPoker()), iterations=1000, checkpoints=3)
    >>> [i for i, _ in sol.history]
    [1, 10, 100, 1000]
    >>> sol.history[0][1] > sol.history[-1][1]
    True
    >>> abs(sol.value + 1 / 18) < 1e-3
    True
    """
    if not isinstance(iterations, int) or iterations < 1:
        raise KitError(f"iterations must be a positive int, not {iterations!r}")
    t0 = time.perf_counter()
    sf = _sf(tree)
    run = _CFRPlus(sf)
    history: list[tuple[int, float]] = []
    done = 0
    for mark in sorted(_checkpoints(iterations, checkpoints)):
        run.run(done + 1, mark)
        done = mark
        s0, s1 = run.average()
        expl = _exploitability(sf, s0, s1)
        history.append((done, expl))
        if tol is not None and expl <= tol:
            break
    s0, s1 = run.average()
    return Solution(value=sf.value(s0, s1), strategy=_strategy(sf, s0, s1), exploitability=history[-1][1],
                    method="cfr+", payoff=sf.payoff, iterations=done, history=history,
                    seconds=time.perf_counter() - t0)


# Below this many slots a seat's block matrices are dense arrays, above it sparse.
_DENSE_SLOTS = 128


def _dot(matrix: Any) -> Any:
    """``f(vector, out)`` writing ``matrix @ vector`` into ``out``.

    For a dense array this is ``ndarray.dot`` with ``out`` (the cheapest call
    numpy has for a small matrix-vector product); for a sparse one, scipy's
    compiled CSR product straight into ``out`` (see :func:`_acc`).
    """
    if isinstance(matrix, np.ndarray):
        return matrix.dot
    acc = _acc(matrix)

    def dot(vector: np.ndarray, out: np.ndarray) -> None:
        out.fill(0.0)
        acc(vector, out)

    return dot


def _acc(matrix: Any) -> Any:
    """``f(vector, out)`` adding ``matrix @ vector`` to ``out``, in place.

    A sparse matrix uses scipy's compiled kernel ``csr_matvec`` (which adds
    into its output) directly: the operator ``@`` costs some 30 µs of checks
    per call, ten times the product itself on a tree the size of Leduc poker.
    Where that kernel is missing or answers differently (checked once on a
    small matrix), ``out += matrix @ vector``.
    """
    if isinstance(matrix, np.ndarray):
        buf = np.empty(matrix.shape[0])
        dot, add = matrix.dot, np.add

        def acc_dense(vector: np.ndarray, out: np.ndarray) -> None:
            dot(vector, buf)
            add(out, buf, out)

        return acc_dense
    m = matrix.tocsr()
    kernel = _csr_kernel()
    if kernel is None:
        def acc_sparse(vector: np.ndarray, out: np.ndarray) -> None:
            out += m @ vector

        return acc_sparse
    rows, cols = m.shape
    indptr, indices, data = m.indptr, m.indices, np.ascontiguousarray(m.data, dtype=float)
    return lambda vector, out: kernel(rows, cols, indptr, indices, data, vector, out)


_KERNEL: list = []


def _csr_kernel() -> Any:
    if not _KERNEL:
        kernel = None
        try:
            from scipy import sparse
            from scipy.sparse import _sparsetools

            probe = sparse.csr_array(np.array([[1.0, 0.0, 2.0], [0.0, 3.0, 0.0]]))
            out = np.array([1.0, 1.0])
            _sparsetools.csr_matvec(2, 3, probe.indptr, probe.indices, probe.data, np.array([1.0, 2.0, 3.0]), out)
            if out.tolist() == [8.0, 7.0]:
                kernel = _sparsetools.csr_matvec
        except Exception:  # pragma: no cover - a scipy without the kernel: the public operator
            kernel = None
        _KERNEL.append(kernel)
    return _KERNEL[0]


class _CFRPlus:
    """CFR+ state over the sequence form: regrets, strategies and plans as arrays.

    Both seats' plans live in one array ``plans = [x | y]`` so that the average
    is one update per iteration.  Per seat and iteration:

    1. ``V = G @ other_plan``: each own sequence's share of the seat's payoff
       (``G`` is ``A`` for seat 0, ``-A.T`` for seat 1);
    2. bottom-up over levels, ``V[parents] += Up @ (sigma * V)[level]``: now
       ``V`` holds the counterfactual value of every sequence;
    3. regrets ``R = max(R + V - B @ (sigma * V), 0)`` (``B``: same-set mask, so
       ``B @ (sigma * V)`` is the value of the slot's set);
    4. ``sigma = R / (B @ R)``, uniform where a set's regrets are all 0;
    5. top-down over levels, ``x[level] = x[parent] * sigma[level]`` (level 0
       has the empty sequence as parent: there ``x = sigma``).

    Small seats use dense block matrices, large ones scipy sparse arrays.
    """

    def __init__(self, sf: SequenceForm) -> None:
        from scipy import sparse

        n0, n1 = sf.num_sequences
        self.sf = sf
        self.plans = np.empty(n0 + n1)
        self.done = 0  # iterations run
        self.weighted = np.empty(n0 + n1)
        views = (self.plans[:n0], self.plans[n0:])
        if sf.dense is not None:
            mats = (sf.dense, sf.dense_neg_t)
        else:
            a = sf.matrix()
            mats = (a, (-a.T).tocsr())
        self.seats = []
        for p in (0, 1):
            ps = sf.players[p]
            n = ps.num_sequences
            dense = n <= _DENSE_SLOTS
            rows, cols = [0], [0]
            for j in range(len(ps.infosets)):
                lo, k = int(ps.start[j]), int(ps.counts[j])
                for r in range(lo, lo + k):
                    rows.extend([r] * k)
                    cols.extend(range(lo, lo + k))
            block = sparse.csr_array((np.ones(len(rows)), (rows, cols)), shape=(n, n))
            up_levels = []
            for lv in range(len(ps.levels) - 1, 0, -1):
                _, _, lo, hi, _, _, _ = ps.levels[lv]
                _, _, plo, phi, _, _, _ = ps.levels[lv - 1]
                sp = ps.slot_parent[lo:hi] - plo
                up = sparse.csr_array((np.ones(hi - lo), (sp, np.arange(hi - lo))), shape=(phi - plo, hi - lo))
                up_levels.append((lo, hi, plo, phi, up.toarray() if dense else up))
            x = views[p]
            x[:] = ps.plan(ps.uniform())
            # One level: the plan is the strategy, so the strategy is kept in the plan itself.
            sigma = x if len(ps.levels) <= 1 else ps.uniform()
            top = ps.levels[0][3] if ps.levels else 1  # slots 0 .. top-1: x = sigma
            v = np.zeros(n)
            # Views into the persistent buffers, made once: the loop only calls ufuncs.
            ups = []
            for lo, hi, plo, phi, U in up_levels:
                ups.append((sigma[lo:hi], v[lo:hi], v[plo:phi], _acc(U), np.empty(hi - lo)))
            downs = [(x[lo:hi], sigma[lo:hi], ps.slot_parent[lo:hi].copy(), np.empty(hi - lo))
                     for _, _, lo, hi, _, _, _ in ps.levels[1:]]
            G = mats[p]
            self.seats.append(dict(
                active=bool(len(ps.infosets)), gdot=_dot(G), bdot=_dot(block.toarray() if dense else block),
                nbacc=_acc(-block.toarray() if dense else -block),
                up=ups, down=downs, top=(x[:top], sigma[:top]), uniform=ps.uniform(), sigma=sigma,
                regret=np.zeros(n), x=x, other=views[1 - p], v=v, tmp=np.empty(n), tmp2=np.empty(n)))
        self.plan_sum = self.plans.copy()  # weight 1 on the plans of iteration 1

    def run(self, first: int, last: int) -> None:
        """Iterations ``first .. last`` (1-based: ``t`` weighs the average)."""
        plans, plan_sum, weighted = self.plans, self.plan_sum, self.weighted
        multiply, maximum, copyto, divide = np.multiply, np.maximum, np.copyto, np.divide
        add, equal, count_nonzero = np.add, np.equal, np.count_nonzero
        seats = [(s["gdot"], s["bdot"], s["nbacc"], s["up"], s["down"], s["top"], s["uniform"], s["regret"],
                  s["sigma"], s["x"], s["other"], s["v"], s["tmp"], s["tmp2"], np.zeros(len(s["v"]), dtype=bool),
                  len(s["v"])) for s in self.seats if s["active"]]
        with np.errstate(invalid="ignore", divide="ignore"):
            for t in range(first, last + 1):
                for gdot, bdot, nbacc, up, down, top, uniform, regret, sigma, x, other, v, tmp, tmp2, zero, n in seats:
                    gdot(other, v)  # v = G @ other: each sequence's own leaves
                    for sig_l, v_l, v_parent, uacc, buf in up:  # bottom-up: add the sets below
                        multiply(sig_l, v_l, buf)
                        uacc(buf, v_parent)
                    add(regret, v, regret)  # regret += v - (value of the slot's set)
                    multiply(sigma, v, tmp)
                    nbacc(tmp, regret)
                    maximum(regret, 0.0, out=regret)
                    bdot(regret, tmp2)  # regret matching plus
                    divide(regret, tmp2, sigma)
                    if count_nonzero(tmp2) != n:  # a set with no positive regret plays uniformly
                        copyto(sigma, uniform, where=equal(tmp2, 0.0, out=zero))
                    if down:  # top-down: the plan
                        copyto(*top)
                        for x_l, sig_l, sp, buf in down:
                            x.take(sp, out=buf)
                            multiply(buf, sig_l, x_l)
                multiply(plans, t + 1, weighted)
                add(plan_sum, weighted, plan_sum)
        self.done = last

    def average(self) -> tuple[np.ndarray, np.ndarray]:
        """Both seats' average behaviour strategies: ``sum_t t * plan_t`` over iterations ``1 .. T``.

        ``plan_t`` is the plan a seat played in iteration ``t`` (before its update), as
        in OpenSpiel's ``CFRPlusSolver``.  The loop adds ``(t + 1) * plan_(t+1)`` after
        iteration ``t`` (one update for both seats); the last term, ``(T + 1) *
        plan_(T+1)``, is taken off here.
        """
        n0 = self.sf.players[0].num_sequences
        total = self.plan_sum - (self.done + 1) * self.plans if self.done else self.plans
        return self.sf.players[0].behaviour(total[:n0]), self.sf.players[1].behaviour(total[n0:])


# ---------------------------------------------------------------------- front door
def solve(tree: Tree, method: str = "exact", *, iterations: int = 1000,
          tol: float | None = None, checkpoints: int = 30) -> Solution:
    """Solve a two-player tree as a zero-sum game.

    Parameters
    ----------
    tree
        A tree from :func:`kit.trees.build_tree` or :func:`kit.trees.compact_tree`,
        its sequence form, or a state (or a game): its compact tree is built.
    method
        ``"exact"`` (sequence-form LP, :func:`solve_exact`) or ``"cfr+"``
        (:func:`cfr_plus`).
    iterations, tol, checkpoints
        For ``"cfr+"`` only (see :func:`cfr_plus`).

    Returns
    -------
    Solution
        ``value`` is seat 0's expected payoff at the strategies found, on
        ``returns[0]``, or on ``returns[0] - returns[1]`` when the returns are
        not zero-sum (``Solution.payoff`` says which).

    Examples
    --------
    >>> from kit.trees import build_tree, solve
    >>> from kit.trees.examples import KuhnPoker
    >>> solve(build_tree(KuhnPoker()), method="cfr+", iterations=100, checkpoints=0)
    Solution(method='cfr+', value=-0.05..., exploitability=0.00..., iterations=100, infosets=12, payoff='returns[0]')
    >>> solve(KuhnPoker().new_initial_state()).value == solve(build_tree(KuhnPoker())).value   # a state
    True
    """
    if method == "exact":
        return solve_exact(tree)
    if method in ("cfr+", "cfr_plus", "cfrplus"):
        return cfr_plus(tree, iterations, tol=tol, checkpoints=checkpoints)
    raise KitError(f"unknown method {method!r}; use 'exact' (sequence-form LP) or 'cfr+'")

"""Game trees with information sets, for any game that speaks the kit's protocol.

* :func:`build_tree` expands a state into a :class:`networkx.DiGraph`
  (node ``kind``/``player``/``infoset``/``returns``/``history``, edge
  ``action``/``prob``); :func:`summary` counts it.
* :func:`infosets` groups decision nodes by ``(player, infoset)`` and checks
  that each set offers one list of actions; :func:`check_perfect_recall`.
* :func:`solve` (exact sequence-form LP or CFR+), :func:`best_response`,
  :func:`exploitability`, :func:`expected_payoff` for two-player trees.
* :func:`to_efg` (Gambit), :func:`to_graphml`, :func:`to_node_link`,
  :func:`from_node_link`.
* :func:`compact_tree`: the same tree as numpy arrays (:class:`CompactTree`,
  :mod:`kit.trees.compact`), for trees too big for networkx; the solvers take
  it (or a state) as they take a networkx tree, and :func:`to_networkx` gives
  the networkx tree of the whole of it or of a subtree.
* :mod:`kit.trees.sequence`: the sequence form (numpy arrays) the solvers
  run on; :mod:`kit.trees.examples`: :class:`~kit.trees.examples.KuhnPoker`
  and :class:`~kit.trees.examples.LeducPoker`, protocol games to teach with.

Nothing here knows any particular game: only the protocol
(``current_player``, ``legal_actions``, ``chance_outcomes``, ``child``,
``is_terminal``, ``returns``, ``information_state``, ``str(action)``).

Examples
--------
>>> from kit.trees import build_tree, summary, solve
>>> from kit.trees.examples import KuhnPoker
>>> tree = build_tree(KuhnPoker().new_initial_state())
>>> summary(tree)
{'nodes': 58, 'chance': 4, 'decision': 24, 'terminal': 30, 'edges': 57, 'infosets': {0: 6, 1: 6}, 'depth': 5}
>>> round(solve(tree).value, 6)       # Kuhn poker's value for seat 0 is -1/18
-0.055556
>>> from kit.trees import compact_tree, to_networkx
>>> from kit.trees.examples import LeducPoker
>>> big = compact_tree(LeducPoker())   # arrays: for trees too big to hold as networkx
>>> round(solve(big).value, 4), to_networkx(big, root=0, depth=2).number_of_nodes()
(-0.0856, 13)
"""

from ..core.lazy import lazy_exports
# imported now, as these names are also their modules' names (``kit.trees.draw`` is the function, as before)
from .draw import draw
from .infosets import Infoset, check_perfect_recall, infoset_actions, infosets

# networkx, numpy and scipy load when a name of theirs is first used (``from kit.trees import solve``), not
# when a picture of a tree (kit.render.trees, a game table) imports kit.trees.draw.
__getattr__, __dir__ = lazy_exports(__name__, {
    ".build": ["DEFAULT_MAX_NODES", "GameTree", "TreeTooLargeError", "build_tree", "summary"],
    ".sequence": ["SequenceForm", "Strategy", "sequence_form"],
    ".solvers": ["Solution", "best_response", "cfr_plus", "expected_payoff", "exploitability", "solve",
                 "solve_exact", "uniform_strategy"],
    ".compact": ["CompactTree", "compact_tree", "from_networkx", "to_networkx"],
    ".export": ["from_node_link", "to_efg", "to_graphml", "to_node_link"],
})

__all__ = [
    "build_tree", "summary", "GameTree", "TreeTooLargeError", "DEFAULT_MAX_NODES",
    "infosets", "infoset_actions", "check_perfect_recall", "Infoset",
    "SequenceForm", "sequence_form", "Strategy",
    "Solution", "solve", "solve_exact", "cfr_plus", "best_response", "exploitability", "expected_payoff",
    "uniform_strategy",
    "to_efg", "to_graphml", "to_node_link", "from_node_link",
    "draw",
    "CompactTree", "compact_tree", "to_networkx", "from_networkx",
]

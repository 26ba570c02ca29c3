"""The compact game tree (kit.trees.compact): the networkx tree node for node, solved the same."""

from __future__ import annotations

from fractions import Fraction

import networkx as nx
import numpy as np
import pytest

from kit.core import CHANCE, TERMINAL, KitError
from kit.loveletter.endgame import GALLERY, endgame
from kit.trees import (CompactTree, TreeTooLargeError, best_response, build_tree, cfr_plus, check_perfect_recall,
                       compact_tree, exploitability, from_networkx, infoset_actions, infosets, solve, summary,
                       to_networkx)
from kit.trees import solvers
from kit.trees.examples import KuhnPoker, LeducPoker
from kit.trees.sequence import sequence_form

from test_trees import BadChance, Forgetful, Leaky, Pennies

GAMES = {"kuhn": KuhnPoker, "leduc": LeducPoker, **{name: (lambda n=name: endgame(n)) for name in GALLERY}}

# Seat 0's game values, exact (the networkx path's values before the compact tree; Kuhn and Leduc as published).
VALUES = {"kuhn": Fraction(-1, 18), "princess-hunt": Fraction(1, 10), "known-baron": Fraction(2, 3),
          "guard-duel": Fraction(1, 15), "spy-race": Fraction(7, 9), "seven-unseen": Fraction(-13, 630)}


def _start(name):
    g = GAMES[name]()
    return g.new_initial_state() if hasattr(g, "new_initial_state") else g


def same_graph(a: nx.DiGraph, b: nx.DiGraph) -> bool:
    return nx.utils.graphs_equal(a, b) and a.graph == b.graph and list(a.nodes) == list(b.nodes)


@pytest.mark.parametrize("name", list(GAMES))
def test_compact_and_networkx_trees_are_equal_node_for_node(name):
    state = _start(name)
    tree = build_tree(state)
    compact = compact_tree(state)
    assert same_graph(to_networkx(compact), tree)
    assert compact.summary() == summary(tree) == summary(compact)
    for node in list(tree.nodes)[:: max(1, tree.number_of_nodes() // 300)]:
        d = tree.nodes[node]
        assert compact.node_attrs(node) == d
        assert compact.children(node) == list(tree.successors(node))
        assert [compact.action(c) for c in compact.children(node)] == [tree.edges[node, c]["action"]
                                                                       for c in tree.successors(node)]
        for c in compact.children(node):
            assert compact.edge_attrs(c) == tree.edges[node, c]
            assert compact.parent(c) == node
        assert compact.subtree_size(node) == 1 + len(nx.descendants(tree, node))
    assert infosets(compact) == infosets(tree)
    assert infoset_actions(compact) == infoset_actions(tree)
    assert check_perfect_recall(compact) == check_perfect_recall(tree)
    # A networkx tree made compact is the same compact tree.
    assert same_graph(to_networkx(from_networkx(tree)), tree)


def test_the_api_answers_by_node():
    t = compact_tree(KuhnPoker())
    assert isinstance(t, CompactTree) and len(t) == 58 and t.root == 0
    assert t.kind(0) == "chance" and t.player(0) == CHANCE and t.parent(0) == -1 and t.action(0) is None
    assert t.prob(1, exact=True) == Fraction(1, 3) and t.prob(1) == pytest.approx(1 / 3) and t.prob(2) == 0.5 and t.prob(3) is None
    assert t.infoset(2) == (0, "p0 J |") and t.infoset_id(2) == 0 and t.infoset(0) is None
    assert t.kind(4) == "terminal" and t.player(4) == TERMINAL and t.returns(4) == (-1, 1) and t.returns(2) is None
    assert t.history(4) == ("deal J", "deal Q", "check", "check") and t.depth(4) == 4
    want = infosets(build_tree(KuhnPoker()))
    assert {k: t.infoset_nodes(k) for k in want} == want
    assert t.infoset_nodes(0) == want[(0, "p0 J |")]
    for bad in (-1, 58, "3", 2.0):
        with pytest.raises(KitError, match="no node"):
            t.children(bad)
    with pytest.raises(KitError, match="no information set"):
        t.infoset_nodes((0, "p0 A |"))


def test_to_networkx_gives_a_subtree_by_root_and_depth():
    t = compact_tree(endgame("guard-duel"))
    whole = to_networkx(t)
    root = t.children(t.children(0)[1])[0]
    for depth in (0, 1, 3, None):
        sub = to_networkx(t, root=root, depth=depth)
        below = {root} | nx.descendants(whole, root)
        want = {n for n in below if depth is None or whole.nodes[n]["depth"] <= whole.nodes[root]["depth"] + depth}
        assert set(sub.nodes) == want and sub.graph["root"] == root
        assert all(sub.nodes[n] == whole.nodes[n] for n in sub.nodes)
        assert all(sub.edges[e] == whole.edges[e] for e in sub.edges)
        frontier = [n for n in sub.nodes if sub.out_degree(n) == 0 and whole.out_degree(n) > 0]
        assert sorted(sub.graph["frontier"]) == sorted(frontier)
    assert list(to_networkx(t, root=root, depth=0).nodes) == [root]
    with pytest.raises(KitError, match="depth must be"):
        to_networkx(t, root=root, depth=-1)
    with pytest.raises(KitError, match="no node"):
        to_networkx(t, root=len(t))


@pytest.mark.parametrize("name", ["kuhn", "leduc", "princess-hunt", "known-baron", "guard-duel", "seven-unseen"])
def test_exact_values_unchanged(name):
    state = _start(name)
    by_tree = solve(build_tree(state))
    by_compact = solve(compact_tree(state))
    by_state = solve(state)
    for sol in (by_compact, by_state):
        assert sol.value == by_tree.value and sol.strategy == by_tree.strategy
        assert sol.exploitability < 1e-9
    if name in VALUES:
        assert by_tree.value == pytest.approx(float(VALUES[name]), abs=1e-9)


def test_leduc_value_as_published():
    # Leduc hold'em's value for the first seat: -0.0856 (OpenSpiel's leduc_poker; Southey et al. 2005).
    sol = solve(LeducPoker())
    assert sol.value == pytest.approx(-0.085606424, abs=1e-8)
    assert summary(build_tree(LeducPoker()))["infosets"] == {0: 144, 1: 144}


def test_solvers_take_compact_trees_states_and_games_alike():
    tree = build_tree(KuhnPoker())
    compact = compact_tree(KuhnPoker())
    always_bet = {(0, f"p0 {c} |"): {"bet": 1.0} for c in "JQK"}
    for t in (compact, KuhnPoker(), KuhnPoker().new_initial_state()):
        assert best_response(t, always_bet, 1) == best_response(tree, always_bet, 1)
        assert exploitability(t, {}) == exploitability(tree, {})
        a, b = cfr_plus(t, 200, checkpoints=3), cfr_plus(tree, 200, checkpoints=3)
        assert a.strategy == b.strategy and a.history == b.history
    assert solvers._sf(compact) is solvers._sf(compact)  # a compact tree keeps its sequence form


def test_compact_tree_refuses_what_build_tree_refuses():
    with pytest.raises(KitError, match=r"information set \(1, 'p1'\) mixes nodes with different actions: "
                                       r"node 1 offers \['H', 'T'\], node 4 offers \['H', 'T', 'edge'\]"):
        compact_tree(Leaky())
    assert len(compact_tree(Leaky(), check=False)) == 8
    with pytest.raises(KitError, match=r"information set \(0, 'p0 turn 2'\) breaks perfect recall"):
        solve(compact_tree(Forgetful()))
    with pytest.raises(KitError, match=r"information set \(0, 'p0 turn 2'\) breaks perfect recall: node 2 follows "
                                       r"their move 'H' at \(0, 'p0 turn 0'\), node 9 follows their move 'T'"):
        check_perfect_recall(compact_tree(Forgetful()))
    with pytest.raises(KitError, match="exact fractions.Fraction"):
        compact_tree(BadChance([0.5, 0.5]))
    with pytest.raises(KitError, match="sum to 9/10, not 1"):
        compact_tree(BadChance([Fraction(1, 2), Fraction(2, 5)]))
    with pytest.raises(KitError, match="share the notation"):
        compact_tree(type("Twice", (Pennies,), {"legal_actions": lambda self: ["H", "H"]})())
    with pytest.raises(TreeTooLargeError, match="more than max_nodes=57"):
        compact_tree(KuhnPoker(), max_nodes=57)
    with pytest.raises(KitError, match="max_nodes must be"):
        compact_tree(KuhnPoker(), max_nodes=0)


def test_a_list_the_game_changes_after_returning_it_is_read_again():
    """The builder remembers the rows of an action list it saw; a game that reuses one list object must still
    get its current contents."""

    class Reuses(Leaky):
        shared: list = []

        def legal_actions(self):
            Reuses.shared[:] = super().legal_actions()
            return Reuses.shared

    t = compact_tree(Reuses(), check=False)
    assert same_graph(to_networkx(t), build_tree(Leaky(), check=False))
    assert [t.action(c) for c in t.children(t.children(0)[1])] == ["H", "T", "edge"]


def test_cfr_plus_without_the_compiled_kernel_gives_the_same_iterates(monkeypatch):
    sf = sequence_form(build_tree(LeducPoker()))
    fast = cfr_plus(sf, 5, checkpoints=0)
    monkeypatch.setattr(solvers, "_KERNEL", [None])
    plain = cfr_plus(sf, 5, checkpoints=0)
    for key, probs in fast.strategy.items():
        assert probs == pytest.approx(plain.strategy[key], abs=1e-12)


def test_leduc_rules():
    s = LeducPoker().new_initial_state()
    assert s.chance_outcomes() == [("deal J", Fraction(1, 3)), ("deal Q", Fraction(1, 3)), ("deal K", Fraction(1, 3))]
    for a in ["deal K", "deal K"]:
        s.apply_action(a)
    assert s.chance_outcomes() == []
    assert s.legal_actions() == ["check", "bet"]          # no fold without a bet to answer
    s.apply_action("bet")
    assert s.legal_actions() == ["fold", "call", "raise"]
    s.apply_action("raise")
    assert s.legal_actions() == ["fold", "call"]          # two bets and raises a round at most
    s.apply_action("call")
    assert s.current_player() == CHANCE                   # the public card: one King is left of six, four cards
    assert s.chance_outcomes() == [("deal J", Fraction(1, 2)), ("deal Q", Fraction(1, 2))]
    s.apply_action("deal Q")
    assert s.information_state(1) == "p1 K | bet raise call | Q |" and s.current_player() == 0
    s.apply_action("check")
    s.apply_action("check")
    assert s.is_terminal() and s.returns() == [0, 0]     # equal cards split the pot
    pair = LeducPoker().state_from_json({"history": ["deal Q", "deal K", "check", "bet", "call", "deal Q",
                                                     "bet", "call"]})
    assert pair.returns() == [7, -7]                      # 1 ante + 2 + 4: the Queen pairs the public card
    fold = LeducPoker().state_from_json({"history": ["deal J", "deal K", "bet", "raise", "fold"]})
    assert fold.returns() == [-3, 3]                      # the folder loses what it put in
    with pytest.raises(KitError, match="not allowed"):
        LeducPoker().state_from_json({"history": ["deal J", "deal K", "fold"]})
    assert np.isclose(sum(p for _, p in LeducPoker().new_initial_state().chance_outcomes()), 1)


def test_leduc_plays_by_the_protocol():
    import random

    from kit.core import IllegalActionError

    rng = random.Random(7)
    ends = set()
    for _ in range(200):
        s = LeducPoker().new_initial_state()
        while not s.is_terminal():
            before = s.to_json()
            with pytest.raises(IllegalActionError):
                s.apply_action("check" if s.current_player() == CHANCE else "deal J")
            assert s.to_json() == before  # a refused action changes nothing
            if s.current_player() == CHANCE:
                actions, probs = zip(*s.chance_outcomes())
                assert sum(probs) == 1 and list(actions) == s.legal_actions()
                a = rng.choices(actions, weights=probs)[0]
            else:
                a = rng.choice(s.legal_actions())
            c = s.child(a)
            assert s.to_json() == before and c.history() == s.history() + [a]
            s = c
        r = s.returns()
        assert r[0] + r[1] == 0 and abs(r[0]) in (0, 1, 3, 5, 7, 9, 11, 13)
        assert LeducPoker().state_from_json(s.to_json()).returns() == r
        ends.add(abs(r[0]))
    assert {1, 3, 5}.issubset(ends)


class Parity(Pennies):
    """Four moves 'a'/'b' in turn (p0, p1, p0, p1); seat 0 wins when the number of 'a's is odd.

    Its ``transposition_key`` is what the future depends on (moves made, parity so far), so 'ab' and 'ba' share
    a subtree; each seat's information state is every move so far (it grows by appending).
    """

    expanded = 0
    game = type("ParityGame", (), {"num_players": 2, "__repr__": lambda self: "ParityGame()"})()

    def current_player(self):
        return len(self.moves) % 2 if len(self.moves) < 4 else TERMINAL

    def is_terminal(self):
        return len(self.moves) == 4

    def legal_actions(self):
        Parity.expanded += 1
        return ["a", "b"]

    def returns(self):
        u = 1 if self.moves.count("a") % 2 else -1
        return [u, -u]

    def information_state(self, player):
        return f"p{player}:" + "".join(self.moves)

    def transposition_key(self):
        return len(self.moves), self.moves.count("a") % 2


class ForgetsParity(Parity):
    """The same game, but the information state says only the count and parity (not by appending)."""

    def information_state(self, player):
        return f"p{player} {len(self.moves)} {self.moves.count('a') % 2}"


@pytest.mark.parametrize("game", [Parity, ForgetsParity])
def test_transpositions_build_each_position_once_and_the_same_tree(game):
    Parity.expanded = 0
    shared = compact_tree(game(), check=False)
    with_sharing = Parity.expanded
    Parity.expanded = 0
    plain = compact_tree(game(), transpositions=False, check=False)
    without = Parity.expanded
    assert same_graph(to_networkx(shared), to_networkx(plain))
    assert same_graph(to_networkx(shared), build_tree(game(), check=False))
    Parity.expanded = without
    if game is Parity:  # 'ab' and 'ba' lead to one position: built once, copied once
        assert with_sharing < Parity.expanded
    else:  # its information states do not grow by appending: built again, with no sharing
        assert with_sharing > Parity.expanded


@pytest.mark.parametrize("name", ["seven-unseen", "spy-race"])
def test_love_letter_transposition_keys_change_nothing(name):
    a, b = compact_tree(endgame(name)), compact_tree(endgame(name), transpositions=False)
    for field in ("players", "parents", "actions", "prob_ids", "infosets", "returns_ids", "depths"):
        assert np.array_equal(getattr(a, field), getattr(b, field)), field
    assert a.infoset_keys == b.infoset_keys and a.returns_table == b.returns_table

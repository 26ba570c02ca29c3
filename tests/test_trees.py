"""Game trees, information sets, solvers and exports (kit.trees).

The small games below are written in this file against the protocol alone:
``current_player``, ``legal_actions``, ``chance_outcomes``, ``apply_action``,
``clone`` (and ``child`` when a game has it), ``is_terminal``, ``returns``,
``information_state`` and ``str(action)``.  None of them is a kit game, so the
tree code cannot lean on anything else.  Known values are pinned: Kuhn poker
is worth -1/18 to the first player (Kuhn 1950); the uniform policy's
exploitability in Kuhn poker is 11/24 (OpenSpiel's NashConv 11/12 over two
players); the matching-pennies variant below is worth 1/5.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import networkx as nx
import pytest

from kit.core import CHANCE, TERMINAL, KitError, State
from kit.trees import (TreeTooLargeError, best_response, build_tree, cfr_plus, check_perfect_recall,
                       expected_payoff, exploitability, from_node_link, infoset_actions, infosets, solve,
                       solve_exact, summary, to_efg, to_graphml, to_node_link, uniform_strategy)

KUHN_VALUE = -1 / 18


# ---------------------------------------------------------------------- games of this file
class Pennies:
    """Matching pennies with uneven stakes: p0 shows H or T, p1 (not seeing it) shows H or T.

    p0 wins 2 on (H, H), 1 on (T, T), loses 1 otherwise.  Value 1/5; both show H
    with probability 2/5.  A plain class: no ``child``, no base class.
    """

    PAY = {("H", "H"): 2, ("H", "T"): -1, ("T", "H"): -1, ("T", "T"): 1}

    def __init__(self, moves=()):
        self.moves = list(moves)

    def current_player(self):
        return len(self.moves) if len(self.moves) < 2 else TERMINAL

    def is_terminal(self):
        return len(self.moves) == 2

    def legal_actions(self):
        return ["H", "T"]

    def chance_outcomes(self):
        return []

    def apply_action(self, action):
        self.moves.append(action)

    def clone(self):
        return type(self)(self.moves)

    def returns(self):
        u = self.PAY[tuple(self.moves)]
        return [u, -u]

    def information_state(self, player):
        return f"p{player}"  # p0 moves first, having seen nothing; p1 never sees p0's coin


class Kuhn(State):
    """Kuhn poker, written here from scratch (a protocol State; actions are strings)."""

    def __init__(self):
        self.cards, self.moves = [], []

    def current_player(self):
        if len(self.cards) < 2:
            return CHANCE
        return {(): 0, ("pass",): 1, ("bet",): 1, ("pass", "bet"): 0}.get(tuple(self.moves), TERMINAL)

    def legal_actions(self):
        if self.current_player() == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return [] if self.is_terminal() else ["pass", "bet"]

    def chance_outcomes(self):
        if len(self.cards) == 2:
            return []
        left = [c for c in (1, 2, 3) if c not in self.cards]
        return [(c, Fraction(1, len(left))) for c in left]

    def apply_action(self, action):
        (self.cards if len(self.cards) < 2 else self.moves).append(action)

    def clone(self):
        new = Kuhn()
        new.cards, new.moves = self.cards[:], self.moves[:]
        return new

    def returns(self):
        if not self.is_terminal():
            return [0, 0]
        m = tuple(self.moves)
        if m == ("bet", "pass"):
            return [1, -1]
        if m == ("pass", "bet", "pass"):
            return [-1, 1]
        stake = 2 if "bet" in m else 1
        win = stake if self.cards[0] > self.cards[1] else -stake
        return [win, -win]

    def information_state(self, player):
        return f"{player}:{self.cards[player]}:{''.join(m[0] for m in self.moves)}"

    def observation(self, player):
        return {"card": self.cards[player], "moves": self.moves}

    def history(self):
        return self.cards + self.moves

    def to_json(self):
        return json.dumps(self.history())


class Coin:
    """Chance flips a biased coin that only p0 sees; p0 has one move, p1 guesses.

    Pays p0 +1 when p1 guesses wrong, -1 when right; tokens-like returns are
    not zero-sum when ``tokens`` is set (winner 1, loser 0).
    """

    def __init__(self, tokens=False, path=()):
        self.tokens, self.path = tokens, list(path)

    def current_player(self):
        return [CHANCE, 0, 1][len(self.path)] if len(self.path) < 3 else TERMINAL

    def is_terminal(self):
        return len(self.path) == 3

    def legal_actions(self):
        return [["go"], ["guess heads", "guess tails"]][len(self.path) - 1]

    def chance_outcomes(self):
        return [("heads", Fraction(1, 3)), ("tails", Fraction(2, 3))] if not self.path else []

    def apply_action(self, action):
        self.path.append(action)

    def clone(self):
        return Coin(self.tokens, self.path)

    def returns(self):
        right = self.path[2] == "guess " + self.path[0]
        if self.tokens:
            return [0, 1] if right else [1, 0]
        return [-1, 1] if right else [1, -1]

    def information_state(self, player):
        return f"p0 saw {self.path[0]}" if player == 0 else "p1 " + " ".join(self.path[1:])


# ---------------------------------------------------------------------- building
def test_pennies_tree_by_hand():
    tree = build_tree(Pennies())
    assert summary(tree) == {"nodes": 7, "chance": 0, "decision": 3, "terminal": 4, "edges": 6,
                             "infosets": {0: 1, 1: 1}, "depth": 2}
    assert infosets(tree) == {(0, "p0"): [0], (1, "p1"): [1, 4]}
    assert [tree.nodes[n]["returns"] for n in (2, 3, 5, 6)] == [(2, -2), (-1, 1), (-1, 1), (1, -1)]
    assert tree.nodes[6]["history"] == ("T", "T") and tree.edges[4, 6] == {"action": "T"}
    assert tree.graph["root"] == 0 and tree.graph["num_players"] == 2


def test_kuhn_tree_counts_and_order():
    state = Kuhn()
    tree = build_tree(state)
    assert summary(tree) == {"nodes": 58, "chance": 4, "decision": 24, "terminal": 30, "edges": 57,
                             "infosets": {0: 6, 1: 6}, "depth": 5}
    assert state.cards == [] and state.moves == []  # the state given is not changed
    # ids 0..n-1 in depth-first prefix order, children in the order of the actions
    assert list(tree.nodes) == list(range(58)) == list(nx.dfs_preorder_nodes(tree, 0))
    for node, d in tree.nodes(data=True):
        path = nx.shortest_path(tree, 0, node)
        assert d["history"] == tuple(tree.edges[u, v]["action"] for u, v in zip(path, path[1:]))
        assert d["depth"] == len(path) - 1
        assert (d["returns"] is not None) == (d["kind"] == "terminal")
        assert (d["infoset"] is not None) == (d["kind"] == "decision")
        if d["kind"] == "chance":
            probs = [tree.edges[node, c]["prob"] for c in tree.successors(node)]
            assert all(type(p) is Fraction for p in probs) and sum(probs) == 1
            assert d["player"] == CHANCE
        elif d["kind"] == "terminal":
            assert d["player"] == TERMINAL and tree.out_degree(node) == 0
    assert all(len(nodes) == 2 for nodes in infosets(tree).values())  # the other card is J, Q or K minus yours


def test_single_action_decisions_count_and_chance_first():
    tree = build_tree(Coin())
    assert summary(tree) == {"nodes": 9, "chance": 1, "decision": 4, "terminal": 4, "edges": 8,
                             "infosets": {0: 2, 1: 1}, "depth": 3}
    assert infoset_actions(tree) == {(0, "p0 saw heads"): ["go"], (1, "p1 go"): ["guess heads", "guess tails"],
                                     (0, "p0 saw tails"): ["go"]}
    assert [tree.edges[0, c]["prob"] for c in tree.successors(0)] == [Fraction(1, 3), Fraction(2, 3)]


def test_max_nodes_is_a_clear_error():
    assert build_tree(Kuhn(), max_nodes=58).number_of_nodes() == 58
    with pytest.raises(TreeTooLargeError, match=r"more than max_nodes=57 nodes .*raise max_nodes"):
        build_tree(Kuhn(), max_nodes=57)
    assert issubclass(TreeTooLargeError, KitError)


class Leaky(Pennies):
    """p1's information state hides p0's move, but p1's actions depend on it."""

    def legal_actions(self):
        return ["H", "T"] if self.moves != ["T"] else ["H", "T", "edge"]

    def returns(self):
        u = self.PAY.get(tuple(self.moves), 0)
        return [u, -u]


class Forgetful(Pennies):
    """p0 moves twice and forgets its first move: imperfect recall."""

    def current_player(self):
        return [0, 1, 0][len(self.moves)] if len(self.moves) < 3 else TERMINAL

    def is_terminal(self):
        return len(self.moves) == 3

    def returns(self):
        u = 1 if self.moves[0] == self.moves[2] else -1
        return [u, -u]

    def information_state(self, player):
        return f"p{player} turn {len(self.moves)}"


class BadChance(Coin):
    def __init__(self, probs, path=()):
        super().__init__(path=path)
        self.probs = probs

    def chance_outcomes(self):
        return list(zip(["heads", "tails"], self.probs)) if not self.path else []

    def clone(self):
        return BadChance(self.probs, self.path)


def test_errors_name_the_problem():
    with pytest.raises(KitError, match=r"information set \(1, 'p1'\) mixes nodes with different actions: "
                                       r"node 1 offers \['H', 'T'\], node 4 offers \['H', 'T', 'edge'\]"):
        build_tree(Leaky())
    assert build_tree(Leaky(), check=False).number_of_nodes() == 8
    tree = build_tree(Forgetful())  # builds fine: the sets are consistent ...
    with pytest.raises(KitError, match=r"information set \(0, 'p0 turn 2'\) breaks perfect recall"):
        check_perfect_recall(tree)
    with pytest.raises(KitError, match="perfect recall"):  # ... but cannot be solved
        solve(tree)
    with pytest.raises(KitError, match="exact fractions.Fraction"):
        build_tree(BadChance([0.5, 0.5]))
    with pytest.raises(KitError, match="sum to 9/10, not 1"):
        build_tree(BadChance([Fraction(1, 2), Fraction(2, 5)]))
    with pytest.raises(KitError, match="share the notation"):
        build_tree(type("Twice", (Pennies,), {"legal_actions": lambda self: ["H", "H"]})())
    with pytest.raises(KitError, match="unknown method"):
        solve(build_tree(Pennies()), method="magic")


# ---------------------------------------------------------------------- solving
def test_pennies_values_by_hand():
    tree = build_tree(Pennies())
    exact = solve(tree)
    assert exact.value == pytest.approx(0.2, abs=1e-9)
    assert exact.strategy[(0, "p0")]["H"] == pytest.approx(0.4, abs=1e-9)
    assert exact.strategy[(1, "p1")]["H"] == pytest.approx(0.4, abs=1e-9)
    assert exact.exploitability < 1e-9 and exact.payoff == "returns[0]"
    cfr = solve(tree, "cfr+", iterations=3000)
    assert cfr.value == pytest.approx(0.2, abs=1e-3) and cfr.exploitability < 1e-3
    # against a p1 that always shows H, p0 shows H and wins 2; p1 best-responds to p0 with T and wins 1
    value, policy = best_response(tree, {(1, "p1"): {"H": 1.0}}, 0)
    assert value == 2 and policy == {(0, "p0"): {"H": 1.0, "T": 0.0}}
    value, policy = best_response(tree, {(0, "p0"): {"H": 1.0, "T": 0.0}}, 1)
    assert value == 1 and policy == {(1, "p1"): {"H": 0.0, "T": 1.0}}
    assert exploitability(tree, {(0, "p0"): {"H": 1.0}, (1, "p1"): {"H": 1.0}}) == pytest.approx((2 + 1) / 2)


def test_kuhn_exact_value_and_equilibrium_family():
    tree = build_tree(Kuhn())
    sol = solve_exact(tree)
    assert sol.value == pytest.approx(KUHN_VALUE, abs=1e-9)
    assert sol.exploitability < 1e-9
    s = sol.strategy
    alpha = s[(0, "0:1:")]["bet"]  # the Jack's bluff
    assert -1e-9 <= alpha <= 1 / 3 + 1e-9
    assert s[(0, "0:3:")]["bet"] == pytest.approx(3 * alpha, abs=1e-6)
    assert s[(0, "0:2:pb")]["bet"] == pytest.approx(alpha + 1 / 3, abs=1e-6)
    assert s[(1, "1:1:p")]["bet"] == pytest.approx(1 / 3, abs=1e-6)
    assert s[(1, "1:2:b")]["bet"] == pytest.approx(1 / 3, abs=1e-6)
    assert s[(1, "1:3:b")]["bet"] == pytest.approx(1, abs=1e-9)
    assert sol.value == pytest.approx(expected_payoff(tree, s), abs=1e-9)


def test_kuhn_cfr_plus_agrees_with_exact():
    tree = build_tree(Kuhn())
    exact = solve(tree, "exact")
    cfr = solve(tree, "cfr+", iterations=5000, checkpoints=10)
    assert cfr.value == pytest.approx(exact.value, abs=1e-4)
    assert cfr.exploitability < 1e-4
    its = [i for i, _ in cfr.history]
    assert its[0] == 1 and its[-1] == 5000 == cfr.iterations and its == sorted(set(its))
    assert cfr.history[-1][1] < cfr.history[0][1] / 100
    assert cfr.exploitability == pytest.approx(exploitability(tree, cfr.strategy), abs=1e-12)
    for key, probs in cfr.strategy.items():
        assert sum(probs.values()) == pytest.approx(1.0)
    early = cfr_plus(tree, 5000, tol=1e-3)
    assert early.iterations < 5000 and early.exploitability <= 1e-3


def reference_cfr_plus(tree, iterations):
    """CFR+ as OpenSpiel's CFRPlusSolver runs it: a recursive walk per seat per iteration
    (alternating updates, regret matching plus, average weighted by t * own reach)."""
    nodes, succ = tree.nodes, tree.adj
    regret, total, policy = {}, {}, {}
    for n, d in nodes(data=True):
        if d["kind"] == "decision":
            key, acts = (d["player"], d["infoset"]), [e["action"] for e in succ[n].values()]
            regret[key], total[key] = dict.fromkeys(acts, 0.0), dict.fromkeys(acts, 0.0)
            policy[key] = dict.fromkeys(acts, 1 / len(acts))
    zero_sum = all(sum(d["returns"]) == 0 for _, d in nodes(data=True) if d["kind"] == "terminal")

    def walk(n, reach, seat, t):  # reach: [p0, p1, chance]; returns seat 0's value
        d = nodes[n]
        if d["kind"] == "terminal":
            r = d["returns"]
            return r[0] if zero_sum else r[0] - r[1]
        if d["kind"] == "chance":
            return sum(float(e["prob"]) * walk(c, [reach[0], reach[1], reach[2] * float(e["prob"])], seat, t)
                       for c, e in succ[n].items())
        p, key = d["player"], (d["player"], d["infoset"])
        if reach[0] == reach[1] == 0:
            return 0.0
        child = {}
        for c, e in succ[n].items():
            r = list(reach)
            r[p] *= policy[key][e["action"]]
            child[e["action"]] = walk(c, r, seat, t)
        value = sum(policy[key][a] * v for a, v in child.items())
        if p == seat:
            sign = 1 if p == 0 else -1
            for a, prob in policy[key].items():
                regret[key][a] += reach[1 - p] * reach[2] * sign * (child[a] - value)
                total[key][a] += t * reach[p] * prob
        return value

    for t in range(1, iterations + 1):
        for seat in (0, 1):
            walk(tree.graph["root"], [1.0, 1.0, 1.0], seat, t)
            for key, regrets in regret.items():
                if key[0] == seat:
                    for a in regrets:
                        regrets[a] = max(regrets[a], 0.0)
                    s = sum(regrets.values())
                    policy[key] = {a: r / s if s > 0 else 1 / len(regrets) for a, r in regrets.items()}
    return {key: {a: v / sum(c.values()) if sum(c.values()) > 0 else 1 / len(c) for a, v in c.items()}
            for key, c in total.items()}


@pytest.mark.parametrize("which", ["kuhn", "love letter"])
def test_cfr_plus_is_the_textbook_algorithm(which, request):
    if which == "kuhn":
        tree, iterations = build_tree(Kuhn()), 100
    else:
        tree, iterations = build_tree(request.getfixturevalue("late_love_letter")), 10
    expected = reference_cfr_plus(tree, iterations)
    got = cfr_plus(tree, iterations, checkpoints=0).strategy
    assert got.keys() == expected.keys()
    for key, probs in expected.items():
        assert got[key] == pytest.approx(probs, abs=1e-12), key


def test_exploitability_and_best_response_conventions():
    tree = build_tree(Kuhn())
    uniform = uniform_strategy(tree)
    assert exploitability(tree, uniform) == pytest.approx(11 / 24)
    assert exploitability(tree, {}) == pytest.approx(11 / 24)  # sets left out are played uniformly
    br0, _ = best_response(tree, uniform, 0)
    br1, _ = best_response(tree, uniform, 1)
    assert (br0 + br1) / 2 == pytest.approx(11 / 24)
    always_bet = {(0, f"0:{c}:"): {"bet": 1.0} for c in (1, 2, 3)}
    value, policy = best_response(tree, always_bet, 1)
    assert value == pytest.approx(1 / 3)  # call with K (+2) or Q (0 on average), fold J (-1)
    assert policy[(1, "1:1:b")] == {"pass": 1.0, "bet": 0.0} and policy[(1, "1:3:b")]["bet"] == 1.0
    with pytest.raises(KitError, match="does not offer"):
        exploitability(tree, {(0, "0:1:"): {"raise": 1.0}})
    with pytest.raises(KitError, match="not a probability distribution"):
        exploitability(tree, {(0, "0:1:"): {"pass": 0.7, "bet": 0.7}})


def test_not_zero_sum_uses_the_difference():
    zero_sum, tokens = build_tree(Coin()), build_tree(Coin(tokens=True))
    a, b = solve(zero_sum), solve(tokens)
    assert a.payoff == "returns[0]" and b.payoff == "returns[0] - returns[1]"
    # p1 guesses tails (the likelier side): p0 wins 1/3 of the time; both payoffs give 1/3 - 2/3
    assert a.value == pytest.approx(-1 / 3) and b.value == pytest.approx(-1 / 3)
    assert b.strategy[(1, "p1 go")] == pytest.approx({"guess heads": 0.0, "guess tails": 1.0})
    assert solve(tokens, "cfr+", iterations=200).value == pytest.approx(-1 / 3, abs=1e-4)


def test_example_kuhn_poker_matches_this_files_kuhn():
    from kit.trees.examples import KuhnPoker

    ours, kit_one = build_tree(Kuhn()), build_tree(KuhnPoker())
    assert summary(ours) == summary(kit_one)
    assert solve(kit_one).value == pytest.approx(KUHN_VALUE, abs=1e-9)
    assert exploitability(kit_one, {}) == pytest.approx(11 / 24)


# ---------------------------------------------------------------------- exports
def test_efg_by_hand():
    text = to_efg(build_tree(Coin()), title="coin", players=["Alice", "Bob"])
    assert text == (
        'EFG 2 R "coin" { "Alice" "Bob" }\n'
        '""\n'
        'c "" 1 "" { "heads" 1/3 "tails" 2/3 } 0\n'
        'p "" 1 1 "p0 saw heads" { "go" } 0\n'
        'p "" 2 1 "p1 go" { "guess heads" "guess tails" } 0\n'
        't "" 1 "" { -1, 1 }\n'
        't "" 2 "" { 1, -1 }\n'
        'p "" 1 2 "p0 saw tails" { "go" } 0\n'
        'p "" 2 1 "p1 go" { "guess heads" "guess tails" } 0\n'
        't "" 3 "" { 1, -1 }\n'
        't "" 4 "" { -1, 1 }\n')


def test_efg_kuhn_probabilities_are_exact():
    text = to_efg(build_tree(Kuhn()))
    lines = text.splitlines()
    assert len(lines) == 2 + 58 and lines[0].startswith('EFG 2 R "game tree" { "Player 1" "Player 2" }')
    chance = [ln for ln in lines if ln.startswith("c ")]
    assert chance[0] == 'c "" 1 "" { "1" 1/3 "2" 1/3 "3" 1/3 } 0' and len(chance) == 4
    for ln in chance:
        probs = ln.split("{")[1].split("}")[0].split()[1::2]
        assert sum(Fraction(p) for p in probs) == 1
    p1_sets = {ln.split()[3] for ln in lines if ln.startswith('p "" 2 ')}
    assert p1_sets == {"1", "2", "3", "4", "5", "6"}


def test_graphml_and_node_link(tmp_path: Path):
    tree = build_tree(Kuhn())
    path = tmp_path / "kuhn.graphml"
    to_graphml(tree, path)
    back = nx.read_graphml(path, node_type=int)
    assert back.number_of_nodes() == 58 and back.graph["root"] == 0
    assert back.edges[0, 1]["prob"] == "1/3" and json.loads(back.nodes[4]["returns"]) == [-1, 1]
    assert "infoset" not in back.nodes[0] and back.nodes[2]["infoset"] == "0:1:"
    data = to_node_link(tree)
    text = json.dumps(data)
    again = from_node_link(json.loads(text))
    assert again.edges[0, 1]["prob"] == Fraction(1, 3) and again.nodes[4]["returns"] == (-1, 1)
    assert summary(again) == summary(tree)
    assert solve(again).value == pytest.approx(KUHN_VALUE, abs=1e-9)


def test_tree_modules_know_no_game():
    """kit.trees reads games through the protocol only: no module imports a game package."""
    import ast

    import kit.trees as trees

    games = {"loveletter", "sleepingqueens", "princesslegend"}
    for path in Path(trees.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [a.name for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            parts = {part for name in names for part in name.split(".")}
            assert not parts & games, f"{path.name} imports {sorted(parts & games)}"


# ---------------------------------------------------------------------- a real kit game
#: A 2-player classic round scripted through its chance steps to a late position: set-aside
#: Guard; face up Handmaid, King, Countess; p0 is dealt Priest, p1 Prince; ... ; both hold a
#: Baron and p0 is to draw from a deck of Guard, Guard, Guard, Princess.
LATE_ROUND = ["deal Guard", "deal Handmaid", "deal King", "deal Countess", "deal Priest", "deal Prince",
              "deal Prince", "Prince p0", "deal Priest", "deal Handmaid", "Prince p0", "deal Guard",
              "deal Baron", "Guard p1 Baron", "deal Baron", "Handmaid"]


@pytest.fixture(scope="module")
def late_love_letter():
    from kit.loveletter import LoveLetter

    state = LoveLetter(2, edition="classic").new_initial_state()
    for text in LATE_ROUND:
        state.apply_action(text)
    assert state.deck_size() == 4 and state.current_player() == CHANCE
    return state


def test_love_letter_late_position_tree(late_love_letter):
    state = late_love_letter
    before = state.to_json()
    tree = build_tree(state)
    assert state.to_json() == before
    s = summary(tree)
    assert s["nodes"] > 200 and s["chance"] and s["terminal"] and s["infosets"][0] and s["infosets"][1]
    sets = infosets(tree)
    assert any(len(nodes) > 1 for nodes in sets.values())  # seats really are unsure where they are
    check_perfect_recall(tree)
    # every node of a set offers the same actions, and its attributes are the protocol's
    node_actions = {n: [tree.edges[n, c]["action"] for c in tree.successors(n)] for n in tree}
    for (player, info), nodes in sets.items():
        assert len({tuple(node_actions[n]) for n in nodes}) == 1
        for n in nodes:
            d = tree.nodes[n]
            assert d["player"] == player and d["infoset"] == info
    # replaying a node's history from the root state reaches a state with those attributes
    for n in list(sets.values())[-1]:
        replay = state.clone()
        for text in tree.nodes[n]["history"]:
            replay.apply_action(text)
        assert replay.information_state(replay.current_player()) == tree.nodes[n]["infoset"]
        assert [str(a) for a in replay.legal_actions()] == node_actions[n]
    for n, d in tree.nodes(data=True):
        if d["kind"] == "terminal":
            assert sum(d["returns"]) >= 1


def test_love_letter_late_position_solved(late_love_letter):
    tree = build_tree(late_love_letter)
    exact = solve(tree)
    assert exact.payoff == "returns[0] - returns[1]" and exact.exploitability < 1e-7
    assert -1 <= exact.value <= 1
    cfr = solve(tree, "cfr+", iterations=1500, checkpoints=5)
    assert cfr.value == pytest.approx(exact.value, abs=1e-3)
    assert cfr.exploitability < 1e-3
    efg = to_efg(tree)
    assert efg.count("\n") == 2 + tree.number_of_nodes()


def test_a_built_tree_draws_itself_in_a_notebook():
    from kit.trees import GameTree, build_tree
    from kit.trees.examples import KuhnPoker

    tree = build_tree(KuhnPoker())
    assert isinstance(tree, GameTree)
    svg = tree._repr_svg_()
    assert svg.startswith("<svg") and "I0.1" in svg and "data-node" in svg

"""Game trees and information sets (kit.teach.trees): tiny games, references, cases, checkers, hints."""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape
from pathlib import Path

import nbformat
import pytest

from kit.core import KitError
from kit.core.errors import IllegalActionError
from kit.loveletter.position import GALLERY, endgame
from kit.teach.hints import Checker
from kit.teach.trees import (
    _read_number, _restricted, cheating_sets, check_backward_induction, check_cheating_sets, check_endgame,
    check_exploitability, check_infosets, check_my_position, check_node_value, describe_position, endgame_case,
    endgame_tree, expected_value, infoset_case, payoff, perfect_information_value, position_task,
    random_description, random_strategy, tiny_game, tiny_tree,
)
from kit.trees import (best_response, build_tree, expected_payoff, exploitability, infosets, solve, summary,
                       uniform_strategy)

ROOT = Path(__file__).resolve().parents[1]

#: The function exercises: checker, reference answer.
FUNCTION_CHECKERS = [
    (check_node_value, expected_value),
    (check_backward_induction, perfect_information_value),
    (check_cheating_sets, cheating_sets),
    (check_exploitability, exploitability),
]
ALL_CHECKERS = [c for c, _ in FUNCTION_CHECKERS] + [check_infosets, check_endgame, check_my_position]


def blank(*args):
    raise NotImplementedError()


# ---------------------------------------------------------------------- the tiny games
def test_tiny_game_follows_its_rules():
    """Tiny game 13 (the notebook's worked example): J or Q to player 0, raise or stay, player 1 sees the move."""
    g = tiny_game(13)
    assert g.rules.cards == ("J", "Q") and not g.rules.deal_both and g.rules.p1_sees
    s = g.new_initial_state()
    assert s.current_player() == -1 and s.chance_outcomes() == [("deal J", Fraction(1, 2)), ("deal Q", Fraction(1, 2))]
    s.apply_action("deal Q")
    assert s.current_player() == 0 and s.legal_actions() == ["raise", "stay"]
    assert s.information_state(0) == "p0 Q |" and s.information_state(1) == "p1 - |"
    s.apply_action("Raise")                                           # any case
    assert s.information_state(1) == "p1 - | raise"                  # player 1 sees the move, not the card
    with pytest.raises(IllegalActionError):
        s.apply_action("raise")
    s.apply_action("fold")
    assert s.is_terminal() and s.returns() == [2, -2]
    assert g.state_from_json(s.to_json()).history() == s.history()
    assert tiny_game(13).rules == g.rules and tiny_game(14).rules != g.rules


def test_a_tiny_game_is_dealt_and_played_by_the_kits_one_copy_of_that_code():
    """Issue 23: the tiny games' state is no copy of Kuhn poker's: dealing, applying, cloning and the history
    are KuhnState's own; a clone is a tiny state that plays on by the tiny game's rules, apart from its original."""
    from kit.teach.trees import TinyState
    from kit.trees.examples import KuhnState

    assert issubclass(TinyState, KuhnState)
    for shared in ("__init__", "apply_action", "clone", "history"):
        assert shared not in TinyState.__dict__ and getattr(TinyState, shared) is getattr(KuhnState, shared)
    s = tiny_game(13).new_initial_state()
    s.apply_action("deal Q")
    c = s.clone()
    assert type(c) is TinyState and c.legal_actions() == ["raise", "stay"]
    c.apply_action("stay")
    assert s.moves == [] and c.history() == ["deal Q", "stay"] and c.information_state(1) == "p1 - | stay"


def test_a_hidden_move_joins_the_nodes_of_both_moves():
    """Tiny game 0: player 1 sees neither the card nor the move, so all four of their nodes are one set."""
    g = tiny_game(0)
    assert not g.rules.p1_sees and not g.rules.deal_both
    assert [n for n in infosets(tiny_tree(0)).values() if len(n) > 1] == [[2, 5, 9, 12]]
    assert "does not see player 0's move" in " ".join(g.describe())


def test_tiny_games_with_two_deals_hide_each_players_card_from_the_other():
    g = next(tiny_game(s) for s in range(40) if tiny_game(s).rules.deal_both and tiny_game(s).rules.p1_sees)
    tree = build_tree(g.new_initial_state())
    for (player, _info), nodes in infosets(tree).items():
        cards = {tree.nodes[n]["history"][player][5:] for n in nodes}       # the player's own card
        others = {tree.nodes[n]["history"][1 - player][5:] for n in nodes}
        assert len(cards) == 1 and len(nodes) == len(others) == 2          # own card seen, other card not


# ---------------------------------------------------------------------- references: known answers
def test_values_of_the_worked_example_by_hand():
    """Tiny game 13: at random 5/8; backward induction 1/2; the equilibrium 1 (the notebook's numbers)."""
    tree = tiny_tree(13)
    assert expected_value(tree, 0, {}) == Fraction(5, 8)
    assert expected_value(tree, 1, {}) == 0 and expected_value(tree, 8, {}) == Fraction(5, 4)
    assert perfect_information_value(tree, 0) == Fraction(1, 2)
    assert solve(tree).value == pytest.approx(1.0)
    assert cheating_sets(tree) == {(1, "p1 - | raise")}     # seeing the card, p1 would call J and fold Q


def test_expected_value_agrees_with_the_solvers_expected_payoff():
    for seed in range(6):
        tree = tiny_tree(seed)
        strategy = random_strategy(tree, seed)
        assert float(expected_value(tree, 0, strategy)) == pytest.approx(expected_payoff(tree, strategy))
    ll = endgame_tree(3)
    assert float(expected_value(ll, 0, {})) == pytest.approx(expected_payoff(ll, {}))


def test_payoff_is_the_zero_sum_payoff_of_the_solvers():
    tree = tiny_tree(13)
    leaf = next(n for n, d in tree.nodes(data=True) if d["kind"] == "terminal")
    assert payoff(tree, leaf) == tree.nodes[leaf]["returns"][0]
    ll = build_tree(endgame("known-baron"))
    tokens = {d["returns"]: payoff(ll, n) for n, d in ll.nodes(data=True) if d["kind"] == "terminal"}
    assert tokens == {(1, 0): 1, (0, 1): -1}                 # a token to the winner: tokens 0 minus tokens 1
    tie = endgame_tree(0)
    assert {payoff(tie, n) for n, d in tie.nodes(data=True) if d["returns"] == (1, 1)} == {0}
    with pytest.raises(KitError, match="not a leaf"):
        payoff(ll, 0)


def test_backward_induction_is_right_when_every_player_sees_everything():
    """With one-node information sets, backward induction is the equilibrium: no set to cheat in."""
    from kit.trees.examples import KuhnPoker

    s = KuhnPoker().new_initial_state()
    for a in ["deal K", "deal J"]:                                  # both cards dealt: one card each, seen
        s.apply_action(a)
    tree = build_tree(s)
    assert all(len(n) == 1 for n in infosets(tree).values())
    assert cheating_sets(tree) == set()
    assert float(perfect_information_value(tree, 0)) == pytest.approx(solve(tree).value)


def test_backward_induction_overstates_princess_hunt():
    tree = build_tree(endgame("princess-hunt"))
    assert perfect_information_value(tree, 0) == Fraction(2, 5)
    assert solve(tree).value == pytest.approx(0.1)
    assert len(cheating_sets(tree)) > 0


def test_random_descriptions_are_valid_endgames():
    for seed in range(12):
        for unseen in (4, 5):
            d = random_description(seed, unseen=unseen)
            state = endgame(**d)                                     # the kit checks that the cards add up
            assert sum(state.deck().values()) == unseen
            assert "Princess" not in d["played"][0] + d["played"][1]
            other = 1 - d["to_move"]
            assert d["protected"][other] == (d["played"][other][-1] == "Handmaid")
    with pytest.raises(KitError, match="unseen must be 4"):
        random_description(0, unseen=6)


def test_describe_position_in_words():
    lines = describe_position({k: v for k, v in GALLERY["known-baron"].items() if k != "about"})
    assert lines == [
        "Classic edition, two players.",
        "Face up, out of the round: Guard, Guard, Priest.",
        "Player 0 has played: Priest, Guard, Prince, King.",
        "Player 1 has played: Handmaid, Guard, Prince, Baron.",
        "Player 0's card is seen only by player 0.",
        "Player 1's card is known to both players: the Baron.",
        "2 cards are left in the deck.",
        "It is player 0's turn: they draw first.",
    ]


@pytest.mark.parametrize("text,value", [("-2/3", Fraction(-2, 3)), (" 0.25 ", Fraction(1, 4)), (3, Fraction(3)),
                                        (Fraction(1, 7), Fraction(1, 7))])
def test_numbers_are_parsed(text, value):
    assert _read_number(text) == value


@pytest.mark.parametrize("bad", ["__import__('os')", "1/0", "2+3", "", None, True, [1]])
def test_learner_text_is_never_evaluated(bad):
    with pytest.raises(KitError):
        _read_number(bad)


# ---------------------------------------------------------------------- 1. information sets of a drawn tree
def test_infoset_case_draws_the_tree_without_its_sets_and_numbers_the_nodes():
    case = infoset_case(5)
    svg = case.drawing()
    assert svg.startswith("<svg") and "kit-infoset" not in svg and "kit-set" not in svg
    assert not re.search(r"I\d\.\d", svg)                        # no set's name, not even in a tooltip
    assert "<title>node 16: p1 to move</title>" in svg
    assert "bet [2]" in svg and "check [19]" in svg
    assert case.decision_nodes[16] == (1, ("deal K", "bet"))
    html = unescape(case._repr_html_())
    assert "Player 1 sees player 0's move" in html and "node 16: player 1 to move, after deal K / bet" in html


def test_check_infosets_known_answers():
    """Tiny game 5: player 1 sees the move (bet or check), not player 0's card (J, Q or K)."""
    right = check_infosets([[2, 9, 16], [5, 12, 19]], seed=5)
    assert right and "all 2 information sets" in right.message
    assert check_infosets([(16, 9, 2), [19, 12, 5], [1]], seed=5)          # any order; single nodes allowed
    assert "not written yet" not in check_infosets(None, seed=5).message
    assert not check_infosets(None, seed=5) and "no answer yet" in check_infosets(None, seed=5).message
    cases = {
        "different players": [[1, 2]],
        "can tell node 2 from node 5": [[2, 5, 9]],
        "not a decision node": [[3, 9]],
        "in two of your groups": [[2, 9], [9, 16]],
        "not a node number": [["2", "9"]],
        "you have 1 of player 1's 2 sets right": [[2, 9, 16]],
        "list of groups": 7,
    }
    for words, answer in cases.items():
        verdict = check_infosets(answer, seed=5)
        assert not verdict and words in verdict.message, (answer, verdict)


# ---------------------------------------------------------------------- the function exercises
@pytest.mark.parametrize("check,reference", FUNCTION_CHECKERS, ids=[c.name for c, _ in FUNCTION_CHECKERS])
def test_function_checkers_pass_the_reference_and_reject_the_blank(check, reference):
    assert isinstance(check, Checker)
    ok = check(reference, seed=3)
    assert ok and ok.tried >= 5
    empty = check(blank, seed=3)
    assert not empty and "not written yet" in empty.message
    assert check(reference, seed=None)                           # any seed: endless variants


@pytest.mark.parametrize("check,reference", FUNCTION_CHECKERS, ids=[c.name for c, _ in FUNCTION_CHECKERS])
def test_function_checkers_have_seeded_variants(check, reference):
    seen: list[list[str]] = []
    for seed in (4, 4, 5):
        calls: list[str] = []

        def spy(tree, *rest):
            calls.append(f"{summary(tree)} {rest[:1]!r}")
            return reference(tree, *rest)

        assert check(spy, seed=seed)
        seen.append(calls)
    assert seen[0] == seen[1] and seen[0] != seen[2]


def _recursive_value(tree, node, strategy, *, weigh_chance=True, leaf=None):
    d = tree.nodes[node]
    if d["kind"] == "terminal":
        return leaf(tree, node) if leaf else payoff(tree, node)
    total = 0
    kids = list(tree.successors(node))
    for c in kids:
        e = tree.edges[node, c]
        if d["kind"] == "chance":
            p = e["prob"] if weigh_chance else Fraction(1, len(kids))
        else:
            p = strategy[(d["player"], d["infoset"])][e["action"]]
        total += p * _recursive_value(tree, c, strategy, weigh_chance=weigh_chance, leaf=leaf)
    return total


def test_check_node_value_finds_where_the_learner_goes_wrong():
    assert check_node_value(lambda t, n, s: float(_recursive_value(t, n, s)))        # floats are fine
    unweighted = check_node_value(lambda t, n, s: _recursive_value(t, n, s, weigh_chance=False))
    assert not unweighted and "endgame_tree(" in unweighted.message                 # tiny games deal evenly
    assert "treated the children as equally likely" in unweighted.message
    tokens = check_node_value(lambda t, n, s: _recursive_value(t, n, s, leaf=lambda t, x: t.nodes[x]["returns"][0]))
    assert not tokens and "returns[0] - returns[1]" in tokens.message
    other = check_node_value(lambda t, n, s: _recursive_value(t, n, s, leaf=lambda t, x: t.nodes[x]["returns"][1]))
    assert not other and "player 1's payoff" in other.message

    def best_move(tree, node, strategy):
        d = tree.nodes[node]
        if d["kind"] == "decision":
            return max(best_move(tree, c, strategy) for c in tree.successors(node))
        return _recursive_value(tree, node, strategy) if d["kind"] == "terminal" else sum(
            tree.edges[node, c]["prob"] * best_move(tree, c, strategy) for c in tree.successors(node))

    assert "follow the strategy's probabilities" in check_node_value(best_move).message


def test_check_backward_induction_names_the_wrong_choice():
    def everyone_maximises(tree, node):
        d = tree.nodes[node]
        if d["kind"] == "terminal":
            return payoff(tree, node)
        values = [everyone_maximises(tree, c) for c in tree.successors(node)]
        if d["kind"] == "chance":
            return sum(tree.edges[node, c]["prob"] * v for c, v in zip(tree.successors(node), values))
        return max(values)

    bad = check_backward_induction(everyone_maximises)
    assert not bad and "player 1 picks the move worth the least to player 0" in bad.message
    averages = check_backward_induction(lambda t, n: expected_value(t, n, {}), endgames=0)
    assert "they do not average" in averages.message


def test_check_cheating_sets_says_what_is_extra_or_missing():
    assert check_cheating_sets(lambda t: [list(k) for k in cheating_sets(t)])            # lists are pairs too
    extra = check_cheating_sets(lambda t: list(infosets(t)))
    assert not extra and "one move is best at every node" in extra.message
    missing = check_cheating_sets(lambda t: [])
    assert not missing and re.search(r"you missed \d+ sets? of player \d", missing.message)
    assert "not an information set" in check_cheating_sets(lambda t: [(0, "nowhere")]).message


def test_check_exploitability_names_the_usual_mistakes():
    def total(tree, strategy):
        return best_response(tree, strategy, 0)[0] + best_response(tree, strategy, 1)[0]

    def difference(tree, strategy):
        return (best_response(tree, strategy, 0)[0] - best_response(tree, strategy, 1)[0]) / 2

    assert "their mean" in check_exploitability(total, seed=1).message
    assert "do not subtract" in check_exploitability(difference, seed=1).message
    assert "one player's best response" in check_exploitability(lambda t, s: best_response(t, s, 1)[0],
                                                                seed=1).message
    # tiny_tree(0)'s first strategy: br0 = 1.5 and br1 = 0.75, so br0 - br1 = br1: no diagnosis is sure
    assert "is not the exploitability" in check_exploitability(difference, seed=0).message
    assert check_exploitability(lambda t, s: str(exploitability(t, s)))                  # text is parsed


# ---------------------------------------------------------------------- 5. solve an endgame, read the strategy
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_endgame_case_has_one_right_move(seed):
    """Some equilibrium always plays the move; without it the player gets less than the game's value."""
    case = endgame_case(seed)
    assert endgame_case(seed) is case
    tree = build_tree(case.state)
    sol = solve(tree)
    assert sol.value == pytest.approx(case._value)
    key = (case.player, tree.nodes[case.node]["infoset"])
    nodes = infosets(tree)[key]
    sign = 1 if case.player == 0 else -1
    forced = solve(_restricted(tree, key, nodes, lambda a: a == case._move)).value
    without = solve(_restricted(tree, key, nodes, lambda a: a != case._move)).value
    assert sign * (forced - sol.value) > -1e-7 and sign * (sol.value - without) > 1e-6
    assert len(case.hand) == 2 and f"node {case.node}" in " ".join(case.sentences())


def test_check_endgame_known_answer_and_mistakes():
    """Seed 0: player 1 holds the Prince and the Guard, player 0's Guard is known: the Prince on oneself."""
    case = endgame_case(0)
    assert case.hand == ("Prince", "Guard") and case._move == "Prince p1"
    assert check_endgame("-2/3", "prince P1", seed=0)                 # text, any case
    assert check_endgame(Fraction(-2, 3), "Prince p1", seed=0)
    assert check_endgame(-0.6666667, "Prince p1", seed=0)
    assert "player 1's side" in check_endgame("2/3", "Prince p1", seed=0).message
    assert "not the value" in check_endgame(0.5, "Prince p1", seed=0).message
    assert "several moves" in check_endgame(-2 / 3, "Prince", seed=0).message
    assert "held to less than the value" in check_endgame(-2 / 3, "Prince p0", seed=0).message
    assert "not a move at that point" in check_endgame(-2 / 3, "Baron p0", seed=0).message
    assert "not a move in the notation" in check_endgame(-2 / 3, "__import__('os')", seed=0).message
    assert "no answer yet" in check_endgame(None, None, seed=0).message


# ---------------------------------------------------------------------- 7. describe a position
def test_every_position_task_has_a_solution():
    for seed in range(8):
        task = position_task(seed)
        d = random_description(seed, unseen=task.unseen)            # the position the task was made from
        mine = endgame(**d)
        assert check_my_position(mine, build_tree(mine), seed=seed), seed


def test_check_my_position_known_answer_and_each_requirement():
    """The solutions notebook's own position for task 0 (p1 to move, p0's Guard known, 4 unseen, a Baron unseen)."""
    task = position_task(0)
    assert (task.to_move, task.unseen, task.known, task.must_be_unseen, task.must_have_played) == (
        1, 4, {0: "Guard"}, "Baron", (0, "Guard"))
    good = dict(edition="classic", to_move=1, face_up=["Priest", "Handmaid", "Countess"],
                played=[["Guard", "Priest", "Baron", "King"], ["Guard", "Guard", "Prince", "Handmaid"]],
                hands=["Guard", None], deck=2)  # p1's Prince made p1 discard the Handmaid (a round reaches it)
    mine = endgame(**good)
    right = check_my_position(mine, build_tree(mine), seed=0)
    assert right and "information sets" in right.message

    def verdict(**change):
        state = endgame(**{**good, **change})
        return check_my_position(state, build_tree(state), seed=0).message

    # p0 to move, the same piles: p1 began, its Prince made p0 discard, and its last card, the Handmaid, protects it
    assert "player 1's turn" in verdict(to_move=0, protected=[False, True])
    assert "5 unseen cards; the task asks for 4" in verdict(hands=[None, None])
    assert "should be known to both" in verdict(
        hands=["Prince", None], played=[["Guard", "Priest", "Baron", "King"], ["Guard", "Guard", "Handmaid", "Guard"]])
    assert "Baron should be unseen" in verdict(
        face_up=["Priest", "Handmaid", "Baron"], played=[["Guard", "Priest", "Baron", "King"],
                                                        ["Guard", "Guard", "Prince", "Handmaid"]])
    assert "should have played the Guard" in verdict(
        played=[["Prince", "Priest", "Baron", "King"], ["Guard", "Guard", "Handmaid", "Guard"]])
    assert "not the tree of your position" in check_my_position(mine, build_tree(endgame("known-baron")),
                                                                seed=0).message
    assert "no answer yet" in check_my_position(None, None, seed=0).message
    assert "endgame(...) returns" in check_my_position("a position", build_tree(mine), seed=0).message


# ---------------------------------------------------------------------- hints
@pytest.mark.parametrize("check", ALL_CHECKERS, ids=[c.name for c in ALL_CHECKERS])
def test_every_checker_has_hints_in_three_steps(check):
    assert isinstance(check, Checker) and len(check.hints) >= 3
    texts = [str(check.hint(k)) for k in range(1, len(check.hints) + 1)]
    assert len(set(texts)) == len(texts) and texts[-1].startswith(f"Hint {len(texts)} of {len(texts)}: ")


def _solution_lines(name: str) -> list[str]:
    nb = nbformat.read(ROOT / "solutions" / name, as_version=4)
    lines, inside = [], False
    for cell in nb.cells:
        for line in cell.source.split("\n"):
            if line.strip() == "### BEGIN SOLUTION":
                inside = True
            elif line.strip() == "### END SOLUTION":
                inside = False
            elif inside and len(line.strip()) >= 12:
                lines.append(line.strip())
    return lines


def test_hints_never_contain_the_answer():
    answers = _solution_lines("game_trees.ipynb")
    assert len(answers) > 20
    values = []
    for seed in range(4):
        groups = [nodes for nodes in infosets(infoset_case(seed).tree).values() if len(nodes) > 1]
        values += [str(groups), str(groups[0])]
        case = endgame_case(seed)
        values += [case._move] + ([f"{case._value:.3f}", str(Fraction(case._value).limit_denominator(100))]
                                  if abs(case._value) > 1e-9 else [])
    for check in ALL_CHECKERS:
        for k in range(1, len(check.hints) + 1):
            text = str(check.hint(k))
            assert not [line for line in answers if line in text], (check.name, k)
            assert not [v for v in values if v in text], (check.name, k)


def test_the_solutions_notebook_uses_every_checker():
    text = (ROOT / "solutions" / "game_trees.ipynb").read_text(encoding="utf-8")
    for check in ALL_CHECKERS:
        assert f"{check.name}(" in text

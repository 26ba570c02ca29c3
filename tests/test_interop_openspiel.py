"""kit.interop.openspiel: kit games and positions as OpenSpiel games."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is an optional extra: pip install open_spiel")

from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402

from kit.interop.openspiel import discover, kit_policy_to_openspiel, to_openspiel  # noqa: E402
from kit.loveletter import LoveLetter  # noqa: E402
from kit.loveletter.endgame import endgame  # noqa: E402
from kit.trees import build_tree, solve  # noqa: E402
from kit.trees import exploitability as kit_exploitability  # noqa: E402
from kit.trees import uniform_strategy  # noqa: E402
from kit.trees.examples import KuhnPoker  # noqa: E402


@pytest.mark.parametrize("name", ["princess-hunt", "known-baron", "guard-duel"])
def test_kit_equilibrium_is_unexploitable_in_kit_and_in_openspiel(name):
    start = endgame(name)
    tree = build_tree(start)
    sol = solve(tree, method="exact")
    assert sol.exploitability < 1e-6
    game = to_openspiel(start)
    theirs = exploitability.exploitability(game, kit_policy_to_openspiel(game, sol.strategy))
    assert theirs == pytest.approx(sol.exploitability, abs=1e-6)


def test_openspiel_and_kit_agree_on_a_strategy_that_is_not_an_equilibrium():
    start = endgame("known-baron")
    tree = build_tree(start)
    uniform = uniform_strategy(tree)
    game = to_openspiel(start)
    theirs = exploitability.exploitability(game, kit_policy_to_openspiel(game, uniform))
    assert theirs > 0.01
    assert theirs == pytest.approx(kit_exploitability(tree, uniform), abs=1e-9)


def test_openspiel_cfr_runs_on_a_kit_game_and_converges_to_the_kit_value():
    start = endgame("known-baron")
    game = to_openspiel(start)
    solver = cfr.CFRPlusSolver(game)
    for _ in range(300):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) < 1e-2


def test_kuhn_poker_written_against_the_kit_protocol_has_openspiel_value():
    game = to_openspiel(KuhnPoker())
    solver = cfr.CFRPlusSolver(game)
    for _ in range(500):
        solver.evaluate_and_update_policy()
    from open_spiel.python.algorithms import expected_game_score

    value = expected_game_score.policy_value(game.new_initial_state(), [solver.average_policy()] * 2)[0]
    assert value == pytest.approx(-1 / 18, abs=2e-3)


def test_actions_ids_follow_the_kit_order_and_states_wrap_kit_states():
    start = endgame("princess-hunt")
    info = discover(start)
    game = to_openspiel(start)
    assert game.num_distinct_actions() == len(info["actions"])
    s = game.new_initial_state()
    assert s.is_chance_node()
    outcomes = s.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert [s.action_to_string(a) for a, _ in outcomes] == [str(a) for a, _ in start.chance_outcomes()]
    while not s.is_terminal():
        s.apply_action(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    assert s.returns()[0] == -s.returns()[1]


def test_payoffs_option_refuses_difference_for_more_than_two_players():
    from kit.core import KitError

    with pytest.raises(KitError):
        to_openspiel(LoveLetter(3).new_initial_state(), payoffs="difference", max_states=10)

"""One protocol conformance suite for every game of the kit, and for Kuhn poker (a game it does not ship).

What the game protocol promises (kit.core.protocol; docs/architecture.md), checked
along seeded random walks of every game: chance outcomes are exact fractions summing to one; legal actions are
sorted, non-empty at decisions and round-trip through their notation; a refused
action raises a typed error and changes nothing; clones and children are
independent; JSON and replay reproduce the state; observations are JSON-ready,
``observation(None)`` is what everyone sees, and the log is a list of events;
the same seed plays the same game.  Game-specific invariants (cards accounted
for, colour rules) live in each game's own tests.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from kit.core import CHANCE, GameOverError, KitError, RandomBot, TERMINAL, loads, play, replay
from kit.loveletter import LoveLetter
from kit.princesslegend import PrincessLegend
from kit.sleepingqueens import SleepingQueens
from kit.trees.examples import KuhnPoker

from protocol_helpers import random_walk

GAMES = {
    "loveletter-classic-2": lambda: LoveLetter(2, edition="classic"),
    "loveletter-classic-4": lambda: LoveLetter(4, edition="classic"),
    "loveletter-first-publisher-3": lambda: LoveLetter(3, edition="classic", variant="first-publisher"),
    "loveletter-2019-2": lambda: LoveLetter(2, edition="2019"),
    "loveletter-2019-6": lambda: LoveLetter(6, edition="2019"),
    "sleepingqueens-2": lambda: SleepingQueens(2),
    "sleepingqueens-5": lambda: SleepingQueens(5),
    "princesslegend-3": lambda: PrincessLegend(3),
    "princesslegend-7": lambda: PrincessLegend(7),
    "princesslegend-8": lambda: PrincessLegend(8),
    "kuhn": KuhnPoker,
}
KIT_GAMES = [k for k in GAMES if k != "kuhn"]
SEEDS = st.integers(0, 2**32 - 1)
FEW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def walk(name: str, seed: int) -> list[tuple[Any, Any]]:
    """The (state, action) pairs of one seeded random walk (states are copies)."""
    state = GAMES[name]().new_initial_state()
    return [(s.clone(), a) for s, a in random_walk(state, random.Random(seed))]


def _seats(state: Any) -> range:
    return range(state.game.num_players)


@pytest.mark.parametrize("name", list(GAMES))
@FEW
@given(seed=SEEDS)
def test_chance_outcomes_are_exact_fractions_summing_to_one_and_match_the_legal_actions(name, seed):
    for state, _a in walk(name, seed):
        if state.current_player() != CHANCE:
            assert state.chance_outcomes() == []
            continue
        outcomes = state.chance_outcomes()
        assert outcomes and all(isinstance(p, Fraction) and p > 0 for _o, p in outcomes)
        assert sum(p for _o, p in outcomes) == 1
        assert [str(a) for a in state.legal_actions()] == [str(o) for o, _p in outcomes]


@pytest.mark.parametrize("name", list(GAMES))
@FEW
@given(seed=SEEDS)
def test_decisions_offer_legal_actions_that_round_trip_through_their_notation(name, seed):
    steps = walk(name, seed)
    for state, _a in steps:
        p = state.current_player()
        if p == TERMINAL:
            assert state.legal_actions() == []
            assert len(state.returns()) == state.game.num_players
            continue
        legal = state.legal_actions()
        assert legal and len({str(a) for a in legal}) == len(legal)
        for a in legal:
            assert str(state.game.parse_action(str(a))) == str(a)
    assert steps[-1][0].is_terminal()


@pytest.mark.parametrize("name", list(GAMES))
@FEW
@given(seed=SEEDS, junk=st.sampled_from(["", "xyzzy", "deal Nobody", "p9", "ask p9 where-princess",
                                         "Guard p7 Princess", "King 99", "discard 5+3=2", "bet bet"]))
def test_a_refused_action_raises_a_typed_error_and_changes_nothing(name, seed, junk):
    steps = walk(name, seed)
    state = steps[len(steps) // 2][0]
    before = state.to_json()
    infos = [state.information_state(p) for p in _seats(state)]
    legal = {str(a) for a in state.legal_actions()}
    if junk in legal:
        return
    with pytest.raises(KitError) as info:
        state.apply_action(junk)
    assert str(info.value)
    assert state.to_json() == before
    assert [state.information_state(p) for p in _seats(state)] == infos


@pytest.mark.parametrize("name", list(GAMES))
def test_a_finished_game_refuses_every_action_with_game_over(name):
    end = walk(name, 3)[-1][0]
    with pytest.raises(KitError):
        end.apply_action("deal Guard")
    legal_before = walk(name, 3)[-2]
    state, action = legal_before
    state.apply_action(action)
    with pytest.raises(GameOverError):
        state.apply_action(action)


@pytest.mark.parametrize("name", list(GAMES))
@FEW
@given(seed=SEEDS)
def test_a_child_and_a_clone_leave_the_parent_unchanged(name, seed):
    for state, a in walk(name, seed)[:-1][::3]:
        before = state.to_json()
        child = state.child(a)
        copy = state.clone()
        copy.apply_action(a)
        assert state.to_json() == before
        assert child.to_json() == copy.to_json() != before


@pytest.mark.parametrize("name", list(GAMES))
@FEW
@given(seed=SEEDS)
def test_json_and_replay_reproduce_the_state_and_every_view(name, seed):
    steps = walk(name, seed)
    for state, a in steps[::4] + [steps[-1]]:
        text = state.to_json()
        again = state.game.state_from_json(text)
        assert again.to_json() == text and again.game == state.game
        if name != "kuhn":  # the kit's own games load through the registry, by their saved settings
            loaded = loads(text)
            assert type(loaded) is type(state) and loaded.to_json() == text
        assert replay(state.game, state.history()).to_json() == text
        assert replay(state.game, [str(x) for x in state.history()]).to_json() == text
        assert again.current_player() == state.current_player()
        assert [str(x) for x in again.legal_actions()] == [str(x) for x in state.legal_actions()]
        for p in _seats(state):
            assert again.information_state(p) == state.information_state(p)
            assert again.observation(p) == state.observation(p)
        if a is not None:  # the loaded state plays on exactly like the original
            again.apply_action(a)
            assert again.to_json() == state.child(a).to_json()


@pytest.mark.parametrize("name", KIT_GAMES)
@FEW
@given(seed=SEEDS)
def test_observations_are_json_ready_and_the_log_is_a_list_of_events(name, seed):
    for state, _a in walk(name, seed)[::3]:
        views = {p: state.observation(p) for p in _seats(state)}
        views[None] = state.observation(None)
        for p, obs in views.items():
            assert json.loads(json.dumps(obs)) == obs
            assert isinstance(obs["log"], list)
            assert all(isinstance(e, dict) and isinstance(e.get("kind"), str) for e in obs["log"])
            assert set(obs) == set(views[None])  # every view has the same fields
        # what everyone sees is in every seat's log too
        public = [json.dumps(e, sort_keys=True) for e in views[None]["log"]]
        kinds = {e["kind"] for e in views[None]["log"]}
        for p in _seats(state):
            mine = [e for e in views[p]["log"] if e["kind"] in kinds]
            assert len(mine) >= len(public)


@pytest.mark.parametrize("name", KIT_GAMES)
@FEW
@given(seed=SEEDS)
def test_the_information_state_is_a_hashable_string_equal_for_equal_views(name, seed):
    for state, _a in walk(name, seed)[::3]:
        for p in _seats(state):
            info = state.information_state(p)
            hash(info)
            assert state.clone().information_state(p) == info


@pytest.mark.parametrize("name", list(GAMES))
def test_the_same_seed_plays_the_same_game(name):
    game = GAMES[name]()
    n = game.num_players

    def once(seed: int) -> str:
        end = play(game.new_initial_state(), [RandomBot(seed + s) for s in range(n)], seed=seed)
        assert end.is_terminal()
        return end.to_json()

    assert once(11) == once(11)
    assert len({once(s) for s in range(6)}) > 1  # and other seeds play other games


@pytest.mark.parametrize("name", list(GAMES))
def test_a_bad_seat_is_refused_with_a_typed_error(name):
    state = GAMES[name]().new_initial_state()
    for bad in (-3, 99, "p0"):
        with pytest.raises(KitError):
            state.information_state(bad)

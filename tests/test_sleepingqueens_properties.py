"""Sleeping Queens properties: random play over every player count with invariants after every step,
refused actions change nothing, same seed same game, JSON and replay reproduce the state, hidden cards."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.core import CHANCE, KitError, RandomBot, loads, play, play_at_random, replay
from kit.sleepingqueens import SleepingQueens
from kit.sleepingqueens.invariants import check_invariants

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def random_game(players: int, seed: int, stop: int | None = None, check: bool = False):
    """Play at random from the start; stop after ``stop`` steps (or at the end); check every step."""
    rng = random.Random(seed)
    s = SleepingQueens(players).new_initial_state(first_player=seed % players)
    if not check:
        play_at_random(s, rng, stop)
        return s
    while play_at_random(s, rng, 1):
        check_invariants(s)
    return s


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_play_keeps_every_invariant_to_the_end(players):
    reasons = set()
    game = SleepingQueens(players)
    for seed in range(60):
        end = random_game(players, seed, check=True)
        res = end.result()
        reasons.add(res.reason)
        assert end.returns() == [1.0 if s in res.winners else 0.0 for s in range(players)]
        assert res.points == tuple(end.points(s) for s in range(players))
        if res.reason == "all-awake":
            assert all(g == "empty" for g in end.grid()) and set(res.winners) == {
                s for s in range(players) if res.points[s] == max(res.points)}
        else:  # the one winner reached the target with the Queen that made it; nobody else had
            (w,) = res.winners
            assert res.queens[w] >= game.target_queens or res.points[w] >= game.target_points
            assert (res.reason == "queens") == (res.queens[w] >= game.target_queens)
            assert all(res.queens[o] < game.target_queens and res.points[o] < game.target_points
                       for o in range(players) if o != w)
    assert "queens" in reasons and "points" in reasons


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), stop=st.integers(0, 150),
       junk=st.sampled_from(["King 1", "Knight p1 Cat", "Potion p0 Heart 1", "Jester", "discard 2 3 6", "block",
                             "allow", "wake 12", "deal King", "reveal Rose", "discard 3 3 3"]))
def test_a_refused_action_leaves_the_state_unchanged(players, seed, stop, junk):
    s = random_game(players, seed, stop)
    before = s.to_json()
    try:
        s.apply_action(junk)
    except KitError:
        assert s.to_json() == before
    else:
        assert s.history()[-1] is s.game.parse_action(junk)


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), stop=st.integers(0, 200))
def test_json_round_trip_and_replay_reproduce_the_state(players, seed, stop):
    s = random_game(players, seed, stop)
    assert loads(s.to_json()).to_json() == s.to_json()
    again = replay(SleepingQueens(players), s.history(), first_player=seed % players)
    assert again.to_json() == s.to_json()
    assert [again.information_state(p) for p in range(players)] == [s.information_state(p) for p in range(players)]
    assert loads(s.to_json()).events() == again.events() == s.events()
    assert [loads(s.to_json()).observation(p) for p in (*range(players), None)] == \
        [s.observation(p) for p in (*range(players), None)]


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), stop=st.integers(1, 200))
def test_chance_probabilities_sum_to_one(players, seed, stop):
    s = random_game(players, seed, stop)
    if s.current_player() == CHANCE:
        assert sum(p for _, p in s.chance_outcomes()) == 1


def test_same_seed_same_game():
    bots = lambda: [RandomBot(seed=i) for i in range(3)]  # noqa: E731
    a = play(SleepingQueens(3).new_initial_state(), bots(), seed=9)
    b = play(SleepingQueens(3).new_initial_state(), bots(), seed=9)
    assert a.history() == b.history() and a.to_json() == b.to_json()


def test_information_state_is_blind_to_cards_the_seat_has_not_seen():
    # Two deals that differ only in p1's hand and the draw pile: p0 cannot tell them apart, p1 can.
    def dealt(p1_cards):
        s = SleepingQueens(2).new_initial_state()
        for c in ["1", "2", "3", "4", "5"] + p1_cards:
            s.apply_action(f"deal {c}")
        s.apply_action("discard 1")
        s.apply_action("deal 6")
        return s

    a, b = dealt(["King", "7", "7", "8", "9"]), dealt(["Knight", "Dragon", "10", "10", "Wand"])
    assert a.information_state(0) == b.information_state(0)
    assert a.observation(0)["hand_sizes"] == b.observation(0)["hand_sizes"]
    assert a.information_state(1) != b.information_state(1)
    assert "King" not in a.information_state(0) and "King" in a.information_state(1)
    assert a.observation(0)["hand"] == ["2", "3", "4", "5", "6"]

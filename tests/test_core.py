"""kit.core: errors, seeding, driver, replay, JSON files, tournament, views."""

from __future__ import annotations

import json
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import pytest

from kit.core import (CHANCE, TERMINAL, ChanceOutcomes, FrozenList, GameOverError, IllegalActionError,
                      InvalidActionError, KitError, PlayerView, RandomBot, derive_seed, load, loads,
                      make_rng, play, replay, sample_outcome, save, tournament)
from kit.loveletter import LoveLetter


def test_error_family_is_value_error():
    for cls in (InvalidActionError, IllegalActionError, GameOverError):
        assert issubclass(cls, KitError) and issubclass(cls, ValueError)


def test_player_ids_follow_openspiel():
    assert (CHANCE, TERMINAL) == (-1, -4)


def test_make_rng_is_seeded_and_never_global():
    state = random.getstate()
    a = [make_rng(11).random() for _ in range(3)]
    assert a == [make_rng(11).random() for _ in range(3)]
    assert random.getstate() == state


def test_derive_seed_is_stable_across_processes():
    # A fixed known value: FNV-1a over "1/round/3" (Python's hash() would vary per process).
    assert derive_seed(1, "round", 3) == derive_seed(1, "round", 3)
    with ProcessPoolExecutor(1) as pool:
        assert pool.submit(derive_seed, 1, "round", 3).result() == derive_seed(1, "round", 3)


def test_sample_outcome_is_exact_and_follows_probabilities():
    outcomes = [("a", Fraction(1, 4)), ("b", Fraction(3, 4))]
    rng = make_rng(3)
    draws = [sample_outcome(outcomes, rng) for _ in range(4000)]
    assert 850 < draws.count("a") < 1150
    assert sample_outcome([("only", Fraction(1))], rng) == "only"


def test_sample_outcome_refuses_probabilities_not_summing_to_one():
    with pytest.raises(ValueError):
        sample_outcome([("a", Fraction(1, 3)), ("b", Fraction(1, 3))], make_rng(0))


def test_chance_outcomes_list_is_frozen_and_carries_weights():
    out = ChanceOutcomes([("a", Fraction(1, 3)), ("b", Fraction(2, 3))])
    assert out.cumulative == ([1, 3], 3)
    with pytest.raises(TypeError):
        out.append(("c", Fraction(0)))
    assert list(out) == [("a", Fraction(1, 3)), ("b", Fraction(2, 3))]


def test_engine_lists_cannot_be_corrupted_by_callers():
    s = LoveLetter(2).new_initial_state()
    outcomes = s.chance_outcomes()
    with pytest.raises(TypeError):
        outcomes.pop()
    while s.current_player() == CHANCE:
        s.apply_action(s.chance_outcomes()[0][0])
    actions = s.legal_actions()
    assert isinstance(actions, FrozenList)
    with pytest.raises(TypeError):
        actions.clear()


def test_play_same_seed_same_game_and_input_untouched():
    g = LoveLetter(3)
    start = g.new_initial_state()
    before = start.to_json()
    a = play(start, [RandomBot(i) for i in range(3)], seed=9)
    b = play(start, [RandomBot(i) for i in range(3)], seed=9)
    assert a.history() == b.history() and a.is_terminal()
    assert start.to_json() == before


def test_play_reports_each_action():
    seen = []
    end = play(LoveLetter(2).new_initial_state(), [RandomBot(1), RandomBot(2)], seed=1,
               on_action=lambda s, p, a: seen.append((p, a)))
    assert [a for _, a in seen] == end.history()


def test_replay_rebuilds_state_from_history_text():
    g = LoveLetter(4, edition="2019")
    end = play(g.new_initial_state(first_player=2), [RandomBot(i) for i in range(4)], seed=4)
    again = replay(g, [str(a) for a in end.history()], first_player=2)
    assert again.to_json() == end.to_json()


def test_save_and_load_a_state_file(tmp_path):
    g = LoveLetter(2, edition="classic", variant="first-publisher")
    s = play(g.new_initial_state(), [RandomBot(1), RandomBot(2)], seed=2)
    path = save(s, tmp_path / "round.json")
    back = load(path)
    assert back.to_json() == s.to_json() and back.game == g
    assert back.result() == s.result()


def test_loads_refuses_unknown_games_and_formats():
    with pytest.raises(KitError, match="unknown game"):
        loads(json.dumps({"kit": 1, "game": "os.system", "settings": {}}))
    with pytest.raises(KitError, match="format"):
        loads(json.dumps({"kit": 99, "game": "loveletter", "settings": {}}))
    with pytest.raises(KitError):
        loads("[1, 2]")


def test_player_view_shows_only_the_seats_information():
    s = LoveLetter(2).new_initial_state()
    while s.current_player() == CHANCE:
        s.apply_action(s.chance_outcomes()[-1][0])
    view = PlayerView(s, 1)
    assert view.information_state() == s.information_state(1)
    assert view.observation() == s.observation(1)
    assert view.legal_actions() == []  # not seat 1's turn
    assert not hasattr(view, "hand") and not hasattr(view, "to_json")


@pytest.mark.parametrize("executor", ["threads", "processes"])
def test_tournament_is_repeatable_with_any_executor(executor):
    pool = ThreadPoolExecutor(2) if executor == "threads" else ProcessPoolExecutor(2)
    with pool:
        a = tournament(LoveLetter(2), [RandomBot, RandomBot], games=40, seed=5, executor=pool,
                       progress=False, block=7)
    b = tournament(LoveLetter(2), [RandomBot, RandomBot], games=40, seed=5,
                   executor=ThreadPoolExecutor(1), progress=False, block=40)
    assert (a.wins, a.shared, a.score) == (b.wins, b.shared, b.score)
    assert a.games == 40 and sum(a.wins) + sum(a.shared) >= 40


def test_tournament_shows_a_progress_bar(capsys):
    with ThreadPoolExecutor(1) as pool:   # 5 games, rounded up to whole passes (2 seatings): 6
        tournament(LoveLetter(2), [RandomBot, RandomBot], games=5, seed=1, executor=pool, progress=True)
    assert "6/6" in capsys.readouterr().err


def test_play_at_random_draws_as_sample_outcome_and_randrange_do():
    """The driver writes the exact draws out in its loop: the same game as the plain loop over
    sample_outcome and randrange, for a plain Random and for a generator of its own kind."""
    import random as _random

    from kit.core import CHANCE as _CHANCE, TERMINAL as _TERMINAL, below, play_at_random, sample_outcome
    from kit.loveletter import LoveLetter as _LL
    from kit.sleepingqueens import SleepingQueens as _SQ

    class Own(_random.Random):  # overrides random(): CPython's randrange then draws another way
        def random(self) -> float:
            return super().random()

    def plain_loop(state, rng):
        while (p := state.current_player()) != _TERMINAL:
            if p == _CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        return state.history()

    for game in (_LL(3), _SQ(4)):
        for make in (_random.Random, Own):
            for seed in range(3):
                a, b = game.new_initial_state(), game.new_initial_state()
                play_at_random(a, make(seed))
                assert a.history() == plain_loop(b, make(seed))
    rng, twin = _random.Random(9), _random.Random(9)
    assert [below(n, rng) for n in range(1, 200)] == [twin.randrange(n) for n in range(1, 200)]

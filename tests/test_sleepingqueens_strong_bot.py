"""The strong Sleeping Queens bot is seeded like the rest of the kit: same seed, same observations, same
decisions, on a fast, a slow or a busy machine (its limits count games and playouts, never seconds)."""

from __future__ import annotations

import importlib
import random
import threading
import time

import pytest

from kit.core import CHANCE, PlayerView, derive_seed, play, play_at_random
from kit.sleepingqueens import SleepingQueens
from kit.sleepingqueens.bots import HeuristicBot, LookaheadBot
from kit.sleepingqueens.bots import lookahead as lookahead_module
from kit.sleepingqueens.position import position

knowledge_module = importlib.import_module("kit.sleepingqueens.knowledge")  # the module: its name is also a function's

_CLOCKS = ("perf_counter", "monotonic", "time", "process_time", "thread_time")


def searched_positions(count: int):
    """Decisions of 2-player games where the strong bot has more than one candidate to compare."""
    out = []
    for seed in range(200):
        rng = random.Random(seed)
        s = SleepingQueens(2).new_initial_state(first_player=seed % 2)
        play_at_random(s, rng, 15 + 5 * (seed % 9))
        while s.current_player() == CHANCE:
            play_at_random(s, rng, 1)
        if s.is_terminal():
            continue
        seat = s.current_player()
        probe = LookaheadBot(seed=seed, most=50, effort=3000)
        probe.choose(PlayerView(s, seat), seat)
        if len(probe.last_scores) > 1:
            out.append((seed, s, seat))
        if len(out) == count:
            return out
    raise AssertionError("too few searched positions")  # pragma: no cover


def decide(seed: int, state, seat: int, **params):
    bot = LookaheadBot(seed=seed, **params)
    action = bot.choose(PlayerView(state, seat), seat)
    return str(action), bot.last_scores, bot.last_playouts, bot.last_effort


def slow_clocks(monkeypatch) -> None:
    """Every clock of the ``time`` module (and any a bot module imported by name) runs 10 s a reading."""
    ticks = [0.0]

    def slow(*_):
        ticks[0] += 10.0
        return ticks[0]

    for name in _CLOCKS:
        real = getattr(time, name)
        monkeypatch.setattr(time, name, slow)
        monkeypatch.setattr(time, name + "_ns", lambda *_: int(slow() * 1e9))
        for module in (lookahead_module, knowledge_module):
            for attr, value in list(vars(module).items()):
                if value is real:
                    monkeypatch.setattr(module, attr, slow)


def test_no_clock_is_read_by_default():
    assert LookaheadBot().budget is None and "budget" not in repr(LookaheadBot())


def test_same_seed_same_decisions_under_a_slow_clock(monkeypatch):
    positions = searched_positions(6)
    calm = [decide(seed, s, seat) for seed, s, seat in positions]
    assert sum(n for _, _, n, _ in calm) > 6 * 100  # real searches: many playouts each
    slow_clocks(monkeypatch)
    assert time.perf_counter() + 5 < time.perf_counter()  # the clock really is slow now
    slowed = [decide(seed, s, seat) for seed, s, seat in positions]
    assert slowed == calm  # the same actions, the same scores, the same number of playouts


def test_the_slow_clock_would_catch_a_wall_clock_limit(monkeypatch):
    # The test above can fail: a bot that stops on the clock (the opt-in guard) searches less under it.
    positions = searched_positions(3)
    calm = [decide(seed, s, seat, budget=60.0) for seed, s, seat in positions]
    slow_clocks(monkeypatch)
    slowed = [decide(seed, s, seat, budget=60.0) for seed, s, seat in positions]
    assert all(a[2] > b[2] for a, b in zip(calm, slowed))
    assert all(b[2] <= bot.batch * len(a[1]) for a, b, bot in zip(calm, slowed, [LookaheadBot()] * 3))


def test_same_seed_same_decisions_under_cpu_load():
    positions = searched_positions(4)
    calm = [decide(seed, s, seat) for seed, s, seat in positions]
    stop = threading.Event()

    def burn():  # competes for the interpreter: the bot's moves take far longer by the wall clock
        x = 0
        while not stop.is_set():
            x += 1

    threads = [threading.Thread(target=burn, daemon=True) for _ in range(3)]
    for t in threads:
        t.start()
    try:
        wall = time.perf_counter()
        loaded = [decide(seed, s, seat) for seed, s, seat in positions]
        wall = time.perf_counter() - wall
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert loaded == calm
    assert wall > 0  # (the load is real: the same work took the wall clock longer; not asserted, machine-bound)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_whole_game_repeats_move_for_move(seat):
    def game(seed):
        bots = [HeuristicBot(seed=derive_seed(seed, "h"))]
        bots.insert(seat, LookaheadBot(seed=derive_seed(seed, "s")))
        return play(SleepingQueens(2).new_initial_state(), bots, seed=derive_seed(seed, "chance"))

    a, b = game(5), game(5)
    assert [str(x) for x in a.history()] == [str(x) for x in b.history()] and a.result() == b.result()


def test_the_effort_limit_bounds_every_decision():
    for seed, s, seat in searched_positions(5):
        bot = LookaheadBot(seed=seed, batch=5, most=1000, effort=3000)
        bot.choose(PlayerView(s, seat), seat)
        # After the first batch a game is drawn only if its playouts are expected to fit the limit.
        assert 0 < bot.last_effort <= 1.25 * 3000 and bot.last_playouts >= 5 * 2
        big = LookaheadBot(seed=seed, batch=5, most=1000, effort=12000)
        big.choose(PlayerView(s, seat), seat)
        assert big.last_effort <= 1.25 * 12000 and (big.last_playouts > bot.last_playouts or big.last_playouts < 5 * 10)


def test_a_discard_only_decision_is_searched_and_keeps_the_rule_of_thumb_unless_clearly_beaten():
    s = position(hands=[["1", "2", "3", "Dragon", "9"], ["5", "6", "7", "8", "9"]])
    bot = LookaheadBot(seed=3)
    action = bot.choose(PlayerView(s, 0), 0)
    assert list(bot.last_scores) == ["discard 1+2=3", "discard 9", "discard Dragon"]
    assert str(action) == "discard 1+2=3" or bot.last_scores[str(action)] > bot.last_scores["discard 1+2=3"]


def test_parameters_are_checked():
    for bad in ({"effort": 0}, {"effort": 1.5}, {"budget": 0}, {"budget": -1.0}, {"batch": 1},
                {"most": 10, "batch": 25}):
        with pytest.raises(ValueError):
            LookaheadBot(**bad)

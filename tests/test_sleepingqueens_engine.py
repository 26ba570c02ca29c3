"""Sleeping Queens engine internals: exact chance outcomes, the fast playout path is the same rules, every
cache is bounded (memory stays flat over 20,000 games), the saved draw queue keeps its format."""

from __future__ import annotations

import json
import random
import tracemalloc
from fractions import Fraction

import pytest

from kit.core import loads, play_at_random, replay, sample_outcome
from kit.sleepingqueens import SleepingQueens, events, state as engine
from kit.sleepingqueens.cards import DECK, Card
from kit.sleepingqueens.compiled import engine as build_in_use
from kit.sleepingqueens.fast import playout, simulate
from kit.sleepingqueens.invariants import check_invariants
from kit.sleepingqueens.state import SleepingQueensState, draw_outcomes


def test_draw_outcomes_are_the_exact_share_of_each_card_in_the_pile():
    rng = random.Random(3)
    for _ in range(200):
        pool = [0] + [rng.randrange(DECK[Card(v)] + 1) for v in range(1, 17)]
        size = sum(pool)
        if not size:
            continue
        got = draw_outcomes(pool, size)
        assert [(int(a.card), p) for a, p in got] == [(v, Fraction(c, size)) for v, c in enumerate(pool) if c]
        assert got.cumulative[1] == size and got.cumulative[0][-1] == size
        assert got == draw_outcomes(pool, size)  # the same outcomes however they are made (cached or not)


def test_a_fresh_deck_draws_each_card_in_proportion_to_its_copies():
    outs = SleepingQueens(3).new_initial_state().chance_outcomes()
    assert {str(a.card): p for a, p in outs} == {str(c): Fraction(k, 67) for c, k in DECK.items()}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_fast_path_takes_only_steps_the_protocol_accepts(players):
    # A recorded playout keeps its history: replayed through the protocol (every step checked against the
    # chance outcomes and the legal actions) it gives the same game, event for event.
    game = SleepingQueens(players)
    for seed in range(15):
        s = game.new_initial_state(first_player=seed % players)
        end = playout(s, random.Random(seed))
        assert end is s and end.is_terminal()
        check_invariants(end)
        again = replay(game, end.history(), first_player=seed % players)
        assert again.to_json() == end.to_json() and again.events() == end.events()


def test_the_fast_path_from_a_position_in_the_middle_of_a_game():
    game = SleepingQueens(4)
    rng = random.Random(8)
    s = game.new_initial_state()
    play_at_random(s, rng, 60)
    before = s.to_json()
    copy = s.clone()
    end = playout(copy, rng)
    assert end.is_terminal() and s.to_json() == before  # the original is untouched
    assert end.history()[:len(s.history())] == s.history()


def test_simulate_keeps_no_history_and_no_log_but_a_sound_end():
    rng = random.Random(5)
    results = set()
    for i in range(300):
        end = simulate(SleepingQueens(2 + i % 4), rng, i % 2)
        assert end.history() == [] and end._log == []  # (so no "end" event: check_invariants wants one)
        r = end.result()
        assert r.points == tuple(end.points(p) for p in range(end.game.num_players)) and r.winners
        assert end.returns() == [1.0 if p in r.winners else 0.0 for p in range(end.game.num_players)]
        results.add(r.reason)
    assert {"queens", "points"} <= results


def test_fast_and_protocol_play_the_same_game_distribution():
    # Uniform random play through the protocol and the fast path: how games end, and their length in turns,
    # agree within sampling error (the fast path draws with positions in a flat pile, not Fractions).
    def stats(run, n, seed):
        rng = random.Random(seed)
        reasons, queens = {}, 0
        for i in range(n):
            end = run(rng, i)
            r = end.result()
            reasons[r.reason] = reasons.get(r.reason, 0) + 1
            queens += sum(r.queens)
        return {k: v / n for k, v in reasons.items()}, queens / n

    game = SleepingQueens(3)

    def proto(rng, i):
        s = game.new_initial_state(first_player=i % 3)
        play_at_random(s, rng)
        return s

    n = 1500
    p_reasons, p_queens = stats(proto, n, 1)
    f_reasons, f_queens = stats(lambda rng, i: simulate(game, rng, i % 3), n, 2)
    for k in set(p_reasons) | set(f_reasons):
        assert abs(p_reasons.get(k, 0) - f_reasons.get(k, 0)) < 0.06, (p_reasons, f_reasons)
    assert abs(p_queens - f_queens) < 0.35, (p_queens, f_queens)


def test_every_cache_is_bounded_and_memory_stays_flat_over_20000_games():
    # 20,000 games over 2-5 players: most through the fast path (the same legal-action and rule caches),
    # every 10th through the protocol (chance outcomes), every 50th then reading every seat's views (the
    # event caches).  The memory still held after the second 10,000 games, beyond what the first 10,000
    # left, stays small (the engine used to keep every draw pile it had seen: about 40 KB a game).
    rng = random.Random(20_000)
    games = {n: SleepingQueens(n) for n in (2, 3, 4, 5)}

    def play(i: int) -> None:
        game = games[2 + i % 4]
        n = game.num_players
        if i % 10:
            simulate(game, rng, i % n)
            return
        s = game.new_initial_state(first_player=i % n)
        play_at_random(s, rng)
        if i % 50 == 0:
            for seat in [*range(n), None]:
                s.observation(seat), s.information_state(seat)
            s.events()

    for i in range(10_000):
        play(i)
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        for i in range(10_000, 20_000):
            play(i)
        grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert grown < 2_000_000, f"{grown / 1e6:.2f} MB more after 10,000 more games"


def test_a_full_cache_is_emptied_and_starts_again(monkeypatch):
    monkeypatch.setattr(engine, "CACHE_LIMIT", 3)
    cache: dict = {}
    for k in range(10):
        engine._bounded(cache, k, k, engine.CACHE_LIMIT)
        assert len(cache) <= 3
    monkeypatch.setattr(events, "CACHE_LIMIT", 5)
    for cache in events._DICTS:
        cache.clear()
    s = SleepingQueens(2).new_initial_state()
    play_at_random(s, random.Random(1))
    assert len(s.observation(None)["log"]) > 5 and len(events._DICTS[1]) <= 5 and len(events._DICTS[0]) <= 5


def test_the_saved_draw_queue_keeps_its_format():
    # [seat, how many, why] runs, the next card first, as before the engine kept one entry a card.
    s = SleepingQueens(3).new_initial_state(first_player=1)
    for a in ["deal 1", "deal 2"]:
        s.apply_action(a)
    saved = json.loads(s.to_json())["state"]["draws"]
    assert saved == [[1, 3, "deal"], [2, 5, "deal"], [0, 5, "deal"]]
    assert loads(s.to_json()).to_json() == s.to_json()


def test_a_state_has_fixed_slots_and_clones_every_one():
    s = SleepingQueens(2).new_initial_state()
    play_at_random(s, random.Random(2), 40)
    c = s.clone()
    # No stray attribute.  The compiled build (kit.sleepingqueens.compiled) keeps ``game``, which the protocol's
    # base class kit.core.State declares (an interpreted class), in the instance's dict.
    assert set(getattr(s, "__dict__", {})) <= ({"game"} if build_in_use() == "compiled" else set())
    for name in SleepingQueensState.__slots__:
        a, b = getattr(s, name), getattr(c, name)
        assert a == b, name
        if isinstance(a, list) and a:
            assert a is not b, name  # nothing mutable is shared
    c.apply_action(c.legal_actions()[0] if c.current_player() >= 0 else sample_outcome(c.chance_outcomes(),
                                                                                        random.Random(1)))
    assert s.to_json() != c.to_json() or s.is_terminal()

"""Random play of thousands of Love Letter rounds, every edition × player count.

Each round is played by :func:`kit.core.play` with :class:`kit.core.RandomBot`
seats; every state along the way is checked (card conservation, hand sizes,
chance probabilities, ...) and every finished round is scored again from its
hands and discards.  The fast playout path (:mod:`kit.loveletter.fast`) is held
to the same end-of-round invariants, and to the same outcome frequencies.
"""

from __future__ import annotations

import functools
import os
import random
import sys
from collections import Counter

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from ll_helpers import CONFIGS, check_conservation, check_state, check_terminal, config_id, game_of  # noqa: E402

from kit.core import RandomBot, derive_seed, loads, play, replay  # noqa: E402
from kit.loveletter.fast import playout, simulate  # noqa: E402

ROUNDS = 200  # per configuration: 2200 protocol rounds in all, each step checked
FAST_ROUNDS = 1000  # per configuration, through the fast path


@functools.lru_cache(maxsize=None)
def _play_rounds(cfg, rounds):
    """Play ``rounds`` seeded rounds of ``cfg``, checking every state; return (stats, finals)."""
    game = game_of(cfg)
    n = game.num_players
    stats = Counter()
    finals = []
    for r in range(rounds):
        seed = derive_seed(f"random-play/{config_id(cfg)}", r)
        first = r % n
        bots = [RandomBot(derive_seed(seed, "bot", i)) for i in range(n)]

        def check(state, player, action):
            check_state(state)
            stats["steps"] += 1

        end = play(game.new_initial_state(first_player=first), bots, seed=seed, on_action=check)
        check_state(end)
        check_terminal(end)
        finals.append(end)
        res = end.result()
        stats[res.reason] += 1
        stats["tie"] += len(res.winners) > 1
        stats["spy"] += res.spy is not None
        stats["two-tokens"] += max(end.returns()) == 2
        for w in res.winners:
            stats[f"win p{w}"] += 1
        for e in end.events():
            if e["kind"] == "out":
                stats[f"out by {e['cause']}"] += 1
            elif e["kind"] in ("peek", "baron", "trade", "return"):
                stats[e["kind"]] += 1
            elif e["kind"] == "draw" and e["source"] == "set-aside":
                stats["drew set-aside"] += 1
            elif e["kind"] == "draw" and e["source"] == "bottom":
                stats["drew from bottom"] += 1
        if game.edition.discard_tiebreak and res.reason == "deck-empty":
            alive = [s for s in range(n) if end.alive()[s]]
            best = max(int(end.hand(s)[0]) for s in alive)
            stats["tiebreak used"] += sum(int(end.hand(s)[0]) == best for s in alive) > len(res.winners)
        if r % 25 == 0:  # the finished round survives JSON and replays from its history
            text = end.to_json()
            assert loads(text).to_json() == text
            assert replay(game, end.history(), first_player=first).to_json() == text
    return stats, finals


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_random_rounds_keep_every_invariant(cfg):
    n = cfg[2]
    stats, finals = _play_rounds(cfg, ROUNDS)
    assert len(finals) == stats["last-standing"] + stats["deck-empty"] == ROUNDS
    assert stats["deck-empty"] > 0
    for seat in range(n):
        assert stats[f"win p{seat}"] > 0, stats
    if cfg[0] != "2019":
        assert stats["spy"] == stats["return"] == stats["two-tokens"] == 0
    # the same seed gives the same round
    _, again = _play_rounds.__wrapped__(cfg, 3)
    assert [f.to_json() for f in again] == [f.to_json() for f in finals[:3]]


@pytest.mark.parametrize("family", ["classic", "first-publisher", "2019"])
def test_random_rounds_walk_every_rule_path(family):
    """Over all player counts of an edition, every kind of event happens (so the
    invariants above were checked on every rule path, not just the easy ones)."""
    total = Counter()
    for cfg in CONFIGS:
        if (cfg[1] or cfg[0]) == family:
            total.update(_play_rounds(cfg, ROUNDS)[0])
    want = ["last-standing", "deck-empty", "peek", "baron", "trade", "out by guard", "out by baron",
            "out by princess", "drew set-aside"]
    want += {"classic": ["tie"], "first-publisher": ["tiebreak used"],
             "2019": ["tie", "spy", "two-tokens", "return", "drew from bottom"]}[family]
    for key in want:
        assert total[key] > 0, (key, total)


def _fast_rounds(cfg, rounds, seed=7):
    game = game_of(cfg)
    rng = random.Random(f"fast/{config_id(cfg)}/{seed}")
    n = game.num_players
    out = []
    for r in range(rounds):
        end = simulate(game, rng, first_player=r % n)
        assert end.history() == [] and end.events() == []  # the fast path keeps no history and no log
        check_conservation(end)
        check_terminal(end)
        out.append(end)
    return out


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_fast_simulate_ends_rounds_with_the_same_invariants(cfg):
    ends = _fast_rounds(cfg, FAST_ROUNDS)
    reasons = Counter(e.result().reason for e in ends)
    assert reasons["last-standing"] > 0 and reasons["deck-empty"] > 0
    # same seed, same round
    a = simulate(game_of(cfg), random.Random(11), first_player=0)
    b = simulate(game_of(cfg), random.Random(11), first_player=0)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_fast_playout_finishes_a_protocol_state_mid_round(cfg):
    game = game_of(cfg)
    n = game.num_players
    rng = random.Random(f"mid/{config_id(cfg)}")
    for r in range(40):
        bots = [RandomBot(rng.randrange(10**9)) for _ in range(n)]
        end = play(game.new_initial_state(first_player=r % n), bots, seed=rng.randrange(10**9))
        mid = replay(game, end.history()[:rng.randrange(1, len(end.history()))], first_player=r % n)
        before = mid.to_json()
        done = playout(mid.clone(), random.Random(r))
        assert mid.to_json() == before  # playout changes the clone only
        check_conservation(done)
        check_state(done)
        check_terminal(done)


@pytest.mark.parametrize("cfg", [c for c in CONFIGS if c[2] <= 3], ids=config_id)
def test_fast_and_protocol_paths_agree_on_outcome_frequencies(cfg):
    """Both paths pick uniformly among legal actions and draw uniformly: the share of
    rounds ending with one player left, and the tokens handed out per round, agree."""
    _, slow = _play_rounds(cfg, ROUNDS)
    fast = _fast_rounds(cfg, 2000, seed=3)
    p_slow = sum(f.result().reason == "last-standing" for f in slow) / len(slow)
    p_fast = sum(f.result().reason == "last-standing" for f in fast) / len(fast)
    assert abs(p_slow - p_fast) < 0.15, (p_slow, p_fast)
    tok_slow = sum(sum(f.returns()) for f in slow) / len(slow)
    tok_fast = sum(sum(f.returns()) for f in fast) / len(fast)
    assert abs(tok_slow - tok_fast) < 0.2, (tok_slow, tok_fast)

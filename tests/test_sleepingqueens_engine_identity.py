"""Seeded Sleeping Queens games stay the same games when the engine changes inside.

The digests below were recorded from the engine before its speed work (session 4, issue #9 item 5): for
each player count and seed, a game played through the protocol (``kit.core.play_at_random``) and one
played by the fast path (``kit.sleepingqueens.fast.simulate`` and ``playout`` with fixed draw orders).
A digest covers, step by step, every chance outcome list (actions and exact probabilities), every legal
action list (in its order), the action taken, and at the end the history, every event, every seat's
observation and information state, the saved JSON and the result.  A faster engine must give the same
digests: the same outcomes in the same order, so the same seeds give the same games.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from kit.core import CHANCE, TERMINAL, play_at_random, sample_outcome
from kit.sleepingqueens import SleepingQueens
from kit.sleepingqueens.cards import DECK
from kit.sleepingqueens.fast import playout, simulate


def protocol_digest(players: int, seed: int) -> str:
    """The digest of the seeded game ``seed`` of ``players`` players played through the protocol."""
    game = SleepingQueens(players)
    rng = random.Random(seed)
    s = game.new_initial_state(first_player=seed % players)
    h = hashlib.sha256()
    while (p := s.current_player()) != TERMINAL:
        if p == CHANCE:
            outs = s.chance_outcomes()
            h.update(repr([(str(a), str(q)) for a, q in outs]).encode())
            a = sample_outcome(outs, rng)
        else:
            legal = s.legal_actions()
            h.update(repr([str(x) for x in legal]).encode())
            a = legal[rng.randrange(len(legal))]
        h.update(str(a).encode())
        s.apply_action(a)
    h.update(repr([str(a) for a in s.history()]).encode())
    h.update(repr(s.events()).encode())
    for seat in [*range(players), None]:
        h.update(repr(s.observation(seat)).encode())
        h.update(s.information_state(seat).encode())
    h.update(s.to_json().encode())
    h.update(repr((s.result(), s.returns())).encode())
    return h.hexdigest()[:16]


def fast_digest(players: int, seed: int) -> str:
    """The digest of the fast path's seeded games: ``simulate`` from the start, ``playout`` with fixed orders
    from a recorded state, and ``playout`` of a recording state (its history and events)."""
    game = SleepingQueens(players)
    rng = random.Random(seed)
    h = hashlib.sha256()
    for i in range(3):
        end = simulate(game, rng, (seed + i) % players)
        h.update(repr((end.result(), end.returns(), end.to_json())).encode())
    s = game.new_initial_state(first_player=seed % players)
    end = playout(s, rng)
    h.update(repr([str(a) for a in end.history()]).encode())
    h.update(repr(end.events()).encode())
    pile = [int(c) for c, k in sorted(DECK.items()) for _ in range(k)]
    rng.shuffle(pile)
    queens = list(range(12))
    rng.shuffle(queens)
    end = playout(game.new_initial_state(first_player=seed % players), rng, pile=pile, queens=queens)
    h.update(repr([str(a) for a in end.history()]).encode())
    return h.hexdigest()[:16]


def many_digest(players: int, games: int) -> str:
    """The digest of the histories of ``games`` seeded games through the protocol, one rng for all."""
    game = SleepingQueens(players)
    rng = random.Random(players)
    h = hashlib.sha256()
    for i in range(games):
        s = game.new_initial_state(first_player=i % players)
        play_at_random(s, rng)
        h.update(" ".join(map(str, s.history())).encode())
    return h.hexdigest()[:16]


# Recorded before the speed work: {(players, seed): digest}.
PROTOCOL = {
    (2, 0): '114a40910a7d820e', (2, 1): '695daa0ee8461da5', (2, 2): '753e27908a98121d', (2, 3): '1341e33348cd0f6f',
    (2, 4): '135adfc64c9aa920', (2, 5): '286a5a335abbc859', (3, 0): '2a77011d7b076594', (3, 1): '35e8b84d0408cd27',
    (3, 2): '0ce59410cbe730e1', (3, 3): '2b49c2694ad29462', (3, 4): '357ed86bf2d53cd9', (3, 5): '3dc6e9e136750f19',
    (4, 0): 'c2f17b3061a90ecb', (4, 1): 'cf55ffd5085f762d', (4, 2): 'aa6736d722e86af8', (4, 3): '8594dd91098d195f',
    (4, 4): '8fd7c58311ed5bf6', (4, 5): '0308efe7faee8bfa', (5, 0): 'b50fa53091063486', (5, 1): '34e675ce9c058ae6',
    (5, 2): '0996db192945df85', (5, 3): '4b40eb0dc3833b10', (5, 4): 'bae2698d0477660a', (5, 5): 'c90af9f045d984fb',
}
FAST = {
    (2, 0): '20a387cd0520bccc', (2, 1): 'bad4527062eb3ada', (2, 2): 'afdaa70c6da02826', (2, 3): 'f93bd1d917f37121',
    (2, 4): '1f294aea994e6611', (2, 5): '86e5794ff7b9b784', (3, 0): '6d75fd69fec6ced8', (3, 1): '0e050cba6b1dedba',
    (3, 2): 'd4e09ec953617e93', (3, 3): '5b59de3fecb2ac31', (3, 4): '23b16afd9a7ea52a', (3, 5): '34da6e7dc3cf575d',
    (4, 0): '9b97eedcc2d0f92a', (4, 1): '45a55fff2212f7eb', (4, 2): 'c8cdfeee62859db3', (4, 3): 'a1f1328fac183b85',
    (4, 4): '684933e1f69623cc', (4, 5): '29a51b1082063f5c', (5, 0): 'c1f4eafe764ea3d3', (5, 1): '68d1e2e1ddefbef7',
    (5, 2): '76a499bf7ed958df', (5, 3): '4db748d2cb0f0e02', (5, 4): 'bb3dd4297c87d573', (5, 5): '885df1559ca9285f',
}
# 300 games for each player count: the histories.
MANY = {
    2: 'cc0112ab20da05bc', 3: 'b33a99d6c8264670', 4: 'dd8b7e21861526d8', 5: 'b82cbb1694783f31',
}


@pytest.mark.parametrize("players,seed", sorted(PROTOCOL))
def test_a_seeded_game_through_the_protocol_is_the_same_game_as_before(players, seed):
    assert protocol_digest(players, seed) == PROTOCOL[players, seed]


@pytest.mark.parametrize("players,seed", sorted(FAST))
def test_a_seeded_fast_playout_is_the_same_game_as_before(players, seed):
    assert fast_digest(players, seed) == FAST[players, seed]


@pytest.mark.parametrize("players", sorted(MANY))
def test_three_hundred_seeded_games_have_the_same_histories_as_before(players):
    assert many_digest(players, 300) == MANY[players]


def test_the_digest_tells_two_different_games_apart():
    # The test can fail: two seeds give two digests, and a digest depends on every step.
    assert protocol_digest(3, 1) != protocol_digest(3, 2)
    assert fast_digest(3, 1) != fast_digest(3, 2)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_fast_paths_choice_is_the_protocols_legal_action_at_that_position(players):
    # The fast path picks a turn's action without listing them (_turn_pick): at every position it is the
    # action legal_actions() lists there, for hands with Kings, Knights and Potions on tables of every kind.
    game = SleepingQueens(players)
    rng = random.Random(players)
    seen = {"king": 0, "knight": 0, "potion": 0}
    for g in range(40):
        s = game.new_initial_state(first_player=g % players)
        while (p := s.current_player()) != TERMINAL:
            if p == CHANCE:
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
                continue
            legal = s.legal_actions()
            if s.phase == "turn":
                for name in seen:
                    seen[name] += any(str(a).lower().startswith(name) for a in legal)
                n = len(legal)
                for x in [0.0, 1 - 1e-12, rng.random(), *((i + 0.5) / n for i in range(n))]:
                    assert s._turn_pick(x) is legal[int(x * n)], (str(s), x)
            s.apply_action(legal[rng.randrange(len(legal))])
    assert min(seen.values()) > 5, seen

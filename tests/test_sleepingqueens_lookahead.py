"""What a Sleeping Queens seat knows of the hidden cards, states drawn from it (no hidden fact is read: twin
states give the same draws), and the strong bot that looks ahead on them."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from kit.core import CHANCE, PlayerView, loads, play, play_at_random
from kit.sleepingqueens import BOTS, SleepingQueens
from kit.sleepingqueens.bots import HeuristicBot, LookaheadBot, knowledge, policy, resample
from kit.sleepingqueens.cards import DECK, Card
from kit.sleepingqueens.invariants import check_invariants
from kit.sleepingqueens.position import position


def random_state(players: int, seed: int, steps: int):
    """A game played at random for ``steps`` steps, then on to the next decision."""
    rng = random.Random(seed)
    s = SleepingQueens(players).new_initial_state(first_player=seed % players)
    play_at_random(s, rng, steps)
    while s.current_player() == CHANCE:
        play_at_random(s, rng, 1)
    return s


def twin(s, seat: int, rng: random.Random):
    """A game ``seat`` cannot tell from ``s``, made through the saved form (``to_json``/``loads``, which plays
    the history again): some cards the other seats drew and still hold swapped with cards of the draw pile.

    A card ``x`` that seat ``o`` drew since the last reshuffle and never showed (matched latest first, so its
    plays took the others) becomes a card ``y`` still in the pile: ``y`` was in the pile at that draw too, the
    later draws stay possible (the pile has ``x`` for ``y``), and ``o``'s choices stay legal (they never used
    ``x``).  The public record and ``seat``'s own cards are untouched.
    """
    doc = json.loads(s.to_json())
    st = doc["state"]
    # every card dealt (a draw into a hand, or a Jester's flip) is one "deal <card>" step of the history
    deals = [i for i, h in enumerate(st["history"]) if h.startswith("deal ")]
    dealt = [i for i, r in enumerate(st["log"]) if r[0] in ("draw", "flip")]
    assert len(deals) == len(dealt)
    step_of = dict(zip(dealt, deals))
    since = max((i for i, r in enumerate(st["log"]) if r[0] == "reshuffle"), default=-1)
    held = []  # (log index, seat) of each draw since the reshuffle whose card that seat still holds unseen
    for o in range(s.game.num_players):
        if o == seat:
            continue
        left = Counter(int(c) for c in s.hand(o))
        for i in reversed(dealt):
            kind, who, v = st["log"][i][:3]
            if who == o and left[v]:
                left[v] -= 1
                if kind == "draw" and i > since:
                    held.append((i, o))
        assert not +left  # every card in a hand was drawn, or turned up by its own Jester
    pool = st["pool"]
    for i, o in held:
        x = st["log"][i][2]
        others = [v for v, k in enumerate(pool) if k and v != x]
        if not others:
            continue
        y = rng.choice(others)
        st["log"][i] = [*st["log"][i][:2], y, *st["log"][i][3:]]
        st["history"][step_of[i]] = f"deal {Card(y)}"
        hand = st["hands"][o]
        hand.remove(x)
        st["hands"][o] = sorted([*hand, y])
        pool[x], pool[y] = pool[x] + 1, pool[y] - 1
    return loads(json.dumps(doc))


def deal_of(d, seat):
    """The cards hidden from ``seat``: the other hands and the draw pile (card: copies)."""
    return ([d.hand(o) for o in range(d.game.num_players) if o != seat],
            json.loads(d.to_json())["state"]["pool"])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_twin_states_give_the_same_draws_so_no_hidden_fact_is_read(players):
    # The strongest form of "the same distribution": the same draws for the same random numbers.
    checked = 0
    for seed in range(12):
        s = random_state(players, seed, 20 + 13 * seed)
        if s.is_terminal():
            continue
        seat = s.current_player()
        t = twin(s, seat, random.Random(seed))
        assert t.information_state(seat) == s.information_state(seat) and t.observation(seat) == s.observation(seat)
        assert deal_of(t, seat) != deal_of(s, seat)  # the twin's hidden cards really differ
        assert knowledge(t, seat) == knowledge(s, seat)
        for k in range(5):
            a, b = resample(s, seat, random.Random(k)), resample(t, seat, random.Random(k))
            assert deal_of(a, seat) == deal_of(b, seat)
            assert a.to_json() == b.to_json()
        checked += 1
    assert checked >= 8


def test_a_drawn_state_keeps_the_table_and_the_seats_hand_and_is_a_sound_game():
    for players in (2, 3, 4, 5):
        for seed in range(6):
            s = random_state(players, seed, 30 + 20 * seed)
            if s.is_terminal():
                continue
            seat = s.current_player()
            d = resample(s, seat, random.Random(seed))
            saved = json.loads(d.to_json())["state"]
            assert d.hand(seat) == s.hand(seat) and d.history() == [] and saved["log"] == []
            assert [len(d.hand(o)) for o in range(players)] == [len(s.hand(o)) for o in range(players)]
            assert d.grid() == s.grid() or all(
                (x == y) or "unseen" in (x, y) for x, y in zip(d.grid(), s.grid()))
            assert d.discard_pile() == s.discard_pile() and d.draw_pile_size() == s.draw_pile_size()
            assert [d.queens(o) for o in range(players)] == [s.queens(o) for o in range(players)]
            assert d.legal_actions() == s.legal_actions()  # the seat to move: its own hand decides
            cards = Counter(int(c) for o in range(players) for c in d.hand(o)) + Counter(
                int(c) for c in d.discard_pile()) + Counter({v: c for v, c in enumerate(saved["pool"]) if c})
            assert cards == Counter({int(c): k for c, k in DECK.items()})  # the 67 red cards, each once
            again = d.clone()  # played on, the drawn state is a sound game to the end
            play_at_random(again, random.Random(seed))
            assert again.is_terminal()


def test_unseen_cards_are_drawn_uniformly_known_answer():
    # p0 holds King 1 2 3 4 and saw nothing else: p1's five cards are five of the 62 others, uniformly.
    # Expected Kings in p1's hand: 5 * 7 / 62.
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    know = knowledge(s, 0)
    rng = random.Random(4)
    kings = sum(resample(s, 0, rng, know=know).hand(1).count(Card.KING) for _ in range(4000))
    assert abs(kings / 4000 - 5 * 7 / 62) < 0.04


def test_after_a_reshuffle_the_other_hand_in_two_players_is_known_exactly():
    # When the discard pile becomes the draw pile, every red card is on it or in a hand: with two players
    # the other hand is what is left, and stays known until that player draws again.
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        s = SleepingQueens(2).new_initial_state()
        while not s.is_terminal() and found < 25:
            if s.current_player() == CHANCE:
                s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
            else:
                legal = s.legal_actions()
                s.apply_action(legal[rng.randrange(len(legal))])
            kinds = [r[0] for r in s._log]
            if "reshuffle" in kinds and s.current_player() >= 0:
                last = len(kinds) - 1 - kinds[::-1].index("reshuffle")
                seat = s.current_player()
                other = 1 - seat
                if not any(r[0] == "draw" and r[1] == other for r in s._log[last:]):
                    for k in range(3):
                        assert resample(s, seat, random.Random(k)).hand(other) == s.hand(other)
                    found += 1
        if found >= 25:
            break
    assert found >= 25


def test_a_jester_power_card_is_known_to_be_in_its_holders_hand():
    s = position(hands=[["Jester", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], to_move=1)
    s = position(hands=[["5", "6", "7", "8", "9"], ["Jester", "1", "2", "3", "4"]], to_move=1)
    s.apply_action("Jester")
    s.apply_action("deal Knight")  # p1's Jester turned over a Knight: it goes to p1's hand, in sight of all
    know = knowledge(s, 0)
    assert know.held[1][int(Card.KNIGHT)] == 1
    assert all(Card.KNIGHT in resample(s, 0, random.Random(k), know=know).hand(1) for k in range(30))


def test_the_view_resamples_through_the_registered_knowledge():
    s = random_state(3, 5, 50)
    seat = s.current_player()
    view = PlayerView(s, seat)
    assert view.knowledge() == knowledge(s, seat)
    assert view.resample(random.Random(2)).to_json() == resample(s, seat, random.Random(2)).to_json()


def test_policy_plays_like_the_heuristic_bot():
    # The playouts' rule of thumb is the heuristic bot's, read from the state: the same preferences.
    rng = random.Random(9)
    agree = total = 0
    for seed in range(40):
        s = random_state(2, seed, 10 + 7 * seed)
        if s.is_terminal():
            continue
        p = s.current_player()
        mine = policy(s, rng)
        assert mine in s.legal_actions()
        theirs = {str(HeuristicBot(seed=k).choose(PlayerView(s, p), p)) for k in range(8)}
        agree += str(mine) in theirs
        total += 1
    assert agree == total


def test_strong_bot_takes_the_queen_that_wins_where_the_rule_of_thumb_would_not():
    s = position(hands=[["King", "Knight", "Dragon", "Dragon", "9"], ["5", "6", "7", "8", "9"]],
                 queens=[["Cat", "Moon", "Cake"], ["Heart", "Rose", "Starfish", "Rainbow"]], discard=["Dragon"])
    assert str(policy(s, random.Random(0))).startswith("King")
    for seed in range(3):
        bot = LookaheadBot(seed=seed)
        assert str(bot.choose(PlayerView(s, 0), 0)) == "Knight p1 Heart"
        assert bot.last_scores["Knight p1 Heart"] == 1.0


def test_strong_bot_sees_only_its_seat():
    # Its choice is the same in two states its seat cannot tell apart, for the same seed.
    for seed in range(6):
        s = random_state(2, seed, 25 + 11 * seed)
        if s.is_terminal():
            continue
        seat = s.current_player()
        t = twin(s, seat, random.Random(seed))
        a = LookaheadBot(seed=seed, budget=60).choose(PlayerView(s, seat), seat)
        b = LookaheadBot(seed=seed, budget=60).choose(PlayerView(t, seat), seat)
        assert a is b


def test_strong_bot_plays_every_player_count_legally():
    """Every move of the strong bot is legal and leaves the state sound, at every player count.  (How fast its
    moves are is measured by benchmarks/sleepingqueens_bots.py, not timed here: its limits count playouts,
    never seconds, and a test's clock on a busy machine says nothing about the bot.)"""
    for n in (2, 3, 4, 5):
        bots = [LookaheadBot(seed=1)] + [HeuristicBot(seed=s) for s in range(1, n)]
        moves = []

        def watch(state, player, action, moves=moves):
            assert action in state.legal_actions()
            if player == 0:
                moves.append(action)
                check_invariants(state)

        end = play(SleepingQueens(n).new_initial_state(), bots, seed=n, on_action=watch)
        assert end.is_terminal() and moves, (n, len(moves))


def test_strong_bot_is_in_the_registry_and_is_made_from_a_seed():
    assert BOTS["strong"] is LookaheadBot and LookaheadBot.label == "strong bot (looks ahead)"
    with pytest.raises(ValueError):
        LookaheadBot(batch=1)
    s = random_state(2, 3, 40)
    p = s.current_player()
    assert LookaheadBot(seed=7).choose(s, p) is LookaheadBot(seed=7).choose(PlayerView(s, p), p)

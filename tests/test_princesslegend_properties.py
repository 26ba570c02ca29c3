"""Hypothesis properties of the Princess Legend engine, for every player count (3 to 8).

Rounds are played from a seed (uniform legal actions, exact chance sampling); the
properties are checked at every step.  Hypothesis runs derandomized and without an
example database, so the file is deterministic.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.core import (
    CHANCE, TERMINAL, GameOverError, IllegalActionError, InvalidActionError, KitError, RandomBot, loads, play,
    replay,
)
from kit.princesslegend import (
    CENTRE, CHARACTERS, TILE_SETS, Answer, Ask, Character, Colour, Deal, NoExtraQuestion, PrincessLegend,
    Question, Reveal, check_invariants,
)

from protocol_helpers import random_walk

SETTINGS = dict(derandomize=True, database=None, deadline=None, print_blob=True,
                suppress_health_check=[HealthCheck.too_slow])
by_n = pytest.mark.parametrize("n", range(3, 9))
seeds = st.integers(0, 2**32 - 1)
ACTION_TYPES = (Deal, Ask, NoExtraQuestion, Answer, Reveal)


def rounds(game, seed, prince=None):
    """Yield ``(state, action)`` along a random round; the last pair is ``(final, None)``."""
    rng = random.Random(seed)
    n = game.num_players
    yield from random_walk(game.new_initial_state(first_player=rng.randrange(n) if prince is None else prince), rng)


def final_of(game, seed):
    for s, _ in rounds(game, seed):
        pass
    return s


def tile_at(s, place):
    return s.centre() if place == CENTRE else s.tile(place)


def truth_of(s, q):
    if q.question is Question.WHERE_PRINCESS:
        places = list(range(s.game.num_players)) + ([CENTRE] if s.has_centre() else [])
        return Answer(place=next(p for p in places if tile_at(s, p) is Character.PRINCESS))
    return Answer(character=tile_at(s, q.seat if q.question is Question.WHO_ARE_YOU else q.about))


def check_state(s):
    """Invariants of every state (:func:`check_invariants`), and more read through the public API."""
    check_invariants(s)
    n = s.game.num_players
    k = s.prince
    tiles = s.tiles()
    assert tiles[k] is Character.PRINCE and tiles.count(Character.PRINCE) == 1
    dealt = [t for t in tiles if t not in (None, Character.PRINCE)] + ([s.centre()] if s.centre() else [])
    assert len(set(dealt)) == len(dealt) and set(dealt) <= set(TILE_SETS[n])
    p = s.current_player()
    if p == CHANCE:
        assert s.phase == "deal"
    elif p == TERMINAL:
        assert s.phase == "over" and s.result() is not None
        res = s.result()
        symbol = tile_at(s, res.revealed).symbol
        expect = [1 if t.family is symbol else 0 for t in tiles]  # the seats' tiles only: the centre scores nobody
        assert s.returns() == expect and list(res.rubies) == expect
        assert res.revealed != k
    else:
        assert len(dealt) == len(TILE_SETS[n])
        legal = s.legal_actions()
        assert legal and len(set(map(id, legal))) == len(legal)
        assert [a.sort_key() for a in legal] == sorted(a.sort_key() for a in legal)
        if s.phase == "answer":
            q = s.questions()[-1][0]
            assert p == q.seat != k
            truth = truth_of(s, q)
            colour = tiles[p].colour
            if colour is Colour.GREEN:
                assert legal == [truth]
            elif colour is Colour.RED:
                assert truth not in legal and len(legal) >= 2
            else:
                assert truth in legal
        else:
            assert p == k
        assert s.returns() == [0] * n


# ====================================================================== play and chance
@by_n
@settings(max_examples=25, **SETTINGS)
@given(seed=seeds)
def test_random_play_reaches_a_terminal_state_keeping_every_invariant(n, seed):
    steps = 0
    for s, a in rounds(PrincessLegend(n), seed):
        check_state(s)
        steps += a is not None
    asked = [q for q, a, extra in s.questions() if not extra]
    assert sorted(q.seat for q in asked) == [p for p in range(n) if p != s.prince]
    assert sum(extra for _, _, extra in s.questions()) <= 1
    deals = len(TILE_SETS[n])
    # deals, a question and an answer per other player, the extra question (0 or 2 steps) or none (1), the reveal
    assert deals + 2 * (n - 1) + 2 <= steps <= deals + 2 * (n - 1) + 3

# ====================================================================== information
def shared_course(game, prince, history, other_deals):
    """Two states dealt differently, through the same decisions while they stay legal in both
    and before the reveal; yields the pair after each step."""
    a = game.new_initial_state(first_player=prince)
    b = game.new_initial_state(first_player=prince)
    decisions = history[len(other_deals):]
    for x, y in zip(history, list(other_deals) + decisions):
        if isinstance(x, Reveal):
            return
        if not a.is_chance_node() and y not in b.legal_actions():
            return  # the other deal makes this answer illegal (a green must tell its truth)
        a.apply_action(x)
        b.apply_action(y)
        yield a, b


@by_n
@settings(max_examples=30, **SETTINGS)
@given(seed=seeds, perm_seed=seeds)
def test_prince_information_state_ignores_the_tiles_he_has_not_seen(n, seed, perm_seed):
    """Deal the same tiles to other places and replay the same decisions: as long as they
    stay legal and before the reveal, the Prince's view is identical; the others' is not.
    Of 20 other deals, the one that follows the round furthest is checked."""
    game = PrincessLegend(n)
    final = final_of(game, seed)
    k = final.prince
    history = final.history()
    deals = [a for a in history if isinstance(a, Deal)]
    tiles = [d.tile for d in deals]
    rng = random.Random(perm_seed)
    best, best_len = None, -1
    for _ in range(20):
        shuffled = tiles[:]
        while shuffled == tiles:
            rng.shuffle(shuffled)
        other = [Deal(t, d.place) for t, d in zip(shuffled, deals)]
        length = sum(1 for _ in shared_course(game, k, history, other))
        if length > best_len:
            best, best_len = other, length
    assert best_len >= len(deals)
    for a, b in shared_course(game, k, history, best):
        assert a.information_state(k) == b.information_state(k)
        assert a.observation(k) == b.observation(k)
        if a.current_player() == k:
            assert a.legal_actions() == b.legal_actions()
    assert a.to_json() != b.to_json()
    for p in range(n):
        if p != k:  # every other player saw the deal
            assert a.information_state(p) != b.information_state(p)


@by_n
@settings(max_examples=10, **SETTINGS)
@given(seed=seeds)
def test_prince_view_never_contains_a_hidden_tile(n, seed):
    for s, _ in rounds(PrincessLegend(n), seed):
        k = s.prince
        obs = s.observation(k)
        res = s.result()
        known = {k: "Prince"}
        if res is not None:  # the round is over: every tile turns face up for everyone (the kit's debrief)
            known = {seat: str(t) for seat, t in enumerate(s.tiles())}
            known["centre"] = None if s.centre() is None else str(s.centre())
        for seat, name in enumerate(obs["tiles"]):
            assert name == known.get(seat)
        assert obs["centre"] == known.get("centre")
        deals = [e for e in obs["log"] if e["kind"] == "deal"]
        dealt = sum(t not in (None, Character.PRINCE) for t in s.tiles()) + (s.centre() is not None)
        assert len(deals) == dealt and all(e["tile"] is None for e in deals)  # he knows a tile went, not which
        assert s.observation(None)["log"] == obs["log"] and s.information_state(None)[3:] == s.information_state(k)[2:]
        # others see everything dealt so far
        for p in range(n):
            if p != k:
                assert s.observation(p)["tiles"] == [None if t is None else str(t) for t in s.tiles()]


@by_n
@settings(max_examples=10, **SETTINGS)
@given(seed=seeds)
def test_information_state_is_made_from_the_views_events(n, seed):
    for s, _ in rounds(PrincessLegend(n), seed):
        for p in [*range(n), None]:
            info = s.information_state(p)
            hash(info)
            obs = s.observation(p)
            assert json.loads(json.dumps(obs)) == obs
            assert len(info.split("|")) == 1 + len(obs["log"])


# ====================================================================== refusals
JUNK_TEXT = ["", " ", "deal", "ask", "answer", "reveal", "ask p1", "ask p1 who-is", "reveal p1 p2", "deal Guard",
             "ask p² who-are-you", "reveal p-1", "answer ٣", "deal King to p1", "reveal p99999999999", "no",
             "answer p1 p2", "ask p1 who-are-you p2", "ask centre where-princess"]
JUNK_OBJECTS = [None, 42, 1.5, b"reveal p1", ["reveal", "p1"], {"place": 1}, object(), Character.GUARD, CENTRE]


def candidate_actions(rng, n, k=14):
    """Well-formed actions, most of them illegal at any given step."""
    places = list(range(-1, n + 2)) + [CENTRE, True]
    out = []
    for _ in range(k):
        kind = rng.randrange(5)
        if kind == 0:
            out.append(Deal(rng.choice(list(Character)), rng.choice(places)))
        elif kind == 1:
            q = rng.choice(list(Question))
            out.append(Ask(rng.choice(places[:-2]), q, rng.choice(places) if q is Question.WHO_IS else None))
        elif kind == 2:
            out.append(NoExtraQuestion())
        elif kind == 3:
            out.append(Answer(place=rng.choice(places)) if rng.random() < 0.5
                       else Answer(character=rng.choice(list(Character))))
        else:
            out.append(Reveal(rng.choice(places)))
    return out


def expected_refusal(state, x):
    if isinstance(x, str):
        try:
            x = state.game.parse_action(x)
        except InvalidActionError:
            return InvalidActionError
    if not isinstance(x, ACTION_TYPES):
        return InvalidActionError
    if state.is_terminal():
        return GameOverError
    if any(x is a for a in state.legal_actions()):
        return None
    return IllegalActionError


def check_refused(state, tries):
    before = state.to_json()
    n = state.game.num_players
    infos = [state.information_state(p) for p in range(n)]
    for x in tries:
        want = expected_refusal(state, x)
        if want is None:
            continue
        with pytest.raises(want) as info:
            state.apply_action(x)
        assert isinstance(info.value, KitError) and str(info.value)
        assert state.to_json() == before, f"refusing {x!r} changed the state"
    assert [state.information_state(p) for p in range(n)] == infos


@by_n
@settings(max_examples=10, **SETTINGS)
@given(seed=seeds, junk=st.lists(st.text(max_size=24), max_size=4))
def test_refused_action_raises_typed_error_and_changes_nothing(n, seed, junk):
    rng = random.Random(seed ^ 0x5EED)
    for s, a in rounds(PrincessLegend(n), seed):
        tries = candidate_actions(rng, n) + rng.sample(JUNK_TEXT, 5) + rng.sample(JUNK_OBJECTS, 3) + junk
        check_refused(s, tries)
        if a is not None:
            s.clone().apply_action(a)  # the legal action still works after all those refusals
    check_refused(s, [*candidate_actions(rng, n), *JUNK_TEXT, *JUNK_OBJECTS, "reveal p1", "no-extra-question"])


@settings(max_examples=300, **SETTINGS)
@given(text=st.text(max_size=30))
def test_parsing_any_text_gives_an_action_or_invalid_action_error(text):
    g = PrincessLegend(5)
    try:
        a = g.parse_action(text)
    except InvalidActionError:
        return
    assert isinstance(a, ACTION_TYPES)
    assert g.parse_action(str(a)) is a


@settings(max_examples=200, **SETTINGS)
@given(words=st.lists(st.sampled_from(["ask", "answer", "deal", "reveal", "to", "p1", "p3", "centre", "who-is",
                                       "who-are-you", "where-princess", "Black", "Queen", "Fairy", "no-extra-question",
                                       "Spy", "9", "p"]), min_size=1, max_size=5))
def test_parsing_near_miss_notation_gives_an_action_or_invalid_action_error(words):
    g = PrincessLegend(5)
    try:
        a = g.parse_action(" ".join(words))
    except InvalidActionError:
        return
    assert g.parse_action(str(a)) is a


# ====================================================================== determinism, JSON, replay
def test_every_character_appears_in_some_round_set():
    assert set(CHARACTERS) == {c for n in range(3, 9) for c in TILE_SETS[n]}

"""Hypothesis properties of the Love Letter engine, for every edition × player count.

Rounds are played from a seed (uniform legal actions, exact chance sampling); the
properties are checked at every step.  Hypothesis runs derandomized and without
an example database, so the file is deterministic.
"""

from __future__ import annotations

import json
import os
import random
import sys
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, os.path.dirname(__file__))

from ll_helpers import CONFIGS, check_chance, check_conservation, check_state, config_id, game_of  # noqa: E402

from kit.core import (  # noqa: E402
    CHANCE, GameOverError, IllegalActionError, InvalidActionError, KitError, RandomBot, loads, play,
    replay,
)
from kit.loveletter import Card2019, CardClassic, Deal, Keep, Play  # noqa: E402
from kit.loveletter.events import public_events  # noqa: E402
from protocol_helpers import random_walk  # noqa: E402

SETTINGS = dict(derandomize=True, database=None, deadline=None, print_blob=True,
                suppress_health_check=[HealthCheck.too_slow])
by_config = pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
seeds = st.integers(0, 2**32 - 1)


def rounds(game, seed, first=None):
    """Yield ``(state, action)`` along a random round; the last pair is ``(final, None)``."""
    rng = random.Random(seed)
    n = game.num_players
    yield from random_walk(game.new_initial_state(first_player=rng.randrange(n) if first is None else first), rng)


def random_history(game, seed):
    final = None
    for final, _ in rounds(game, seed):
        pass
    return final


# ====================================================================== conservation
@by_config
@settings(max_examples=15, **SETTINGS)
@given(seed=seeds)
def test_every_card_is_in_exactly_one_place_at_every_step(cfg, seed):
    for s, _ in rounds(game_of(cfg), seed):
        check_conservation(s)
        check_state(s)


@by_config
@settings(max_examples=15, **SETTINGS)
@given(seed=seeds)
def test_chance_probabilities_are_fractions_summing_to_exactly_one(cfg, seed):
    for s, _ in rounds(game_of(cfg), seed):
        if s.current_player() == CHANCE:
            check_chance(s)
            outs = s.chance_outcomes()
            assert all(type(p) is Fraction for _, p in outs) and sum(p for _, p in outs) == 1
            assert s.legal_actions() == [a for a, _ in s.chance_outcomes()]
        else:
            assert s.chance_outcomes() == []


# ====================================================================== refusals
ALL_CARDS = list(CardClassic) + list(Card2019)
JUNK_TEXT = ["", " ", "deal", "keep", "deal ²", "Guard p² Priest", "Guard p-1 Priest", "Guard p1 Priest Baron",
             "keep Guard under", "keep Guard over Priest", "p1 Guard", "Guard p1 p2", "Guard 1.5 Priest",
             "Prince p99999999999999999999", "deal 9", "deal 10", "Spy", "Chancellor", "keep Spy under Spy",
             "Handmaid p0", "Princess p1", "Guard p1 Guard", "guard P1 SPY", "deal Princess", "deal\tGuard",
             "٣", "Guard p٣ Priest", "Guard ,p1, Priest"]
JUNK_OBJECTS = [None, 42, 1.5, b"deal Guard", ["deal", "Guard"], {"card": "Guard"}, ("Guard", 1), object(),
                CardClassic.GUARD, Card2019.SPY]


def candidate_actions(rng, n, k=12):
    """A few well-formed actions of either edition, most of them illegal anywhere."""
    out = []
    for _ in range(k):
        card = rng.choice(ALL_CARDS)
        kind = rng.randrange(4)
        if kind == 0:
            out.append(Deal(card))
        elif kind == 1:
            under = tuple(rng.choice(ALL_CARDS) for _ in range(rng.randrange(4)))
            out.append(Keep(card, under))
        else:
            target = rng.choice([None, None, -1, n, n + 3, True, 1.0, "1", "p1"] + list(range(n)))
            guess = rng.choice([None, None, "Priest", 2] + ALL_CARDS)
            out.append(Play(rng.choice([card, card, card, "Guard", 1]), target, guess))
    return out


def expected_refusal(state, x):
    """The error ``state.apply_action(x)`` must raise, or ``None`` when ``x`` is legal."""
    if isinstance(x, str):
        try:
            x = state.game.parse_action(x)
        except InvalidActionError:
            return InvalidActionError
    if not isinstance(x, (Play, Keep, Deal)):
        return InvalidActionError
    if state.is_terminal():
        return GameOverError
    if any(x is a for a in state.legal_actions()):
        return None
    return IllegalActionError


def check_refused(state, tries):
    """Each of ``tries`` that is not legal here is refused with the right error, changing nothing."""
    before = state.to_json()
    infos = [state.information_state(p) for p in range(state.game.num_players)]
    for x in tries:
        want = expected_refusal(state, x)
        if want is None:
            continue
        with pytest.raises(want) as info:
            state.apply_action(x)
        assert isinstance(info.value, KitError)
        assert str(info.value)  # says why
        assert state.to_json() == before, f"refusing {x!r} changed the state"
    assert [state.information_state(p) for p in range(state.game.num_players)] == infos


@by_config
@settings(max_examples=12, **SETTINGS)
@given(seed=seeds, junk=st.lists(st.text(max_size=24), max_size=4))
def test_refused_action_raises_typed_error_and_changes_nothing(cfg, seed, junk):
    rng = random.Random(seed ^ 0x5EED)
    game = game_of(cfg)
    n = game.num_players
    for s, a in rounds(game, seed):
        if a is not None and rng.random() > 0.3:
            continue  # a sample of the steps (every kind of step occurs often enough)
        tries = candidate_actions(rng, n) + rng.sample(JUNK_TEXT, 4) + rng.sample(JUNK_OBJECTS, 2) + junk
        if s.current_player() == CHANCE:
            # every card that is not an outcome of this chance node
            possible = {x for x, _ in s.chance_outcomes()}
            tries += [Deal(c) for c in game.cards if Deal(c) not in possible]
        check_refused(s, tries)
        if a is not None:
            # the legal action still works after all those refusals
            s.clone().apply_action(a)
    assert s.result() is not None and s.returns() == list(s.result().tokens) and sum(s.returns()) >= 1
    check_refused(s, [*candidate_actions(rng, n), *JUNK_TEXT, *JUNK_OBJECTS, *junk, "deal Guard", "Guard p1 Priest"])


@pytest.mark.parametrize("edition", ["classic", "2019"])
@settings(max_examples=200, **SETTINGS)
@given(text=st.text(max_size=30))
def test_parsing_any_text_gives_an_action_or_invalid_action_error(edition, text):
    from kit.loveletter import LoveLetter

    g = LoveLetter(2, edition=edition)
    try:
        a = g.parse_action(text)
    except InvalidActionError:
        return
    assert isinstance(a, (Play, Keep, Deal))
    assert g.parse_action(str(a)) is a


# ====================================================================== information
HIDDEN_PLAYS = {"Handmaid", "Spy", "Countess"}  # a play that shows no hidden card
NO_TARGET_OK = {"Guard", "Priest", "Baron", "King"}  # played with no target: no effect


def quiet_prefix(game, history, first):
    """Replay ``history`` while no hidden card is revealed or moved.

    Priest peeks are allowed (they show a card to one seat only).  Returns
    ``(state, positions)``: the state after the longest such prefix and the
    Deal positions with where each card went (``("setaside",)``,
    ``("faceup",)``, ``("hand", seat)``).
    """
    s = game.new_initial_state(first_player=first)
    positions = {}
    for i, a in enumerate(history):
        if s.is_terminal():
            break
        if isinstance(a, Play):
            name = str(a.card)
            ok = name in HIDDEN_PLAYS or (a.target is None and name in NO_TARGET_OK) or name == "Priest"
            if not ok:
                break
        elif isinstance(a, Keep):
            break
        nev = len(s.events())
        trial = s.clone()
        trial.apply_action(a)
        if trial.is_terminal():
            break  # a round end shows the hands
        s = trial
        new = s.events()[nev:]
        if isinstance(a, Deal):
            e = new[0]
            positions[i] = {"setaside": ("setaside",), "faceup": ("faceup",)}.get(e["kind"], ("hand", e.get("seat")))
    return s, positions


def receivers(where):
    return {where[1]} if where[0] == "hand" else set()


def who_saw(a, b):
    """Seats that saw a difference between two rounds of the same public course.

    Read from the raw event logs (hidden information included): a differing
    deal or draw is seen by its receiver (and by the seat that put the card
    under the deck), a differing Priest peek by the peeker, a differing return
    under the deck by the Chancellor's player.  Any other difference would be
    public, which the pairs built here must not have.
    """
    ea, eb = a.events(), b.events()
    assert len(ea) == len(eb)
    seen = set()
    for x, y in zip(ea, eb):
        if x == y:
            continue
        assert x["kind"] == y["kind"] and x["kind"] in ("setaside", "deal", "draw", "peek", "return"), (x, y)
        if x["kind"] != "setaside":
            seen.add(x["seat"])
        if x["kind"] == "draw" and x["placer"] is not None:
            seen.add(x["placer"])
    return seen


def replayed(game, history, first):
    try:
        return replay(game, history, first_player=first)
    except IllegalActionError:
        return None


def check_pair(a, b, must_see):
    """``a`` and ``b`` differ only in hidden cards: equal views for seats that saw
    no difference, different views for those that did (``must_see`` among them)."""
    assert a.to_json() != b.to_json()
    seen = who_saw(a, b)
    assert must_see <= seen
    for p in range(a.game.num_players):
        if p in seen:
            assert a.information_state(p) != b.information_state(p), f"p{p} saw the change"
        else:
            assert a.information_state(p) == b.information_state(p), f"p{p} did not see the change"
            assert a.observation(p)["log"] == b.observation(p)["log"]
    return seen


@by_config
@settings(max_examples=20, **SETTINGS)
@given(seed=seeds)
def test_information_state_ignores_cards_the_seat_has_not_seen(cfg, seed):
    game = game_of(cfg)
    rng = random.Random(seed ^ 0xCAFE)
    final = random_history(game, seed)
    first = final.first_player
    history = final.history()
    s, positions = quiet_prefix(game, history, first)
    k = len(s.history())
    prefix = history[:k]
    hidden = [i for i, w in positions.items() if w[0] != "faceup"]
    setaside = [i for i, w in positions.items() if w[0] == "setaside"]
    checked = 0
    # (a) one hidden card (set-aside or in a hand) swapped with a card of the unordered deck;
    #     the set-aside card first: that swap is always possible and nobody sees it
    pool = [c for c, m in s.deck().items() for _ in range(m)]
    for i in setaside + [rng.choice(hidden) for _ in range(8) if hidden]:
        others = [c for c in pool if c is not prefix[i].card]
        if not others:
            continue
        w = rng.choice(others)
        h = list(prefix)
        h[i] = Deal(w)
        t = replayed(game, h, first)
        if t is None:
            continue  # the swap made a later play illegal (Countess rule, a played card)
        assert t.deck() != s.deck()
        seen = check_pair(s, t, receivers(positions[i]))
        if i in setaside:
            assert seen == set()  # nobody sees the set-aside card
        checked += 1
    # (b) two hidden cards swapped with each other
    for _ in range(8):
        if len(hidden) < 2:
            break
        i, j = sorted(rng.sample(hidden, 2))
        if prefix[i] is prefix[j]:
            continue
        h = list(prefix)
        h[i], h[j] = h[j], h[i]
        t = replayed(game, h, first)
        if t is None:
            continue
        check_pair(s, t, receivers(positions[i]) | receivers(positions[j]))
        checked += 1
    assert checked or not setaside or all(c is prefix[setaside[0]].card for c in pool)


@pytest.mark.parametrize("cfg", [c for c in CONFIGS if c[0] == "2019"], ids=config_id)
@settings(max_examples=25, **SETTINGS)
@given(seed=seeds)
def test_information_state_bottom_order_seen_only_by_the_chancellor_player(cfg, seed):
    game = game_of(cfg)
    for attempt in range(50):  # the first round from this seed on with a Chancellor returning two kinds
        final = random_history(game, seed + attempt)
        history = final.history()
        keeps = [i for i, a in enumerate(history) if isinstance(a, Keep) and len(a.under) == 2
                 and a.under[0] is not a.under[1]]
        if keeps:
            break
    else:
        pytest.fail("no Chancellor returned two different cards in 50 rounds")
    first = final.first_player
    k = keeps[0]
    flipped = list(history)
    flipped[k] = Keep(history[k].card, history[k].under[::-1])
    a = replay(game, history[:k + 1], first_player=first)
    b = replay(game, flipped[:k + 1], first_player=first)
    chancellor = [e for e in a.events() if e["kind"] == "return"][-1]["seat"]
    # go on together while draws come from the unordered part of the deck
    for act in history[k + 1:]:
        check_pair(a, b, {chancellor})
        if a.is_terminal() or (a.current_player() == CHANCE and not a.deck()):
            break
        a.apply_action(act)
        b.apply_action(act)


@by_config
@settings(max_examples=10, **SETTINGS)
@given(seed=seeds)
def test_information_state_is_what_the_views_show(cfg, seed):
    for s, _ in rounds(game_of(cfg), seed):
        for p in range(s.game.num_players):
            info = s.information_state(p)
            hash(info)
            obs = s.observation(p)
            assert json.loads(json.dumps(obs)) == obs
            assert obs["hand"] == [str(c) for c in s.hand(p)]
            # one information-state line per event the seat saw, of the same kind and seat
            lines = info.split("|")[1:]
            assert len(lines) == len(obs["log"])
            for line, e in zip(lines, obs["log"]):
                if "seat" in e:
                    assert f"p{e['seat']}" in line, (line, e)
                shown = [v for k, v in e.items() if k in ("card", "guess", "seat_card", "target_card", "gave", "got")
                         and v is not None]
                assert all(c in line for c in shown), (line, e)
        public = s.observation(None)
        assert public["seat"] is None and public["hand"] == []
        assert all(public["log"] == public_events(s.observation(p)["log"]) for p in range(s.game.num_players))


# ====================================================================== determinism, JSON, replay, notation
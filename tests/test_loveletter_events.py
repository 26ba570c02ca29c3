"""Love Letter events: the schema, JSON, and the one rule of who sees what (kit.loveletter.events)."""

from __future__ import annotations

import json
import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from ll_helpers import CONFIGS, config_id, game_of, run, start, turns  # noqa: E402

from kit.core import RandomBot, play  # noqa: E402
from kit.loveletter import LoveLetter, LoveLetterState, all_events, visible_events  # noqa: E402
from kit.loveletter.endgame import endgame  # noqa: E402
from kit.loveletter.events import EVENT_FIELDS, EVENT_KINDS, event_dict, is_private, public_events  # noqa: E402
from kit.render.loveletter import public_observation, table_html  # noqa: E402
from kit.render.narration.loveletter import narrate  # noqa: E402


def views(state):
    """Every view of a state's events: each seat's, the public one, the teacher's."""
    n = state.game.num_players
    return [visible_events(state, p) for p in range(n)] + [visible_events(state, None), all_events(state)]


# ---------------------------------------------------------------------- schema and JSON
@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_every_event_survives_json_and_has_exactly_its_schema_fields(cfg):
    game = game_of(cfg)
    kinds = set()
    for k in range(12):
        end = play(game.new_initial_state(first_player=k % game.num_players),
                   [RandomBot(10 * k + s) for s in range(game.num_players)], seed=k)
        for events in views(end):
            for e in events:
                assert json.loads(json.dumps(e)) == e
                assert list(e) == ["kind", *EVENT_FIELDS[e["kind"]]], e
                kinds.add(e["kind"])
        assert json.loads(json.dumps(end.observation(None))) == end.observation(None)
    assert {"setaside", "deal", "draw", "play", "out", "end"} <= kinds


def test_described_positions_make_json_events_too():
    s = endgame(edition="classic", to_move=0, face_up=["Guard", "Guard", "Guard"],
                played=[["Guard", "Priest", "Priest", "Baron"], ["Guard", "Baron", "Handmaid", "King", "Handmaid"]],
                hands=["Prince", None], deck=1, protected=[False, True])
    kinds = [e["kind"] for e in all_events(s)]
    assert kinds == ["faceup"] * 3 + ["history"] * 9 + ["reveal", "protected"]
    for events in views(s):
        assert json.loads(json.dumps(events)) == events


def test_event_dict_names_the_cards_of_the_edition():
    r2019 = LoveLetter(2, edition="2019").new_initial_state()
    classic = LoveLetter(2, edition="classic").new_initial_state()
    assert event_dict(r2019, ("baron", 0, 2, 3, 1)) == {
        "kind": "baron", "seat": 0, "target": 2, "seat_card": "Baron", "target_card": "Guard"}
    assert event_dict(r2019, ("draw", 1, 0, -2)) == {
        "kind": "draw", "seat": 1, "card": "Spy", "source": "set-aside", "placer": None}
    assert event_dict(r2019, ("draw", 1, 0, -2), hide=True) == {
        "kind": "draw", "seat": 1, "card": None, "source": "set-aside", "placer": None}
    assert event_dict(classic, ("end", (1,), "deck-empty", None, ((0, 1), (1, 8)))) == {
        "kind": "end", "winners": [1], "reason": "deck-empty", "spy": None,
        "hands": [{"seat": 0, "card": "Guard"}, {"seat": 1, "card": "Princess"}]}
    assert EVENT_KINDS == tuple(EVENT_FIELDS)


# ---------------------------------------------------------------------- who sees what, per kind
def test_setaside_card_is_seen_by_nobody_and_deals_by_their_receiver():
    s = start(3, "2019", aside="Princess", hands=["Priest", "Baron", "Guard"])
    assert all_events(s)[0] == {"kind": "setaside", "card": "Princess"}
    for seat in (0, 1, 2, None):
        ev = visible_events(s, seat)
        assert ev[0] == {"kind": "setaside", "card": None}
        assert [e["card"] for e in ev[1:]] == [c if seat == p else None for p, c in
                                               enumerate(["Priest", "Baron", "Guard"])]


def test_a_turn_draw_is_seen_by_the_drawer_only():
    s = start(3, "2019", aside="Princess", hands=["Priest", "Baron", "Guard"], draw="Handmaid")
    draw = {"kind": "draw", "seat": 0, "card": "Handmaid", "source": "deck", "placer": None}
    assert visible_events(s, 0)[-1] == draw
    for seat in (1, 2, None):
        assert visible_events(s, seat)[-1] == dict(draw, card=None)


def test_a_priest_peek_is_seen_by_the_priest_player_only():
    s = run(start(3, "2019", aside="Princess", hands=["Priest", "Baron", "Guard"], draw="Handmaid"), "Priest p1")
    peek = {"kind": "peek", "seat": 0, "target": 1, "card": "Baron"}
    play_ = {"kind": "play", "seat": 0, "card": "Priest", "target": 1, "guess": None}
    assert visible_events(s, 0)[-2:] == [play_, peek]
    for seat in (1, 2, None):  # not even the target sees what was seen
        assert visible_events(s, seat)[-1] == play_
    assert is_private(peek) and not is_private(play_)


def test_a_baron_comparison_is_seen_by_its_two_players_and_the_loser_shows_the_card():
    s = run(start(3, "2019", aside="Princess", hands=["Baron", "Priest", "Guard"], draw="Prince"), "Baron p1")
    baron = {"kind": "baron", "seat": 0, "target": 1, "seat_card": "Prince", "target_card": "Priest"}
    out = {"kind": "out", "seat": 1, "cards": ["Priest"], "cause": "baron"}
    for seat in (0, 1):
        assert visible_events(s, seat)[-2:] == [baron, out]
    for seat in (2, None):
        assert visible_events(s, seat)[-2:] == [
            {"kind": "play", "seat": 0, "card": "Baron", "target": 1, "guess": None}, out]


def test_a_king_trade_is_seen_by_its_two_players():
    s = run(start(3, "2019", aside="Princess", hands=["King", "Priest", "Baron"], draw="Guard"), "King p1")
    trade = {"kind": "trade", "seat": 0, "target": 1, "gave": "Guard", "got": "Priest"}
    for seat in (0, 1):
        assert visible_events(s, seat)[-1] == trade
    for seat in (2, None):
        assert visible_events(s, seat)[-1]["kind"] == "play"
        assert "trade" not in json.dumps(visible_events(s, seat))


def test_a_chancellor_return_shows_its_cards_to_its_player_only():
    s = run(start(3, "2019", aside="Princess", hands=["Chancellor", "Priest", "Baron"], draw="Guard"),
            "Chancellor", "deal Spy", "deal Handmaid", "keep Handmaid under Spy Guard")
    ret = {"kind": "return", "seat": 0, "count": 2, "cards": ["Spy", "Guard"]}
    assert visible_events(s, 0)[-3:] == [
        {"kind": "draw", "seat": 0, "card": "Spy", "source": "deck", "placer": None},
        {"kind": "draw", "seat": 0, "card": "Handmaid", "source": "deck", "placer": None}, ret]
    for seat in (1, 2, None):
        assert visible_events(s, seat)[-3:] == [
            {"kind": "draw", "seat": 0, "card": None, "source": "deck", "placer": None},
            {"kind": "draw", "seat": 0, "card": None, "source": "deck", "placer": None}, dict(ret, cards=None)]


def _bottom_draw():
    """2019, two players: p0's Chancellor puts the Countess under the last card; p1 draws it."""
    s = LoveLetterState.described(
        LoveLetter(2, edition="2019"), 0, face_up=["Guard", "Guard", "Guard"],
        played=[["Spy", "Guard", "Baron", "Handmaid", "Prince", "King", "Chancellor"],
                ["Spy", "Guard", "Priest", "Baron", "Handmaid", "Prince"]],
        hands=[None, None], deck=2)
    return run(s, "deal Chancellor", "deal Guard", "deal Princess",  # p0, p1, the set-aside card
               "deal Priest", "Chancellor", "deal Countess", "keep Priest under Countess", "deal Countess")


def test_a_card_drawn_from_under_the_deck_is_seen_by_the_drawer_and_by_who_put_it_there():
    s = _bottom_draw()
    draw = {"kind": "draw", "seat": 1, "card": "Countess", "source": "bottom", "placer": 0}
    for seat in (0, 1):
        assert visible_events(s, seat)[-1] == draw
    assert visible_events(s, None)[-1] == dict(draw, card=None)
    assert narrate(visible_events(s, 0), names=["Ana", "Ben"], reader=0)[-1].text == \
        "Ben drew the Countess, which you had put under the deck."


def test_a_set_aside_card_drawn_by_a_prince_target_is_seen_by_the_drawer_only():
    s = start(2, "classic", aside="Countess", faceup=("King", "Baron", "Baron"), hands=["Guard", "Guard"])
    turns(s, "Guard", "Guard", "Guard", "Priest", "Priest", "Handmaid", "Handmaid", "Princess", "Prince",
          ("Prince", "Prince p0"))
    s.apply_action("deal Countess")
    draw = {"kind": "draw", "seat": 0, "card": "Countess", "source": "set-aside", "placer": None}
    assert draw in visible_events(s, 0)
    assert dict(draw, card=None) in visible_events(s, 1) and dict(draw, card=None) in visible_events(s, None)


def test_public_events_of_every_view_are_what_everyone_sees():
    rng = random.Random(3)
    for cfg in CONFIGS:
        game = game_of(cfg)
        end = play(game.new_initial_state(), [RandomBot(rng.randrange(99)) for _ in range(game.num_players)],
                   seed=rng.randrange(99))
        public = visible_events(end, None)
        for events in views(end):
            assert public_events(events) == public
        for p in range(game.num_players):
            assert public_observation(end.observation(p)) == end.observation(None)


# ---------------------------------------------------------------------- twin states
def test_twin_states_give_equal_views_to_the_seats_that_cannot_tell_them_apart():
    """Two rounds that differ only in p1's dealt card and the set-aside card."""
    def round_(p1_card, aside):
        s = start(3, "classic", aside=aside, hands=["Priest", p1_card, "Guard"], draw="Handmaid")
        return run(s, "Handmaid", "deal Baron", "Baron p2")  # p1 duels p2 (p0 protected)
    a, b = round_("Prince", "Princess"), round_("King", "Countess")
    assert a.to_json() != b.to_json()
    # p0 sees neither difference; p1 and p2 see p1's card (the Baron showed it to p2)
    assert a.information_state(0) == b.information_state(0)
    assert a.observation(0) == b.observation(0)
    assert a.observation(None) == b.observation(None)
    for seat in (1, 2):
        assert a.information_state(seat) != b.information_state(seat)
        assert a.observation(seat)["log"] != b.observation(seat)["log"]


# ---------------------------------------------------------------------- the protected event
def test_the_protected_event_reaches_every_view_and_is_narrated():
    s = endgame(edition="classic", to_move=0, face_up=["Guard", "Guard", "Guard"],
                played=[["Guard", "Priest", "Priest", "Baron"], ["Guard", "Baron", "Handmaid", "King", "Handmaid"]],
                hands=["Prince", "Prince"], deck=1, protected=[False, True])
    protected = {"kind": "protected", "seat": 1}
    for seat in (0, 1, None):
        assert protected in s.observation(seat)["log"]
    assert protected in public_observation(s.observation(0))["log"]
    names = ["Ana", "Ben"]
    told = {seat: [ln.text for ln in narrate(s.observation(seat)["log"], names=names, reader=seat)]
            for seat in (0, 1, None)}
    assert "Ben is protected by a Handmaid." in told[0] and "Ben is protected by a Handmaid." in told[None]
    assert "You are protected by a Handmaid." in told[1]
    assert "Ben is protected by a Handmaid." in table_html(s.observation(None), names=names)
    assert "You are protected by a Handmaid." in table_html(s.observation(1), names=names)

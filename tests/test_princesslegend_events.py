"""Princess Legend events (kit.princesslegend.events): the schema, JSON round trips, the one visibility
rule (known answers), and twin states: what a seat cannot tell apart gives it the same observation."""

from __future__ import annotations

import json
import random
from collections import defaultdict

import pytest

from kit.core import KitError, play_at_random
from kit.princesslegend import EVENT_FIELDS, EVENT_KINDS, PrincessLegend, all_events, event_dict, visible_events
from kit.princesslegend.events import check_event, information_string, known_tiles

from protocol_helpers import run


def five():
    """5 players, p0 Prince: p1 Princess, p2 Fairy, p3 Black Queen, p4 Guard, the Servant in the centre."""
    return PrincessLegend(5).dealt_state(["Prince", "Princess", "Fairy", "Black Queen", "Guard"], centre="Servant")


def finished_rounds(count, seed, players=range(3, 9)):
    rng = random.Random(seed)
    players = list(players)
    for i in range(count):
        n = players[i % len(players)]
        s = PrincessLegend(n).new_initial_state(first_player=rng.randrange(n))
        play_at_random(s, rng)
        yield s


# ---------------------------------------------------------------------------------- schema and JSON

def test_every_event_of_random_rounds_round_trips_through_json_and_fits_the_schema():
    seen = defaultdict(set)
    for s in finished_rounds(120, seed=1):
        n = s.game.num_players
        views = [all_events(s), *(visible_events(s, p) for p in [*range(n), None])]
        for events in views:
            assert json.loads(json.dumps(events)) == events
            for e in events:
                check_event(e)
                seen[e["kind"]].add((e.get("question"), e.get("extra"), e.get("character") is None))
        assert [e["kind"] for e in views[0]][:1 + len(s.game.tile_set)] == \
            ["prince"] + ["deal"] * len(s.game.tile_set)
        assert [e["kind"] for e in views[0]][-3:] == ["reveal", "rubies", "show"]  # every tile face up at the end
    assert set(seen) == set(EVENT_KINDS) == set(EVENT_FIELDS)
    asked = {(q, extra) for q, extra, _ in seen["ask"]}
    assert asked == {(q, x) for q in ("where-princess", "who-are-you", "who-is") for x in (False, True)}
    assert {by_place for *_, by_place in seen["answer"]} == {True, False}  # places and characters


def test_event_dict_writes_seats_as_ints_the_centre_as_a_place_and_characters_by_name():
    s = run(five(), "ask p4 who-is centre", "answer Fairy", "ask p2 where-princess", "answer p1")
    events = all_events(s)
    assert events[:2] == [{"kind": "prince", "seat": 0}, {"kind": "deal", "place": 1, "tile": "Princess"}]
    assert events[5] == {"kind": "deal", "place": "centre", "tile": "Servant"}
    assert events[-4:] == [
        {"kind": "ask", "prince": 0, "seat": 4, "question": "who-is", "about": "centre", "extra": False},
        {"kind": "answer", "seat": 4, "place": None, "character": "Fairy"},
        {"kind": "ask", "prince": 0, "seat": 2, "question": "where-princess", "about": None, "extra": False},
        {"kind": "answer", "seat": 2, "place": 1, "character": None}]
    assert event_dict(s, ("rubies", "mask", ())) == {"kind": "rubies", "symbol": "mask", "seats": []}
    assert event_dict(s, ("deal", 5, 6), hide=True) == {"kind": "deal", "place": "centre", "tile": None}


@pytest.mark.parametrize("junk", [None, "deal", {"kind": "king"}, {"kind": "deal", "place": 1},
                                  {"kind": "deal", "tile": "Spy", "place": 1}])
def test_check_event_refuses_what_is_no_event(junk):
    with pytest.raises(KitError):
        check_event(junk)


# ---------------------------------------------------------------------------------- who sees what

def test_the_prince_and_everyone_see_no_dealt_tile_every_other_player_sees_them_all():
    s = run(five(), "ask p1 who-are-you", "answer Princess")
    truth = all_events(s)
    for p in (0, None):
        events = visible_events(s, p)
        assert [e["tile"] for e in events if e["kind"] == "deal"] == [None] * 5
        assert [e for e in events if e["kind"] != "deal"] == [e for e in truth if e["kind"] != "deal"]
        assert [e["place"] for e in events if e["kind"] == "deal"] == [1, 2, 3, 4, "centre"]
    for p in range(1, 5):
        assert visible_events(s, p) == truth  # the centre's tile included
    assert known_tiles(visible_events(s, 0), 5) == (["Prince", None, None, None, None], None)
    assert known_tiles(visible_events(s, 3), 5) == (["Prince", "Princess", "Fairy", "Black Queen", "Guard"],
                                                    "Servant")


def test_everyone_sees_the_reveal_and_who_takes_rubies():
    s = run(five(), "ask p1 who-are-you", "answer Princess", "ask p2 who-are-you", "answer Fairy",
            "ask p3 who-are-you", "answer Princess", "ask p4 who-are-you", "answer Servant", "no-extra-question",
            "reveal p3")
    for p in [*range(5), None]:
        assert visible_events(s, p)[-4:] == [
            {"kind": "noextra", "prince": 0},
            {"kind": "reveal", "prince": 0, "place": 3, "tile": "Black Queen", "symbol": "crown"},
            {"kind": "rubies", "symbol": "crown", "seats": [3, 4]},
            {"kind": "show", "tiles": ["Prince", "Princess", "Fairy", "Black Queen", "Guard"], "centre": "Servant"}]
    obs = s.observation(None)
    assert obs["seat"] is None and obs["role"] is None and obs["log"] == visible_events(s, None)
    # after the round every tile is face up for everyone (the kit's debrief)
    assert obs["tiles"] == ["Prince", "Princess", "Fairy", "Black Queen", "Guard"] and obs["centre"] == "Servant"
    assert obs["result"] == {"scorers": [3, 4], "rubies": [0, 0, 0, 1, 1], "found_princess": False}


def test_views_refuse_a_seat_outside_the_table():
    s = five()
    for bad in (-1, 5, True, "p1", 1.0):
        for fn in (visible_events, information_string):
            with pytest.raises(KitError, match="no seat"):
                fn(s, bad)


@pytest.mark.parametrize("n", range(3, 9))
def test_observation_and_information_state_are_made_from_the_visible_events(n):
    for s in finished_rounds(6, seed=n, players=[n]):
        for p in [*range(n), None]:
            obs = s.observation(p)
            log = visible_events(s, p)
            assert obs["log"] == log
            assert (obs["tiles"], obs["centre"]) == known_tiles(log, n)
            assert s.information_state(p) == information_string(s, p)
            assert len(s.information_state(p).split("|")) == 1 + len(log)


# ---------------------------------------------------------------------------------- twin states

def positions(count, seed, n, prince):
    """States met along seeded random rounds of ``n`` players with a fixed Prince."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        s = PrincessLegend(n).new_initial_state(first_player=prince)
        while not s.is_terminal():
            out.append(s.clone())
            play_at_random(s, rng, max_steps=1)
        out.append(s)
    return out


@pytest.mark.parametrize("n", [3, 4])
def test_twin_states_give_each_seat_equal_observations(n):
    """Two states a seat cannot tell apart (equal information states) look the same to it in every way;
    and two states it can tell apart have different visible events."""
    states = positions(250, seed=n, n=n, prince=1)
    twins_found = 0
    for seat in [*range(n), None]:
        groups = defaultdict(list)
        for s in states:
            groups[s.information_state(seat)].append(s)
        for info, group in groups.items():
            first = group[0].observation(seat)
            for other in group[1:]:
                assert other.observation(seat) == first
                twins_found += other.to_json() != group[0].to_json()
        logs = {json.dumps(group[0].observation(seat)["log"]) for group in groups.values()}
        assert len(logs) == len(groups)  # the information state is exactly the visible events
    assert twins_found > 100  # the Prince and everyone meet many twins: different deals, same view

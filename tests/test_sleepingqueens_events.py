"""Sleeping Queens events (kit.sleepingqueens.events): the schema, JSON round trips, who sees what,
and twin states: two states a seat cannot tell apart give it the same observation."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.core import CHANCE, TERMINAL, KitError, loads, sample_outcome
from kit.sleepingqueens import DECK, SleepingQueens, all_events, event_dict, visible_events
from kit.sleepingqueens.events import EVENT_FIELDS, EVENT_KINDS, HIDDEN, PUBLIC, WHOLE, sight
from kit.sleepingqueens.position import position

from protocol_helpers import random_walk, run

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

CARDS = {str(c) for c in DECK}
QUEENS = {"Heart", "Cat", "Dog", "Pancake", "Ladybug", "Moon", "Peacock", "Sunflower", "Cake", "Rainbow", "Rose",
          "Starfish"}


def random_states(players, seed):
    """Every state of one random game, from the deal to the end."""
    s = SleepingQueens(players).new_initial_state(first_player=seed % players)
    for state, _ in random_walk(s, random.Random(seed)):
        yield state


def well_typed(e, players):
    """Each field of an event has the type the schema promises (None only where hidden or not used)."""
    kind = e["kind"]
    assert tuple(e) == ("kind",) + EVENT_FIELDS[kind]
    seat_fields = {"seat", "target", "attacker", "chooser"}
    for k, v in e.items():
        if k in seat_fields and v is not None:
            assert isinstance(v, int) and 0 <= v < players, e
        if k == "queen" and v is not None:
            assert v in QUEENS, e
        if k == "place" and v is not None:
            assert isinstance(v, int) and 1 <= v <= 12, e
    if kind in ("draw", "flip") and e["card"] is not None:
        assert e["card"] in CARDS
    if kind == "play":
        assert all(c in CARDS for c in e["cards"])
        assert (e["card"] is None) == (e["discard"] is not None)
        if e["discard"] == "equation":
            assert sum(e["left"]) == e["right"] and sorted(map(int, e["cards"])) == e["left"] + [e["right"]]
    if kind == "count":
        assert len(e["counted"]) == e["number"] and e["counted"][0] == e["seat"] and e["counted"][-1] == e["chooser"]


# ====================================================================== schema and JSON
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_event_of_random_games_round_trips_through_json_and_follows_the_schema(players):
    kinds = set()
    for seed in range(25):
        *_, end = random_states(players, seed)
        truth = all_events(end)
        assert end.events() == truth
        for viewer in (*range(players), None):
            for e in visible_events(end, viewer):
                assert json.loads(json.dumps(e)) == e
                well_typed(e, players)
        for e in truth:
            assert json.loads(json.dumps(e)) == e
            well_typed(e, players)
            kinds.add(e["kind"])
        assert truth[-1]["kind"] == "end" and truth[-1]["winners"] == list(end.result().winners)
        assert loads(end.to_json()).events() == truth  # the saved game keeps its events
    # what random play reaches (described positions add holds, has, asleep and pile; see below)
    assert {"draw", "play", "reveal", "wake", "flip", "count", "block", "allow", "steal", "sleep", "end"} <= kinds


def test_described_positions_and_rare_events_follow_the_schema_too():
    rest = [str(c) for c in DECK for _ in range(DECK[c])]
    hands = [["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]]
    for c in [c for h in hands for c in h]:
        rest.remove(c)
    s = position(hands=hands, queens=[["Cat"], []], grid=["empty", "Rose"] + ["unseen"] * 10, discard=rest)
    run(s, "King 7", "reveal Dog")  # back to sleep (Cat and Dog), then a reshuffle to refill
    kinds = [e["kind"] for e in all_events(s)]
    assert kinds == ["holds", "holds", "has", "asleep", "pile", "play", "reveal", "back", "reshuffle"]
    for e in all_events(s) + visible_events(s, 1) + visible_events(s, None):
        assert json.loads(json.dumps(e)) == e
        well_typed(e, 2)


def test_every_kind_has_a_schema_and_a_bad_record_is_refused():
    assert EVENT_KINDS == tuple(EVENT_FIELDS) and set(EVENT_FIELDS) == {"draw", "play", "reveal", "wake", "back", "flip", "count", "block", "allow", "steal",
                           "sleep", "reshuffle", "holds", "has", "asleep", "pile", "end"}
    with pytest.raises(KitError, match="not a Sleeping Queens event record"):
        event_dict(None, ("dance", 0))
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    doc = json.loads(s.to_json())
    doc["state"]["log"].append(["play", 0, "King 1"])  # the old notation-string record
    with pytest.raises(KitError, match="fields"):
        loads(json.dumps(doc))


def test_a_discards_record_tells_its_kind_and_numbers():
    def last_play(hand, action):
        s = position(hands=[hand, ["5", "6", "7", "8", "9"]])
        s.apply_action(action)
        return visible_events(s, 1)[-1]

    eq = last_play(["2", "3", "5", "King", "10"], "discard 2+3=5")
    assert (eq["card"], eq["cards"], eq["discard"], eq["left"], eq["right"]) == (None, ["2", "3", "5"], "equation",
                                                                                 [2, 3], 5)
    pair = last_play(["3", "3", "1", "King", "10"], "discard 3 3")
    assert (pair["cards"], pair["discard"], pair["left"]) == (["3", "3"], "pair", None)
    one = last_play(["3", "3", "1", "King", "10"], "discard King")
    assert (one["card"], one["cards"], one["discard"]) == (None, ["King"], "single")
    king = last_play(["3", "3", "1", "King", "10"], "King 4")
    assert (king["card"], king["place"], king["cards"], king["discard"]) == ("King", 4, ["King"], None)


# ====================================================================== who sees what
def defended(card, answer, against="Knight"):
    """p0 plays ``against`` on p1's Moon; p1 (holding ``card``) answers; p2 watches."""
    defence = {"Knight": "Dragon", "Potion": "Wand"}[against]
    s = position(hands=[[against, "1", "2", "3", "4"], [card, "6", "7", "8", "9"], ["1", "2", "3", "4", "5"]],
                 queens=[[], ["Moon"], []])
    s.apply_action(f"{against} p1 Moon" + (" 1" if against == "Potion" else ""))
    s.apply_action(answer)
    assert card == defence or answer == "allow"
    return s


def views(s):
    return {p: visible_events(s, p) for p in (0, 1, 2, None)}


def test_a_drawn_card_is_seen_by_the_drawer_only():
    s = defended("Dragon", "block")
    s.apply_action("deal King")
    v = views(s)
    assert v[1][-1] == {"kind": "draw", "seat": 1, "card": "King", "reason": "defend"}
    assert v[0][-1] == v[2][-1] == v[None][-1] == {"kind": "draw", "seat": 1, "card": None, "reason": "defend"}
    assert all_events(s)[-1] == v[1][-1]
    rec = s._log[-1]
    assert (sight(s, rec, 1), sight(s, rec, 0), sight(s, rec, None)) == (WHOLE, PUBLIC, PUBLIC)


def test_the_deal_is_seen_card_by_card_by_each_owner_only():
    s = SleepingQueens(2).new_initial_state(first_player=1)
    run(s, *[f"deal {c}" for c in ("1", "2", "3", "4", "5", "King", "7", "7", "8", "9")])
    for seat, cards in ((1, ["1", "2", "3", "4", "5"]), (0, ["King", "7", "7", "8", "9"])):
        mine = [e["card"] for e in visible_events(s, seat) if e["seat"] == seat]
        theirs = [e["card"] for e in visible_events(s, seat) if e["seat"] != seat]
        assert mine == cards and theirs == [None] * 5
    assert {e["reason"] for e in all_events(s)} == {"deal"} and [e["card"] for e in visible_events(s, None)] == \
        [None] * 10


def test_allow_is_seen_by_the_target_only_whether_or_not_it_could_block():
    for card in ("Dragon", "10"):
        s = defended(card, "allow")
        v = views(s)
        allow = {"kind": "allow", "seat": 1, "attacker": 0, "against": "Knight", "queen": "Moon"}
        assert allow in v[1] and allow in all_events(s)
        assert all(e["kind"] != "allow" for p in (0, 2, None) for e in v[p])
        steal = {"kind": "steal", "seat": 0, "target": 1, "queen": "Moon"}
        assert v[0][-1] == v[1][-1] == v[2][-1] == v[None][-1] == steal
        rec = [r for r in s._log if r[0] == "allow"][0]
        assert (sight(s, rec, 1), sight(s, rec, 0), sight(s, rec, 2), sight(s, rec, None)) == (WHOLE, HIDDEN, HIDDEN,
                                                                                              HIDDEN)
    a, b = defended("Dragon", "allow"), defended("10", "allow")
    assert a.information_state(2) == b.information_state(2) and a.information_state(0) == b.information_state(0)


def test_a_described_hand_is_seen_by_its_holder_only():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    v = {p: visible_events(s, p) for p in (0, 1, None)}
    assert v[0][0] == {"kind": "holds", "seat": 0, "cards": ["1", "2", "3", "4", "King"], "count": 5}
    assert v[1][0] == v[None][0] == {"kind": "holds", "seat": 0, "cards": None, "count": 5}
    assert v[1][1]["cards"] == ["5", "6", "7", "8", "9"] and v[0][1]["cards"] is None


@pytest.mark.parametrize("kind", ["play", "reveal", "wake", "back", "flip", "count", "block", "steal", "sleep",
                                  "reshuffle", "has", "asleep", "pile", "end"])
def test_every_other_kind_is_public_every_seat_sees_all_of_it(kind):
    rest = [str(c) for c in DECK for _ in range(DECK[c])]
    for c in ["King", "Jester", "2", "3", "4", "5", "6", "7", "8", "9", "Knight", "1", "1", "4", "5"]:
        rest.remove(c)
    scenes = {
        "play": lambda: run(position(hands=[["King", "Jester", "2", "3", "4"], ["5", "6", "7", "8", "9"],
                                            ["Knight", "1", "1", "4", "5"]]), "King 3"),
        "reveal": lambda: run(position(hands=[["King", "Jester", "2", "3", "4"], ["5", "6", "7", "8", "9"],
                                              ["Knight", "1", "1", "4", "5"]]), "King 3", "reveal Moon"),
        "back": lambda: run(position(hands=[["King", "Jester", "2", "3", "4"], ["5", "6", "7", "8", "9"],
                                            ["Knight", "1", "1", "4", "5"]], queens=[["Dog"], [], []]),
                            "King 3", "reveal Cat"),
        "count": lambda: run(position(hands=[["King", "Jester", "2", "3", "4"], ["5", "6", "7", "8", "9"],
                                             ["Knight", "1", "1", "4", "5"]]), "Jester", "deal 5"),
        "block": lambda: defended("Dragon", "block"),
        "steal": lambda: defended("10", "allow"),
        "sleep": lambda: defended("10", "allow", "Potion"),
        "reshuffle": lambda: run(position(hands=[["King", "Jester", "2", "3", "4"], ["5", "6", "7", "8", "9"],
                                                 ["Knight", "1", "1", "4", "5"]], discard=rest), "discard 2"),
        "has": lambda: position(hands=[["King", "Jester", "2", "3", "4"], ["5", "6", "7", "8", "9"],
                                       ["Knight", "1", "1", "4", "5"]], queens=[["Moon"], [], []]),
        "asleep": lambda: position(hands=[["King", "Jester", "2", "3", "4"], ["5", "6", "7", "8", "9"],
                                          ["Knight", "1", "1", "4", "5"]], grid=["Moon"] + ["unseen"] * 11),
        "pile": lambda: position(hands=[["King", "Jester", "2", "3", "4"], ["5", "6", "7", "8", "9"],
                                        ["Knight", "1", "1", "4", "5"]], discard=["10"]),
        "end": lambda: run(position(hands=[["King", "Jester", "2", "3", "4"], ["5", "6", "7", "8", "9"],
                                           ["Knight", "1", "1", "4", "5"]],
                                    queens=[["Cake", "Rainbow", "Starfish", "Moon"], [], []]), "King 5",
                           "reveal Heart"),
    }
    scenes["wake"] = scenes["reveal"]
    scenes["flip"] = scenes["count"]
    s = scenes[kind]()
    truth = [e for e in all_events(s) if e["kind"] == kind]
    assert truth, kind
    for p in (0, 1, 2, None):
        assert [e for e in visible_events(s, p) if e["kind"] == kind] == truth
    assert all(sight(s, r, p) == WHOLE for r in s._log if r[0] == kind for p in (0, 1, 2, None))


def test_observation_of_nobody_is_what_everyone_sees():
    s = defended("Dragon", "block")
    s.apply_action("deal 10")
    public = s.observation(None)
    assert public["seat"] is None and public["hand"] == [] and public["log"] == visible_events(s, None)
    mine = s.observation(2)
    assert set(public) == set(mine)
    assert {k: v for k, v in public.items() if k not in ("seat", "hand", "log")} == \
        {k: v for k, v in mine.items() if k not in ("seat", "hand", "log")}
    with pytest.raises(KitError, match="no seat"):
        s.observation(3)


# ====================================================================== twins
def twin_walk(players, seed, seat):
    """Two games that ``seat`` (None: a spectator) cannot tell apart: ``seat``'s hand is the same, one
    card of each other hand differs, every card drawn by another seat is chosen separately, and every
    public step is the same in both.  Yields the pairs of states, step after step, while the two games
    have a public step in common."""
    rng = random.Random(seed)
    deck = [str(c) for c in DECK for _ in range(DECK[c])]
    rng.shuffle(deck)
    hands_a = [deck[5 * i:5 * i + 5] for i in range(players)]
    pool = deck[5 * players:]
    hands_b = [h[:] for h in hands_a]
    for other in range(players):
        if other != seat:
            hands_b[other][rng.randrange(5)] = pool.pop(rng.randrange(len(pool)))
    a = position(hands=hands_a, to_move=seed % players)
    b = position(hands=hands_b, to_move=seed % players)
    ra, rb = random.Random(rng.random()), random.Random(rng.random())
    for _ in range(400):
        yield a, b
        pa, pb = a.current_player(), b.current_player()
        assert pa == pb
        if pa == TERMINAL:
            return
        if pa == CHANCE:
            if a.phase == "draw":  # whose card is this? try it on a copy
                probe, seen = a.clone(), len(a.events())
                probe.apply_action(a.chance_outcomes()[0][0])
                drawer = [e for e in probe.events()[seen:] if e["kind"] == "draw"][0]["seat"]
            if a.phase == "draw" and drawer != seat:  # a card the seat does not see: chosen separately
                a.apply_action(sample_outcome(a.chance_outcomes(), ra))
                b.apply_action(sample_outcome(b.chance_outcomes(), rb))
                continue
            both = sorted({str(x) for x, _ in a.chance_outcomes()} & {str(x) for x, _ in b.chance_outcomes()})
        else:
            both = sorted({str(x) for x in a.legal_actions()} & {str(x) for x in b.legal_actions()})
        if not both:
            return
        step = both[rng.randrange(len(both))]
        a.apply_action(step)
        b.apply_action(step)


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), seat=st.integers(-1, 4))
def test_twin_states_equal_information_state_give_equal_observation(players, seed, seat):
    seat = None if seat < 0 else seat % players
    steps = 0
    for a, b in twin_walk(players, seed, seat):
        assert a.information_state(seat) == b.information_state(seat)
        assert a.observation(seat) == b.observation(seat)
        steps += 1
    assert steps > 5


def test_random_states_with_equal_information_states_have_equal_observations():
    # Among all states of many random games, group those a seat cannot tell apart.
    for players in (2, 3):
        groups: dict[tuple[int, str], list] = {}
        for seed in range(30):
            for k, s in enumerate(random_states(players, seed)):
                if k > 12:
                    break
                for p in range(players):
                    groups.setdefault((p, s.information_state(p)), []).append(json.dumps(s.observation(p)))
        twins = [obs for obs in groups.values() if len(obs) > 1]
        assert twins and all(len(set(obs)) == 1 for obs in twins)


def test_information_state_tells_apart_what_the_seat_saw():
    a = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    b = position(hands=[["King", "1", "2", "3", "5"], ["4", "6", "7", "8", "9"]])
    assert a.information_state(0) != b.information_state(0) and a.information_state(1) != b.information_state(1)
    assert a.information_state(None) == b.information_state(None)
    c = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], to_move=1)
    assert a.information_state(None) != c.information_state(None)  # who starts is seen

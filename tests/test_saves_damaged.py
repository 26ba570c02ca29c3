"""Damaged saved games: every loader refuses a save that is not a state its game can reach, or gives one that plays.

For each game, real saves (seeded random play stopped at various points, described positions too) are
damaged in one place each: a number out of range or of the wrong type, a card or Queen id changed, a
list shortened, lengthened, emptied, reordered or with an element duplicated, a key missing or added, a
flag flipped, a word of the history changed, the settings or the format changed; and the text is also
replaced by JSON that is not an object.  Each damaged save must be refused with a
:class:`~kit.core.KitError` (by ``Game.state_from_json`` and by ``kit.core.loads``), or, if accepted,
play to the end with random legal actions without any exception, keeping the game's invariants
(``kit/<game>/invariants.py``).

The census is seeded, so its counts are the same on every run::

    .venv/bin/python tests/test_saves_damaged.py      # prints refused / accepted / crashed per game
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

from kit.core import KitError, loads  # noqa: E402
from kit.loveletter import LoveLetter  # noqa: E402
from kit.loveletter.invariants import check_invariants as ll_invariants  # noqa: E402
from kit.loveletter.position import GALLERY, endgame  # noqa: E402
from kit.princesslegend import PrincessLegend  # noqa: E402
from kit.princesslegend.invariants import check_invariants as pl_invariants  # noqa: E402
from kit.sleepingqueens import SleepingQueens  # noqa: E402
from kit.sleepingqueens.invariants import check_invariants as sq_invariants  # noqa: E402
from kit.sleepingqueens.position import position as sq_position  # noqa: E402

#: Text that is JSON (or not) but no saved state of any game.
NOT_OBJECTS = ["[1]", "1", '"state"', "null", "true", "[]", "{}", "not json", "{", "", "[{\"kit\": 1}]",
               '{"kit": 1}', '{"kit": 1, "game": "loveletter"}', "1e999", "NaN"]


def _random_play(state: Any, rng: random.Random, steps: int) -> Any:
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def loveletter_saves() -> list[Any]:
    """Love Letter rounds of every edition and player count, stopped early, midway and at the end."""
    rng = random.Random(23)
    games = [LoveLetter(2, "classic"), LoveLetter(4, "classic"), LoveLetter(3, "classic", "first-publisher"),
             LoveLetter(2, "2019"), LoveLetter(3, "2019"), LoveLetter(6, "2019")]
    saves = []
    for g in games:
        for stop in (0, 3, 9, 15, 22, 40, 200):
            saves.append(_random_play(g.new_initial_state(rng.randrange(g.num_players)), rng, stop))
    for name in sorted(GALLERY)[:3]:  # described positions, before and after some play
        saves += [endgame(name), _random_play(endgame(name), rng, 5)]
    return saves


def sleepingqueens_saves() -> list[Any]:
    """Sleeping Queens games of 2 to 5 players stopped at the deal, early, midway and at the end."""
    rng = random.Random(23)
    saves = []
    for n in (2, 3, 4, 5):
        g = SleepingQueens(n)
        for stop in (0, 7, 40, 90, 150, 260, 5000):
            saves.append(_random_play(g.new_initial_state(rng.randrange(n)), rng, stop))
    hands = [["King", "Knight", "Potion", "Jester", "2"], ["Dragon", "Wand", "5", "7", "9"]]
    for grid in (None, ["empty", "Rose"] + ["unseen"] * 10):
        s = sq_position(hands=hands, queens=[["Cat"], []], grid=grid, discard=["3", "3"])
        saves += [s, _random_play(sq_position(hands=hands, queens=[["Cat"], []], grid=grid, discard=["3", "3"]),
                                  rng, 12)]
    return saves


def princesslegend_saves() -> list[Any]:
    """Princess Legend rounds of 3 to 8 players stopped during the deal, the questions and at the end."""
    rng = random.Random(23)
    saves = []
    for n in range(3, 9):
        g = PrincessLegend(n)
        for stop in (0, 2, 8, 12, 18, 200):
            saves.append(_random_play(g.new_initial_state(rng.randrange(n)), rng, stop))
    saves.append(_random_play(PrincessLegend(3).dealt_state(["Servant", "Prince", "Princess"], "Black Queen"),
                              rng, 2))
    return saves


GAMES: dict[str, tuple[Callable[[], list[Any]], Callable[[Any], None], list[str]]] = {
    "loveletter": (loveletter_saves, ll_invariants,
                   ["Guard", "Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Princess", "Spy",
                    "Chancellor", "p0", "p1", "p5", "keep", "under", "deal"]),
    "sleepingqueens": (sleepingqueens_saves, sq_invariants,
                       ["King", "Knight", "Potion", "Jester", "Dragon", "Wand", "Cat", "Dog", "Rose", "Moon",
                        "1", "7", "10", "p0", "p1", "p4", "deal", "reveal", "block", "allow", "discard"]),
    "princesslegend": (princesslegend_saves, pl_invariants,
                       ["Princess", "Fairy", "Guard", "Servant", "Prince", "centre", "p0", "p1", "p7", "ask",
                        "answer", "reveal", "where-princess", "who-is", "deal", "to", "question", "over"]),
}


# ---------------------------------------------------------------------------------------------- damage
def _nodes(obj: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _nodes(v, path + (i,))


def _damages(value: Any, words: list[str], rng: random.Random) -> list[tuple[str, Any]]:
    """``(what, new value)`` for one node; ``_DELETE`` removes it."""
    if isinstance(value, bool):
        return [("flip", not value), ("int for bool", int(value) + 1), ("null", None)]
    if isinstance(value, int):
        return [("+1", value + 1), ("-1", value - 1), ("far out", value + 97), ("negative", -7),
                ("as text", str(value)), ("null", None), ("float", value + 0.5), ("bool", True),
                ("huge", 10 ** 30)]
    if isinstance(value, float):
        return [("+1", value + 1), ("as text", str(value)), ("int", int(value) + 2)]
    if isinstance(value, str):
        tokens = value.split(" ")
        i = rng.randrange(len(tokens))
        swapped = " ".join(tokens[:i] + [rng.choice(words)] + tokens[i + 1:])
        return [("word changed", swapped), ("word added", value + " " + rng.choice(words)), ("empty", ""),
                ("word dropped", " ".join(tokens[:i] + tokens[i + 1:])), ("null", None), ("number", 3)]
    if value is None:
        return [("0", 0), ("list", []), ("text", "x"), ("object", {})]
    if isinstance(value, list):
        out: list[tuple[str, Any]] = [("emptied", []), ("null", None), ("object", {}), ("number", 1)]
        if value:
            j = rng.randrange(len(value))
            out += [("shortened", value[:-1]), ("first dropped", value[1:]), ("one dropped", value[:j] + value[j + 1:]),
                    ("duplicated", value[:j + 1] + [copy.deepcopy(value[j])] + value[j + 1:]),
                    ("reversed", value[::-1]), ("lengthened", value + [copy.deepcopy(value[-1])])]
        if len(value) > 1:
            a, b = rng.sample(range(len(value)), 2)
            swapped_list = list(value)
            swapped_list[a], swapped_list[b] = swapped_list[b], swapped_list[a]
            out.append(("swapped", swapped_list))
        return out
    if isinstance(value, dict):
        out = [("extra key", dict(value, extra=1)), ("list", [])]
        out += [(f"key {k!r} missing", {x: y for x, y in value.items() if x != k}) for k in value]
        return out
    return []


def _set(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return doc


def damaged_saves(state: Any, words: list[str], rng: random.Random, count: int) -> list[tuple[str, str]]:
    """``count`` damaged copies of ``state.to_json()`` as ``(what was done, text)``: one field each."""
    doc = json.loads(state.to_json())
    by_field: dict[str, list[tuple[tuple, Any]]] = {}
    for path, value in _nodes(doc):
        if path:
            key = path[1] if path[0] == "state" and len(path) > 1 else path[0]
            by_field.setdefault(str(key), []).append((path, value))
    fields = sorted(by_field)
    out = []
    settings_damage = [dict(doc["settings"], players=doc["settings"]["players"] + 1),
                       dict(doc["settings"], players=str(doc["settings"]["players"])),
                       dict(doc["settings"], extra=1), {}, []]
    if "edition" in doc["settings"]:
        settings_damage.append(dict(doc["settings"], edition="2019" if doc["settings"]["edition"] == "classic"
                                    else "classic"))
    for bad in settings_damage:
        out.append(("settings", json.dumps(dict(doc, settings=bad))))
    while len(out) < count:
        path, value = rng.choice(by_field[rng.choice(fields)])  # every field as often, whatever its size
        what, new = rng.choice(_damages(value, words, rng))
        new_doc = _set(copy.deepcopy(doc), path, new)
        if new_doc != doc or json.dumps(new_doc) != json.dumps(doc):
            out.append((f"{'.'.join(map(str, path))}: {what}", json.dumps(new_doc)))
    return out


# ---------------------------------------------------------------------------------------------- outcome
def play_out(state: Any, invariants: Callable[[Any], None], rng: random.Random, limit: int = 3000) -> None:
    """Play ``state`` to its end with random legal actions, checking the invariants at every step."""
    invariants(state)
    for _ in range(limit):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        assert legal, f"no legal action in a state that is not over ({state.current_player()})"
        state.apply_action(rng.choice(legal))
        invariants(state)
        state.observation(None)
    assert state.is_terminal(), f"not over after {limit} actions"


def outcome(game: Any, text: str, invariants: Callable[[Any], None], rng: random.Random) -> tuple[str, str]:
    """``("refused" | "accepted" | "crashed", detail)`` of loading ``text`` with ``game.state_from_json``.

    ``kit.core.loads`` must refuse it too, or load it (as a game of the saved settings, which may be
    other settings) into a state that plays.
    """
    results = []
    for load in (game.state_from_json, loads):
        try:
            state = load(text)
        except KitError as exc:
            results.append(("refused", str(exc)))
            continue
        except Exception as exc:  # noqa: BLE001 - the census counts every kind of failure
            return "crashed", f"{load.__name__}: {type(exc).__name__}: {exc}"
        try:
            play_out(state, invariants, rng)
        except Exception as exc:  # noqa: BLE001
            return "crashed", f"in play: {type(exc).__name__}: {exc}"
        results.append(("accepted", ""))
    return results[0]


def census(name: str, per_save: int = 40, seed: int = 0) -> tuple[Counter, list[tuple[str, str]]]:
    """Counts of refused / accepted / crashed damaged saves of one game, and the crashes (what, why)."""
    make_saves, invariants, words = GAMES[name]
    rng = random.Random(seed)
    counts: Counter = Counter()
    crashes: list[tuple[str, str]] = []
    saves = make_saves()
    game_of = {type(s.game): s.game for s in saves}
    for text in NOT_OBJECTS:
        for game in game_of.values():
            result, why = outcome(game, text, invariants, rng)
            counts[result] += 1
            if result == "crashed":
                crashes.append((f"text {text!r}", why))
    for state in saves:
        for what, text in damaged_saves(state, words, rng, per_save):
            result, why = outcome(state.game, text, invariants, rng)
            counts[result] += 1
            if result == "crashed":
                crashes.append((what, why))
    return counts, crashes


# ---------------------------------------------------------------------------------------------- tests
@pytest.mark.parametrize("name", list(GAMES))
def test_every_damaged_save_is_refused_or_plays(name):
    counts, crashes = census(name, per_save=20)
    print(f"{name}: {dict(counts)}")
    assert sum(counts.values()) >= 500
    assert not crashes, crashes[:10]
    assert counts["refused"] > 0.95 * sum(counts.values())


@pytest.mark.parametrize("name", list(GAMES))
def test_every_undamaged_save_loads_and_plays(name):
    make_saves, invariants, _ = GAMES[name]
    rng = random.Random(5)
    for state in make_saves():
        text = state.to_json()
        again = state.game.state_from_json(text)
        assert again.to_json() == text and loads(text).to_json() == text
        play_out(again, invariants, rng)


_SAVES = {name: make() for name, (make, _, _) in GAMES.items()}


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(GAMES)), pick=st.integers(0, 10 ** 6), seed=st.integers(0, 10 ** 6))
def test_hypothesis_damage_is_refused_or_plays(name, pick, seed):
    saves = _SAVES[name]
    state = saves[pick % len(saves)]
    rng = random.Random(seed)
    what, text = damaged_saves(state, GAMES[name][2], rng, 7)[-1]
    result, why = outcome(state.game, text, GAMES[name][1], rng)
    assert result != "crashed", (what, why)



# ---------------------------------------------------------------------------------------------- known answers
def _doc(state: Any) -> dict[str, Any]:
    return json.loads(state.to_json())


def _refused(game: Any, doc: Any, match: str) -> None:
    """``doc`` (a dict or text) is refused by the game's loader and by ``loads``, the message matching ``match``."""
    text = doc if isinstance(doc, str) else json.dumps(doc)
    with pytest.raises(KitError, match=match):
        game.state_from_json(text)
    with pytest.raises(KitError):
        loads(text)


def _classic_round() -> Any:
    s = LoveLetter(2, "classic").new_initial_state()
    for a in ["deal Princess", "deal Guard", "deal Guard", "deal Guard", "deal King", "deal Baron", "deal Priest",
              "Priest p1", "deal Handmaid"]:
        s.apply_action(a)
    return s


def _sq_game() -> Any:
    s = sq_position(hands=[["King", "Knight", "Potion", "Jester", "2"], ["Dragon", "Wand", "5", "7", "9"]],
                    queens=[["Cat"], ["Moon"]], grid=["empty", "empty", "Rose"] + ["unseen"] * 9, discard=["3"])
    for a in ["King 4", "reveal Dog"]:
        s.apply_action(a)
    return s


@pytest.mark.parametrize("game", [LoveLetter(2), SleepingQueens(2), PrincessLegend(5)], ids=lambda g: g.name)
@pytest.mark.parametrize("text", NOT_OBJECTS)
def test_text_that_is_no_saved_object_is_refused_with_a_kit_error(game, text):
    """The issue's ``state_from_json('[1]')`` (an AttributeError in two games) and its kin."""
    with pytest.raises(KitError, match="not a saved"):
        game.state_from_json(text)


@pytest.mark.parametrize("game", [LoveLetter(2), SleepingQueens(2), PrincessLegend(5)], ids=lambda g: g.name)
def test_the_envelope_is_checked_key_by_key(game):
    doc = _doc(game.new_initial_state())
    _refused(game, dict(doc, kit=2), r"kit is 2; allowed: 1")
    _refused(game, dict(doc, kit=True), r"kit is true")
    _refused(game, dict(doc, game="chess"), r'game is "chess"')
    _refused(game, {k: v for k, v in doc.items() if k != "state"}, r'has no "state"')
    _refused(game, dict(doc, comment="mine"), r'has the key "comment", which no save has')
    _refused(game, dict(doc, state=[]), r"state is \[\]; allowed: a JSON object")
    with pytest.raises(KitError, match="not for this game"):
        game.state_from_json(dict(doc, settings=dict(doc["settings"], players=3)))
    state = dict(doc["state"])
    first = sorted(state)[0]
    del state[first]
    _refused(game, dict(doc, state=state), f'state has no "{first}"')
    _refused(game, dict(doc, state=dict(doc["state"], bonus=1)), r'state has the key "bonus"')


@pytest.mark.parametrize("settings", [{"players": 2, "edition": "classic", "variant": None, "speed": 3},
                                      {"players": "two"}, [], "classic"])
def test_loads_refuses_settings_the_game_does_not_take(settings):
    doc = dict(_doc(LoveLetter(2, "classic").new_initial_state()), settings=settings)
    with pytest.raises(KitError):
        loads(json.dumps(doc))


def test_loveletter_fields_out_of_range_or_of_the_wrong_type_are_named():
    s = _classic_round()
    g, doc = s.game, _doc(s)

    def damaged(field: str, value: Any) -> dict:
        return dict(doc, state=dict(doc["state"], **{field: value}))

    _refused(g, damaged("cur", 2), r"state.cur is 2; allowed: a seat \(an int from 0 to 1\)")
    _refused(g, damaged("phase", 7), r"state.phase is 7; allowed: a phase: 0 deal")
    _refused(g, damaged("alive", [True, 1]), r"state.alive\[1\] is 1; allowed: true or false")
    _refused(g, damaged("hands", [[6, 4]]), r"state.hands has 1 items; allowed: 2 of hands")
    _refused(g, damaged("hands", [[6, 4], [0]]), r"state.hands\[1\]\[0\] is 0; allowed: one of 1, 2")
    _refused(g, damaged("history", doc["state"]["history"] + [7]), r"state.history\[9\] is 7; allowed: an action")
    _refused(g, damaged("result", ["p0", "won", None]), r"state.result has 3 items|state.result\[0\]")
    _refused(g, damaged("log", doc["state"]["log"] + [["dance", 0]]), r'state.log\[\d+\]\[0\] is "dance"')


def test_loveletter_the_cards_must_be_the_deck():
    s = _classic_round()
    doc = _doc(s)
    hands = doc["state"]["hands"]
    doc["state"]["hands"] = [hands[0], [8]]  # a second Princess, a Baron gone
    _refused(s.game, doc, r"the cards are not the classic deck: .*2 Princess")


def test_loveletter_every_field_must_be_what_its_history_gives():
    s = _classic_round()
    g, doc = s.game, _doc(s)
    swapped = copy.deepcopy(doc)
    swapped["state"]["hands"] = doc["state"]["hands"][::-1]  # the same cards, in the other hands
    _refused(g, swapped, r"state.hands\[0\]\[0\] is \d, not consistent with its history, which gives")
    protected = copy.deepcopy(doc)
    protected["state"]["protected"] = [False, True]
    _refused(g, protected, r"state.protected\[1\] is true, not consistent with its history, which gives false")
    log = copy.deepcopy(doc)
    del log["state"]["log"][7]  # the Priest's peek forgotten
    _refused(g, log, r"state.log\[7\]")
    history = copy.deepcopy(doc)
    history["state"]["history"][7] = "Guard p1 Baron"  # p0 holds no Guard
    _refused(g, history, r"state.history\[7\] is \"Guard p1 Baron\", which cannot be played there: .*does not hold")
    shorter = copy.deepcopy(doc)
    shorter["state"]["history"].pop()
    _refused(g, shorter, r"state\.\w+")


def test_loveletter_a_described_position_loads_and_its_opening_is_checked():
    s = _random_play(endgame("princess-hunt"), random.Random(3), 4)
    text = s.to_json()
    assert s.game.state_from_json(text).to_json() == text
    doc = _doc(s)
    doc["state"]["log"][0][1] = 8  # a face-up Princess: then the description does not add up
    _refused(s.game, doc, r"state.log|state\.\w+")


def test_a_round_played_without_its_record_is_refused_as_it_has_no_history():
    """The decision (kit/loveletter/saves.py): a save must hold the history that reaches it."""
    from kit.loveletter.fast import simulate  # noqa: F401 - the fast path's states keep no record
    from kit.loveletter.state import LoveLetterState

    s = LoveLetterState(LoveLetter(2, "classic"), 0, record=False)
    _random_play(s, random.Random(1), 9)
    _refused(s.game, s.to_json(), r"not consistent with its history")


def test_sleepingqueens_fields_out_of_range_or_of_the_wrong_type_are_named():
    s = _sq_game()
    g, doc = s.game, _doc(s)

    def damaged(field: str, value: Any) -> dict:
        return dict(doc, state=dict(doc["state"], **{field: value}))

    grid = list(doc["state"]["grid"])
    grid[5] = 12
    _refused(g, damaged("grid", grid), r"state.grid\[5\] is 12; allowed: one of -2, -1, 0")
    _refused(g, damaged("grid", grid[:11]), r"state.grid has 11 items; allowed: 12 of places")
    _refused(g, damaged("actor", -1), r"state.actor is -1; allowed: a seat")
    _refused(g, damaged("hands", [[11, 1, 2, 3, 4, 5], [1]]), r"state.hands\[0\] has 6 items; allowed: 0 to 5")
    _refused(g, damaged("hands", [[17], [1]]), r"state.hands\[0\]\[0\] is 17; allowed: a card")
    _refused(g, damaged("returns", [0, 0]), r"state.returns\[0\] is 0; allowed: 0.0 or 1.0")
    _refused(g, damaged("draws", [[0, 1, "gift"]]), r'state.draws\[0\]\[2\] is "gift"; allowed: one of "deal"')
    _refused(g, damaged("log", doc["state"]["log"] + [["play", 0, "King 1"]]), r'a "play" record has the fields')


def test_sleepingqueens_the_cards_and_the_queens_are_each_in_one_place():
    s = _sq_game()
    doc = _doc(s)
    doc["state"]["discard"] = doc["state"]["discard"] + [11]
    _refused(s.game, doc, r"the cards of the draw pile, the hands and the discard pile are not the deck: 9 King")
    doc = _doc(s)
    doc["state"]["unseen"] = doc["state"]["unseen"][:-1] + [doc["state"]["awake"][1][0]]
    _refused(s.game, doc, r"the Queens .* are not the 12 Queens once each: twice \[\d+\], missing \[\d+\]")


def test_sleepingqueens_a_place_a_pending_wake_and_the_turn_must_be_what_the_history_gives():
    s = _sq_game()
    g, doc = s.game, _doc(s)
    for field, value, match in [("cur", 1, r"state.cur is 1, not consistent"),
                                ("phase", 0, r"state.phase is 0, not consistent"),
                                ("pending", [], r"state.pending"),
                                ("pool_n", doc["state"]["pool_n"] - 1, r"state.pool_n")]:
        _refused(g, dict(doc, state=dict(doc["state"], **{field: value})), match)
    grid = list(doc["state"]["grid"])
    dog = grid[3]  # the Dog, back to sleep in place 4 where the King woke her (her owner holds the Cat)
    grid[3] = -1  # unseen again, though the log shows her: refused, though the pieces add up
    unseen = doc["state"]["unseen"] + [dog]
    _refused(g, dict(doc, state=dict(doc["state"], grid=grid, unseen=unseen)),
             r"state.grid\[3\] is -1, not consistent with its history, which gives \d+")
    grid = list(doc["state"]["grid"])
    grid[0], grid[-1] = -1, -2  # places no record names: the log of a described game does not say which were
    again = g.state_from_json(json.dumps(dict(doc, state=dict(doc["state"], grid=grid))))  # empty: another game
    assert again.grid()[0] == "unseen" and again.grid()[-1] == "empty"  # described so, it plays
    play_out(again, sq_invariants, random.Random(2))


def test_sleepingqueens_a_described_game_loads_with_its_grid_read_from_its_log():
    s = _sq_game()
    for _ in range(30):  # on through potions, wakes and draws
        if s.is_terminal():
            break
        s.apply_action(random.Random(len(s.history())).choice(s.legal_actions()))
        text = s.to_json()
        assert s.game.state_from_json(text).to_json() == text


def test_princesslegend_fields_are_named():
    s = PrincessLegend(3).dealt_state(["Servant", "Prince", "Princess"], "Black Queen")
    s.apply_action("ask p0 who-are-you")
    g, doc = s.game, _doc(s)

    def damaged(field: str, value: Any) -> dict:
        return dict(doc, state=dict(doc["state"], **{field: value}))

    _refused(g, damaged("prince", 3), r"state.prince is 3; allowed: a seat")
    _refused(g, damaged("phase", "lunch"), r'state.phase is "lunch"; allowed: one of "deal"')
    _refused(g, damaged("tiles", ["Servant", "Prince", "Dragon"]), r'state.tiles\[2\] is "Dragon"; allowed: one of')
    _refused(g, damaged("returns", [0, 2, 0]), r"state.returns\[1\] is 2; allowed: rubies")
    _refused(g, damaged("questions", [["ask p0 who-are-you", None, 0]]), r"state.questions\[0\]\[2\] is 0")
    _refused(g, damaged("tiles", ["Princess", "Prince", "Servant"]), r"state.tiles\[0\] is \"Princess\", not consistent")
    _refused(g, damaged("history", doc["state"]["history"] + ["answer Fairy"]), r"state.history\[4\] is \"answer Fairy\"")


# ---------------------------------------------------------------------------------------------- bad input elsewhere
_ACTIONS = [None, 1, 1.5, True, [], {}, ("Guard",), b"Guard", "", " ", "\x00", "Guard" * 1000, "9" * 5000, "p" + "9" * 5000,
            "Guard p" + "1" * 5000 + " Priest", "deal " + "9" * 5000, "King " + "9" * 5000, "ask p" + "9" * 5000 + " who-is centre",
            "Guard p1 Guard", "Guard p99 Priest", "keep Guard under Priest Baron Baron", "discard 2+3=6", "wake 0",
            "answer p99", "reveal p-1", "deal Guard to p99", "Potion p1 Cat 0", float("nan"), 10 ** 100]


@pytest.mark.parametrize("game", [LoveLetter(2, "classic"), LoveLetter(6), SleepingQueens(3), PrincessLegend(4)],
                         ids=repr)
def test_garbage_actions_are_refused_with_a_kit_error_and_change_nothing(game):
    rng = random.Random(11)
    for text in _ACTIONS:
        if isinstance(text, str):
            try:
                game.parse_action(text)
            except KitError:
                pass
    s = game.new_initial_state()
    for _ in range(60):
        if s.is_terminal():
            break
        before = s.to_json()
        for action in _ACTIONS:
            try:
                s.apply_action(action)
            except KitError:
                assert s.to_json() == before
            else:
                raise AssertionError(f"{action!r} was played at {before}")
        for seat in (-1, game.num_players, "0", 0.5, [], "p1"):
            with pytest.raises(KitError):
                s.information_state(seat)
            with pytest.raises(KitError):
                s.observation(seat)
        s.apply_action(rng.choice(s.legal_actions()))


_BAD_ARGS = [None, 1.5, "x", [None, None], [[None]] * 2, {}, [1, 2, 3], 10 ** 100, "9" * 5000, [object()] * 2]
#: Values of _BAD_ARGS an argument takes (a default, a seat, cards given by their numbers).
_GOOD = {"to_move": [1], "hands": [[None, None]], "protected": [None], "queens": [None], "grid": [None],
         "discard": [[1, 2, 3]], "centre": []}


@pytest.mark.parametrize("arg", ["to_move", "face_up", "played", "hands", "deck", "protected", "edition"])
def test_loveletter_described_positions_refuse_bad_arguments_with_a_kit_error(arg):
    from kit.loveletter.state import LoveLetterState

    base = dict(edition="classic", to_move=0, face_up=["Guard", "Priest", "Handmaid"],
                played=[["Guard", "Baron", "Handmaid", "King"], ["Guard", "Priest", "Baron", "Guard"]],
                hands=[None, None], deck=2)
    for bad in [b for b in _BAD_ARGS if b not in _GOOD.get(arg, [])]:
        with pytest.raises(KitError):
            endgame(**dict(base, **{arg: bad}))
        if arg != "edition":
            kw = dict(base, **{arg: bad})
            del kw["edition"]
            with pytest.raises(KitError):
                LoveLetterState.described(LoveLetter(2, "classic"), kw.pop("to_move"), **kw)
    for bad in [[], {}, None, 3]:
        with pytest.raises(KitError, match="no gallery position"):
            endgame(bad) if bad is not None else describe_gallery(bad)


def describe_gallery(name: Any) -> str:
    from kit.loveletter.position import describe

    return describe(name)


@pytest.mark.parametrize("arg", ["hands", "queens", "grid", "discard", "to_move"])
def test_sleepingqueens_positions_refuse_bad_arguments_with_a_kit_error(arg):
    base = dict(hands=[["King", "Knight", "Potion", "Jester", "2"], ["Dragon", "Wand", "5", "7", "9"]],
                queens=[["Cat"], []], discard=["3"], to_move=0)
    for bad in [b for b in _BAD_ARGS if b not in _GOOD.get(arg, [])]:
        with pytest.raises(KitError):
            sq_position(**dict(base, **{arg: bad}))


@pytest.mark.parametrize("arg", ["tiles", "centre", "actions"])
def test_princesslegend_positions_refuse_bad_arguments_with_a_kit_error(arg):
    from kit.princesslegend.position import dealt_state, position

    base = dict(tiles=["Servant", "Prince", "Princess"], centre="Black Queen", actions=["ask p0 who-are-you"])
    for bad in [b for b in _BAD_ARGS if b not in _GOOD.get(arg, [])]:
        with pytest.raises(KitError):
            position(**dict(base, **{arg: bad}))
        if arg != "actions":
            with pytest.raises(KitError):
                dealt_state(PrincessLegend(3), **{k: v for k, v in dict(base, **{arg: bad}).items() if k != "actions"})


if __name__ == "__main__":
    for game_name in GAMES:
        c, bad = census(game_name)
        kinds = Counter(why.split(":")[0] if not why.startswith("in play") else ":".join(why.split(":")[:2])
                        for _, why in bad)
        print(f"{game_name}: refused {c['refused']}, accepted {c['accepted']} (played cleanly), "
              f"crashed {c['crashed']} {dict(kinds)}")

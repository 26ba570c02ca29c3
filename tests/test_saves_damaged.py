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


if __name__ == "__main__":
    for game_name in GAMES:
        c, bad = census(game_name)
        kinds = Counter(why.split(":")[0] if not why.startswith("in play") else ":".join(why.split(":")[:2])
                        for _, why in bad)
        print(f"{game_name}: refused {c['refused']}, accepted {c['accepted']} (played cleanly), "
              f"crashed {c['crashed']} {dict(kinds)}")

"""How many cards each seat holds: the engine says it (``state.hand_sizes()``, ``observation["hand_sizes"]``),
the table draws it; a seat's view holds every seat's hand size (public) and only its own cards.

docs/rules/loveletter.md#a-turn (draw, then play one of two cards), #chancellor (three cards for a moment),
#out-of-the-round (an empty hand).
"""

from __future__ import annotations

import random
from typing import Any

from kit.loveletter import LoveLetter
from kit.render.loveletter import public_observation, table_html

NAMES = ["Ana", "Ben", "Cleo", "Dan"]


def scripted(players: int, edition: str, steps: list[str]) -> Any:
    s = LoveLetter(players, edition=edition).new_initial_state()
    for d in steps:
        s.apply_action(d[1:] if d.startswith("!") else (d if " " in d else f"deal {d}"))
    return s


def backs(html: str, seat: int) -> int:
    """The face-down cards drawn in ``seat``'s hand."""
    return html.count(f'aria-label="{NAMES[seat]}\u2019s hidden card"')


def test_the_player_to_move_holds_two_cards_and_the_others_one() -> None:
    s = scripted(3, "2019", ["Spy", "Guard", "Priest", "Baron", "King"])
    assert s.hand_sizes() == [2, 1, 1]
    assert all(s.observation(seat)["hand_sizes"] == [2, 1, 1] for seat in (0, 1, 2, None))


def test_the_chancellor_holds_three_cards_until_the_keep() -> None:
    s = scripted(2, "2019", ["Spy", "Guard", "Guard", "Guard", "Priest", "Chancellor", "Handmaid",
                             "!Handmaid", "Baron", "!Chancellor", "Prince", "King"])
    assert s.phase == "chancellor-keep" and s.current_player() == 1
    assert s.hand_sizes() == [1, 3]
    assert s.observation(0)["hand_sizes"] == [1, 3] and s.observation(0)["hand"] == ["Priest"]


def test_a_player_out_of_the_round_holds_no_card() -> None:
    s = scripted(2, "classic", ["Princess", "Guard", "Guard", "Guard", "Priest", "Baron", "Guard", "!Guard p1 Baron"])
    assert s.alive() == [True, False] and s.hand_sizes() == [1, 0]


def test_hand_sizes_are_public_and_a_seat_sees_only_its_own_cards() -> None:
    rng = random.Random(7)
    for players, edition in [(2, "classic"), (4, "classic"), (3, "2019"), (6, "2019")]:
        s = LoveLetter(players, edition=edition).new_initial_state()
        while not s.is_terminal():
            sizes = [len(s.hand(seat)) for seat in range(players)]
            for seat in range(players):
                obs = s.observation(seat)
                assert obs["hand_sizes"] == sizes
                assert obs["hand"] == [str(c) for c in s.hand(seat)]
            assert s.observation(None)["hand_sizes"] == sizes and s.observation(None)["hand"] == []
            s.apply_action(rng.choice(s.legal_actions()))


def test_the_table_draws_as_many_face_down_cards_as_the_engine_says_not_what_the_log_replays() -> None:
    s = scripted(2, "2019", ["Spy", "Guard", "Guard", "Guard", "Priest", "Chancellor", "Handmaid",
                             "!Handmaid", "Baron", "!Chancellor", "Prince", "King"])
    obs = s.observation(0)
    names = NAMES[:2]
    assert backs(table_html(obs, names=names), 1) == 3
    obs["log"] = []  # the log is not read for hand sizes: a table of a round without its events draws the same
    assert backs(table_html(obs, names=names), 1) == 3
    spectator = table_html(public_observation(s.observation(1)), names=names)
    assert backs(spectator, 0) == 1 and backs(spectator, 1) == 3

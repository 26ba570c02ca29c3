"""Sleeping Queens narration (kit.render.narration.sleepingqueens): a known sentence for every event kind,
read by the actor, by another seat and by a spectator; whole logs; the table's log."""

from __future__ import annotations

import re

import pytest

from kit.core import play
from kit.render.narration import Line
from kit.render.narration import narrate as narrate_game
from kit.render.narration.sleepingqueens import NARRATORS, narrate, narrate_event
from kit.render.sleepingqueens import table_html
from kit.sleepingqueens import BOTS, SleepingQueens, all_events, visible_events
from kit.sleepingqueens.events import EVENT_FIELDS
from kit.sleepingqueens.position import position

from protocol_helpers import run

NAMES = ["Ana", "Ben", "Cleo"]


def play_event(**fields):
    e = {"kind": "play", "seat": 0, "card": None, "target": None, "queen": None, "place": None, "cards": [],
         "discard": None, "left": None, "right": None}
    e.update(fields)
    return e


# (event, {reader: sentence}); reader None is a spectator. Seat 0 is Ana, 1 Ben, 2 Cleo.
KNOWN = [
    ({"kind": "draw", "seat": 1, "card": "King", "reason": "refill"},
     {1: "You draw a King.", None: "Ben draws a King."}),  # None here: a teacher reading every event
    ({"kind": "draw", "seat": 1, "card": None, "reason": "refill"}, {0: None, None: None}),
    ({"kind": "draw", "seat": 1, "card": None, "reason": "defend"},
     {0: "Ben draws a card.", None: "Ben draws a card."}),
    ({"kind": "draw", "seat": 1, "card": "8", "reason": "deal"}, {1: "You get an 8."}),
    ({"kind": "draw", "seat": 1, "card": None, "reason": "deal"}, {0: "Ben gets a card."}),
    (play_event(card="King", place=7, cards=["King"]),
     {0: "You play a King and pick place 7.", 1: "Ana plays a King and picks place 7.",
      None: "Ana plays a King and picks place 7."}),
    (play_event(card="Knight", target=1, queen="Cat", cards=["Knight"]),
     {0: "You play a Knight on Ben's Cat Queen.", 1: "Ana plays a Knight on your Cat Queen.",
      2: "Ana plays a Knight on Ben's Cat Queen.", None: "Ana plays a Knight on Ben's Cat Queen."}),
    (play_event(card="Potion", target=1, queen="Moon", cards=["Potion"]),
     {0: "You play a Sleeping Potion on Ben's Moon Queen.", 1: "Ana plays a Sleeping Potion on your Moon Queen.",
      None: "Ana plays a Sleeping Potion on Ben's Moon Queen."}),
    (play_event(card="Jester", cards=["Jester"]), {0: "You play a Jester.", 1: "Ana plays a Jester.",
                                                   None: "Ana plays a Jester."}),
    (play_event(cards=["2", "3", "5"], discard="equation", left=[2, 3], right=5),
     {0: "You discard 2 + 3 = 5.", 1: "Ana discards 2 + 3 = 5 and draws 3 cards.",
      None: "Ana discards 2 + 3 = 5 and draws 3 cards."}),
    (play_event(cards=["3", "3"], discard="pair"),
     {0: "You discard a pair of 3s.", 1: "Ana discards a pair of 3s and draws 2 cards."}),
    (play_event(cards=["8"], discard="single"),
     {0: "You discard an 8.", None: "Ana discards an 8 and draws a card."}),
    (play_event(cards=["Wand"], discard="single"), {1: "Ana discards a Magic Wand and draws a card."}),
    ({"kind": "reveal", "seat": 0, "place": 7, "queen": "Heart"},
     {0: "The Queen in place 7 is the Heart Queen!", None: "The Queen in place 7 is the Heart Queen!"}),
    ({"kind": "wake", "seat": 0, "queen": "Heart", "place": 7, "by": "king", "bonus": False},
     {0: "You wake the Heart Queen.", 1: "Ana wakes the Heart Queen.", None: "Ana wakes the Heart Queen."}),
    ({"kind": "wake", "seat": 0, "queen": "Rose", "place": 1, "by": "king", "bonus": True},
     {0: "You wake the Rose Queen. Now you must wake one more Queen!",
      1: "Ana wakes the Rose Queen. Now Ana must wake one more Queen!",
      None: "Ana wakes the Rose Queen. Now Ana must wake one more Queen!"}),
    ({"kind": "back", "seat": 0, "queen": "Cat", "place": 5, "rival": "Dog", "by": "king"},
     {0: "You already have the Dog Queen, so the Cat Queen goes back to sleep.",
      1: "Ana already has the Dog Queen, so the Cat Queen goes back to sleep.",
      None: "Ana already has the Dog Queen, so the Cat Queen goes back to sleep."}),
    ({"kind": "flip", "seat": 0, "card": "Knight", "power": True},
     {0: "Your Jester turns over a Knight. You keep it and play again!",
      1: "Ana's Jester turns over a Knight. Ana keeps it and plays again!",
      None: "Ana's Jester turns over a Knight. Ana keeps it and plays again!"}),
    ({"kind": "flip", "seat": 0, "card": "6", "power": False}, {0: None, 1: None, None: None}),  # the count tells it
    ({"kind": "count", "seat": 0, "number": 6, "counted": [0, 1, 2, 0, 1, 2], "chooser": 2},
     {0: "Your Jester turns over a 6: 1 you, 2 Ben, 3 Cleo, 4 you, 5 Ben, 6 Cleo: Cleo wakes a Queen.",
      2: "Ana's Jester turns over a 6: 1 Ana, 2 Ben, 3 you, 4 Ana, 5 Ben, 6 you: you wake a Queen.",
      1: "Ana's Jester turns over a 6: 1 Ana, 2 you, 3 Cleo, 4 Ana, 5 you, 6 Cleo: Cleo wakes a Queen.",
      None: "Ana's Jester turns over a 6: 1 Ana, 2 Ben, 3 Cleo, 4 Ana, 5 Ben, 6 Cleo: Cleo wakes a Queen."}),
    ({"kind": "count", "seat": 0, "number": 4, "counted": [0, 1, 2, 0], "chooser": 0},
     {0: "Your Jester turns over a 4: 1 you, 2 Ben, 3 Cleo, 4 you: you wake a Queen."}),
    ({"kind": "block", "seat": 1, "card": "Dragon", "attacker": 0, "against": "Knight", "queen": "Cat"},
     {1: "You block the Knight with a Dragon!", 0: "Ben blocks the Knight with a Dragon!",
      None: "Ben blocks the Knight with a Dragon!"}),
    ({"kind": "block", "seat": 1, "card": "Wand", "attacker": 0, "against": "Potion", "queen": "Cat"},
     {1: "You block the Sleeping Potion with a Magic Wand!", 2: "Ben blocks the Sleeping Potion with a Magic Wand!",
      None: "Ben blocks the Sleeping Potion with a Magic Wand!"}),
    ({"kind": "allow", "seat": 1, "attacker": 0, "against": "Knight", "queen": "Cat"},
     {1: "You do not block the Knight.", None: "Ben does not block the Knight."}),  # None: a teacher
    ({"kind": "allow", "seat": 1, "attacker": 0, "against": "Potion", "queen": "Cat"},
     {1: "You do not block the Sleeping Potion."}),
    ({"kind": "steal", "seat": 1, "target": 0, "queen": "Cat"},
     {0: "Ben's Knight takes your Cat Queen.", 1: "Your Knight takes Ana's Cat Queen.",
      2: "Ben's Knight takes Ana's Cat Queen.", None: "Ben's Knight takes Ana's Cat Queen."}),
    ({"kind": "sleep", "seat": 0, "target": 1, "queen": "Moon", "place": 2},
     {0: "Your Sleeping Potion puts Ben's Moon Queen to sleep in place 2.",
      1: "Ana's Sleeping Potion puts your Moon Queen to sleep in place 2.",
      None: "Ana's Sleeping Potion puts Ben's Moon Queen to sleep in place 2."}),
    ({"kind": "reshuffle", "cards": 58},
     {0: "The discard pile is shuffled. It is the new draw pile, with 58 cards.",
      None: "The discard pile is shuffled. It is the new draw pile, with 58 cards."}),
    ({"kind": "holds", "seat": 0, "cards": ["1", "2", "3", "4", "King"], "count": 5},
     {0: "You hold 5 cards: 1, 2, 3, 4 and King.", None: "Ana holds 5 cards: 1, 2, 3, 4 and King."}),
    ({"kind": "holds", "seat": 0, "cards": None, "count": 5}, {1: "Ana holds 5 cards.", None: "Ana holds 5 cards."}),
    ({"kind": "has", "seat": 0, "queens": ["Moon", "Cat"]},
     {0: "You have 2 Queens: Moon Queen and Cat Queen.", 1: "Ana has 2 Queens: Moon Queen and Cat Queen.",
      None: "Ana has 2 Queens: Moon Queen and Cat Queen."}),
    ({"kind": "has", "seat": 2, "queens": ["Rose"]}, {2: "You have 1 Queen: Rose Queen."}),
    ({"kind": "asleep", "place": 2, "queen": "Dog"},
     {0: "The Dog Queen sleeps in place 2.", None: "The Dog Queen sleeps in place 2."}),
    ({"kind": "pile", "cards": ["7", "Dragon"]},
     {1: "The discard pile has 2 cards: 7 and Dragon.", None: "The discard pile has 2 cards: 7 and Dragon."}),
    ({"kind": "end", "winners": [0], "reason": "queens", "points": [35, 20, 0], "queens": [5, 2, 0]},
     {0: "You win with 5 Queens!", 1: "Ana wins with 5 Queens!", None: "Ana wins with 5 Queens!"}),
    ({"kind": "end", "winners": [1], "reason": "points", "points": [35, 50, 0], "queens": [4, 3, 0]},
     {1: "You win with 50 points!", 0: "Ben wins with 50 points!", None: "Ben wins with 50 points!"}),
    ({"kind": "end", "winners": [1, 2], "reason": "all-awake", "points": [35, 45, 45], "queens": [4, 4, 4]},
     {1: "All the Queens are awake. You and Cleo share the win with 45 points each!",
      0: "All the Queens are awake. Ben and Cleo share the win with 45 points each!",
      None: "All the Queens are awake. Ben and Cleo share the win with 45 points each!"}),
    ({"kind": "end", "winners": [0], "reason": "all-awake", "points": [45, 40, 40], "queens": [4, 4, 4]},
     {0: "All the Queens are awake. You win with 45 points!", 2: "All the Queens are awake. Ana wins with 45 points!"}),
]


def test_every_event_kind_has_a_narrator_and_a_known_sentence():
    assert set(NARRATORS) == set(EVENT_FIELDS)
    assert {e["kind"] for e, _ in KNOWN} == set(EVENT_FIELDS)
    for e, _ in KNOWN:
        assert tuple(e) == ("kind",) + EVENT_FIELDS[e["kind"]], e  # the examples follow the schema


@pytest.mark.parametrize("event,sentences", KNOWN, ids=[f"{e['kind']}-{i}" for i, (e, _) in enumerate(KNOWN)])
def test_known_sentences_for_the_actor_another_seat_and_a_spectator(event, sentences):
    for reader, want in sentences.items():
        assert narrate_event(event, names=NAMES, reader=reader) == want, reader
        lines = narrate([event], names=NAMES, reader=reader)
        assert lines == ([] if want is None else [Line(want, event["kind"] == "allow" or (
            event["kind"] in ("draw", "holds") and (event.get("card") or event.get("cards")) is not None), 0)])


def test_the_lead_dispatcher_reaches_this_module():
    e = {"kind": "steal", "seat": 1, "target": 0, "queen": "Cat"}
    assert narrate_game("sleepingqueens", [e], names=NAMES, reader=0) == [
        Line("Ben's Knight takes your Cat Queen.", False, 0)]


def test_draws_in_a_row_make_one_line_with_the_index_of_the_first():
    s = SleepingQueens(2).new_initial_state(first_player=0)
    run(s, *[f"deal {c}" for c in ("2", "8", "3", "King", "5", "7", "7", "9", "Jester", "1")])
    run(s, "discard 2+3=5", "deal 4", "deal Knight", "deal 9")
    names = ["Ana", "Ben"]
    assert narrate(visible_events(s, 0), names=names, reader=0) == [
        Line("You get 5 cards: 2, 8, 3, King and 5.", True, 0), Line("Ben gets 5 cards.", False, 5),
        Line("You discard 2 + 3 = 5.", False, 10), Line("You draw 3 cards: 4, Knight and 9.", True, 11)]
    assert narrate(visible_events(s, 1), names=names, reader=1) == [
        Line("Ana gets 5 cards.", False, 0), Line("You get 5 cards: 7, 7, 9, Jester and 1.", True, 5),
        Line("Ana discards 2 + 3 = 5 and draws 3 cards.", False, 10)]
    assert [line.text for line in narrate(visible_events(s, None), names=names)] == [
        "Ana gets 5 cards.", "Ben gets 5 cards.", "Ana discards 2 + 3 = 5 and draws 3 cards."]


def test_the_wanted_sentences_of_a_real_game():
    names = ["Ana", "Ben"]
    s = position(hands=[["King", "Jester", "2", "3", "4"], ["Knight", "Dragon", "7", "8", "9"]],
                 queens=[["Dog"], []])
    run(s, "King 2", "reveal Cat")
    assert narrate(visible_events(s, 1), names=names, reader=1)[-2:] == [
        Line("The Queen in place 2 is the Cat Queen!", False, 4),
        Line("Ana already has the Dog Queen, so the Cat Queen goes back to sleep.", False, 5)]
    s = position(hands=[["Jester", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    run(s, "Jester", "deal 6", "wake 3", "reveal Rose")
    assert [line.text for line in narrate(visible_events(s, None), names=names)][-3:] == [
        "Ana's Jester turns over a 6: 1 Ana, 2 Ben, 3 Ana, 4 Ben, 5 Ana, 6 Ben: Ben wakes a Queen.",
        "The Queen in place 3 is the Rose Queen!",
        "Ben wakes the Rose Queen. Now Ben must wake one more Queen!"]
    s = position(hands=[["Knight", "1", "2", "3", "4"], ["Dragon", "6", "7", "8", "9"]], queens=[[], ["Cat"]])
    run(s, "Knight p1 Cat", "block")
    assert narrate(visible_events(s, 0), names=names, reader=0)[-1].text == "Ben blocks the Knight with a Dragon!"


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_seat_reads_its_whole_game_and_only_its_own_secrets_are_private(players):
    names = NAMES + ["Dan", "Eve"]
    for seed in range(8):
        end = play(SleepingQueens(players).new_initial_state(), [BOTS["heuristic"](seed=s) for s in range(players)],
                   seed=seed)
        for reader in (*range(players), None):
            events = visible_events(end, reader)
            lines = narrate(events, names=names[:players], reader=reader)
            assert lines and lines[-1].event == len(events) - 1 and "win" in lines[-1].text
            for line in lines:
                e = events[line.event]
                assert line.text.endswith((".", "!")) and "{" not in line.text
                if line.private:  # only the reader's own card or choice
                    assert e["seat"] == reader and e["kind"] in ("draw", "allow", "holds")
        teacher = narrate(all_events(end), names=names[:players])
        assert any(line.private for line in teacher)  # a teacher reads every hidden card


def test_sentences_in_another_language_fall_back_to_english_when_untranslated():
    e = {"kind": "steal", "seat": 1, "target": 0, "queen": "Cat"}
    for lang in ("en", "fr", "pl"):
        text = narrate_event(e, names=NAMES, reader=0, lang=lang)
        assert text and "{" not in text


def test_the_table_shows_the_log_as_sentences_for_its_seat():
    from kit.widgets import GameTable

    s = position(hands=[["Knight", "1", "2", "3", "4"], ["Dragon", "6", "7", "8", "9"]], queens=[[], ["Cat"]])
    run(s, "Knight p1 Cat", "allow")
    for seat, players, lines in [
            (1, ["random", "you"], ["Ana&#x27;s Knight takes your Cat Queen.", "You do not block the Knight."]),
            (0, ["you", "random"], ["Your Knight takes Ben&#x27;s Cat Queen."])]:
        table = GameTable(s.game, players, names=["Ana", "Ben"], delay=0, setup=False, seed=1)
        table.load_round(s)
        log = re.search(r'<div class="kit-log"[^>]*>(.*?)</div></details>', table.pane.html, re.S).group(1)
        assert all(line in log for line in lines), log[:600]
        if seat == 0:
            assert "block" not in log  # Ben's choice not to block is his own

"""Sleeping Queens at the table: every move by touching cards, the addition builder, defences, pictures.

* every legal action is reachable by clicks and nothing else is, on hundreds of positions of 2 to 5
  players (with and without hints), and each action's own click path makes it;
* the addition builder: the written addition is checked (2 + 3 = 5 and 3 + 2 = 5 are accepted, exactly
  as the engine accepts them written so; 5 + 3 = 2 is refused with "5 + 3 makes 8, not 2."), a pair and
  a single card are named, two different cards are explained, and no addition is ever suggested unless
  ``hints=True`` (then: first whether there is one, then one);
* a Knight or a Potion aimed at you asks you in words, with Block / "Let him take her", or one OK;
* waking after a Jester's count and the Rose Queen's bonus; the Cat/Dog note;
* the picture: its ``data-choice`` elements are the offered choices it places, each with words; it is
  drawn from the observation alone; the card pictures; the reasoning panel's known answers;
* a whole game played by clicks at ``GameTable(SleepingQueens(2), ["you", "heuristic"], delay=0)``.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest

from kit.core import KitError
from kit.render.sleepingqueens import card_rule, how_to_play_html, table_html
from kit.render.sleepingqueens_art import (QUEEN_ART, back_svg, card_svg, empty_svg, queen_svg, sleeping_svg,
                                           text_sizes)
from kit.sleepingqueens import SleepingQueens, parse_action
from kit.sleepingqueens.position import position
from kit.widgets import GameTable
from kit.widgets.adapter import click_paths
from kit.widgets.adapters.sleepingqueens import SleepingQueensAdapter, jester_reach, unseen_cards, unseen_queens

from table_helpers import decision_positions, drive, iter_offers

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eva"]
_CHOICE = re.compile(r'data-choice="([^"]*)"')


def _offer(adapter, state, picked=(), seat=None):
    seat = state.current_player() if seat is None else seat
    return adapter.offer(state.observation(seat), state.legal_actions(), tuple(picked),
                         names=NAMES[:state.game.num_players])


def _equation_hand():
    return position(hands=[["5", "2", "3", "King", "9"], ["1", "1", "4", "6", "Dragon"]], queens=[[], ["Cat"]])


# --------------------------------------------------------------------------- every move, nothing else
def test_click_paths_are_exactly_the_legal_actions_on_hundreds_of_positions():
    checked = 0
    rng = random.Random(9)
    for players in (2, 3, 4, 5):
        game = SleepingQueens(players)
        plain, hinted = SleepingQueensAdapter(game), SleepingQueensAdapter(game, hints=True)
        for seed in range(4):
            positions = decision_positions(game, 100 * players + seed, first_player=seed % players)[:-1]
            for pos in rng.sample(positions, min(len(positions), 14)):
                seat = pos.current_player()
                legal = pos.legal_actions()
                obs = pos.observation(seat)
                adapter = hinted if checked % 2 else plain
                found = click_paths(adapter, obs, legal)
                assert sorted(map(str, found)) == sorted(map(str, legal)), str(pos)
                for a in legal:  # each action's own click path makes it, in one go
                    assert adapter.offer(obs, legal, adapter.clicks(a)).action is a
                checked += 1
    assert checked >= 200, checked


def test_every_phase_is_met_by_the_click_path_test():
    phases = set()
    for seed in range(6):
        for pos in decision_positions(SleepingQueens(3), seed)[:-1]:
            phases.add(pos.phase)
    assert phases == {"turn", "defend", "wake"}


def test_a_click_that_is_not_offered_is_refused_and_offers_never_hold_one():
    s = _equation_hand()
    a = SleepingQueensAdapter(s.game)
    for bad in [("place:3",), ("card:Knight:0",), ("card:5:1",), ("sum:0",), ("card:5:0", "sum:0"),
                ("card:5:0", "card:3:0", "card:2:0", "discard"), ("block",), ("queen:1:Cat",)]:
        with pytest.raises(KitError):
            _offer(a, s, bad)
    for offer in iter_offers(a, s.observation(0), s.legal_actions()):
        if offer.action is None:
            for choice in offer.choices:
                a.offer(s.observation(0), s.legal_actions(), offer.picked + (choice,))  # never raises


# --------------------------------------------------------------------------- the addition builder
def test_the_written_addition_is_accepted_in_every_order_the_engine_accepts_and_only_then():
    s = _equation_hand()
    a = SleepingQueensAdapter(s.game)
    legal = s.legal_actions()
    accepted = []
    for order in itertools.permutations(["5", "2", "3"]):
        picks = tuple(f"card:{c}:0" for c in order)
        offer = _offer(a, s, picks)
        left, right = order[:-1], order[-1]
        written = f"discard {'+'.join(left)}={right}"
        try:
            engine = parse_action(written)
            engine_ok = engine in legal
        except KitError:
            engine_ok = False
        assert ("discard" in offer.choices) == engine_ok, (order, offer.note)
        assert offer.extra["equation"] == f"{left[0]} + {left[1]} = {right}"
        if engine_ok:
            accepted.append(offer.extra["equation"])
            assert str(_offer(a, s, picks + ("discard",)).action) == "discard 2+3=5"
            assert offer.choices["discard"] == f"Discard {left[0]} + {left[1]} = {right}"
            assert offer.note == ""
        else:
            total = int(left[0]) + int(left[1])
            assert offer.note == f"{left[0]} + {left[1]} makes {total}, not {right}."
            with pytest.raises(KitError):
                _offer(a, s, picks + ("discard",))
    assert sorted(accepted) == ["2 + 3 = 5", "3 + 2 = 5"]


def test_5_plus_3_equals_2_is_refused_with_the_reason_and_one_click_moves_the_5_after_the_equals_sign():
    s = _equation_hand()
    a = SleepingQueensAdapter(s.game)
    wrong = _offer(a, s, ("card:5:0", "card:3:0", "card:2:0"))
    assert wrong.note == "5 + 3 makes 8, not 2."
    assert wrong.prompt == "Make an addition: click a number to move it after the = sign."
    assert "discard" not in wrong.choices and {"sum:0", "sum:1"} <= set(wrong.choices)
    assert wrong.choices["sum:0"] == "Move the 5 after the = sign"
    right = _offer(a, s, wrong.picked + ("sum:0",))
    assert right.picked == ("card:2:0", "card:3:0", "card:5:0") and right.note == ""
    assert right.prompt == "2 + 3 = 5: that is right! Discard the 3 cards and draw new ones?"
    # a picked card clicked again goes back to the hand; the addition closes up
    back = _offer(a, s, right.picked + ("card:3:0",))
    assert back.picked == ("card:2:0", "card:5:0") and back.note == "A pair is two cards with the same number."


def test_a_four_card_addition_with_two_copies_of_a_number():
    s = position(hands=[["1", "1", "2", "4", "Jester"], ["3", "3", "6", "7", "8"]])
    a = SleepingQueensAdapter(s.game)
    picks = ("card:1:0", "card:4:0", "card:1:1", "card:2:0")
    offer = _offer(a, s, picks)
    assert offer.extra["equation"] == "1 + 4 + 1 = 2" and offer.note == "1 + 4 + 1 makes 6, not 2."
    fixed = _offer(a, s, picks + ("sum:1",))
    assert fixed.extra["equation"] == "1 + 2 + 1 = 4" and "discard" in fixed.choices
    assert str(_offer(a, s, fixed.picked + ("discard",)).action) == "discard 1+1+2=4"


def test_one_card_a_pair_and_two_different_cards_are_told_in_words():
    s = position(hands=[["3", "3", "7", "King", "Dragon"], ["1", "2", "4", "6", "8"]], queens=[[], ["Moon"]])
    a = SleepingQueensAdapter(s.game)
    one = _offer(a, s, ("card:7:0",))
    assert one.prompt == "One card: discard the 7 and draw a new card?" and one.choices["discard"] == "Discard the 7"
    pair = _offer(a, s, ("card:3:1", "card:3:0"))
    assert pair.prompt == "A pair of 3s! Discard them and draw two new cards?"
    assert pair.choices["discard"] == "Discard the pair of 3s"
    assert str(_offer(a, s, pair.picked + ("discard",)).action) == "discard 3 3"
    two = _offer(a, s, ("card:3:0", "card:7:0"))
    assert two.note == "A pair is two cards with the same number." and "discard" not in two.choices
    # a power card goes alone: picking one puts the numbers back
    king = _offer(a, s, ("card:3:0", "card:7:0", "card:King:0"))
    assert king.picked == ("card:King:0",) and king.prompt == "King: click a sleeping Queen to wake her."
    assert king.choices["discard"] == "Discard the King" and "place:2" in king.choices and "place:1" not in king.choices
    dragon = _offer(a, s, ("card:Dragon:0",))
    assert dragon.prompt == ("The Dragon only stops a Knight that wants your Queen. You can discard it and draw a "
                             "new card.")
    assert set(dragon.choices) - {c for c in dragon.choices if c.startswith("card:")} == {"discard"}


def test_no_addition_is_ever_suggested_without_hints():
    s = _equation_hand()
    a = SleepingQueensAdapter(s.game)
    obs, legal = s.observation(0), s.legal_actions()
    for offer in iter_offers(a, obs, legal):
        assert "hint" not in offer.choices
        picked_numbers = [c for c in offer.extra.get("cards", ()) if c.split(":")[1].isdigit()]
        if len(picked_numbers) < 3:
            text = offer.prompt + offer.note + " ".join(offer.choices.values())
            assert "2 + 3" not in text and "3 + 2" not in text and "= 5" not in text, text
    html = table_html(obs, names=NAMES[:2], offer=_offer(a, s))
    assert "2 + 3" not in html and "addition in your hand" not in html


def test_with_hints_the_table_first_says_there_is_an_addition_then_shows_one():
    s = _equation_hand()
    a = SleepingQueensAdapter(s.game, hints=True)
    first = _offer(a, s)
    assert first.choices["hint"] == "Is there an addition in my hand?" and first.note == ""
    once = _offer(a, s, ("hint",))
    assert once.note == "There is an addition in your hand! Can you find it?"
    assert once.choices["hint"] == "Show me one"
    twice = _offer(a, s, ("hint", "hint"))
    assert twice.note == "Here is one: 2 + 3 = 5." and "hint" not in twice.choices
    assert _offer(a, s, ("hint", "card:9:0")).picked == ("hint", "card:9:0")  # the hint stays while picking
    none = position(hands=[["1", "2", "4", "8", "King"], ["3", "3", "6", "7", "9"]])
    told = _offer(a, none, ("hint",))
    assert told.note == "There is no addition in your hand this time." and "hint" not in told.choices


# --------------------------------------------------------------------------- power cards
def test_king_knight_potion_and_jester_by_touching_things():
    s = position(hands=[["King", "Knight", "Potion", "Jester", "4"], ["1", "2", "3", "5", "6"]],
                 queens=[["Dog"], ["Cat", "Moon"]])
    a = SleepingQueensAdapter(s.game)
    assert str(_offer(a, s, ("card:King:0", "place:5")).action) == "King 5"
    knight = _offer(a, s, ("card:Knight:0",))
    assert knight.prompt == "Knight: click a Queen in front of another player to take her."
    assert {c for c in knight.choices if c.startswith("queen:")} == {"queen:1:Moon"}
    assert knight.choices["queen:1:Moon"] == "Take Ben's Moon Queen"
    assert knight.note == "You have the Dog Queen, so you may not take the Cat Queen: they do not get along."
    assert str(_offer(a, s, ("card:Knight:0", "queen:1:Moon")).action) == "Knight p1 Moon"
    potion = _offer(a, s, ("card:Potion:0", "queen:1:Cat"))
    assert potion.prompt == "Click an empty place: Ben's Cat Queen goes to sleep there."
    assert set(potion.choices) == {"place:1", "place:2", "place:3"}
    assert potion.choices["place:2"] == "Put the Cat Queen to sleep in place 2"
    assert str(_offer(a, s, potion.picked + ("place:2",)).action) == "Potion p1 Cat 2"
    jester = _offer(a, s, ("card:Jester:0",))
    assert jester.prompt == "Jester: click the draw pile to turn over its top card."
    assert str(_offer(a, s, ("card:Jester:0", "jester")).action) == "Jester"
    lonely = position(hands=[["Knight", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    offer = _offer(SleepingQueensAdapter(lonely.game), lonely, ("card:Knight:0",))
    assert offer.prompt == ("Nobody else has a Queen yet, so the Knight has nothing to do. You can discard it and "
                            "draw a new card.")
    assert "discard" in offer.choices and not any(c.startswith("queen:") for c in offer.choices)


# --------------------------------------------------------------------------- defence and waking
def _attacked(card: str, defence: str | None):
    hand0 = ["2", "3", "4", "9"] + ([defence] if defence else ["8"])
    s = position(hands=[hand0, [card, "1", "4", "6", "7"]], queens=[["Cat", "Heart"], ["Moon"]], to_move=1)
    s.apply_action(f"{card} p0 Cat" + (" 1" if card == "Potion" else ""))
    return s


def test_a_knight_aimed_at_you_asks_in_words_block_or_let_him_take_her():
    s = _attacked("Knight", "Dragon")
    a = SleepingQueensAdapter(s.game)
    offer = _offer(a, s)
    assert offer.prompt == "Ben's Knight wants your Cat Queen! Play your Dragon to stop him?"
    assert offer.choices == {"block": "Block!", "allow": "Let him take her"}
    assert str(_offer(a, s, ("block",)).action) == "block" and str(_offer(a, s, ("allow",)).action) == "allow"


def test_without_a_dragon_the_table_says_what_happens_with_one_ok():
    s = _attacked("Knight", None)
    offer = _offer(SleepingQueensAdapter(s.game), s)
    assert offer.prompt == "Ben's Knight takes your Cat Queen." and offer.choices == {"allow": "OK"}


def test_a_potion_aimed_at_you():
    a = SleepingQueensAdapter(SleepingQueens(2))
    wand = _offer(a, _attacked("Potion", "Wand"))
    assert wand.prompt == ("Ben's Sleeping Potion wants to put your Cat Queen to sleep! Play your Magic Wand to "
                           "stop it?")
    assert wand.choices == {"block": "Block!", "allow": "Let her sleep"}
    none = _offer(a, _attacked("Potion", None))
    assert none.prompt == "Ben's Sleeping Potion puts your Cat Queen to sleep." and none.choices == {"allow": "OK"}


def test_the_help_says_why_the_table_asks_everyone():
    help_text = how_to_play_html(5, 50)
    assert "always asks you, even when you have no Dragon or Magic Wand" in help_text
    assert "nobody can tell who has one" in help_text
    assert SleepingQueensAdapter(SleepingQueens(4)).how_to_play(None).count("4 Queens or 40 points") == 1


def test_waking_after_a_jesters_count_and_the_rose_bonus():
    s = position(hands=[["Jester", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    a = SleepingQueensAdapter(s.game)
    for step in ("Jester", "deal 6"):
        s.apply_action(step)
    offer = _offer(a, s)
    assert s.current_player() == 1
    assert offer.prompt == "Ana's Jester counted 6 and reached you! Click a sleeping Queen to wake her."
    assert offer.choices["place:3"] == "Wake the Queen in place 3" and len(offer.choices) == 12
    s.apply_action(offer.action or _offer(a, s, ("place:3",)).action)
    s.apply_action("reveal Rose")
    rose = _offer(a, s)
    assert rose.prompt == "The Rose Queen: you must wake one more Queen! Click a sleeping Queen."
    assert "place:3" not in rose.choices and len(rose.choices) == 11
    mine = position(hands=[["Jester", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    mine.apply_action("Jester")
    mine.apply_action("deal 3")
    assert _offer(a, mine).prompt == "Your Jester counted 3 and reached you! Click a sleeping Queen to wake her."


# --------------------------------------------------------------------------- the picture
def _placed(html: str) -> list[str]:
    return _CHOICE.findall(html)


def test_the_pictures_clickable_things_are_offered_choices_with_words_and_rules():
    rng = random.Random(4)
    seen = 0
    for players in (2, 4, 5):
        game = SleepingQueens(players)
        a = SleepingQueensAdapter(game)
        positions = [p for seed in range(3) for p in decision_positions(game, 10 * players + seed)[:-1]]
        for pos in positions[::6]:
            seat = pos.current_player()
            obs, legal = pos.observation(seat), pos.legal_actions()
            offers = list(iter_offers(a, obs, legal))
            for offer in rng.sample(offers, min(4, len(offers))):
                if offer.action is not None:
                    continue
                html = a.picture(obs, names=NAMES[:players], offer=offer, lang=None)
                placed = _placed(html)
                assert len(placed) == len(set(placed)) and set(placed) <= set(offer.choices)
                for token in placed:
                    element = re.search(rf'<[^>]*data-choice="{re.escape(token)}"[^>]*>', html).group(0)
                    assert 'aria-label="' in element, element
                    assert element.startswith("<button") or 'title="' in element, element  # a card: its rule
                # the hand, the Queens aimed at and the places are placed in the picture, never in a bar
                assert {c for c in offer.choices if c.split(":")[0] in ("card", "queen", "place", "sum")} <= \
                    set(placed)
                seen += 1
    assert seen >= 30


def test_the_picture_is_drawn_from_the_observation_alone_and_shows_no_other_hand():
    s = _equation_hand()
    html = table_html(s.observation(0), names=NAMES[:2])
    assert len(re.findall(r'data-zone="hand" data-seat="0"', html)) == 5
    assert 'data-zone="hand" data-seat="1"' not in html and "Dragon" not in html.split("sq-grid")[1]
    public = table_html(s.observation(None), names=NAMES[:2])
    assert 'data-zone="hand"' not in public
    teacher = SleepingQueensAdapter(s.game).teacher_picture(s, names=NAMES[:2], lang=None)
    assert 'data-card="Dragon" data-zone="hand" data-seat="1"' in teacher and "sq-teacher" in teacher


def test_hover_shows_each_cards_rule_and_the_queens_points():
    s = _equation_hand()
    a = SleepingQueensAdapter(s.game)
    html = a.picture(s.observation(0), names=NAMES[:2], offer=_offer(a, s), lang=None)
    king = re.search(r'<div[^>]*data-card="King" data-zone="hand"[^>]*>', html).group(0)
    assert 'aria-label="Pick up the King"' in king and "King: wake a sleeping Queen. Click her place." in king
    cat = re.search(r'<div[^>]*data-queen="Cat"[^>]*>', html).group(0)
    assert 'aria-label="Cat Queen, 15 points"' in cat and "nobody may have both" in cat
    assert card_rule("Rose") == "Rose Queen, 5 points. Wake her from the middle and you wake one more Queen!"
    assert a.rules_of("card:7:0", s.observation(0), None).startswith("Number 7: discard it alone")


def test_the_end_screen_shows_every_players_queens_and_points():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]],
                 queens=[["Heart", "Cat", "Moon"], ["Dog"]])
    s.apply_action("King 5")
    s.apply_action("reveal Sunflower")  # 20 + 15 + 10 + 10 = 55 points: Ana wins
    assert s.is_terminal()
    html = table_html(s.observation(0), names=NAMES[:2])
    assert "sq-end" in html and "4 Queens \u00b7 55 points" in html and "1 Queen \u00b7 15 points" in html
    for q in ("Heart", "Cat", "Moon", "Sunflower", "Dog"):
        assert f'data-queen="{q}" data-zone="queens"' in html
    assert html.index('data-seat-panel="0"') < html.index('data-seat-panel="1"') and "winner" in html


def test_the_card_pictures():
    queens = {name: queen_svg(name, width=100, title=name) for name in QUEEN_ART}
    assert len(queens) == 12
    bodies = {re.sub(r'data-art="[^"]*"|>[^<]*</text>', "", svg) for svg in queens.values()}
    assert len(bodies) == 12  # twelve different pictures
    assert queens["Cat"] != queens["Dog"] and "ellipse" in queens["Dog"] and "polygon" in queens["Cat"]
    for n in range(1, 11):
        assert card_svg(str(n)).count('class="sq-pip"') == n
    for width in (46, 54, 56, 60, 64, 96):
        pictures = [queen_svg(q, width=width, title=q) for q in QUEEN_ART]
        pictures += [card_svg(c, width=width, title=c) for c in ("King", "Knight", "Dragon", "Potion", "Wand",
                                                                 "Jester", *map(str, range(1, 11)))]
        pictures += [sleeping_svg(12, width=width), empty_svg(7, width=width), back_svg(width=width)]
        for svg in pictures:
            assert "<image" not in svg and "href" not in svg
            assert all(size >= 12 for size in text_sizes(svg)), (width, svg[:80])
    titled = card_svg("King", width=96, title="King")
    assert min(text_sizes(titled)) >= 14


# --------------------------------------------------------------------------- reasoning
def test_reasoning_counts_the_unseen_cards_and_the_jesters_reach_from_the_seats_view():
    s = position(hands=[["King", "1", "1", "4", "5"], ["2", "2", "3", "6", "Dragon"]], queens=[["Cat"], []],
                 discard=["King", "7"])
    unseen = unseen_cards(s.observation(0))
    assert unseen["King"] == 6 and unseen["1"] == 2 and unseen["7"] == 3 and unseen["Dragon"] == 3
    assert sum(unseen.values()) == 67 - 5 - 2
    assert unseen_cards(s.observation(1))["Dragon"] == 2 and unseen_cards(s.observation(None))["King"] == 7
    three = SleepingQueens(3).new_initial_state(first_player=2)
    assert jester_reach(three.observation(0)) == [(k, (k - 1) % 3) for k in range(1, 11)]
    assert jester_reach(three.observation(None))[0] == (1, 2)  # what everyone sees: the player to move
    queens, places = unseen_queens(s.observation(1))
    assert "Cat" not in queens and len(queens) == 11 and places == 11
    a = SleepingQueensAdapter(s.game)
    html = a.reasoning(s, 0, names=NAMES[:2], lang=None)
    assert "Cards Ana has not seen" in html and "If Ana plays a Jester" in html and "11 Queens sleep" in html
    assert a.reasoning(s, 0, names=NAMES[:2], lang=None) == a.reasoning(s.clone(), 0, names=NAMES[:2], lang=None)


def test_reasoning_reads_only_the_seats_view():
    game = SleepingQueens(2)
    from table_helpers import twin_positions

    a = SleepingQueensAdapter(game)
    pairs = twin_positions(game, 3, 0)[:6]
    assert pairs
    for x, y in pairs:
        assert a.reasoning(x, 0, names=NAMES[:2], lang=None) == a.reasoning(y, 0, names=NAMES[:2], lang=None)
        assert a.reasoning(x, None, names=NAMES[:2], lang=None) == a.reasoning(y, None, names=NAMES[:2], lang=None)


# --------------------------------------------------------------------------- at the table
def test_a_whole_game_by_clicks_against_the_heuristic_bot():
    table = GameTable(SleepingQueens(2), ["you", "heuristic"], delay=0, seed=11, setup=False)
    rng = random.Random(3)
    moves = 0
    kinds = set()
    while not table.state.is_terminal():
        legal = table.legal()
        assert legal and table.viewer == 0
        action = legal[rng.randrange(len(legal))]
        kinds.add(type(action).__name__)
        drive(table, action)
        moves += 1
        assert moves < 400
    assert table.match.is_over() and table.choices() == ["new"]
    assert "sq-end" in table.pane.html
    result = table.state.result()
    assert f"{result.points[0]} point" in table.pane.html and f"{result.points[1]} point" in table.pane.html
    assert kinds >= {"Discard"}


def test_the_table_places_every_choice_and_builds_an_addition_by_clicks():
    table = GameTable(SleepingQueens(2), ["you", "heuristic"], delay=0, seed=1, setup=False)
    table.load_round(_equation_hand())
    for c in ("card:5:0", "card:3:0", "card:2:0"):
        table.click(c)
    assert table.message == "5 + 3 makes 8, not 2." and "discard" not in table.choices()
    table.click("discard")  # not offered: ignored quietly
    assert table.state.history() == [] and table.message == "5 + 3 makes 8, not 2."
    table.click("sum:0")
    assert "2 + 3 = 5" in table.pane.html and "discard" in table.choices() and "cancel" in table.choices()
    table.click("discard")
    assert str(table.state.history()[0]) == "discard 2+3=5"
    assert table.state.current_player() in (0, 1) or table.state.is_terminal()


def test_hints_are_a_table_setting():
    table = GameTable(SleepingQueens(2), ["you", "random"], delay=0, seed=1, setup=False, hints=True)
    table.load_round(_equation_hand())
    table.click("hint")
    assert table.message == "There is an addition in your hand! Can you find it?"
    table.click("hint")
    assert table.message == "Here is one: 2 + 3 = 5."
    with pytest.raises(KitError, match="hints"):
        GameTable(SleepingQueens(2), ["you", "random"], delay=0, seed=1, setup=False, hint=True)

"""Sleeping Queens: one test per rule and ruling of docs/rules/sleepingqueens.md (named after it)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kit.core import CHANCE, TERMINAL, GameOverError, InvalidActionError, KitError, loads
from kit.sleepingqueens import DECK, QUEEN_POINTS, Card, Queen, SleepingQueens, parse_action
from kit.sleepingqueens.position import position

from protocol_helpers import refused, run, texts





def start(hands, first=0):
    """A game dealt card by card: seat ``first`` gets its five cards first, then the next seat..."""
    n = len(hands)
    s = SleepingQueens(n).new_initial_state(first)
    for i in range(n):
        for c in hands[(first + i) % n]:
            s.apply_action(f"deal {c}")
    return s


# ====================================================================== components and setup
def test_deck_has_79_cards_12_queens_and_67_red_backed():
    assert len(Queen) == 12 and sum(DECK.values()) == 67
    assert {str(c): DECK[c] for c in DECK if not c.is_number} == {
        "King": 8, "Jester": 5, "Knight": 4, "Potion": 4, "Wand": 3, "Dragon": 3}
    assert all(DECK[Card(n)] == 4 for n in range(1, 11))


def test_queen_values_are_the_publishers_125_points():
    assert sum(QUEEN_POINTS.values()) == 125
    assert {str(q): QUEEN_POINTS[q] for q in Queen} == {
        "Heart": 20, "Cat": 15, "Dog": 15, "Pancake": 15, "Ladybug": 10, "Moon": 10, "Peacock": 10,
        "Sunflower": 10, "Cake": 5, "Rainbow": 5, "Rose": 5, "Starfish": 5}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players(players):
    assert SleepingQueens(players).num_players == players


@pytest.mark.parametrize("players", [1, 6, 0, True, "2"])
def test_other_player_counts_are_refused(players):
    with pytest.raises(KitError, match="2 to 5 players"):
        SleepingQueens(players)


def test_setup_deals_five_cards_each_from_the_shuffled_red_cards():
    s = SleepingQueens(3).new_initial_state(first_player=1)
    assert s.current_player() == CHANCE and s.phase == "draw"
    assert dict((str(a), p) for a, p in s.chance_outcomes())["deal King"] == Fraction(8, 67)
    assert sum(p for _, p in s.chance_outcomes()) == 1
    s = start([["1"] * 4 + ["2"], ["King"] * 5, ["3"] * 4 + ["Jester"]], first=1)
    assert texts(s.hand(1)) == ["King"] * 5 and texts(s.hand(0)) == ["1"] * 4 + ["2"]
    assert s.current_player() == 1 and s.phase == "turn"  # the player left of the dealer starts
    assert s.draw_pile_size() == 67 - 15
    assert [str(g) for g in s.grid()] == ["unseen"] * 12  # the Queens face down


# ====================================================================== a turn
def test_turn_is_one_action_then_draw_back_to_five():
    s = start([["2", "3", "5", "7", "7"], ["1", "1", "1", "1", "2"]])
    s.apply_action("discard 2+3=5")
    assert texts(s.hand(0)) == ["7", "7"] and s.current_player() == CHANCE
    run(s, "deal 4", "deal King", "deal 9")
    assert texts(s.hand(0)) == ["4", "7", "7", "9", "King"] and s.current_player() == 1  # then play passes on
    assert texts(s.discard_pile()) == ["2", "3", "5"]


def test_play_is_clockwise():
    s = start([["2"] * 4 + ["3"], ["4"] * 4 + ["3"], ["5"] * 4 + ["3"]], first=2)
    run(s, "discard 5", "deal 6")
    assert s.current_player() == 0
    run(s, "discard 2", "deal 6")
    assert s.current_player() == 1


# ====================================================================== King
def test_king_wakes_any_sleeping_queen_chosen_by_place():
    s = start([["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    assert texts(a for a in s.legal_actions() if str(a).startswith("King")) == [f"King {p}" for p in range(1, 13)]
    s.apply_action("King 7")
    assert s.current_player() == CHANCE and s.phase == "reveal"
    assert all(p == Fraction(1, 12) for _, p in s.chance_outcomes())  # which Queen: uniform over the unseen
    s.apply_action("reveal Heart")
    assert texts(s.queens(0)) == ["Heart"] and s.points(0) == 20
    assert s.grid()[6] == "empty" and "King" in texts(s.discard_pile())
    woken = {"kind": "wake", "seat": 0, "queen": "Heart", "place": 7, "by": "king", "bonus": False}
    assert s.observation(1)["log"][-3:] == [
        {"kind": "play", "seat": 0, "card": "King", "target": None, "queen": None, "place": 7, "cards": ["King"],
         "discard": None, "left": None, "right": None},
        {"kind": "reveal", "seat": 0, "place": 7, "queen": "Heart"}, woken]
    assert s.observation(None)["log"][-1] == woken


def test_king_cannot_wake_an_empty_place():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[["Moon"], []])
    assert "King 1" not in texts(s.legal_actions())
    refused(s, "King 1", match="place 1 is empty")


def test_rose_queen_woken_from_the_centre_wakes_one_more():
    s = start([["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    run(s, "King 1", "reveal Rose")
    assert s.current_player() == 0 and s.phase == "wake"
    assert s.observation(1)["log"][-1] == {"kind": "wake", "seat": 0, "queen": "Rose", "place": 1, "by": "king",
                                           "bonus": True}  # the bonus is told to everyone
    assert texts(s.legal_actions()) == [f"wake {p}" for p in range(2, 13)]
    run(s, "wake 12", "reveal Moon")
    assert texts(s.queens(0)) == ["Rose", "Moon"] and s.current_player() == CHANCE  # then the refill
    assert s.observation(1)["log"][-1] == {"kind": "wake", "seat": 0, "queen": "Moon", "place": 12, "by": "rose",
                                           "bonus": False}
    assert s.phase == "draw"


def test_rose_queen_with_no_queen_left_asleep_gives_nothing_more():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"], ["1", "2", "3", "4", "5"]],
                 queens=[["Sunflower", "Moon", "Peacock"], ["Heart", "Cat", "Cake", "Rainbow"],
                         ["Dog", "Pancake", "Ladybug", "Starfish"]],
                 grid=["empty"] * 11 + ["Rose"])  # the Rose put to sleep earlier, the last Queen asleep
    s.apply_action("King 12")
    assert texts(s.queens(0))[-1] == "Rose" and s.is_terminal()  # no bonus: the game ends on points
    assert s.observation(0)["log"][-2]["bonus"] is False
    assert s.result().reason == "all-awake" and s.result().points == (35, 45, 45) and s.result().winners == (1, 2)


# ====================================================================== Knight and Dragon
def test_knight_takes_an_awake_queen_from_an_opponent():
    s = position(hands=[["Knight", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[[], ["Moon", "Cake"]])
    assert texts(a for a in s.legal_actions() if str(a).startswith("Knight")) == ["Knight p1 Moon", "Knight p1 Cake"]
    s.apply_action("Knight p1 Cake")
    assert s.current_player() == 1 and texts(s.legal_actions()) == ["allow"]  # no Dragon: allow is the only answer
    s.apply_action("allow")
    assert texts(s.queens(0)) == ["Cake"] and texts(s.queens(1)) == ["Moon"]
    assert s.phase == "draw"


def test_dragon_blocks_a_knight_knight_and_dragon_discarded_defender_draws_play_continues_left_of_attacker():
    s = position(hands=[["Knight", "1", "2", "3", "4"], ["Dragon", "6", "7", "8", "9"], ["1", "2", "3", "4", "5"]],
                 queens=[[], ["Moon"], []])
    s.apply_action("Knight p1 Moon")
    assert s.current_player() == 1 and s.phase == "defend"  # the target decides at once
    assert texts(s.legal_actions()) == ["block", "allow"]
    s.apply_action("block")
    assert texts(s.queens(1)) == ["Moon"] and texts(s.discard_pile())[-2:] == ["Knight", "Dragon"]
    s.apply_action("deal 10")  # the defender draws one card first
    assert texts(s.hand(1)) == ["6", "7", "8", "9", "10"]
    s.apply_action("deal 5")  # then the attacker refills to five
    assert len(s.hand(0)) == 5 and s.current_player() == 1  # play continues left of the attacker


def test_dragon_holder_may_let_the_knight_take_the_queen():
    s = position(hands=[["Knight", "1", "2", "3", "4"], ["Dragon", "6", "7", "8", "9"]], queens=[[], ["Moon"]])
    run(s, "Knight p1 Moon", "allow")
    assert texts(s.queens(0)) == ["Moon"] and texts(s.hand(1)) == ["6", "7", "8", "9", "Dragon"]


def test_stealing_the_rose_queen_gives_no_extra_queen():
    s = position(hands=[["Knight", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[[], ["Rose"]])
    run(s, "Knight p1 Rose", "allow")
    assert texts(s.queens(0)) == ["Rose"] and s.phase == "draw"


def test_ruling_knight_may_not_take_the_cat_while_you_hold_the_dog():
    s = position(hands=[["Knight", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[["Dog"], ["Cat", "Moon"]])
    assert texts(a for a in s.legal_actions() if str(a).startswith("Knight")) == ["Knight p1 Moon"]
    refused(s, "Knight p1 Cat", match="you have the Dog Queen, so you may not take the Cat Queen")


def test_ruling_knight_and_potion_are_legal_only_when_an_opponent_has_an_awake_queen():
    s = position(hands=[["Knight", "Potion", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[["Moon"], []])
    assert not [a for a in s.legal_actions() if str(a).startswith(("Knight", "Potion"))]
    refused(s, "Knight p1 Moon", match="no awake Moon")
    refused(s, "Knight p0 Moon", match="chooses an opponent")


# ====================================================================== Potion and Wand
def test_potion_puts_a_queen_to_sleep_in_an_empty_place_the_attacker_chooses():
    s = position(hands=[["Potion", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[["Cake"], ["Moon"]])
    assert texts(a for a in s.legal_actions() if str(a).startswith("Potion")) == ["Potion p1 Moon 1",
                                                                                   "Potion p1 Moon 2"]
    run(s, "Potion p1 Moon 2", "allow")
    assert s.queens(1) == [] and str(s.grid()[1]) == "Moon"
    slept = {"kind": "sleep", "seat": 0, "target": 1, "queen": "Moon", "place": 2}
    assert s.observation(1)["log"][-1] == s.observation(None)["log"][-1] == slept  # everyone saw where
    assert s.observation(0)["grid"][1] == "asleep:Moon"


def test_potion_target_must_be_an_empty_place():
    s = position(hands=[["Potion", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[[], ["Moon"]])
    refused(s, "Potion p1 Moon 5", match="not empty")


def test_wand_blocks_a_potion_exactly_as_a_dragon_blocks_a_knight():
    s = position(hands=[["Potion", "1", "2", "3", "4"], ["Wand", "6", "7", "8", "9"], ["1", "2", "3", "4", "5"]],
                 queens=[[], ["Moon"], []])
    run(s, "Potion p1 Moon 1")
    assert s.current_player() == 1 and s.phase == "defend"
    run(s, "block", "deal 10", "deal 5")
    assert texts(s.queens(1)) == ["Moon"] and texts(s.discard_pile())[-2:] == ["Potion", "Wand"]
    assert texts(s.hand(1)) == ["6", "7", "8", "9", "10"] and s.current_player() == 1


def test_a_dragon_does_not_block_a_potion():
    s = position(hands=[["Potion", "1", "2", "3", "4"], ["Dragon", "6", "7", "8", "9"]], queens=[[], ["Moon"]])
    s.apply_action("Potion p1 Moon 1")
    assert texts(s.legal_actions()) == ["allow"]
    refused(s, "block", match="holds no Wand")
    s.apply_action("allow")
    assert s.phase == "draw" and s.queens(1) == []


def test_ruling_the_target_answers_at_once_and_the_others_cannot_tell_whether_they_could_block():
    # The ruling: every target is asked, whether or not it holds the defence card (allow being the only
    # answer without it), so that whose turn it is does not tell the table who holds a Dragon.
    views = []
    for card in ("Dragon", "10"):
        s = position(hands=[["Knight", "1", "2", "3", "4"], [card, "6", "7", "8", "9"], ["1", "2", "3", "4", "5"]],
                     queens=[[], ["Moon"], []])
        s.apply_action("Knight p1 Moon")
        assert s.current_player() == 1 and s.phase == "defend"  # at once, before anything else happens
        assert texts(s.legal_actions()) == (["block", "allow"] if card == "Dragon" else ["allow"])
        views.append((s.observation(2), s.information_state(2), s.observation(0)))
        s.apply_action("allow")
        allowed = {"kind": "allow", "seat": 1, "attacker": 0, "against": "Knight", "queen": "Moon"}
        assert s.observation(1)["log"][-2] == allowed  # the target knows it chose not to block
        assert all(allowed not in s.observation(p)["log"] for p in (0, 2, None))  # nobody else sees a choice
        views.append((s.information_state(0), s.information_state(2), s.observation(None)))
    assert views[0] == views[2] and views[1] == views[3]


# ====================================================================== Jester
def test_jester_power_card_goes_to_hand_and_you_take_another_turn():
    s = start([["Jester", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    s.apply_action("Jester")
    assert s.phase == "jester-card" and s.current_player() == CHANCE
    s.apply_action("deal Knight")
    assert s.current_player() == 0 and s.phase == "turn" and texts(s.hand(0)) == ["1", "2", "3", "4", "Knight"]
    run(s, "discard 1", "deal 10")
    assert s.current_player() == 1


@pytest.mark.parametrize("number,chooser", [(1, 0), (2, 1), (3, 2), (4, 0), (5, 1), (7, 0)])
def test_jester_number_counts_players_clockwise_from_yourself_as_one(number, chooser):
    s = start([["Jester", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"], ["5", "6", "7", "8", "9"]])
    run(s, "Jester", f"deal {number}")
    assert s.current_player() == chooser and s.phase == "wake"
    run(s, "wake 4", "reveal Moon")
    assert texts(s.queens(chooser)) == ["Moon"]
    assert texts(s.discard_pile()) == ["Jester", str(number)]  # the number card is discarded
    assert s.current_player() == CHANCE and s.phase == "draw"  # then the Jester's player refills
    s.apply_action("deal 10")
    assert s.current_player() == 1


def test_jester_number_may_wake_the_rose_for_another_player_who_gets_the_bonus():
    s = start([["Jester", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    run(s, "Jester", "deal 2", "wake 3", "reveal Rose")
    assert s.current_player() == 1 and s.phase == "wake"


# ====================================================================== discards
def test_discard_one_card_of_any_kind():
    s = start([["King", "Knight", "Jester", "Dragon", "Wand"], ["5", "6", "7", "8", "9"]])
    singles = [a for a in s.legal_actions() if str(a).startswith("discard")]
    assert texts(singles) == ["discard King", "discard Knight", "discard Dragon", "discard Wand", "discard Jester"]


def test_discard_a_pair_of_identical_number_cards():
    s = start([["3", "3", "3", "King", "9"], ["5", "6", "7", "8", "9"]])
    assert "discard 3 3" in texts(s.legal_actions())
    run(s, "discard 3 3", "deal 1", "deal 1")
    assert texts(s.hand(0)) == ["1", "1", "3", "9", "King"]


def test_three_of_a_kind_is_not_a_pair():
    s = start([["3", "3", "3", "King", "9"], ["5", "6", "7", "8", "9"]])
    assert "discard 3 3 3" not in texts(s.legal_actions())
    refused(s, "discard 3 3 3", match="addition equation")


@pytest.mark.parametrize("hand,equations", [
    (["2", "3", "5", "King", "10"], ["2+3=5", "2+3+5=10"]),
    (["2", "3", "4", "9", "King"], ["2+3+4=9"]),
    (["1", "1", "2", "4", "King"], ["1+1=2", "1+1+2=4"]),
    (["2", "3", "5", "7", "9"], ["2+3=5", "2+5=7", "2+7=9"]),
    (["1", "2", "3", "4", "10"], ["1+2=3", "1+3=4", "1+2+3+4=10"]),
])
def test_discard_three_or_more_numbers_forming_an_addition_equation(hand, equations):
    s = start([hand, ["5", "6", "7", "8", "9"]])
    assert [t[len("discard "):] for t in texts(s.legal_actions()) if "=" in t] == equations


def test_only_addition_and_one_number_on_the_right():
    s = start([["2", "3", "6", "5", "1"], ["5", "6", "7", "8", "9"]])  # 2*3=6, 6-5=1, 2+3=6-1...
    legal = texts(s.legal_actions())
    assert "discard 2+3=5" in legal and "discard 1+2+3=6" in legal
    assert not any(t.startswith("discard") and "6" in t and "+" not in t and len(t.split()) > 2 for t in legal)
    refused(s, "discard 2 3 6", match="addition equation")  # 2×3=6 is not addition
    refused(s, "discard 1 5 6 2", match="addition equation")  # 1+5 = 6 but 2 is left over
    with pytest.raises(InvalidActionError, match="not a true addition equation"):
        parse_action("discard 2+3=6")
    with pytest.raises(InvalidActionError, match="equation"):
        parse_action("discard 2*3=6")


def test_discard_of_cards_not_held_is_refused():
    s = start([["2", "3", "5", "King", "10"], ["5", "6", "7", "8", "9"]])
    refused(s, "discard 4", match="does not hold")
    refused(s, "discard Knight", match="does not hold")


# ====================================================================== Cat and Dog
def test_cat_and_dog_waking_the_other_sends_her_back_to_sleep_and_ends_the_action():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[["Cat"], []])
    run(s, "King 5", "reveal Dog")
    assert texts(s.queens(0)) == ["Cat"] and str(s.grid()[4]) == "Dog"  # back asleep in her place
    assert s.phase == "draw"  # the action ends: refill
    assert s.observation(1)["log"][-1] == {"kind": "back", "seat": 0, "queen": "Dog", "place": 5, "rival": "Cat",
                                           "by": "king"}
    run(s, "deal 10")
    assert s.observation(1)["grid"][4] == s.observation(None)["grid"][4] == "asleep:Dog"  # now known to all
    run(s, "discard 5", "deal 1")
    assert texts(s.hand(0)) == ["1", "2", "3", "4", "10"] and s.current_player() == 0


# ====================================================================== draw pile and end
def test_empty_draw_pile_takes_the_shuffled_discard_pile():
    hands = [["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]]
    rest = [str(c) for c in DECK for _ in range(DECK[c])]
    for h in hands:
        for c in h:
            rest.remove(c)
    s = position(hands=hands, discard=rest)  # every other card is in the discard pile: the draw pile is empty
    assert s.draw_pile_size() == 0
    s.apply_action("discard 1")
    assert s.draw_pile_size() == len(rest) + 1 and s.discard_pile() == []
    assert s.observation(1)["log"][-1] == {"kind": "reshuffle", "cards": 58}
    assert dict((str(a), p) for a, p in s.chance_outcomes())["deal 1"] == Fraction(4, 58)


@pytest.mark.parametrize("players,queens,points", [(2, 5, 50), (3, 5, 50), (4, 4, 40), (5, 4, 40)])
def test_end_of_game_targets_by_player_count(players, queens, points):
    g = SleepingQueens(players)
    assert (g.target_queens, g.target_points) == (queens, points)


def test_first_to_hold_five_queens_wins_at_once():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]],
                 queens=[["Cake", "Rainbow", "Starfish", "Moon"], []])
    run(s, "King 5", "reveal Sunflower")
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.result().winners == (0,) and s.result().reason == "queens" and s.returns() == [1.0, 0.0]
    refused(s, "deal 5", error=GameOverError)


def test_fifty_points_win_and_passing_the_target_is_fine():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[["Cat", "Pancake"], []])
    run(s, "King 5", "reveal Heart")  # 15 + 15 + 20 = 50
    assert s.result().winners == (0,) and s.result().reason == "points" and s.result().points == (50, 0)


def test_four_players_four_queens_win():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"], ["5", "6", "7", "8", "9"],
                        ["1", "2", "3", "4", "10"]], queens=[["Cake", "Rainbow", "Starfish"], [], [], []])
    run(s, "King 5", "reveal Moon")
    assert s.result().winners == (0,) and s.result().reason == "queens"


def test_a_knight_steal_can_win_the_game():
    s = position(hands=[["Knight", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]],
                 queens=[["Cake", "Rainbow", "Starfish", "Moon"], ["Heart"]])
    run(s, "Knight p1 Heart", "allow")
    assert s.result().winners == (0,) and s.result().reason == "queens"


def test_no_queen_asleep_most_points_wins():
    # Three players, four Queens each, nobody at 50 points: the last Queen woken ends the game on points.
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"], ["1", "2", "3", "4", "5"]],
                 queens=[["Cat", "Moon", "Cake"], ["Dog", "Pancake", "Ladybug", "Rainbow"],
                         ["Heart", "Peacock", "Rose", "Starfish"]], grid=["empty"] * 11 + ["unseen"])
    run(s, "King 12", "reveal Sunflower")
    assert s.result().reason == "all-awake" and s.result().points == (40, 45, 40)
    assert s.result().winners == (1,) and s.returns() == [0.0, 1.0, 0.0]


def test_ruling_ties_on_points_share_the_win():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"], ["1", "2", "3", "4", "5"]],
                 queens=[["Heart", "Cat", "Cake"], ["Dog", "Pancake", "Ladybug", "Rose"],
                         ["Moon", "Peacock", "Sunflower", "Starfish"]], grid=["empty"] * 11 + ["unseen"])
    run(s, "King 12", "reveal Rainbow")
    assert s.result().points == (45, 45, 35) and s.result().winners == (0, 1)
    assert s.returns() == [1.0, 1.0, 0.0]


# ====================================================================== errors, notation, JSON
@pytest.mark.parametrize("text", ["King 5", "Knight p1 Cat", "Potion p2 Rose 12", "Jester", "discard King",
                                  "discard 3 3", "discard 2+3+4=9", "block", "allow", "wake 1", "deal 10",
                                  "deal Wand", "reveal Starfish"])
def test_notation_round_trips(text):
    a = parse_action(text)
    assert str(a) == text and parse_action(str(a)) is a and eval(repr(a), vars(__import__("kit.sleepingqueens",
                                                                                          fromlist=["*"]))) is a


@pytest.mark.parametrize("text", ["", "King", "King 13", "King 0", "Knight 1 Cat", "Knight p1 Frog", "Potion p1 Cat",
                                  "discard", "discard 11", "discard King Knight", "discard 2+3==5", "dance"])
def test_bad_notation_raises_invalid_action_error(text):
    with pytest.raises(InvalidActionError):
        parse_action(text)


def test_a_refused_action_says_why_and_leaves_the_state_unchanged():
    s = start([["2", "3", "5", "King", "10"], ["5", "6", "7", "8", "9"]])
    refused(s, "Jester", match="holds no Jester")
    refused(s, "block", match="one action")
    refused(s, "deal King", match="one action")
    refused(s, 42, error=InvalidActionError)
    refused(s, "Potion p1 Cat 1", match="holds no Potion")
    run(s, "King 1")
    refused(s, "King 2", match="chance moves now")


def test_json_round_trip_and_registry():
    s = start([["King", "Jester", "5", "Knight", "10"], ["5", "6", "7", "8", "9"]])
    run(s, "King 3", "reveal Cat", "deal 2")
    t = loads(s.to_json())
    assert t.to_json() == s.to_json() and t.history() == s.history()
    assert t.information_state(1) == s.information_state(1)
    t.apply_action("discard 5")
    assert t.phase == "draw" and s.phase == "turn"  # the copy moves on alone


# ====================================================================== edge cases (audit)
def test_rose_queen_put_back_to_sleep_and_woken_again_gives_the_bonus_again():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[["Moon"], []],
                 grid=["empty", "Rose"] + ["unseen"] * 10)
    s.apply_action("King 2")  # everyone saw where she went: no chance step
    assert texts(s.queens(0)) == ["Moon", "Rose"] and s.phase == "wake" and s.current_player() == 0


def test_rose_queen_that_reaches_the_target_ends_the_game_before_the_bonus():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]],
                 queens=[["Cake", "Rainbow", "Starfish", "Moon"], []])
    run(s, "King 5", "reveal Rose")
    assert s.is_terminal() and s.result().reason == "queens"


def test_rose_bonus_that_wakes_your_rival_sends_her_back_to_sleep():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[["Cat"], []],
                 grid=["empty", "Dog"] + ["unseen"] * 10)
    run(s, "King 5", "reveal Rose", "wake 2")
    assert texts(s.queens(0)) == ["Cat", "Rose"] and str(s.grid()[1]) == "Dog" and s.phase == "draw"


def test_play_continues_left_of_the_attacker_not_after_the_defender():
    s = position(hands=[["Knight", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"], ["Dragon", "2", "3", "4", "5"],
                        ["1", "2", "3", "4", "5"]], queens=[[], [], ["Moon"], []])
    run(s, "Knight p2 Moon", "block", "deal 10", "deal 10")
    assert s.current_player() == 1  # left of p0, the attacker


def test_a_wand_holder_may_allow_a_potion_and_a_wand_does_not_block_a_knight():
    s = position(hands=[["Potion", "1", "2", "3", "4"], ["Wand", "6", "7", "8", "9"]], queens=[[], ["Moon"]])
    run(s, "Potion p1 Moon 1", "allow")
    assert str(s.grid()[0]) == "Moon" and "Wand" in texts(s.hand(1))
    s = position(hands=[["Knight", "1", "2", "3", "4"], ["Wand", "6", "7", "8", "9"]], queens=[[], ["Moon"]])
    s.apply_action("Knight p1 Moon")
    assert texts(s.legal_actions()) == ["allow"]


def test_ruling_knight_may_not_take_the_dog_while_you_hold_the_cat_but_a_potion_may_target_either():
    s = position(hands=[["Knight", "Potion", "2", "3", "4"], ["5", "6", "7", "8", "9"]],
                 queens=[["Cat"], ["Dog", "Moon"]])
    legal = texts(s.legal_actions())
    assert "Knight p1 Dog" not in legal and "Knight p1 Moon" in legal
    assert "Potion p1 Dog 1" in legal


def test_holding_the_dog_and_waking_the_cat_sends_her_back_to_sleep():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[["Dog"], []])
    run(s, "King 3", "reveal Cat")
    assert texts(s.queens(0)) == ["Dog"] and str(s.grid()[2]) == "Cat"


def test_reveal_is_uniform_over_the_queens_nobody_has_seen():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[["Moon"], ["Cake"]],
                 grid=["empty", "empty", "Dog"] + ["unseen"] * 9)
    s.apply_action("King 4")
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert len(outcomes) == 9 and set(outcomes.values()) == {Fraction(1, 9)}
    assert "reveal Dog" not in outcomes and "reveal Moon" not in outcomes


@pytest.mark.parametrize("power", ["King", "Knight", "Dragon", "Potion", "Wand", "Jester"])
def test_jester_every_power_card_goes_to_hand_and_you_play_again(power):
    s = start([["Jester", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    run(s, "Jester", f"deal {power}")
    assert s.current_player() == 0 and s.phase == "turn" and power in texts(s.hand(0))


def test_jester_card_probabilities_are_the_draw_pile_and_a_jester_can_reshuffle():
    s = start([["Jester", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    s.apply_action("Jester")
    assert dict((str(a), p) for a, p in s.chance_outcomes())["deal King"] == Fraction(8, 57)
    rest = [str(c) for c in DECK for _ in range(DECK[c])]
    for c in ["Jester", "1", "2", "3", "4", "5", "6", "7", "8", "9"]:
        rest.remove(c)
    s = position(hands=[["Jester", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], discard=rest)
    s.apply_action("Jester")  # the draw pile is empty: the discard pile, this Jester included, is shuffled
    assert s.draw_pile_size() == 58 and dict((str(a), p) for a, p in s.chance_outcomes())["deal Jester"] == \
        Fraction(5, 58)


@pytest.mark.parametrize("players,number,chooser", [(2, 1, 0), (2, 2, 1), (2, 3, 0), (2, 10, 1), (5, 5, 4),
                                                    (5, 6, 0), (5, 10, 4)])
def test_jester_counting_wraps_round_the_table(players, number, chooser):
    hands = [["Jester", "1", "2", "3", "4"]] + [["7", "8", "9", "King", "Knight"]] * (players - 1)
    s = position(hands=hands)
    run(s, "Jester", f"deal {number}")
    assert s.current_player() == chooser and s.phase == "wake"
    assert s.observation(None)["log"][-2:] == [
        {"kind": "flip", "seat": 0, "card": str(number), "power": False},
        {"kind": "count", "seat": 0, "number": number, "counted": [i % players for i in range(number)],
         "chooser": chooser}]


def test_jester_chosen_player_can_win_on_someone_elses_turn():
    s = position(hands=[["Jester", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]],
                 queens=[[], ["Cake", "Rainbow", "Starfish", "Moon"]])
    run(s, "Jester", "deal 2", "wake 6", "reveal Heart")
    assert s.result().winners == (1,) and s.result().reason == "queens"


@pytest.mark.parametrize("players", [4, 5])
def test_forty_points_win_with_four_or_five_players(players):
    hands = [["King", "1", "2", "3", "4"]] + [["5", "6", "7", "8", "9"]] * (players - 1)
    queens = [["Cat", "Pancake"]] + [[] for _ in range(players - 1)]  # 30 points, 2 Queens
    s = position(hands=hands, queens=queens)
    run(s, "King 5", "reveal Moon")  # 40 points with 3 Queens
    assert s.result().winners == (0,) and s.result().reason == "points"


def test_a_defenders_draw_is_hidden_from_the_others():
    s = position(hands=[["Knight", "1", "2", "3", "4"], ["Dragon", "6", "7", "8", "9"], ["1", "2", "3", "4", "5"]],
                 queens=[[], ["Moon"], []])
    run(s, "Knight p1 Moon", "block", "deal King")
    assert s.observation(1)["log"][-1] == {"kind": "draw", "seat": 1, "card": "King", "reason": "defend"}
    assert s.observation(0)["log"][-1] == s.observation(2)["log"][-1] == s.observation(None)["log"][-1] == \
        {"kind": "draw", "seat": 1, "card": None, "reason": "defend"}
    assert s.information_state(0) != s.information_state(1)


def test_described_positions_show_each_seat_its_own_hand_and_everyone_the_table():
    s = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[["Moon"], []],
                 grid=["empty", "Dog"] + ["unseen"] * 10, discard=["7"])
    public = [{"kind": "holds", "seat": 0, "cards": None, "count": 5},
              {"kind": "holds", "seat": 1, "cards": None, "count": 5},
              {"kind": "has", "seat": 0, "queens": ["Moon"]}, {"kind": "asleep", "place": 2, "queen": "Dog"},
              {"kind": "pile", "cards": ["7"]}]
    assert s.observation(None)["log"] == public
    assert s.observation(0)["log"] == [dict(public[0], cards=["1", "2", "3", "4", "King"])] + public[1:]
    assert s.observation(1)["log"] == public[:1] + [dict(public[1], cards=["5", "6", "7", "8", "9"])] + public[2:]
    with pytest.raises(KitError, match="every hand holds 5 cards"):
        position(hands=[["King"], ["5", "6", "7", "8", "9"]])
    with pytest.raises(KitError, match="already reaches the target"):
        position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[["Heart", "Cat", "Pancake"], []])

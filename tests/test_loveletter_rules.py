"""Known-answer tests of the Love Letter rules engine, one per rule and ruling of docs/rules/loveletter.md.

Every round here is scripted: each chance step is given as ``"deal Card"``, so the
deck order is fixed and every outcome is exact.  Helpers are in ``ll_helpers.py``.
Match-level rulings (next starter, end of game, ages) belong to ``Match`` and are
not tested here.
"""

from __future__ import annotations

import json
import os
import sys
from fractions import Fraction as F

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from ll_helpers import (  # noqa: E402
    CONFIGS, check_state, check_terminal, config_id, game_of, names, quiet_play, run, start, turns,
)

from kit.core import (  # noqa: E402
    CHANCE, TERMINAL, GameOverError, InvalidActionError, KitError, loads,
    sorted_actions,
)
from kit.loveletter import Card2019, CardClassic, Deal, Keep, LoveLetter, Play  # noqa: E402
from protocol_helpers import refused, texts  # noqa: E402

EDITIONS = ["classic", "2019"]




# ====================================================================== editions
def test_classic_edition_has_16_cards_with_printed_values_and_copies():
    g = LoveLetter(2, edition="classic")
    assert g.edition.deck_size == 16
    got = {str(c): (int(c), g.edition.counts[int(c)]) for c in g.cards}
    assert got == {"Guard": (1, 5), "Priest": (2, 2), "Baron": (3, 2), "Handmaid": (4, 2),
                   "Prince": (5, 2), "King": (6, 1), "Countess": (7, 1), "Princess": (8, 1)}


def test_2019_edition_has_21_cards_with_printed_values_and_copies():
    g = LoveLetter(2, edition="2019")
    assert g.edition.deck_size == 21
    got = {str(c): (int(c), g.edition.counts[int(c)]) for c in g.cards}
    assert got == {"Spy": (0, 2), "Guard": (1, 6), "Priest": (2, 2), "Baron": (3, 2),
                   "Handmaid": (4, 2), "Prince": (5, 2), "Chancellor": (6, 2), "King": (7, 1),
                   "Countess": (8, 1), "Princess": (9, 1)}


@pytest.mark.parametrize("edition,variant,lo,hi", [
    ("classic", None, 2, 4), ("classic", "first-publisher", 2, 4), ("2019", None, 2, 6)])
def test_player_range_per_edition(edition, variant, lo, hi):
    for n in range(lo, hi + 1):
        assert LoveLetter(n, edition=edition, variant=variant).num_players == n
    for n in (0, 1, lo - 1, hi + 1, hi + 2):
        if lo <= n <= hi:
            continue
        with pytest.raises(KitError):
            LoveLetter(n, edition=edition, variant=variant)


@pytest.mark.parametrize("edition,variant,targets", [
    ("classic", None, {2: 5, 3: 4, 4: 3}),
    ("2019", None, {2: 6, 3: 5, 4: 4, 5: 3, 6: 3}),
    ("classic", "first-publisher", {2: 7, 3: 5, 4: 4}),
])
def test_tokens_to_win_per_player_count(edition, variant, targets):
    for n, t in targets.items():
        assert LoveLetter(n, edition=edition, variant=variant).tokens_to_win == t


def test_first_publisher_is_a_named_variant_of_classic_never_the_default():
    assert not LoveLetter(2, edition="classic").edition.discard_tiebreak
    assert not LoveLetter(2).edition.discard_tiebreak
    fp = LoveLetter(2, edition="classic", variant="first-publisher")
    assert fp.edition.discard_tiebreak
    assert fp.edition.counts == LoveLetter(2, edition="classic").edition.counts
    with pytest.raises(KitError):
        LoveLetter(2, edition="2019", variant="first-publisher")
    with pytest.raises(KitError):
        LoveLetter(2, edition="classic", variant="house-rules")
    with pytest.raises(KitError):
        LoveLetter(2, edition="1st")
    with pytest.raises(KitError, match="variant of the classic edition"):  # a variant, not a third edition
        LoveLetter(2, edition="first-publisher")


# ====================================================================== setup
@pytest.mark.parametrize("edition", EDITIONS)
def test_setup_sets_aside_one_card_face_down_seen_by_nobody(edition):
    s = start(3, edition, aside="Princess", hands=["Guard", "Guard", "Priest"], draw="Guard")
    assert str(s.set_aside()) == "Princess"
    for p in range(3):
        assert "Princess" not in s.information_state(p)
        assert "a card is set aside face down" in s.information_state(p)
        obs = s.observation(p)
        assert obs["set_aside"] is True and "Princess" not in str(obs)


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_player_setup_has_three_face_up_cards_seen_by_everyone(edition):
    s = start(2, edition, aside="Guard", faceup=("Princess", "King", "Baron"), hands=["Priest", "Guard"],
              draw="Guard")
    assert names(s.face_up()) == ["Princess", "King", "Baron"]
    for p in range(2):
        info = s.information_state(p)
        assert "face up Princess|face up King|face up Baron" in info
        assert s.observation(p)["face_up"] == ["Princess", "King", "Baron"]
    total = 16 if edition == "classic" else 21
    assert s.deck_size() == total - 1 - 3 - 2 - 1
    # the face-up cards are out of the round: not in the deck, never drawn
    assert all(str(c) != "Princess" for c in s.deck())


@pytest.mark.parametrize("cfg", [c for c in CONFIGS if c[2] > 2], ids=config_id)
def test_three_or_more_players_have_no_face_up_cards(cfg):
    s = game_of(cfg).new_initial_state()
    s.apply_action("deal Guard")
    assert s.phase == "deal" and s.face_up() == []


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_deck_size_after_setup_and_first_draw(cfg):
    g = game_of(cfg)
    n = g.num_players
    s = g.new_initial_state()
    steps = 0
    while s.current_player() == CHANCE:
        s.apply_action(s.chance_outcomes()[0][0])
        steps += 1
    assert steps == 1 + (3 if n == 2 else 0) + n + 1
    assert s.deck_size() == g.edition.deck_size - 1 - (3 if n == 2 else 0) - n - 1
    assert [len(s.hand(p)) for p in range(n)] == [2 if p == 0 else 1 for p in range(n)]


def test_deal_one_card_each_from_the_first_player_then_first_player_draws():
    g = LoveLetter(4, edition="2019")
    s = g.new_initial_state(first_player=2)
    run(s, "deal Princess", "deal Guard", "deal Priest", "deal Baron", "deal Handmaid")
    # dealt in seat order starting with the first player: p2, p3, p0, p1
    assert [names(s.hand(p)) for p in range(4)] == [["Baron"], ["Handmaid"], ["Guard"], ["Priest"]]
    assert s.current_player() == CHANCE and s.phase == "draw"
    s.apply_action("deal King")
    assert s.current_player() == 2 and names(s.hand(2)) == ["Guard", "King"]


def test_first_player_must_be_a_seat():
    g = LoveLetter(3)
    for bad in (-1, 3, "0", None):
        with pytest.raises(KitError):
            g.new_initial_state(first_player=bad)


# ====================================================================== chance
def test_chance_outcome_probabilities_are_exact_classic():
    s = LoveLetter(2, edition="classic").new_initial_state()
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [
        ("deal Guard", F(5, 16)), ("deal Priest", F(1, 8)), ("deal Baron", F(1, 8)),
        ("deal Handmaid", F(1, 8)), ("deal Prince", F(1, 8)), ("deal King", F(1, 16)),
        ("deal Countess", F(1, 16)), ("deal Princess", F(1, 16))]
    run(s, "deal Princess", "deal Guard")
    assert dict((str(a), p) for a, p in s.chance_outcomes()) == {
        "deal Guard": F(4, 14), "deal Priest": F(2, 14), "deal Baron": F(2, 14),
        "deal Handmaid": F(2, 14), "deal Prince": F(2, 14), "deal King": F(1, 14),
        "deal Countess": F(1, 14)}
    assert all(type(p) is F for _, p in s.chance_outcomes())


def test_chance_outcome_probabilities_are_exact_2019():
    s = LoveLetter(5, edition="2019").new_initial_state()
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [
        ("deal Spy", F(2, 21)), ("deal Guard", F(6, 21)), ("deal Priest", F(2, 21)),
        ("deal Baron", F(2, 21)), ("deal Handmaid", F(2, 21)), ("deal Prince", F(2, 21)),
        ("deal Chancellor", F(2, 21)), ("deal King", F(1, 21)), ("deal Countess", F(1, 21)),
        ("deal Princess", F(1, 21))]
    run(s, "deal Spy", "deal Spy", "deal King")
    outs = dict((str(a), p) for a, p in s.chance_outcomes())
    assert "deal Spy" not in outs and "deal King" not in outs
    assert outs["deal Guard"] == F(6, 18) and outs["deal Princess"] == F(1, 18)
    assert sum(outs.values()) == 1


def test_chance_refuses_a_card_that_is_not_left():
    s = LoveLetter(3, edition="classic").new_initial_state()
    run(s, "deal Princess")
    refused(s, "deal Princess", match="not a possible outcome")
    refused(s, Deal(Card2019.GUARD))          # a card of the other edition
    refused(s, "deal Spy", InvalidActionError)  # no Spy in the classic edition
    refused(s, Play(CardClassic.GUARD, 1, CardClassic.PRIEST))
    refused(s, Keep(CardClassic.GUARD, (CardClassic.PRIEST,)))


# ====================================================================== turns
def test_turn_draw_then_play_one_of_two_cards_face_up():
    s = start(3, "classic", aside="Princess", hands=["Handmaid", "Guard", "Priest"], draw="Baron")
    assert s.current_player() == 0 and names(s.hand(0)) == ["Handmaid", "Baron"]
    assert {str(a.card) for a in s.legal_actions()} == {"Handmaid", "Baron"}
    s.apply_action("Handmaid")
    assert names(s.hand(0)) == ["Baron"] and names(s.discards(0)) == ["Handmaid"]
    for p in range(3):
        assert s.observation(p)["discards"][0] == ["Handmaid"]


def test_play_passes_clockwise_from_the_first_player():
    s = start(4, "2019", first=2, aside="Princess", hands=["Guard", "Priest", "Handmaid", "Spy"])
    order = []
    for draw in ["Handmaid", "Priest", "Guard", "Guard", "Guard"]:
        s.apply_action(f"deal {draw}")
        order.append(s.current_player())
        s.apply_action(quiet_play(s))
    assert order == [2, 3, 0, 1, 2]


def test_played_and_discarded_cards_stay_visible_in_order_per_player():
    s = start(3, "2019", aside="Princess", hands=["Prince", "Handmaid", "Baron"], draw="Priest")
    run(s, "Priest p1", "deal Guard", "Guard p2 Spy", "deal Countess", "Countess",
        "deal Guard", "Prince p1", "deal Spy")
    want = [["Priest", "Prince"], ["Guard", "Handmaid"], ["Countess"]]
    assert [names(s.discards(p)) for p in range(3)] == want
    for p in range(3):
        assert s.observation(p)["discards"] == want


def test_legal_actions_are_sorted_and_unique():
    s = start(4, "2019", aside="Princess", hands=["Guard", "Priest", "Handmaid", "Spy"], draw="Prince")
    legal = s.legal_actions()
    assert list(legal) == sorted_actions(legal)
    assert len(set(legal)) == len(legal)


# ====================================================================== Guard
@pytest.mark.parametrize("edition", EDITIONS)
def test_guard_right_guess_puts_the_target_out(edition):
    s = start(3, edition, aside="Princess", hands=["Guard", "Priest", "Baron"], draw="Handmaid")
    s.apply_action("Guard p1 Priest")
    assert s.alive() == [True, False, True]
    assert names(s.hand(1)) == [] and names(s.discards(1)) == ["Priest"]
    for p in range(3):
        assert "p1 is out (guard) showing Priest" in s.information_state(p)
    s.apply_action("deal Guard")
    assert s.current_player() == 2  # p1 is skipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_guard_wrong_guess_does_nothing(edition):
    s = start(3, edition, aside="Princess", hands=["Guard", "Priest", "Baron"], draw="Handmaid")
    s.apply_action("Guard p1 Baron")
    assert s.alive() == [True, True, True]
    assert names(s.hand(1)) == ["Priest"] and names(s.hand(2)) == ["Baron"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_guard_may_not_name_guard(edition):
    s = start(3, edition, aside="Princess", hands=["Guard", "Guard", "Baron"], draw="Handmaid")
    assert not any(a.guess is not None and str(a.guess) == "Guard" for a in s.legal_actions())
    refused(s, "Guard p1 Guard", match="may not name the Guard")
    assert s.alive() == [True, True, True]


@pytest.mark.parametrize("edition,named", [
    ("classic", ["Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Princess"]),
    ("2019", ["Spy", "Priest", "Baron", "Handmaid", "Prince", "Chancellor", "King", "Countess", "Princess"]),
])
def test_guard_may_name_every_other_card_of_the_edition(edition, named):
    s = start(3, edition, aside="Princess", hands=["Guard", "Priest", "Baron"], draw="Handmaid")
    guards = [a for a in s.legal_actions() if str(a.card) == "Guard"]
    for t in (1, 2):
        assert [str(a.guess) for a in guards if a.target == t] == named
    assert {a.target for a in guards} == {1, 2}


def test_guard_naming_spy_puts_a_spy_holder_out():
    s = start(3, "2019", aside="Princess", hands=["Guard", "Spy", "Baron"], draw="Handmaid")
    s.apply_action("Guard p1 Spy")
    assert s.alive() == [True, False, True]
    assert names(s.discards(1)) == ["Spy"]


def test_guard_must_name_a_card_and_choose_another_player():
    s = start(3, "classic", aside="Princess", hands=["Guard", "Priest", "Baron"], draw="Handmaid")
    refused(s, "Guard p1", match="must name a card")
    refused(s, "Guard p0 Priest", match="another player")
    refused(s, "Guard", match="must choose a player")
    refused(s, "Guard p3 Priest", match="no seat")
    refused(s, "Handmaid p1 Priest")


# ====================================================================== Priest
@pytest.mark.parametrize("edition", EDITIONS)
def test_priest_peek_is_visible_only_to_its_player(edition):
    s = start(3, edition, aside="Princess", hands=["Priest", "Baron", "Guard"], draw="Handmaid")
    others_before = [s.information_state(p) for p in (1, 2)]
    s.apply_action("Priest p1")
    assert s.information_state(0).endswith("p0 plays Priest on p1|p0 sees p1 holds Baron")
    assert s.observation(0)["log"][-1] == {"kind": "peek", "seat": 0, "target": 1, "card": "Baron"}
    for p, before in zip((1, 2), others_before):
        info = s.information_state(p)
        assert info == before + "|p0 plays Priest on p1"
        assert "sees" not in info and "peek" not in str(s.observation(p))
        assert s.observation(p)["log"][-1] == {"kind": "play", "seat": 0, "card": "Priest", "target": 1,
                                               "guess": None}
    assert "Baron" not in s.information_state(2)
    # the peek changes nothing
    assert names(s.hand(1)) == ["Baron"] and s.alive() == [True, True, True]


# ====================================================================== Baron
@pytest.mark.parametrize("edition", EDITIONS)
def test_baron_lower_value_is_out_target_lower(edition):
    s = start(3, edition, aside="Princess", hands=["Baron", "Priest", "Guard"], draw="Prince")
    s.apply_action("Baron p1")
    assert s.alive() == [True, False, True]
    assert names(s.hand(0)) == ["Prince"] and names(s.discards(1)) == ["Priest"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_baron_lower_value_is_out_player_lower(edition):
    s = start(3, edition, aside="Princess", hands=["Baron", "King", "Guard"], draw="Guard")
    s.apply_action("Baron p1")
    assert s.alive() == [False, True, True]
    assert names(s.discards(0)) == ["Baron", "Guard"] and names(s.hand(1)) == ["King"]
    s.apply_action("deal Priest")
    assert s.current_player() == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_baron_tie_does_nothing(edition):
    s = start(3, edition, aside="Princess", hands=["Baron", "Priest", "Guard"], draw="Priest")
    s.apply_action("Baron p1")
    assert s.alive() == [True, True, True]
    assert names(s.hand(0)) == ["Priest"] and names(s.hand(1)) == ["Priest"]
    assert not any(e["kind"] == "out" for e in s.observation(2)["log"])
    assert s.observation(2)["log"][-1]["kind"] == "play"  # p2 does not see the (equal) hands


def test_baron_comparison_is_secret_between_the_two_players():
    s = start(3, "2019", aside="Princess", hands=["Baron", "Priest", "Guard"], draw="Prince")
    s.apply_action("Baron p1")
    for p in (0, 1):
        assert "Baron: p0 has Prince, p1 has Priest" in s.information_state(p)
    third = s.information_state(2)
    assert "Prince" not in third  # the winner's card stays hidden from p2
    assert "p1 is out (baron) showing Priest" in third  # the loser discards face up


# ====================================================================== Handmaid
def test_handmaid_protects_against_other_players_cards():
    s = start(3, "2019", aside="Princess", hands=["Guard", "Prince", "Baron"], draw="Handmaid")
    s.apply_action("Handmaid")
    assert s.protected() == [True, False, False]
    s.apply_action("deal King")
    assert texts(s.legal_actions()) == ["Prince p1", "Prince p2", "King p2"]
    refused(s, "King p0", match="protected by a Handmaid")
    refused(s, "Prince p0", match="protected by a Handmaid")
    s.apply_action("King p2")
    s.apply_action("deal Guard")
    assert all(a.target != 0 for a in s.legal_actions())
    refused(s, "Guard p0 Priest", match="protected")


def test_handmaid_protection_ends_at_start_of_own_turn():
    s = start(3, "classic", aside="Princess", hands=["Guard", "Priest", "Baron"], draw="Handmaid")
    s.apply_action("Handmaid")
    turns(s, ("Guard", "Guard p2 Priest"), ("Guard", "Guard p1 Baron"))
    assert s.protected() == [False, False, False]  # p0's turn has started (its draw is next)
    assert s.current_player() == CHANCE and s.phase == "draw"
    turns(s, ("Guard", "Guard p1 Baron"))
    s.apply_action("deal Guard")
    assert {a.target for a in s.legal_actions()} == {0, 2}
    s.apply_action("Guard p0 Priest")
    assert s.alive() == [True, True, True]


def test_handmaid_protects_through_a_full_round_of_other_turns():
    s = start(4, "2019", aside="Princess", hands=["Guard", "Guard", "Guard", "Guard"], draw="Handmaid")
    s.apply_action("Handmaid")
    for draw in ("Priest", "Priest", "Baron"):
        s.apply_action(f"deal {draw}")
        assert all(a.target != 0 for a in s.legal_actions())
        assert s.protected()[0]
        s.apply_action(next(str(a) for a in s.legal_actions() if a.target is not None))
    assert not s.protected()[0]


# ====================================================================== Prince
@pytest.mark.parametrize("edition", EDITIONS)
def test_prince_may_choose_yourself(edition):
    s = start(3, edition, aside="Princess", hands=["Prince", "Guard", "Guard"], draw="Baron")
    assert texts(s.legal_actions())[-3:] == ["Prince p0", "Prince p1", "Prince p2"]
    deck = s.deck_size()
    s.apply_action("Prince p0")
    assert names(s.discards(0)) == ["Prince", "Baron"] and s.hand(0) == []
    assert s.current_player() == CHANCE and s.phase == "prince-draw"
    s.apply_action("deal Handmaid")
    assert names(s.hand(0)) == ["Handmaid"] and s.deck_size() == deck - 1
    assert s.phase == "draw"
    s.apply_action("deal Guard")
    assert s.current_player() == 1


@pytest.mark.parametrize("discarded", ["Handmaid", "Baron", "Guard", "Priest", "King", "Chancellor", "Spy"])
def test_prince_discard_has_no_effect_and_target_draws_one_card(discarded):
    s = start(3, "2019", aside="Princess", hands=["Prince", discarded, "Guard"], draw="Guard")
    deck = s.deck_size()
    s.apply_action("Prince p1")
    assert names(s.discards(1)) == [discarded] and s.hand(1) == []
    assert s.protected() == [False, False, False]
    assert s.alive() == [True, True, True]
    s.apply_action("deal Countess")
    assert names(s.hand(1)) == ["Countess"] and s.deck_size() == deck - 1
    assert names(s.hand(0)) == ["Guard"] and names(s.hand(2)) == ["Guard"]
    assert s.phase == "draw"  # straight on to p1's own turn: no Chancellor draw, no choice
    s.apply_action("deal Guard")
    assert s.current_player() == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_prince_discarding_princess_eliminates_and_draws_nothing(edition):
    s = start(3, edition, aside="Baron", hands=["Prince", "Princess", "Guard"], draw="Guard")
    deck = s.deck_size()
    s.apply_action("Prince p1")
    assert s.alive() == [True, False, True]
    assert names(s.discards(1)) == ["Princess"] and s.hand(1) == []
    assert s.deck_size() == deck
    assert s.phase == "draw"  # p2's draw, not a Prince draw for p1
    s.apply_action("deal Guard")
    assert s.current_player() == 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_prince_on_yourself_holding_princess_puts_you_out(edition):
    s = start(3, edition, aside="Baron", hands=["Prince", "Guard", "Guard"], draw="Princess")
    s.apply_action("Prince p0")
    assert s.alive() == [False, True, True]
    assert names(s.discards(0)) == ["Prince", "Princess"]
    s.apply_action("deal Priest")
    assert s.current_player() == 1


def test_prince_on_empty_deck_takes_set_aside_card():
    s = start(2, "classic", aside="Countess", faceup=("King", "Baron", "Baron"), hands=["Guard", "Guard"])
    turns(s, "Guard", "Guard", "Guard", "Priest", "Priest", "Handmaid", "Handmaid", "Princess", "Prince")
    assert s.deck_size() == 1
    turns(s, ("Prince", "Prince p0"))
    assert s.deck_size() == 0 and s.phase == "prince-draw"
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("deal Countess", 1)]
    refused(s, "deal Guard")
    s.apply_action("deal Countess")
    assert names(s.hand(0)) == ["Countess"] and s.set_aside() is None
    assert "p0 draws Countess from set-aside" in s.information_state(0)
    assert "p0 draws ? from set-aside" in s.information_state(1)
    assert s.is_terminal()  # the deck is empty at the end of the turn
    res = s.result()
    assert (res.winners, res.reason) == ((1,), "deck-empty")  # Princess 8 beats Countess 7
    assert s.returns() == [0, 1]
    check_terminal(s)


def test_prince_on_empty_deck_a_discarded_princess_puts_the_target_out_and_they_draw_nothing():
    from kit.loveletter.endgame import endgame

    s = endgame(edition="classic", to_move=0, face_up=["Guard", "Guard", "Guard"],
                played=[["Guard", "Priest", "Baron", "Handmaid"], ["Priest", "Baron", "Handmaid", "Prince", "King"]],
                hands=["Guard", "Princess"], deck=1)
    run(s, "deal Countess", "deal Prince")  # the set-aside card; p0 draws the last card
    assert s.deck_size() == 0
    s.apply_action("Prince p1")
    assert s.alive() == [True, False] and s.hand(1) == []
    assert names(s.discards(1))[-1] == "Princess"
    assert names([s.set_aside()]) == ["Countess"]  # not taken: the target drew nothing
    assert s.is_terminal() and s.result().winners == (0,) and s.result().reason == "last-standing"
    check_terminal(s)


@pytest.mark.parametrize("edition", EDITIONS)
def test_prince_must_choose_self_when_all_others_protected(edition):
    faceup = ("King", "Baron", "Baron")
    s = start(2, edition, aside="Princess", faceup=faceup, hands=["Guard", "Guard"], draw="Handmaid")
    s.apply_action("Handmaid")
    s.apply_action("deal Prince")
    assert texts(s.legal_actions()) == ["Guard", "Prince p1"]
    refused(s, "Prince p0", match="protected")
    refused(s, "Prince", match="must choose a player")
    s.apply_action("Prince p1")
    assert names(s.discards(1)) == ["Prince", "Guard"]


def test_prince_must_choose_self_when_others_are_out_or_protected():
    s = start(3, "2019", aside="Princess", hands=["Guard", "Handmaid", "Priest"], draw="Guard")
    s.apply_action("Guard p2 Priest")
    turns(s, ("Prince", "Handmaid"))
    s.apply_action("deal Prince")
    assert texts(s.legal_actions()) == ["Guard", "Prince p0"]


# ====================================================================== Chancellor
def test_chancellor_draws_two_keeps_one_and_returns_two():
    s = start(3, "2019", aside="Princess", hands=["Chancellor", "Guard", "Guard"], draw="Priest")
    deck = s.deck_size()
    s.apply_action("Chancellor")
    assert s.phase == "chancellor-draw" and s.current_player() == CHANCE
    run(s, "deal Baron", "deal Spy")
    assert s.current_player() == 0 and s.phase == "chancellor-keep"
    assert names(s.hand(0)) == ["Priest", "Baron", "Spy"]
    assert sorted(texts(s.legal_actions())) == sorted([
        "keep Spy under Priest Baron", "keep Spy under Baron Priest",
        "keep Priest under Spy Baron", "keep Priest under Baron Spy",
        "keep Baron under Spy Priest", "keep Baron under Priest Spy"])
    refused(s, "keep Spy under Priest", match="not allowed")
    refused(s, "keep Guard under Priest Baron")
    refused(s, "Priest p1")
    s.apply_action("keep Spy under Baron Priest")
    assert names(s.hand(0)) == ["Spy"] and names(s.deck_bottom()) == ["Baron", "Priest"]
    assert s.deck_size() == deck
    # Spy was kept, not played or discarded
    assert "Spy" not in names(s.discards(0))
    assert s.information_state(0).endswith("p0 draws Baron|p0 draws Spy|p0 puts under the deck Baron Priest")
    for p in (1, 2):
        info = s.information_state(p)
        assert info.endswith("p0 plays Chancellor|p0 draws ?|p0 draws ?|p0 puts 2 cards under the deck")
        assert "Baron" not in info and "Spy" not in info


def test_chancellor_returning_the_princess_under_the_deck_does_not_put_you_out():
    # Returning a card is neither playing nor discarding it.
    s = start(3, "2019", aside="Guard", hands=["Chancellor", "Guard", "Guard"], draw="Priest")
    run(s, "Chancellor", "deal Princess", "deal Spy", "keep Spy under Princess Priest")
    assert s.alive() == [True, True, True] and names(s.hand(0)) == ["Spy"]
    assert names(s.deck_bottom()) == ["Princess", "Priest"] and "Princess" not in names(s.discards(0))
    assert not s.is_terminal() and s.current_player() == CHANCE


def test_chancellor_keep_and_order_puts_cards_at_bottom_drawn_in_that_order():
    s = start(2, "2019", aside="Princess", faceup=("King", "Chancellor", "Baron"), hands=["Chancellor", "Baron"])
    turns(s, ("Guard", "Chancellor", "deal Prince", "deal Countess", "keep Guard under Countess Prince"))
    assert names(s.deck_bottom()) == ["Countess", "Prince"]
    assert s.deck_size() == 14 and sum(s.deck().values()) == 12
    # while the unordered part lasts, draws come from it
    turns(s, "Guard", "Guard", "Guard", "Guard", "Guard", "Priest", "Priest", "Handmaid", "Handmaid",
          "Spy", "Spy", "Prince")
    assert s.deck() == {} and names(s.deck_bottom()) == ["Countess", "Prince"]
    assert s.current_player() == CHANCE
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("deal Countess", 1)]
    refused(s, "deal Prince")
    s.apply_action("deal Countess")
    assert names(s.hand(1)) == ["Baron", "Countess"]
    # the Chancellor's player knew that card; the bottom card is seen by its placer too
    assert s.information_state(0).endswith("p1 draws Countess")
    s.apply_action("Countess")
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("deal Prince", 1)]
    s.apply_action("deal Prince")
    assert s.deck_size() == 0
    s.apply_action("Prince p1")  # deck empty: p1 takes the set-aside Princess
    run(s, "deal Princess")
    assert s.is_terminal() and s.result().winners == (1,)
    check_terminal(s)


def _chancellor_endgame():
    """2019, 2 players: p1 plays a Chancellor with one card left in the deck."""
    s = start(2, "2019", aside="Baron", faceup=("Baron", "Princess", "King"), hands=["Spy", "Spy"])
    turns(s, ("Guard", "Spy"), ("Guard", "Spy"), "Prince", "Prince", "Guard", "Guard", "Guard", "Guard",
          "Priest", "Priest", "Handmaid", "Handmaid", "Countess")
    s.apply_action("deal Chancellor")
    assert s.current_player() == 1 and names(s.hand(1)) == ["Prince", "Chancellor"]
    assert s.deck_size() == 1
    return s


def test_chancellor_with_one_card_in_deck_returns_one():
    s = _chancellor_endgame()
    s.apply_action("Chancellor")
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("deal Chancellor", 1)]
    s.apply_action("deal Chancellor")
    assert s.deck_size() == 0 and s.phase == "chancellor-keep"
    assert sorted(texts(s.legal_actions())) == ["keep Chancellor under Prince", "keep Prince under Chancellor"]
    refused(s, "keep Prince", match="not allowed")
    s.apply_action("keep Prince under Chancellor")
    assert names(s.hand(1)) == ["Prince"] and names(s.deck_bottom()) == ["Chancellor"]
    assert s.deck_size() == 1 and not s.is_terminal()  # the deck is not empty: play goes on
    assert s.information_state(0).endswith("p1 puts 1 card under the deck")


def test_chancellor_with_empty_deck_has_no_effect():
    s = _chancellor_endgame()
    run(s, "Chancellor", "deal Chancellor", "keep Prince under Chancellor")
    s.apply_action("deal Chancellor")  # p0 draws the returned card: the deck is now empty
    assert s.deck_size() == 0 and names(s.hand(0)) == ["Prince", "Chancellor"]
    s.apply_action("Chancellor")
    assert names(s.hand(0)) == ["Prince"] and s.deck_bottom() == []
    assert s.is_terminal()  # no draw, no choice: the turn ends and with it the round
    res = s.result()
    assert res.reason == "deck-empty" and res.winners == (0, 1)  # Prince against Prince
    assert res.spy is None  # both players played a Spy
    assert s.returns() == [1, 1]
    check_terminal(s)


# ====================================================================== King
@pytest.mark.parametrize("edition", EDITIONS)
def test_king_trades_hands(edition):
    s = start(3, edition, aside="Princess", hands=["King", "Baron", "Priest"], draw="Guard")
    s.apply_action("King p1")
    assert names(s.hand(0)) == ["Baron"] and names(s.hand(1)) == ["Guard"]
    assert names(s.hand(2)) == ["Priest"]
    for p in (0, 1):
        assert "King: p0 gives Guard to p1 for Baron" in s.information_state(p)
    assert "King:" not in s.information_state(2) and "Baron" not in s.information_state(2)


def test_king_may_not_choose_yourself():
    s = start(3, "2019", aside="Princess", hands=["King", "Baron", "Priest"], draw="Guard")
    refused(s, "King p0", match="another player")
    refused(s, "King", match="must choose a player")


# ====================================================================== Countess
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("royal", ["King", "Prince"])
@pytest.mark.parametrize("countess_dealt", [True, False])
def test_countess_must_be_played_with_king_or_prince(edition, royal, countess_dealt):
    first, drawn = ("Countess", royal) if countess_dealt else (royal, "Countess")
    s = start(3, edition, aside="Princess", hands=[first, "Guard", "Guard"], draw=drawn)
    assert texts(s.legal_actions()) == ["Countess"]
    refused(s, f"{royal} p1", match="Countess must be played")
    s.apply_action("Countess")
    assert names(s.hand(0)) == [royal]


@pytest.mark.parametrize("edition", EDITIONS)
def test_countess_may_always_be_played_by_choice_and_has_no_effect(edition):
    s = start(3, edition, aside="Princess", hands=["Countess", "Guard", "Baron"], draw="Priest")
    legal = texts(s.legal_actions())
    assert "Countess" in legal and "Priest p1" in legal
    before = [s.hand(p) for p in range(3)]
    s.apply_action("Countess")
    assert [s.hand(p) for p in range(3)][1:] == before[1:]
    assert s.alive() == [True, True, True] and s.protected() == [False, False, False]


def test_countess_with_other_cards_leaves_the_choice_open():
    s = start(3, "2019", aside="Baron", hands=["Countess", "Guard", "Baron"], draw="Princess")
    assert texts(s.legal_actions()) == ["Countess", "Princess"]


# ====================================================================== Princess
@pytest.mark.parametrize("edition", EDITIONS)
def test_playing_the_princess_puts_you_out(edition):
    s = start(3, edition, aside="Baron", hands=["Princess", "Guard", "Priest"], draw="Guard")
    assert "Princess" in texts(s.legal_actions())
    s.apply_action("Princess")
    assert s.alive() == [False, True, True]
    assert names(s.discards(0)) == ["Princess", "Guard"]  # the other card is discarded with no effect


@pytest.mark.parametrize("edition", EDITIONS)
def test_princess_named_by_guard_puts_holder_out(edition):
    s = start(2, edition, aside="Baron", faceup=("Baron", "King", "Countess"), hands=["Guard", "Princess"],
              draw="Guard")
    s.apply_action("Guard p1 Princess")
    assert s.is_terminal() and s.result().winners == (0,)


# ====================================================================== Spy
def test_spy_has_no_effect_when_played():
    s = start(3, "2019", aside="Princess", hands=["Spy", "Guard", "Baron"], draw="Priest")
    before = [s.hand(p) for p in (1, 2)]
    assert "Spy" in texts(s.legal_actions())
    s.apply_action("Spy")
    assert [s.hand(p) for p in (1, 2)] == before and s.alive() == [True, True, True]
    assert s.protected() == [False, False, False] and s.phase == "draw"


def test_spy_bonus_only_if_exactly_one_player_still_in():
    # p0 and p1 both play a Spy; p0 is then put out; p1, the only player in who
    # played a Spy, gains the bonus.
    s = start(3, "2019", aside="Princess", hands=["Spy", "Spy", "Baron"], draw="Priest")
    s.apply_action("Spy")
    turns(s, ("Guard", "Spy"), ("Guard", "Guard p0 Priest"))
    assert s.alive() == [False, True, True]
    turns(s, ("Handmaid", "Guard p2 Baron"))
    assert s.is_terminal()
    res = s.result()
    assert res.winners == (1,) and res.reason == "last-standing" and res.spy == 1
    assert s.returns() == [0, 2, 0]
    check_terminal(s)


def test_no_spy_bonus_when_two_players_still_in_played_a_spy():
    s = _chancellor_endgame()  # both players played a Spy and stay in to the end
    run(s, "Chancellor", "deal Chancellor", "keep Prince under Chancellor", "deal Chancellor", "Chancellor")
    assert s.is_terminal() and s.result().spy is None and s.returns() == [1, 1]


def _spy_loser_round():
    """2019, 2 players: p0 plays both Spies and loses the showdown to p1's King."""
    s = start(2, "2019", aside="Baron", faceup=("Baron", "Princess", "Chancellor"), hands=["Spy", "King"])
    turns(s, ("Guard", "Spy"), "Guard", "Prince", "Guard", ("Prince", "Prince p0", "deal Guard"),
          "Guard", "Guard", "Priest", "Priest", "Handmaid", "Handmaid", "Countess", ("Spy", "Spy"),
          ("Chancellor", "Chancellor"))
    return s


def test_spy_bonus_whether_or_not_round_winner():
    s = _spy_loser_round()
    assert s.is_terminal()
    res = s.result()
    assert res.reason == "deck-empty" and res.winners == (1,) and res.spy == 0
    assert s.returns() == [1, 1]
    check_terminal(s)


def test_two_spies_same_player_one_token():
    s = _spy_loser_round()
    assert names(s.discards(0)).count("Spy") == 2
    assert s.returns()[0] == 1
    # and when that player also wins the round: one for the round, one for the Spies
    s = start(2, "2019", aside="Baron", faceup=("Baron", "King", "Countess"), hands=["Spy", "Priest"],
              draw="Spy")
    s.apply_action("Spy")
    turns(s, ("Handmaid", "Handmaid"), ("Guard", "Spy"), ("Guard", "Guard p0 Priest"),
          ("Guard", "Guard p1 Priest"))
    assert s.is_terminal()
    assert s.result().winners == (0,) and s.result().spy == 0 and s.returns() == [2, 0]


def test_spy_discarded_by_prince_counts():
    s = start(2, "2019", aside="Baron", faceup=("Baron", "King", "Countess"), hands=["Prince", "Spy"],
              draw="Priest")
    run(s, "Prince p1", "deal Guard")
    assert names(s.discards(1)) == ["Spy"] and names(s.hand(1)) == ["Guard"]
    turns(s, ("Handmaid", "Guard p0 Priest"))
    assert s.is_terminal()
    res = s.result()
    assert res.winners == (1,) and res.reason == "last-standing" and res.spy == 1
    assert s.returns() == [0, 2]
    check_terminal(s)


def test_eliminated_spy_player_gets_no_bonus():
    s = start(2, "2019", aside="Baron", faceup=("Baron", "King", "Countess"), hands=["Spy", "Guard"],
              draw="Priest")
    s.apply_action("Spy")
    turns(s, ("Guard", "Guard p0 Priest"))
    assert s.is_terminal()
    res = s.result()
    assert res.winners == (1,) and res.reason == "last-standing" and res.spy is None
    assert s.returns() == [0, 1]
    check_terminal(s)


def test_classic_edition_has_no_spy_bonus():
    s = start(2, "classic", aside="Baron", faceup=("Baron", "King", "Countess"), hands=["Guard", "Priest"],
              draw="Guard")
    s.apply_action("Guard p1 Priest")
    assert s.result().spy is None and s.returns() == [1, 0]


# ====================================================================== choosing players
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("card", ["Guard", "Priest", "Baron", "King"])
def test_card_with_no_choosable_player_is_played_without_effect(edition, card):
    faceup = ("Prince", "Prince", "Countess")
    other = "Handmaid" if card != "Priest" else "Guard"
    s = start(2, edition, aside="Princess", faceup=faceup, hands=["Handmaid", other], draw="Guard")
    s.apply_action("Handmaid")
    s.apply_action(f"deal {card}")  # against p0's Guard a Baron would win, a King would trade
    mine = [a for a in s.legal_actions() if str(a.card) == card]
    assert texts(mine) == [card]
    refused(s, f"{card} p0" + (" Priest" if card == "Guard" else ""), match="protected")
    before = (s.hand(0), s.alive())
    s.apply_action(card)
    assert (s.hand(0), s.alive()) == before  # no elimination, no trade
    assert names(s.discards(1)) == [card]
    info = s.information_state(1)
    assert "sees" not in info and "Baron:" not in info and "King:" not in info


def test_card_with_no_choosable_player_three_players_one_out_one_protected():
    s = start(3, "classic", aside="Princess", hands=["Guard", "Handmaid", "Priest"], draw="Guard")
    s.apply_action("Guard p2 Priest")
    turns(s, ("King", "Handmaid"))
    s.apply_action("deal Baron")
    assert texts(s.legal_actions()) == ["Guard", "Baron"]
    s.apply_action("Baron")  # against p1's King the Baron would lose; it compares nothing
    assert s.alive() == [True, True, False]


def test_cards_cannot_choose_players_out_of_the_round():
    s = start(3, "2019", aside="Princess", hands=["Guard", "Priest", "Baron"], draw="Guard")
    s.apply_action("Guard p1 Priest")
    s.apply_action("deal Prince")
    assert all(a.target != 1 for a in s.legal_actions())
    refused(s, "Prince p1", match="out of the round")
    refused(s, "Baron p1", match="out of the round")


# ====================================================================== out of the round
def test_player_out_discards_hand_face_up_without_effect():
    s = start(3, "2019", aside="Princess", hands=["Guard", "Prince", "Baron"], draw="Guard")
    deck = s.deck_size()
    s.apply_action("Guard p1 Prince")
    assert names(s.discards(1)) == ["Prince"] and s.hand(1) == []
    assert s.deck_size() == deck and names(s.hand(2)) == ["Baron"]  # no Prince effect
    for p in range(3):
        assert s.observation(p)["discards"][1] == ["Prince"]


def test_player_out_is_skipped_for_the_rest_of_the_round():
    s = start(4, "classic", aside="Princess", hands=["Guard", "Priest", "Guard", "Guard"], draw="Guard")
    s.apply_action("Guard p1 Priest")
    seen = []
    for draw in ["Guard", "Priest", "Handmaid", "Handmaid", "Baron", "Baron"]:
        s.apply_action(f"deal {draw}")
        seen.append(s.current_player())
        assert all(a.target != 1 for a in s.legal_actions())
        s.apply_action(quiet_play(s))
    assert seen == [2, 3, 0, 2, 3, 0]


# ====================================================================== end of round
@pytest.mark.parametrize("edition", EDITIONS)
def test_round_ends_when_one_player_left(edition):
    s = start(3, edition, aside="Princess", hands=["Guard", "Priest", "Baron"], draw="Guard")
    s.apply_action("Guard p1 Priest")
    turns(s, ("Guard", "Guard p0 Baron"))
    assert not s.is_terminal()
    turns(s, ("Priest", "Guard p2 Baron"))
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.deck_size() > 0  # at once, with cards still in the deck
    res = s.result()
    assert res.winners == (0,) and res.reason == "last-standing"
    assert s.returns() == [1, 0, 0]
    check_terminal(s)


def test_round_over_refuses_every_action_with_game_over_error():
    s = start(2, "classic", aside="Baron", faceup=("Baron", "King", "Countess"), hands=["Guard", "Priest"],
              draw="Guard")
    s.apply_action("Guard p1 Priest")
    assert s.is_terminal() and s.legal_actions() == [] and s.chance_outcomes() == []
    refused(s, "deal Guard", GameOverError)
    refused(s, Play(CardClassic.GUARD, 1, CardClassic.PRIEST), GameOverError)
    refused(s, "Guard p1 Priest", GameOverError)
    refused(s, "zzz", InvalidActionError)


def _drain_classic(variant, hands, draws):
    """Classic, 2 players: the deck (10 harmless cards) runs out with both players in."""
    s = start(2, "classic", variant, aside="Princess", faceup=("Prince", "Prince", "King"), hands=hands)
    turns(s, *draws)
    assert s.is_terminal() and s.result().reason == "deck-empty"
    check_terminal(s)
    return s


def test_deck_empty_at_end_of_turn_highest_hand_wins():
    s = start(2, "classic", aside="Princess", faceup=("Prince", "Prince", "Baron"), hands=["King", "Baron"])
    turns(s, "Guard", "Guard", "Guard", "Guard", "Guard", "Priest", "Priest", "Handmaid", "Handmaid")
    assert s.deck_size() == 1 and not s.is_terminal()
    turns(s, "Countess")  # p1 draws the last card and plays it: the round ends after the turn
    res = s.result()
    assert s.is_terminal() and res.reason == "deck-empty" and res.winners == (0,)
    assert s.returns() == [1, 0]
    assert "round over (deck-empty), won by p0; hands p0 King, p1 Baron" in s.information_state(1)


@pytest.mark.parametrize("edition", EDITIONS)
def test_deck_empty_showdown_ties_all_win(edition):
    if edition == "classic":
        s = _drain_classic(None, ["Baron", "Baron"], ["Guard", "Guard", "Guard", "Priest", "Priest",
                                                      "Guard", "Guard", "Handmaid", "Handmaid", "Countess"])
    else:
        s = _chancellor_endgame()
        run(s, "Chancellor", "deal Chancellor", "keep Prince under Chancellor", "deal Chancellor", "Chancellor")
    assert s.result().winners == (0, 1) and s.returns() == [1, 1]


def test_deck_empty_showdown_four_players_two_tied_at_the_top():
    s = start(4, "classic", aside="Princess", hands=["Prince", "Prince", "Baron", "Baron"])
    turns(s, "Guard", "Guard", ("King", "King p3"), "Guard", "Guard", "Guard", "Priest", "Priest",
          "Handmaid", "Handmaid", "Countess")
    assert s.is_terminal()
    assert [names(s.hand(p)) for p in range(4)] == [["Prince"], ["Prince"], ["Baron"], ["Baron"]]
    res = s.result()
    assert res.reason == "deck-empty" and res.winners == (0, 1) and s.returns() == [1, 1, 0, 0]
    check_terminal(s)


def test_first_publisher_variant_tiebreak_by_discard_sum():
    draws = ["Guard", "Guard", "Guard", "Priest", "Priest", "Guard", "Guard", "Handmaid", "Handmaid", "Countess"]
    fp = _drain_classic("first-publisher", ["Baron", "Baron"], draws)
    classic = _drain_classic(None, ["Baron", "Baron"], draws)
    sums = [sum(int(c) for c in fp.discards(p)) for p in range(2)]
    assert sums == [1 + 1 + 2 + 1 + 4, 1 + 2 + 1 + 4 + 7]
    assert fp.result().winners == (1,) and fp.returns() == [0, 1]
    assert classic.result().winners == (0, 1) and classic.returns() == [1, 1]  # never by default


def test_first_publisher_tie_with_equal_discard_sums_all_win():
    draws = ["Countess", "Guard", "Guard", "Guard", "Guard", "Priest", "Guard", "Handmaid", "Priest", "Handmaid"]
    fp = _drain_classic("first-publisher", ["Baron", "Baron"], draws)
    assert [sum(int(c) for c in fp.discards(p)) for p in range(2)] == [12, 12]
    assert fp.result().winners == (0, 1) and fp.returns() == [1, 1]


def test_first_publisher_variant_higher_hand_still_wins_outright():
    draws = ["Countess", "Guard", "Guard", "Guard", "Guard", "Priest", "Guard", "Handmaid", "Priest", "Handmaid"]
    s = start(2, "classic", "first-publisher", aside="Princess", faceup=("Prince", "Prince", "Baron"),
              hands=["Baron", "King"])
    turns(s, *draws)
    assert s.result().winners == (1,)


# ====================================================================== information
def test_own_dealt_and_drawn_cards_are_seen_only_by_their_holder():
    s = start(3, "2019", aside="Princess", hands=["Guard", "Priest", "Baron"], draw="Handmaid")
    assert s.information_state(0).split("|")[2:] == [
        "p0 is dealt Guard", "p1 is dealt ?", "p2 is dealt ?", "p0 draws Handmaid"]
    assert s.information_state(1).split("|")[2:] == [
        "p0 is dealt ?", "p1 is dealt Priest", "p2 is dealt ?", "p0 draws ?"]
    assert s.observation(1)["hand"] == ["Priest"] and s.observation(0)["hand"] == ["Guard", "Handmaid"]


def test_information_state_names_the_seat():
    s = start(3, "2019", aside="Princess", hands=["Guard", "Guard", "Guard"], draw="Guard")
    assert len({s.information_state(p) for p in range(3)}) == 3
    with pytest.raises(KitError):
        s.information_state(3)
    with pytest.raises(KitError):
        s.observation(-1)


# ====================================================================== notation
@pytest.mark.parametrize("text,edition", [
    ("Guard p1 Priest", "classic"), ("Guard p1 Spy", "2019"), ("Priest p2", "2019"), ("Handmaid", "classic"),
    ("Prince p0", "2019"), ("keep Guard under Priest Baron", "2019"), ("keep Spy under Guard", "2019"),
    ("deal Princess", "classic"), ("deal Spy", "2019"), ("Guard", "2019"), ("Chancellor", "2019"),
])
def test_action_notation_round_trips(text, edition):
    g = LoveLetter(3, edition=edition)
    a = g.parse_action(text)
    assert str(a) == text and g.parse_action(str(a)) is a
    assert eval(repr(a), {"Play": Play, "Keep": Keep, "Deal": Deal, "Card2019": Card2019,
                          "CardClassic": CardClassic}) is a


def test_action_notation_is_case_insensitive():
    g = LoveLetter(3, edition="2019")
    assert g.parse_action("guard P1 priest") is g.parse_action("Guard p1 Priest")
    assert g.parse_action("KEEP spy UNDER guard") is Keep(Card2019.SPY, (Card2019.GUARD,))


@pytest.mark.parametrize("text,edition", [
    ("", "2019"), ("   ", "2019"), ("Spy", "classic"), ("Chancellor", "classic"), ("deal Spy", "classic"),
    ("Guard p1 Priest Baron", "2019"), ("Guard px Priest", "2019"), ("keep", "2019"), ("deal", "2019"),
    ("deal Guard Guard", "2019"), ("keep Guard Priest", "2019"), ("Knight", "2019"), ("Guard p1 Knight", "2019"),
    ("keep Guard under A B C D", "2019"), ("0", "classic"), ("deal ²", "2019"), ("Guard p² Priest", "2019"),
    ("deal ٣", "2019"), ("Guard p٣ Priest", "2019"), ("deal 12", "2019"),
])
def test_unreadable_notation_raises_invalid_action_error(text, edition):
    g = LoveLetter(3, edition=edition)
    with pytest.raises(InvalidActionError):
        g.parse_action(text)
    s = g.new_initial_state()
    refused(s, text, InvalidActionError)


def test_non_actions_raise_invalid_action_error_and_change_nothing():
    s = LoveLetter(3).new_initial_state()
    for junk in (None, 3, ["deal", "Guard"], {"card": "Guard"}, CardClassic.GUARD, s.legal_actions()):
        refused(s, junk, InvalidActionError, match="not a Love Letter action")
    s = start(3, "2019", aside="Princess", hands=["Guard", "Priest", "Baron"], draw="Handmaid")
    refused(s, s.legal_actions(), InvalidActionError)  # the whole list instead of one action


def test_play_objects_with_wrong_field_types_are_refused_with_illegal_action_error():
    s = start(3, "2019", aside="Princess", hands=["Guard", "Priest", "Baron"], draw="Handmaid")
    refused(s, Play(Card2019.GUARD, "1", Card2019.PRIEST), match="no seat")
    refused(s, Play(Card2019.GUARD, "p1", Card2019.PRIEST), match="no seat")
    refused(s, Play(Card2019.GUARD, 1.0, Card2019.PRIEST), match="no seat")
    refused(s, Play(Card2019.GUARD, True, Card2019.PRIEST), match="no seat")
    refused(s, Play(Card2019.GUARD, 1, "Priest"), match="not a card of the 2019 edition")
    refused(s, Play(Card2019.GUARD, 1, CardClassic.PRIEST), match="not a card of the 2019 edition")
    refused(s, Play("Guard", 1, Card2019.PRIEST), match="not a card of the 2019 edition")
    refused(s, Play(CardClassic.GUARD, 1, CardClassic.PRIEST), match="not a card of the 2019 edition")
    refused(s, Play(Card2019.HANDMAID, 1), match="does not choose a player")
    s.apply_action(Play(Card2019.GUARD, 1, Card2019.PRIEST))
    assert s.alive() == [True, False, True]


def test_equal_but_differently_typed_fields_do_not_rewrite_a_shared_action():
    a = Play(Card2019.GUARD, 1, Card2019.PRIEST)
    for other in (Play(Card2019.GUARD, True, Card2019.PRIEST), Play(Card2019.GUARD, 1.0, Card2019.PRIEST)):
        assert other is not a
    assert a.target == 1 and type(a.target) is int and str(a) == "Guard p1 Priest"
    assert Play(Card2019.GUARD, 1, Card2019.PRIEST) is a
    g = LoveLetter(3)
    assert g.parse_action("Guard p1 Priest") is a


def test_numpy_integer_seat_does_not_corrupt_the_shared_action():
    np = pytest.importorskip("numpy")
    a = Play(Card2019.KING, 1)
    b = Play(Card2019.KING, np.int64(1))
    assert b is not a and type(a.target) is int
    s = start(3, "2019", aside="Princess", hands=["King", "Priest", "Baron"], draw="Guard")
    refused(s, b, match="no seat")
    s.apply_action(a)
    doc = json.loads(s.to_json())  # still JSON-ready, with the plain int seat
    assert doc["state"]["history"][-1] == "King p1" and doc["state"]["log"][-1][:3] == ["trade", 0, 1]
    assert loads(s.to_json()).to_json() == s.to_json()


# ====================================================================== a few whole-round sanity checks
@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_scripted_first_outcome_round_ends_consistently(cfg):
    """Always the first chance outcome and the first legal action: the round ends and is coherent."""
    s = game_of(cfg).new_initial_state()
    while not s.is_terminal():
        check_state(s)
        s.apply_action(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    check_terminal(s)


# ====================================================================== the package's shape
def test_parse_action_is_exported_and_reads_either_edition():
    from kit.loveletter import parse_action

    assert parse_action("guard p1 priest") is Play(Card2019.GUARD, 1, Card2019.PRIEST)
    assert parse_action("King 2", "classic") is Play(CardClassic.KING, 2)
    assert parse_action("keep Spy under Guard", LoveLetter(3).edition) is Keep(Card2019.SPY, (Card2019.GUARD,))
    with pytest.raises(InvalidActionError, match="not a card of the classic edition"):
        parse_action("Spy", "classic")


def test_described_positions_are_built_by_the_public_constructor():
    from kit.loveletter import LoveLetterState
    from kit.loveletter.endgame import endgame

    g = LoveLetter(2, edition="classic")
    kw = dict(face_up=["Guard", "Priest", "Handmaid"],
              played=[["Guard", "Baron", "Handmaid", "King"], ["Guard", "Priest", "Baron", "Guard"]],
              hands=[None, None], deck=2)
    s = LoveLetterState.described(g, 0, **kw)
    assert s.to_json() == endgame("princess-hunt").to_json()
    assert s.current_player() == CHANCE and s.deck_size() == 5 and s.set_aside() is None
    assert [str(c) for c in s.discards(0)] == ["Guard", "Baron", "Handmaid", "King"]
    with pytest.raises(KitError, match="more cards than the edition has: Priest x3"):
        LoveLetterState.described(g, 0, **dict(kw, hands=["Priest", None]))
    with pytest.raises(KitError, match="5 cards are unseen but the description has 6 places"):
        LoveLetterState.described(g, 0, **dict(kw, deck=3))
    with pytest.raises(KitError, match="3 players set 0 cards aside face up"):
        LoveLetterState.described(LoveLetter(3, edition="classic"), 0, face_up=["Guard"],
                                  played=[[], [], []], hands=[None, None, None], deck=3)
    three = LoveLetterState.described(LoveLetter(3, edition="classic"), 2, played=[["Guard"] * 5, [], []],
                                      hands=[None, "Princess", None], deck=7)
    assert [e["kind"] for e in three.events()] == ["history"] * 5 + ["reveal"]
    for a in ["deal Priest", "deal Baron", "deal King", "deal Handmaid"]:  # p0, p2, the set-aside card, p2 draws
        three.apply_action(a)
    assert three.current_player() == 2 and "p1 holds Princess, known to all" in three.information_state(0)

"""Described endgames are positions some round reaches (issue 22): each rule that can make a description
unreachable is refused with a KitError saying what is wrong and what is allowed, and every gallery
position, the benchmarks' positions and their reachable neighbours are still accepted."""

from __future__ import annotations

import pytest

from kit.core import KitError
from kit.loveletter.position import GALLERY, endgame

CLASSIC = dict(edition="classic", face_up=["Guard", "Priest", "Handmaid"])


@pytest.mark.parametrize("name", sorted(GALLERY))
def test_every_gallery_position_is_reachable(name):
    assert endgame(name).phase == "deal"


def test_the_benchmark_positions_of_nine_and_ten_unseen_cards_are_reachable():
    nine = endgame(**CLASSIC, to_move=0, played=[["Guard", "Baron"], ["Guard", "Guard"]], hands=[None, None], deck=6)
    ten = endgame(**CLASSIC, to_move=0, played=[["Guard"], ["Guard", "Guard"]], hands=[None, None], deck=7)  # p1 began
    assert sum(nine.deck().values()) == 9 and sum(ten.deck().values()) == 10


def test_turns_alternate_so_pile_lengths_follow_who_began():
    # the example: p0 three cards, p1 two, p0 to move, no Prince to explain the extra card
    with pytest.raises(KitError, match=r"p0 has played 3 cards and p1 2, with p0 to move: turns alternate.*"
                                       r"Give p0 as many cards as p1, or one card fewer"):
        endgame(**CLASSIC, to_move=0, played=[["Guard", "Baron", "Guard"], ["Guard", "Guard"]], hands=[None, None],
                deck=5)
    # the same piles with p1 to move: p0 began and has had one turn more
    assert endgame(**CLASSIC, to_move=1, played=[["Guard", "Baron", "Guard"], ["Guard", "Guard"]],
                   hands=[None, None], deck=5).phase == "deal"


def test_a_prince_adds_its_targets_discard_to_the_pile_lengths():
    # p1's Prince made p0 discard: p0 three cards, p1 two, p0 to move is reachable now (p0 began)
    s = endgame(**CLASSIC, to_move=0, played=[["Guard", "Baron", "Guard"], ["Guard", "Prince"]], hands=[None, None],
                deck=5)
    assert [str(c) for c in s.discards(0)] == ["Guard", "Baron", "Guard"]
    with pytest.raises(KitError, match="1 Prince in these piles"):  # one Prince cannot explain two extra cards
        endgame(**CLASSIC, to_move=0, played=[["Guard", "Baron", "Guard", "Guard"], ["Guard", "Prince"]],
                hands=[None, None], deck=4)


def test_a_handmaid_protects_only_until_its_players_next_turn():
    played = [["Guard", "Baron"], ["Guard", "Handmaid"]]
    assert endgame(**CLASSIC, to_move=0, played=played, hands=[None, None], deck=6,
                   protected=[False, True]).protected() == [False, True]
    with pytest.raises(KitError, match="p0 is to move, so p0's Handmaid protection has ended"):
        endgame(**CLASSIC, to_move=0, played=played, hands=[None, None], deck=6, protected=[True, False])


def test_only_the_player_whose_last_card_was_a_handmaid_is_protected():
    with pytest.raises(KitError, match="p1 cannot be protected.*p1's last card is Guard.*make the Handmaid"):
        endgame(**CLASSIC, to_move=0, played=[["Guard", "Baron"], ["Handmaid", "Guard"]], hands=[None, None],
                deck=6, protected=[False, True])
    # and a Handmaid played last does protect: describing that player unprotected is refused
    with pytest.raises(KitError, match="p1's last card is a Handmaid.*describe p1 as protected"):
        endgame(**CLASSIC, to_move=0, played=[["Guard", "Baron"], ["Guard", "Handmaid"]], hands=[None, None],
                deck=6)
    # unless p1's own Prince, on its last turn, made it discard the Handmaid
    assert endgame(**CLASSIC, to_move=0, played=[["Guard", "Baron"], ["Guard", "Prince", "Handmaid"]],
                   hands=[None, None], deck=5).protected() == [False, False]


def test_a_played_princess_ends_the_round():
    with pytest.raises(KitError, match="played the Princess is out"):
        endgame(**CLASSIC, to_move=1, played=[["Princess"], []], hands=[None, None], deck=9)


def test_card_counts_stay_within_the_editions_deck():
    with pytest.raises(KitError, match=r"more cards than the edition has: King x2 \(the deck has 1\)"):
        endgame(**CLASSIC, to_move=0, played=[["King"], ["King"]], hands=[None, None], deck=8)


def test_a_baron_against_an_unprotected_opponent_needs_a_tie():
    # p0's Baron: p0 kept the Guard, p1 held the Priest then: the Guard is lower, p0 would be out
    with pytest.raises(KitError, match="no classic round reaches this position.*a Baron against an unprotected "
                                       "opponent needs equal hands"):
        endgame(**CLASSIC, to_move=1, played=[["Baron"], []], hands=["Guard", "Priest"], deck=9)
    assert endgame(**CLASSIC, to_move=1, played=[["Baron"], []], hands=["Guard", "Guard"], deck=9)  # a tie
    # against a Handmaid the Baron has no effect: any hands
    assert endgame(**CLASSIC, to_move=1, played=[["Baron"], ["Handmaid"]], hands=["Guard", "Priest"], deck=8)


def test_a_baron_tie_needs_a_second_card_of_the_value_kept():
    # p1 began; p0's Baron came when p0 kept a Guard (its last card, which p1's Prince then discarded), so p1
    # needed a Guard too, but all five Guards are accounted for: p0's Baron put one of them out
    with pytest.raises(KitError, match="no classic round reaches this position"):
        endgame(**CLASSIC, to_move=0, played=[["Guard", "Baron", "Guard"], ["Guard", "Guard", "Prince"]],
                hands=[None, None], deck=4)
    # with the Priest face up instead of a Guard, a fifth Guard is left for p1 to tie with
    assert endgame(edition="classic", face_up=["Priest", "Priest", "Handmaid"], to_move=0,
                   played=[["Guard", "Baron", "Guard"], ["Guard", "Guard", "Prince"]], hands=[None, None], deck=4)


def test_the_countess_must_be_played_beside_the_king():
    # p0 traded with its King and p1 now holds the Countess: p0 kept her beside the King, which is not allowed
    with pytest.raises(KitError, match="the Countess must be played beside the King or a Prince"):
        endgame(**CLASSIC, to_move=1, played=[["King"], []], hands=[None, "Countess"], deck=9)
    assert endgame(**CLASSIC, to_move=1, played=[["King"], []], hands=[None, "Guard"], deck=9)


def test_a_princes_target_discards_the_card_it_holds():
    # p0's Prince made p1 discard; p1's card was known to be the King, so p1's pile must show the King
    assert endgame(**CLASSIC, to_move=1, played=[["Priest", "Prince"], ["Guard", "King"]], hands=[None, None],
                   deck=6)
    with pytest.raises(KitError, match="no classic round reaches this position"):
        # p1 began: Guard, then p0's Prince; p1's two turns and a discard need three cards, p0's known Countess
        # cannot have been kept beside the Prince
        endgame(**CLASSIC, to_move=1, played=[["Prince"], ["Guard"]], hands=["Countess", None], deck=8)

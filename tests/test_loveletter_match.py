"""Match-level rulings of docs/rules/loveletter.md#a-whole-game: tokens, next starter, end of game."""

from __future__ import annotations

import pytest

from kit.core import KitError, RandomBot
from kit.loveletter import LoveLetter, Match
from kit.loveletter.endgame import endgame
from kit.loveletter.match import game_winners, next_starter


def _tie_round() -> "object":
    """A classic 2-player round scripted to end deck-empty with both players holding a Prince."""
    s = endgame(edition="classic", to_move=0, face_up=["Guard", "Guard", "Guard"],
                played=[["Guard", "Priest", "Priest", "Baron"], ["Guard", "Baron", "Handmaid", "Handmaid", "King"]],
                hands=["Prince", "Prince"], deck=1)
    for a in ["deal Princess", "deal Countess", "Countess"]:  # set aside, p0 draws, must play the Countess
        s.apply_action(a)
    return s


def _p1_wins_round(game: LoveLetter, first: int = 0):
    """The first player draws a Guard and names the other's Priest: the other is out."""
    s = game.new_initial_state(first_player=first)
    other = 1 - first
    for a in ["deal Princess", "deal King", "deal Countess", "deal Handmaid", "deal Guard", "deal Priest"]:
        s.apply_action(a)  # set aside, 3 face up, first player's card, other's card
    s.apply_action("deal Guard")  # the first player draws
    s.apply_action(f"Guard p{other} Priest")
    return s


@pytest.mark.parametrize("edition,players,target", [
    ("classic", 2, 5), ("classic", 3, 4), ("classic", 4, 3),
    ("2019", 2, 6), ("2019", 3, 5), ("2019", 4, 4), ("2019", 5, 3), ("2019", 6, 3),
])
def test_tokens_to_win_by_edition_and_player_count(edition, players, target):
    assert Match(LoveLetter(players, edition=edition), first_player=0).target == target


@pytest.mark.parametrize("players,target", [(2, 7), (3, 5), (4, 4)])
def test_first_publisher_variant_tokens_to_win(players, target):
    assert LoveLetter(players, edition="classic", variant="first-publisher").tokens_to_win == target


def test_winner_of_last_round_starts_next_round():
    g = LoveLetter(2, edition="classic")
    m = Match(g, first_player=0)
    r = _p1_wins_round(g, first=0)
    assert r.result().winners == (0,)
    m.score(r)
    assert m.tokens == [1, 0] and m.next_starter == 0
    m2 = Match(g, first_player=1)
    r2 = _p1_wins_round(g, first=1)
    m2.score(r2)
    assert r2.result().winners == (1,) and m2.next_starter == 1


def test_tied_round_all_tied_players_gain_a_token():
    g = LoveLetter(2, edition="classic")
    m = Match(g, first_player=0)
    r = _tie_round()
    assert r.result().winners == (0, 1) and r.result().reason == "deck-empty"
    m.score(r)
    assert m.tokens == [1, 1]
    assert m.next_starter == 0  # no ages: the tied winner first clockwise from the last starter (p0 itself)


def test_tied_round_next_starter_without_ages_at_match_level():
    # p1 started; p0 and p1 tie: first clockwise from p1 (p1 itself included) is p1.
    g = LoveLetter(2, edition="classic")
    s = endgame(edition="classic", to_move=1, face_up=["Guard", "Guard", "Guard"],
                played=[["Guard", "Baron", "Handmaid", "Handmaid", "King"], ["Guard", "Priest", "Priest", "Baron"]],
                hands=["Prince", "Prince"], deck=1)
    for a in ["deal Princess", "deal Countess", "Countess"]:
        s.apply_action(a)
    assert s.result().winners == (0, 1)
    m = Match(g, first_player=1)
    m.score(s)
    assert m.tokens == [1, 1] and m.next_starter == 1


def test_tied_winners_first_clockwise_from_last_starter_starts():
    assert next_starter([1, 3], last_starter=2, players=4) == 3
    assert next_starter([0, 1], last_starter=1, players=4) == 1  # the last starter itself comes first
    assert next_starter([0, 2], last_starter=3, players=4) == 0


def test_tied_winners_youngest_starts_when_ages_known():
    assert next_starter([1, 3], last_starter=2, players=4, ages=[40, 9, 30, 12]) == 1
    # equal ages among the youngest: clockwise from the last starter again
    assert next_starter([1, 3], last_starter=2, players=4, ages=[40, 9, 30, 9]) == 3


def test_match_uses_ages_for_the_next_starter():
    m = Match(LoveLetter(2, edition="classic"), first_player=0, ages=[30, 10])
    m.score(_tie_round())
    assert m.next_starter == 1


def test_spy_bonus_does_not_make_a_round_winner():
    assert next_starter([2], last_starter=0, players=3) == 2  # the Spy's seat is not passed as a winner
    g = LoveLetter(2, edition="2019")
    m = Match(g, first_player=0)
    s = g.new_initial_state(first_player=0)
    # p0 plays a Spy; p1's Guard misses; p0's Guard names p1's Priest: p0 wins and has the Spy bonus.
    for a in ["deal Princess", "deal King", "deal Countess", "deal Handmaid", "deal Guard", "deal Priest",
              "deal Spy", "Spy", "deal Guard", "Guard p0 Prince", "deal Baron", "Guard p1 Priest"]:
        s.apply_action(a)
    res = s.result()
    assert res.winners == (0,) and res.spy == 0 and res.tokens == (2, 0)
    m.score(s)
    assert m.tokens == [2, 0] and m.next_starter == 0


def test_game_ends_as_soon_as_a_player_holds_the_tokens_to_win():
    assert game_winners([4, 1], 5) is None
    assert game_winners([5, 1], 5) == (0,)
    assert game_winners([6, 2], 5) == (0,)  # passing the target is fine


def test_several_reach_target_most_tokens_wins():
    assert game_winners([4, 5, 3], 4) == (1,)
    # At match level: a tied round where p0 also has the Spy bonus takes both players past 6 together.
    s = endgame(edition="2019", to_move=0, face_up=["Guard", "Guard", "Guard"],
                played=[["Spy", "Spy", "Guard", "Guard", "Priest", "Baron", "Chancellor"],
                        ["Guard", "Priest", "Baron", "Handmaid", "Handmaid", "Chancellor", "King"]],
                hands=["Prince", "Prince"], deck=1)
    for a in ["deal Princess", "deal Countess", "Countess"]:  # set aside; p0 draws and must play the Countess
        s.apply_action(a)
    assert s.result().winners == (0, 1) and s.result().spy == 0 and s.returns() == [2, 1]
    m = Match(LoveLetter(2, edition="2019"), first_player=0)
    m.tokens = [5, 5]
    m.score(s)
    assert m.tokens == [7, 6] and m.winners() == (0,)


def test_a_match_scores_only_rounds_of_its_own_game():
    m = Match(LoveLetter(2, edition="classic"), first_player=0)
    with pytest.raises(KitError, match="this match plays"):
        m.score(_p1_wins_round(LoveLetter(2, edition="2019")))
    assert m.tokens == [0, 0] and m.rounds == []


def test_several_reach_target_tied_youngest_wins_else_shared_win():
    assert game_winners([4, 4, 3], 4) == (0, 1)
    assert game_winners([4, 4, 3], 4, ages=[20, 11, 5]) == (1,)
    assert game_winners([4, 4, 3], 4, ages=[11, 11, 5]) == (0, 1)


def test_match_ends_after_tie_round_with_shared_win():
    g = LoveLetter(2, edition="classic")
    m = Match(g, first_player=0)
    m.tokens = [4, 4]
    m.score(_tie_round())
    assert m.is_over() and m.winners() == (0, 1)
    with pytest.raises(KitError, match="over"):
        m.new_round()


def test_first_player_chosen_by_caller_or_from_seed():
    g = LoveLetter(4)
    assert Match(g, first_player=3).next_starter == 3
    seeded = [Match(g, seed=s).next_starter for s in range(40)]
    assert seeded == [Match(g, seed=s).next_starter for s in range(40)]
    assert set(seeded) == {0, 1, 2, 3}


def test_score_refuses_unfinished_rounds_and_wrong_starters():
    g = LoveLetter(2, edition="classic")
    m = Match(g, first_player=0)
    with pytest.raises(KitError, match="not finished"):
        m.score(g.new_initial_state(first_player=0))
    with pytest.raises(KitError, match="due to start"):
        m.score(_p1_wins_round(g, first=1))
    assert m.tokens == [0, 0] and m.rounds == []


def test_whole_match_is_seeded_and_reaches_the_target():
    g = LoveLetter(3, edition="2019")
    a, b = Match(g, seed=7), Match(g, seed=7)
    wa = a.play([RandomBot(i) for i in range(3)])
    wb = b.play([RandomBot(i) for i in range(3)])
    assert wa == wb and a.tokens == b.tokens
    assert max(a.tokens) >= g.tokens_to_win
    starters = [r.first_player for r in a.rounds]
    for prev, nxt in zip(a.rounds, starters[1:]):
        assert nxt == next_starter(prev.result().winners, prev.first_player, 3)


def test_endgame_protection_is_public_information():
    # a Handmaid protects only the player who played it last (p1 here), and both seats know it
    kw = dict(edition="classic", to_move=0, face_up=["Guard", "Guard", "Guard"], hands=["Prince", "Prince"], deck=1)
    plain = endgame(**kw, played=[["Guard", "Priest", "Priest", "Baron"], ["Guard", "Baron", "Handmaid", "Handmaid", "King"]])
    guarded = endgame(**kw, played=[["Guard", "Priest", "Priest", "Baron"], ["Guard", "Baron", "Handmaid", "King", "Handmaid"]],
                      protected=[False, True])
    for seat in (0, 1):
        assert "p1 is protected by a Handmaid" in guarded.information_state(seat)
        assert "protected" not in plain.information_state(seat)


def test_match_speaks_the_core_match_protocol():
    from kit.core.match import Match as MatchProtocol

    g = LoveLetter(2, edition="classic")
    m = Match(g, seed=3, first_player=1)
    assert isinstance(m, MatchProtocol)
    assert m.score_name == "tokens" and m.planned_rounds() is None
    assert m.round_starter() == m.next_starter == 1 and m.round_number() == 1
    r = _p1_wins_round(g, first=1)
    m.score(r)
    assert m.scores == m.tokens == [0, 1] and m.scores is not m.tokens
    assert m.round_number() == 2 and m.round_starter() == 1 and m.rounds == [r]
    winners = m.play([RandomBot(1), RandomBot(2)])
    assert m.is_over() and m.winners() == winners and max(m.scores) == g.tokens_to_win
    # seeded: the same match again plays the same rounds; another seed other rounds
    again = Match(g, seed=3, first_player=1)
    again.score(_p1_wins_round(g, first=1))
    assert again.play([RandomBot(1), RandomBot(2)]) == winners
    assert [x.history() for x in again.rounds] == [x.history() for x in m.rounds]
    other = Match(g, seed=3, first_player=1)
    other.score(_p1_wins_round(g, first=1))
    other.play([RandomBot(1), RandomBot(2)], seed=4)
    assert [x.history() for x in other.rounds] != [x.history() for x in m.rounds]

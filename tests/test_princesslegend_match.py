"""Match-level rules and rulings of docs/rules/princesslegend.md#a-whole-game: Prince rotation, rubies, the last
round that breaks a tie."""

from __future__ import annotations

from collections import Counter

import pytest

from kit.core import KitError, RandomBot
from kit.princesslegend import MAX_EXTRA_ROUNDS, Match, PrincessLegend, match_winners, next_prince, regular_rounds

TIMES = {3: 3, 4: 3, 5: 2, 6: 2, 7: 1, 8: 1}


def scripted_round(game, prince, *, score_prince):
    """A finished 3-player round with the given Prince.

    ``score_prince``: the Princess lies in the centre and the Prince reveals it, so the
    Prince alone gains a ruby; otherwise the Servant lies in the centre and the Prince
    reveals it, so nobody scores.
    """
    others = ["Black Queen", "Servant"] if score_prince else ["Black Queen", "Princess"]
    centre = "Princess" if score_prince else "Servant"
    tiles = [None] * 3
    tiles[prince] = "Prince"
    for seat, name in zip([(prince + 1) % 3, (prince + 2) % 3], others):
        tiles[seat] = name
    s = game.dealt_state(tiles, centre=centre)
    for seat in s.still_to_ask():
        s.apply_action(f"ask p{seat} who-are-you")
        s.apply_action(s.legal_actions()[0])
    s.apply_action("no-extra-question")
    s.apply_action("reveal centre")
    assert s.returns() == [int(score_prince and p == prince) for p in range(3)]
    return s


def play_scripted(match, plan):
    """Score one scripted round per entry of ``plan`` (True: the Prince scores)."""
    for score_prince in plan:
        match.score(scripted_round(match.game, match.next_prince, score_prince=score_prince))


# ====================================================================== rotation
def test_player_left_of_the_prince_is_the_next_prince():
    assert [next_prince(p, 5) for p in range(5)] == [1, 2, 3, 4, 0]
    m = Match(PrincessLegend(3), first_player=2)
    play_scripted(m, [False, False])
    assert [r.prince for r in m.rounds] == [2, 0] and m.next_prince == 1


@pytest.mark.parametrize("n", range(3, 9))
def test_each_player_is_prince_3_times_with_3_4_players_twice_with_5_6_once_with_7_8(n):
    assert regular_rounds(n) == n * TIMES[n]
    m = Match(PrincessLegend(n), seed=n, first_player=1)
    m.play([RandomBot(10 * n + i) for i in range(n)])
    regular = [r.prince for r in m.rounds[: m.regular_rounds]]
    assert Counter(regular) == {p: TIMES[n] for p in range(n)}
    assert [r.prince for r in m.rounds] == [(1 + i) % n for i in range(len(m.rounds))]


def test_rubies_add_up_over_the_rounds():
    m = Match(PrincessLegend(3), seed=5, first_player=0)
    m.play([RandomBot(i) for i in range(3)])
    assert m.rubies == [sum(r.returns()[p] for r in m.rounds) for p in range(3)]


def test_most_rubies_wins_after_the_regular_rounds():
    m = Match(PrincessLegend(3), first_player=0)
    play_scripted(m, [True] + [False] * 7)  # p0 gains a ruby in round 1
    assert not m.is_over() and len(m.rounds) == 8
    play_scripted(m, [False])
    assert m.is_over() and m.winners() == (0,) and m.extra_rounds == 0 and m.rubies == [1, 0, 0]
    with pytest.raises(KitError, match="over"):
        m.new_round()


# ====================================================================== tie-break
def test_tie_one_last_round_with_the_prince_continuing_clockwise():
    """The sheet: "En cas d'égalité, une dernière manche départagera les joueurs" (one last round)."""
    m = Match(PrincessLegend(3), first_player=0)
    play_scripted(m, [True, True] + [False] * 7)  # p0 and p1 tie with one ruby each
    assert m.rubies == [1, 1, 0] and not m.is_over() and len(m.rounds) == 9
    assert m.next_prince == 0  # round 10: the role goes on clockwise from the last Prince (p2)
    play_scripted(m, [True])  # the last round, p0 Prince, scores: the tie is broken
    assert m.is_over() and m.winners() == (0,) and m.extra_rounds == 1 and m.rubies == [2, 1, 0]


def test_the_last_round_is_played_by_the_whole_table():
    # p0 and p2 tie; in the last round p1 (not tied) is Prince and scores: a three-way tie, shared.
    m = Match(PrincessLegend(3), first_player=1)
    play_scripted(m, [False, True, True] + [False] * 6)  # Princes p1 p2 p0 ...: p2 and p0 score
    assert m.rubies == [1, 0, 1] and m.next_prince == 1 and not m.is_over()
    play_scripted(m, [True])  # the last round: p1, not tied, scores as Prince
    assert m.rubies == [1, 1, 1] and m.is_over() and m.winners() == (0, 1, 2)


def test_ruling_still_tied_after_the_last_round_the_tied_players_share_the_win():
    m = Match(PrincessLegend(3), first_player=0)
    play_scripted(m, [True, True] + [False] * 7)
    play_scripted(m, [False])  # the last round: nobody scores
    assert MAX_EXTRA_ROUNDS == 1 and m.extra_rounds == 1
    assert m.is_over() and m.winners() == (0, 1) and len(m.rounds) == 10
    with pytest.raises(KitError, match="over"):
        m.new_round()  # no second extra round


def test_all_tied_at_zero_all_share_the_win_after_the_last_round():
    m = Match(PrincessLegend(3), first_player=2)
    play_scripted(m, [False] * 10)
    assert m.is_over() and m.winners() == (0, 1, 2) and m.rubies == [0, 0, 0]
    assert [r.prince for r in m.rounds] == [(2 + i) % 3 for i in range(10)]


def test_match_winners_rule_table():
    assert match_winners([2, 2, 1], 8, 3) is None  # regular rounds not over
    assert match_winners([2, 1, 1], 9, 3) == (0,)
    assert match_winners([2, 2, 1], 9, 3) is None  # tied: one last round
    assert match_winners([2, 3, 1], 10, 3) == (1,)
    assert match_winners([2, 2, 1], 10, 3) == (0, 1)  # still tied after it: shared
    assert match_winners([2, 3, 3], 10, 3) == (1, 2)
    assert match_winners([0] * 8, 8, 8) is None and match_winners([0] * 8, 9, 8) == tuple(range(8))


# ====================================================================== bookkeeping
def test_first_prince_chosen_by_caller_or_from_seed():
    g = PrincessLegend(4)
    assert Match(g, first_player=3).next_prince == 3
    seeded = [Match(g, seed=s).next_prince for s in range(40)]
    assert seeded == [Match(g, seed=s).next_prince for s in range(40)]
    assert set(seeded) == {0, 1, 2, 3}
    for bad in (4, -1, True, "1"):
        with pytest.raises(KitError):
            Match(g, first_player=bad)


def test_score_refuses_unfinished_rounds_wrong_princes_and_other_games():
    g = PrincessLegend(3)
    m = Match(g, first_player=0)
    with pytest.raises(KitError, match="not finished"):
        m.score(g.new_initial_state(first_player=0))
    with pytest.raises(KitError, match="was due"):
        m.score(scripted_round(g, 1, score_prince=True))
    with pytest.raises(KitError, match="this match plays"):
        m.score(PrincessLegend(4).new_initial_state())
    with pytest.raises(KitError):
        m.score("a round")
    assert m.rubies == [0, 0, 0] and m.rounds == []


def test_whole_match_is_seeded():
    g = PrincessLegend(5)
    a, b = Match(g, seed=11), Match(g, seed=11)
    wa = a.play([RandomBot(i) for i in range(5)])
    wb = b.play([RandomBot(i) for i in range(5)])
    assert wa == wb and a.rubies == b.rubies
    assert [r.to_json() for r in a.rounds] == [r.to_json() for r in b.rounds]
    assert a.is_over() and len(a.rounds) >= 10 and "rubies" in repr(a)


# ====================================================================== the core Match protocol
def test_match_speaks_the_core_match_protocol():
    from kit.core.match import Match as MatchProtocol

    g = PrincessLegend(4)
    m = Match(g, seed=2, first_player=3)
    assert isinstance(m, MatchProtocol) and m.score_name == "rubies"
    assert m.planned_rounds() == m.regular_rounds == 12 and m.round_number() == 1
    assert m.round_starter() == m.next_prince == m.first_prince == 3
    first = m.new_round()
    assert first.prince == first.first_player == 3
    winners = m.play([RandomBot(i) for i in range(4)])
    assert m.scores == m.rubies and m.scores is not m.rubies  # a copy: the protocol's scores cannot be edited
    assert m.winners() == winners and m.round_number() == len(m.rounds) + 1
    # the match's own seed deals its rounds: the same as an explicit seed
    again = Match(g, first_player=3)
    assert again.play([RandomBot(i) for i in range(4)], seed=2) == winners and again.rubies == m.rubies


def test_first_prince_is_the_older_name_of_first_player():
    g = PrincessLegend(3)
    assert Match(g, first_prince=2).next_prince == Match(g, first_player=2).next_prince == 2
    with pytest.raises(KitError, match="once"):
        Match(g, first_player=1, first_prince=2)

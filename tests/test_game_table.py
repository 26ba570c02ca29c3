"""GameTable from Python: whole games of Sleeping Queens and Princess Legend, hidden cards, hot seat, teacher."""

from __future__ import annotations

import re

import pytest

from kit.core import KitError
from kit.princesslegend import PrincessLegend
from kit.sleepingqueens import SleepingQueens
from kit.widgets import GameTable


def _zone(html: str, seat: int) -> str:
    """The HTML of ``seat``'s hand zone in a Sleeping Queens picture."""
    m = re.search(rf'data-zone="hand" data-seat="{seat}">(.*?)</div></div>', html, re.S)
    assert m, f"no hand zone for seat {seat}"
    return m.group(1)


def test_a_whole_game_of_sleeping_queens_against_bots_by_clicks():
    t = GameTable(SleepingQueens(3), ["you", "heuristic", "random"], seed=11)
    for _ in range(400):
        if t.state.is_terminal():
            break
        legal = t.legal()
        assert legal and set(legal) <= set(t.choices())  # every legal action is a button (or a place)
        for other in (1, 2):  # the others' cards stay face down
            assert "data-card" not in _zone(t.pane.html, other)
        assert "data-card" in _zone(t.pane.html, 0)
        t.click(legal[-1])
    assert t.state.is_terminal() and "Game over" in t.pane.html
    assert t.choices() == ["new"]
    t.click("new")
    assert not t.state.is_terminal() and t.state.first_player == 1  # who starts moves on clockwise


def test_a_king_can_be_played_by_clicking_its_place_on_the_grid():
    t = GameTable(SleepingQueens(2), ["you", "random"], seed=5)
    for _ in range(200):
        kings = [a for a in t.legal() if a.startswith("King ")]
        if kings:
            break
        t.click(t.legal()[0])
    else:
        pytest.skip("no King in 200 moves")
    place = kings[0].split()[1]
    assert f'data-place="{place}" data-choice="{kings[0]}"' in t.pane.html


def test_princess_legend_the_prince_sees_no_hidden_tile():
    t = GameTable(PrincessLegend(5), ["you", "random", "random", "random", "random"], seed=3)
    assert t.state.prince == 0 and t.legal()[0].startswith("ask ")
    while not t.state.is_terminal():
        html = t.pane.html
        assert re.findall(r'data-tile="([^"]+)"', html) == ["Prince"]  # only his own tile is face up
        t.click(t.legal()[0])
    tiles = re.findall(r'data-tile="([^"]+)"', t.pane.html)
    assert len(tiles) == 2 and "turns over" in t.pane.html  # his own and the revealed one


def test_princess_legend_an_answerer_sees_every_tile_and_answers_by_colour():
    t = GameTable(PrincessLegend(4), ["random", "you", "random", "random"], seed=8)
    assert t.state.current_player() == 1
    assert len(re.findall(r'data-tile="', t.pane.html)) == 5  # every seat and the centre
    truth = str(t.state.truth(t.state.questions()[-1][0]))[len("answer "):]
    role = str(t.state.tile(1))
    if role in ("Princess", "Fairy"):
        assert t.legal() == [f"answer {truth}"]  # green: only the truth
    else:
        assert f"answer {truth}" not in t.legal()  # red: any answer but the truth


def test_two_people_at_one_screen_see_a_cover_between_their_turns():
    t = GameTable(SleepingQueens(2), ["you", "person"], names=["Ana", "Ben"], seed=4)
    assert t.viewer == 0 and "sq-table" in t.pane.html
    t.click(t.legal()[0])
    assert t.viewer == 1 and t.choices() == ["ready"]
    assert "sq-table" not in t.pane.html and "Pass the screen to <b>Ben</b>" in t.pane.html
    assert t.legal() == []
    t.click("ready")
    assert "sq-table" in t.pane.html and "Your turn, Ben." in t.pane.html
    assert "data-card" not in _zone(t.pane.html, 0)  # Ana's cards are hidden from Ben


def test_teacher_switch_shows_the_whole_state_and_errors_change_nothing():
    t = GameTable(SleepingQueens(2), ["you", "heuristic"], seed=9)
    assert t.teacher_view.value == ""
    t.teacher = True
    assert "p1: hand" in t.teacher_view.value
    before = t.state.to_json()
    t.click("Jester 3")  # not an action
    assert t.state.to_json() == before and "not an action Ana can take" in t.pane.html
    with pytest.raises(KitError, match="allowed"):
        t.act("wake 13")
    with pytest.raises(KitError, match="seat kinds"):
        GameTable(PrincessLegend(3), ["you", "ismcts", "random"])
    with pytest.raises(KitError, match="one seat kind per player"):
        GameTable(SleepingQueens(3), ["you", "random"])


def test_same_seed_same_game():
    a = GameTable(SleepingQueens(2), ["heuristic", "you"], seed=21)
    b = GameTable(SleepingQueens(2), ["heuristic", "you"], seed=21)
    assert a.state.to_json() == b.state.to_json() and a.pane.html == b.pane.html

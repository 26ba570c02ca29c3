"""Player counts: one rule per game (``Game.player_counts``), asked by the adapters and the setup form.

docs/rules/loveletter.md#editions (classic 2 to 4, 2019 2 to 6), docs/rules/sleepingqueens.md (2 to 5),
docs/rules/princesslegend.md#tiles-for-each-number-of-players (3 to 8).
"""

from __future__ import annotations

from typing import Any

import pytest

from kit.core import KitError
from kit.core.protocol import Game
from kit.loveletter import LoveLetter
from kit.princesslegend import PrincessLegend
from kit.sleepingqueens import SleepingQueens
from kit.trees.examples import KuhnPoker
from kit.widgets import GameTable, LoveLetterTable

GAMES = [(LoveLetter, {"edition": "classic"}, range(2, 5)),
         (LoveLetter, {"edition": "classic", "variant": "first-publisher"}, range(2, 5)),
         (LoveLetter, {"edition": "2019"}, range(2, 7)),
         (SleepingQueens, {}, range(2, 6)),
         (PrincessLegend, {}, range(3, 9))]


@pytest.mark.parametrize("game, settings, counts", GAMES)
def test_each_game_allows_the_player_counts_of_its_rules(game: Any, settings: dict, counts: range) -> None:
    assert game.player_counts(**settings) == counts


@pytest.mark.parametrize("game, settings, counts", GAMES)
def test_the_constructor_accepts_exactly_the_player_counts_the_rule_gives(game: Any, settings: dict,
                                                                         counts: range) -> None:
    for n in range(0, 11):
        if n in counts:
            assert game(n, **settings).num_players == n
        else:
            with pytest.raises(KitError, match=f"{counts[0]} to {counts[-1]} players"):
                game(n, **settings)


def test_a_games_own_settings_give_its_player_counts() -> None:
    assert LoveLetter.player_counts(**LoveLetter(3, edition="classic").settings()) == range(2, 5)
    assert LoveLetter.player_counts() == range(2, 7)  # the constructor's default edition: 2019


def test_player_counts_refuses_a_setting_the_game_does_not_have() -> None:
    with pytest.raises(KitError, match="LoveLetter has no setting colour; settings: edition, variant"):
        LoveLetter.player_counts(colour="red")
    with pytest.raises(KitError, match="SleepingQueens has no setting edition"):
        SleepingQueens.player_counts(edition="2019")
    with pytest.raises(KitError, match="unknown edition"):
        LoveLetter.player_counts(edition="1901")


def test_a_game_of_one_fixed_size_allows_that_size_and_a_game_that_says_nothing_is_told_what_to_add() -> None:
    assert KuhnPoker.player_counts() == range(2, 3)

    class Silent(Game):
        def __init__(self, players: int) -> None:
            self.num_players = players

        new_initial_state = parse_action = settings = state_from_json = lambda self, *a, **k: None

    with pytest.raises(KitError, match=r"Silent does not say how many players it allows: define the classmethod "
                                       r"player_counts"):
        Silent.player_counts()


# --------------------------------------------------------------------------- the setup form asks the rule

def test_a_2019_table_offers_two_to_six_seats() -> None:
    form = LoveLetterTable(["you", "random"], edition="2019", seed=1, delay=0).setup_form
    assert list(form.players.options) == [2, 3, 4, 5, 6]


def test_a_classic_table_offers_two_to_four_seats() -> None:
    form = LoveLetterTable(["you", "random"], edition="classic", seed=1, delay=0).setup_form
    assert list(form.players.options) == [2, 3, 4]


def test_choosing_the_2019_edition_in_the_setup_form_offers_six_seats_and_classic_takes_them_back() -> None:
    table = LoveLetterTable(["you", "random"], edition="classic", seed=1, delay=0)
    form = table.setup_form
    form.settings["edition"].value = "2019"
    assert list(form.players.options) == [2, 3, 4, 5, 6]
    form.players.value = 6
    assert len(form.rows.children) == 6
    form.settings["edition"].value = "first-publisher"  # 2 to 4: six players become the nearest allowed, four
    assert list(form.players.options) == [2, 3, 4] and form.players.value == 4 and len(form.rows.children) == 4
    form.start.click()
    assert form.error.value == ""
    assert table.game.settings() == {"players": 4, "edition": "classic", "variant": "first-publisher"}


def test_a_sleeping_queens_table_offers_two_to_five_seats_and_princess_legend_three_to_eight() -> None:
    sq = GameTable(SleepingQueens(3), ["you", "random", "random"], seed=1, delay=0).setup_form
    pl = GameTable(PrincessLegend(3), ["you", "random", "random"], seed=1, delay=0).setup_form
    assert list(sq.players.options) == [2, 3, 4, 5]
    assert list(pl.players.options) == [3, 4, 5, 6, 7, 8]


def test_the_setup_form_asks_the_games_rule_and_counts_nothing_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    # a rule changed in the engine changes the form: the counts come from LoveLetter.player_counts alone
    monkeypatch.setattr(LoveLetter, "player_counts", classmethod(lambda cls, **settings: range(2, 4)))
    form = LoveLetterTable(["you", "random"], edition="2019", seed=1, delay=0).setup_form
    assert list(form.players.options) == [2, 3]
    monkeypatch.setattr(SleepingQueens, "player_counts", classmethod(lambda cls, **settings: range(2, 3)))
    assert list(GameTable(SleepingQueens(2), ["you", "random"], seed=1, delay=0).setup_form.players.options) == [2]

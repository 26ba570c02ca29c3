"""The children's page without a browser: its questions (kit.teach.sums), pictures (kit.render.kids) and widgets.

Known answers: each level's numbers stay in its range, the checker's verdicts are the child's words (in
English and in Polish), every level has hints from a nudge to nearly the answer, and the page's screens
(play with a robot or a friend, practise, back to the start, another language) do what their buttons say.
tests/test_browser_app.py plays the same page in Chromium.
"""

from __future__ import annotations

import re

import pytest

from kit.core import KitError
from kit.i18n import LANGUAGES, _
from kit.render.kids import LEVEL_TITLES, home_html, stars_html
from kit.sleepingqueens.cards import QUEEN_POINTS, queen_named
from kit.teach.sums import CHECKERS, GOAL, LEVELS, SumQuestion, check_sum, sum_question
from kit.widgets.kids import ROUND, KidsApp, SumsPractice

SEEDS = range(300)


def test_goal_is_the_points_that_win_with_two_or_three_players():
    assert GOAL == 50  # docs/rules/sleepingqueens.md#winning


@pytest.mark.parametrize("level, low, high, cards", [("to10", 2, 10, 2), ("to20", 11, 20, 2), ("three", 3, 20, 3)])
def test_card_levels_stay_in_their_range(level, low, high, cards):
    seen = set()
    for seed in SEEDS:
        q = sum_question(level, seed)
        assert len(q.numbers) == cards and all(1 <= n <= 10 for n in q.numbers), q
        assert low <= q.answer <= high and q.answer == sum(q.numbers)
        seen.add(q.answer)
    assert seen == set(range(low, high + 1)) or level == "three" and len(seen) > 12  # every total comes


def test_queens_level_asks_the_points_missing_to_fifty():
    for seed in SEEDS:
        q = sum_question("queens50", seed)
        assert 1 <= len(q.queens) <= 3 and len(set(q.queens)) == len(q.queens)
        points = sum(QUEEN_POINTS[queen_named(name)] for name in q.queens)
        assert q.points == points < GOAL and q.answer == GOAL - points and q.numbers == ()


def test_same_seed_same_question_and_seeds_differ():
    assert sum_question("to20", 7) == sum_question("to20", 7)
    assert len({sum_question("to10", s).numbers for s in range(30)}) > 10


def test_a_bad_level_or_seed_is_refused_with_what_is_allowed():
    with pytest.raises(KitError, match="level is one of to10, to20, three, queens50"):
        sum_question("to100", 1)
    with pytest.raises(KitError, match="seed is a whole number"):
        sum_question("to10", "1")
    with pytest.raises(KitError, match="SumQuestion"):
        check_sum((3, 4), 7)


def test_verdicts_in_a_childs_words():
    q = SumQuestion("to10", 0, (3, 4))
    assert str(check_sum(q, 7)) == "✔ Right! 3 + 4 = 7."
    assert str(check_sum(q, "seven")) == "✔ Right! 3 + 4 = 7."
    assert str(check_sum(q, 8)) == "✘ 8 is too many. Count the dots again, one by one."
    assert str(check_sum(q, 6)) == "✘ 6 is too few. Count the dots again, one by one."
    assert str(check_sum(q, "")) == "✘ Write your answer here first: click the numbers, or type one."
    assert str(check_sum(q, None)).startswith("✘ Write your answer here first")
    assert str(check_sum(q, "3+4")).startswith("✘ I cannot read '3+4' as a number")  # read, never evaluated
    queens = SumQuestion("queens50", 0, queens=("Cat", "Rose"))  # 15 + 5 = 20
    assert str(check_sum(queens, 30)) == "✔ Right! You have 20 points: 30 more make 50."
    assert str(check_sum(queens, 35)) == "✘ Too many: 20 + 35 = 55, more than 50."
    assert str(check_sum(queens, 25)) == "✘ Too few: 20 + 25 = 45, less than 50."


def test_verdicts_in_polish():
    q = SumQuestion("three", 0, (2, 3, 4))
    assert str(check_sum(q, "dziewięć", "pl")) == "✔ Dobrze! 2 + 3 + 4 = 9."
    assert str(check_sum(q, 10, "pl")) == "✘ 10 to za dużo. Policz kropki jeszcze raz, po kolei."
    queens = SumQuestion("queens50", 0, queens=("Heart",))
    assert str(check_sum(queens, 30, "pl")) == "✔ Dobrze! Masz 20 punktów: jeszcze 30 i będzie 50."
    assert q.prompt("pl") == "Ile kropek jest razem na trzech kartach?"


def test_every_level_has_hints_from_a_nudge_to_nearly_the_answer_in_every_language():
    for level in LEVELS:
        checker = CHECKERS[level]
        assert len(checker.hints) >= 3
        for lang in LANGUAGES:
            texts = [str(checker.hint(i, lang)) for i in range(1, len(checker.hints) + 1)]
            assert len(set(texts)) == len(texts)
            if lang != "en":
                assert all(_(h, lang) != h for h in checker.hints), (level, lang)


def test_the_question_picture_shows_the_cards_or_the_queens_and_never_the_answer():
    q = SumQuestion("to20", 5, (8, 7))
    page = q.html("en")
    assert 'data-numbers="8 7"' in page and page.count("<svg") == 2 and "= ?" in page
    assert ">15<" not in page
    queens = SumQuestion("queens50", 5, queens=("Cat", "Rose"))
    page = queens.html("pl")
    assert "+ ? = 50" in page and "Królewna Kotów: 15 punktów" in page


def test_the_start_screen_has_two_ways_to_play_and_four_to_practise_in_the_page_language():
    page = home_html("pl", {"to10": 7})
    choices = re.findall(r'data-choice="([^"]+)"', page)
    assert choices == ["play:bot", "play:friend", "practise:to10", "practise:to20", "practise:three",
                       "practise:queens50"]
    words = re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", page, flags=re.S))
    for english in ("Play", "Practise", "Sums", "Points", "star"):
        assert english not in words, english
    for level in LEVELS:
        assert _(LEVEL_TITLES[level], "pl") in page
    assert 'aria-label="7 gwiazdek"' in page and ">7<" in page  # five stars and the number beyond five
    assert stars_html(2, 5, "pl").count("#f2b705") == 2


def test_a_practice_round_is_five_stars_and_a_wrong_answer_wins_none():
    box = SumsPractice("to10", seed=11, language="en")
    box.typed.value = str(box.question.answer + 1 if box.question.answer < 10 else box.question.answer - 1)
    assert not box.check().ok and box.won == 0
    box.hint()
    assert "Hint 1 of 3" in box.feedback.value
    for n in range(ROUND):
        box.typed.value = ""
        for digit in str(box.question.answer):
            box.pad[digit].click()
        assert box.check().ok and box.won == n + 1
        if n < ROUND - 1:
            assert box.next_button.layout.display == "" and box.pad["1"].layout.display == "none"
            box.next_question()
    assert box.again_button.layout.display == "" and "Well done! You won 5 stars." in box.feedback.value
    box.again()
    assert box.won == 0 and box.answer == ""


def test_the_childrens_page_plays_with_a_robot_or_a_friend_at_a_students_table():
    app = KidsApp(language="en", seed=3, delay=0)
    assert app.table is None and app.home_button.layout.visibility == "hidden"
    app.choose("play:bot")
    assert app.screen_name == "play:bot" and app.screen.children == (app.table,)
    assert app.table.kinds == ["you", "random"] and app.table.names == ["Player 1", "Robot"]
    assert type(app.table.bots[1]).__name__ == "RandomBot"  # friendly: a child wins most games
    assert KidsApp(language="en", bot="heuristic").players["bot"] == ("you", "heuristic")
    with pytest.raises(KitError, match="bot is one of heuristic, random, strong"):
        KidsApp(bot="clever")
    assert not app.table.is_teacher_table and app.home_button.layout.visibility == "visible"
    app.home_button.click()
    assert app.screen_name == "home" and app.table is None and app.screen.children == (app.home,)
    app.choose("play:friend")
    assert app.table.kinds == ["you", "person"] and app.table.humans == [0, 1]  # the cover between turns
    assert app.table.names == ["Player 1", "Player 2"] and not app.table.is_teacher_table
    app.choose("nonsense")  # an unknown button changes nothing
    assert app.screen_name == "play:friend"


def test_stars_are_counted_per_level_and_the_language_menu_says_everything_again():
    app = KidsApp(language="en", seed=1, delay=0)
    app.choose("practise:queens50")
    box = app.practice
    box.typed.value = str(box.question.answer)
    box.check()
    assert app.stars == {"to10": 0, "to20": 0, "three": 0, "queens50": 1}
    app.language_menu.value = "pl"
    assert box.check_button.description == "Sprawdź" and "Dobrze!" in box.feedback.value
    app.home_button.click()
    assert "Punkty do 50" in app.home.html and 'aria-label="1 gwiazdka"' in app.home.html
    assert app.home_button.description == "Wróć na start"


class _Child:
    """Plays as a child who knows the powers: blocks, wakes, then a King, a Knight, a Potion; else throws away
    the most cards it can."""

    def __init__(self, seed: int = 0) -> None:
        import random

        self.rng = random.Random(seed)

    def choose(self, state, player):
        legal = state.legal_actions()
        for first in ("Block", "block", "wake", "King", "Knight", "Potion"):
            found = [a for a in legal if str(a).startswith(first)]
            if found:
                return self.rng.choice(found)
        discards = [a for a in legal if str(a).startswith("discard")]
        return max(discards, key=lambda a: len(str(a))) if discards else self.rng.choice(legal)


def _child_wins(opponent, games: int = 100) -> float:
    from kit.core import play
    from kit.sleepingqueens import SleepingQueens

    wins = 0
    for g in range(games):
        seat = g % 2
        bots = [_Child(g), opponent(seed=g)][::1 if seat == 0 else -1]
        wins += seat in play(SleepingQueens(2).new_initial_state(), bots, seed=g).result().winners
    return wins / games


def test_the_friendly_robot_lets_a_child_who_plays_its_kings_win_most_games():
    from kit.sleepingqueens.bots import BOTS

    friendly, heuristic = _child_wins(BOTS["random"]), _child_wins(BOTS["heuristic"])
    assert friendly > 0.7 and heuristic < 0.4, (friendly, heuristic)  # 100 seeded games each


def test_leaving_a_screen_closes_it_and_the_tables_language_menu_speaks_for_the_page():
    app = KidsApp(language="en", seed=2, delay=0)
    app.choose("play:bot")
    table = app.table
    table.language_menu.value = "pl"  # the menu under the table
    assert app.lang == "pl" and app.home_button.description == "Wróć na start"
    app.choose("practise:three")
    assert table.comm is None and app.table is None and app.screen.children == (app.practice,)
    box = app.practice
    app.home_button.click()
    assert box.comm is None and app.practice is None and app.screen_name == "home"

"""Card-counting exercises (kit.teach.loveletter): positions, reference answers and checkers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kit.core import KitError
from kit.loveletter import LoveLetter, posterior
from kit.teach.loveletter import (
    Check, check_chance, check_guard_guess, check_unseen, naive_chance, naive_guard_guesses, positions,
    read_fraction, unseen_counts,
)

from ll_helpers import run, start

OBS = {"edition": "classic", "hand": ["Guard", "Princess"], "discards": [["Priest"], []],
       "face_up": ["Guard", "King", "Baron"]}


def test_positions_are_seeded_and_hold_only_the_seat_view():
    a, b = positions(8, seed=5), positions(8, seed=5)
    assert [p.observation for p in a] == [p.observation for p in b]
    assert [p.observation for p in a] != [p.observation for p in positions(8, seed=6)]
    for p in a:
        assert p.seat == 0 and p.observation["seat"] == 0 and p.observation["to_move"] == 0
        assert len(p.observation["hand"]) == 2
        assert set(vars(p)) == {"observation", "seat", "counting"}  # no state, no hidden card


def test_position_counting_is_the_seat_exact_posterior():
    # The same counting as kit.loveletter.posterior on a scripted round: p0 gave p1 the Princess.
    s = start(2, "classic", aside="Guard", faceup=("Guard", "Guard", "Priest"), hands=("King", "Baron"),
              draw="Princess")
    run(s, "King p1", "deal Handmaid", "Handmaid", "deal Guard")
    exact = {o: {str(c): p for c, p in d.items()} for o, d in posterior(s, 0).items()}
    assert exact == {1: {"Princess": 1}}
    assert naive_chance(s.observation(0), "Princess") == Fraction(1, 9)  # simple counting ignores the trade


def test_unseen_counts_known_answer():
    assert unseen_counts(OBS) == {"Guard": 3, "Priest": 1, "Baron": 1, "Handmaid": 2, "Prince": 2, "King": 0,
                                  "Countess": 1, "Princess": 0}
    obs = LoveLetter(3).new_initial_state().observation(0)
    assert unseen_counts(obs) == {"Spy": 2, "Guard": 6, "Priest": 2, "Baron": 2, "Handmaid": 2, "Prince": 2,
                                  "Chancellor": 2, "King": 1, "Countess": 1, "Princess": 1}
    with pytest.raises(KitError, match="not a Love Letter observation"):
        unseen_counts({"edition": "chess"})


def test_naive_chance_and_guard_guess_known_answers():
    assert naive_chance(OBS, "Handmaid") == Fraction(1, 5)
    assert naive_chance(OBS, "Princess") == 0
    assert naive_guard_guesses(OBS) == ["Handmaid", "Prince"]
    with pytest.raises(KitError, match="not a card of the classic edition"):
        naive_chance(OBS, "Spy")


@pytest.mark.parametrize("text,value", [("2/7", Fraction(2, 7)), (" 1 / 3 ", Fraction(1, 3)), ("0.25", Fraction(1, 4)),
                                        ("0", Fraction(0)), (1, Fraction(1)), (0.2, Fraction(1, 5)),
                                        (Fraction(3, 8), Fraction(3, 8))])
def test_read_fraction_reads_without_evaluating(text, value):
    assert read_fraction(text) == value


@pytest.mark.parametrize("bad", ["2+3", "__import__('os')", "1/0", "", "3/2", -0.5, True, None, [1]])
def test_read_fraction_refuses_with_a_typed_error(bad):
    with pytest.raises(KitError):
        read_fraction(bad)


def test_check_unseen_passes_the_reference_and_explains_a_mistake():
    ok = check_unseen(unseen_counts, count=20)
    assert ok and ok.tried == 20 and "right on all 20" in str(ok)

    def forgets_face_up(obs):
        left = unseen_counts(obs)
        for c in obs["face_up"]:
            left[c] += 1
        return left

    bad = check_unseen(forgets_face_up, count=20)
    assert not bad and bad.tried == 1 and "instead of" in bad.message and str(bad).startswith("✘")
    assert "not written yet" in check_unseen(lambda obs: (_ for _ in ()).throw(NotImplementedError())).message
    with pytest.raises(KitError, match="function itself"):
        check_unseen(unseen_counts(OBS))


def test_check_chance_accepts_fractions_floats_and_text():
    assert check_chance(naive_chance, count=10)
    assert check_chance(lambda obs, c: float(naive_chance(obs, c)), count=10)
    assert check_chance(lambda obs, c: str(naive_chance(obs, c)), count=10)
    bad = check_chance(lambda obs, c: "1/8", count=10)
    assert not bad and "unseen" in bad.message
    worse = check_chance(lambda obs, c: "two sevenths", count=10)
    assert not worse and "not a probability" in worse.message


def test_check_guard_guess_refuses_the_guard_and_a_worse_card():
    assert check_guard_guess(lambda obs: naive_guard_guesses(obs)[-1])
    assert "may not name the Guard" in check_guard_guess(lambda obs: "Guard").message
    worst = check_guard_guess(lambda obs: min((n, c) for c, n in unseen_counts(obs).items() if c != "Guard")[1])
    assert not worst and "unseen, but" in worst.message


def test_checks_render_as_a_coloured_verdict():
    html = Check(False, 3, "position 3: <wrong>")._repr_html_()
    assert "✘" in html and "&lt;wrong&gt;" in html
    assert "✔" in Check(True, 5, "right")._repr_html_()


def test_checkers_work_for_every_edition_and_player_count():
    for edition, players in [("2019", 2), ("2019", 5), ("classic", 4)]:
        assert check_unseen(unseen_counts, count=5, edition=edition, players=players)
        assert check_chance(naive_chance, count=5, edition=edition, players=players)

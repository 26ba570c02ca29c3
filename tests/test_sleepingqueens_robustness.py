"""Sleeping Queens robustness: learner text gives only typed errors and never runs code, refusals change
nothing, JSON and replay reproduce games, the invariants hold after every step (a sample of
``benchmarks/sleepingqueens_soak.py``, which runs the full counts)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.core import InvalidActionError, KitError
from kit.sleepingqueens import Discard, Knight, SleepingQueens, parse_action
from kit.sleepingqueens.equations import check_discard, parse_equation

_SOAK = Path(__file__).resolve().parents[1] / "benchmarks" / "sleepingqueens_soak.py"


def _soak():
    spec = importlib.util.spec_from_file_location("sleepingqueens_soak", _SOAK)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("sleepingqueens_soak", module)
    spec.loader.exec_module(module)
    return sys.modules["sleepingqueens_soak"]


soak = _soak()


@pytest.mark.parametrize("text", ["King " + "9" * 5000, "Knight p" + "9" * 5000 + " Cat", "discard " + "9" * 5000,
                                  "discard 1+" + "9" * 5000 + "=2", "discard " + "9" * 5000 + "+1=2",
                                  "wake " + "0" * 5000 + "13", "Potion p1 Cat " + "1" * 4400])
def test_huge_numbers_are_refused_as_notation_not_converted(text):
    # Python refuses to convert more than 4,300 digits with a ValueError: the parser never tries.
    with pytest.raises(InvalidActionError) as info:
        parse_action(text)
    assert len(str(info.value)) < 800  # the learner's text is quoted shortened


def test_leading_zeros_still_read_as_before():
    assert str(parse_action("King 05")) == "King 5" and str(parse_action("wake " + "0" * 3000 + "7")) == "wake 7"


def test_seats_are_p0_to_p4_and_a_discard_is_at_most_a_hand():
    assert parse_action("Knight p4 Cat") is Knight(4, parse_action("Knight p4 Cat").queen)
    for text in ["Knight p5 Cat", "Potion p12 Cat 3", "discard 1 1 1 1 1 1", "discard 1+1+1+1+1=5"]:
        with pytest.raises(InvalidActionError):
            parse_action(text)
    assert parse_action("discard 1+1+1+1=4") is Discard(parse_action("discard 1 1 1 1 4").cards)


def test_unicode_digits_and_signs_are_refused_with_a_typed_error():
    for text in ["King \u0665", "discard \u0662+\u0663=\u0665", "discard 2\uff0b3=5", "discard 2+3\uff1d5",
                 "discard \u00b2+\u00b3=\u2075", "Knight p\u0661 Cat", "discard 2\u22123=5"]:
        with pytest.raises(InvalidActionError):
            parse_action(text)
        with pytest.raises(InvalidActionError):
            parse_equation(text.removeprefix("discard ").removeprefix("King ").removeprefix("Knight "))
        assert not check_discard(text)


def test_a_sample_of_the_soak_fuzz_gives_only_typed_errors_and_runs_no_code():
    strings, parsed, failures, errors = soak.fuzz(4_000, 11)
    assert strings == 4_000 and parsed > 300
    assert failures == 0, errors
    assert soak.CANARY not in sys.modules


def test_the_fuzz_catches_code_that_runs():
    # The guard itself: eval on learner text inside it is recorded and fails.
    with soak.no_code_runs() as calls:
        with pytest.raises(AssertionError):
            eval("1 + 1")  # noqa: S307 - the guard must catch exactly this
        import sympy

        with pytest.raises(AssertionError):
            sympy.sympify("x + 1")
        assert sympy.sympify(3) == 3  # sympy's own numbers are not text
    assert len(calls) == 2 and eval("1 + 1") == 2  # noqa: S307 - restored afterwards


_SETTINGS = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                     suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(text=st.one_of(st.text(max_size=40), st.text(alphabet="0123456789+= pP\t\u0661\u00b2\uff15-", max_size=30),
                      st.builds(lambda a, b: f"{a} {b}", st.sampled_from(["King", "Knight", "Potion", "discard",
                                                                          "wake", "deal", "reveal", "block"]),
                                st.text(max_size=30))))
def test_any_text_parses_or_raises_a_kit_error(text):
    for fn in (parse_action, parse_equation):
        try:
            fn(text)
        except KitError:
            pass
    verdict = check_discard(text)
    assert isinstance(verdict.ok, bool) and isinstance(verdict.message, str)


@_SETTINGS
@given(text=st.text(max_size=30), seed=st.integers(0, 1000))
def test_any_text_applied_to_a_game_is_refused_without_a_trace_or_applied(text, seed):
    s = soak._state(random.Random(seed))
    before = s.to_json()
    try:
        s.apply_action(text)
    except KitError:
        assert s.to_json() == before
    else:
        assert str(s.history()[-1]) == str(parse_action(text))


def test_a_sample_of_the_soak_games_keeps_the_invariants_after_every_step():
    for n in (2, 3, 4, 5):
        games, steps, failures, errors = soak.soak_games(n, 8, 100 + n)
        assert games == 8 and steps > 8 * 100 and failures == 0, errors


def test_a_sample_of_the_soak_replays_is_identical_through_json_and_replay():
    for n in (2, 3, 4, 5):
        games, steps, failures, errors = soak.soak_replays(n, 12, 200 + n)
        assert games == 12 and failures == 0, errors


def test_a_broken_saved_state_is_refused_with_a_kit_error():
    s = SleepingQueens(2).new_initial_state()
    good = s.to_json()
    for bad in [good.replace('"log":[]', '"log":[["draw",0]]'), good.replace('"pool"', '"pool_x"'), "{}",
                '{"kit": 1, "game": "sleepingqueens", "settings": {"players": 2}, "state": 5}']:
        with pytest.raises(KitError):
            SleepingQueens(2).state_from_json(bad)

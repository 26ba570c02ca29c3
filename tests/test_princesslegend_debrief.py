"""The end of a round: every tile shown to everyone (the ``show`` event, which changes no score), the
debrief (each answer judged, the colour's obligation, the rubies per family) and the deduction replayed."""

from __future__ import annotations

import json
import random
from fractions import Fraction as F

import pytest

from kit.core import KitError, PlayerView, play_at_random, sample_outcome
from kit.princesslegend import PrincessLegend, visible_events
from kit.princesslegend.bots import HeuristicBot
from kit.princesslegend.debrief import OBLIGATIONS, debrief, deduction_replay
from kit.princesslegend.deduction import consistent_deals, princess_candidates
from kit.princesslegend.events import check_event
from kit.princesslegend.worlds import ColourModel, princess_chances


def play(state, *texts):
    for text in texts:
        state.apply_action(text)
    return state


SIX = ["Prince", "Princess", "Fairy", "Black Queen", "Guard", "Servant"]
SIX_ROUND = ["ask p1 who-are-you", "answer Princess",        # green: had to tell the truth
             "ask p3 where-princess", "answer p2",           # red: had to lie
             "ask p2 where-princess", "answer p1",           # green
             "ask p4 who-is p3", "answer Fairy",             # red
             "ask p5 who-are-you", "answer Princess",        # blue, a lie: chose to lie
             "ask p5 who-is centre", "answer Spy",           # blue, the truth: chose the truth (the extra question)
             "reveal p1"]


def six():
    return play(PrincessLegend(6).dealt_state(SIX, centre="Spy"), *SIX_ROUND)


# ---------------------------------------------------------------------------------- the show

def test_every_tile_turns_face_up_for_everyone_after_the_rubies():
    s = six()
    shown = {"kind": "show", "tiles": SIX, "centre": "Spy"}
    for seat in [*range(6), None]:
        log = s.observation(seat)["log"]
        assert [e["kind"] for e in log[-3:]] == ["reveal", "rubies", "show"] and log[-1] == shown
        obs = s.observation(seat)
        assert obs["tiles"] == SIX and obs["centre"] == "Spy"
        assert s.information_state(seat).endswith(
            "|show Prince,Princess,Fairy,Black Queen,Guard,Servant; centre Spy")
    check_event(shown)
    assert json.loads(json.dumps(s.observation(0))) == s.observation(0)


def test_the_show_changes_no_score():
    s = six()
    assert s.returns() == [1, 1, 1, 0, 0, 0] and s.result().scorers == (0, 1, 2)   # hearts: the Prince, Princess, Fairy
    assert s.observation(0)["result"] == {"scorers": [0, 1, 2], "rubies": [1, 1, 1, 0, 0, 0], "found_princess": True}
    assert s.observation(0)["revealed"] == {"place": "p1", "tile": "Princess", "symbol": "heart"}


def test_before_the_end_the_prince_still_sees_no_tile():
    s = play(PrincessLegend(6).dealt_state(SIX, centre="Spy"), *SIX_ROUND[:-1])
    assert all(e["kind"] != "show" for e in visible_events(s, 0))
    assert s.observation(0)["tiles"] == ["Prince"] + [None] * 5 and s.observation(0)["centre"] is None


def test_eight_players_show_no_centre():
    rng = random.Random(4)
    s = PrincessLegend(8).new_initial_state(first_player=3)
    play_at_random(s, rng)
    e = s.observation(None)["log"][-1]
    assert e["kind"] == "show" and e["centre"] is None and e["tiles"] == [str(t) for t in s.tiles()]


# ---------------------------------------------------------------------------------- the debrief

def test_debrief_known_answer_with_every_obligation():
    d = debrief(six())
    got = [(r.seat, r.question, r.about, r.answer, r.truth, r.true, r.tile, r.colour, r.obligation, r.extra)
           for r in d.answers]
    assert got == [
        (1, "who-are-you", None, "Princess", "Princess", True, "Princess", "green", "had to tell the truth", False),
        (3, "where-princess", None, 2, 1, False, "Black Queen", "red", "had to lie", False),
        (2, "where-princess", None, 1, 1, True, "Fairy", "green", "had to tell the truth", False),
        (4, "who-is", 3, "Fairy", "Black Queen", False, "Guard", "red", "had to lie", False),
        (5, "who-are-you", None, "Princess", "Servant", False, "Servant", "blue", "chose to lie", False),
        (5, "who-is", "centre", "Spy", "Spy", True, "Servant", "blue", "chose the truth", True),
    ]
    assert [r.index for r in d.answers] == list(range(6)) and all(r.prince == 0 for r in d.answers)
    assert [six().observation(None)["log"][r.event]["kind"] for r in d.answers] == ["answer"] * 6
    assert {r.obligation for r in d.answers} == set(OBLIGATIONS) and d.lies == 3
    assert (d.revealed, d.revealed_tile, d.symbol, d.scorers, d.found_princess) == (1, "Princess", "heart",
                                                                                       (0, 1, 2), True)
    # the Spy in the centre belongs to nobody: the mask family is the Servant alone
    assert [(f.family, f.seats, f.rubies) for f in d.families] == [("heart", (0, 1, 2), 3), ("crown", (3, 4), 0),
                                                                  ("mask", (5,), 0)]
    assert d.tiles == tuple(SIX) and d.centre == "Spy"


def test_the_crown_revealed_in_the_centre_scores_the_crown_family():
    s = play(PrincessLegend(4).dealt_state(["Prince", "Guard", "Fairy", "Princess"], centre="Black Queen"),
             "ask p1 where-princess", "answer centre", "ask p2 where-princess", "answer p3",
             "ask p3 who-are-you", "answer Princess", "no-extra-question", "reveal centre")
    d = debrief(s)
    assert [(r.true, r.obligation) for r in d.answers] == [(False, "had to lie"), (True, "had to tell the truth"),
                                                          (True, "had to tell the truth")]
    assert [(f.family, f.seats, f.rubies) for f in d.families] == [("heart", (0, 2, 3), 0), ("crown", (1,), 1),
                                                                  ("mask", (), 0)]
    assert not d.found_princess and d.revealed == "centre"


def test_debrief_reads_only_public_events_and_is_the_same_for_every_seat():
    s = six()
    d = debrief(s)
    assert all(debrief(s.observation(seat)) == d for seat in [*range(6), None])
    as_dict = d.as_dict()
    assert json.loads(json.dumps(as_dict)) == as_dict and as_dict["answers"][4]["obligation"] == "chose to lie"


def test_debrief_of_random_rounds_agrees_with_the_engine():
    rng = random.Random(9)
    for k in range(40):
        n = 3 + k % 6
        s = PrincessLegend(n).new_initial_state(first_player=rng.randrange(n))
        while not s.is_terminal():
            p = s.current_player()
            s.apply_action(sample_outcome(s.chance_outcomes(), rng) if p < 0 else
                           HeuristicBot(rng).choose(PlayerView(s, p), p))
        d = debrief(s)
        assert len(d.answers) == len(s.questions())
        for r, (q, a, extra) in zip(d.answers, s.questions()):
            assert r.true == (a == s.truth(q)) and r.extra == extra and r.tile == str(s.tile(q.seat))
        assert sum(f.rubies for f in d.families) == sum(s.returns())


def test_debrief_refuses_a_round_still_in_play():
    s = play(PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess"),
             "ask p1 where-princess", "answer p2")
    with pytest.raises(KitError, match="the round is not over"):
        debrief(s)


# ---------------------------------------------------------------------------------- the replay

def test_deduction_replay_known_answer():
    s = play(PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess"),
             "ask p1 where-princess", "answer p2", "ask p2 who-are-you", "answer Servant",
             "no-extra-question", "reveal p2")
    steps = deduction_replay(s)
    assert [(t.after, t.answer, t.deals) for t in steps] == [("start", None, 6), ("answer", 0, 3), ("answer", 1, 2),
                                                          ("rubies", None, 1)]
    assert steps[1].princess == {"p1": 0, "p2": F(1, 3), "centre": F(2, 3)}
    assert steps[2].princess == {"p1": 0, "p2": 0, "centre": 1}
    # the Servant turned over at p2 leaves one deal (and she takes the mask's ruby)
    assert s.result().scorers == (2,) and steps[3].princess == {"p1": 0, "p2": 0, "centre": 1}
    assert [s.observation(None)["log"][t.event]["kind"] for t in steps[1:]] == ["answer", "answer", "rubies"]


def test_deduction_replay_equals_the_sympy_deduction_after_each_answer():
    rng = random.Random(12)
    for k in range(12):
        n = 3 + k % 4
        s = PrincessLegend(n).new_initial_state(first_player=rng.randrange(n))
        play_at_random(s, rng)
        steps = deduction_replay(s)
        replay = PrincessLegend(n).new_initial_state(first_player=s.prince)
        history = s.history()
        answers = [i for i, a in enumerate(history) if type(a).__name__ == "Answer"]
        assert [t.after for t in steps] == ["start"] + ["answer"] * len(answers) + ["rubies"]
        for t, i in zip(steps[1:], answers):
            prefix = play(replay.clone(), *history[:i + 1])
            assert t.deals == len(consistent_deals(prefix, method="sympy"))
            assert t.princess == princess_candidates(prefix, method="sympy")
        obs = s.observation(s.prince)
        before_show = dict(obs, log=obs["log"][:-1])
        assert steps[-1].deals == len(consistent_deals(before_show, method="sympy"))


def test_deduction_replay_under_a_model_and_mid_round():
    s = play(PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess"),
             "ask p1 where-princess", "answer p2")
    steps = deduction_replay(s, model=ColourModel())
    assert len(steps) == 2 and steps[1].princess == pytest.approx(princess_chances(s))
    assert steps[1].princess == pytest.approx({"p1": 0, "p2": 0.4, "centre": 0.6})

"""The fast enumerator of deals (kit.princesslegend.worlds): it agrees with sympy's models on random
positions of every player count; answer models, the posterior and the best question on known answers and
against brute forces over the engine's legal answers."""

from __future__ import annotations

import math
import random
from fractions import Fraction as F
from itertools import permutations

import numpy as np
import pytest

from kit.core import KitError, PlayerView, sample_outcome
from kit.princesslegend import CENTRE, PrincessLegend, parse_action
from kit.princesslegend.actions import Answer, Ask, Question
from kit.princesslegend.bots import HeuristicBot
from kit.princesslegend.deduction import consistent_deals, princess_candidates
from kit.princesslegend.worlds import (
    AnswerModel, ColourModel, HeuristicModel, Mixture, _facts, _mask, _perms, best_question, layout,
    model_chances, posterior, prince_questions, princess_chances, worlds,
)


def play(state, *texts):
    for text in texts:
        state.apply_action(text)
    return state


def before(obs, kind):
    cut = next((i for i, e in enumerate(obs["log"]) if e["kind"] == kind), len(obs["log"]))
    return dict(obs, log=obs["log"][:cut])


def sample_positions(count, seed):
    """Observations met along seeded rounds of 3 to 8 players (a mix of heuristic and random moves):
    every phase, the Prince's view mostly, other seats and everyone's view too; at the end of a round,
    also the view before the show (the reveal and the rubies without every tile)."""
    rng = random.Random(seed)
    # sympy is slow with 7 or 8 players (5,040 deals): fewer of those
    counts = [3, 4, 5, 6] * 3 + [7, 8]
    out = []
    while len(out) < count:
        n = rng.choice(counts)
        s = PrincessLegend(n).new_initial_state(first_player=rng.randrange(n))
        stop = rng.randrange(2 * n + 2)
        steps = 0
        while not s.is_terminal() and (s.phase == "deal" or steps < stop):
            p = s.current_player()
            if p < 0:
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
                continue
            steps += 1
            s.apply_action(HeuristicBot(rng).choose(PlayerView(s, p), p) if rng.random() < 0.5
                           else rng.choice(s.legal_actions()))
        r = rng.random()
        seat = s.prince if r < 0.7 else None if r < 0.85 else rng.choice([q for q in range(n) if q != s.prince])
        obs = s.observation(seat)
        if s.is_terminal() and rng.random() < 0.7:
            obs = before(obs, "show" if rng.random() < 0.6 else "rubies")
        out.append(obs)
    return out


# ---------------------------------------------------------------------------------- enumerator = sympy

def test_the_enumerator_and_sympy_agree_on_every_position_of_a_random_sample():
    """>= 300 positions over 3 to 8 players: the same deals, in the same order, and the same shares."""
    sample = sample_positions(310, seed=2024)
    assert len(sample) >= 300 and {o["players"] for o in sample} == set(range(3, 9))
    assert sum(o["log"][-1]["kind"] == "rubies" for o in sample) >= 5       # the rubies without the show
    assert sum(o["seat"] not in (None, o["prince"]) for o in sample) >= 20   # seats that saw every tile
    for k, obs in enumerate(sample):
        models = consistent_deals(obs, method="sympy")
        assert consistent_deals(obs) == models, obs["log"]
        shares = princess_candidates(obs)
        assert shares == {p: F(sum(d[p] == "Princess" for d in models), len(models)) for p in shares}
        if k % 25 == 0:   # the sympy counting too (slow: a few)
            assert princess_candidates(obs, method="sympy") == shares


def test_worlds_for_a_seat_who_saw_every_tile_is_the_deal_itself():
    s = PrincessLegend(6).dealt_state(["Spy", "Prince", "Fairy", "Princess", "Guard", "Servant"], centre="Black Queen")
    play(s, "ask p2 where-princess", "answer p3")
    # the Fairy's truth (4! deals), a red lie (2 reds x (5! - 4!) deals without her at p3), blue (2 x 5!)
    assert len(worlds(s)) == 24 + 2 * 96 + 2 * 120 == 456
    assert worlds(s, seat=3).as_dicts() == [{"p0": "Spy", "p2": "Fairy", "p3": "Princess", "p4": "Guard",
                                              "p5": "Servant", "centre": "Black Queen"}]
    # only what everyone sees: p3's events give the Prince's knowledge
    assert worlds(s.observation(3), public=True).as_dicts() == worlds(s).as_dicts()


def test_worlds_refuses_what_is_no_round():
    with pytest.raises(KitError, match="expected a Princess Legend observation"):
        worlds({"game": "loveletter"})
    s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    obs = play(s, "ask p1 who-are-you", "answer Princess").observation(0)
    obs["log"] += [{"kind": "ask", "prince": 0, "seat": 2, "question": "who-is", "about": 1, "extra": True},
                   {"kind": "answer", "seat": 2, "place": None, "character": "Fairy"}]
    with pytest.raises(KitError, match="not a character of this round"):
        worlds(obs)
    with pytest.raises(KitError, match="p0's; it cannot tell what p1 knows"):
        worlds(s.observation(0), seat=1)


# ---------------------------------------------------------------------------------- answer models

def test_colour_model_known_chances():
    lay = layout(4, prince=0)   # places p1 p2 p3 centre; Princess, Fairy, Black Queen, Guard
    deals = np.array([[0, 1, 2, 3], [2, 0, 1, 3], [3, 1, 0, 2]])   # p1: Princess, Black Queen, Guard
    got = ColourModel().chances(lay, deals, Ask(1, Question.WHO_IS, 2), deals)   # "who is p2?"
    third = 1 / 3
    assert got.tolist() == [[0, 1, 0, 0],                 # the Princess: the truth, the Fairy
                            [0, third, third, third],     # the Black Queen: p2 is the Princess; any other
                            [third, 0, third, third]]     # the Guard: p2 is the Fairy; any other
    lay5 = layout(5, prince=0)  # the Servant is blue
    servant = np.array([[4, 0, 1, 2, 3]])                  # p1 the Servant; the Princess at p2
    where = Ask(1, Question.WHERE_PRINCESS)
    assert ColourModel().chances(lay5, servant, where, servant).tolist() == [[1 / 8, 1 / 2, 1 / 8, 1 / 8, 1 / 8]]
    assert ColourModel(blue_truth=1 / 5).chances(lay5, servant, where, servant)[0].tolist() == pytest.approx([0.2] * 5)


def test_keyed_tables_give_the_same_chances_as_the_rows():
    lay = layout(6, prince=2)
    deals = _perms(lay.m)[0][::7]
    for model in (ColourModel(), ColourModel(0.9), HeuristicModel(), HeuristicModel(noise=0)):
        for ask in prince_questions(lay)[::5]:
            key, table = model.keyed(lay, deals, ask, deals)
            rows = model.chances(lay, deals, ask, deals)
            assert np.array_equal(table[key], rows)
            assert np.allclose(rows.sum(axis=1), 1)


def test_answer_models_refuse_nonsense_and_a_model_must_say_something():
    with pytest.raises(KitError, match="probability from 0 to 1"):
        ColourModel(1.5)
    with pytest.raises(KitError, match="share from 0 to 1"):
        HeuristicModel(noise=-0.1)
    lay = layout(3, 0)
    deals = _perms(3)[0]
    with pytest.raises(NotImplementedError):
        AnswerModel().chances(lay, deals, Ask(1, Question.WHO_ARE_YOU), deals)

    class Silly(AnswerModel):  # every legal answer equally likely, written row by row
        def chances(self, lay, deals, ask, public):
            from kit.princesslegend.worlds import allowed
            ok = allowed(lay, deals, ask)
            return ok / ok.sum(axis=1, keepdims=True)

    key, table = Silly().keyed(lay, deals, Ask(1, Question.WHO_ARE_YOU), deals)
    assert list(key) == list(range(6)) and np.allclose(table.sum(axis=1), 1)


def test_the_heuristic_model_gives_the_heuristic_bots_answers():
    """In every deal, the model's answers are exactly the heuristic bot's (its ties shared equally)."""
    rng = random.Random(8)
    model = HeuristicModel(noise=0)
    checked = 0
    while checked < 60:
        n = rng.randint(3, 8)
        s = PrincessLegend(n).new_initial_state(first_player=rng.randrange(n))
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
                continue
            legal = s.legal_actions()
            if isinstance(legal[0], Answer) and len(legal) > 1:
                obs, lay = s.observation(p), layout(n, s.prince)
                e = obs["log"][-1]
                ask = Ask(e["seat"], Question(e["question"]), e["about"])
                public = _perms(lay.m)[0][_mask(lay, _facts(lay, obs["log"][:-1], public=True))]
                deal = np.array([[lay.char_index[s.centre() if q == CENTRE else s.tile(q)] for q in lay.places]])
                chance = model.chances(lay, deal, ask, public)[0]
                picked = set()
                for seed in range(24):
                    a = HeuristicBot(seed).choose(PlayerView(s, p), p)
                    picked.add(lay.place_index[a.place] if a.character is None else lay.char_index[a.character])
                support = {i for i in range(lay.m) if chance[i] > 0}
                assert picked == support, (str(s), chance)
                assert np.allclose(chance[sorted(support)], 1 / len(support))
                checked += 1
            s.apply_action(HeuristicBot(rng).choose(PlayerView(s, p), p) if rng.random() < 0.7 else rng.choice(legal))


# ---------------------------------------------------------------------------------- posterior

def test_posterior_known_answer_three_players():
    s = play(PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess"),
             "ask p1 where-princess", "answer p2")
    w, chance = posterior(s)
    # the Black Queen lies: p2 is one of her 2 lies (1/2); the Servant tells the truth half the time (1/2),
    # else p2 is one of her 2 lies (1/4): weights 1/2, 1/2, 1/4 for the three deals left
    assert w.as_dicts() == consistent_deals(s)
    assert chance.tolist() == pytest.approx([0.4, 0.4, 0.2])
    assert princess_chances(s) == pytest.approx({"p1": 0, "p2": 0.4, "centre": 0.6})


def test_posterior_under_the_heuristic_model_believes_steered_answers_less():
    s = play(PrincessLegend(4).dealt_state(["Prince", "Guard", "Fairy", "Princess"], centre="Black Queen"),
             "ask p2 where-princess", "answer p3", "ask p3 who-are-you", "answer Princess",
             "ask p1 where-princess", "answer centre", "ask p2 who-are-you", "answer Fairy")
    # two deals each way: p3 needs one red lie (1/3), the centre three (1/27): 9 to 1
    assert princess_candidates(s) == {"p1": 0, "p2": 0, "p3": F(1, 2), "centre": F(1, 2)}
    assert princess_chances(s) == pytest.approx({"p1": 0, "p2": 0, "p3": 0.9, "centre": 0.1})
    assert princess_chances(s, HeuristicModel())["p3"] > 0.95


def test_posterior_falls_back_to_counting_when_the_model_allows_no_answer():
    # the heuristic bot always answers "p1" here; an answerer who says "p2" is no heuristic bot
    s = play(PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess"),
             "ask p1 where-princess", "answer p2")
    w, chance = posterior(s, HeuristicModel(noise=0))
    assert chance.tolist() == [1 / 3] * 3 and w.as_dicts() == consistent_deals(s)
    assert posterior(s, HeuristicModel(noise=0.1))[1].tolist() == pytest.approx(posterior(s)[1].tolist())


# ---------------------------------------------------------------------------------- best question

def entropy(ps):
    return -sum(p * math.log2(p) for p in ps if p)


def test_best_question_known_answer_at_the_start_of_a_four_player_round():
    """Worked by hand: the Princess is at one of 4 places; p1 answers "where is she?".  She says p1
    herself (1/4); otherwise p1 is the Fairy (1/3: the truth) or red (2/3: one of 3 lies)."""
    s = PrincessLegend(4).dealt_state(["Prince", "Princess", "Fairy", "Black Queen"], centre="Guard")
    p_self = F(1, 4) + 3 * F(1, 18)                    # answer "p1"
    h_self = entropy([F(1, 4) / p_self] + [F(1, 18) / p_self] * 3)
    p_other = F(1, 12) + 2 * F(1, 18)                  # answer "p2" (or p3, centre)
    h_other = entropy([F(1, 12) / p_other] + [F(1, 18) / p_other] * 2)
    want = 2 - (p_self * h_self + 3 * p_other * h_other)
    ranking = best_question(s)
    assert ranking[0].question == "ask p1 where-princess"
    assert ranking[0].information == pytest.approx(float(want)) == pytest.approx(0.4232, abs=1e-4)
    assert [v.question for v in ranking[:3]] == ["ask p1 where-princess", "ask p2 where-princess",
                                                 "ask p3 where-princess"]
    assert len(ranking) == 3 * 5                      # to each of 3 players: 2 questions and 3 "who is that?"


def brute_value(state, ask, blue_truth=0.5, mixture=None):
    """Expected information (bits) of ``ask`` under the colour model (or a mixture of colour models, as
    ``[(prior, blue_truth), ...]``, the whole table playing by one of them), from the engine alone: every
    deal replayed, weighed by the chance of the answers given so far, and the engine's legal answers."""
    mixture = mixture or [(1.0, blue_truth)]
    obs = state.observation(state.prince)
    n = obs["players"]
    places = [f"p{s}" for s in range(n) if s != state.prince] + ([CENTRE] if state.has_centre() else [])

    def chance(t, answer, bt):
        legal = t.legal_actions()
        if answer not in legal:
            return 0.0
        colour = t.tile(t.current_player()).colour.value
        if colour == "green":
            return 1.0
        if colour == "red":
            return 1 / len(legal)
        truth = t.truth(t.questions()[-1][0])
        return bt if answer == truth else (1 - bt) / (len(legal) - 1)

    joint = {}   # (answer, her place) -> chance
    prior = {}
    for perm in permutations([str(t) for t in state.game.tile_set]):
        deal = dict(zip(places, perm))
        where = next(p for p, c in deal.items() if c == "Princess")
        for share, bt in mixture:
            t = PrincessLegend(n).dealt_state(["Prince" if s == state.prince else deal[f"p{s}"] for s in range(n)],
                                              centre=deal.get(CENTRE))
            fresh = t.clone()   # nobody asked yet: any question may be put (the answers depend on the deal only)
            weight = share
            for q, a, _ in state.questions():
                t.apply_action(q)
                weight *= chance(t, a, bt)
                if not weight:
                    break
                t.apply_action(a)
            if not weight:
                continue
            prior[where] = prior.get(where, 0) + weight
            asked = fresh.child(ask)
            for a in asked.legal_actions():
                joint[str(a), where] = joint.get((str(a), where), 0) + weight * chance(asked, a, bt)
    total = sum(prior.values())
    h0 = entropy([v / total for v in prior.values()])
    after = 0.0
    for a in {a for a, _ in joint}:
        pa = sum(v for (b, _), v in joint.items() if b == a)
        after += pa / total * entropy([v / pa for (b, _), v in joint.items() if b == a])
    return h0 - after


def test_best_question_equals_a_brute_force_over_the_engine():
    rng = random.Random(31)
    checked = 0
    for k in range(12):
        n = (3, 4, 5)[k % 3]
        s = PrincessLegend(n).new_initial_state(first_player=rng.randrange(n))
        while s.phase == "deal" or (s.phase in ("question", "answer") and rng.random() < 0.7):
            if s.phase == "deal":
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        if s.phase not in ("question", "extra-question"):
            continue
        ranking = best_question(s)
        assert {v.question for v in ranking} == {str(a) for a in s.legal_actions() if isinstance(a, Ask)}
        for v in ranking[::3]:
            assert v.information == pytest.approx(brute_value(s, parse_action(v.question)), abs=1e-9)
            checked += 1
        infos = [round(v.information, 9) for v in ranking]
        assert infos == sorted(infos, reverse=True)
    assert checked >= 15


def test_best_question_under_another_model_and_chosen_questions():
    s = play(PrincessLegend(5).dealt_state(["Prince", "Servant", "Princess", "Black Queen", "Guard"], centre="Fairy"),
             "ask p1 where-princess", "answer p2")
    open_now = best_question(s)
    assert {v.question.split()[1] for v in open_now} == {"p2", "p3", "p4"}     # p1 has had his question
    honest = ColourModel(blue_truth=1.0)
    mine = best_question(s, honest, asks=["ask p1 who-are-you", "ask p4 who-is p1"])
    assert {v.question for v in mine} == {"ask p1 who-are-you", "ask p4 who-is p1"}
    assert mine[0].information >= mine[1].information
    for v in mine:
        assert v.information == pytest.approx(brute_value(s, parse_action(v.question), blue_truth=1.0), abs=1e-9)
    # a blue who always tells the truth said p2: the Princess is at p2 unless p1 is red
    assert princess_chances(s, ColourModel(blue_truth=1.0))["p2"] > princess_chances(s)["p2"]
    with pytest.raises(KitError, match="not a question"):
        best_question(s, asks=["reveal p1"])
    with pytest.raises(KitError, match="not a question of this round"):
        best_question(s, asks=[Ask(0, Question.WHO_ARE_YOU)])


# ---------------------------------------------------------------------------------- mixtures

def test_a_mixture_weighs_the_models_by_the_answers():
    s = play(PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess"),
             "ask p1 where-princess", "answer p2")           # no heuristic bot says that here
    both = Mixture([HeuristicModel(noise=0), ColourModel()])
    assert model_chances(PrincessLegend(3).new_initial_state(), both) == pytest.approx([0.5, 0.5])
    assert model_chances(s, both) == [0.0, 1.0]
    assert princess_chances(s, both) == pytest.approx(princess_chances(s))
    # heuristic answers: the heuristic model gains (it gives them more chance than the colour model does)
    t = PrincessLegend(4).dealt_state(["Prince", "Guard", "Fairy", "Princess"], centre="Black Queen")
    bots = [None] + [HeuristicBot(seed=i) for i in (1, 2, 3)]
    for ask in ("ask p2 where-princess", "ask p3 who-are-you", "ask p1 where-princess"):
        t.apply_action(ask)
        p = t.current_player()
        t.apply_action(bots[p].choose(PlayerView(t, p), p))
    assert model_chances(t, both)[0] > 0.5


def test_best_question_under_a_mixture_equals_a_brute_force():
    rng = random.Random(5)
    mixture = Mixture([ColourModel(1.0), ColourModel(0.0)], [1, 3])   # blue always true, or always lying
    checked = 0
    for k in range(8):
        n = (4, 5)[k % 2]
        s = PrincessLegend(n).new_initial_state(first_player=rng.randrange(n))
        while s.phase == "deal" or (s.phase in ("question", "answer") and rng.random() < 0.6):
            s.apply_action(sample_outcome(s.chance_outcomes(), rng) if s.phase == "deal"
                           else rng.choice(s.legal_actions()))
        if s.phase not in ("question", "extra-question"):
            continue
        for v in best_question(s, mixture)[::4]:
            want = brute_value(s, parse_action(v.question), mixture=[(0.25, 1.0), (0.75, 0.0)])
            assert v.information == pytest.approx(want, abs=1e-9)
            checked += 1
    assert checked >= 8


def test_mixtures_refuse_nonsense():
    with pytest.raises(KitError, match="one or more answer models"):
        Mixture([])
    with pytest.raises(KitError, match="one weight of at least 0 per model"):
        Mixture([ColourModel()], [1, 2])
    with pytest.raises(KitError, match="not a Mixture"):
        model_chances(PrincessLegend(3).new_initial_state(), ColourModel())

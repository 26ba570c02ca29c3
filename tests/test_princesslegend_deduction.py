"""The Prince's deduction (kit.princesslegend.deduction): formulas, known answers, and the engine's word.

Known answers come from small scripted rounds worked out by hand.  The
cross-check plays seeded random rounds through the protocol and compares the
sympy models with a brute force over every permutation of the tile set, kept
when the engine itself accepts every recorded answer on that deal.
"""

from __future__ import annotations

import random
from fractions import Fraction as F
from itertools import permutations

import pytest
from sympy import Symbol, true
from sympy.logic.boolalg import Implies, Not
from sympy.logic.inference import satisfiable

from kit.core import KitError, play_at_random
from kit.princesslegend import CENTRE, PrincessLegend
from kit.princesslegend.deduction import (
    METHODS, all_deals, answer_allowed, answer_is_true, colour_rule, consistent_deals, deal_constraints,
    hidden_places, is_certain, knowledge_base, princess_candidates, princess_place, settling_questions, statement,
    statement_words, symbols, tile_set, view,
)


def play(state, *texts):
    for text in texts:
        state.apply_action(text)
    return state


def three():
    """3 players, p0 Prince: p1 Black Queen, p2 Servant, the Princess in the centre."""
    return PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")


def four():
    """4 players, p0 Prince: p1 Princess, p2 Fairy, p3 Black Queen, the Guard in the centre."""
    return PrincessLegend(4).dealt_state(["Prince", "Princess", "Fairy", "Black Queen"], centre="Guard")


def random_round(players, seed, *, answers=None, extra=False):
    """Seeded random play through the protocol, stopped before the reveal (or after ``answers`` answers)."""
    rng = random.Random(seed)
    state = PrincessLegend(players).new_initial_state(first_player=rng.randrange(players))
    while state.phase not in ("reveal" if extra else "extra-question", "over"):
        if answers is not None and state.phase != "deal" \
                and sum(a is not None for _, a, _ in state.questions()) >= answers:
            break
        play_at_random(state, rng, max_steps=1)
    return state


def brute_force(state):
    """Every deal, kept when the engine accepts every recorded answer replayed on it."""
    n, prince = state.game.num_players, state.prince
    places = hidden_places(state)
    kept = []
    for perm in permutations(tile_set(state)):
        deal = dict(zip(places, perm))
        s = PrincessLegend(n).dealt_state(["Prince" if i == prince else deal[f"p{i}"] for i in range(n)],
                                          centre=deal.get(CENTRE))
        ok = True
        for ask, answer, _ in state.questions():
            s.apply_action(ask)
            if answer is None:
                break
            if answer not in s.legal_actions():
                ok = False
                break
            s.apply_action(answer)
        if ok:
            kept.append(deal)
    return kept


def true_deal(state):
    deal = {f"p{s}": str(t) for s, t in enumerate(state.tiles()) if s != state.prince}
    if state.has_centre():
        deal[CENTRE] = str(state.centre())
    return deal


# -- symbols and constraints -----------------------------------------------------------

@pytest.mark.parametrize("players, deals", [(3, 6), (4, 24), (5, 120), (6, 720)])
def test_deal_constraints_have_one_model_per_deal(players, deals):
    state = PrincessLegend(players).new_initial_state()
    models = [m for m in satisfiable(deal_constraints(state), all_models=True) if m]
    assert len(models) == deals == len(all_deals(state))


def test_symbols_cover_every_hidden_place_and_character():
    x = symbols(PrincessLegend(4).new_initial_state(first_player=1))
    assert sorted({p for p, _ in x}) == ["centre", "p0", "p2", "p3"]
    assert {c for _, c in x} == {"Princess", "Fairy", "Black Queen", "Guard"}
    assert x["p0", "Guard"] == Symbol("x[p0,Guard]")


def test_eight_players_have_no_centre_place():
    state = PrincessLegend(8).new_initial_state(first_player=3)
    assert hidden_places(state) == ["p0", "p1", "p2", "p4", "p5", "p6", "p7"]


def test_deal_constraints_accept_other_symbols():
    state = PrincessLegend(3).new_initial_state()
    x = {k: Symbol(f"y{i}") for i, k in enumerate(symbols(state))}
    rules = deal_constraints(state, x)
    assert rules.free_symbols == set(x.values())
    assert sum(1 for m in satisfiable(rules, all_models=True) if m) == 6


# -- statements and colour rules -------------------------------------------------------

def test_statement_of_each_question():
    x = symbols(PrincessLegend(4).new_initial_state())
    assert statement({"seat": 2, "question": "where-princess", "about": None, "answer": "centre"}, x) \
        == x["centre", "Princess"]
    assert statement({"seat": 2, "question": "who-are-you", "about": None, "answer": "Guard"}, x) == x["p2", "Guard"]
    assert statement({"seat": 2, "question": "who-is", "about": "p3", "answer": "Fairy"}, x) == x["p3", "Fairy"]
    assert statement_words({"seat": 2, "question": "who-is", "about": "p3", "answer": "Fairy"}) == "p3 is the Fairy"


def test_statement_refuses_unanswered_and_foreign_answers():
    x = symbols(PrincessLegend(3).new_initial_state())
    with pytest.raises(KitError, match="not answered"):
        statement({"seat": 1, "question": "who-are-you", "about": None, "answer": None}, x)
    with pytest.raises(KitError, match="Fairy: no such place or character"):
        statement({"seat": 1, "question": "who-are-you", "about": None, "answer": "Fairy"}, x)
    with pytest.raises(KitError, match="not a character"):
        statement({"seat": 1, "question": "who-are-you", "about": None, "answer": "King"}, x)


def test_colour_rule_green_implies_the_claim_red_its_negation_blue_nothing():
    x = symbols(PrincessLegend(5).new_initial_state())
    q = {"seat": 1, "question": "who-is", "about": "p2", "answer": "Guard"}
    s = x["p2", "Guard"]
    rule = colour_rule(q, x)
    assert set(rule.args) == {Implies(x["p1", "Princess"], s), Implies(x["p1", "Fairy"], s),
                              Implies(x["p1", "Black Queen"], Not(s)), Implies(x["p1", "Guard"], Not(s))}
    x3 = symbols(PrincessLegend(3).new_initial_state())
    blue_only = {k: v for k, v in x3.items() if k != ("p1", "Princess") and k != ("p1", "Black Queen")}
    assert colour_rule({"seat": 1, "question": "who-are-you", "about": None, "answer": "Servant"}, blue_only) is true


# -- known answers on scripted rounds -------------------------------------------------

def test_three_players_a_lie_about_the_princess():
    s = play(three(), "ask p1 where-princess", "answer p2")
    assert consistent_deals(s) == [
        {"p1": "Black Queen", "p2": "Servant", "centre": "Princess"},   # a red lie
        {"p1": "Servant", "p2": "Princess", "centre": "Black Queen"},   # blue: the truth
        {"p1": "Servant", "p2": "Black Queen", "centre": "Princess"},   # blue: a lie
    ]  # the Princess herself would have said p1
    assert princess_candidates(s) == {"p1": 0, "p2": F(1, 3), "centre": F(2, 3)}
    assert not is_certain(s)
    play(s, "ask p2 who-are-you", "answer Servant")   # the Princess would not say Servant
    assert princess_place(s) == "centre" and is_certain(s)


def test_four_players_two_greens_agree_and_a_red_is_caught():
    s = play(four(), "ask p1 who-are-you", "answer Princess", "ask p2 who-is p1", "answer Princess")
    # either both told the truth (p1 Princess, p2 Fairy) or both lied (both red: Black Queen and Guard)
    assert consistent_deals(s) == [
        {"p1": "Princess", "p2": "Fairy", "p3": "Black Queen", "centre": "Guard"},
        {"p1": "Princess", "p2": "Fairy", "p3": "Guard", "centre": "Black Queen"},
        {"p1": "Black Queen", "p2": "Guard", "p3": "Princess", "centre": "Fairy"},
        {"p1": "Black Queen", "p2": "Guard", "p3": "Fairy", "centre": "Princess"},
        {"p1": "Guard", "p2": "Black Queen", "p3": "Princess", "centre": "Fairy"},
        {"p1": "Guard", "p2": "Black Queen", "p3": "Fairy", "centre": "Princess"},
    ]
    assert princess_candidates(s) == {"p1": F(1, 3), "p2": 0, "p3": F(1, 3), "centre": F(1, 3)}
    play(s, "ask p3 where-princess", "answer p2")  # false in every deal left: p3 is red, so p1 and p2 are green
    assert consistent_deals(s) == [
        {"p1": "Princess", "p2": "Fairy", "p3": "Black Queen", "centre": "Guard"},
        {"p1": "Princess", "p2": "Fairy", "p3": "Guard", "centre": "Black Queen"},
    ]
    assert princess_place(s) == "p1"


def test_four_players_no_blue_every_answer_decides_a_colour():
    s = PrincessLegend(4).dealt_state(["Prince", "Fairy", "Guard", "Princess"], centre="Black Queen")
    play(s, "ask p1 where-princess", "answer p3", "ask p2 who-is p1", "answer Guard",
         "ask p3 who-is p2", "answer Guard")
    assert consistent_deals(s) == [
        {"p1": "Fairy", "p2": "Guard", "p3": "Princess", "centre": "Black Queen"},
        {"p1": "Black Queen", "p2": "Guard", "p3": "Fairy", "centre": "Princess"},
        {"p1": "Guard", "p2": "Princess", "p3": "Black Queen", "centre": "Fairy"},
        {"p1": "Guard", "p2": "Fairy", "p3": "Black Queen", "centre": "Princess"},
    ]


def test_the_extra_question_counts_too():
    s = play(three(), "ask p1 where-princess", "answer p2", "ask p2 who-is p1", "answer Servant")
    before = consistent_deals(s)
    play(s, "ask p1 who-are-you", "answer Princess")    # the extra question; the Black Queen lies
    after = consistent_deals(s)
    assert s.questions()[-1][2] and set(map(str, after)) <= set(map(str, before))
    assert after == brute_force(s)


def before(obs, kind):
    """The observation cut just before its first event of ``kind`` (what the seat knew then)."""
    cut = next(i for i, e in enumerate(obs["log"]) if e["kind"] == kind)
    return dict(obs, log=obs["log"][:cut])


def test_a_revealed_tile_is_a_fact_for_the_prince():
    s = play(three(), "ask p1 where-princess", "answer p2", "ask p2 who-are-you", "answer Princess",
             "no-extra-question")
    assert len(consistent_deals(s)) == 3
    play(s, "reveal p2")
    obs = before(s.observation(0), "rubies")        # the reveal alone
    assert obs["log"][-1]["kind"] == "reveal"
    assert consistent_deals(obs) == [{"p1": "Black Queen", "p2": "Servant", "centre": "Princess"}]


def test_at_the_end_every_tile_is_shown_and_the_prince_knows_the_deal():
    s = play(PrincessLegend(4).dealt_state(["Prince", "Princess", "Fairy", "Black Queen"], centre="Guard"),
             "ask p1 who-are-you", "answer Princess", "ask p2 who-is p1", "answer Princess",
             "ask p3 where-princess", "answer p2", "no-extra-question", "reveal p2")
    obs = s.observation(0)
    assert obs["log"][-1] == {"kind": "show", "tiles": ["Prince", "Princess", "Fairy", "Black Queen"],
                              "centre": "Guard"}
    assert obs["tiles"] == ["Prince", "Princess", "Fairy", "Black Queen"] and obs["centre"] == "Guard"
    assert consistent_deals(s) == consistent_deals(s, method="sympy") == [true_deal(s)]
    assert princess_place(s) == "p1"
    # before the show, the rubies (hearts: p1 and p2) had left two deals
    assert len(consistent_deals(before(obs, "show"))) == 2


def test_who_takes_rubies_is_a_fact_for_everyone_the_revealed_crown_rules_p3_out():
    """docs/rules/princesslegend.md#rubies: everyone sees who takes rubies; a deduction of the deal includes it."""
    s = PrincessLegend(5).dealt_state(["Prince", "Black Queen", "Servant", "Guard", "Fairy"], centre="Princess")
    play(s, "ask p1 who-are-you", "answer Princess",      # the Black Queen lies
         "ask p2 who-are-you", "answer Servant", "ask p3 who-are-you", "answer Princess",    # so does the Guard
         "ask p4 who-are-you", "answer Fairy", "no-extra-question")
    assert princess_candidates(s) == {"p1": F(2, 5), "p2": 0, "p3": F(2, 5), "p4": 0, "centre": F(1, 5)}
    play(s, "reveal p1")                                 # the crown: a ruby to the Black Queen and the Guard
    obs = before(s.observation(0), "show")               # the end-of-round show would tell it all
    assert obs["log"][-1] == {"kind": "rubies", "symbol": "crown", "seats": [1, 3]}
    without = before(obs, "rubies")                       # the revealed tile alone leaves p3 possible
    assert princess_candidates(without) == {"p1": 0, "p2": 0, "p3": F(2, 3), "p4": 0, "centre": F(1, 3)}
    # with the rubies: p3 holds a crown tile, so p3 is not the Princess; she is in the centre
    assert princess_candidates(obs)["p3"] == 0 and princess_place(obs) == "centre"
    assert consistent_deals(obs) == [{"p1": "Black Queen", "p2": "Servant", "p3": "Guard", "p4": "Fairy",
                                      "centre": "Princess"}]
    assert consistent_deals(before(s.observation(None), "show")) == consistent_deals(obs)   # everyone: the same
    assert consistent_deals(obs) == consistent_deals(obs, method="sympy") == brute_force_with_rubies(s)


def test_nobody_taking_a_ruby_is_a_fact_too():
    # the Fairy bears the mask; nobody took a ruby, so no seat holds the Servant: she is in the centre
    s = PrincessLegend(5).dealt_state(["Prince", "Fairy", "Princess", "Black Queen", "Guard"], centre="Servant")
    play(s, "ask p1 who-are-you", "answer Fairy", "ask p2 who-are-you", "answer Princess",
         "ask p3 who-are-you", "answer Servant", "ask p4 who-are-you", "answer Fairy", "no-extra-question",
         "reveal p1")
    obs = before(s.observation(0), "show")
    assert obs["log"][-1] == {"kind": "rubies", "symbol": "mask", "seats": []}
    assert len(consistent_deals(before(obs, "rubies"))) == 12
    assert consistent_deals(obs) == [
        {"p1": "Fairy", "p2": "Princess", "p3": "Black Queen", "p4": "Guard", "centre": "Servant"},
        {"p1": "Fairy", "p2": "Princess", "p3": "Guard", "p4": "Black Queen", "centre": "Servant"}]
    assert princess_place(obs) == "p2"


def brute_force_with_rubies(state):
    """The engine's brute force, then the deals whose rubies (replayed on them) match the round's."""
    got = state.result()
    kept = []
    for deal in brute_force(state):
        n, prince = state.game.num_players, state.prince
        s = PrincessLegend(n).dealt_state(["Prince" if i == prince else deal[f"p{i}"] for i in range(n)],
                                          centre=deal.get(CENTRE))
        for a in state.history()[len(s.history()):]:
            s.apply_action(a)
        if s.result().tile is got.tile and s.returns() == state.returns():
            kept.append(deal)
    return kept


def test_settling_questions_known_answer():
    s = PrincessLegend(3).dealt_state(["Prince", "Princess", "Servant"], centre="Black Queen")
    play(s, "ask p2 who-is centre", "answer Princess", "ask p1 who-is centre", "answer Black Queen")
    assert princess_candidates(s) == {"p1": F(1, 2), "p2": 0, "centre": F(1, 2)}
    # p1 is the Princess or the Black Queen, and p2 the Servant: only the Princess may say "Servant"
    assert settling_questions(s) == ["ask p1 who-is p2"]


def test_contradictory_observation_is_refused():
    # no blue with 4 players: "I am the Guard" makes p1 the Black Queen, who cannot say who she is
    s = PrincessLegend(4).dealt_state(["Prince", "Black Queen", "Fairy", "Princess"], centre="Guard")
    obs = play(s, "ask p1 who-are-you", "answer Guard").observation(0)
    assert [d["p1"] for d in consistent_deals(obs)] == ["Black Queen"] * 6
    obs["log"] += [{"kind": "ask", "prince": 0, "seat": 1, "question": "who-are-you", "about": None, "extra": True},
                   {"kind": "answer", "seat": 1, "place": None, "character": "Black Queen"}]
    with pytest.raises(KitError, match="no deal fits"):
        consistent_deals(obs)


# -- the engine's word -----------------------------------------------------------------

def test_answer_allowed_and_answer_is_true_use_the_engine():
    obs = three().observation(0)
    deal = {"p1": "Black Queen", "p2": "Servant", "centre": "Princess"}
    where = {"seat": 1, "question": "where-princess", "about": None, "answer": "centre"}
    assert answer_is_true(obs, deal, where) and not answer_allowed(obs, deal, where)   # red must lie
    blue = {"seat": 2, "question": "who-is", "about": "centre", "answer": "Black Queen"}
    assert not answer_is_true(obs, deal, blue) and answer_allowed(obs, deal, blue)
    with pytest.raises(KitError, match="not a deal of this round"):
        answer_allowed(obs, {"p1": "Princess"}, where)


@pytest.mark.parametrize("players, rounds", [(3, 40), (4, 30), (5, 20), (6, 8)])
def test_consistent_deals_equal_the_engine_brute_force(players, rounds):
    for k in range(rounds):
        state = random_round(players, seed=1000 * players + k, answers=k % (players + 1), extra=k % 3 == 0)
        want = brute_force(state)
        assert consistent_deals(state) == want, state
        if k % 4 == 0:
            assert consistent_deals(state, method="sympy") == want, state
        assert true_deal(state) in want
        shares = princess_candidates(state)
        assert sum(shares.values()) == 1 and set(shares) == set(hidden_places(state))


@pytest.mark.parametrize("players, rounds", [(3, 20), (4, 20), (5, 12)])
def test_after_the_reveal_consistent_deals_equal_the_engine_brute_force_with_the_rubies(players, rounds):
    for k in range(rounds):
        rng = random.Random(5000 * players + k)
        state = PrincessLegend(players).new_initial_state(first_player=rng.randrange(players))
        play_at_random(state, rng)
        want = brute_force_with_rubies(state)
        obs = before(state.observation(state.prince), "show")
        assert consistent_deals(obs) == want == consistent_deals(before(state.observation(None), "show")), state
        assert true_deal(state) in want
        assert consistent_deals(state) == [true_deal(state)]      # after the show: the deal itself


@pytest.mark.parametrize("players", [7, 8])
def test_consistent_deals_equal_the_engine_brute_force_big_rounds(players):
    state = random_round(players, seed=players, extra=True)
    assert consistent_deals(state) == brute_force(state)


def engine_settling_questions(state):
    """The questions after which the Princess's place is certain whatever the answer, by the engine alone:
    every consistent deal replayed, every question, every answer the engine allows there."""
    obs = state.observation(state.prince)
    outcomes = {}
    for deal in brute_force(state):
        dealt = PrincessLegend(obs["players"]).dealt_state(
            ["Prince" if s == obs["prince"] else deal[f"p{s}"] for s in range(obs["players"])],
            centre=deal.get(CENTRE))
        where = next(p for p, c in deal.items() if c == "Princess")
        for ask in dealt.legal_actions():
            for answer in dealt.child(ask).legal_actions():
                outcomes.setdefault(str(ask), {}).setdefault(str(answer), set()).add(where)
    return [q for q, by in outcomes.items() if all(len(w) == 1 for w in by.values())]


@pytest.mark.parametrize("players, rounds", [(3, 20), (4, 15), (5, 8)])
def test_settling_questions_equal_the_engine_brute_force(players, rounds):
    for k in range(rounds):
        state = random_round(players, seed=700 * players + k, answers=k % players, extra=k % 2 == 0)
        assert settling_questions(state) == engine_settling_questions(state), state


def test_settling_questions_do_settle_it_whatever_the_answer():
    tried = 0
    for seed in range(80):
        state = random_round(3 + seed % 3, seed)
        if is_certain(state):
            continue  # then every question settles it
        for text in settling_questions(state):
            asked = play(state.clone(), text)
            for answer in asked.legal_actions():
                after = asked.child(answer)
                assert is_certain(after), (str(state), text, str(answer))
            tried += 1
    assert tried >= 5


# -- hidden information ----------------------------------------------------------------

def test_deduction_reads_only_what_the_prince_saw():
    # two different deals, the same questions and answers: the Prince cannot tell them apart
    a = play(PrincessLegend(4).dealt_state(["Prince", "Princess", "Fairy", "Black Queen"], centre="Guard"),
             "ask p1 who-are-you", "answer Princess")
    b = play(PrincessLegend(4).dealt_state(["Prince", "Guard", "Fairy", "Princess"], centre="Black Queen"),
             "ask p1 who-are-you", "answer Princess")
    assert a.information_state(0) == b.information_state(0)
    assert knowledge_base(a) == knowledge_base(b)
    assert consistent_deals(a) == consistent_deals(b) == consistent_deals(a.observation(0))
    assert princess_candidates(a) == princess_candidates(b)


def test_another_seat_knows_the_deal():
    state = random_round(5, seed=3)
    for seat in range(5):
        if seat != state.prince:
            assert consistent_deals(state, seat=seat) == [true_deal(state)]
            assert is_certain(state, seat=seat)


def test_view_refuses_what_is_no_princess_legend_observation():
    state = three()
    with pytest.raises(KitError, match="not a loveletter observation"):
        view({"game": "loveletter"})
    with pytest.raises(KitError, match="not list"):
        view([1, 2])
    with pytest.raises(KitError, match="missing"):
        view({"game": "princesslegend"})
    with pytest.raises(KitError, match="p0's; it cannot tell what p1 knows"):
        consistent_deals(state.observation(0), seat=1)
    with pytest.raises(KitError, match="no seat"):
        consistent_deals(state, seat=7)
    with pytest.raises(KitError, match="method is one of enumerate, sympy"):
        consistent_deals(state, method="z3")
    assert METHODS == ("enumerate", "sympy")

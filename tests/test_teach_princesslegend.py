"""Princess Legend deduction exercises (kit.teach.princesslegend): seeded rounds, building blocks, checkers."""

from __future__ import annotations

from fractions import Fraction

import pytest
from sympy import Not, Or, Symbol

from kit.core import KitError
from kit.princesslegend.deduction import (all_deals, consistent_deals, princess_candidates, settling_questions,
                                          statement)
from kit.teach.princesslegend import (answer_fits, check_candidates, check_consistent, check_fits, check_statement,
                                      colour, describe, rounds)


# -- rounds -----------------------------------------------------------------------------

def test_rounds_are_seeded_and_show_only_what_the_prince_sees():
    assert rounds(4, seed=3) == rounds(4, seed=3) != rounds(4, seed=4)
    for obs in rounds(6, seed=1, players=6):
        assert obs["seat"] == obs["prince"] and obs["role"] == "Prince"
        assert obs["tiles"] == ["Prince" if s == obs["prince"] else None for s in range(6)]
        assert obs["centre"] is None and obs["revealed"] is None
        assert obs["log"][0] == {"kind": "prince", "seat": obs["prince"]}
        assert [e["tile"] for e in obs["log"] if e["kind"] == "deal"] == [None] * 6
        assert obs["phase"] == "extra-question" and len(obs["questions"]) == 5
        assert all(q["answer"] is not None for q in obs["questions"])


def test_rounds_with_the_extra_question():
    obs = rounds(5, seed=2, players=4, extra=True)
    assert all(o["phase"] == "reveal" for o in obs)
    assert any(o["questions"][-1]["extra"] for o in obs)


def test_rounds_refuse_bad_arguments():
    with pytest.raises(KitError, match="positive whole number"):
        rounds(0)
    with pytest.raises(KitError, match="3 to 8 players"):
        rounds(1, players=2)


def test_the_notebook_round_has_the_answer_written_in_the_solution():
    # solutions/princesslegend_deduction.ipynb explains this round in words: keep it the same round
    obs = rounds(1, seed=51, players=5)[0]
    assert obs["prince"] == 1
    assert princess_candidates(obs) == {"p0": Fraction(1, 2), "p2": 0, "p3": Fraction(1, 6), "p4": 0,
                                        "centre": Fraction(1, 3)}
    assert all(d["p2"] == "Black Queen" and d["p0"] in ("Princess", "Fairy") for d in consistent_deals(obs))
    assert settling_questions(obs) == ["ask p0 where-princess"]


# -- building blocks --------------------------------------------------------------------

def test_colour_is_the_engines():
    assert [colour(c) for c in ["Princess", "fairy", "Reine", "Guard", "Siamese", "Servant", "Spy"]] == \
        ["green", "green", "red", "red", "red", "blue", "blue"]
    with pytest.raises(KitError, match="never answers"):
        colour("Prince")
    with pytest.raises(KitError, match="not a character tile"):
        colour("King")


def test_describe_tells_every_question_and_answer():
    obs = rounds(1, seed=51, players=5)[0]
    text = describe(obs)
    assert text.startswith("5 players; you are the Prince, p1.")
    assert "Servant (blue)" in text and "Face down: p0, p2, p3, p4 and the centre." in text
    assert 'p1 asks p3 "Who is that? (pointing at centre)"  -> p3: "Guard"' in text
    assert text.count("->") == 4


def test_answer_fits_reads_the_round_from_the_deal():
    deal = {"p0": "Guard", "p2": "Princess", "p3": "Fairy", "centre": "Black Queen"}   # 4 players, Prince p1
    assert answer_fits(deal, {"seat": 3, "question": "who-is", "about": "p0", "answer": "Guard"})
    assert not answer_fits(deal, {"seat": 0, "question": "where-princess", "about": None, "answer": "p2"})
    with pytest.raises(KitError, match="not a deal"):
        answer_fits({"p0": "Guard", "x": "Fairy"}, {"seat": 0, "question": "who-are-you", "answer": "Guard"})


# -- check_fits -------------------------------------------------------------------------

def learner_fits(deal, q, mistake=None):
    """The notebook's plain-Python answer, with an optional classic mistake."""
    me = deal[f"p{q['seat']}"]
    if q["question"] == "where-princess":
        truth = next(place for place, name in deal.items() if name == "Princess")
    elif q["question"] == "who-are-you" or mistake == "who-is is about me":
        truth = me
    else:
        truth = deal[q["about"]]
    told_truth = q["answer"] == truth
    if colour(me) == "green":
        return told_truth
    if colour(me) == "red":
        return not told_truth
    return told_truth if mistake == "blue tells the truth" else True


def test_check_fits_passes_the_rule_and_explains_common_mistakes():
    assert check_fits(answer_fits)
    assert check_fits(learner_fits)
    always = check_fits(lambda deal, q: True)
    assert not always and "it does not fit: " in always.message and "must tell the truth" in always.message
    blue = check_fits(lambda deal, q: learner_fits(deal, q, "blue tells the truth"))
    assert not blue and "it fits: " in blue.message and "(blue: may lie or tell the truth)" in blue.message
    about_me = check_fits(lambda deal, q: learner_fits(deal, q, "who-is is about me"))
    assert not about_me and "Who is that?" in about_me.message and "in this deal" in about_me.message
    words = check_fits(lambda deal, q: "yes")
    assert not words and "answer True or False" in words.message


def _true(deal, q):
    if q["question"] == "where-princess":
        return deal.get(q["answer"]) == "Princess"
    return deal[q["about"] if q["question"] == "who-is" else f"p{q['seat']}"] == q["answer"]


def test_check_fits_covers_every_colour_with_true_and_false_answers():
    seen = set()

    def spy(deal, q):
        seen.add((colour(deal[f"p{q['seat']}"]), _true(deal, q)))
        return answer_fits(deal, q)

    assert check_fits(spy)
    assert seen == {(c, t) for c in ("green", "red", "blue") for t in (True, False)}


# -- check_statement --------------------------------------------------------------------

def test_check_statement_accepts_any_equivalent_formula():
    assert check_statement(statement)

    def not_any_other(q, x):             # "p3 holds the Fairy" as "p3 holds none of the others"
        s = statement(q, x)
        place, char = next(k for k, v in x.items() if v == s)
        return Not(Or(*(v for (p, c), v in x.items() if p == place and c != char)))

    assert check_statement(not_any_other)


def test_check_statement_refuses_text_booleans_and_strangers():
    text = check_statement(lambda q, x: "x['p3', 'Princess']")
    assert not text and "not text" in text.message
    boolean = check_statement(lambda q, x: True)
    assert not boolean and "depends on the deal" in boolean.message
    stranger = check_statement(lambda q, x: Symbol("p3"))
    assert not stranger and "not in x: p3" in stranger.message
    negated = check_statement(lambda q, x: Not(statement(q, x)))
    assert not negated and "your formula gives" in negated.message


# -- check_consistent -------------------------------------------------------------------

def test_check_consistent_passes_the_reference_and_names_the_first_wrong_deal():
    assert check_consistent(consistent_deals)
    too_many = check_consistent(all_deals)
    assert not too_many and "does not fit every answer" in too_many.message
    too_few = check_consistent(lambda obs: consistent_deals(obs)[1:])
    assert not too_few and "is missing: it fits every answer" in too_few.message
    twice = check_consistent(lambda obs: consistent_deals(obs) * 2)
    assert not twice and "listed twice" in twice.message
    one = check_consistent(lambda obs: consistent_deals(obs)[0])
    assert not one and "list of deals" in one.message


def test_check_consistent_reads_places_and_names_leniently():
    def sloppy(obs):
        return [{(int(p[1:]) if p != "centre" else "CENTER"): c.lower() for p, c in d.items()}
                for d in consistent_deals(obs)]

    assert check_consistent(sloppy, count=6)
    nonsense = check_consistent(lambda obs: [{"p1": "King"}], count=2)
    assert not nonsense and "'King' is not a character of this round" in nonsense.message


# -- check_candidates -------------------------------------------------------------------

def test_check_candidates_accepts_fractions_text_and_omitted_zeros():
    assert check_candidates(princess_candidates)
    as_text = check_candidates(lambda obs: {p: str(f) for p, f in princess_candidates(obs).items() if f})
    assert as_text, as_text.message
    uniform = check_candidates(lambda obs: {p: Fraction(1, len(obs["tile_set"])) for p in princess_candidates(obs)})
    assert not uniform and "deals that fit every answer" in uniform.message


def test_check_candidates_parses_text_and_never_runs_it():
    sneaky = check_candidates(lambda obs: {"p1": "__import__('os').getcwd()"}, count=2)
    assert not sneaky and "is not a probability" in sneaky.message
    stranger = check_candidates(lambda obs: {"p9": 1}, count=2)
    assert not stranger and "'p9' is not a face-down place" in stranger.message


def test_checkers_report_a_blank_as_not_written_yet():
    def blank(*args):
        raise NotImplementedError()

    for check in (check_fits, check_statement, check_consistent, check_candidates):
        result = check(blank)
        assert not result and "not written yet" in result.message

"""Truth and lies in Princess Legend (kit.teach.princesslegend): seeded rounds, building blocks, checkers.

Known answers for the rounds and every checker (the colour rule, deals that fit, the consistent worlds and their
count, where the Princess can be, the answer model, the information of a question), blanks rejected, text parsed
and never run, and hints (three or more, translatable, never the answer).
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from babel.messages.extract import extract_from_file
from sympy import Not, Or, Symbol

from kit.core import KitError
from kit.i18n.catalogs import KEYWORDS
from kit.princesslegend.deduction import (all_deals, best_question, consistent_deals, princess_candidates,
                                          settling_questions, statement)
from kit.teach.hints import Checker
from kit.teach.notebooks import BEGIN, END
from kit.teach.princesslegend import (CHECKERS, allowed_answers, answer_chances, answer_fits, check_allowed_answers,
                                      check_answer_chances, check_best_question, check_candidates, check_consistent,
                                      check_deal_consistent, check_fits, check_princess_places, check_question_value,
                                      check_statement, check_world_count, colour, describe, hidden_places,
                                      question_value, rounds, weighted_worlds)

ROOT = Path(__file__).resolve().parents[1]


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


# -- which answers a colour may give ------------------------------------------------------

def test_green_gives_the_truth_red_every_lie_blue_anything():
    options = ["p0", "p2", "centre"]
    assert allowed_answers("green", "p2", options) == ["p2"]
    assert allowed_answers("red", "p2", options) == ["p0", "centre"]
    assert allowed_answers("blue", "p2", options) == options
    assert check_allowed_answers(allowed_answers)


def test_check_allowed_answers_names_the_colour_and_what_is_wrong():
    truth_only = check_allowed_answers(lambda c, truth, options: [truth])
    assert not truth_only and "red may not give" in truth_only.message and "(the truth)" in truth_only.message
    red_one_lie = check_allowed_answers(
        lambda c, truth, options: [o for o in options if o != truth][:1] if c == "red" else allowed_answers(
            c, truth, options))
    assert not red_one_lie and "red may also give" in red_one_lie.message
    blue_lies = check_allowed_answers(
        lambda c, truth, options: allowed_answers("red" if c == "blue" else c, truth, options))
    assert not blue_lies and "blue may give" in blue_lies.message and "(the truth)" in blue_lies.message
    lenient = check_allowed_answers(lambda c, truth, options: {o.upper() for o in allowed_answers(c, truth, options)})
    assert lenient, lenient.message
    text = check_allowed_answers(lambda c, truth, options: ", ".join(options))
    assert not text and "list of answers" in text.message
    stranger = check_allowed_answers(lambda c, truth, options: ["King"])
    assert not stranger and "not one of the answers in play" in stranger.message


# -- does a deal fit every answer -----------------------------------------------------------

def test_a_deal_fits_the_round_when_every_answer_fits_it():
    obs = rounds(1, seed=51, players=5)[0]
    fitting = consistent_deals(obs)
    assert all(all(answer_fits(d, q) for q in obs["questions"]) for d in fitting)
    assert check_deal_consistent(lambda o, d: all(answer_fits(d, q) for q in o["questions"]))
    always = check_deal_consistent(lambda o, d: True)
    assert not always and "an answer rules this deal out: " in always.message and "in this deal" in always.message
    never = check_deal_consistent(lambda o, d: False)
    assert not never and "every answer fits this deal" in never.message
    first_only = check_deal_consistent(lambda o, d: answer_fits(d, o["questions"][0]))
    assert not first_only
    words = check_deal_consistent(lambda o, d: "yes")
    assert not words and "answer True or False" in words.message


# -- counting the worlds, where she can be -------------------------------------------------------

def test_the_worlds_are_counted_among_all_deals():
    assert check_world_count(lambda obs: len(consistent_deals(obs)))
    every = check_world_count(lambda obs: len(all_deals(obs)))
    assert not every and "deals fit every answer, not" in every.message
    assert "whole number" in check_world_count(lambda obs: str(len(consistent_deals(obs)))).message


def test_the_princess_can_be_where_some_fitting_deal_puts_her():
    obs = rounds(1, seed=51, players=5)[0]
    places = {p for p, share in princess_candidates(obs).items() if share}
    assert places == {"p0", "p3", "centre"}
    assert check_princess_places(lambda o: {p for p, s in princess_candidates(o).items() if s})
    assert check_princess_places(lambda o: [p.upper() for p, s in princess_candidates(o).items() if s])
    everywhere = check_princess_places(hidden_places)
    assert not everywhere and "cannot be at" in everywhere.message
    too_few = check_princess_places(lambda o: {max(princess_candidates(o).items(), key=lambda kv: kv[1])[0]})
    assert not too_few and "can be at" in too_few.message
    assert "set of places" in check_princess_places(lambda o: "p1").message


# -- which question is worth most ------------------------------------------------------------

def test_answer_chances_follow_the_colour_model():
    options = ["p1", "p2", "centre"]
    assert answer_chances("green", "p2", options) == {"p1": 0.0, "p2": 1.0, "centre": 0.0}
    assert answer_chances("red", "p2", options) == {"p1": 0.5, "p2": 0.0, "centre": 0.5}
    assert answer_chances("blue", "p2", options) == {"p1": 0.25, "p2": 0.5, "centre": 0.25}
    assert check_answer_chances(answer_chances)
    exact = check_answer_chances(lambda c, t, o: {k: Fraction(v).limit_denominator(100) for k, v in
                                                  answer_chances(c, t, o).items() if v})
    assert exact, exact.message
    as_text = check_answer_chances(lambda c, t, o: {k: str(Fraction(v).limit_denominator(100)) for k, v in
                                                    answer_chances(c, t, o).items()})
    assert as_text, as_text.message
    uniform = check_answer_chances(lambda c, t, o: {k: 1 / len(o) for k in o})
    assert not uniform and "tells the truth" in uniform.message
    blue_uniform_lies = check_answer_chances(
        lambda c, t, o: answer_chances(c, t, o) if c != "blue" else {k: 0.5 if k == t else 0.4 / (len(o) - 1)
                                                                     for k in o})
    assert not blue_uniform_lies and "add up to" in blue_uniform_lies.message


def test_weighted_worlds_are_the_posterior_of_the_consistent_worlds():
    obs = rounds(1, seed=51, players=5)[0]
    worlds = weighted_worlds(obs)
    assert [d for d, _ in worlds] == consistent_deals(obs)
    assert abs(sum(p for _, p in worlds) - 1) < 1e-12
    by_place = {}
    for deal, p in worlds:
        place = next(k for k, v in deal.items() if v == "Princess")
        by_place[place] = by_place.get(place, 0) + p
    # a red tile's one lie out of four is unlikely: the worlds where p3 is the Guard weigh less
    assert {k: round(v, 6) for k, v in by_place.items()} == {"p0": 0.5, "p3": round(1 / 3, 6),
                                                               "centre": round(1 / 6, 6)}


def test_the_question_that_settles_it_is_worth_all_the_uncertainty():
    obs = rounds(1, seed=51, players=5)[0]
    h_now = -sum(p * math.log2(p) for p in (1 / 2, 1 / 3, 1 / 6))
    settle = {"seat": 0, "question": "where-princess", "about": None}
    assert abs(question_value(obs, settle) - h_now) < 1e-9
    assert abs(question_value(obs, "ask p0 where-princess") - h_now) < 1e-9
    assert question_value(obs, {"seat": 4, "question": "who-is", "about": "p0"}) < h_now


def test_check_question_value_passes_the_reference_and_refuses_a_guess():
    assert check_question_value(question_value)
    guess = check_question_value(lambda obs, q: 1.0)
    assert not guess and "this question is worth" in guess.message
    natural_log = check_question_value(lambda obs, q: question_value(obs, q) * math.log(2))
    assert not natural_log
    negative = check_question_value(lambda obs, q: -1)
    assert not negative and "never negative" in negative.message
    assert "nan" in check_question_value(lambda obs, q: float("nan")).message
    assert "number of bits" in check_question_value(lambda obs, q: "lots").message


def test_check_best_question_accepts_any_best_in_notation_or_as_a_dict():
    assert check_best_question(lambda obs: best_question(obs)[0].question)

    def as_dict(obs):
        seat, kind, *about = best_question(obs)[0].question.split()[1:]
        return {"seat": int(seat[1:]), "question": kind, "about": about[0] if about else None}

    assert check_best_question(as_dict)
    worst = check_best_question(lambda obs: best_question(obs)[-1].question)
    assert not worst and "another question gives" in worst.message
    nonsense = check_best_question(lambda obs: "ask p9 who-are-you")
    assert not nonsense and "not a question the Prince may ask now" in nonsense.message
    garbage = check_best_question(lambda obs: "__import__('os')")
    assert not garbage and "not a question of this round" in garbage.message


# -- every checker: blanks, hints --------------------------------------------------------------

def test_every_checker_reports_a_blank_as_not_written_yet():
    def blank(*args):
        raise NotImplementedError()

    for check in CHECKERS:
        result = check(blank)
        assert not result and "not written yet" in result.message, check.name


def test_every_checker_has_hints_in_three_or_more_steps():
    for check in CHECKERS:
        assert isinstance(check, Checker) and len(check.hints) >= 3, check.name
        assert str(check.hint(len(check.hints))).startswith(f"Hint {len(check.hints)} of {len(check.hints)}: ")
    with pytest.raises(KitError):
        check_fits.hint(0)


def test_hints_are_translatable_messages():
    ids = {m[1] for m in extract_from_file("python", ROOT / "kit/teach/princesslegend.py", keywords=KEYWORDS)}
    assert all(h in ids for check in CHECKERS for h in check.hints)


def _solution_lines() -> list[str]:
    """The lines of code inside the solution notebook's answers (the reference answers' text)."""
    lines, inside = [], False
    for cell in nbformat.read(ROOT / "solutions" / "princesslegend_deduction.ipynb", as_version=4).cells:
        for line in cell.source.splitlines():
            if line.strip() in (BEGIN, END):
                inside = line.strip() == BEGIN
            elif inside and cell.cell_type == "code":
                text = line.strip().removeprefix("return ").strip()
                if len(text) >= 12:
                    lines.append(text)
    return lines


def test_hints_never_contain_the_reference_answers():
    lines = _solution_lines()
    assert any("Implies(x[me, c], Not(claim))" in line for line in lines)     # the solutions were read
    for check in CHECKERS:
        for hint in check.hints:
            assert not [line for line in lines if line in hint], (check.name, hint)
    # nor the answer of the notebook's round: the question that settles it
    assert all("p0" not in h and "where-princess" not in h for check in CHECKERS for h in check.hints)


# -- the notebooks: every check right in the solutions, every blank rejected in the exercises -------

def checks_of(path: Path) -> list[tuple[str, object]]:
    """Run a notebook's code cells here (the kit's own source, not a learner's) and collect what each cell
    that calls a checker gives; a blank's NotImplementedError stops only its own cell."""
    import ast

    from kit.teach.checks import Check

    ns: dict = {}
    found = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        tree = ast.parse(cell.source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        try:
            exec(compile(tree, str(path), "exec"), ns)
            value = eval(compile(ast.Expression(last.value), str(path), "eval"), ns) if last else None
        except NotImplementedError:
            continue
        if isinstance(value, Check):
            found.append((ast.get_source_segment(cell.source, last.value), value))
    return found


def test_the_solutions_notebook_gets_every_check_right_with_every_checker():
    found = checks_of(ROOT / "solutions" / "princesslegend_deduction.ipynb")
    assert all(check.ok for _, check in found), [(src, check.message) for src, check in found if not check.ok]
    assert {src.split("(")[0] for src, _ in found} == {c.name for c in CHECKERS}


def test_the_exercise_notebook_has_every_check_reject_its_blank():
    found = checks_of(ROOT / "exercises" / "princesslegend_deduction.ipynb")
    assert len(found) == len(CHECKERS) + 1                 # check_consistent checks two blanks: lists and sympy
    assert not [src for src, check in found if check.ok]


def test_a_learner_may_name_the_characters_in_their_own_language():
    """A French learner's deals may say "Fée" or "la Fée" for the notation's "Fairy"; the feedback is French."""
    from kit.i18n import name
    from kit.princesslegend.deduction import consistent_deals
    from kit.princesslegend.tiles import TILE_LABELS, character_by_name

    def in_french(obs):
        return [{p: name("princesslegend", TILE_LABELS[character_by_name(c)], "fr", form="the" if i % 2 else None)
                 for p, c in deal.items()} for i, deal in enumerate(consistent_deals(obs))]

    assert check_consistent(in_french, count=5, lang="fr")
    wrong = check_consistent(lambda obs: in_french(obs)[1:], count=5, lang="fr")
    assert not wrong and "manque" in wrong.message                  # "il manque ...": French feedback
    bad = check_consistent(lambda obs: [{p: "Licorne" for p in d} for d in consistent_deals(obs)], count=2, lang="fr")
    assert not bad and "'Licorne'" in bad.message


def test_solution_says_who_p3_is_in_the_centre_worlds_as_the_worlds_are():
    """Issue 18: "p3 is the Guard in both centre worlds" was false; in one p3 is the Servant."""
    from pathlib import Path

    import nbformat

    from kit.teach.princesslegend import rounds, weighted_worlds

    obs = rounds(1, seed=51, players=5)[0]
    centre = [deal for deal, _p in weighted_worlds(obs) if deal["centre"] == "Princess"]
    assert sorted(deal["p3"] for deal in centre) == ["Guard", "Servant"]
    text = next(c.source for c in nbformat.read(Path(__file__).resolve().parents[1] / "solutions" /
                                                 "princesslegend_deduction.ipynb", 4).cells if c.id == "c40b526b")
    assert "p3 is the Guard in both" not in text and "both worlds with her in the centre, p3 is the Guard" not in text
    assert "the Guard (red" in text and "the Servant (blue" in text

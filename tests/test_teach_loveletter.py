"""Card counting as Bayesian reasoning (kit.teach.loveletter): positions, reference answers, checkers, hints."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from kit.core import KitError
from kit.loveletter import LoveLetter, posterior
from kit.teach.hints import Checker
from kit.teach.loveletter import (
    Check, after_guard_miss, baron_win_chance, bayes_update, check_after_miss, check_baron_win, check_bayes,
    check_chance, check_guard_guess, check_kept_card, check_unseen, kept_card, naive_chance, naive_guard_guesses,
    positions, read_fraction, simple_kept_card, unseen_counts,
)

from ll_helpers import run, start

ROOT = Path(__file__).resolve().parents[1]
OBS = {"edition": "classic", "hand": ["Guard", "Princess"], "discards": [["Priest"], []],
       "face_up": ["Guard", "King", "Baron"]}

#: Every checker of the topic with the reference answer it must accept.
CHECKERS = [
    (check_unseen, unseen_counts),
    (check_chance, naive_chance),
    (check_guard_guess, lambda obs: naive_guard_guesses(obs)[0]),
    (check_baron_win, baron_win_chance),
    (check_after_miss, after_guard_miss),
    (check_bayes, bayes_update),
    (check_kept_card, kept_card),
]
IDS = [c.name for c, _ in CHECKERS]


def blank(*args):
    raise NotImplementedError()


# ---------------------------------------------------------------------- positions
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


# ---------------------------------------------------------------------- reference answers, known answers
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


def test_a_baron_wins_against_lower_cards_only_a_tie_is_no_win():
    belief = {"Guard": Fraction(1, 2), "Prince": Fraction(1, 4), "King": Fraction(1, 4)}
    assert baron_win_chance("Prince", belief) == Fraction(1, 2)      # the tie with a Prince is not a win
    assert baron_win_chance("King", belief) == Fraction(3, 4)
    assert baron_win_chance("Guard", belief) == 0
    assert baron_win_chance("princess", belief) == 1                 # card names in any case
    assert baron_win_chance("Spy", {"Guard": 1}, edition="2019") == 0


def test_bayes_after_a_guard_miss_is_the_kit_exact_counting():
    """The notebook's worked example: 11 unseen cards, a Guard names the Prince and misses."""
    s = start(2, "classic", aside="Princess", faceup=("Guard", "Priest", "Handmaid"), hands=("Guard", "King"),
              draw="Baron")
    prior = {str(c): p for c, p in posterior(s, 0)[1].items()}
    assert prior["Guard"] == Fraction(3, 11) and prior["Prince"] == Fraction(2, 11)
    assert prior == {c: naive_chance(s.observation(0), c) for c in prior}   # nothing else known yet
    run(s, "Guard p1 Prince")
    exact = {str(c): p for c, p in posterior(s, 0)[1].items()}
    mine = after_guard_miss(prior, "Prince")
    assert mine["Prince"] == 0 and mine["Guard"] == Fraction(1, 3) and mine["King"] == Fraction(1, 9)
    assert {c: p for c, p in mine.items() if p} == exact


def test_bayes_update_multiplies_and_normalises():
    assert bayes_update({"Guard": Fraction(1, 2), "King": Fraction(1, 2)}, {"Guard": Fraction(1, 3), "King": 1}) == {
        "Guard": Fraction(1, 4), "King": Fraction(3, 4)}
    # a Baron between two others: the winner beats a Priest (value 2)
    prior = {"Guard": Fraction(1, 2), "Priest": Fraction(1, 4), "Prince": Fraction(1, 4)}
    assert bayes_update(prior, {"Prince": 1}) == {"Guard": 0, "Priest": 0, "Prince": 1}
    with pytest.raises(KitError, match="no chance"):
        bayes_update(prior, {"King": 1})


def test_kept_card_is_the_kit_exact_counting_and_simple_counting_is_not():
    """p1 draws and plays a Guard (p0 is protected): p0's exact belief about the card p1 kept."""
    s = start(2, "classic", aside="Princess", faceup=("Priest", "Baron", "King"), hands=("Handmaid", "Guard"),
              draw="Prince")
    run(s, "Handmaid", "deal Guard")
    before = unseen_counts(s.observation(0))
    assert before == {"Guard": 5, "Priest": 1, "Baron": 1, "Handmaid": 1, "Prince": 1, "King": 0, "Countess": 1,
                      "Princess": 1}
    run(s, "Guard")                               # nobody can be chosen: the Guard does nothing
    exact = {str(c): p for c, p in posterior(s, 0)[1].items()}
    assert {c: p for c, p in kept_card(before, "Guard").items() if p} == exact
    assert exact["Guard"] == Fraction(1, 4) and exact["Priest"] == Fraction(1, 8)
    assert simple_kept_card(before, "Guard")["Guard"] == Fraction(2, 5)   # 4 Guards left among 10 cards
    # with one copy of the played card, both countings agree
    assert kept_card({"Guard": 1, "Priest": 2}, "Guard") == simple_kept_card({"Guard": 1, "Priest": 2}, "Guard")
    with pytest.raises(KitError, match="no Prince is unseen"):
        kept_card({"Guard": 2}, "Prince")


def _either_card_half_the_time(decision):
    """An opponent model: each of the two cards in hand played half the time (its actions share that half)."""
    playable = [c for c in decision.hand if any(a.card == c for a in decision.legal)]
    out = {}
    for c in playable:
        acts = [a for a in decision.legal if a.card == c]
        for a in acts:
            out[a] = out.get(a, 0) + Fraction(1, len(playable) * len(acts))
    return out


def test_kept_card_states_its_opponent_model_and_agrees_with_the_kit_posterior_under_it():
    """Issue 18: under "either card half the time" the kit's posterior is simple counting; the exercise's
    model is the policy-free one, where kept_card is the posterior and simple counting is wrong."""
    s = start(2, "classic", aside="Princess", faceup=("Priest", "Baron", "King"), hands=("Handmaid", "Guard"),
              draw="Prince")
    run(s, "Handmaid", "deal Guard")
    before = unseen_counts(s.observation(0))
    run(s, "Guard")
    half = {str(c): p for c, p in posterior(s, 0, policy=_either_card_half_the_time)[1].items() if p}
    assert half == {c: p for c, p in simple_kept_card(before, "Guard").items() if p}
    free = {str(c): p for c, p in posterior(s, 0)[1].items() if p}
    assert free == {c: p for c, p in kept_card(before, "Guard").items() if p} != half
    wrong = check_kept_card(simple_kept_card)
    assert not wrong and "simple counting" in str(wrong)
    assert check_kept_card(kept_card)
    text = next(c.source for c in nbformat.read(ROOT / "solutions" / "loveletter_counting.ipynb", 4).cells
                if c.source.startswith("## 7."))
    assert "opponent model" in text and "posterior" in text and "half the time" in text


# ---------------------------------------------------------------------- reading answers
@pytest.mark.parametrize("text,value", [("2/7", Fraction(2, 7)), (" 1 / 3 ", Fraction(1, 3)), ("0.25", Fraction(1, 4)),
                                        ("0", Fraction(0)), (1, Fraction(1)), (0.2, Fraction(1, 5)),
                                        (Fraction(3, 8), Fraction(3, 8))])
def test_read_fraction_reads_without_evaluating(text, value):
    assert read_fraction(text) == value


@pytest.mark.parametrize("bad", ["2+3", "__import__('os')", "1/0", "", "3/2", -0.5, True, None, [1]])
def test_read_fraction_refuses_with_a_typed_error(bad):
    with pytest.raises(KitError):
        read_fraction(bad)


# ---------------------------------------------------------------------- checkers: every one
@pytest.mark.parametrize("check,reference", CHECKERS, ids=IDS)
def test_every_checker_passes_its_reference_and_rejects_the_blank(check, reference):
    assert isinstance(check, Checker)
    ok = check(reference, count=6)
    assert ok and ok.tried == 6 and str(ok).startswith("✔")
    empty = check(blank, count=6)
    assert not empty and empty.tried == 0 and "not written yet" in empty.message
    with pytest.raises(KitError, match="function itself"):
        check(42)


@pytest.mark.parametrize("check,reference", CHECKERS, ids=IDS)
def test_every_checker_has_endless_seeded_variants(check, reference):
    seen = []

    def spy(*args):
        seen.append(repr(args))
        return reference(*args)

    for seed in (1, 1, 2):
        assert check(spy, count=4, seed=seed)
    assert seen[:len(seen) // 3] == seen[len(seen) // 3: 2 * len(seen) // 3]       # same seed, same cases
    assert seen[:len(seen) // 3] != seen[2 * len(seen) // 3:]                       # new seed, new cases


@pytest.mark.parametrize("check,reference", CHECKERS, ids=IDS)
def test_every_checker_has_hints_in_three_steps(check, reference):
    assert len(check.hints) >= 3
    texts = [str(check.hint(k)) for k in range(1, len(check.hints) + 1)]
    assert texts[0].startswith(f"Hint 1 of {len(check.hints)}: ")
    assert len(set(texts)) == len(texts)
    with pytest.raises(KitError, match="has hints 1 to"):
        check.hint(len(check.hints) + 1)


def _solution_lines(name: str) -> list[str]:
    """The lines of every answer in a solutions notebook (between the solution markers)."""
    nb = nbformat.read(ROOT / "solutions" / name, as_version=4)
    lines, inside = [], False
    for cell in nb.cells:
        for line in cell.source.split("\n"):
            if line.strip() == "### BEGIN SOLUTION":
                inside = True
            elif line.strip() == "### END SOLUTION":
                inside = False
            elif inside and len(line.strip()) >= 12:
                lines.append(line.strip())
    return lines


def test_hints_never_contain_the_answer():
    answers = _solution_lines("loveletter_counting.ipynb")
    assert len(answers) > 15
    for check, _reference in CHECKERS:
        for k in range(1, len(check.hints) + 1):
            text = str(check.hint(k))
            leaked = [line for line in answers if line in text]
            assert not leaked, (check.name, k, leaked)
            # nor a number that a reference answer gives (a probability like 2/7, 1/3)
            assert not re.search(r"\d+\s*/\s*\d+", text), (check.name, k)


def test_the_solutions_notebook_uses_every_checker():
    text = (ROOT / "solutions" / "loveletter_counting.ipynb").read_text(encoding="utf-8")
    for check, _reference in CHECKERS:
        assert f"{check.name}(" in text


# ---------------------------------------------------------------------- checkers: what was wrong, not the answer
def test_check_unseen_says_which_cards_were_forgotten():
    def forgets_face_up(obs):
        left = unseen_counts(obs)
        for c in obs["face_up"]:
            left[c] += 1
        return left

    bad = check_unseen(forgets_face_up, count=20)
    assert not bad and bad.tried == 1 and "did not take out the face-up cards" in bad.message
    assert str(bad).startswith("✘")
    assert check_unseen(lambda obs: {c.lower(): n for c, n in unseen_counts(obs).items()})   # names in any case
    wrong = check_unseen(lambda obs: {"Guard": 5}, count=3)
    assert "too many unseen: Guard" in wrong.message and "too few unseen:" in wrong.message
    assert "not a card" in check_unseen(lambda obs: {"Joker": 1}, count=3).message
    assert "whole number" in check_unseen(lambda obs: {"Guard": 1.5}, count=3).message


def test_check_chance_accepts_fractions_floats_and_text_and_never_tells_the_answer():
    assert check_chance(naive_chance, count=10)
    assert check_chance(lambda obs, c: float(naive_chance(obs, c)), count=10)
    assert check_chance(lambda obs, c: str(naive_chance(obs, c)), count=10)
    bad = check_chance(lambda obs, c: "1/9", count=10)
    assert not bad and "add up to 8/9, not 1" in bad.message
    worse = check_chance(lambda obs, c: "two sevenths", count=10)
    assert not worse and "not a probability" in worse.message
    deck = check_chance(lambda obs, c: Fraction(unseen_counts(obs)[c], 16), count=5)
    assert "divided by all 16 cards of the deck" in deck.message
    swap = {"Guard": "Prince", "Prince": "Guard"}
    swapped = check_chance(lambda obs, c: naive_chance(obs, swap.get(c, c)), count=20)
    verdict = swapped.message.split("): ")[-1]
    assert not swapped and re.fullmatch(r"for (Guard|Prince): your chance is too (high|low)", verdict)
    assert "/" not in verdict                  # what is wrong, never the chance it should be


def test_check_guard_guess_refuses_the_guard_and_a_worse_card():
    assert check_guard_guess(lambda obs: naive_guard_guesses(obs)[-1])
    assert check_guard_guess(lambda obs: naive_guard_guesses(obs)[0].upper())          # any case
    assert "may not name the Guard" in check_guard_guess(lambda obs: "guard").message
    worst = check_guard_guess(lambda obs: min((n, c) for c, n in unseen_counts(obs).items() if c != "Guard")[1])
    assert not worst and ("already seen" in worst.message or "more unseen copies" in worst.message)
    assert "not a card" in check_guard_guess(lambda obs: "__import__('os')").message


def test_check_baron_win_explains_ties_and_losses():
    def with_ties(keep, belief):
        order = ["Guard", "Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Princess"]
        return sum((p for c, p in belief.items() if order.index(c) <= order.index(keep)), Fraction(0))

    assert "tie as a win" in check_baron_win(with_ties).message
    assert check_baron_win(lambda keep, belief: float(baron_win_chance(keep, belief)))
    wrong = check_baron_win(lambda keep, belief: "1/7", count=5)
    assert not wrong and "is not 1/7" in wrong.message


def test_check_after_miss_names_the_mistake():
    not_normalised = check_after_miss(lambda prior, named: {c: (0 if c == named else p) for c, p in prior.items()})
    assert "add up to" in not_normalised.message and "not 1" in not_normalised.message
    kept_named = check_after_miss(lambda prior, named: prior)
    assert "cannot hold the" in kept_named.message

    def flat(prior, named):
        rest = [c for c, p in prior.items() if p and c != named]
        return {c: Fraction(1, len(rest)) for c in rest}

    assert "proportions" in check_after_miss(flat).message
    assert check_after_miss(lambda prior, named: {c.upper(): str(p) for c, p in after_guard_miss(prior, named).items()})


def test_check_bayes_and_check_kept_card_name_the_mistake():
    unnormalised = check_bayes(lambda prior, lik: {c: p * lik[c] for c, p in prior.items()})
    assert "add up to" in unnormalised.message
    assert "no longer among the unseen" in check_kept_card(
        lambda u, c: {k: Fraction(n, sum(u.values())) for k, n in u.items()}).message
    simple = check_kept_card(simple_kept_card)
    assert not simple and "that is simple counting" in simple.message


def test_checks_render_as_a_coloured_verdict():
    html = Check(False, 3, "position 3: <wrong>")._repr_html_()
    assert "✘" in html and "&lt;wrong&gt;" in html
    assert "✔" in Check(True, 5, "right")._repr_html_()


def test_checkers_work_for_every_edition_and_player_count():
    for edition, players in [("2019", 2), ("2019", 5), ("classic", 4)]:
        assert check_unseen(unseen_counts, count=5, edition=edition, players=players)
        assert check_chance(naive_chance, count=5, edition=edition, players=players)
    assert check_after_miss(after_guard_miss, count=5, edition="2019", players=3)
    assert check_baron_win(lambda keep, belief: baron_win_chance(keep, belief, "2019"), count=5, edition="2019")
    assert check_bayes(bayes_update, count=5, edition="2019")
    assert check_kept_card(kept_card, count=5, edition="2019")

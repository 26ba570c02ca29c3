"""Bots and tournaments (kit.teach.bots): cases, reference answers, checkers, hints.

Known answers for the generators and the reference bots and functions; each checker accepts the
reference, rejects a wrong answer saying what was wrong (not the answer) and rejects the blank;
answers in natural forms (Fraction, float, text); hints in three or more steps that never contain an
answer.
"""

from __future__ import annotations

import inspect
import math
import re
from fractions import Fraction

import pytest

from kit.core import KitError, PlayerView, RandomBot, tournament
from kit.loveletter.actions import Play
from kit.sleepingqueens.actions import King
from kit.teach import bots as tb
from kit.teach.hints import Checker
from kit.teach.bots import (CountingBot, NoPrincessBot, QUEENS, WakeBestBot, check_class_tournament,
                            check_counting_bot, check_interval, check_no_princess, check_significant,
                            check_wake_best, check_paired_z, guard_cases, is_significant, paired_differences, paired_z, princess_cases,
                            significance_case, tournament_task, wake_cases, wake_values, win_interval)

CHECKERS = [check_no_princess, check_counting_bot, check_wake_best, check_class_tournament, check_interval,
            check_paired_z, check_significant]


class Blank:
    """What the exercise notebook gives the learner."""

    def __init__(self, seed=None):
        pass

    def choose(self, view, seat):
        raise NotImplementedError()


def blank_function(*args):
    raise NotImplementedError()


# -- cases ------------------------------------------------------------------------------------
def test_princess_cases_hold_the_princess_with_a_play_that_keeps_her_in_both_editions():
    cases = princess_cases(12, seed=1)
    assert len(cases) == 12
    assert {c.observation["edition"] for c in cases} == {"classic", "2019"}
    assert {c.observation["players"] for c in cases} == {2, 3, 4}
    for c in cases:
        assert "Princess" in c.observation["hand"] and c.view.current_player() == c.seat
        assert any(not tb._loses(a, c.seat) for a in c.view.legal_actions())
    assert [c.observation["hand"] for c in princess_cases(3, seed=1)] == \
        [c.observation["hand"] for c in cases[:3]]                     # seeded
    assert [c.observation["hand"] for c in princess_cases(3, seed=2)] != \
        [c.observation["hand"] for c in cases[:3]]


def test_guard_cases_hold_an_aimable_guard():
    for c in guard_cases(10, seed=3):
        assert "Guard" in c.observation["hand"] and c.observation["edition"] == "classic"
        assert any(isinstance(a, Play) and a.guess is not None for a in c.view.legal_actions())


def test_wake_cases_mix_face_up_face_down_and_the_rival_trap():
    cases = wake_cases(9, seed=4)
    kinds = []
    for c in cases:
        obs = c.observation
        assert "King" in obs["hand"] and any(isinstance(a, King) for a in c.view.legal_actions())
        values = wake_values(obs)
        best = max(values.values())
        kinds.append("up" if any(obs["grid"][p - 1] != "asleep" and v == best for p, v in values.items())
                     else "down")
        if any(v == 0 and obs["grid"][p - 1] != "asleep" for p, v in values.items()):
            kinds[-1] += "+rival"
    assert "up" in kinds and "down" in kinds and any("rival" in k for k in kinds)


def test_wake_values_known_answer():
    obs = {"seat": 0, "queens": [["Cat"], ["Heart"]],
           "grid": ["empty", "empty", "asleep:Dog", "asleep:Rose", "asleep"] + ["asleep"] * 7}
    v = wake_values(obs)
    # unseen: 12 - Cat, Heart (awake) - Dog, Rose (face up) = 8 Queens with 125 - 20 - 15 - 15 - 5 = 70 points
    assert v[3] == 0.0 and v[4] == 5.0 and v[5] == pytest.approx(70 / 8) and set(v) == set(range(3, 13))


def _shown(html: str) -> str:
    """The words a reader sees in rendered HTML (no style sheet, no tags)."""
    html = re.sub(r"<style.*?</style>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_case_shows_the_seats_table():
    # the seat to move sees its own table: its hand, named as it holds it
    c = wake_cases(1, seed=1)[0]
    obs = c.observation
    shown = _shown(c._repr_html_())
    assert f"p{obs['seat']} (you)" in shown and "to play " + " ".join(obs["hand"]) in shown, shown
    c = princess_cases(1, seed=5)[0]
    obs = c.observation
    shown = _shown(c._repr_html_())
    assert "Princess" in obs["hand"] and f"p{obs['seat']} you to move your hand" in shown, shown
    mine = shown[shown.index("your hand"):]
    assert all(card in mine for card in obs["hand"]), shown


# -- reference answers -------------------------------------------------------------------------
def test_reference_bots_pass_on_many_seeds():
    for seed in range(3):
        assert check_no_princess(NoPrincessBot, seed=seed)
        assert check_counting_bot(CountingBot, seed=seed)
        assert check_wake_best(WakeBestBot, seed=seed)


def test_win_interval_and_paired_z_known_answers():
    assert [round(x, 4) for x in win_interval(7, 20)] == [0.1812, 0.5671]
    assert win_interval(0, 10)[0] == 0.0 and win_interval(10, 10)[1] == 1.0
    d = [1, 0, 2, -1, 1, 0, 1, 1]
    mean, s = 5 / 8, math.sqrt(sum((x - 5 / 8) ** 2 for x in d) / 7)
    assert paired_z(d) == pytest.approx(mean / (s / math.sqrt(8)))
    assert paired_z([1, -1, 1, -1]) == 0.0 and paired_z([0, 0]) == 0.0 and paired_z([1, 1]) == math.inf
    with pytest.raises(KitError, match="at least two deals"):
        paired_z([1])


def test_paired_differences_group_the_two_games_of_each_deal():
    """Issue 18: the games of one deal (the seats swapped) are paired, not independent."""
    from kit.core import tournament
    from kit.loveletter import LoveLetter
    from kit.loveletter.bots import HeuristicBot

    res = tournament(LoveLetter(2), {"heuristic": HeuristicBot, "random": RandomBot}, games=40, seed=3,
                     progress=False, sealed=False)
    d = paired_differences(res, "heuristic", "random")
    assert len(d) == 20 and sum(d) == res.wins[0] - res.wins[1]
    for k, diff in enumerate(d):                      # deal k: games 2k and 2k + 1, the seats swapped
        g = res.records[2 * k: 2 * k + 2]
        assert g[0].entrants == tuple(reversed(g[1].entrants))
        won = [r.entrants[r.winners[0]] for r in g if len(r.winners) == 1]
        assert diff == won.count(0) - won.count(1)
    assert paired_differences(res, 1, 0) == [-x for x in d]


def test_significance_cases_are_never_near_the_edge_and_both_answers_occur():
    answers = []
    for seed in range(30):
        case = significance_case(seed)
        z = abs(paired_z(case.differences))
        assert z < 1.5 or z > 2.5
        assert set(case.differences) <= {-2, -1, 0, 1, 2} and 20 <= case.deals <= 60
        answers.append(is_significant(case))
    assert True in answers and False in answers
    c = significance_case(1)
    assert str(c).startswith(f"{c.a} and {c.b} played {c.deals} deals, each twice with the seats swapped.")


def test_the_pooled_test_is_not_the_paired_one():
    """A learner who pools the games as if independent (two proportions) fails the paired checker."""
    def pooled(diffs):
        k = len(diffs)
        wa = sum(max(x, 0) for x in diffs) + sum(1 for x in diffs if x == 0)   # a guess at the wins: any
        wb = 2 * k - wa
        p = (wa + wb) / (4 * k)
        return (wa - wb) / (2 * k) / math.sqrt(p * (1 - p) * (2 / (2 * k)))
    assert not check_paired_z(pooled)
    assert not check_paired_z(lambda d: sum(d) / len(d))                       # the mean alone
    assert check_paired_z(paired_z) and check_paired_z(lambda d: str(paired_z(d)))
    assert "wrong sign" in str(check_paired_z(lambda d: -paired_z(d)))
    assert "too large" in str(check_paired_z(lambda d: 2 * paired_z(d)))


def test_tournament_task_known_answer():
    t = tournament_task(3)
    assert (t.players, t.edition, t.seed) == (2, "2019", 1021) and t.games in (60, 72, 90)
    assert str(tournament_task(0)) == "Love Letter (classic edition, 2 players): at least 72 games, seed 1000."


# -- checkers: wrong answers say what was wrong --------------------------------------------------
def test_check_no_princess_names_the_losing_play():
    class PrinceOnMe(RandomBot):
        def choose(self, view, seat):
            own = [a for a in view.legal_actions() if str(a.card) == "Prince" and a.target == seat]
            return own[0] if own else RandomBot.choose(self, view, seat)

    assert "your bot played the Princess, and is out of the round" in str(check_no_princess(RandomBot))
    msg = str(check_no_princess(PrinceOnMe, count=60))
    assert "played the Prince on itself" in msg or msg.startswith("✘ position")


def test_check_counting_bot_says_how_many_copies_are_left_of_the_card_named():
    class FirstGuess(RandomBot):
        def choose(self, view, seat):
            return next(a for a in view.legal_actions() if a.guess is not None)

    msg = str(check_counting_bot(FirstGuess))
    assert "your bot named the" in msg and "another card has more" in msg
    assert "did not play its Guard" in str(check_counting_bot(NoPrincessBot, seed=4)) or \
        "another card has more" in str(check_counting_bot(NoPrincessBot, seed=4))


def test_check_counting_bot_accepts_the_exact_counting_too():
    class Exact(RandomBot):
        def choose(self, view, seat):
            guards = [a for a in view.legal_actions() if isinstance(a, Play) and a.guess is not None]
            post = view.posterior()
            return max(guards, key=lambda a: post[a.target].get(a.guess, 0))

    assert check_counting_bot(Exact)


def test_check_wake_best_explains_the_rival_and_the_better_choice():
    class FaceUp(RandomBot):
        def choose(self, view, seat):
            obs = view.observation()
            up = [a for a in view.legal_actions() if isinstance(a, King) and obs["grid"][a.place - 1] != "asleep"]
            return max(up, key=lambda a: QUEENS[obs["grid"][a.place - 1].split(":")[1]])

    class NotKing(RandomBot):
        def choose(self, view, seat):
            return next(a for a in view.legal_actions() if not isinstance(a, King))

    msgs = [str(check_wake_best(FaceUp, seed=s)) for s in range(4)]
    assert any("another choice is worth more to you" in m for m in msgs)
    assert "your bot did not play its King" in str(check_wake_best(NotKing))

    class Rival(RandomBot):   # wakes the rival whenever she lies face up
        def choose(self, view, seat):
            obs = view.observation()
            for a in view.legal_actions():
                if isinstance(a, King) and obs["grid"][a.place - 1] in ("asleep:Cat", "asleep:Dog"):
                    return a
            return WakeBestBot(seed=1).choose(view, seat)

    assert any("her rival is in front of you" in str(check_wake_best(Rival, seed=s)) for s in range(3))


def test_bot_checkers_report_bugs_and_illegal_answers_without_crashing():
    class Crashes(RandomBot):
        def choose(self, view, seat):
            return 1 / 0

    class Nonsense(RandomBot):
        def choose(self, view, seat):
            return "throw the table"

    class NoSeed:
        def __init__(self):
            pass

        def choose(self, view, seat):
            return view.legal_actions()[0]

    assert "your bot raised ZeroDivisionError" in str(check_no_princess(Crashes))
    assert "your bot answered throw the table, which is not a legal action here" in str(check_wake_best(Nonsense))
    assert "could not be made with YourBot(seed=1)" in str(check_counting_bot(NoSeed))
    assert check_no_princess(NoPrincessBot(seed=3))        # an instance works too
    with pytest.raises(KitError, match="give your bot class"):
        check_no_princess(42)


def test_check_class_tournament_checks_the_task():
    task = tournament_task(0)
    bots = {"no princess": NoPrincessBot, "counter": CountingBot, "random": RandomBot}
    good = tournament(task.game(), bots, games=task.games, seed=task.seed, progress=False, sealed="learners")
    assert check_class_tournament(good)
    assert "another seed; use seed=1000" in str(check_class_tournament(
        tournament(task.game(), bots, games=task.games, seed=1, progress=False, sealed="learners")))
    assert "enter at least three bots" in str(check_class_tournament(
        tournament(task.game(), {"a": NoPrincessBot, "random": RandomBot}, games=task.games, seed=task.seed,
                   progress=False, sealed="learners")))
    assert "named \"random\"" in str(check_class_tournament(
        tournament(task.game(), {"a": NoPrincessBot, "b": CountingBot, "c": RandomBot}, games=task.games,
                   seed=task.seed, progress=False, sealed="learners")))
    assert "only 6 games" in str(check_class_tournament(
        tournament(task.game(), bots, games=6, seed=task.seed, progress=False, sealed="learners")))
    assert "not played at the task's game" in str(check_class_tournament(good, seed=1))
    assert "give the result of tournament" in str(check_class_tournament({"wins": 3}))

    class Broken(RandomBot):
        def choose(self, view, seat):
            raise ValueError("oops")

    faulty = tournament(task.game(), {"mine": Broken, "counter": CountingBot, "random": RandomBot},
                        games=task.games, seed=task.seed, progress=False)
    assert "games were lost by a fault; the first: mine raised ValueError: oops" in str(
        check_class_tournament(faulty))
    unsealed = tournament(task.game(), bots, games=task.games, seed=task.seed, progress=False, sealed=False)
    assert "seals the bots" in str(check_class_tournament(unsealed))


def test_check_interval_reads_natural_forms_and_says_which_end_is_wrong():
    assert check_interval(lambda w, g: tuple(str(round(x, 5)) for x in win_interval(w, g)))
    assert check_interval(lambda w, g: tuple(Fraction(x).limit_denominator(100000) for x in win_interval(w, g)))
    assert "your low end is too low" in str(check_interval(lambda w, g: (win_interval(w, g)[0] - 0.05,
                                                                          win_interval(w, g)[1])))
    assert "your high end is too high" in str(check_interval(lambda w, g: (win_interval(w, g)[0],
                                                                            win_interval(w, g)[1] + 0.05)))
    assert "is not a number" in str(check_interval(lambda w, g: ("low", "high")))
    assert "raised ZeroDivisionError" in str(check_interval(lambda w, g: (1 / 0, 1)))


def test_check_significant_reads_yes_and_no_in_words():
    seed = next(s for s in range(30) if is_significant(significance_case(s)))
    other = next(s for s in range(30) if not is_significant(significance_case(s)))
    for answer in (True, "yes", "Yes.", "significant", " TRUE "):
        assert check_significant(answer, seed=seed), answer
        assert not check_significant(answer, seed=other)
    for answer in (False, "no", "not significant"):
        assert check_significant(answer, seed=other)
    assert "answer True or False" in str(check_significant("maybe", seed=seed))


@pytest.mark.parametrize("check, blank", [
    (check_no_princess, Blank), (check_counting_bot, Blank), (check_wake_best, Blank),
    (check_interval, blank_function), (check_paired_z, blank_function),
])
def test_every_checker_rejects_the_blank(check, blank):
    got = check(blank)
    assert not got and "not written yet" in str(got)


def test_answer_checkers_reject_no_answer():
    assert "run the tournament first" in str(check_class_tournament(None))
    assert "answer True or False" in str(check_significant(None))


# -- hints ---------------------------------------------------------------------------------------
def test_every_checker_has_hints_in_three_or_more_steps():
    for check in CHECKERS:
        assert isinstance(check, Checker) and len(check.hints) >= 3, check.name
        texts = [str(check.hint(k)) for k in range(1, len(check.hints) + 1)]
        assert texts[0].startswith(f"Hint 1 of {len(check.hints)}: ")
        with pytest.raises(KitError, match="has hints 1 to"):
            check.hint(len(check.hints) + 1)


def test_hints_are_translatable_messages():
    from kit.i18n import catalogs

    source = inspect.getsource(tb)
    for check in CHECKERS:
        for hint in check.hints:
            assert repr(hint)[1:-1][:40] in source or hint[:40] in source.replace("\n", " ")
    assert catalogs.KEYWORDS["N_"] is None   # hints are marked with N_ (extracted for translators)


def _answer_lines(obj) -> list[str]:
    """The reference answer's lines of code (what a hint must never show)."""
    lines = [ln.strip() for ln in inspect.getsource(obj).splitlines()]
    return [ln for ln in lines if len(ln) > 20 and not ln.startswith(("def ", "class ", '"""', "#", ">>>"))
            and not ln.endswith('"""')]


def test_hints_never_contain_the_answer():
    references = {check_no_princess: NoPrincessBot, check_counting_bot: CountingBot,
                  check_wake_best: [WakeBestBot, wake_values], check_interval: tb.wilson_interval,
                  check_paired_z: paired_z}
    for check, refs in references.items():
        for ref in refs if isinstance(refs, list) else [refs]:
            for line in _answer_lines(ref):
                for hint in check.hints:
                    assert line not in hint, (check.name, line)
    for seed in range(10):                      # the numbers of a task or a case are never in a hint
        task, case = tournament_task(seed), significance_case(seed)
        for hint in check_class_tournament.hints + check_significant.hints:
            assert f"seed={task.seed}" not in hint and str(task.seed) not in hint
            assert " ".join(map(str, case.differences[:5])) not in hint
    for hint in check_significant.hints:          # the criterion, never a verdict on a case
        assert "so it is significant" not in hint and "it is not significant" not in hint


class _ForgetsThePrinceTrap(RandomBot):
    """Never plays the Princess card, but forgets that a Prince on itself discards her (issue 18)."""

    def choose(self, view, seat):
        legal = view.legal_actions()
        safe = [a for a in legal if str(a.card) != "Princess"] or legal
        return safe[self.rng.randrange(len(safe))]


class _FirstSafeLooking(RandomBot):
    """The same mistake, deterministic: the first legal play that is not the Princess card."""

    def choose(self, view, seat):
        legal = view.legal_actions()
        return next((a for a in legal if str(a.card) != "Princess"), legal[0])


def test_check_no_princess_fails_a_bot_that_forgets_the_prince_trap_at_every_seed():
    from kit.teach.bots import prince_trap_cases

    for seed in range(20):
        traps = prince_trap_cases(6, seed)
        assert len(traps) == 6 and all({"Prince", "Princess"} <= set(c.observation["hand"]) for c in traps)
        for bad in (_ForgetsThePrinceTrap, _FirstSafeLooking):
            verdict = check_no_princess(bad, seed=seed)
            assert not verdict, (seed, bad.__name__)
            assert "Prince on itself" in str(verdict)
        assert check_no_princess(NoPrincessBot, seed=seed), seed

"""Princess Legend bots: each preference of the heuristic bot on scripted rounds, that it sees only its
seat, that its fast deal counting agrees with the sympy deduction, and its strength; the strong Prince's
choices (best question, likeliest place, the extra question) and its strength against the heuristic
answerers."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from kit.core import PlayerView, RandomBot, play, sample_outcome
from kit.princesslegend import MAX_EXTRA_ROUNDS, Match, PrincessLegend
from kit.princesslegend import deduction
from kit.princesslegend.bots import HeuristicBot, StrongBot, prince_candidates, question_values, settling_questions
from kit.princesslegend.bots.strong import default_model
from kit.princesslegend.worlds import ColourModel, HeuristicModel, best_question, princess_chances
from kit.princesslegend.tiles import Symbol, character_by_name


def dealt(n, tiles, centre=None, actions=()):
    s = PrincessLegend(n).dealt_state(tiles, centre=centre)
    for text in actions:
        s.apply_action(text)
    return s


def choices(state, seeds=range(16)):
    """Every action the bot picks here over a range of seeds (ties go to the seeded generator)."""
    p = state.current_player()
    return {str(HeuristicBot(seed=i).choose(PlayerView(state, p), p)) for i in seeds}


def random_positions(count, players, seed, bot_share=0.5):
    """Positions met along seeded rounds (a mix of heuristic and random moves): (state, mover) pairs."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.choice(players)
        s = PrincessLegend(n).new_initial_state(first_player=rng.randrange(n))
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
                continue
            out.append((s.clone(), p))
            if rng.random() < bot_share:
                s.apply_action(HeuristicBot(rng).choose(PlayerView(s, p), p))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
    return out[:count]


# ---------------------------------------------------------------------------------- brute force
# The same quantities as the bot's, from the sympy deduction and the engine's legal answers only.

def brute_table(obs, ask):
    """{answer text: [its chance if answers are uniform, {place: deals left with the Princess there}]}."""
    deals = deduction.consistent_deals(obs)
    table = {}
    for deal in deals:
        tiles = ["Prince" if s == obs["prince"] else deal[f"p{s}"] for s in range(obs["players"])]
        s = PrincessLegend(obs["players"]).dealt_state(tiles, centre=deal.get("centre"))
        answers = s.child(ask).legal_actions()
        where = next(p for p, c in deal.items() if c == "Princess")
        for a in answers:
            entry = table.setdefault(str(a), [Fraction(0), {p: 0 for p in deal}])
            entry[0] += Fraction(1, len(deals) * len(answers))
            entry[1][where] += 1
    return table


def brute_value(obs, ask):
    """(-expected entropy of the Princess's place, expected chance to find her) after ``ask``."""
    ent = found = 0.0
    for chance, counts in brute_table(obs, ask).values():
        total = sum(counts.values())
        ent += float(chance) * -sum(k / total * math.log(k / total) for k in counts.values() if k)
        found += float(chance) * max(counts.values()) / total
    return round(-ent, 9), round(found, 9)


# ---------------------------------------------------------------------------------- the Prince

def test_prince_opens_with_where_is_the_princess():
    s = dealt(4, ["Prince", "Guard", "Princess", "Fairy"], "Black Queen")
    assert choices(s) == {"ask p1 where-princess", "ask p2 where-princess", "ask p3 where-princess"}


def test_prince_asks_the_question_leaving_her_place_least_uncertain():
    """Rule 1 against a brute force over the sympy deduction and the engine's legal answers."""
    checked = 0
    for s, p in random_positions(400, (3, 4), seed=11):
        if s.phase != "question" or p != s.prince or not s.questions():
            continue
        obs = s.observation(p)
        values = {str(a): brute_value(obs, a) for a in s.legal_actions()}
        top = max(values.values())
        best = {a for a, v in values.items() if abs(v[0] - top[0]) < 1e-6 and abs(v[1] - top[1]) < 1e-6}
        assert choices(s, range(6)) <= best, (str(s), values)
        checked += 1
        if checked == 12:
            break
    assert checked == 12


def test_prince_declines_the_extra_question_when_sure():
    s = dealt(4, ["Prince", "Princess", "Fairy", "Black Queen"], "Guard",
              ["ask p1 who-are-you", "answer Princess", "ask p2 who-is p1", "answer Princess",
               "ask p3 where-princess", "answer p2"])
    assert deduction.is_certain(s)
    assert choices(s) == {"no-extra-question"}


def test_prince_asks_a_settling_extra_question():
    s = dealt(3, ["Prince", "Servant", "Princess"], "Black Queen",
              ["ask p2 who-are-you", "answer Princess", "ask p1 who-are-you", "answer Black Queen"])
    assert deduction.settling_questions(s) == ["ask p2 who-is p1"]
    assert choices(s) == {"ask p2 who-is p1"}


def test_prince_otherwise_asks_the_extra_question_leaving_her_place_least_uncertain():
    s = dealt(3, ["Prince", "Princess", "Servant"], "Black Queen",
              ["ask p1 where-princess", "answer p1", "ask p2 who-are-you", "answer Princess"])
    assert deduction.settling_questions(s) == [] and not deduction.is_certain(s)
    assert choices(s) == {"ask p1 where-princess", "ask p2 where-princess"}
    s = dealt(5, ["Prince", "Guard", "Princess", "Servant", "Black Queen"], "Fairy",
              ["ask p4 who-is p3", "answer Fairy", "ask p3 who-is p4", "answer Fairy",
               "ask p2 who-is p3", "answer Servant", "ask p1 who-is p3", "answer Black Queen"])
    obs = s.observation(0)
    values = {str(a): brute_value(obs, a) for a in s.legal_actions()[:-1]}
    assert max(values, key=values.get) == "ask p1 who-is centre"
    assert choices(s) == {"ask p1 who-is centre"}


def test_prince_reveals_where_most_deals_put_the_princess_ties_by_seed():
    s = dealt(3, ["Prince", "Black Queen", "Servant"], "Princess",
              ["ask p1 where-princess", "answer p2", "ask p2 who-are-you", "answer Servant", "no-extra-question"])
    assert deduction.princess_place(s) == "centre"
    assert choices(s) == {"reveal centre"}
    s = dealt(3, ["Prince", "Princess", "Black Queen"], "Servant",
              ["ask p1 where-princess", "answer p1", "ask p2 where-princess", "answer p2", "no-extra-question"])
    assert set(deduction.princess_candidates(s).values()) == {Fraction(1, 3)}     # nothing learnt
    assert choices(s, range(40)) == {"reveal p1", "reveal p2", "reveal centre"}


# ---------------------------------------------------------------------------------- answering players

def test_green_answers_the_truth():
    s = dealt(4, ["Prince", "Fairy", "Guard", "Princess"], "Black Queen", ["ask p1 where-princess"])
    assert choices(s) == {"answer p3"}


def test_red_steers_the_prince_to_the_black_queen():
    # the Guard's lie "p3" leaves the most deals with the Princess at p2 or the centre (the Black Queen);
    # pointing at the Black Queen would make her look *less* like the Princess to a counting Prince
    s = dealt(4, ["Prince", "Guard", "Princess", "Fairy"], "Black Queen", ["ask p1 where-princess"])
    assert choices(s) == {"answer p3"}
    # the Black Queen asked where the Princess is points at herself
    s = dealt(4, ["Prince", "Black Queen", "Princess", "Fairy"], "Guard", ["ask p1 where-princess"])
    assert choices(s) == {"answer p1"}
    s = dealt(3, ["Prince", "Black Queen", "Servant"], "Princess", ["ask p1 where-princess"])
    assert choices(s) == {"answer p1"}
    # and claims to be the Princess
    s = dealt(4, ["Prince", "Black Queen", "Princess", "Fairy"], "Guard", ["ask p1 who-are-you"])
    assert choices(s) == {"answer Princess"}


def test_blue_tells_the_truth_or_lies_to_steer_to_a_mask():
    # a lie: the Servant points at herself (the Princess is at p2)
    s = dealt(5, ["Prince", "Servant", "Princess", "Black Queen", "Fairy"], "Guard", ["ask p1 where-princess"])
    assert choices(s) == {"answer p1"}
    # the truth, when that steers best
    s = dealt(5, ["Prince", "Servant", "Princess", "Black Queen", "Guard"], "Fairy",
              ["ask p3 where-princess", "answer p1", "ask p1 where-princess"])
    assert choices(s) == {"answer p2"} and str(s.truth(s.questions()[-1][0])) == "answer p2"


def test_answers_foresee_the_princes_count():
    """Rules 5-6 against a brute force: after the chosen answer, the Prince's likeliest places
    (by the sympy deduction) hold the answerer's family symbol as often as after any legal answer."""
    checked = 0
    for s, p in random_positions(300, (3, 4, 5), seed=12):
        if s.phase != "answer" or len(s.legal_actions()) == 1:
            continue
        family = s.tile(p).family
        place_tile = {f"p{i}": t for i, t in enumerate(s.tiles())} | {"centre": s.centre()}

        def value(answer):
            after = s.child(answer)
            shares = deduction.princess_candidates(after)
            top = [q for q, v in shares.items() if v == max(shares.values())]
            return (Fraction(sum(place_tile[q].symbol is family for q in top), len(top)),
                    sum(v for q, v in shares.items() if place_tile[q].symbol is family))

        values = {str(a): value(a) for a in s.legal_actions()}
        best = {a for a, v in values.items() if v == max(values.values())}
        assert choices(s, range(6)) <= best, (str(s), values)
        checked += 1
        if checked == 15:
            break
    assert checked == 15


# ---------------------------------------------------------------------------------- only its seat

class NarrowView:
    """Only what a bot may use of a seat: legal actions, observation, information state."""

    __slots__ = ("_view", "player")

    def __init__(self, state, player):
        self._view = PlayerView(state, player)
        self.player = player

    def legal_actions(self):
        return self._view.legal_actions()

    def observation(self):
        return self._view.observation()

    def information_state(self):
        return self._view.information_state()


def test_the_bot_needs_nothing_but_the_seats_view():
    """Through a view with only legal actions, observation and information state, the bot plays every
    round exactly as through the full PlayerView."""
    for n in range(3, 9):
        for r in range(3):
            histories = []
            for view in (NarrowView, PlayerView):
                s = PrincessLegend(n).new_initial_state(first_player=r % n)
                rng = random.Random(n * 10 + r)
                bots = [HeuristicBot(seed=i) for i in range(n)]
                while not s.is_terminal():
                    p = s.current_player()
                    if p < 0:
                        s.apply_action(sample_outcome(s.chance_outcomes(), rng))
                    else:
                        s.apply_action(bots[p].choose(view(s, p), p))
                histories.append([str(a) for a in s.history()])
            assert histories[0] == histories[1]


def test_the_prince_decides_alike_on_every_deal_his_answers_allow():
    """Same questions and answers, another deal behind them: the same seeded choice."""
    compared = 0
    for s, p in random_positions(200, (4, 5), seed=13, bot_share=1.0):
        if p != s.prince or not s.questions():
            continue
        n = s.game.num_players
        true = {f"p{i}": str(t) for i, t in enumerate(s.tiles()) if i != p} | (
            {"centre": str(s.centre())} if s.has_centre() else {})
        others = [d for d in deduction.consistent_deals(s) if d != true]
        if not others:
            continue
        d = others[-1]
        t = PrincessLegend(n).dealt_state(["Prince" if i == p else d[f"p{i}"] for i in range(n)],
                                          centre=d.get("centre"))
        for a in s.history()[len(t.history()):]:
            t.apply_action(a)
        assert t.observation(p) == s.observation(p)
        for seed in range(3):
            assert HeuristicBot(seed).choose(PlayerView(t, p), p) is HeuristicBot(seed).choose(PlayerView(s, p), p)
        compared += 1
        if compared == 10:
            break
    assert compared == 10


# ---------------------------------------------------------------------------------- fast = sympy

def test_fast_counting_agrees_with_the_sympy_deduction_after_the_reveal_too():
    """With the revealed tile, who took rubies and the tiles shown (public facts at the end) the counts still
    agree, and so they do before the show."""
    rng = random.Random(15)
    for k in range(30):
        n = (3, 4, 5)[k % 3]
        s = PrincessLegend(n).new_initial_state(first_player=rng.randrange(n))
        while not s.is_terminal():
            p = s.current_player()
            s.apply_action(sample_outcome(s.chance_outcomes(), rng) if p < 0 else
                           HeuristicBot(rng).choose(PlayerView(s, p), p))
        obs = s.observation(s.prince)
        assert prince_candidates(obs) == deduction.princess_candidates(obs) \
            == prince_candidates(s.observation((s.prince + 1) % n)) == prince_candidates(s.observation(None))
        obs = dict(obs, log=obs["log"][:-1])          # before the show: the reveal and the rubies
        assert obs["log"][-1]["kind"] == "rubies"
        assert prince_candidates(obs) == deduction.princess_candidates(obs, method="sympy")
        scorers = s.result().scorers
        if s.result().tile.symbol is Symbol.CROWN and any(t.family is Symbol.CROWN for t in s.tiles()):
            # a seat that took the crown's ruby is no place of the Princess
            assert all(prince_candidates(obs)[f"p{q}"] == 0 for q in scorers)


def test_bots_registry_names_every_bot_a_table_offers():
    from kit.core import RandomBot as CoreRandom
    from kit import princesslegend

    assert princesslegend.BOTS == {"random": CoreRandom, "heuristic": HeuristicBot, "strong": StrongBot}
    assert princesslegend.StrongBot is StrongBot and princesslegend.HeuristicBot is HeuristicBot
    assert HeuristicBot.label == "heuristic bot" and StrongBot.label == "strong bot (reasons about liars)"
    for kind, cls in princesslegend.BOTS.items():
        assert isinstance(cls.label, str) and cls.label
        bot = cls(seed=3)
        s = PrincessLegend(3).dealt_state(["Prince", "Servant", "Princess"], centre="Black Queen")
        assert bot.choose(PlayerView(s, 0), 0) in s.legal_actions()


def test_fast_counting_agrees_with_the_sympy_deduction():
    for s, p in random_positions(60, (3, 4, 5), seed=14)[::2]:
        if s.phase == "deal":
            continue
        obs = s.observation(s.prince)
        assert prince_candidates(obs) == deduction.princess_candidates(obs)
        assert prince_candidates(s.observation(p)) == deduction.princess_candidates(obs)  # any seat, same count
        assert settling_questions(obs) == deduction.settling_questions(obs)
        values = question_values(obs)
        assert {q for q, v in values.items() if v >= 1 - 1e-9} == set(settling_questions(obs))


# ---------------------------------------------------------------------------------- strength

def found_rate(n, prince_bot, answer_bot, rounds, seed):
    found = 0
    for i in range(rounds):
        k = i % n
        bots = [(prince_bot if s == k else answer_bot)(seed=seed * 100_000 + i * 10 + s) for s in range(n)]
        found += play(PrincessLegend(n).new_initial_state(first_player=k), bots, seed=seed * 7919 + i).result().found_princess
    return found / rounds


@pytest.mark.parametrize("n", [4, 5])
def test_the_heuristic_prince_finds_the_princess_more_often_than_a_random_one(n):
    heuristic = found_rate(n, HeuristicBot, RandomBot, 300, seed=n)
    randomly = found_rate(n, RandomBot, RandomBot, 300, seed=n)
    # measured about 0.76 against 0.23 (4 players) and 0.20 (5) (benchmarks/princesslegend_bots.py)
    assert heuristic >= randomly + 0.3, (heuristic, randomly)


class FamilyTeam:
    """The heuristic bot for the seats whose tile is of ``family``, a random bot for the others
    (the tile is read from the seat's own observation)."""

    def __init__(self, family, seed=None):
        self.family = family
        self.heuristic, self.random = HeuristicBot(seed), RandomBot(seed)

    def choose(self, view, player):
        mine = character_by_name(view.observation()["role"]).family is self.family
        return (self.heuristic if mine else self.random).choose(view, player)


def crown_rubies(n, answerers, rounds, seed):
    total = 0
    for i in range(rounds):
        k = i % n
        bots = [HeuristicBot(seed=i * 10 + s) if s == k else answerers(seed=i * 10 + s) for s in range(n)]
        end = play(PrincessLegend(n).new_initial_state(first_player=k), bots, seed=seed * 7919 + i)
        total += sum(r for r, t in zip(end.returns(), end.tiles()) if t.family is Symbol.CROWN)
    return total / rounds


@pytest.mark.parametrize("n", [4, 5])
def test_crown_answerers_win_more_rubies_against_the_heuristic_prince(n):
    heuristic = crown_rubies(n, lambda seed: FamilyTeam(Symbol.CROWN, seed), 300, seed=n)
    randomly = crown_rubies(n, RandomBot, 300, seed=n)
    # measured about 0.55 against 0.13 rubies a round (4 players), 0.74 against 0.12 (5)
    assert heuristic >= randomly + 0.2, (heuristic, randomly)


def test_the_bot_plays_whole_matches():
    for n in (3, 6, 8):
        m = Match(PrincessLegend(n), seed=n, first_player=0)
        winners = m.play([HeuristicBot(seed=i) for i in range(n)])
        top = max(m.scores)
        tied = tuple(s for s in range(n) if m.scores[s] == top)
        assert winners == tied and (len(tied) == 1 or m.extra_rounds == MAX_EXTRA_ROUNDS)  # most rubies wins
        assert m.scores == [sum(r.returns()[s] for r in m.rounds) for s in range(n)]


# ---------------------------------------------------------------------------------- the strong Prince

def strong_choices(state, seeds=range(8), **kw):
    p = state.current_player()
    return {str(StrongBot(seed=i, **kw).choose(PlayerView(state, p), p)) for i in seeds}


def test_strong_prince_asks_a_best_question_under_his_model():
    checked = 0
    for s, p in random_positions(300, (3, 4, 5, 6), seed=21):
        if s.phase not in ("question", "extra-question") or p != s.prince:
            continue
        for model in (default_model(), HeuristicModel(), ColourModel()):
            ranking = best_question(s, model)
            top = [v.question for v in ranking
                   if (round(v.information, 9), round(v.find, 9)) == (round(ranking[0].information, 9),
                                                                       round(ranking[0].find, 9))]
            picked = strong_choices(s, range(4), model=model)
            if s.phase == "extra-question" and max(princess_chances(s, model).values()) >= 1 - 1e-9:
                assert picked == {"no-extra-question"}
            else:
                assert picked <= set(top), (str(s), picked, top)
        checked += 1
        if checked == 20:
            break
    assert checked == 20


def test_strong_prince_reveals_the_likeliest_place_under_his_model():
    s = dealt(4, ["Prince", "Guard", "Fairy", "Princess"], "Black Queen",
              ["ask p2 where-princess", "answer p3", "ask p3 who-are-you", "answer Princess",
               "ask p1 where-princess", "answer centre", "ask p2 who-are-you", "answer Fairy"])
    assert deduction.princess_candidates(s) == {"p1": 0, "p2": 0, "p3": Fraction(1, 2), "centre": Fraction(1, 2)}
    assert choices(s, range(40)) == {"reveal p3", "reveal centre"}   # counting deals: a coin toss
    assert strong_choices(s, range(40)) == {"reveal p3"}             # one red lie is likelier than three
    assert strong_choices(s, range(10), model=ColourModel()) == {"reveal p3"}


def test_strong_prince_declines_the_extra_question_only_when_sure():
    s = dealt(4, ["Prince", "Princess", "Fairy", "Black Queen"], "Guard",
              ["ask p1 who-are-you", "answer Princess", "ask p2 who-is p1", "answer Princess",
               "ask p3 where-princess", "answer p2"])
    assert deduction.is_certain(s) and strong_choices(s) == {"no-extra-question"}
    s = dealt(3, ["Prince", "Princess", "Servant"], "Black Queen",
              ["ask p1 where-princess", "answer p1", "ask p2 who-are-you", "answer Princess"])
    assert not deduction.is_certain(s)
    assert "no-extra-question" not in strong_choices(s)


def test_strong_bot_answers_as_the_heuristic_bot():
    compared = 0
    for s, p in random_positions(200, (3, 5, 7), seed=22):
        if s.phase != "answer":
            continue
        for seed in range(3):
            assert StrongBot(seed).choose(PlayerView(s, p), p) is HeuristicBot(seed).choose(PlayerView(s, p), p)
        compared += 1
    assert compared >= 30


def test_the_strong_prince_needs_nothing_but_his_view_and_decides_alike_on_twin_deals():
    for n in (3, 5, 8):
        histories = []
        for view in (NarrowView, PlayerView):
            s = PrincessLegend(n).new_initial_state(first_player=1)
            rng = random.Random(n)
            bots = [StrongBot(seed=i) if i == 1 else HeuristicBot(seed=i) for i in range(n)]
            while not s.is_terminal():
                p = s.current_player()
                s.apply_action(sample_outcome(s.chance_outcomes(), rng) if p < 0 else bots[p].choose(view(s, p), p))
            histories.append([str(a) for a in s.history()])
        assert histories[0] == histories[1]
    compared = 0
    for s, p in random_positions(200, (4, 5), seed=23, bot_share=1.0):
        if p != s.prince or not s.questions():
            continue
        n = s.game.num_players
        others = [d for d in deduction.consistent_deals(s) if d != {f"p{i}": str(t) for i, t in enumerate(s.tiles())
                                                                   if i != p} | {"centre": str(s.centre())}]
        if not others:
            continue
        d = others[0]
        t = PrincessLegend(n).dealt_state(["Prince" if i == p else d[f"p{i}"] for i in range(n)], centre=d["centre"])
        for a in s.history()[len(t.history()):]:
            t.apply_action(a)
        assert t.information_state(p) == s.information_state(p)
        assert StrongBot(4).choose(PlayerView(t, p), p) is StrongBot(4).choose(PlayerView(s, p), p)
        compared += 1
        if compared == 8:
            break
    assert compared == 8


@pytest.mark.parametrize("n", [4, 5])
def test_the_strong_prince_finds_the_princess_more_often_than_the_heuristic_one(n):
    strong = found_rate(n, StrongBot, HeuristicBot, 150, seed=n)
    heuristic = found_rate(n, HeuristicBot, HeuristicBot, 150, seed=n)
    # benchmarks/princesslegend_bots.py --pairing strong measured it on 2,000 rounds per count
    assert strong >= heuristic + 0.2, (strong, heuristic)


@pytest.mark.parametrize("n", [4, 6])
def test_the_strong_prince_does_well_against_answerers_who_are_no_heuristic_bots(n):
    """Random answerers rule the heuristic model out; the colour model then serves him."""
    strong = found_rate(n, StrongBot, RandomBot, 150, seed=n)
    heuristic = found_rate(n, HeuristicBot, RandomBot, 150, seed=n)
    assert strong >= heuristic - 0.05, (strong, heuristic)


def test_the_strong_bot_plays_whole_matches():
    for n in (3, 7):
        m = Match(PrincessLegend(n), seed=n, first_player=0)
        m.play([StrongBot(seed=i) for i in range(n)])
        assert m.is_over() and m.scores == [sum(r.returns()[s] for r in m.rounds) for s in range(n)]

"""Princess Legend at the table: the adapter's clicks, words, picture and deduction panel.

* every legal action is reachable by the clicks the adapter offers, and nothing else is
  (over 200+ positions of 3 to 8 players), and no choice is labelled "chance";
* the words: the Prince's questions, "Reveal now", the answerer's rule ("You are the
  Guard — red: you must lie") and "Why not the truth?", a note that is no move;
* the picture places exactly the offered tokens it draws, each with words; the Prince's
  picture holds no tile he has not seen; no text under 12 px, names at least 14 px;
* the deduction panel (kit.princesslegend.explain): the same counts as sympy's
  deduction, cores sympy confirms unsatisfiable and minimal (and smallest, by brute
  force), the rubies rule a place out, the words of an argument, and twin positions
  the Prince cannot tell apart give the same panel and the same table;
* a whole 3-player game played by clicks to the final ranking;
* the debrief once every tile is face up (a round worked by hand): each answer marked true or false
  with the answerer's obligation on its speech bubble and in the numbered list, the rubies to the
  family of the symbol turned over, the deduction replayed with the counts and chances worked out
  by hand and, on random rounds, the counts of sympy's truth tables after each answer; the same
  debrief for every seat (public events only), none before the end.
"""

from __future__ import annotations

import random
import re
from itertools import combinations
from typing import Any

import pytest

from kit.core import KitError
from kit.princesslegend import PrincessLegend, parse_action
from kit.princesslegend.deduction import princess_candidates
from kit.princesslegend.explain import check_core, deduce, facts, truth_table
from kit.princesslegend.position import position
from kit.render.princesslegend import (argument_words, claim_words, debrief_html, deduction_html, replay_html,
                                       table_picture)
from kit.widgets import GameTable
from kit.widgets.adapter import click_paths
from kit.widgets.adapters.princesslegend import PrincessLegendAdapter

from table_helpers import decision_positions, strings, synced

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gus", "Hana"]
_CHOICE = re.compile(r'data-choice="([^"]*)"')
_SIZE = re.compile(r"font-size:\s*([0-9.]+)px")


def positions(count_per_n: int = 6) -> list[Any]:
    """Decision points of seeded random rounds, 3 to 8 players, every Prince seat."""
    out = []
    for n in range(3, 9):
        game = PrincessLegend(n)
        for seed in range(count_per_n):
            out += decision_positions(game, 100 * n + seed, first_player=seed % n)[:-1]
    return out


def adapter(n: int, **options: Any) -> PrincessLegendAdapter:
    return PrincessLegendAdapter(PrincessLegend(n), **options)


# --------------------------------------------------------------------------- clicks
def test_every_legal_action_is_reachable_by_clicks_and_nothing_else():
    checked = 0
    for pos in positions():
        n = pos.game.num_players
        a = adapter(n)
        p = pos.current_player()
        obs, legal = pos.observation(p), pos.legal_actions()
        found = click_paths(a, obs, legal)
        assert sorted(map(str, found)) == sorted(map(str, legal)), str(pos)
        for act in legal:  # each action's own path makes it
            assert a.offer(obs, legal, a.clicks(act), names=NAMES[:n]).action is act
        checked += 1
    assert checked >= 200, checked


def test_no_choice_is_labelled_chance_and_every_choice_has_words():
    from table_helpers import iter_offers

    for pos in positions(2):
        n = pos.game.num_players
        a = adapter(n)
        p = pos.current_player()
        for offer in iter_offers(a, pos.observation(p), pos.legal_actions()):
            for token, words in offer.choices.items():
                assert words and "chance" not in words.lower(), (token, words)
                assert token not in words  # words, not notation


def test_the_prince_reaches_who_is_the_centre_from_the_centre_tile():
    s = position(["Prince", "Fairy", "Guard", "Princess"], centre="Black Queen")
    a = adapter(4)
    legal = s.legal_actions()
    first = a.offer(s.observation(0), legal, (), names=NAMES[:4])
    assert list(first.choices) == ["ask:1", "ask:2", "ask:3", "ask:centre"]
    assert first.choices["ask:centre"] == "Ask someone who the centre tile is"
    to = a.offer(s.observation(0), legal, ("ask:centre",), names=NAMES[:4])
    assert to.choices == {"to:1": "Ask Ben: who is the centre tile?", "to:2": "Ask Cleo: who is the centre tile?",
                          "to:3": "Ask Dev: who is the centre tile?"}
    assert to.prompt == "Whom do you ask who the centre tile is? Click a player."
    assert str(a.offer(s.observation(0), legal, ("ask:centre", "to:2")).action) == "ask p2 who-is centre"


def test_the_princes_words_known_answers():
    s = position(["Prince", "Fairy", "Guard", "Princess"], centre="Black Queen")
    a = adapter(4)
    obs, legal = s.observation(0), s.legal_actions()
    assert a.offer(obs, legal, ()).prompt == (
        "Ask every player one question: click a player (or the centre tile, to ask about it).")
    q = a.offer(obs, legal, ("ask:2",), names=NAMES[:4])
    assert q.prompt == "Which question do you ask Cleo?"
    assert q.choices == {"q:where-princess": "Where is the Princess?", "q:who-are-you": "Who are you?",
                         "q:who-is": "Who is that?"}
    point = a.offer(obs, legal, ("ask:2", "q:who-is"), names=NAMES[:4])
    assert point.choices == {"about:1": "Point at Ben", "about:3": "Point at Dev",
                             "about:centre": "Point at the centre tile"}
    assert point.prompt == "“Who is that?” Click the player (or the centre tile) Cleo should name."
    for text in ["ask p1 where-princess", "answer p3", "ask p2 who-are-you", "answer Princess",
                 "ask p3 who-is centre", "answer Black Queen"]:
        s.apply_action(text)
    extra = a.offer(s.observation(0), s.legal_actions(), (), names=NAMES[:4])
    assert extra.prompt == "Everyone has answered. Ask one more question (click a player), or reveal now."
    assert extra.choices["noextra"] == "Reveal now (no extra question)"
    assert str(a.offer(s.observation(0), s.legal_actions(), ("noextra",)).action) == "no-extra-question"
    s.apply_action("no-extra-question")
    reveal = a.offer(s.observation(0), s.legal_actions(), (), names=NAMES[:4])
    assert reveal.choices == {"reveal:1": "Turn over Ben's tile", "reveal:2": "Turn over Cleo's tile",
                              "reveal:3": "Turn over Dev's tile", "reveal:centre": "Turn over the centre tile"}
    assert reveal.prompt == "Turn one tile over: click the tile you think is the Princess."


@pytest.mark.parametrize("tile, colour, rule, why", [
    ("Guard", "red", "you must lie", "Why not the truth?"),
    ("Fairy", "green", "you must tell the truth", "Why only this answer?"),
    ("Servant", "blue", "you may lie or tell the truth", None),
])
def test_the_answerer_reads_their_rule_and_may_ask_why(tile, colour, rule, why):
    tiles = {"Guard": ["Prince", "Guard", "Princess", "Fairy", "Black Queen"],
             "Fairy": ["Prince", "Fairy", "Princess", "Guard", "Black Queen"],
             "Servant": ["Prince", "Servant", "Princess", "Guard", "Black Queen"]}[tile]
    centre = next(t for t in PrincessLegend(5).tile_set if str(t) not in tiles)
    s = position(tiles, centre=centre, actions=["ask p1 where-princess"])
    a = adapter(5)
    obs, legal = s.observation(1), s.legal_actions()
    offer = a.offer(obs, legal, (), names=NAMES[:5])
    assert offer.prompt == f"Ana asks you: “Where is the Princess?” You are the {tile} — {colour}: {rule}."
    answers = {t: w for t, w in offer.choices.items() if t.startswith("say:")}
    assert len(answers) == len(legal)
    if why is None:
        assert "why" not in offer.choices
        return
    assert offer.choices["why"] == why
    noted = a.offer(obs, legal, ("why",), names=NAMES[:5])
    assert noted.action is None and noted.picked == () and noted.choices == offer.choices
    if colour == "red":
        assert "say:p2" not in answers  # the truth: Cleo holds the Princess
        assert answers["say:p1"] == "Answer: myself (Ben)"
        assert noted.note == "The Guard is red, and red tiles must lie: the truth (Cleo) is not yours to give."
    else:
        assert list(answers) == ["say:p2"]
        assert noted.note == ("The Fairy is green, and green tiles must tell the truth: Cleo is the only true "
                              "answer.")


def test_character_answers_are_words_and_the_red_truth_is_named():
    s = position(["Prince", "Black Queen", "Servant"], centre="Princess", actions=["ask p1 who-is centre"])
    a = adapter(3)
    offer = a.offer(s.observation(1), s.legal_actions(), (), names=NAMES[:3])
    assert offer.prompt == ("Ana asks you: “Who is the centre tile?” You are the Black Queen — red: "
                            "you must lie.")
    assert {t: w for t, w in offer.choices.items() if t != "why"} == {
        "say:Black Queen": "Answer: the Black Queen", "say:Servant": "Answer: the Servant"}
    assert a.offer(s.observation(1), s.legal_actions(), ("why",), names=NAMES[:3]).note == (
        "The Black Queen is red, and red tiles must lie: the truth (the Princess) is not yours to give.")


def test_why_not_the_truth_at_the_table_is_a_note_not_a_move():
    table = GameTable(PrincessLegend(3), ["heuristic", "you", "heuristic"], seed=4, delay=0, setup=False,
                      first_player=0)
    for _ in range(20):
        if table.state.current_player() == 1 or table.state.is_terminal():
            break
        table.play_bots_until_human()
    assert table.state.current_player() == 1 and table.state.phase == "answer"
    before = table.state.to_json()
    if "why" not in table.choices():  # a blue tile may say anything: nothing to explain
        assert table.state.observation(1)["role"] == "Servant"
        return
    table.click("why")
    assert table.state.to_json() == before
    assert table.message and "must" in table.message
    assert table.message in table.pane.html.replace("&#x27;", "'")


# --------------------------------------------------------------------------- the picture
def _placed(html: str) -> set[str]:
    return set(_CHOICE.findall(html))


def test_the_picture_places_offered_tokens_only_each_with_words_and_the_table_offers_the_rest():
    for pos in positions(2):
        n = pos.game.num_players
        a = adapter(n)
        p = pos.current_player()
        obs, legal = pos.observation(p), pos.legal_actions()
        for picked in [()] + [a.clicks(act)[:1] for act in legal[:3]]:
            offer = a.offer(obs, legal, picked, names=NAMES[:n])
            if offer.action is not None:
                continue
            html = a.picture(obs, names=NAMES[:n], offer=offer, lang=None)
            placed = _placed(html)
            assert placed <= set(offer.choices), placed - set(offer.choices)
            for token in placed:  # every clickable thing carries its words
                tag = re.search(r'<[^<>]*data-choice="' + re.escape(token) + r'"[^<>]*>', html).group(0)
                assert 'aria-label="' in tag, tag
            # the Prince's questions, the answers, "Reveal now" and "Why not the truth?" are all in the picture
            assert placed == set(offer.choices), set(offer.choices) - placed


def test_the_princes_picture_holds_no_tile_he_has_not_seen():
    for pos in positions(2):
        k = pos.prince
        for seat in (k, None):
            obs = pos.observation(seat)
            html = table_picture(obs, names=NAMES[:pos.game.num_players], deduction=True)
            shown = re.findall(r'data-tile="([^"]*)"', html)
            assert shown == ["Prince"], shown
    # an answerer sees every tile (docs/rules/princesslegend.md#what-each-player-knows)
    s = position(["Prince", "Fairy", "Guard", "Princess"], centre="Black Queen")
    shown = re.findall(r'data-tile="([^"]*)"', table_picture(s.observation(2), names=NAMES[:4]))
    assert sorted(shown) == ["Black Queen", "Fairy", "Guard", "Prince", "Princess"]


def test_the_revealed_tile_and_the_rubies_show():
    s = position(["Prince", "Fairy", "Guard", "Princess"], centre="Black Queen",
                 actions=["ask p1 where-princess", "answer p3", "ask p2 who-are-you", "answer Princess",
                          "ask p3 who-is centre", "answer Black Queen", "no-extra-question", "reveal p3"])
    html = table_picture(s.observation(0), names=NAMES[:4], rubies=[1, 1, 0, 1])
    shown = re.findall(r'data-tile="([^"]*)"', html)
    assert "Princess" in shown  # the tile turned over (and, after the round, every tile: the show)
    assert re.search(r"class='pl-seat[^']*pl-revealed[^']*'[^>]*data-seat-panel='3'", html)
    assert html.count("+1 ruby<") == 3  # Ana (the Prince), Ben (the Fairy) and Dev (the Princess)
    assert 'aria-label="1 ruby"' in html and 'aria-label="0 rubies"' in html


def test_speech_bubbles_beside_the_answerer_from_the_events():
    s = position(["Prince", "Fairy", "Guard", "Princess"], centre="Black Queen",
                 actions=["ask p1 where-princess", "answer p3", "ask p2 who-is centre"])
    html = table_picture(s.observation(0), names=NAMES[:4])
    bubbles = re.findall(r"data-bubble='(\d)'>(.*?)</div></div>", html)
    assert [(b, re.sub("<[^>]+>", "|", t)) for b, t in bubbles] == [
        ("1", "|Where is the Princess?||Dev"), ("2", "|Who is the centre tile?||…")]


def test_during_the_round_answers_scroll_and_once_reviewed_every_answer_is_whole():
    """A seat's answers sit in a box of their own that keeps the newest in view while the round is played;
    once the round is over and each answer has its verdict, nothing of them is cut off (the debrief is read)."""
    actions = ["ask p1 where-princess", "answer p3", "ask p2 who-are-you", "answer Princess",
               "ask p3 who-is centre", "answer Black Queen", "no-extra-question"]
    s = position(["Prince", "Fairy", "Guard", "Princess"], centre="Black Queen", actions=actions)
    playing = table_picture(s.observation(0), names=NAMES[:4])
    assert "pl-bubbles'" in playing and "pl-bubbles pl-reviewed'" not in playing
    s.apply_action("reveal p3")
    over = table_picture(s.observation(0), names=NAMES[:4])
    assert s.is_terminal() and over.count("pl-bubbles pl-reviewed'") >= 3 and "pl-bubbles'" not in over
    assert ".pl-table .pl-bubbles.pl-reviewed{max-height:none;overflow-y:visible}" in over


@pytest.mark.parametrize("n", range(3, 9))
def test_readable_no_text_under_12_px_names_at_least_14(n):
    s = decision_positions(PrincessLegend(n), n, first_player=0)[n + 2]
    for seat in range(n):
        obs = s.observation(seat)
        html = table_picture(obs, names=NAMES[:n], deduction=seat == s.prince)
        assert min(float(v) for v in _SIZE.findall(html)) >= 12
        assert all(float(v) >= 14 for v in re.findall(r'font-size="([0-9.]+)" font-weight="700"', html))
        assert re.search(r"\.pl-name\{font-size:(\d+)px", html).group(1) >= "14"


# --------------------------------------------------------------------------- the deduction panel
def test_the_deduction_counts_what_sympys_deduction_counts():
    checked = 0
    for pos in positions(2):
        if pos.game.num_players > 6:
            continue
        obs = pos.observation(None)
        assert dict(deduce(obs).chances) == princess_candidates(obs), str(pos)
        checked += 1
    assert checked >= 40


def test_the_rubies_rule_a_place_out():
    # the crown is turned over and a ruby goes to p3: p3 holds a crown tile, not the Princess
    s = position(["Prince", "Fairy", "Princess", "Guard"], centre="Black Queen",
                 actions=["ask p1 where-princess", "answer p2", "ask p2 who-are-you", "answer Princess",
                          "ask p3 where-princess", "answer p3", "no-extra-question"])
    assert deduce(s.observation(None)).chances["p3"] > 0   # the answers alone leave her possible at p3
    s.apply_action("reveal centre")                         # the Black Queen's crown: a ruby for p3 (the Guard)
    assert s.result().scorers == (3,)
    d = deduce(s.observation(None))
    assert d.chances["p3"] == 0
    core = d.cores["p3"]
    assert [(f.kind, f.place, f.took) for f in core] == [("rubies", "p3", True)]
    assert check_core(s.observation(None), "p3", core)
    words = argument_words("p3", d.arguments["p3"], NAMES[:4])
    assert words == ["Suppose Dev were the Princess.",
                     "Dev took a ruby for the crown: a tile of that family. No deal of the tiles fits all of that.",
                     "So Dev is not the Princess."]


def test_the_ruby_facts_together_are_the_deductions_rubies_rule():
    from sympy.logic.boolalg import And, Xor
    from sympy.logic.inference import satisfiable

    from kit.princesslegend.deduction import deal_constraints, rubies_rule, symbols

    ends = [decision_positions(PrincessLegend(n), seed, first_player=seed % n)[-1]
            for n in (3, 4, 5, 6) for seed in range(3)]
    for end in ends:
        obs = end.observation(None)
        event = obs["log"][[e["kind"] for e in obs["log"]].index("rubies")]
        ours = And(*(f.formula for f in facts(obs) if f.kind == "rubies"))
        theirs = rubies_rule(event, obs, symbols(obs))
        assert satisfiable(And(deal_constraints(obs), Xor(ours, theirs))) is False, str(end)


def test_cores_are_unsatisfiable_minimal_and_smallest():
    checked = 0
    sample = [p for n in (3, 4, 5) for seed in range(4)
              for p in decision_positions(PrincessLegend(n), 7 * n + seed, first_player=seed % n)[2::2]]
    for pos in sample:  # mid-round and finished rounds (the reveal and the rubies are facts too)
        obs = pos.observation(None)
        every = facts(obs)
        d = deduce(obs)
        for place, core in d.cores.items():
            assert check_core(obs, place, core), (str(pos), place)  # sympy: unsatisfiable, each fact needed
            at = truth_table(__import__("sympy").Symbol(f"x[{place},Princess]"), obs)
            masks = [truth_table(f.formula, obs) for f in every]
            for size in range(1, len(core)):  # nothing smaller rules it out
                for combo in combinations(range(len(every)), size):
                    left = at.copy()
                    for i in combo:
                        left &= masks[i]
                    assert left.any(), (str(pos), place, combo)
            checked += 1
    assert checked >= 30, checked


def test_an_argument_in_words_known_answer():
    s = position(["Princess", "Prince", "Fairy", "Guard"], centre="Black Queen",
                 actions=["ask p2 who-is p0", "answer Princess", "ask p3 who-is p2", "answer Black Queen",
                          "ask p0 who-is p3", "answer Guard", "ask p3 who-is centre", "answer Fairy"])
    obs = s.observation(None)
    d = deduce(obs)
    assert d.count == 2 and {p: float(v) for p, v in d.chances.items()} == {
        "p0": 0.5, "p2": 0.0, "p3": 0.5, "centre": 0.0}
    assert argument_words("p2", d.arguments["p2"], NAMES[:4]) == [
        "Suppose Cleo were the Princess.",
        "Cleo said “Ana is the Princess”. The Princess tells the truth: she could not say that.",
        "So Cleo is not the Princess."]
    assert argument_words("centre", d.arguments["centre"], NAMES[:4]) == [
        "Suppose the Princess were in the centre.",
        "Cleo said “Ana is the Princess”. That would be false, so Cleo would be lying: not green. "
        "So Cleo would be red: the Black Queen or the Guard.",
        "Dev said “The centre tile is the Fairy”. That would be false, so Dev would be lying: not green. "
        "So Ana would be the Fairy. So Dev would be red: the Black Queen or the Guard.",
        "Dev said “Cleo is the Black Queen”. Dev would be red, so that would be a lie. So Cleo would be the Guard. "
        "So Dev would be the Black Queen.",
        "Ana said “Dev is the Guard”. That would be false, yet Ana would be green and must tell the truth.",
        "So the Princess is not in the centre."]
    html = deduction_html(obs, names=NAMES[:4], reader=1)
    assert "What can you deduce?" in html
    assert "2 deals of the tiles (of 24) fit every answer so far." in html
    assert html.count("<details") == 2 and "Cleo is ruled out — why?" in html


def test_claim_words():
    q = {"seat": 1, "question": "who-is", "about": "p3", "answer": "Spy", "extra": False}
    assert claim_words(q, NAMES) == "Dev is the Spy"
    q = {"seat": 1, "question": "where-princess", "about": None, "answer": "centre", "extra": True}
    assert claim_words(q, NAMES) == "The Princess is in the centre"
    q = {"seat": 4, "question": "who-are-you", "about": None, "answer": "Black Queen", "extra": False}
    assert claim_words(q, NAMES) == "I am the Black Queen"


def _prince_twins(n: int, seed: int) -> list[tuple[Any, Any]]:
    """Pairs of positions the Prince cannot tell apart: the same questions and answers, two tiles swapped."""
    game = PrincessLegend(n)
    end = decision_positions(game, seed, first_player=seed % n)[-1]
    k = end.prince
    hist = end.history()
    deals = [a for a in hist if type(a).__name__ == "Deal"]
    rest = hist[len(deals):]
    rng = random.Random(seed)
    out = []
    for _ in range(20):
        i, j = sorted(rng.sample(range(len(deals)), 2))
        tiles = [d.tile for d in deals]
        tiles[i], tiles[j] = tiles[j], tiles[i]
        a, b = game.new_initial_state(first_player=k), game.new_initial_state(first_player=k)
        for d, t in zip(deals, tiles):
            a.apply_action(d)
            b.apply_action(parse_action(f"deal {t} to {'centre' if d.place == 'centre' else f'p{d.place}'}"))
        for act in rest:
            if act not in b.legal_actions():
                break
            a.apply_action(act)
            b.apply_action(act)
            if not a.is_terminal() or a.result().tile == b.result().tile and a.returns() == b.returns():
                if a.information_state(k) == b.information_state(k) and a.to_json() != b.to_json():
                    out.append((a.clone(), b.clone()))
    return out


def test_twin_positions_the_prince_cannot_tell_apart_give_the_same_reasoning_and_table():
    compared = 0
    for n in (3, 5, 8):
        for seed in range(4):
            for a, b in _prince_twins(n, seed)[::4][:3]:
                k = a.prince
                ad = adapter(n)
                ra = ad.reasoning(a, k, names=NAMES[:n], lang=None)
                rb = ad.reasoning(b, k, names=NAMES[:n], lang=None)
                assert ra == rb and "pl-deduce" in ra
                for seat in (k, None):
                    oa, ob = a.observation(seat), b.observation(seat)
                    assert table_picture(oa, names=NAMES[:n], deduction=True) == \
                        table_picture(ob, names=NAMES[:n], deduction=True)
                ta = GameTable(a.game, ["you" if s == k else "random" for s in range(n)], seed=5, delay=0,
                               setup=False)
                tb = GameTable(b.game, ["you" if s == k else "random" for s in range(n)], seed=5, delay=0,
                               setup=False)
                ta.load_round(a)
                tb.load_round(b)
                for t in (ta, tb):
                    t.inspector.show(seat=k)
                assert synced(ta) == synced(tb)
                compared += 1
    assert compared >= 10, compared


def test_the_deduction_panel_shows_what_the_enumerator_finds_at_every_other_step_of_big_rounds():
    """Each place's bar is its share of the deals that fit, as the fast enumerator counts it, and the verdict
    shows exactly when one place is certain. (How fast the panel is drawn: benchmarks/princesslegend_deduction.py,
    the "deduction panel" row; benchmarks are scripts, not timed tests.)"""
    bar = re.compile(r"<div class='pl-barrow' data-place='([^']+)'>.*?<span class='pl-pct'>(\d+)%")
    checked = 0
    for n in (7, 8):
        for seed in range(3):
            for pos in decision_positions(PrincessLegend(n), seed, first_player=0)[::2]:
                obs = pos.observation(None)
                html = deduction_html(obs, names=NAMES[:n])
                shares = princess_candidates(obs)
                assert dict(bar.findall(html)) == {p: str(round(100 * f)) for p, f in shares.items()}
                assert ("pl-sure-text" in html) == any(f == 1 for f in shares.values())
                checked += 1
    assert checked >= 30, checked


# --------------------------------------------------------------------------- the table
def test_challenge_hides_the_panel_beside_the_table_but_not_in_inspect():
    for challenge, shown in ((False, True), (True, False)):
        table = GameTable(PrincessLegend(4), ["you", "random", "random", "random"], seed=2, delay=0, setup=False,
                          first_player=0, challenge=challenge)
        assert ("class='pl-deduce'" in table.pane.html) is shown
        table.inspector.show(seat=0)
        assert "pl-deduce" in table.inspector.reasoning.value


def test_an_answerers_table_shows_no_deduction_panel_and_one_round_at_a_time_is_a_setting():
    table = GameTable(PrincessLegend(3), ["random", "you", "random"], seed=2, delay=0, setup=False,
                      first_player=0, whole_game=False)
    assert "class='pl-deduce'" not in table.pane.html
    assert table.match.planned_rounds() == 1
    with pytest.raises(KitError, match="challenge"):
        GameTable(PrincessLegend(3), ["you", "random", "random"], seed=2, delay=0, setup=False, hints=True)


def test_the_caption_says_who_is_the_prince_and_the_header_the_round():
    table = GameTable(PrincessLegend(4), ["you", "random", "random", "random"], seed=2, delay=0, setup=False,
                      first_player=2)
    html = table.pane.html
    assert "Round 1 of 12" in html and "Cleo is the Prince." in html


def _prince_plays(table: GameTable) -> None:
    """The person at seat 0 plays their turn by clicks: as the Prince, ask each player where the Princess
    is, then turn over the likeliest place of the deduction panel; as an answerer, the first answer."""
    st = table.state
    obs = st.observation(0)
    choices = table.choices()
    if obs["phase"] == "answer":
        table.click(next(c for c in choices if c.startswith("say:")))
    elif obs["phase"] == "question":
        table.click(next(c for c in choices if c.startswith("ask:") and c != "ask:centre"))
        table.click("q:where-princess")
    elif obs["phase"] == "extra-question":
        table.click("noextra")
    else:
        d = deduce(obs)
        best = max(d.places, key=lambda p: d.chances[p])
        table.click(f"reveal:{best[1:] if best != 'centre' else 'centre'}")


def test_a_whole_three_player_game_played_by_clicks_to_the_final_ranking():
    table = GameTable(PrincessLegend(3), ["you", "heuristic", "heuristic"], delay=0, seed=21, setup=False,
                      first_player=0)
    rounds = princes = 0
    for _ in range(500):
        if table.state.is_terminal():
            rounds += 1
            princes += table.state.prince == 0
            assert "Round over." in table.pane.html or table.match.is_over()
            if table.match.is_over():
                break
            table.click("next")
            continue
        assert table.state.current_player() == 0
        _prince_plays(table)
    m = table.match
    assert m.is_over() and rounds == len(m.rounds) >= 9 and princes >= 3
    assert [r.prince for r in m.rounds][:9] == [0, 1, 2] * 3
    html = table.pane.html
    assert "The game is over" in html and "new" in table.choices()
    winners = m.winners()
    assert all(m.scores[w] == max(m.scores) for w in winners)
    ranking = re.findall(r"<li class='kit-score[^']*'>(?:\u2605 )?([A-Za-z]+) <b>(\d+)</b></li>", html)
    assert [int(v) for _n, v in ranking] == sorted(m.scores, reverse=True)


def test_a_teacher_picture_shows_every_tile_and_a_student_table_none():
    s = position(["Prince", "Fairy", "Guard", "Princess"], centre="Black Queen", actions=["ask p1 where-princess"])
    a = adapter(4)
    html = a.teacher_picture(s, names=NAMES[:4], lang=None)
    assert sorted(re.findall(r'data-tile="([^"]*)"', html)) == ["Black Queen", "Fairy", "Guard", "Prince",
                                                                "Princess"]
    table = GameTable(PrincessLegend(4), ["you", "random", "random", "random"], seed=3, delay=0, setup=False,
                      first_player=0)
    table.inspector.show(seat=0)
    for v in strings(table):
        assert re.findall(r'data-tile="([^"]*)"', v) in ([], ["Prince"]), v[:200]


# --------------------------------------------------------------------------- the debrief
def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").strip()


def _section(html: str, cls: str) -> str:
    return re.search(r"<section class='" + cls + r"'.*?</section>", html, re.S).group(0)


def _verdicts(html: str) -> list[tuple[str, str]]:
    """(seat, verdict) of every marked speech bubble, in the order of the picture (seat by seat)."""
    return re.findall(r"class='pl-bubble pl-v-\w+' data-verdict='(\w+)' data-bubble='(\d)'", html)


# A 3-player round worked by hand.  Ana is the Prince; Ben holds the Black Queen (red), Cleo the Servant
# (blue), the centre the Princess.  Of the 3! = 6 deals of Princess, Black Queen, Servant over Ben, Cleo and
# the centre:
# 1. Ben says "Cleo is the Princess" (false: a red tile lies).  Ben the Princess would have told the truth,
#    so not Ben; Ben red (the Black Queen) lies: Cleo is not the Princess, so Cleo the Servant, the centre the
#    Princess (1 deal); Ben blue (the Servant) may say anything: Cleo and the centre hold the Princess and the
#    Black Queen either way (2 deals).  3 deals: Ben 0, Cleo 1/3, the centre 2/3.
# 2. Cleo says "I am the Servant" (true, and the Servant may choose).  Cleo the Princess would not say it;
#    Cleo the Black Queen lies, so may; Cleo the Servant may.  2 deals, the Princess in the centre in both.
# 3. Ana turns the centre over: the Princess, a heart: a ruby for the heart family, Ana alone (the Prince;
#    the centre belongs to nobody).  Both deals fit: 2.
HAND = dict(tiles=["Prince", "Black Queen", "Servant"], centre="Princess",
            actions=["ask p1 where-princess", "answer p2", "ask p2 who-are-you", "answer Servant",
                     "no-extra-question", "reveal centre"])


def test_the_debrief_of_a_round_worked_by_hand_marks_every_answer_and_gives_the_rubies_to_the_family():
    s = position(HAND["tiles"], centre=HAND["centre"], actions=HAND["actions"])
    assert s.is_terminal()
    html = table_picture(s.observation(0), names=NAMES[:3], rubies=[1, 0, 0])
    # every tile face up, and each speech bubble marked with the answerer's obligation
    assert sorted(re.findall(r'data-tile="([^"]*)"', html)) == ["Black Queen", "Prince", "Princess", "Servant"]
    assert _verdicts(html) == [("false", "1"), ("true", "2")]
    bubbles = re.findall(r"data-bubble='\d'>(.*?)</div></div></div>", html)
    assert [_text(b) for b in bubbles] == ["Where is the Princess? Cleo false had to lie",
                                           "Who are you? the Servant true chose the truth"]
    # the compact list, numbered
    deb = _section(html, "pl-debrief")
    rows = re.findall(r"<li class='pl-rev pl-v-(\w+)' data-answer='(\d)' data-verdict='\w+'>(.*?)</li>", deb)
    assert [(v, i, _text(t)) for v, i, t in rows] == [
        ("false", "0", "1 false Ben said “Cleo is the Princess”. Ben was the Black Queen, so had to lie."),
        ("true", "1", "2 true Cleo said “I am the Servant”. Cleo was the Servant and chose the truth.")]
    # the rubies go to the family of the symbol turned over, named
    fams = re.findall(r"<div class='pl-family( pl-scored)?' data-family='(\w+)'>(.*?)</div>", deb)
    assert [(bool(sc), f, _text(t)) for sc, f, t in fams] == [
        (True, "heart", "heart family: Ana +1 ruby"), (False, "crown", "crown family: Ben no ruby"),
        (False, "mask", "mask family: Cleo no ruby")]
    assert ("The centre tile was turned over: the Princess. Its heart gives a ruby to each player of the heart "
            "family.") in _text(deb)
    # the deduction replayed: the counts and the chances worked out above
    rep = _section(html, "pl-replay")
    assert "Your deduction, answer by answer" in rep
    assert re.findall(r"data-deals='(\d+)'", rep) == ["6", "3", "2", "2"]
    heads = re.findall(r"<th scope='col'>(.*?)</th>", rep)
    assert [_text(h) for h in heads] == ["Answer", "start", "1 Ben", "2 Cleo", "rubies"]
    rows = dict(re.findall(r"<tr(?: class='pl-real')? data-place='(\w+)'>(.*?)</tr>", rep))
    pcts = {p: re.findall(r"class='pl-pct[^']*'>([^<]*)<", r) for p, r in rows.items()}
    assert pcts == {"p1": ["33%", "0%", "0%", "0%"], "p2": ["33%", "33%", "0%", "0%"],
                    "centre": ["33%", "67%", "100%", "100%"]}
    outs = {p: re.findall(r"class='pl-pct pl-out'", r) for p, r in rows.items()}
    assert {p: len(v) for p, v in outs.items()} == {"p1": 1, "p2": 1, "centre": 0}  # the step that ruled it out
    assert re.findall(r"<tr class='pl-real' data-place='(\w+)'", rep) == ["centre"]  # where she really was
    assert 'aria-label="centre: 67 percent"' in rep.replace("'", '"')


def test_the_debrief_speaks_to_the_answerer_and_marks_the_extra_question():
    s = position(["Prince", "Fairy", "Guard", "Princess"], centre="Black Queen",
                 actions=["ask p1 where-princess", "answer p3", "ask p2 who-are-you", "answer Princess",
                          "ask p3 who-is centre", "answer Black Queen", "ask p2 where-princess", "answer p1",
                          "reveal p3"])
    html = table_picture(s.observation(2), names=NAMES[:4])
    deb = _section(html, "pl-debrief")
    rows = [_text(t) for t in re.findall(r"<li class='pl-rev[^>]*>(.*?)</li>", deb)]
    assert rows == ["1 true Ben said “Dev is the Princess”. Ben was the Fairy, so had to tell the truth.",
                    "2 false You said “I am the Princess”. You were the Guard, so you had to lie.",
                    "3 true Dev said “The centre tile is the Black Queen”. Dev was the Princess, so had to tell "
                    "the truth.",
                    "4 false You said “Ben is the Princess”. extra question You were the Guard, so you had to lie."]
    assert _verdicts(html) == [("false", "2"), ("false", "2"), ("true", "3"), ("true", "1")]  # from Cleo round
    assert "Ana&#x27;s deduction, answer by answer" in html
    fams = re.findall(r"data-family='(\w+)'>(.*?)</div>", deb)
    assert [(f, _text(t)) for f, t in fams] == [("heart", "heart family: Ana, Ben, Dev +1 ruby each"),
                                                ("crown", "crown family: Cleo no ruby")]


def _finished(n: int, seed: int, first_player: int) -> Any:
    """A finished round of a seeded random game (its last decision, played)."""
    end = decision_positions(PrincessLegend(n), seed, first_player=first_player)[-1]
    if not end.is_terminal():
        end.apply_action(end.legal_actions()[0])
    assert end.is_terminal()
    return end


def test_the_replay_counts_what_sympys_deduction_counts_after_each_answer():
    # the replay (kit.princesslegend.debrief) against the deduction panel's sympy truth tables
    # (kit.princesslegend.explain) on the round cut after each answer, and after the reveal and the rubies
    checked = 0
    for n in (3, 4, 5, 6):
        for seed in range(3):
            end = _finished(n, 40 + seed, seed % n)
            html = table_picture(end.observation(None), names=NAMES[:n])
            shown = [int(v) for v in re.findall(r"data-deals='(\d+)'", _section(html, "pl-replay"))]
            start = end.game.new_initial_state(first_player=end.prince)
            cuts = [start.clone()]
            for a in end.history():
                start.apply_action(a)
                if start.observation(None)["log"][-1]["kind"] in ("answer", "show"):
                    cuts.append(start.clone())
            counts = []
            for cut in cuts:
                obs = cut.observation(None)
                if cut.is_terminal():  # the reveal and the rubies, not the show (it leaves one deal)
                    obs = dict(obs, log=obs["log"][:-1])
                counts.append(deduce(obs).count)
            assert shown == counts, (n, seed)
            checked += 1
    assert checked == 12


def test_the_debrief_reads_only_public_events_the_same_for_every_seat():
    for n in (3, 5, 8):
        end = _finished(n, 9, 1)

        pictures = {(debrief_html(end.observation(s), names=NAMES[:n]),
                     replay_html(end.observation(s), names=NAMES[:n])) for s in [None, *range(n)]}
        assert len(pictures) == 1
        d, r = pictures.pop()
        answers = len([q for q in end.observation(None)["questions"] if q["answer"] is not None])
        assert len(re.findall(r"<li class='pl-rev", d)) == answers
        assert len(re.findall(r"data-deals=", r)) == answers + 2  # start, each answer, the rubies


def test_no_debrief_before_every_tile_is_face_up():
    s = position(HAND["tiles"], centre=HAND["centre"], actions=HAND["actions"][:-1])
    for seat in (None, 0, 1):
        html = table_picture(s.observation(seat), names=NAMES[:3], deduction=True)
        assert "class='pl-debrief'" not in html and "class='pl-replay'" not in html and "data-verdict" not in html


def test_after_the_round_the_why_panel_is_open_to_everyone_even_in_a_challenge():
    s = position(HAND["tiles"], centre=HAND["centre"], actions=HAND["actions"])
    for challenge in (False, True):
        a = adapter(3, challenge=challenge)
        for seat in (0, 1, None):
            html = a.picture(s.observation(seat), names=NAMES[:3], offer=None, lang=None)
            assert "<summary>Why each place was ruled out</summary>" in html and "class='pl-deduce'" in html
        assert "class='pl-deduce'" not in a.picture(s.observation(0), names=NAMES[:3], offer=None, lang=None,
                                                     replay=True)


def test_the_debrief_at_the_table_after_a_round_played_by_clicks():
    table = GameTable(PrincessLegend(4), ["you", "heuristic", "heuristic", "heuristic"], delay=0, seed=7,
                      setup=False, first_player=0)
    for _ in range(20):
        if table.state.is_terminal():
            break
        _prince_plays(table)
    assert table.state.is_terminal()
    html = table.pane.html
    assert "Round over." in html and "Next round" in html
    answers = len(table.state.observation(0)["questions"])
    assert len(_verdicts(html)) == answers == len(re.findall(r"<li class='pl-rev", html))
    assert len(re.findall(r'data-tile="', html)) == 5  # every tile face up: the Prince's and four
    assert len(re.findall(r"data-deals=", html)) == answers + 2


# --------------------------------------------------------------------------- a game of lesson length (issue 19)
def test_a_lesson_length_game_makes_each_player_the_prince_once():
    """``length="lesson"``: 4 rounds at 4 players (the sheet's "full" game is 12), then the sheet's ending."""
    table = GameTable(PrincessLegend(4), ["you", "random", "random", "random"], seed=2, delay=0, setup=False,
                      first_player=0, length="lesson")
    assert table.match.planned_rounds() == 4 and "Round 1 of 4" in table.pane.html
    full = GameTable(PrincessLegend(4), ["you", "random", "random", "random"], seed=2, delay=0, setup=False)
    assert full.match.planned_rounds() == 12
    rng = random.Random(3)
    for _ in range(500):
        if table.match.is_over():
            break
        if table.state.is_terminal():
            table.click("next")
            continue
        legal = table.legal()
        table.act(legal[rng.randrange(len(legal))])
    m = table.match
    assert m.is_over() and len(m.rounds) in (4, 5)  # a tie after 4 rounds: the sheet's one last round
    assert [r.prince for r in m.rounds[:4]] == [0, 1, 2, 3]
    with pytest.raises(KitError, match="length must be one of full, lesson"):
        GameTable(PrincessLegend(4), ["you", "random", "random", "random"], setup=False, length="short")

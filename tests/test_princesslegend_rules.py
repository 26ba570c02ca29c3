"""Known-answer tests of the Princess Legend rules engine, one per rule and ruling of docs/rules/princesslegend.md.

Rounds are scripted: ``PrincessLegend.dealt_state`` plays the deal's chance steps
with the tiles a test names, so every answer and score here is exact.  Match-level
rules (Prince rotation, tie-break rounds) are in ``test_princesslegend_match.py``.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from kit.core import CHANCE, TERMINAL, GameOverError, IllegalActionError, InvalidActionError, KitError
from kit.princesslegend import (
    CENTRE, CHARACTERS, SCORERS, TILE_SETS, Answer, Ask, Character, Colour, Deal, NoExtraQuestion,
    PrincessLegend, Question, Reveal, Symbol, parse_action,
)

from protocol_helpers import refused, run, texts  # noqa: E402

C = Character
ALL_N = range(3, 9)





def five():
    """5 players, p0 Prince: p1 Princess, p2 Fairy, p3 Black Queen, p4 Guard, Servant in the centre."""
    return PrincessLegend(5).dealt_state(["Prince", "Princess", "Fairy", "Black Queen", "Guard"], centre="Servant")


def seven():
    """7 players, p0 Prince: p1 Princess, p2 Fairy, p3 Black Queen, p4 Guard, p5 Siamese, p6 Servant;
    the Spy in the centre."""
    return PrincessLegend(7).dealt_state(
        ["Prince", "Princess", "Fairy", "Black Queen", "Guard", "Siamese", "Servant"], centre="Spy")


def eight():
    """8 players, p0 Prince; every character dealt, the Spy to p7."""
    return PrincessLegend(8).dealt_state(
        ["Prince", "Princess", "Fairy", "Black Queen", "Guard", "Siamese", "Servant", "Spy"])


def ask_all(state, kind="who-are-you"):
    """Ask every player still to be asked ``kind``, each answering its first legal answer."""
    for s in state.still_to_ask():
        state.apply_action(f"ask p{s} {kind}")
        state.apply_action(state.legal_actions()[0])
    return state


def at_reveal(state):
    ask_all(state)
    state.apply_action("no-extra-question")
    assert state.phase == "reveal"
    return state


# ====================================================================== tiles
def test_eight_tiles_the_prince_and_seven_characters():
    assert len(Character) == 8
    assert [str(c) for c in CHARACTERS] == ["Princess", "Fairy", "Black Queen", "Guard", "Siamese",
                                            "Servant", "Spy"]
    assert C.PRINCE not in CHARACTERS


@pytest.mark.parametrize("char,colour,family,symbol", [
    (C.PRINCESS, Colour.GREEN, Symbol.HEART, Symbol.HEART),
    (C.FAIRY, Colour.GREEN, Symbol.HEART, Symbol.MASK),
    (C.BLACK_QUEEN, Colour.RED, Symbol.CROWN, Symbol.CROWN),
    (C.GUARD, Colour.RED, Symbol.CROWN, Symbol.MASK),
    (C.SIAMESE, Colour.RED, Symbol.CROWN, Symbol.MASK),
    (C.SERVANT, Colour.BLUE, Symbol.MASK, Symbol.MASK),
    (C.SPY, Colour.BLUE, Symbol.MASK, Symbol.MASK),
])
def test_character_colour_family_and_top_left_symbol(char, colour, family, symbol):
    assert (char.colour, char.family, char.symbol) == (colour, family, symbol)


def test_colours_green_tells_truth_red_lies_blue_chooses():
    assert C.PRINCESS.rule == "must tell the truth"
    assert C.GUARD.rule == "must lie"
    assert C.SPY.rule == "may lie or tell the truth"


def test_ruling_princess_bears_heart_black_queen_crown_every_other_tile_the_mask():
    assert {c: c.symbol for c in CHARACTERS} == {
        C.PRINCESS: Symbol.HEART, C.BLACK_QUEEN: Symbol.CROWN, C.FAIRY: Symbol.MASK, C.GUARD: Symbol.MASK,
        C.SIAMESE: Symbol.MASK, C.SERVANT: Symbol.MASK, C.SPY: Symbol.MASK}


def test_prince_belongs_to_the_heart_family():
    assert C.PRINCE.family is Symbol.HEART
    assert SCORERS == {Symbol.HEART: (C.PRINCE, C.PRINCESS, C.FAIRY),
                       Symbol.CROWN: (C.BLACK_QUEEN, C.GUARD, C.SIAMESE),
                       Symbol.MASK: (C.SERVANT, C.SPY)}


@pytest.mark.parametrize("n,names", [
    (3, {"Princess", "Black Queen", "Servant"}),
    (4, {"Princess", "Fairy", "Black Queen", "Guard"}),
    (5, {"Princess", "Fairy", "Black Queen", "Guard", "Servant"}),
    (6, {"Princess", "Fairy", "Black Queen", "Guard", "Spy", "Servant"}),
    (7, {"Princess", "Fairy", "Black Queen", "Guard", "Siamese", "Servant", "Spy"}),
    (8, {"Princess", "Fairy", "Black Queen", "Guard", "Siamese", "Servant", "Spy"}),
])
def test_tile_sets_per_player_count(n, names):
    assert {str(c) for c in TILE_SETS[n]} == names
    assert len(TILE_SETS[n]) == len(names)
    assert {str(c) for c in PrincessLegend(n).tile_set} == names


@pytest.mark.parametrize("bad", [0, 1, 2, 9, 10, True, 5.0, "5", None])
def test_three_to_eight_players(bad):
    for n in ALL_N:
        assert PrincessLegend(n).num_players == n
    with pytest.raises(KitError, match="3 to 8 players"):
        PrincessLegend(bad)


# ====================================================================== deal
@pytest.mark.parametrize("n", ALL_N)
def test_prince_tile_face_up_before_the_prince_who_holds_no_character(n):
    for k in range(n):
        s = PrincessLegend(n).new_initial_state(first_player=k)
        assert s.tile(k) is C.PRINCE
        for p in range(n):  # face up: everyone sees it
            assert s.observation(p)["tiles"][k] == "Prince" and s.observation(p)["prince"] == k
        run_deal = s.clone()
        while run_deal.current_player() == CHANCE:
            outs = run_deal.chance_outcomes()
            assert all(a.place != k for a, _ in outs)
            run_deal.apply_action(outs[0][0])
        assert run_deal.tile(k) is C.PRINCE


@pytest.mark.parametrize("n", ALL_N)
def test_deal_one_tile_to_each_other_player_from_the_princes_left_then_the_centre(n):
    k = n - 2
    s = PrincessLegend(n).new_initial_state(first_player=k)
    places = []
    while s.current_player() == CHANCE:
        outs = s.chance_outcomes()
        assert len({a.place for a, _ in outs}) == 1  # one chance step per tile, to one known place
        places.append(outs[0][0].place)
        s.apply_action(outs[-1][0])
    expect = [(k + i) % n for i in range(1, n)] + ([CENTRE] if n < 8 else [])
    assert places == expect
    dealt = [t for t in s.tiles() if t is not C.PRINCE] + ([s.centre()] if n < 8 else [])
    assert sorted(dealt) == sorted(TILE_SETS[n])  # every tile of the set, each once


@pytest.mark.parametrize("n", range(3, 8))
def test_last_tile_goes_face_down_to_the_centre_with_3_to_7_players(n):
    s = PrincessLegend(n).new_initial_state()
    assert PrincessLegend(n).has_centre and s.has_centre()
    while s.current_player() == CHANCE:
        (last, p), *_ = s.chance_outcomes()
        s.apply_action(last)
    assert last.place == CENTRE and s.centre() is last.tile
    assert s.observation(0)["centre"] is None  # the Prince (p0) does not see it


def test_eight_players_every_tile_dealt_no_centre_tile():
    g = PrincessLegend(8)
    s = eight()
    assert not g.has_centre and not s.has_centre() and s.centre() is None
    assert sorted(t for t in s.tiles() if t is not C.PRINCE) == list(CHARACTERS)
    assert s.observation(1)["has_centre"] is False and s.observation(1)["centre"] is None
    t = g.new_initial_state()
    while t.current_player() == CHANCE:
        assert all(a.place != CENTRE for a, _ in t.chance_outcomes())
        t.apply_action(t.chance_outcomes()[0][0])
    assert t.phase == "question"


@pytest.mark.parametrize("n", ALL_N)
def test_each_deal_is_a_chance_step_uniform_over_the_tiles_left(n):
    s = PrincessLegend(n).new_initial_state()
    left = len(TILE_SETS[n])
    while s.current_player() == CHANCE:
        outs = s.chance_outcomes()
        assert len(outs) == left
        assert all(type(p) is F and p == F(1, left) for _, p in outs)
        assert sum(p for _, p in outs) == 1
        assert s.legal_actions() == [a for a, _ in outs]
        s.apply_action(outs[0][0])
        left -= 1
    assert s.chance_outcomes() == []
    assert left == 0


def test_deal_refuses_a_tile_already_dealt_a_wrong_place_or_a_tile_not_in_play():
    s = PrincessLegend(5).new_initial_state(first_player=0)
    s.apply_action("deal Guard to p1")
    refused(s, "deal Guard to p2", match="already dealt")
    refused(s, "deal Fairy to p3", match="next tile goes to p2")
    refused(s, "deal Spy to p2", match="not among the 5-player tiles")
    refused(s, "deal Prince to p2")
    refused(s, "ask p1 who-are-you", match="chance deals")


# ====================================================================== who knows what
@pytest.mark.parametrize("n", ALL_N)
def test_every_player_but_the_prince_knows_every_tile_the_centres_included(n):
    names = ["Prince"] + [str(c) for c in TILE_SETS[n]][: n - 1]
    centre = str(TILE_SETS[n][-1]) if n < 8 else None
    s = PrincessLegend(n).dealt_state(names, centre=centre)
    for p in range(1, n):
        obs = s.observation(p)
        assert obs["tiles"] == names and obs["centre"] == centre and obs["role"] == names[p]
        deals = [e for e in s.observation(p)["log"] if e["kind"] == "deal"]
        want = [{"kind": "deal", "place": seat, "tile": names[seat]} for seat in range(1, n)]
        want += [{"kind": "deal", "place": "centre", "tile": centre}] if centre else []
        assert deals == want
        info = s.information_state(p)
        for seat in range(1, n):
            assert f"deal {names[seat]} to p{seat}" in info
        if centre:
            assert f"deal {centre} to centre" in info


@pytest.mark.parametrize("n", ALL_N)
def test_prince_knows_only_his_own_role(n):
    names = ["Prince"] + [str(c) for c in TILE_SETS[n]][: n - 1]
    centre = str(TILE_SETS[n][-1]) if n < 8 else None
    s = PrincessLegend(n).dealt_state(names, centre=centre)
    obs = s.observation(0)
    assert obs["role"] == "Prince" and obs["tiles"] == ["Prince"] + [None] * (n - 1) and obs["centre"] is None
    info = s.information_state(0)
    for c in CHARACTERS:
        assert str(c) not in info and str(c) not in str(obs["tiles"]) and str(c) not in str(obs["log"])
    assert [e["tile"] for e in obs["log"] if e["kind"] == "deal"] == [None] * len(TILE_SETS[n])
    # any other deal looks the same to him
    other = PrincessLegend(n).dealt_state(["Prince"] + names[:0:-1], centre=centre) if n == 8 else \
        PrincessLegend(n).dealt_state(["Prince", centre] + names[2:], centre=names[1])
    assert other.to_json() != s.to_json()
    assert other.information_state(0) == info and other.observation(0) == obs
    assert other.information_state(1) != s.information_state(1)


def test_everyone_hears_every_question_and_answer_and_sees_the_reveal():
    s = run(five(), "ask p2 where-princess", "answer p1", "ask p3 who-is centre", "answer Guard")
    for p in [*range(5), None]:
        log = s.observation(p)["log"]
        assert log[-4:] == [
            {"kind": "ask", "prince": 0, "seat": 2, "question": "where-princess", "about": None, "extra": False},
            {"kind": "answer", "seat": 2, "place": 1, "character": None},
            {"kind": "ask", "prince": 0, "seat": 3, "question": "who-is", "about": "centre", "extra": False},
            {"kind": "answer", "seat": 3, "place": None, "character": "Guard"}]
        assert s.observation(p)["questions"][1] == {"seat": 3, "question": "who-is", "about": "centre",
                                                    "answer": "Guard", "extra": False}
    run(s, "ask p1 who-are-you", "answer Princess", "ask p4 who-are-you", "answer Fairy",
        "ask p1 who-is p4", "answer Guard", "reveal p1")
    for p in [*range(5), None]:
        obs = s.observation(p)
        assert obs["revealed"] == {"place": "p1", "tile": "Princess", "symbol": "heart"}
        assert obs["tiles"][1] == "Princess"
        assert obs["log"][-5:-1] == [
            {"kind": "ask", "prince": 0, "seat": 1, "question": "who-is", "about": 4, "extra": True},
            {"kind": "answer", "seat": 1, "place": None, "character": "Guard"},
            {"kind": "reveal", "prince": 0, "place": 1, "tile": "Princess", "symbol": "heart"},
            {"kind": "rubies", "symbol": "heart", "seats": [0, 1, 2]}]   # everyone sees who takes rubies
        assert obs["log"][-1]["kind"] == "show"  # then every tile turns face up (the kit's debrief)
        assert "|extra ask p1 who-is p4|answer Guard|reveal p1: Princess|rubies heart: p0 p1 p2|show " \
            in s.information_state(p)
    # the revealed tile was public at once; the round over, the Prince sees every tile
    assert s.observation(0)["tiles"] == ["Prince", "Princess", "Fairy", "Black Queen", "Guard"]


def test_information_state_is_made_from_the_events_the_seat_sees():
    s = run(five(), "ask p1 who-are-you")
    assert s.information_state(0) == ("p0/5|prince p0|deal ? to p1|deal ? to p2|deal ? to p3|deal ? to p4"
                                      "|deal ? to centre|ask p1 who-are-you")
    assert s.information_state(3) == ("p3/5|prince p0|deal Princess to p1|deal Fairy to p2|deal Black Queen to p3"
                                      "|deal Guard to p4|deal Servant to centre|ask p1 who-are-you")
    assert s.information_state(None) == "all" + s.information_state(0)[2:]
    for p in [*range(5), None]:
        info = s.information_state(p)
        assert len(info.split("|")) == 1 + len(s.observation(p)["log"])


# ====================================================================== questions
@pytest.mark.parametrize("n", ALL_N)
def test_prince_asks_every_other_player_exactly_one_question_in_the_order_he_chooses(n):
    s = PrincessLegend(n).new_initial_state(first_player=1)
    while s.current_player() == CHANCE:
        s.apply_action(s.chance_outcomes()[0][0])
    order = [(1 + i) % n for i in range(n - 1, 0, -1)]  # counter-clockwise: his choice
    for seat in order:
        assert s.phase == "question" and s.current_player() == 1
        assert {a.seat for a in s.legal_actions()} == set(s.still_to_ask())
        s.apply_action(f"ask p{seat} who-are-you")
        assert s.current_player() == seat and s.phase == "answer"  # the asked player answers at once
        s.apply_action(s.legal_actions()[0])
    assert s.still_to_ask() == [] and s.phase == "extra-question"
    assert [q.seat for q, a, extra in s.questions()] == order


def test_prince_asks_no_question_of_himself():
    s = five()
    refused(s, "ask p0 who-are-you", match="not himself")
    assert all(a.seat != 0 for a in s.legal_actions())


def test_no_player_is_asked_twice_before_the_extra_question():
    s = run(five(), "ask p2 who-are-you", "answer Fairy")
    for q in ("who-are-you", "where-princess", "who-is p1"):
        refused(s, f"ask p2 {q}", match="p2 has had a question")
    assert 2 not in {a.seat for a in s.legal_actions()}


def test_extra_question_and_reveal_come_only_after_every_other_player_is_asked():
    s = run(five(), "ask p2 who-are-you", "answer Fairy")
    refused(s, "no-extra-question", match="still to ask: p1, p3, p4")
    refused(s, "reveal p1", match="after his questions")


def test_ruling_the_extra_question_is_optional():
    s = ask_all(five())
    assert s.phase == "extra-question" and s.current_player() == 0
    assert NoExtraQuestion() in s.legal_actions()
    s.apply_action("no-extra-question")
    assert s.phase == "reveal" and s.observation(3)["log"][-1] == {"kind": "noextra", "prince": 0}


def test_extra_question_may_go_to_any_other_player_asked_before_or_not():
    s = ask_all(five())
    legal = s.legal_actions()
    assert {a.seat for a in legal if isinstance(a, Ask)} == {1, 2, 3, 4}
    for kind in Question:
        assert any(isinstance(a, Ask) and a.question is kind for a in legal)
    refused(s, "ask p0 who-are-you", match="not himself")
    s.apply_action("ask p3 where-princess")
    assert s.current_player() == 3
    s.apply_action("answer p2")
    assert s.questions()[-1] == (Ask(3, Question.WHERE_PRINCESS), Answer(place=2), True)
    assert s.observation(0)["log"][-2:] == [
        {"kind": "ask", "prince": 0, "seat": 3, "question": "where-princess", "about": None, "extra": True},
        {"kind": "answer", "seat": 3, "place": 2, "character": None}]


def test_only_one_extra_question_then_the_reveal():
    s = run(ask_all(five()), "ask p1 who-are-you", "answer Princess")
    assert s.phase == "reveal"
    assert all(isinstance(a, Reveal) for a in s.legal_actions())
    refused(s, "ask p2 who-are-you", match="questions are over")
    refused(s, "no-extra-question", match="questions are over")


def test_where_is_the_princess_is_answered_with_a_player_or_the_centre():
    s = run(five(), "ask p4 where-princess")  # the Servant is the blue one: p4 is a Guard (red)
    assert all(isinstance(a, Answer) and a.character is None for a in s.legal_actions())
    s = run(seven(), "ask p6 where-princess")  # p6 Servant, blue: every place but the Prince's
    assert texts(s.legal_actions()) == ["answer p1", "answer p2", "answer p3", "answer p4", "answer p5",
                                        "answer p6", "answer centre"]
    refused(s, "answer Princess", match="answered with a place")


def test_who_are_you_is_answered_with_a_character_of_the_round():
    s = run(seven(), "ask p6 who-are-you")
    assert texts(s.legal_actions()) == [f"answer {c}" for c in CHARACTERS]
    refused(s, "answer p1", match="answered with a character")
    refused(s, "answer Prince", match="not among this round's characters")


def test_who_is_that_points_at_a_third_player_or_the_centre():
    s = five()
    about = {a.about for a in s.legal_actions() if a.seat == 2 and a.question is Question.WHO_IS}
    assert about == {1, 3, 4, CENTRE}
    refused(s, "ask p2 who-is p2", match="neither the Prince nor the one asked")
    refused(s, "ask p2 who-is p0", match="neither the Prince nor the one asked")
    refused(s, "ask p2 who-is p7", match="no place")
    run(s, "ask p2 who-is centre")
    assert texts(s.legal_actions()) == ["answer Servant"]  # p2 is the Fairy: the truth


def test_who_is_cannot_point_at_the_centre_with_8_players():
    s = eight()
    assert all(a.about != CENTRE for a in s.legal_actions())
    refused(s, "ask p2 who-is centre", match="no centre tile with 8 players")


def test_asked_player_answers_before_anything_else():
    s = run(five(), "ask p3 who-are-you")
    assert s.current_player() == 3 and s.phase == "answer"
    refused(s, "ask p1 who-are-you", match="p3 is to answer")
    refused(s, "reveal p1", match="p3 is to answer")


# ====================================================================== answers by colour
QUESTIONS = {  # question to the seat in seven(), and its true answer
    "where-princess": "answer p1",
    "who-are-you": None,  # the seat's own character
    "who-is": "answer Princess",  # pointing at p1
}


def _ask(state, seat, kind):
    if kind == "who-is":
        about = "p1" if seat != 1 else "p2"
        state.apply_action(f"ask p{seat} who-is {about}")
        return "answer Princess" if about == "p1" else "answer Fairy"
    state.apply_action(f"ask p{seat} {kind}")
    return "answer p1" if kind == "where-princess" else f"answer {state.tile(seat)}"


def _every_answer(kind):
    return ([f"answer p{i}" for i in range(1, 7)] + ["answer centre"] if kind == "where-princess"
            else [f"answer {c}" for c in CHARACTERS])


@pytest.mark.parametrize("kind", ["where-princess", "who-are-you", "who-is"])
@pytest.mark.parametrize("seat", [1, 2], ids=["Princess", "Fairy"])
def test_green_must_tell_the_truth(kind, seat):
    s = seven()
    truth = _ask(s, seat, kind)
    assert texts(s.legal_actions()) == [truth]
    lie = next(a for a in _every_answer(kind) if a != truth)
    assert "must tell the truth" in refused(s, lie)


@pytest.mark.parametrize("kind", ["where-princess", "who-are-you", "who-is"])
@pytest.mark.parametrize("seat", [3, 4, 5], ids=["Black Queen", "Guard", "Siamese"])
def test_red_must_lie_any_answer_of_the_round_but_the_truth(kind, seat):
    s = seven()
    truth = _ask(s, seat, kind)
    assert texts(s.legal_actions()) == [a for a in _every_answer(kind) if a != truth]
    assert "must lie" in refused(s, truth)


@pytest.mark.parametrize("kind", ["where-princess", "who-are-you", "who-is"])
@pytest.mark.parametrize("seat", [6], ids=["Servant"])
def test_blue_may_lie_or_tell_the_truth(kind, seat):
    s = seven()
    truth = _ask(s, seat, kind)
    assert texts(s.legal_actions()) == _every_answer(kind)
    assert truth in texts(s.legal_actions())


def test_spy_is_blue_too():
    s = eight()
    run(s, "ask p7 who-are-you")
    assert texts(s.legal_actions()) == [f"answer {c}" for c in CHARACTERS]


def test_ruling_answers_are_drawn_from_what_is_in_play_this_round():
    # 3 players: characters Princess, Black Queen, Servant only; places p1, p2 and the centre.
    s = PrincessLegend(3).dealt_state(["Prince", "Servant", "Black Queen"], centre="Princess")
    run(s, "ask p1 who-are-you")
    assert texts(s.legal_actions()) == ["answer Princess", "answer Black Queen", "answer Servant"]
    refused(s, "answer Fairy", match="not among this round's characters")
    refused(s, "answer Spy", match="not among this round's characters")
    run(s, "answer Servant", "ask p2 where-princess")  # Black Queen: lies among p1, p2, centre
    assert texts(s.legal_actions()) == ["answer p1", "answer p2"]
    refused(s, "answer p0", match="Prince tile")  # the Prince's seat is no answer (kit's choice)
    refused(s, "answer p5", match="no place")
    # 8 players: no centre to answer
    t = run(eight(), "ask p7 where-princess")
    refused(t, "answer centre", match="no centre tile with 8 players")
    assert "answer centre" not in texts(t.legal_actions())


def test_a_red_lie_about_the_princess_may_point_at_the_liar_herself():
    s = run(five(), "ask p3 where-princess")  # p3 Black Queen; the Princess is p1
    assert texts(s.legal_actions()) == ["answer p2", "answer p3", "answer p4", "answer centre"]


# ====================================================================== reveal
@pytest.mark.parametrize("n", range(3, 8))
def test_reveal_another_players_tile_or_the_centre_with_3_to_7_players(n):
    s = PrincessLegend(n).new_initial_state(first_player=1)
    while s.current_player() == CHANCE:
        s.apply_action(s.chance_outcomes()[0][0])
    at_reveal(s)
    assert s.current_player() == 1
    assert texts(s.legal_actions()) == [f"reveal p{i}" for i in range(n) if i != 1] + ["reveal centre"]


def test_reveal_no_centre_with_8_players():
    s = at_reveal(eight())
    assert texts(s.legal_actions()) == [f"reveal p{i}" for i in range(1, 8)]
    refused(s, "reveal centre", match="no centre tile with 8 players")


def test_prince_does_not_reveal_his_own_face_up_tile():
    s = at_reveal(five())
    refused(s, "reveal p0", match="face up already")
    refused(s, "reveal p5", match="no place")


def test_the_round_ends_with_the_reveal():
    s = at_reveal(five())
    s.apply_action("reveal p4")
    assert s.is_terminal() and s.current_player() == TERMINAL and s.phase == "over"
    assert s.legal_actions() == [] and s.chance_outcomes() == []
    for a in ("reveal p1", "ask p1 who-are-you", "answer p1", "no-extra-question", "deal Spy to p1"):
        refused(s, a, GameOverError)


# ====================================================================== scoring
def scored(state, place):
    at_reveal(state)
    state.apply_action(f"reveal {place}")
    return state.returns()


def test_heart_revealed_scores_the_prince_the_princess_and_the_fairy():
    assert scored(five(), "p1") == [1, 1, 1, 0, 0]


def test_crown_revealed_scores_the_black_queen_the_guard_and_the_siamese():
    assert scored(seven(), "p3") == [0, 0, 0, 1, 1, 1, 0]


def test_mask_revealed_scores_the_servant_and_the_spy():
    assert scored(eight(), "p7") == [0, 0, 0, 0, 0, 0, 1, 1]  # the Spy's mask
    assert scored(eight(), "p6") == [0, 0, 0, 0, 0, 0, 1, 1]  # the Servant's mask


@pytest.mark.parametrize("place,who", [("p2", "Fairy"), ("p4", "Guard"), ("p5", "Siamese")])
def test_fairy_guard_and_siamese_bear_the_mask_so_the_masks_score(place, who):
    s = seven()
    assert str(s.tile(int(place[1]))) == who
    assert scored(s, place) == [0, 0, 0, 0, 0, 0, 1]  # the Servant (p6); the Spy is in the centre


def test_a_tile_in_the_centre_scores_nobody():
    # The Servant lies in the centre: a mask revealed (the Guard's) gives no ruby to anybody.
    s = five()
    assert scored(s, "p4") == [0, 0, 0, 0, 0]
    assert s.result().symbol is Symbol.MASK and s.result().scorers == ()
    # The Fairy lies in the centre: hearts revealed score the Prince and the Princess, not the Fairy.
    t = PrincessLegend(4).dealt_state(["Prince", "Guard", "Princess", "Black Queen"], centre="Fairy")
    assert scored(t, "p2") == [1, 0, 1, 0]


def test_revealing_the_centre_scores_its_symbol_for_the_players():
    # The Princess found in the centre: the heart scores the Prince (she is nobody's, so no one else).
    s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    assert scored(s, "centre") == [1, 0, 0]
    assert s.result().revealed == CENTRE and s.result().found_princess
    # The Black Queen in the centre: her crown scores the Guard.
    t = PrincessLegend(4).dealt_state(["Guard", "Prince", "Fairy", "Princess"], centre="Black Queen")
    assert scored(t, "centre") == [1, 0, 0, 0]
    # The Servant in the centre: her mask scores nobody (no other mask at 5 players).
    assert scored(five(), "centre") == [0, 0, 0, 0, 0]


def test_it_is_possible_that_nobody_scores():
    s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Princess"], centre="Servant")
    assert scored(s, "centre") == [0, 0, 0]


def test_result_describes_the_reveal_and_who_scored():
    s = five()
    assert s.result() is None and s.returns() == [0] * 5
    scored(s, "p3")
    res = s.result()
    assert (res.prince, res.revealed, res.tile, res.symbol) == (0, 3, C.BLACK_QUEEN, Symbol.CROWN)
    assert res.scorers == (3, 4) and res.rubies == (0, 0, 0, 1, 1) and not res.found_princess
    assert str(res) == "p0 revealed p3: Black Queen (crown); rubies to p3, p4"
    assert s.observation(0)["result"] == {"scorers": [3, 4], "rubies": [0, 0, 0, 1, 1], "found_princess": False}


def test_prince_scores_with_the_hearts_wherever_he_sits():
    s = PrincessLegend(4).dealt_state(["Fairy", "Princess", "Black Queen", "Prince"], centre="Guard")
    assert s.prince == 3
    assert scored(s, "p1") == [1, 1, 0, 1]


# ====================================================================== refusals
def test_unreadable_notation_raises_invalid_action_error_listing_the_forms():
    s = five()
    for text in ["", "ask", "ask p2", "ask p2 why", "ask p2 who-is", "ask p2 who-are-you p3", "deal Guard",
                 "deal Guard p2", "answer", "answer King", "reveal", "reveal p1 p2", "fly p2", "ask centre who-are-you",
                 "reveal px", "answer p"]:
        msg = refused(s, text, InvalidActionError)
        assert "ask pN where-princess" in msg, text


@pytest.mark.parametrize("obj", [None, 3, 1.5, b"reveal p1", ["reveal", "p1"], object(), C.GUARD])
def test_objects_that_are_no_action_raise_invalid_action_error(obj):
    refused(five(), obj, InvalidActionError)


def test_well_formed_but_odd_actions_are_refused_as_illegal():
    s = five()
    for a in [Ask(True, Question.WHO_ARE_YOU), Ask(1.0, Question.WHO_ARE_YOU), Ask(1, "who-are-you"),
              Ask(-1, Question.WHO_ARE_YOU), Ask(1, Question.WHO_IS, "p2"), Reveal(CENTRE), Answer(place=1),
              Deal(C.GUARD, 1), NoExtraQuestion()]:
        refused(s, a)
    run(s, "ask p1 who-are-you")
    for a in [Answer(place=True), Answer(character=1), Answer()]:
        refused(s, a)
    refused(s, Answer(place=1, character=C.PRINCESS), match="a place or a character, not both")


def test_refused_actions_name_what_is_allowed():
    s = run(five(), "ask p1 who-are-you")
    msg = refused(s, "answer Fairy")
    assert "p1 holds the Princess (green) and must tell the truth" in msg and "Allowed: answer Princess" in msg


def test_a_seat_outside_the_table_is_refused_in_views():
    s = five()
    for bad in (-1, 5, True, "p1"):
        with pytest.raises(KitError):
            s.information_state(bad)
        with pytest.raises(KitError):
            s.observation(bad)
    with pytest.raises(KitError):
        PrincessLegend(5).new_initial_state(first_player=5)


def test_scripted_deal_refuses_bad_setups():
    g = PrincessLegend(4)
    with pytest.raises(KitError, match="one tile per seat"):
        g.dealt_state(["Prince", "Fairy"], centre="Guard")
    with pytest.raises(KitError, match="exactly one seat"):
        g.dealt_state(["Fairy", "Guard", "Princess", "Black Queen"], centre="Prince")
    with pytest.raises(KitError, match="give the centre"):
        g.dealt_state(["Prince", "Guard", "Princess", "Black Queen"])
    with pytest.raises(IllegalActionError):
        g.dealt_state(["Prince", "Guard", "Princess", "Spy"], centre="Fairy")
    with pytest.raises(KitError, match="no centre tile"):
        PrincessLegend(8).dealt_state(["Prince", *map(str, CHARACTERS)], centre="Spy")


# ====================================================================== notation
@pytest.mark.parametrize("n", ALL_N)
def test_notation_round_trips_for_every_legal_action(n):
    g = PrincessLegend(n)
    names = {"Deal": Deal, "Ask": Ask, "NoExtraQuestion": NoExtraQuestion, "Answer": Answer, "Reveal": Reveal,
             "Character": Character, "Question": Question}
    s = g.new_initial_state(first_player=n - 1)
    seen = set()
    while not s.is_terminal():
        for a in s.legal_actions():
            for text in (str(a), str(a).lower(), str(a).upper()):
                assert g.parse_action(text) is a
            assert eval(repr(a), names) is a
            seen.add(type(a).__name__)
        legal = s.legal_actions()
        s.apply_action(legal[len(legal) // 2])
    assert seen == {"Deal", "Ask", "NoExtraQuestion", "Answer", "Reveal"}


def test_notation_examples_and_aliases():
    assert parse_action("deal Princess to p2") is Deal(C.PRINCESS, 2)
    assert parse_action("deal Guard to centre") is Deal(C.GUARD, CENTRE)
    assert parse_action("deal Black Queen to center") is Deal(C.BLACK_QUEEN, CENTRE)
    assert parse_action("ask p2 where-princess") is Ask(2, Question.WHERE_PRINCESS)
    assert parse_action("ask p3 who-are-you") is Ask(3, Question.WHO_ARE_YOU)
    assert parse_action("ask p1 who-is p4") is Ask(1, Question.WHO_IS, 4)
    assert parse_action("ask p1 who-is centre") is Ask(1, Question.WHO_IS, CENTRE)
    assert parse_action("no-extra-question") is NoExtraQuestion() is parse_action("no extra question")
    assert parse_action("answer p3") is Answer(place=3)
    assert parse_action("answer centre") is Answer(place=CENTRE)
    assert parse_action("answer Fairy") is Answer(character=C.FAIRY) is parse_action("answer fée")
    assert parse_action("answer black-queen") is parse_action("answer Queen") is Answer(character=C.BLACK_QUEEN)
    assert parse_action("reveal p2") is Reveal(2) and parse_action("reveal centre") is Reveal(CENTRE)
    assert parse_action("ask 2 where?") is Ask(2, Question.WHERE_PRINCESS)


def test_actions_are_interned_and_distinguish_true_from_one():
    assert Answer(place=1) is Answer(place=1)
    assert Answer(place=True) is not Answer(place=1)
    assert Answer(place=1).place is not True  # building Answer(place=True) left the shared one alone
    assert Answer(character=C.PRINCESS) is not Answer(place=1)


# ====================================================================== protocol basics
def test_refused_call_leaves_the_state_exactly_unchanged_along_a_round():
    s = five()
    bad = ["reveal p0", "ask p0 who-is p1", "answer Spy", "deal Spy to p1", "no-extra-question", "ask p9 who-are-you"]
    while not s.is_terminal():
        for a in bad:
            if parse_action(a) not in s.legal_actions():
                refused(s, a, (IllegalActionError, GameOverError))
        s.apply_action(s.legal_actions()[-1])


def test_child_and_clone_leave_the_parent_unchanged():
    s = five()
    before = s.to_json()
    c = s.child("ask p1 who-are-you")
    assert s.to_json() == before and c.phase == "answer"
    d = s.clone()
    d.apply_action("ask p2 who-are-you")
    assert s.to_json() == before and d.to_json() != c.to_json()


def test_json_round_trip_of_a_finished_round():
    from kit.core import loads

    s = five()
    scored(s, "p1")
    text = s.to_json()
    back = PrincessLegend(5).state_from_json(text)
    assert back.to_json() == text and back.result() == s.result() and loads(text).to_json() == text
    with pytest.raises(KitError, match="not for this game"):
        PrincessLegend(4).state_from_json(text)
    broken = text.replace('"returns":[1,1,1,0,0]', '"returns":[0,0,0,0,0]')
    assert broken != text
    with pytest.raises(KitError, match="consistent"):
        PrincessLegend(5).state_from_json(broken)

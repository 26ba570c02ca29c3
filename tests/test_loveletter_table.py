"""The Love Letter table (GameTable with the Love Letter adapter), driven from Python through its own API.

What is special to Love Letter (the generic behaviour of every table is in test_game_table.py):
the Countess rule, Handmaid protection, the Chancellor's keep-and-order, the Princess's
confirmation, the engine's reasons for a refused move, hidden cards never in a student's
widgets, the teacher's table, card counting in the inspect panel, bots in a running event loop,
a failing bot, and the setup form.
"""

from __future__ import annotations

import asyncio
import re
import threading
from typing import Any

import pytest

from kit.core import KitError, PlayerView
from kit.i18n import _
from kit.loveletter import Keep, LoveLetter, knowledge
from kit.loveletter.bots import HeuristicBot
from kit.loveletter.counting import holding_chances
from kit.render import loveletter as R
from kit.widgets import LoveLetterTable
from kit.widgets.adapters.loveletter import LoveLetterAdapter
from kit.widgets.inspect import EVERYTHING, PUBLIC

from table_helpers import decision_positions, drive, strings

_FACE = re.compile(r'<div class="ll-card[^"]*"[^>]*>')
_ATTR = re.compile(r'data-(card|zone|seat)="([^"]*)"')


def faces(html: str) -> list[dict[str, str]]:
    """Every card element in ``html``: its data-card (absent for a back), data-zone, data-seat."""
    return [dict(_ATTR.findall(tag)) for tag in _FACE.findall(html)]


def hidden_faces(html: str, state: Any, viewer: int | None) -> list[dict]:
    """Faces of cards ``viewer`` may not see: other seats' hands (unless shown at the end), the set-aside
    card, the deck."""
    shown_at_end = state.result() is not None and state.result().reason == "deck-empty"
    out = []
    for f in faces(html):
        if "card" not in f:
            continue
        if f.get("zone") in ("set-aside", "deck", "deck-bottom"):
            out.append(f)
        elif f.get("zone") == "hand" and f.get("seat") != str(viewer) and not shown_at_end:
            out.append(f)
    return out


def scripted(players: int, edition: str, steps: list[str], first: int = 0) -> Any:
    """A round from its steps: a bare card name is dealt; ``!Card`` or full notation is a play."""
    s = LoveLetter(players, edition=edition).new_initial_state(first_player=first)
    for d in steps:
        s.apply_action(d[1:] if d.startswith("!") else (d if " " in d else f"deal {d}"))
    return s


def run_event_loop(main: Any) -> Any:
    """``asyncio.run(main())`` in a thread of its own (a session-wide Playwright holds the main thread's loop)."""
    out: dict[str, Any] = {}
    worker = threading.Thread(target=lambda: out.setdefault("result", asyncio.run(main())))
    worker.start()
    worker.join(60)
    return out["result"]


def table_for(players: list[str], edition: str, **kw: Any) -> LoveLetterTable:
    kw.setdefault("seed", 1)
    return LoveLetterTable(players, edition=edition, delay=0, setup=kw.pop("setup", False), **kw)


# --------------------------------------------------------------------------- the rules at the table
def test_the_countess_rule_offers_only_the_countess_and_says_why():
    s = scripted(3, "2019", ["Spy", "Countess", "Guard", "Handmaid", "King"])
    table = table_for(["you", "random", "random"], "2019")
    table.load_round(s)
    assert [c for c in table.choices() if c.startswith("card:")] == ["card:8"]
    assert "With the Countess and a King in hand, the Countess must be played." in table.pane.html
    before = table.state.to_json()
    table.click("card:7")  # not offered: nothing happens
    assert table.state.to_json() == before


@pytest.mark.parametrize("lang", ["en", "ro", "cs", "pt", "pl", "fr"])
def test_the_countess_note_is_the_engines_refusal_of_that_card_in_the_tables_language(lang: str) -> None:
    from html import escape

    from kit.core import IllegalActionError
    from kit.i18n.refusals import explain

    s = scripted(3, "2019", ["Spy", "Countess", "Guard", "Handmaid", "Prince"])
    with pytest.raises(IllegalActionError) as refused:
        s.clone().apply_action("Prince p1")
    words = explain(refused.value, lang, notation=False)
    table = table_for(["you", "random", "random"], "2019", language=lang)
    table.load_round(s)
    note = re.search(r'<div class="ll-note"[^>]*>([^<]*)</div>', table.pane.html).group(1)
    assert note == escape(words)
    assert [c for c in table.choices() if c.startswith("card:")] == ["card:8"]


def test_a_countess_rule_changed_in_the_cards_module_changes_the_engine_and_the_table(monkeypatch):
    import kit.loveletter.cards as cards
    from kit.loveletter import game as game_module

    monkeypatch.setattr(cards, "COUNTESS_PARTNERS", ("KING",))  # a house rule: only the King makes her a must
    game_module._rules.cache_clear()  # fresh rules objects (their legal plays are cached per game)
    try:
        s = scripted(3, "2019", ["Spy", "Countess", "Guard", "Handmaid", "Prince"])
        assert sorted({str(a.card) for a in s.legal_actions()}) == ["Countess", "Prince"]
        table = table_for(["you", "random", "random"], "2019")
        table.load_round(s)
        assert sorted(c for c in table.choices() if c.startswith("card:")) == ["card:5", "card:8"]
        assert "ll-note" not in table.pane.html.split("</style>")[-1]
        # the bots' models ask the same rule: a hand of Countess and Prince is no longer forced
        from kit.loveletter.bots.beliefs import _play_likelihood, _sensible_play

        r, v = s.game._rules, s.game._rules.ed.value
        countess, prince, king = v("COUNTESS"), v("PRINCE"), v("KING")
        unseen = [1] * len(r.ed.counts)
        assert r.forced[countess][prince] is None and r.forced[countess][king] == countess
        assert _play_likelihood(r, countess, prince, unseen, 1.0) > 0  # kept the Countess, played the Prince
        assert _play_likelihood(r, countess, king, unseen, 1.0) == 0.0
        assert _sensible_play(r, countess, king, unseen) == countess
    finally:
        monkeypatch.undo()
        game_module._rules.cache_clear()


def test_a_refused_move_from_python_changes_nothing_and_gives_the_engines_reason():
    s = scripted(2, "classic", ["Princess", "Priest", "Baron", "Handmaid", "Guard", "King", "Prince"])
    table = table_for(["you", "random"], "classic")
    table.load_round(s)
    before = table.state.to_json()
    assert not table.act("Baron p1")
    assert "does not hold a Baron" in table.message and table.state.to_json() == before
    assert not table.act("Guard p1 Guard")
    assert table.message.startswith("Guard p1 Guard is not allowed: a Guard may not name the Guard.")
    assert not table.act("Guard p7")
    assert table.state.to_json() == before
    assert table.act("Guard p1 King")
    assert table.state.is_terminal() and table.match.tokens == [1, 0]


def test_the_guard_is_played_by_card_then_player_then_the_card_named():
    s = scripted(2, "classic", ["Princess", "Priest", "Baron", "Handmaid", "Guard", "King", "Prince"])
    table = table_for(["you", "random"], "classic")
    table.load_round(s)
    table.click("card:1")
    assert [c for c in table.choices() if c.startswith("target:")] == ["target:1"]
    assert "choose a player" in table.pane.html
    table.click("target:1")
    guesses = [c for c in table.choices() if c.startswith("guess:")]
    assert "guess:1" not in guesses and len(guesses) == 7  # every card but the Guard
    # the prompt says what to do in a child's words, and the cards to guess come right under it, above the seats
    # (in view on a small screen: issue 19)
    assert "Guard on Ben: guess a card!" in table.pane.html and "Guess a card:" in table.pane.html
    html = table.pane.html
    assert html.index('data-choice="guess:') < html.index('data-seat-panel=')
    table.click("cancel")
    assert "card:1" in table.choices() and not any(c.startswith("guess:") for c in table.choices())
    for c in ("card:1", "target:1", "guess:6"):
        table.click(c)
    assert table.state.is_terminal() and table.match.tokens == [1, 0]


def test_undoing_a_begun_move_says_choose_another_card_at_every_step_and_lifts_one_card_of_two():
    """A Love Letter move begins with a card: its undo button says "Choose another card" while a player is
    chosen as while a card is named (not "Start again", which a learner may read as a new game); with two
    Guards in hand, only the one clicked is lifted."""
    s = scripted(2, "classic", ["Princess", "Baron", "Handmaid", "Priest", "Guard", "King", "Guard"])
    table = table_for(["you", "random"], "classic", language="pl")
    table.load_round(s)
    assert [c.get("card") for c in faces(table.pane.html) if c.get("zone") == "hand"] == ["Guard", "Guard"]
    table.click("card:1")
    words = _("Choose another card", "pl")
    assert f"\u21a9 {words}" in table.pane.html and _("Start again", "pl") not in table.pane.html
    assert table.pane.html.count("ll-card ll-picked") == 1
    table.click("target:1")
    assert words in table.pane.html and table.pane.html.count("ll-card ll-picked") == 1


def test_the_card_a_priest_saw_stays_on_that_seat_until_it_is_played():
    """The learner who looked at Ben's hand with the Priest reads it on Ben's seat, as long as Ben still holds
    it (long after the narration's line is gone); Ben's own table shows nothing of the kind; after a King's
    trade each knows what the other now holds (kit.loveletter.knowledge, read from the seat's observation)."""
    s = scripted(2, "classic", ["Princess", "Guard", "Guard", "Guard", "Priest", "Baron", "Prince", "!Priest p1"])
    table = table_for(["you", "person"], "classic")
    table.load_round(s)

    def known(html: str) -> list[tuple[str, str]]:
        return [(f["seat"], f["card"]) for f in faces(html) if f.get("zone") == "known"]

    assert known(R.table_html(s.observation(0), names=["Ana", "Ben"])) == [("1", "Baron")]
    assert "You know that Ben holds the Baron." in R.table_html(s.observation(0), names=["Ana", "Ben"])
    assert known(R.table_html(s.observation(1), names=["Ana", "Ben"])) == []
    s.apply_action("deal Handmaid")                     # Ben draws: he may now play either card
    assert known(R.table_html(s.observation(0), names=["Ana", "Ben"])) == [("1", "Baron")]
    s.apply_action("Handmaid")                          # he keeps the Baron: still known
    assert known(R.table_html(s.observation(0), names=["Ana", "Ben"])) == [("1", "Baron")]
    s.apply_action("deal Guard")
    s.apply_action("Guard")                             # Ben is protected: Ana's Guard has no target
    s.apply_action("deal King")
    s.apply_action("King p0")                           # Ben trades the Baron for Ana's Prince: she knows that
    assert known(R.table_html(s.observation(0), names=["Ana", "Ben"])) == [("1", "Prince")]
    assert known(R.table_html(s.observation(1), names=["Ana", "Ben"])) == [("0", "Baron")]


def test_a_protected_player_cannot_be_chosen():
    s = scripted(3, "classic", ["Princess", "Handmaid", "Guard", "Baron", "Handmaid", "!Handmaid", "Priest"])
    table = table_for(["random", "you", "random"], "classic")
    table.load_round(s)
    assert table.state.current_player() == 1 and table.state.protected() == [True, False, False]
    assert "protected" in table.pane.html
    for card in ("card:1", "card:2"):
        table.click(card)
        assert [v for v in table.choices() if v.startswith("target:")] == ["target:2"]
        table.click("cancel")
    assert not table.act("Priest p0") and "protected by a Handmaid" in table.message


def test_the_chancellor_keeps_and_orders_by_clicks():
    s = scripted(3, "2019", ["Spy", "Chancellor", "Guard", "Handmaid", "Baron"])
    table = table_for(["you", "random", "random"], "2019")
    table.load_round(s)
    table.click("card:6")
    st = table.state
    assert st.phase == "chancellor-keep" and len(st.hand(0)) == 3
    keeps = [v for v in table.choices() if re.fullmatch(r"keep:\d+", v)]
    assert sorted(keeps) == sorted({f"keep:{int(c)}" for c in st.hand(0)})
    table.click(keeps[0])
    if st.phase == "chancellor-keep":  # two different cards left: choose their order
        orders = [v for v in table.choices() if v.count(":") == 2]
        assert len(orders) == 2 and "cancel" in table.choices()
        table.click(orders[1])
    assert isinstance(st.history()[len(s.history()) + 3], Keep)


def test_the_princess_asks_for_confirmation():
    s = scripted(2, "classic", ["Guard", "Priest", "Baron", "Handmaid", "Princess", "King", "Guard"])
    table = table_for(["you", "random"], "classic")
    table.load_round(s)
    table.click("card:8")
    assert "confirm" in table.choices() and "cancel" in table.choices() and not table.state.is_terminal()
    table.click("cancel")
    assert "card:8" in table.choices()
    table.click("card:8")
    table.click("confirm")
    assert table.state.is_terminal() and table.match.tokens == [0, 1]


# --------------------------------------------------------------------------- what a student's table holds
@pytest.mark.parametrize("edition,n", [("classic", 2), ("2019", 4), ("2019", 6)])
def test_a_students_table_is_the_picture_of_the_viewers_observation(edition, n):
    game = LoveLetter(n, edition=edition)
    checked = 0
    for seed in range(6):
        viewer = seed % n
        players = ["random"] * n
        players[viewer] = "you"
        table = table_for(players, edition)
        for pos in decision_positions(game, seed, first_player=seed % n):
            table.load_round(pos)
            table.inspector.show(seat=viewer, step=len(table.steps_of(0)) // 2)
            everything = "\n".join(strings(table))
            assert not hidden_faces(everything, pos, viewer)
            mine = [f["card"] for f in faces(table.pane.html) if f.get("zone") == "hand" and "card" in f
                    and f.get("seat") == str(viewer)]
            assert mine == [str(c) for c in pos.hand(viewer)]
            obs = pos.observation(viewer)
            for seat in range(n):  # every seat's played cards, in the order played
                played = [f["card"] for f in faces(table.pane.html) if f.get("zone") == "discard"
                          and f.get("seat") == str(seat)]
                assert played == list(obs["discards"][seat]), seat
            table.inspector.toggle.value = False
            checked += 1
    assert checked >= 20


def test_at_five_and_six_players_the_others_cards_are_small_and_their_played_cards_wrap():
    """Five or six seats share a row: the others' hidden cards are small backs; every seat's played cards are
    chips (value and name, each reading the whole card to a screen reader) that wrap, so no seat is cut off on
    a school laptop (tests/test_browser_viewport.py plays it there); the viewer's own hand keeps its size."""
    for n, compact in ((4, False), (5, True), (6, True)):
        pos = next(p for seed in range(20) for p in decision_positions(LoveLetter(n, edition="2019"), seed)[n:]
                   if p.observation(0)["alive"][0] and sum(map(len, p.observation(0)["discards"][1:])) >= n)
        html = R.table_html(pos.observation(0), names=[f"P{s}" for s in range(n)])
        played = [f for f in faces(html) if f.get("zone") == "discard"]
        assert [f for f in played if f.get("seat") != "0"], "the others have played"
        chips = re.findall(r'<div class="ll-card ll-chip"[^>]*data-zone="discard" data-seat="([0-9])"[^>]*'
                           r'aria-label="([^"]*)"', html)
        assert len(chips) == len(played) and all(", value " in label for _seat, label in chips)
        hidden = sum(pos.observation(0)["hand_sizes"][1:])
        assert html.count("ll-card ll-back ll-tiny") == (hidden if compact else 0)
        assert html.count("ll-card ll-back ll-mini") == 2 + (0 if compact else hidden)  # + the deck, the set-aside
        own = [f for f in faces(html) if f.get("zone") == "hand" and f.get("seat") == "0"]
        assert own and len(re.findall(r'<div class="ll-card" [^>]*data-zone="hand" data-seat="0"', html)) == len(own)


def test_a_teachers_table_does_show_every_hand_and_the_deck_and_forgets_them_when_switched_off():
    pos = decision_positions(LoveLetter(3, edition="2019"), 1, first_player=0)[4]
    table = table_for(["you", "random", "random"], "2019", teacher=True)
    table.load_round(pos)
    assert not hidden_faces("\n".join(strings(table)), pos, 0)
    table.teacher = True
    shown = faces(table.teacher_view.value)
    for o in (1, 2):
        got = [f["card"] for f in shown if f.get("zone") == "hand" and f.get("seat") == str(o)]
        assert got == [str(c) for c in pos.hand(o)]
    assert {"card": str(pos.set_aside()), "zone": "set-aside"} in shown
    table.inspect(seat=EVERYTHING)
    assert {v for _, v in table.inspector.seen_by.options} == {PUBLIC, 0, 1, 2, EVERYTHING}
    table.inspect(seat=1)
    assert "ll-count" in table.inspector.reasoning.value
    table.teacher = False
    assert table.teacher_view.value == ""
    assert not hidden_faces("\n".join(strings(table)), pos, 0)
    assert {v for _, v in table.inspector.seen_by.options} == {PUBLIC, 0}


def test_the_counting_panel_gives_chances_per_card_when_the_opponent_holds_two_cards():
    """Issue 19: with Ben to move (two cards) the panel's numbers are the chance of holding each card, labelled
    so (a row sums to more than 100 %), never expected copies shown as chances."""
    s = scripted(2, "classic", ["Princess", "Priest", "Baron", "Handmaid", "Prince", "Guard", "King"])
    s.apply_action("Prince p0")          # Ana discards the King and draws a Guard; Ben draws: two unseen cards
    s.apply_action("deal Guard")
    s.apply_action("deal Guard")
    html = LoveLetterAdapter(s.game).reasoning(s, 0, names=["Ana", "Ben"], lang="en")
    assert "Ben (2 cards): the chance of holding each card" in html and "expected" not in html
    guard = re.search(r'<th class="ll-rowname">Ben \(2 cards\)[^<]*</th><td><span[^>]*>([^<]*)<', html)
    assert guard and guard.group(1) == "67%"  # 1 - (6/10)(5/9): not 80 %, the expected copies 2 x 4/10


def test_the_inspect_panel_replays_a_round_with_card_counting():
    table = table_for(["you", "heuristic"], "classic", seed=12, names=["Ana", "Ben"])
    me = HeuristicBot(seed=0)
    while not table.state.is_terminal():
        drive(table, me.choose(PlayerView(table.state, 0), 0))
    rnd = table.match.rounds[0]
    table.inspect(round=0, seat=0, step=8)
    st = rnd.game.new_initial_state(first_player=rnd.first_player)
    for a in rnd.history()[:8]:
        st.apply_action(a)
    assert table.inspector.step.max == len(rnd.history())
    board = table.inspector.board.value
    assert "step 8 of" in board and "kit-replay" in board
    assert [f["card"] for f in faces(board) if f.get("zone") == "hand" and f.get("seat") == "0"] == \
        [str(c) for c in st.hand(0)]
    assert not hidden_faces(board, st, 0)
    know = knowledge(st, 0)
    assert str(sum(know.unseen.values())) in table.inspector.reasoning.value
    counted = table.counting(0, st)
    assert set(counted) == {"unseen", "hand_sizes", "chances"}  # expected copies only when asked for
    assert counted["chances"] == holding_chances(st, 0) and counted["hand_sizes"] == ({1: len(st.hand(1))} if st.hand(1) else {})
    asked = table.counting(0, st, expected=True)["expected"]
    assert set(asked) <= {1} and abs(float(sum(asked.get(1, {}).values())) - len(st.hand(1))) < 1e-9
    with pytest.raises(KitError):
        table.counting(1)  # a student counts cards for their own seat only
    table.inspect(seat=PUBLIC)
    assert table.inspector.reasoning.value == ""


# --------------------------------------------------------------------------- bots
def test_bots_move_one_at_a_time_after_the_delay_in_a_running_event_loop():
    async def main() -> LoveLetterTable:
        table = LoveLetterTable(["heuristic", "random"], edition="classic", seed=3, delay=0.005, setup=False)
        assert not [a for a in table.state.history() if type(a).__name__ != "Deal"]  # no move yet: later
        for _ in range(800):
            await asyncio.sleep(0.005)
            if table.state.is_terminal():
                break
        return table

    table = run_event_loop(main)
    assert table.state.is_terminal()
    assert sum(1 for k, _ in table.timings if k == "bot") >= 1


def test_a_bot_that_fails_stops_the_game_and_shows_no_detail():
    class Broken:
        name = "broken"

        def choose(self, view, seat):
            raise RuntimeError(f"my hand is {view.observation()['hand']}")

    table = LoveLetterTable(["you", Broken()], edition="classic", seed=2, first_player=1, delay=0, setup=False)
    assert isinstance(table.last_error, RuntimeError)
    assert "could not move" in table.pane.html and "my hand" not in "\n".join(strings(table))
    assert table.choices() == []


# --------------------------------------------------------------------------- setup
def test_the_setup_form_starts_a_new_game_with_its_edition_players_names_and_seats():
    table = LoveLetterTable(["you", "random"], edition="classic", seed=1, delay=0)
    form = table.setup_form
    assert form.players.value == 2 and form.settings["edition"].value == "classic"
    form.settings["edition"].value = "2019"
    form.players.value = 3
    rows = form.rows.children
    rows[0].children[0].value, rows[1].children[0].value, rows[2].children[0].value = "Zoe", "Yann", "Xia"
    rows[1].children[1].value, rows[2].children[1].value = "heuristic", "ismcts"
    form.start.click()
    assert form.error.value == ""
    assert table.game.num_players == 3 and table.game.edition.name == "2019"
    assert table.names == ["Zoe", "Yann", "Xia"] and table.kinds == ["you", "heuristic", "ismcts"]
    assert "seed" not in " ".join(strings(form)).lower()


def test_the_setup_form_offers_the_first_publisher_variant():
    table = LoveLetterTable(["you", "random"], edition="classic", variant="first-publisher", seed=1, delay=0)
    form = table.setup_form
    assert form.settings["edition"].value == "first-publisher" and table.game.tokens_to_win == 7
    form.players.value = 3
    form.start.click()
    assert table.game.settings() == {"players": 3, "edition": "classic", "variant": "first-publisher"}
    assert table.game.tokens_to_win == 5


# --------------------------------------------------------------------------- the renderer
def test_a_bare_state_shows_the_teachers_view_and_the_renderer_is_imported_lazily():
    import subprocess
    import sys

    code = ("import sys, kit.loveletter as ll; s = ll.LoveLetter(2).new_initial_state(); "
            "print('kit.render' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    s = scripted(2, "classic", ["Princess", "Guard", "Guard", "Guard", "Baron", "King", "Priest"])
    html = s._repr_html_()
    assert "Teacher view" in html and 'data-card="King" data-zone="hand" data-seat="1"' in html
    assert '"Princess" data-zone="set-aside"' in html

"""The Love Letter table widget and its renderer, driven from Python through their own API.

* whole seeded matches against bots, every action made by clicks the table offers;
* only legal choices are offered, and every legal action can be reached;
* a refused action changes nothing and shows the engine's message;
* NO LEAK in student mode: every synced trait of every widget in the tree
  (recursively), every HTML string, holds no card of another seat's hand;
  the table is exactly the picture of the viewer's observation; two rounds
  the viewer cannot tell apart give byte-identical widgets; and the teacher
  switch does show the hidden cards.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

import ipywidgets as w
import pytest

from kit.core import CHANCE, KitError, PlayerView, TERMINAL, derive_seed, make_rng, sample_outcome
from kit.loveletter import Keep, LoveLetter, Match, Play, knowledge
from kit.loveletter.bots import HeuristicBot, RandomBot
from kit.render import loveletter as R
from kit.widgets import LoveLetterTable
from kit.widgets.loveletter_table import EVERYTHING, PUBLIC

CONFIGS = [("classic", 2), ("classic", 4), ("2019", 2), ("2019", 3), ("2019", 6)]


# --------------------------------------------------------------------------- helpers
def synced(widget: Any, path: str = "", seen: set | None = None) -> dict[str, Any]:
    """Every synced trait value of ``widget`` and, recursively, of every widget it refers to."""
    seen = set() if seen is None else seen
    out: dict[str, Any] = {}
    if id(widget) in seen:
        return out
    seen.add(id(widget))
    values = widget.trait_values()
    for name in widget.keys:  # the traits tagged sync=True
        assert widget.trait_metadata(name, "sync"), name
        _walk(values[name], f"{path}/{type(widget).__name__}.{name}", out, seen)
    return out


def _walk(value: Any, path: str, out: dict, seen: set) -> None:
    if isinstance(value, w.Widget):
        out[path] = "<widget>"
        out.update(synced(value, path, seen))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _walk(v, f"{path}[{i}]", out, seen)
    elif isinstance(value, dict):
        for k, v in value.items():
            _walk(v, f"{path}[{k!r}]", out, seen)
    else:
        out[path] = value


def strings(widget: Any) -> list[str]:
    return [v for v in synced(widget).values() if isinstance(v, str)]


_FACE = re.compile(r'<div class="ll-card[^"]*"[^>]*>')
_ATTR = re.compile(r'data-(card|zone|seat)="([^"]*)"')


def faces(html: str) -> list[dict[str, str]]:
    """Every card element in ``html``: its data-card (absent for a back), data-zone, data-seat."""
    return [dict(_ATTR.findall(tag)) for tag in _FACE.findall(html)]



def do(table: LoveLetterTable, action: Any) -> None:
    """Make ``action`` for the viewer by clicking only what the table offers."""
    state = table.state
    before = len(state.history())
    for value in LoveLetterTable.clicks(action):
        if len(state.history()) > before:
            break
        assert value in table.choices(), (value, table.choices(), str(action))
        table.click(value)
        assert table._error is None, table.message
    assert state.history()[before] is action


def run_event_loop(main: Any) -> Any:
    """``asyncio.run(main())`` in a thread of its own, and its result.

    A session-wide Playwright (browser tests) keeps an event loop registered as running in the
    main thread, where ``asyncio.run()`` would refuse.
    """
    import threading

    out: dict[str, Any] = {}
    worker = threading.Thread(target=lambda: out.setdefault("result", asyncio.run(main())))
    worker.start()
    worker.join(60)
    return out["result"]


def seeded_positions(edition: str, n: int, seed: int) -> list[Any]:
    """Every decision point of one seeded round (random bots), as states."""
    rng = make_rng(seed)
    bots = [RandomBot(derive_seed(seed, s)) for s in range(n)]
    s = LoveLetter(n, edition=edition).new_initial_state(first_player=seed % n)
    out = []
    while not s.is_terminal():
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(sample_outcome(s.chance_outcomes(), rng))
            continue
        out.append(s.clone())
        s.apply_action(bots[p].choose(PlayerView(s, p), p))
    out.append(s.clone())
    return out


def student_table(n: int, viewer: int, edition: str, **kw: Any) -> LoveLetterTable:
    players = ["random"] * n
    players[viewer] = "you"
    return LoveLetterTable(players, edition=edition, seed=11, **kw)


# --------------------------------------------------------------------------- playing
@pytest.mark.parametrize("edition,n", [("classic", 2), ("2019", 4)])
def test_whole_seeded_match_against_bots_by_clicks(edition, n):
    players = ["you"] + ["heuristic", "random", "ismcts"][: n - 1]
    table = LoveLetterTable(players, edition=edition, seed=7, ismcts_iterations=30)
    me = HeuristicBot(seed=1)
    rounds = 0
    while not table.match.is_over():
        s = table.state
        if s.is_terminal():
            assert table.choices() == ["next"]
            assert "Round over" in table.pane.html
            table.click("next")
            rounds += 1
            continue
        assert s.current_player() == table.viewer == 0
        do(table, me.choose(PlayerView(s, 0), 0))
    assert table.choices() == ["new"]
    assert max(table.match.tokens) >= table.match.target
    assert len(table.match.rounds) == rounds + 1
    assert "wins the game" in table.pane.html or "share the game" in table.pane.html
    kinds = {k for k, _ in table.timings}
    assert {"click", "human", "bot"} <= kinds
    # every round of the match replays from its own history
    for r in table.match.rounds:
        again = r.game.new_initial_state(first_player=r.first_player)
        for a in r.history():
            again.apply_action(a)
        assert again.to_json() == r.to_json()
    table.click("new")
    assert table.match.tokens == [0] * n and not table.match.rounds


def test_an_all_bot_table_plays_the_same_match_as_Match_play():
    seed = 5
    table = LoveLetterTable(["heuristic", "random", "heuristic"], edition="classic", seed=seed)
    assert table.viewer is None  # a spectator
    while not table.match.is_over():
        table.play_bots_until_human()
        if table.state.is_terminal() and not table.match.is_over():
            table.click("next")
    ref = Match(LoveLetter(3, edition="classic"), seed=seed)
    ref.play([HeuristicBot(seed=derive_seed(seed, "bot", 0)), RandomBot(derive_seed(seed, "bot", 1)),
              HeuristicBot(seed=derive_seed(seed, "bot", 2))])
    assert table.match.tokens == ref.tokens
    assert [r.history() for r in table.match.rounds] == [r.history() for r in ref.rounds]


@pytest.mark.parametrize("edition,n", CONFIGS)
def test_the_choices_reach_exactly_the_legal_actions(edition, n):
    tables: dict[int, LoveLetterTable] = {}
    checked = 0
    for seed in range(4):
        for pos in seeded_positions(edition, n, seed):
            p = pos.current_player()
            if p == TERMINAL or checked > 40:
                continue
            table = tables.setdefault(p, student_table(n, p, edition))  # the viewer is the seat to move
            reached = set()

            def explore(path: list[str]) -> None:
                table.load_round(pos)
                for v in path:
                    table.click(v)
                hist = table.state.history()
                if len(hist) > len(pos.history()):
                    reached.add(hist[len(pos.history())])
                    return
                for v in table.choices():
                    if v != "cancel":
                        explore(path + [v])

            explore([])
            assert reached == set(pos.legal_actions()), (str(pos), sorted(map(str, reached)))
            checked += 1
    assert checked > 10


def _scripted(players, edition, steps, first=0):
    """A round from its steps: a bare card name is dealt (``"Guard"`` = ``"deal Guard"``); a play is
    written with a ``!`` (``"!Handmaid"``) or in full notation with a seat (``"Guard p1 Priest"``)."""
    s = LoveLetter(players, edition=edition).new_initial_state(first_player=first)
    for d in steps:
        if d.startswith("!"):
            s.apply_action(d[1:])
        else:
            s.apply_action(d if " " in d else f"deal {d}")
    return s


def test_a_refused_action_changes_nothing_and_shows_the_engines_message():
    # p0 holds the Countess and the King: the King may not be played
    s = _scripted(3, "2019", ["Spy", "Countess", "Guard", "Handmaid", "King"])
    table = LoveLetterTable(["you", "random", "random"], edition="2019", seed=1)
    table.load_round(s)
    assert table.choices() == ["card:8"]  # only the Countess is offered
    assert "The Countess must be played" in table.pane.html
    for value, action in [("card:7", Play(s.game.edition.card(7), 1)), ("card:3", Play(s.game.edition.card(3)))]:
        before_state, before_html = table.state.to_json(), table.pane.html
        before_choices = table.choices()
        table.click(value)
        with pytest.raises(KitError) as exc:
            table.state.clone().apply_action(Play(action.card))
        assert table.message == str(exc.value)
        assert table.state.to_json() == before_state
        assert table.choices() == before_choices
        assert "Not allowed." in table.pane.html and table.pane.html != before_html
    assert "does not hold a Baron" in table.message
    # a Guard naming the Guard, from the guess step
    s = _scripted(2, "classic", ["Princess", "Priest", "Baron", "Handmaid", "Guard", "King", "Prince"])
    table = LoveLetterTable(["you", "random"], edition="classic", seed=1)
    table.load_round(s)
    table.click("card:1")
    table.click("target:1")
    before = table.state.to_json(), table.choices()
    table.click("guess:1")
    assert table.message.startswith("Guard p1 Guard is not allowed: a Guard may not name the Guard.")
    assert (table.state.to_json(), table.choices()) == before
    # act() with notation: refused, then accepted
    assert not table.act("Baron p1")
    assert "does not hold a Baron" in table.message and table.state.to_json() == before[0]
    assert table.act("Guard p1 King")
    assert table.state.is_terminal() and table.match.tokens == [1, 0]


def test_a_protected_player_cannot_be_chosen():
    # p0 plays a Handmaid; p1 (you) holds a Guard and a Priest: only p2 can be chosen
    s = _scripted(3, "classic", ["Princess", "Handmaid", "Guard", "Baron", "Handmaid", "!Handmaid", "Priest"])
    table = LoveLetterTable(["random", "you", "random"], edition="classic", seed=1)
    table.load_round(s)
    st = table.state
    assert st.current_player() == 1 and st.protected() == [True, False, False]
    assert "protected" in table.pane.html
    for card in ("card:1", "card:2"):
        table.click(card)
        assert [v for v in table.choices() if v.startswith("target:")] == ["target:2"]
        before = st.to_json(), table.choices()
        table.click("target:0")
        assert "p0 is protected by a Handmaid" in table.message
        assert (st.to_json(), table.choices()) == before
        table.click("cancel")


def test_clicks_out_of_turn_say_so_without_the_engines_words():
    table = LoveLetterTable(["you", "heuristic"], edition="classic", seed=2)
    table.load_round(_scripted(2, "classic", ["Princess", "Priest", "Baron", "Handmaid", "King", "Guard",
                                              "Countess"], first=1))
    assert table.state.current_player() == 1  # the bot, not yet moved
    before = table.state.to_json()
    table.click("card:1")
    assert table.message == "it is not your turn: Ben is to move"
    assert "Allowed" not in table.pane.html and table.state.to_json() == before
    table.click("nonsense")
    assert "not a choice" in table.message


def test_the_chancellor_keeps_and_orders_by_clicks():
    s = _scripted(3, "2019", ["Spy", "Chancellor", "Guard", "Handmaid", "Baron"])
    table = LoveLetterTable(["you", "random", "random"], edition="2019", seed=1)
    table.load_round(s)
    table.click("card:6")
    table.play_bots_until_human()  # (chance draws happen inside; nothing to do)
    st = table.state
    assert st.phase == "chancellor-keep" and len(st.hand(0)) == 3
    keeps = [v for v in table.choices() if v.startswith("keep:")]
    assert sorted(keeps) == sorted({f"keep:{int(c)}" for c in st.hand(0)})
    table.click(keeps[0])
    if st.phase == "chancellor-keep":  # two different cards left: choose their order
        orders = [v for v in table.choices() if v.startswith("keep:")]
        assert len(orders) == 2 and "cancel" in table.choices()
        table.click(orders[1])
    assert isinstance(st.history()[len(s.history()) + 3], Keep)


def test_the_princess_asks_for_confirmation():
    s = _scripted(2, "classic", ["Guard", "Priest", "Baron", "Handmaid", "Princess", "King", "Guard"])
    table = LoveLetterTable(["you", "random"], edition="classic", seed=1)
    table.load_round(s)
    table.click("card:8")
    assert table.choices() == ["confirm", "cancel"] and not table.state.is_terminal()
    table.click("cancel")
    assert "card:8" in table.choices()
    table.click("card:8")
    table.click("confirm")
    assert table.state.is_terminal() and table.match.tokens == [0, 1]


def test_hot_seat_covers_the_hand_between_people():
    table = LoveLetterTable(["you", "person", "heuristic"], names=["Ana", "Ben", "Cleo"], edition="2019", seed=4)
    me = HeuristicBot(seed=3)
    covers = 0
    for _ in range(400):
        if table.match.is_over():
            break
        s = table.state
        if s.is_terminal():
            table.click("next")
            continue
        if table._covered is not None:
            covers += 1
            assert table.choices() == ["reveal"]
            html = table.pane.html
            assert not [f for f in faces(html) if f.get("zone") == "hand"]  # nobody's hand shows
            assert "Pass the screen to " + table.names[table._covered] in html
            assert table.pane.selected == ""
            if covers == 1:  # under the cover, the inspect panel shows only what everyone sees
                table.inspect()
                assert [v for _, v in table.inspect_seat.options] == [PUBLIC]
                assert not [f for f in faces("\n".join(strings(table))) if f.get("zone") == "hand"]
                table.inspector.selected_index = None
            table.click("reveal")
            continue
        p = s.current_player()
        assert p == table.viewer
        do(table, me.choose(PlayerView(s, p), p))
        assert table.pane.selected == ""  # no choice stays in a synced trait
    assert covers >= 3


# --------------------------------------------------------------------------- no leak
def _hidden_faces(html: str, state: Any, viewer: int | None) -> list[dict]:
    """Card faces in ``html`` that show a hand of another seat, or the set-aside card, or the deck."""
    bad = []
    for f in faces(html):
        if "card" not in f:
            continue
        if f.get("zone") == "hand" and f.get("seat") != str(viewer):
            bad.append(f)
        if f.get("zone") in ("set-aside", "deck", "deck-bottom"):
            bad.append(f)
    return bad


@pytest.mark.parametrize("edition,n", CONFIGS)
def test_no_leak_the_table_is_the_picture_of_the_viewers_observation(edition, n):
    checked = 0
    tables = {v: student_table(n, v, edition) for v in range(n)}
    for seed in range(10):
        for pos in seeded_positions(edition, n, seed)[::2]:
            checked += 1
            for v, table in tables.items():
                table.load_round(pos)
                if checked % 3 == 0:
                    table.inspect(seat=v)  # the inspect panel open too, at the live position
                assert table.pane.html == R.table_html(pos.observation(v), **table.render_options())
                everything = "\n".join(strings(table))
                assert not _hidden_faces(everything, pos, v)
                for o in range(n):
                    if o == v:
                        continue
                    for c in pos.hand(o):
                        assert f'data-card="{c}" data-zone="hand" data-seat="{o}"' not in everything
                mine = [f["card"] for f in faces(table.pane.html) if f.get("zone") == "hand"]
                assert mine == [str(c) for c in pos.hand(v)]
                table.inspector.selected_index = None
    assert checked > 30


def _twins(edition: str, n: int, seed: int, viewer: int, tries: int = 30) -> list[tuple[Any, Any]]:
    """Pairs of positions ``viewer`` cannot tell apart (equal information states) that differ in
    hidden cards: two chance deals of one seeded round are swapped and the round replayed."""
    end = seeded_positions(edition, n, seed)[-1]
    hist = end.history()
    game = end.game
    deals = [i for i, a in enumerate(hist) if type(a).__name__ == "Deal"]
    rng = random.Random(seed)
    pairs = []
    for _ in range(tries):
        i, j = sorted(rng.sample(deals[: 3 + n + 6], 2))
        if hist[i] is hist[j]:
            continue
        swapped = list(hist)
        swapped[i], swapped[j] = hist[j], hist[i]
        a = game.new_initial_state(first_player=end.first_player)
        b = game.new_initial_state(first_player=end.first_player)
        for k in range(len(hist)):
            try:
                b.apply_action(swapped[k])
            except KitError:
                break
            a.apply_action(hist[k])
            if k > j and a.information_state(viewer) == b.information_state(viewer) \
                    and a.to_json() != b.to_json() and a.current_player() != CHANCE:
                pairs.append((a.clone(), b.clone()))
    return pairs


@pytest.mark.parametrize("edition,n", CONFIGS)
def test_no_leak_positions_the_viewer_cannot_tell_apart_give_identical_widgets(edition, n):
    compared = 0
    sa, sb = (LoveLetterTable(["random"] * n, edition=edition, seed=3) for _ in range(2))
    for seed in range(8 if n <= 3 else 3):
        viewer = seed % n
        ta, tb = student_table(n, viewer, edition), student_table(n, viewer, edition)
        for a, b in _twins(edition, n, seed, viewer)[::4]:
            for step in (None, len(a.history()) // 2):
                for t, s in ((ta, a), (tb, b)):
                    t.load_round(s)
                    t.inspect(seat=viewer, step=step)
                assert synced(ta) == synced(tb)
                ta.inspect(seat=PUBLIC)
                tb.inspect(seat=PUBLIC)
                assert synced(ta) == synced(tb)
            if any(a.hand(o) != b.hand(o) for o in range(n) if o != viewer) or a.set_aside() != b.set_aside():
                compared += 1  # the hidden cards themselves differ (not only the order of past deals)
            # a spectator (public view) cannot tell them apart either
            sa.load_round(a)
            sb.load_round(b)
            assert synced(sa) == synced(sb)
    assert compared >= 3


def test_teacher_mode_does_show_every_hand_and_the_deck():
    for pos in seeded_positions("2019", 3, 1)[1:-1:3]:
        table = student_table(3, 0, "2019")
        table.load_round(pos)
        assert not _hidden_faces(table.pane.html, pos, 0)
        table.teacher = True
        shown = faces(table.pane.html)
        for o in (1, 2):
            got = [f["card"] for f in shown if f.get("zone") == "hand" and f.get("seat") == str(o)]
            assert got == [str(c) for c in pos.hand(o)]
        if pos.set_aside() is not None:
            assert {"card": str(pos.set_aside()), "zone": "set-aside"} in shown
        deck = sorted(f["card"] for f in shown if f.get("zone") == "deck" and "card" in f)
        assert deck == sorted(str(c) for c, k in pos.deck().items() for _ in range(k))
        assert "Teacher view" in table.pane.html
        # the inspect panel offers every seat, and "everything"
        table.inspect(seat=EVERYTHING)
        assert {v for _, v in table.inspect_seat.options} == {PUBLIC, 0, 1, 2, EVERYTHING}
        table.inspect(seat=1)
        assert "ll-actual" in table.counting_view.value
        table.teacher = False  # off again: back to the student's view, and to allowed seats only
        assert not _hidden_faces("\n".join(strings(table)), pos, 0)
        assert {v for _, v in table.inspect_seat.options} == {PUBLIC, 0}


def test_students_may_inspect_only_their_own_seat():
    table = LoveLetterTable(["you", "heuristic", "random"], edition="classic", seed=9)
    table.play_bots_until_human()
    assert {v for _, v in table.inspect_seat.options} <= {PUBLIC, 0}
    table.inspect(seat=0)
    with pytest.raises(KitError, match="students see only their own seat"):
        table.inspect(seat=1)
    table.inspect_seat.value = PUBLIC
    # even a forced value (say, from a front end) is not shown: the panel falls back to the public view
    table.inspect_seat.options = [("x", PUBLIC), ("y", 0), ("z", 1)]
    table.inspect_seat.value = 1
    table._render_inspect()
    assert not [f for f in faces(table.inspect_view.value) if f.get("zone") == "hand" and "card" in f]


def test_inspect_replays_a_round_with_card_counting():
    table = LoveLetterTable(["you", "heuristic"], names=["Ana", "Ben"], edition="classic", seed=12)
    me = HeuristicBot(seed=0)
    while not table.state.is_terminal():
        do(table, me.choose(PlayerView(table.state, 0), 0))
    rnd = table.match.rounds[0]
    table.inspect(round=0, seat=0, step=8)
    st = rnd.game.new_initial_state(first_player=rnd.first_player)
    for a in rnd.history()[:8]:
        st.apply_action(a)
    assert table.inspect_step.max == len(rnd.history())
    assert "step 8 of" in table.inspect_view.value
    shown = faces(table.inspect_view.value)
    assert [f["card"] for f in shown if f.get("zone") == "hand"] == [str(c) for c in st.hand(0)]
    assert not _hidden_faces(table.inspect_view.value, st, 0)
    know = knowledge(st, 0)
    assert f"{sum(know.unseen.values())} cards Ana has not seen" in table.counting_view.value
    post = table.counting(0, st)["posterior"]
    assert set(post) <= {1} and abs(float(sum(post.get(1, {}).values())) - len(st.hand(1))) < 1e-9
    table.inspect(seat=PUBLIC)
    assert "choose one" in table.counting_view.value


def test_bots_move_after_the_delay_in_a_running_event_loop():
    async def main() -> LoveLetterTable:
        table = LoveLetterTable(["heuristic", "random"], edition="classic", seed=3, delay=0.005)
        assert not [a for a in table.state.history() if type(a).__name__ != "Deal"]  # no move yet: later
        for _ in range(400):
            await asyncio.sleep(0.005)
            if table.state.is_terminal():
                break
        return table

    table = run_event_loop(main)
    assert table.state.is_terminal()
    assert sum(1 for k, _ in table.timings if k == "bot") >= 1


# --------------------------------------------------------------------------- renderer
def test_cards_are_readable_and_accessible():
    from kit.loveletter.cards import CARD_TEXT, edition

    for ed in ("classic", "2019"):
        e = edition(ed)
        for c in e.cards:
            html = R.card_html(c)
            assert f'aria-label="{c.title}, value {int(c)}: ' in html and 'role="img"' in html
            assert CARD_TEXT[c.name].replace("'", "&#x27;") in html
            copies = e.counts[int(c)]
            assert f"&times;{copies} in the deck" in html
            assert R.CARD_COLOURS[c.name] in html
            assert c._repr_html_() == html


def test_public_observation_is_the_same_from_every_seat_and_counts_hands():
    for edition, n in CONFIGS:
        for pos in seeded_positions(edition, n, 3):
            obs = [pos.observation(s) for s in range(n)]
            pubs = [R.public_observation(o) for o in obs]
            assert all(p == pubs[0] for p in pubs)
            assert R.hand_counts(obs[0]) == [len(pos.hand(s)) for s in range(n)]
            for o in obs:
                assert all(e["kind"] != "text" for e in R.parse_log(o["log"]))
            json.dumps(pubs[0])


def test_the_log_in_plain_words():
    s = _scripted(2, "classic", ["Princess", "Guard", "Guard", "Guard", "Baron", "King", "Priest", "Baron p1"])
    lines = [t for t, _ in R.narrate(s.observation(1), ["Ana", "Ben"])]
    assert "Ana played the Baron on you: Ana had the Priest, you had the King; Ana is out, showing the Priest." \
        in lines
    spectator = [t for t, _ in R.narrate(R.public_observation(s.observation(1)), ["Ana", "Ben"])]
    assert "Ana played the Baron on Ben: Ana is out, showing the Priest." in spectator
    s = _scripted(3, "2019", ["Spy", "Guard", "Priest", "Baron", "Handmaid", "Guard p1 Priest"])
    assert R.narrate(s.observation(2), ["Ana", "Ben", "Cleo"])[-1][0] == \
        "Ana played the Guard on Ben, naming the Priest: Ben is out, showing the Priest."


def test_a_bare_state_shows_the_teachers_view_and_the_renderer_is_imported_lazily():
    import subprocess
    import sys

    code = ("import sys, kit.loveletter as ll; s = ll.LoveLetter(2).new_initial_state(); "
            "print('kit.render' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    s = _scripted(2, "classic", ["Princess", "Guard", "Guard", "Guard", "Baron", "King", "Priest"])
    html = s._repr_html_()
    assert "Teacher view" in html and 'data-card="King" data-zone="hand" data-seat="1"' in html
    assert '"Princess" data-zone="set-aside"' in html
    a = s.legal_actions()[0]
    assert str(a) in a._repr_html_()


def test_the_setup_form_starts_a_new_match():
    table = LoveLetterTable(["you", "random"], edition="classic", seed=1)
    assert table.seed_box.value == "1" and table.players_box.value == 2
    table.edition_box.value = "2019"
    assert list(table.players_box.options) == [2, 3, 4, 5, 6]
    table.players_box.value = 3
    (n0, k0), (n1, k1), (n2, k2) = [(t, k) for t, k in table._seat_rows[:3]]
    n0.value, n1.value, n2.value = "Zoe", "Yann", "Xia"
    k1.value, k2.value = "heuristic", "ismcts"
    table.seed_box.value = "nope"
    table.start_button.click()
    assert "whole number" in table.form_error.value and table.game.num_players == 2
    table.seed_box.value = "42"
    table.start_button.click()
    assert table.form_error.value == ""
    assert table.game.num_players == 3 and table.game.edition.name == "2019"
    assert table.names == ["Zoe", "Yann", "Xia"] and table.kinds == ["you", "heuristic", "ismcts"]
    assert table.seed == 42 and table.viewer == 0
    assert table.state.current_player() == 0 or table.state.is_terminal()


def test_a_bot_that_fails_in_the_event_loop_shows_no_detail():
    class Broken:
        name = "broken"

        def choose(self, view, seat):
            raise RuntimeError(f"my hand is {view.observation()['hand']}")

    async def main() -> LoveLetterTable:
        table = LoveLetterTable(["you", Broken()], edition="classic", seed=2, first_player=1, delay=0.001)
        for _ in range(100):
            await asyncio.sleep(0.002)
            if table.last_error is not None:
                break
        return table

    table = run_event_loop(main)
    assert isinstance(table.last_error, RuntimeError)
    assert "could not move" in table.pane.html and "my hand" not in "\n".join(strings(table))


def test_the_setup_form_offers_the_first_publisher_variant():
    table = LoveLetterTable(["you", "random"], edition="classic", variant="first-publisher", seed=1)
    assert table.edition_box.value == "first-publisher" and table.game.tokens_to_win == 7
    table.edition_box.value = "2019"
    table.start_button.click()
    assert table.game.settings() == {"players": 2, "edition": "2019", "variant": None}
    table.edition_box.value = "first-publisher"
    assert list(table.players_box.options) == [2, 3, 4]
    table.players_box.value = 3
    table.start_button.click()
    assert table.game.settings() == {"players": 3, "edition": "classic", "variant": "first-publisher"}
    assert table.game.edition.discard_tiebreak and table.game.tokens_to_win == 5
    table.new_match(seed=5)  # keeps the variant
    assert table.game.settings()["variant"] == "first-publisher"
    table.new_match(edition="classic", seed=5)  # an edition alone plays its own rules
    assert table.game.settings() == {"players": 3, "edition": "classic", "variant": None}

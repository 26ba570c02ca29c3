"""One GameTable for every game, driven from Python through its own API.

For every game of the kit (and Kuhn poker, a game the kit does not ship a table for):

* every legal action is reachable by the clicks the table offers, and nothing else is;
* whole games played to the end by clicks only, the score as the match keeps it;
* NO LEAK: a student's table holds only its viewer's view — two positions the viewer cannot
  tell apart give identical synced values of every widget in the tree (recursively) and send
  identical messages, also with the inspect panel opened and closed, at a hot-seat table after
  the screen passes, and at a teacher's table switched back;
* a student's table has no teacher control and never shows the seed;
* clicks while others move are ignored quietly; text is never under 12 px.
"""

from __future__ import annotations

import html
import random
import re
from typing import Any

import ipywidgets as w
import pytest

from kit.core import KitError
from kit.render.table import STATUS_LINES
from kit.loveletter import LoveLetter
from kit.princesslegend import PrincessLegend
from kit.sleepingqueens import SleepingQueens
from kit.trees.examples import KuhnPoker
from kit.widgets import GameTable
from kit.widgets.table import PASS
from kit.widgets.adapter import click_paths
from kit.widgets.inspect import EVERYTHING, PUBLIC

from table_helpers import Messages, decision_positions, drive, strings, synced, twin_positions

GAMES = {
    "loveletter-classic-2": lambda: LoveLetter(2, edition="classic"),
    "loveletter-2019-4": lambda: LoveLetter(4, edition="2019"),
    "sleepingqueens-2": lambda: SleepingQueens(2),
    "sleepingqueens-4": lambda: SleepingQueens(4),
    "princesslegend-3": lambda: PrincessLegend(3),
    "princesslegend-6": lambda: PrincessLegend(6),
    "kuhn": KuhnPoker,
}
TABLE_GAMES = [k for k in GAMES if k != "kuhn"]


def student(game: Any, viewer: int, others: str = "random", **kw: Any) -> GameTable:
    players = [others] * game.num_players
    players[viewer] = "you"
    kw.setdefault("seed", 5)
    return GameTable(game, players, delay=0, setup=False, **kw)


# --------------------------------------------------------------------------- clicks
@pytest.mark.parametrize("name", list(GAMES))
def test_every_legal_action_is_reachable_by_clicks_and_nothing_else(name):
    game = GAMES[name]()
    table = student(game, 0)
    checked = 0
    for seed in range(6):
        positions = decision_positions(game, seed, first_player=seed % game.num_players)[:-1]
        for pos in positions[::3] if len(positions) > 12 else positions:
            p = pos.current_player()
            legal = pos.legal_actions()
            found = click_paths(table.adapter, pos.observation(p), legal)
            assert sorted(map(str, found)) == sorted(map(str, legal)), (name, str(pos))
            for a in legal:  # each action's own click path makes it
                assert str(table.adapter.offer(pos.observation(p), legal, table.adapter.clicks(a)).action) == str(a) \
                    or len(table.adapter.clicks(a)) == 0
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_is_played_to_the_end_by_clicks_only(name):
    game = GAMES[name]()
    table = student(game, 0, seed=7)
    rng = random.Random(1)
    rounds = 0
    for _ in range(3000):
        if table.state.is_terminal():
            rounds += 1
            if table.match.is_over():
                break
            assert "next" in table.choices()
            table.click("next")
            continue
        legal = table.legal()
        assert legal, (table.state.current_player(), table.viewer)
        drive(table, legal[rng.randrange(len(legal))])
    assert table.match.is_over()
    assert rounds == len(table.match.rounds) >= 1
    assert "new" in table.choices()
    winners = table.match.winners()
    assert winners and all(table.match.scores[w] == max(table.match.scores) for w in winners)


def test_a_click_while_others_move_or_a_stale_click_is_ignored_quietly():
    game = LoveLetter(3, edition="2019")
    table = student(game, 0, seed=3)
    # find a moment when a bot is to move: load such a position
    pos = next(p for p in decision_positions(game, 2, first_player=1)[:-1] if p.current_player() != 0)
    table.load_round(pos)
    before = (table.state.to_json(), table.pane.html)
    table.click("card:1")
    assert (table.state.to_json(), table.pane.html) == before
    assert "not your turn" not in table.pane.html.lower()


# --------------------------------------------------------------------------- hidden information
def _widgets(root: Any) -> list[Any]:
    """Every widget in the tree below ``root``."""
    out, stack = [], [root]
    while stack:
        x = stack.pop()
        out.append(x)
        stack.extend(getattr(x, "children", ()))
    return out


def _dump(table: GameTable) -> dict[str, Any]:
    return synced(table)


@pytest.mark.parametrize("name", TABLE_GAMES)
def test_no_leak_positions_the_viewer_cannot_tell_apart_give_identical_widgets(name):
    game = GAMES[name]()
    n = game.num_players
    compared = 0
    for seed in range(6):
        viewer = seed % n
        ta, tb = student(game, viewer), student(game, viewer)
        for a, b in twin_positions(game, seed, viewer)[::5][:4]:
            with Messages() as ma:
                ta.load_round(a)
            with Messages() as mb:
                tb.load_round(b)
            assert _dump(ta) == _dump(tb)
            assert ma.sent == mb.sent
            for t in (ta, tb):  # open the inspect panel, look at the viewer's seat half way, then close it
                t.inspector.show(seat=viewer, step=len(t.steps_of(0)) // 2)
            assert _dump(ta) == _dump(tb)
            for t in (ta, tb):
                t.inspector.show(seat=PUBLIC)
            assert _dump(ta) == _dump(tb)
            for t in (ta, tb):
                t.inspector.toggle.value = False
            assert _dump(ta) == _dump(tb)
            compared += 1
    assert compared >= 3, compared


@pytest.mark.parametrize("name", TABLE_GAMES)
def test_a_students_table_has_no_teacher_control_and_never_shows_the_seed(name):
    game = GAMES[name]()
    table = GameTable(game, ["you"] + ["random"] * (game.num_players - 1), seed=987_654_321, delay=0)
    texts = " ".join(strings(table))
    assert "987654321" not in texts and "987,654,321" not in texts
    shown = re.sub(r"<style>.*?</style>", "", texts, flags=re.S)  # what a person reads (not stylesheets)
    assert "teacher" not in shown.lower()
    assert not hasattr(table, "teacher_box")
    assert not any(isinstance(v, w.Checkbox) for v in _widgets(table))
    with pytest.raises(KitError, match="student"):
        table.teacher = True
    table.inspector.toggle.value = True
    allowed = [v for _label, v in table.inspector.seen_by.options]
    assert allowed == [table.viewer, PUBLIC]
    with pytest.raises(KitError):
        table.inspector.show(seat=EVERYTHING)
    other = (table.viewer + 1) % game.num_players
    with pytest.raises(KitError):
        table.inspector.show(seat=other)


@pytest.mark.parametrize("name", TABLE_GAMES)
def test_a_teacher_table_shows_everything_and_switched_back_holds_only_the_viewers_view(name):
    game = GAMES[name]()
    n = game.num_players
    viewer = 0
    pairs = twin_positions(game, 1, viewer)[::5][:2]
    assert pairs
    for a, b in pairs:
        tables = []
        for s in (a, b):
            t = GameTable(game, ["you"] + ["random"] * (n - 1), seed=5, delay=0, setup=False, teacher=True)
            t.load_round(s)
            t.teacher = True
            t.inspector.show(seat=EVERYTHING)
            assert t.teacher_view.value
            assert len(t.inspector.seen_by.options) == n + 2
            t.teacher = False
            tables.append(t)
        ta, tb = tables
        assert ta.teacher_view.value == "" and tb.teacher_view.value == ""
        assert [v for _l, v in ta.inspector.seen_by.options] == [viewer, PUBLIC]
        assert _dump(ta) == _dump(tb)


@pytest.mark.parametrize("name", TABLE_GAMES)
def test_hot_seat_the_screen_passes_and_nothing_of_the_last_person_stays(name):
    game = GAMES[name]()
    n = game.num_players
    table = GameTable(game, ["you", "person"] + ["random"] * (n - 2), seed=4, delay=0, setup=False)
    rng = random.Random(2)
    covers = handovers = 0
    for _ in range(400):
        st = table.state
        if st.is_terminal():
            break
        if PASS in table.choices():
            # the mover still sees their own view (what their move did), with OK and nothing else to click
            handovers += 1
            mover = table.viewer
            assert table.choices() == [PASS] and table.legal() == []
            assert st.current_player() != mover and table._covered is None
            mine = GameTable(game, ["you", "person"] + ["random"] * (n - 2), seed=4, delay=0, setup=False)
            mine.load_round(st)
            mine.viewer = mover
            mine._since, mine._handover = dict(table._since), table._handover
            mine._draw()
            assert mine.pane.html == table.pane.html  # the mover's picture of this position, nothing more
            table.click(PASS)
            assert table._covered == st.current_player()
            continue
        if "ready" in table.choices():
            covers += 1
            covered = table._covered
            # under the cover: no picture, no log, an empty inspect panel, no synced hint of a hand
            values = [re.sub(r"<style>.*?</style>", "", v, flags=re.S) for v in strings(table)]
            assert all("data-card" not in v and "kit-log" not in v for v in values)
            assert table.inspector.board.value == "" and table.inspector.seen_by.options == ()
            assert table.inspector.layout.display == "none"  # no inspect control under the cover either
            assert re.findall(r'data-choice="([^"]*)"', table.pane.html) == ["ready"]
            assert table.pane.selected == ""
            table.click("ready")
            assert table.viewer == covered
            # the new person's screen is exactly what a fresh table shows them of this position
            fresh = GameTable(game, ["you", "person"] + ["random"] * (n - 2), seed=4, delay=0, setup=False)
            fresh.load_round(st)
            fresh.viewer = covered
            fresh._since = dict(table._since)
            fresh._draw()
            assert table.pane.html == fresh.pane.html
            continue
        table.inspector.toggle.value = rng.random() < 0.5  # someone peeks at their own replay now and then
        legal = table.legal()
        drive(table, legal[rng.randrange(len(legal))])
    assert covers >= 2 and handovers >= 1


@pytest.mark.parametrize("name", TABLE_GAMES)
def test_hot_seat_twins_the_movers_result_and_the_cover_hold_nothing_hidden(name):
    """Everyone at one screen; two positions the mover cannot tell apart (they differ in hidden cards): after
    the same move, the mover's result with its OK, then the cover, are the same synced values and the same
    messages to the page at both tables."""
    game = GAMES[name]()
    n = game.num_players
    compared = 0
    for seed in range(10):
        viewer = seed % n
        for a, b in twin_positions(game, seed, viewer)[::3][:8]:
            if a.current_player() != viewer:
                continue
            ta, tb = (GameTable(game, ["person"] * n, seed=4, delay=0, setup=False) for _ in range(2))
            ta.load_round(a)
            tb.load_round(b)
            legal = a.legal_actions()
            action = legal[random.Random(seed).randrange(len(legal))]
            with Messages() as ma:
                assert ta.act(action)
            with Messages() as mb:
                assert tb.act(action)
            if ta.state.information_state(viewer) != tb.state.information_state(viewer) \
                    or PASS not in ta.choices():
                continue  # the move showed the difference (a Guard that hit), or no other person is next
            assert ta.viewer == viewer and ta.choices() == [PASS]
            assert _dump(ta) == _dump(tb) and ma.sent == mb.sent
            with Messages() as ma:
                ta.click(PASS)
            with Messages() as mb:
                tb.click(PASS)
            assert ta._covered is not None and ta.choices() == ["ready"]
            assert _dump(ta) == _dump(tb) and ma.sent == mb.sent
            compared += 1
    assert compared >= 3, compared


def test_hot_seat_the_priest_shows_its_card_to_the_mover_before_the_cover():
    """Ana's Priest on Ben: Ana reads Ben's card with an OK before the screen is covered for Ben."""
    from kit.loveletter import LoveLetter

    game = LoveLetter(2, edition="classic")
    s = game.new_initial_state(first_player=0)
    for card in ["Princess", "Guard", "Baron", "Handmaid", "Priest", "King", "Guard"]:
        s.apply_action(f"deal {card}")  # set aside, three face up, Ana's Priest, Ben's King, Ana draws a Guard
    table = GameTable(game, ["you", "person"], names=["Ana", "Ben"], seed=1, delay=0, setup=False)
    table.load_round(s)
    assert table.act("Priest p1")
    assert table.viewer == 0 and table._covered is None and table.choices() == [PASS]
    html = table.pane.html
    assert "King" in html and "this is what your move did" in html and "OK: pass the screen to Ben" in html
    table.click(PASS)
    assert table._covered == 1 and table.choices() == ["ready"]
    assert "King" not in re.sub(r"<style>.*?</style>", "", table.pane.html, flags=re.S)
    table.click("ready")
    assert table.viewer == 1 and any(c.startswith("card:") for c in table.choices())


def test_choices_say_why_there_are_none():
    """``table.choices()`` is a list; empty, it says why (a bot is to move; the bot could not move)."""
    game = KuhnPoker()
    dealt = game.new_initial_state()
    for a in ["deal J", "deal Q"]:
        dealt.apply_action(game.parse_action(a))  # p0 to move
    table = GameTable(game, ["random", "you"], names=["Ana", "Ben"], seed=3, delay=0, setup=False)
    table.load_round(dealt)  # shown as it is: the bot has not moved yet
    empty = table.choices()
    assert empty == [] and empty.why == "Not your turn: Ana (a bot) is to move; wait a moment, then ask again."
    assert repr(empty) == "[]  # " + empty.why

    class Broken:
        def choose(self, view, seat):
            raise RuntimeError("a learner's bug")

    stuck = GameTable(game, [Broken(), "you"], names=["Ana", "Ben"], seed=3, delay=0, setup=False)
    assert stuck.choices() == [] and stuck.choices().why == "Ana (a bot) could not move, so the game stops here."
    table.play_bots_until_human()
    offered = table.choices()
    assert offered and offered.why == "" and repr(offered) == repr(list(offered))


# --------------------------------------------------------------------------- the inspect panel
@pytest.mark.parametrize("name", [k for k in TABLE_GAMES if not k.startswith("sleepingqueens")])  # (one round)
def test_inspect_a_finished_round_opens_at_its_end(name):
    """Picking a finished round shows how it ended (its last step), not an empty step 0."""
    game = GAMES[name]()
    table = student(game, 0, seed=5)
    rng = random.Random(5)
    for _ in range(3000):
        if table.state.is_terminal() and table.match.rounds:
            break
        legal = table.legal()
        drive(table, legal[rng.randrange(len(legal))])
    if not table.match.is_over():
        table.click("next")
    panel = table.inspector
    panel.toggle.value = True
    panel.round.value = len(table.rounds()) - 1
    panel.step.value = 0          # the learner looks at the start of the live round...
    panel.round.value = 0         # ...then picks the finished one
    last = len(table.steps_of(0))
    assert last > 0 and panel.step.max == last and panel.step.value == last
    assert f"step {last} of {last}" in panel.board.value


@pytest.mark.parametrize("name", TABLE_GAMES)
def test_inspect_follows_the_live_game_until_the_slider_moves(name):
    game = GAMES[name]()
    table = student(game, 0, seed=2)
    panel = table.inspector
    panel.toggle.value = True
    assert panel.following and panel.step.value == panel.step.max
    assert "kit-replay" in panel.board.value
    if panel.step.max:
        panel.step.value = 0
        assert not panel.following
        legal = table.legal()
        if legal:
            drive(table, legal[0])
            assert panel.step.value == 0  # the replay stays where the learner put it
        panel.live.click()
        assert panel.following and panel.step.value == panel.step.max
    panel.toggle.value = False
    assert panel.board.value == "" and panel.reasoning.value == ""


# --------------------------------------------------------------------------- readable
_SIZE = re.compile(r"font-size:\s*([0-9.]+)px")


_STATUS = re.compile(r"<div class='kit-status( kit-more)?' role='status' aria-live='polite'(?: tabindex='0'><div)?>"
                     r"(.*?)</div></div>")
_LOG = re.compile(r'<div class="kit-log" aria-label="[^"]*">(.*?)</div></details>', re.S)
_ROW = re.compile(r"<div(?: class='[^']*')?>(.*?)</div>")


def _status_and_log(table: GameTable) -> tuple[list[str], bool, list[str]]:
    """The lines of "what happened" (and whether they scroll), and the full log's lines, oldest first."""
    status = _STATUS.search(table.pane.html)
    log = _LOG.search(table.pane.html)
    assert status and log
    return _ROW.findall(status.group(2) + "</div>"), bool(status.group(1)), _ROW.findall(log.group(1))[::-1]


@pytest.mark.parametrize("game", [lambda: LoveLetter(6, edition="2019"), lambda: SleepingQueens(5),
                                  lambda: PrincessLegend(8)], ids=["loveletter-6", "sleepingqueens-5",
                                                                   "princesslegend-8"])
def test_what_happened_holds_every_line_from_the_viewers_last_move_on_at_the_largest_tables(game):
    """At six, five and eight seats the others' moves between two of the viewer's fill more than four lines:
    the box holds them all (scrolling, opened at the newest, from five lines on), the viewer's own last move
    first."""
    table = student(game(), 0, seed=8)
    checked = longest = 0
    before: int | None = None
    for _ in range(300):
        legal = table.legal()
        if not legal:
            if "next" not in table.choices():
                break
            table.click("next")  # the next round: "what happened" starts again
            before = None
            continue
        status, scrolls, log = _status_and_log(table)
        if before is not None:
            expected = log[before:][-STATUS_LINES:]
            assert status == expected, (before, status, log[-14:])
            assert scrolls == (len(status) > 4)
            checked, longest = checked + 1, max(longest, len(status))
        before = len(log)  # the viewer's move's lines come next
        table.act(legal[0])
        if checked >= 12:
            break
    assert checked >= 6 and longest > 4, (checked, longest)


_MARKED_ROW = re.compile(r"<div(?: class='([^']*)')?>(.*?)</div>")


def _aimed_at_viewer(event: dict, viewer: int) -> bool:
    """The test's own statement of a move aimed at ``viewer``: another seat's card on it (Love Letter, Sleeping
    Queens: the event's target), or the Prince's question to it (Princess Legend)."""
    if event.get("kind") == "ask":
        return event["seat"] == viewer and event["prince"] != viewer
    return event.get("target") == viewer and event.get("seat") != viewer


@pytest.mark.parametrize("game", [lambda: LoveLetter(4, edition="2019"), lambda: SleepingQueens(2),
                                  lambda: PrincessLegend(4)], ids=["loveletter", "sleepingqueens", "princesslegend"])
def test_what_happened_marks_every_move_another_player_aimed_at_the_viewer_and_no_other(game):
    """A Guard played on you, a Knight taking your Queen, the Prince asking you: the line is marked (a tint and a
    bar, class kit-aimed) in "what happened"; no other line is, not even your own move on another."""
    from kit.render.narration import narrate

    table = student(game(), 0, seed=5)
    marked = unmarked = 0
    for _ in range(400):
        legal = table.legal()
        if not legal:
            if "next" not in table.choices():
                break
            table.click("next")
            continue
        box = _STATUS.search(table.pane.html)
        assert box
        rows = _MARKED_ROW.findall(box.group(2) + "</div>")
        events = table.state.observation(0)["log"]
        lines = narrate(table.game.name, events, names=table._names, reader=0, lang="en")
        told = {}
        for ln in lines:
            told.setdefault(ln.text, []).append(_aimed_at_viewer(events[ln.event], 0))
        for classes, text in rows:
            aimed = "kit-aimed" in classes.split()
            assert aimed == told[html.unescape(text)][-1], (text, classes)
            marked, unmarked = marked + aimed, unmarked + (not aimed)
        table.act(legal[0])
        if marked >= 3 and unmarked >= 3:
            break
    assert marked >= 3 and unmarked >= 3, (marked, unmarked)


@pytest.mark.parametrize("name", TABLE_GAMES)
def test_no_text_under_12_px(name):
    game = GAMES[name]()
    table = student(game, 0, seed=3)
    table.inspector.toggle.value = True
    for html in strings(table):
        for size in _SIZE.findall(html):
            assert float(size) >= 12, (name, size)


def test_same_seed_same_game():
    game = SleepingQueens(3)
    a = student(game, 0, seed=12)
    b = student(game, 0, seed=12)
    assert a.state.to_json() == b.state.to_json() and a.pane.html == b.pane.html
    c = student(game, 0, seed=13)
    assert c.state.to_json() != a.state.to_json()


def test_unknown_seat_kinds_and_sizes_are_refused_with_the_choices():
    with pytest.raises(KitError, match="heuristic"):
        GameTable(SleepingQueens(2), ["you", "wizard"], seed=1)
    with pytest.raises(KitError, match="large"):
        GameTable(SleepingQueens(2), ["you", "random"], seed=1, size="huge")
    with pytest.raises(KitError, match="en, ro, cs, pt, pl, fr"):
        GameTable(SleepingQueens(2), ["you", "random"], seed=1, language="de")

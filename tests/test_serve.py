"""kit.serve: a table server for a class, every learner at their own screen.

* each seat receives only its own view: two states a seat cannot tell apart give it the same bytes
  through the wire;
* whole games of each game, played by 2 to 4 client processes against each other (and bots);
* a server stopped mid-game and started again on its database resumes every table, and the
  clients rejoin by themselves;
* crafted and malformed requests (a guessed code, another seat's view, the state, the seed, a
  message too big or too deep, a flood) are refused with a clear error, change nothing and are logged;
* a seat idle past the limit is played by a bot until its learner takes it back;
* only the teacher's token sees the whole state.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kit.core.errors import KitError
from kit.serve import SeatClient, TableServer, TeacherClient, serve_in_background
from kit.serve.referee import TableReferee
from kit.serve.server import BackgroundServer, JOIN_FAILURES, _hash, parse_request
from kit.serve.store import Store
from table_helpers import wait_for

ROOT = Path(__file__).resolve().parents[1]
CLASSIC = {"players": 2, "edition": "classic"}


@pytest.fixture
def served():
    bgs = []

    def start(db=":memory:", **kw):
        kw.setdefault("round_pause", 0)
        bg = serve_in_background(db, port=kw.pop("port", 0), **kw)
        bgs.append(bg)
        return bg

    yield start
    for bg in bgs:
        bg.stop()


def play_randomly(client: SeatClient, seat_rng, until_over=True, moves=None, timeout=60):
    """Play random legal moves whenever it is this seat's turn, until the game is over (or ``moves``)."""
    done = 0
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view = client.wait(lambda v: v is not None and (v["over"] or v["legal"]), timeout=timeout)
        if view["over"] or (moves is not None and done >= moves):
            return view
        client.act(seat_rng.choice(view["legal"]))
        done += 1
        client.wait(lambda v, s=view["seq"]: v["seq"] != s or v["over"], timeout=timeout)
    raise AssertionError("the game did not end")


# ====================================================================== views
def _in_a_thread(coro_factory):
    """Run a coroutine to its end on a loop of its own, in a thread (the test's thread may already have a
    running loop: Playwright's, when browser tests share this worker)."""
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.new_event_loop().run_until_complete(coro_factory())).result(120)


def _raw_views(url: str, code: str, count: int = 1) -> list[str]:
    """The first ``count`` messages the server sends a seat, as the bytes on the wire."""
    from tornado.websocket import websocket_connect

    async def go():
        ws = await websocket_connect(url.replace("http://", "ws://") + "/ws")
        await ws.write_message(json.dumps({"type": "join", "code": code}))
        out = [await ws.read_message() for _ in range(count)]
        ws.close()
        return out

    return _in_a_thread(go)


def _twin_record(table_id, hidden_set_aside, hidden_p1):
    """A Love Letter round that seat 0 cannot tell from its twin: only the set-aside card and seat 1's
    card differ (both hidden from seat 0)."""
    table = TableReferee.create(table_id, "loveletter", CLASSIC, ["person", "person"], names=["Ana", "Ben"], seed=5)
    import random

    from kit.core.seeding import derive_seed

    first = random.Random(derive_seed(5, "first player")).randrange(2)   # as the referee draws it
    deal = [f"deal {hidden_set_aside}", "deal Priest", "deal Baron", "deal Handmaid"]
    hands = {0: "deal Prince", 1: f"deal {hidden_p1}"}
    deal += [hands[first], hands[1 - first]] + ["deal Countess"]   # dealt from the first player on
    record = table.record()
    record["rounds"] = [deal]
    return record


TWINS = [("Guard", "King"), ("King", "Guard")]


def _served_twins(tmp_path, served, pairs, look):
    """For each (set-aside, seat 1's card) pair, a server holding that round as table TWIN; ``look(url)``
    reads what it sends.  The answers, in order."""
    out = []
    for k, (aside, hidden) in enumerate(pairs):
        db = str(tmp_path / f"twin{k}.sqlite")
        store = Store(db)
        store.save(_twin_record("TWIN", aside, hidden), [_hash("TWIN-1-AAAAAAAA"), _hash("TWIN-2-BBBBBBBB")])
        store.close()
        bg = served(db)
        out.append(look(bg.url))
        bg.stop()
    return out


@pytest.mark.parametrize("twin", TWINS)
def test_twin_states_give_a_seat_identical_bytes_through_the_wire(tmp_path, served, twin):
    views = _served_twins(tmp_path, served, [TWINS[0], twin], lambda url: _raw_views(url, "TWIN-1-AAAAAAAA")[0])
    assert views[0] == views[1]                       # seat 0 cannot tell them apart, nor can its bytes
    view = json.loads(views[0])
    assert "King" not in json.dumps(view["obs"]) or twin == ("Guard", "King")
    for secret in ("seed", "state", "history", "views"):
        assert secret not in view


def test_the_other_seat_tells_the_twins_apart(tmp_path, served):
    """The same two states differ for seat 1 (its own card): the twin test can fail."""
    seen = _served_twins(tmp_path, served, TWINS, lambda url: _raw_views(url, "TWIN-2-BBBBBBBB")[0])
    assert seen[0] != seen[1]


def test_a_view_is_what_a_local_table_shows_that_seat(served):
    bg = served()
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "heuristic"])
    client = SeatClient(bg.url, made["codes"][0])
    try:
        view = client.wait(lambda v: v is not None)
        table = bg.server.tables[made["id"]]
        assert view["obs"] == json.loads(json.dumps(table.state.observation(0)))
        assert view["legal"] == ([str(a) for a in table.state.legal_actions()]
                                 if table.state.current_player() == 0 else [])
    finally:
        client.close()


# ====================================================================== whole games
CLIENT = r"""
import json, random, sys
from kit.serve import SeatClient
url, code, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
rng = random.Random(seed)
client = SeatClient(url, code)
view = None
while True:
    view = client.wait(lambda v: v is not None and (v["over"] or v["legal"]), timeout=120)
    if view["over"]:
        break
    client.act(rng.choice(view["legal"]))
    client.wait(lambda v, s=view["seq"]: v["seq"] != s or v["over"], timeout=120)
print(json.dumps({"seat": view["seat"], "winners": view["winners"], "score": view["score"]}))
client.close()
"""


@pytest.mark.parametrize("game, settings, seats", [
    ("loveletter", CLASSIC, ["person", "person"]),
    ("loveletter", {"players": 3, "edition": "2019"}, ["person", "person", "heuristic"]),
    ("sleepingqueens", {"players": 3}, ["person", "person", "person"]),
    ("princesslegend", {"players": 4}, ["person", "person", "person", "person"]),
], ids=["loveletter-2", "loveletter-3-bot", "sleepingqueens-3", "princesslegend-4"])
def test_client_processes_play_a_whole_game_against_each_other(served, game, settings, seats):
    bg = served()
    made = TeacherClient(bg.url, bg.server.token).create_table(game, settings, seats)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = [subprocess.Popen([sys.executable, "-c", CLIENT, bg.url, code, str(i)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env) for i, code in enumerate(made["codes"])]
    outs = [p.communicate(timeout=300) for p in procs]
    results = [json.loads(out.strip().splitlines()[-1]) for out, err in outs]
    assert all(p.returncode == 0 for p in procs), [err[-500:] for _, err in outs]
    table = bg.server.tables[made["id"]]
    assert table.over and {tuple(r["winners"]) for r in results} == {tuple(table.match.winners())}
    assert sorted(r["seat"] for r in results) == [s for s, k in enumerate(seats) if k == "person"]


# ====================================================================== restart
def test_a_restarted_server_resumes_every_table_and_clients_rejoin(tmp_path, served):
    import random

    db = str(tmp_path / "class.sqlite")
    bg = served(db, token="t0k3n")
    port = bg.port
    teacher = TeacherClient(bg.url, "t0k3n")
    made = teacher.create_table("loveletter", {"players": 2, "edition": "2019"}, ["person", "person"])
    clients = [SeatClient(bg.url, code, retry=0.2) for code in made["codes"]]
    rng = random.Random(3)
    try:
        def to_move() -> list[dict]:
            """The views of the current step that offer moves (none while a round's end is shown)."""
            seq = bg.server.tables[made["id"]].seq
            return [v for v in (c.view for c in clients) if v is not None and v["seq"] == seq and v["legal"]]

        for _ in range(3):  # a few moves, whoever is to move (after a round's pause, in the next round)
            deadline = time.monotonic() + 30
            while not to_move() and time.monotonic() < deadline:
                time.sleep(0.02)
            view = to_move()[0]
            mover = clients[view["seat"]]
            mover.act(rng.choice(view["legal"]))
            mover.wait(lambda v, s=view["seq"]: v["seq"] != s)
        bg.stop()                                             # the server goes down mid-round ...
        # what it held when it stopped (read before the stop, a round the last move ended could be dealt after)
        before = bg.server.tables[made["id"]].record()
        bg2 = served(db, port=port, token="t0k3n")            # ... and comes back on the same database
        after = bg2.server.tables[made["id"]].record()
        assert after["rounds"] == before["rounds"] and after["seed"] == before["seed"]
        deadline = time.monotonic() + 30
        while len(bg2.server.connections) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)                                  # the clients rejoin by themselves
        assert sorted(bg2.server.connections) == [(made["id"], 0), (made["id"], 1)]
        for c in clients:
            c.wait(lambda v: v is not None and v["seq"] == bg2.server.tables[made["id"]].seq, timeout=30)
        results = []
        import threading

        # a whole match to its end: generous limits, for a machine busy with other tests
        threads = [threading.Thread(target=lambda c=c, i=i: results.append(
            play_randomly(c, random.Random(i), timeout=240))) for i, c in enumerate(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(300)
        assert bg2.server.tables[made["id"]].over and all(r["over"] for r in results)
    finally:
        for c in clients:
            c.close()


# ====================================================================== refusals
def _send_raw(url: str, messages: list, wait_for: int, code: str | None = None) -> list[dict]:
    from tornado.websocket import websocket_connect

    async def go():
        ws = await websocket_connect(url.replace("http://", "ws://") + "/ws", max_message_size=1 << 24)
        got = []
        if code is not None:
            await ws.write_message(json.dumps({"type": "join", "code": code}))
            got.append(json.loads(await ws.read_message()))
        for m in messages:
            await ws.write_message(m if isinstance(m, (str, bytes)) else json.dumps(m))
        while len(got) < wait_for:
            text = await asyncio.wait_for(ws.read_message(), 10)
            if text is None:
                got.append({"type": "closed"})
                break
            got.append(json.loads(text))
        ws.close()
        return got

    return _in_a_thread(go)


def test_crafted_requests_are_refused_change_nothing_and_are_logged(served):
    bg = served()
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "person"])
    table = bg.server.tables[made["id"]]
    before = table.record()
    other = 1 - table.state.current_player()
    crafted = [
        ({"type": "view", "seat": 1 - other}, "unknown request 'view'"),
        ({"type": "state"}, "unknown request 'state'"),
        ({"type": "seed"}, "unknown request 'seed'"),
        ({"type": "act", "action": "Guard p0 Priest", "seat": 1 - other}, "holds seat, which it may not"),
        ({"type": "act", "action": "Guard p1 Priest"}, "it is not your turn"),
        ({"type": "act", "action": "__import__('os').system('true')"}, ""),
        ({"type": "act", "action": "Handmaid", "seq": 0}, "older view"),
        ("not json at all", "not JSON"),
        ("[" * 5000 + "]" * 5000, "nested more than 4 deep"),
        (json.dumps({"type": "act", "action": "x" * 400}), "short text"),
        ({"type": "join", "code": made["codes"][1 - other]}, "joined its seat already"),
    ]
    got = _send_raw(bg.url, [m for m, _ in crafted], wait_for=1 + len(crafted), code=made["codes"][other])
    replies = got[1:]
    assert all(r["type"] == "error" for r in replies), replies
    for (m, words), r in zip(crafted, replies):
        assert words in r["error"], (m, r)
    assert table.record() == before                    # nothing changed
    assert len(bg.server.refusals) >= len(crafted)
    assert any("unknown request 'view'" in r["why"] for r in bg.server.refusals)


def test_a_message_too_big_closes_the_connection_and_the_server_goes_on(served):
    bg = served()
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "person"])
    got = _send_raw(bg.url, [json.dumps({"type": "ping", "x": "y" * 40_000})], wait_for=2, code=made["codes"][0])
    assert got[-1]["type"] == "closed"
    assert _send_raw(bg.url, [{"type": "ping"}], wait_for=2, code=made["codes"][0])[-1] == {"type": "pong"}


def test_guessed_codes_are_refused_and_rate_limited(served):
    bg = served()
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "heuristic"])
    guesses = [{"type": "join", "code": f"{made['id']}-1-AAAAAAA{c}"} for c in "23456789ABCD"]
    got = _send_raw(bg.url, guesses, wait_for=len(guesses))
    assert [r["error"] for r in got[:JOIN_FAILURES]] == ["no seat has that join code"] * JOIN_FAILURES
    assert "too many wrong join codes" in got[JOIN_FAILURES]["error"]
    # the right code from the same address is refused too, for a minute
    assert "too many wrong join codes" in _send_raw(bg.url, [{"type": "join", "code": made["codes"][0]}], 1)[0]["error"]


def test_a_seat_joins_from_one_screen_at_a_time_and_rejoins_after(served):
    bg = served()
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "heuristic"])
    first = SeatClient(bg.url, made["codes"][0])
    try:
        first.wait(lambda v: v is not None)
        second = _send_raw(bg.url, [{"type": "join", "code": made["codes"][0]}], 1)
        assert "already joined from another screen" in second[0]["error"]
    finally:
        first.close()
    time.sleep(0.3)
    again = SeatClient(bg.url, made["codes"][0])
    try:
        assert again.wait(lambda v: v is not None)["seat"] == 0
    finally:
        again.close()


def test_a_refusal_to_seat_is_data_and_a_learners_table_says_it_in_its_language(served):
    """The server names each refusal by a key with its fields (kit.serve.refusals); the learner's table says it
    in its own language from the key; whether the server refused to seat it is a field (``join``), not
    something to read in its words."""
    from html import escape

    from kit.i18n import LANGUAGES, _
    from kit.serve.refusals import REFUSALS
    from kit.widgets import GameTable

    bg = served()
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "heuristic"])
    wrong = f"{made['id']}-1-AAAAAAA2"
    got = _send_raw(bg.url, [{"type": "join", "code": wrong}, {"type": "act", "action": "Guard p1 Priest"}], 2)
    assert got[0] == {"type": "error", "error": "no seat has that join code", "refusal": "no-such-code",
                      "fields": {}, "join": True}
    assert got[1]["refusal"] == "join-first" and got[1]["join"] is False
    table = GameTable.join(bg.url, wrong, language="pl")
    try:
        deadline = time.monotonic() + 30
        while not table.client.errors and time.monotonic() < deadline:  # (it may come before any wait_error)
            time.sleep(0.02)
        assert table.client.errors[0] == "no seat has that join code"  # for the Python user: the English words
        words = escape(_("no seat has that join code", "pl"))
        deadline = time.monotonic() + 10
        while words not in table.pane.html and time.monotonic() < deadline:
            time.sleep(0.05)
        assert words in table.pane.html and "kodu" in words, table.pane.html[-300:]
        table.language_menu.value = "fr"                  # the learner changes the table's language
        assert escape("aucune place n'a ce code de connexion") in table.pane.html
    finally:
        table.close()
    assert all(_(t, lang) != t for t in REFUSALS.values() for lang in LANGUAGES[1:]), "every refusal translated"


def test_a_refusal_the_kernel_does_not_know_is_shown_as_the_servers_words():
    """A server of another version may send a key this kit does not have, or fields that do not fit: the
    learner sees the server's words, and nothing of them is read as a template."""
    from kit.i18n.refusals import explain
    from kit.serve.refusals import SeatRefusal, from_message, message

    assert str(from_message({"error": "a newer refusal", "refusal": "newer", "fields": {}})) == "a newer refusal"
    odd = from_message({"error": "{0.__class__}", "refusal": "kept-for-other", "fields": {"who": "x"}})
    assert explain(odd, "pl") == "{0.__class__}" and not isinstance(odd, SeatRefusal)
    kept = from_message(message(SeatRefusal("kept-at-several", login="ana", tables="t1, t2"), join=True))
    assert isinstance(kept, SeatRefusal) and kept.key == "kept-at-several"
    assert explain(kept, "fr") == "ana a des places aux tables t1, t2\u00a0: dis laquelle (table=...)"


def test_the_server_survives_a_flood(served):
    bg = served()
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "person"])
    flood = [{"type": "ping"}] * 2000
    got = _send_raw(bg.url, flood, wait_for=5, code=made["codes"][0])
    assert got[1] == {"type": "pong"}
    assert any(r["request"] == "flood" for r in bg.server.refusals)
    honest = SeatClient(bg.url, made["codes"][1])
    try:
        assert honest.wait(lambda v: v is not None, timeout=10)["seat"] == 1
    finally:
        honest.close()


def test_parse_request_knows_every_request_and_nothing_else():
    assert parse_request('{"type": "take_back"}') == {"type": "take_back"}
    for bad, words in [('{"type": "act", "seq": true}', "seq must"), ('{"type": "join", "code": 5}', "short text"),
                       ('[1, 2]', "JSON object"), ('{"type": "ping", "x": 1}', "may not"),
                       ("{" * 40, "nested more than 4 deep")]:
        with pytest.raises(KitError, match=words):
            parse_request(bad)


# ====================================================================== idle seats and the teacher
def test_an_idle_seat_is_played_by_a_bot_until_its_learner_takes_it_back(served):
    bg = served()
    made = bg.server.create_table("loveletter", {"players": 2, "edition": "2019"}, ["person", "random"],
                                  idle_limit=0.5)
    table = bg.server.tables[made["id"]]
    client = SeatClient(bg.url, made["codes"][0])
    try:
        view = client.wait(lambda v: v is not None)
        seq = view["seq"]
        moved = client.wait(lambda v: v["seats"][0]["stand_in"], timeout=15)  # nobody clicked: the bot took over
        assert moved["legal"] == [] and table.seats[0].stand_in and (moved["seq"] > seq or moved["round_over"])
        client.take_back()
        back = client.wait(lambda v: not v["seats"][0]["stand_in"], timeout=10)
        assert not back["seats"][0]["stand_in"]
    finally:
        client.close()


def test_only_the_teachers_token_sees_the_whole_state(served):
    bg = served(token="right")
    made = TeacherClient(bg.url, "right").create_table("loveletter", CLASSIC, ["person", "heuristic"])
    with pytest.raises(KitError, match="needs the teacher's token"):
        TeacherClient(bg.url, "wrong").projection(made["id"])
    with pytest.raises(KitError, match="needs the teacher's token"):
        TeacherClient(bg.url, "wrong").tables()
    whole = TeacherClient(bg.url, "right").projection(made["id"])
    table = bg.server.tables[made["id"]]
    assert whole["history"] == table.record()["rounds"] and len(whole["views"]) == 2
    assert "seed" not in whole                      # not even the teacher's screen shows the seed
    progress = TeacherClient(bg.url, "right").tables()
    assert [t["table"] for t in progress] == [made["id"]] and "obs" not in json.dumps(progress)
    html = TeacherClient(bg.url, "right").progress()._repr_html_()
    score = ", ".join(f"{n} {v}" for n, v in zip(progress[0]["names"], progress[0]["score"]))
    assert made["id"] in html and "loveletter" in html and f">{score}</td>" in html  # Ben may have lost a round
    assert any("not the teacher's token" in r["why"] for r in bg.server.refusals)


def test_python_m_kit_serve_starts_prints_the_token_and_stops(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("KIT_TEACHER_TOKEN", None)
    proc = subprocess.Popen([sys.executable, "-m", "kit.serve", "--port", "0", "--db", str(tmp_path / "t.sqlite")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        first = proc.stdout.readline()
        token = proc.stdout.readline()
        assert first.startswith("table server at http://127.0.0.1:") and "teacher's token:" in token
    finally:
        proc.send_signal(2)
        out, _ = proc.communicate(timeout=20)
    assert proc.returncode == 0 and "the tables stay in" in out


# ====================================================================== the learner's table widget
def _click_until_moved(table, rng):
    """Click through the offered choices of the seat's turn until a move is sent."""
    seq = table.view["seq"]
    for _ in range(20):
        offer = table._offer(table.legal())
        if offer is None:
            return
        table.click(rng.choice(sorted(offer.choices)))
        if table.client.view["seq"] != seq or "Sent" in table.pane.html:
            return


def _play_a_turn(table, rng, timeout=10):
    """Click this seat's move, then wait for the view after it; a move the server refused (the next round
    was dealt meanwhile: it answered an older view) is no move, and the caller goes on from the new view."""
    seq, refused = table.view["seq"], len(table.client.errors)
    _click_until_moved(table, rng)
    table.client.wait(lambda v: v["seq"] != seq or len(table.client.errors) > refused, timeout=timeout)


def test_two_remote_tables_play_a_love_letter_round_by_clicks_in_two_languages(served):
    import random

    from kit.widgets import GameTable

    bg = served()
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "person"])
    tables = [GameTable.join(bg.url, made["codes"][0], language="en"),
              GameTable.join(bg.url, made["codes"][1], language="pl")]
    rng = random.Random(2)
    try:
        for t in tables:
            t.client.wait(lambda v: v is not None)
        server_table = bg.server.tables[made["id"]]
        deadline = time.monotonic() + 60
        while server_table.rounds and len(server_table.match.rounds) < 1 and time.monotonic() < deadline:
            for t in tables:
                t.client.wait(lambda v: v["seq"] == server_table.seq)
                if t.view["legal"]:
                    _play_a_turn(t, rng)
        assert len(server_table.match.rounds) >= 1          # a round was played to its end by clicks
        for t in tables:
            t.client.wait(lambda v: v["seq"] == server_table.seq)
        assert "Runda" in tables[1].pane.html and "Round" in tables[0].pane.html
    finally:
        for t in tables:
            t.close()


def test_a_remote_table_holds_nothing_its_seat_cannot_see(tmp_path, served):
    """Twin states through the server and into the widget: byte-identical table HTML for the seat."""
    from kit.widgets.remote import RemoteTable

    def look(url):
        table = RemoteTable(url, "TWIN-1-AAAAAAAA", language="en")
        try:
            table.client.wait(lambda v: v is not None)
            closed = table.replay.view.value
            table.replay.toggle.value = True               # the inspect panel, opened on its last step
            return (table.pane.html, json.dumps(table.view, sort_keys=True), closed, table.replay.view.value,
                    sorted(k for k in vars(table) if not k.startswith("_")))
        finally:
            table.close()

    htmls = _served_twins(tmp_path, served, TWINS, look)
    assert htmls[0] == htmls[1]
    assert htmls[0][2] == "" and "kit-table" in htmls[0][3]    # closed, the panel holds nothing


def test_a_server_under_a_hub_services_prefix(served):
    bg = served(prefix="/services/kit-tables")
    assert bg.url.endswith("/services/kit-tables")
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "random"])
    client = SeatClient(bg.url, made["codes"][0])
    try:
        assert client.wait(lambda v: v is not None)["seat"] == 0
    finally:
        client.close()


def test_a_wrong_join_code_stops_the_kernel_at_once_and_the_table_says_to_run_the_cell_again(served):
    """A wrong code stays wrong: one refusal, one failure counted against the class's address, no waiting on
    an open connection (the table said "Joining the table…" for ever), and the table says what to do."""
    from kit.widgets.remote import RemoteTable

    bg = served()
    TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "random"])
    table = RemoteTable(bg.url, "WRONG-1-AAAAAAAA", language="en")
    try:
        assert wait_for(lambda: table.client.gave_up, 20)
        time.sleep(3 * table.client.retry)  # long enough for a try again, if one came
        assert table.client.gave_up and [r.key for r in table.client.refusals] == ["no-such-code"]
        assert len(bg.server._failures["127.0.0.1"]) == 1
        assert "Not joined: run the cell again" in table.pane.html and "no seat has that join code" in table.pane.html
        assert table.replay.layout.display == "none"  # no "Inspect and replay" for a seat never joined
        table.language_menu.value = "cs"
        assert "Nepřipojeno: spusťte buňku znovu" in table.pane.html
    finally:
        table.close()


def test_a_seat_open_on_another_screen_is_tried_again_until_that_screen_leaves(served):
    """"Already joined from another screen" may pass by itself (kit.serve.refusals.PASSING): the second
    kernel tries again after its pause, and joins once the first screen is gone; a seat that stays taken is
    tried JOIN_TRIES times in a row."""
    from kit.serve.client import JOIN_TRIES

    bg = served()
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "random"])
    code = made["codes"][0]
    first = SeatClient(bg.url, code)
    assert first.wait(lambda v: v is not None, timeout=20)["seat"] == 0
    second = SeatClient(bg.url, code, retry=0.3)
    try:
        assert wait_for(lambda: second.refusals, 20)
        assert [r.key for r in second.refusals] == ["joined-elsewhere"] and not second.gave_up
        first.close()                                           # the other screen leaves
        assert second.wait(lambda v: v is not None, timeout=20)["seat"] == 0
        assert not second.gave_up and 1 <= len(second.refusals) < JOIN_TRIES
        third = SeatClient(bg.url, code, retry=0.1)             # while the second screen stays
        try:
            assert wait_for(lambda: third.gave_up, 20)
            assert third.gave_up and [r.key for r in third.refusals] == ["joined-elsewhere"] * JOIN_TRIES
            assert third.view is None and second.view["seat"] == 0
        finally:
            third.close()
    finally:
        second.close()


def test_a_view_that_comes_before_the_client_is_kept_is_drawn_once_it_is(served, monkeypatch, capsys):
    """The client's thread may get the first view while ``SeatClient()`` is still returning: the table
    draws it once its client is kept (it raised AttributeError and stayed on "Joining the table…")."""
    import kit.serve.client as client_module
    from kit.widgets.remote import RemoteTable

    bg = served()
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "random"])
    plain_init, plain_receive = client_module.SeatClient.__init__, client_module.SeatClient._receive
    came = threading.Event()

    def receive(self, view):  # the view has come, before the table is told
        came.set()
        plain_receive(self, view)

    def slow_init(self, *args, **kwargs):  # the constructor returns only after the first view came
        plain_init(self, *args, **kwargs)
        assert came.wait(20)

    monkeypatch.setattr(client_module.SeatClient, "_receive", receive)
    monkeypatch.setattr(client_module.SeatClient, "__init__", slow_init)
    table = RemoteTable(bg.url, made["codes"][0], language="en")
    try:
        assert wait_for(lambda: table.view is not None, 20)
        assert table.seat == 0 and "Joining the table" not in table.pane.html
        assert "kit-table" in table.pane.html and table.adapter is not None
        assert table.replay.layout.display is None  # joined: "Inspect and replay" is there
    finally:
        table.close()
    assert "Traceback" not in capsys.readouterr().err


def test_the_inspect_panel_replays_what_the_seat_saw_round_by_round(served):
    import random

    bg = served()
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "random"])
    from kit.widgets.remote import RemoteTable

    table = RemoteTable(bg.url, made["codes"][0], language="en")
    rng = random.Random(5)
    server_table = bg.server.tables[made["id"]]
    try:
        deadline = time.monotonic() + 60
        # until this seat has seen two rounds end (a round may end before it joins, or before its turn)
        while (sum(steps[-1]["round_over"] for _, steps in table.replay.rounds) < 2 and not server_table.over
               and time.monotonic() < deadline):
            view = table.client.wait(lambda v: v is not None and v["seq"] == server_table.seq, timeout=20)
            if table.view["legal"]:
                _play_a_turn(table, rng)
            else:
                time.sleep(0.05)
        replay = table.replay
        replay.toggle.value = True
        assert len(replay.round.options) >= 2 and replay.round.value == len(replay.round.options) - 1
        replay.round.value = 0                                    # the first round, opened at its end
        first = replay.rounds[0][1]
        assert replay.step.max == len(first) - 1 and replay.step.value == replay.step.max
        end = replay.view.value
        replay.step.value = 0                                     # and at its first step
        assert replay.view.value != end and "kit-table" in replay.view.value
        assert all(v["seat"] == 0 for _, steps in replay.rounds for v in steps)   # this seat's views only
        replay.toggle.value = False
        assert replay.view.value == ""
    finally:
        table.close()

"""kit.serve on a JupyterHub: learners named by the hub's login (kit.serve.hub).

The hub here is a stand-in that answers ``GET <api>/user`` as JupyterHub does (the token's owner and the
token's scopes, 403 for a token it does not know); a real hub is configured as docs/table-server.md says.

* a learner's token that may reach the service joins the seat kept for their login, with no code;
* a token the hub does not know, a token without the service's scope, and no token are refused at the
  connection, logged, and rate-limited like wrong codes;
* a seat kept for one learner is refused to another, even with its code;
* the teacher's list names who is kept for and who plays each seat; a restart keeps the kept seats;
* a kernel sends its hub token only to the hub's own services;
* the hub is asked once per token while its answer is fresh, and the logins remembered are bounded.
"""

from __future__ import annotations

import asyncio
import html
import json
import threading

import pytest

from kit.core.errors import KitError
from kit.serve import SeatClient, TeacherClient, serve_in_background
from kit.serve.refusals import PASSING
from kit.serve.hub import HubLogin, hub_token_for, token_from_header
from kit.widgets import GameTable
from table_helpers import wait_for

CLASSIC = {"players": 2, "edition": "classic"}
SCOPE = "access:services!service=kit-tables"
MODELS = {
    "ana-token": {"kind": "user", "name": "ana", "scopes": [SCOPE, "read:users:name!user=ana"]},
    "ben-token": {"kind": "user", "name": "ben", "scopes": ["access:services"]},
    "eve-token": {"kind": "user", "name": "eve", "scopes": ["access:servers!server=eve/"]},  # no service scope
    "svc-token": {"kind": "service", "name": "grader", "scopes": [SCOPE]},
}


class FakeHub:
    """A hub's ``/hub/api/user`` on a port of this machine, in a thread; counts what it was asked."""

    def __init__(self) -> None:
        import tornado.httpserver
        import tornado.netutil
        import tornado.web

        hub = self
        self.asked: list[str] = []

        class User(tornado.web.RequestHandler):
            def get(self) -> None:
                token = token_from_header(self.request.headers.get("Authorization"))
                hub.asked.append(token or "")
                if token not in MODELS:
                    self.set_status(403)
                    self.finish({"status": 403, "message": "Missing or invalid credentials."})
                    return
                self.finish(MODELS[token])

        ready = threading.Event()

        def run() -> None:
            self.loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self.loop)
            sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
            self.port = sockets[0].getsockname()[1]
            self.http = tornado.httpserver.HTTPServer(tornado.web.Application([(r"/hub/api/user", User)]))
            self.http.add_sockets(sockets)
            ready.set()
            self.loop.run_forever()

        threading.Thread(target=run, daemon=True).start()
        assert ready.wait(10)
        self.api_url = f"http://127.0.0.1:{self.port}/hub/api"

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)


@pytest.fixture
def hub():
    h = FakeHub()
    yield h
    h.stop()


@pytest.fixture
def hub_server(hub, tmp_path):
    servers = []

    def start(db=None, **kw):
        db = db or str(tmp_path / "tables.sqlite")
        bg = serve_in_background(db, port=0, round_pause=0, prefix="/services/kit-tables",
                                 hub=HubLogin(hub.api_url, "kit-tables"), **kw)
        servers.append(bg)
        return bg

    yield start
    for bg in servers:
        bg.stop()


def env_for(token: str) -> dict[str, str]:
    """The environment a learner's kernel has on the hub (127.0.0.1 here)."""
    return {"JUPYTERHUB_API_TOKEN": token, "JUPYTERHUB_BASE_URL": "/",
            "JUPYTERHUB_API_URL": "http://127.0.0.1:8081/hub/api"}


def first_error(client, timeout=15.0) -> str:
    assert wait_for(lambda: client.errors, timeout)
    return client.errors[0]


def test_hub_login_joins_the_seat_kept_for_it_with_no_code(hub_server):
    bg = hub_server()
    teacher = TeacherClient(bg.url, bg.server.token)
    made = teacher.create_table("loveletter", CLASSIC, ["person", "person"], learners=["ana", "ben"])
    ana = SeatClient(bg.url, environ=env_for("ana-token"))
    ben = SeatClient(bg.url, environ=env_for("ben-token"))
    try:
        assert ana.wait(lambda v: v is not None)["seat"] == 0
        assert ben.wait(lambda v: v is not None)["seat"] == 1
        assert ana.view["names"] == ["ana", "ben"]  # a kept seat is named by its login
        row = next(t for t in teacher.tables() if t["table"] == made["id"])
        assert row["learners"] == ["ana", "ben"]
        assert wait_for(lambda: next(t for t in teacher.tables() if t["table"] == made["id"])["logins"]
                        == ["ana", "ben"])
        assert "learners" not in ana.view and "logins" not in ana.view  # classmates see names, not logins
        assert "<td style='padding:3px 10px'>ana, ben</td>" in teacher.progress("en")._repr_html_()
    finally:
        ana.close(), ben.close()


@pytest.mark.parametrize("token, why", [
    ("a-guessed-token", "the hub does not know this token"),
    ("eve-token", f"adds the scope {SCOPE}"),
    ("svc-token", "not a learner's"),
])
def test_hub_refuses_tokens_it_does_not_accept_for_this_service(hub_server, token, why):
    bg = hub_server()
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "random"])
    client = SeatClient(bg.url, made["codes"][0], environ=env_for(token), retry=0.05)
    try:
        assert wait_for(lambda: client.errors)
        assert why in client.errors[0]
        assert client.view is None  # even the right join code does not open the seat without the hub's login
        assert any(r["request"] == "connect" and why in r["why"] for r in bg.server.refusals)
    finally:
        client.close()


def test_hub_refuses_a_connection_without_a_token(hub_server):
    bg = hub_server()
    made = TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "random"])
    client = SeatClient(bg.url, made["codes"][0], hub=False, retry=0.05)
    try:
        assert wait_for(lambda: client.errors)
        assert "JupyterHub login" in client.errors[0] and client.view is None
    finally:
        client.close()


def test_hub_refused_logins_are_rate_limited_like_wrong_codes(hub_server):
    from kit.serve.server import JOIN_FAILURES

    bg = hub_server()
    for _ in range(JOIN_FAILURES):
        bg.server.join_failed("127.0.0.1")
    client = SeatClient(bg.url, environ=env_for("ana-token"), retry=0.05)
    try:
        assert wait_for(lambda: client.errors)
        assert "too many" in client.errors[0]
        assert getattr(client.refusals[0], "key", None) == "too-many-refused"  # data, as every refusal (HTTP 429)
    finally:
        client.close()


def test_a_seat_kept_for_one_learner_is_refused_to_another_even_with_its_code(hub_server):
    bg = hub_server()
    made = TeacherClient(bg.url, bg.server.token).create_table(
        "loveletter", CLASSIC, ["person", "person"], learners=["ana", None])
    ben = SeatClient(bg.url, made["codes"][0], environ=env_for("ben-token"))
    try:
        assert first_error(ben).startswith("that seat is kept for ana")
        assert ben.view is None
        assert (made["id"], 0) not in bg.server.connections
    finally:
        ben.close()
    # the seat kept for nobody opens with its code, and the teacher sees who took it
    ben = SeatClient(bg.url, made["codes"][1], environ=env_for("ben-token"))
    try:
        assert ben.wait(lambda v: v is not None)["seat"] == 1
        assert wait_for(lambda: bg.server.progress()[0]["logins"] == [None, "ben"])
        from kit.serve.client import Progress
        # the teacher's table names the login beside the seat's name when they differ
        assert "<td style='padding:3px 10px'>Ben (ben)</td>" in Progress(bg.server.progress())._repr_html_()
    finally:
        ben.close()


def test_a_learner_with_no_kept_seat_is_told_to_ask_for_a_code(hub_server):
    bg = hub_server()
    TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "random"],
                                                        learners=["ana", None])
    ben = SeatClient(bg.url, environ=env_for("ben-token"))
    try:
        assert first_error(ben) == "no seat is kept for ben: ask your teacher for a join code"
    finally:
        ben.close()


def test_a_learner_with_seats_at_two_tables_names_the_table(hub_server):
    bg = hub_server()
    teacher = TeacherClient(bg.url, bg.server.token)
    first = teacher.create_table("loveletter", CLASSIC, ["person", "random"], learners=["ana", None])
    second = teacher.create_table("loveletter", CLASSIC, ["random", "person"], learners=[None, "ana"])
    ana = SeatClient(bg.url, environ=env_for("ana-token"))
    try:
        assert "say which" in first_error(ana)
    finally:
        ana.close()
    ana = SeatClient(bg.url, environ=env_for("ana-token"), table=second["id"])
    try:
        view = ana.wait(lambda v: v is not None)
        assert (view["table"], view["seat"]) == (second["id"], 1) and first["id"] != second["id"]
    finally:
        ana.close()


def test_kept_seats_survive_a_restart(hub_server, tmp_path):
    db = str(tmp_path / "kept.sqlite")
    bg = hub_server(db)
    made = TeacherClient(bg.url, bg.server.token).create_table(
        "loveletter", CLASSIC, ["person", "person"], learners=["ana", "ben"])
    bg.stop()
    bg = hub_server(db)
    assert [s.learner for s in bg.server.tables[made["id"]].seats] == ["ana", "ben"]
    ana = SeatClient(bg.url, environ=env_for("ana-token"))
    try:
        assert ana.wait(lambda v: v is not None)["seat"] == 0
    finally:
        ana.close()


def test_kept_seats_need_a_hub(tmp_path):
    bg = serve_in_background(":memory:", port=0, round_pause=0)
    try:
        with pytest.raises(KitError, match="JupyterHub service"):
            bg.server.create_table("loveletter", CLASSIC, ["person", "random"], learners=["ana", None])
        with pytest.raises(KitError, match="the code your teacher gave you"):
            SeatClient(bg.url, hub=False)
    finally:
        bg.stop()


@pytest.mark.parametrize("learners, why", [
    (["ana"], "one hub login"),
    (["ana", "ana"], "two seats"),
    (["ana", "a b"], "a hub login is a name"),
    ([None, "ana"], "bot's"),
])
def test_kept_seats_are_checked(hub_server, learners, why):
    bg = hub_server()
    kinds = ["person", "random"] if why == "bot's" else ["person", "person"]
    with pytest.raises(KitError, match=why):
        bg.server.create_table("loveletter", CLASSIC, kinds, learners=learners)
    assert bg.server.tables == {}


def test_a_kernel_sends_its_hub_token_only_to_the_hubs_services():
    env = {"JUPYTERHUB_API_TOKEN": "secret", "JUPYTERHUB_BASE_URL": "/jh/",
           "JUPYTERHUB_PUBLIC_URL": "https://hub.school.org/jh/", "JUPYTERHUB_API_URL": "http://10.0.0.5:8081/jh/hub/api"}
    assert hub_token_for("https://hub.school.org/jh/services/kit-tables", env) == "secret"
    assert hub_token_for("http://10.0.0.5:8000/jh/services/kit-tables/", env) == "secret"
    assert hub_token_for("http://127.0.0.1:8000/jh/services/kit-tables", env) == "secret"
    assert hub_token_for("https://hub.school.org/jh/user/ana/proxy/8765", env) is None  # not a service
    assert hub_token_for("https://evil.example/jh/services/kit-tables", env) is None
    assert hub_token_for("http://classroom-pc:8765", env) is None
    assert hub_token_for("http://classroom-pc:8765", env, hub=True) == "secret"
    assert hub_token_for("https://hub.school.org/jh/services/kit-tables", env, hub=False) is None
    assert hub_token_for("https://hub.school.org/jh/services/kit-tables", {}) is None
    with pytest.raises(KitError, match="not on a hub"):
        hub_token_for("http://classroom-pc:8765", {}, hub=True)


def test_the_hub_is_asked_once_per_fresh_token_and_remembers_a_bounded_number():
    answers = []

    async def fetch(url, headers):
        answers.append(headers["Authorization"])
        name = headers["Authorization"].split()[-1]
        return 200, json.dumps({"kind": "user", "name": name, "scopes": [SCOPE]}).encode()

    hub = HubLogin("http://hub/hub/api", "kit-tables", max_cached=8, cache_seconds=60, fetch=fetch)
    assert asyncio.run(hub.user("ana")) == "ana" and asyncio.run(hub.user("ana")) == "ana"
    assert answers == ["token ana"]
    for k in range(100):
        asyncio.run(hub.user(f"learner{k}"))
    assert len(hub) == 8 and hub.asked == 101
    stale = HubLogin("http://hub/hub/api", "kit-tables", cache_seconds=0, fetch=fetch)
    asyncio.run(stale.user("ana")), asyncio.run(stale.user("ana"))
    assert stale.asked == 2


def test_a_hub_that_does_not_answer_is_a_clear_refusal():
    async def down(url, headers):
        raise ConnectionRefusedError

    with pytest.raises(KitError, match="the hub did not answer"):
        asyncio.run(HubLogin("http://hub/hub/api", "kit-tables", fetch=down).user("ana"))
    with pytest.raises(KitError, match="http:// or https://"):
        HubLogin("hub/api")


def test_hub_login_from_the_services_environment():
    assert HubLogin.from_environment({}) is None
    hub = HubLogin.from_environment({"JUPYTERHUB_API_URL": "http://127.0.0.1:8081/hub/api",
                                     "JUPYTERHUB_SERVICE_NAME": "kit-tables"})
    assert hub.scope == SCOPE and hub.api_url == "http://127.0.0.1:8081/hub/api"


def test_game_table_join_with_the_hub_login(hub_server, monkeypatch):
    bg = hub_server()
    TeacherClient(bg.url, bg.server.token).create_table("loveletter", CLASSIC, ["person", "random"],
                                                        learners=["ana", None])
    for key, value in env_for("ana-token").items():
        monkeypatch.setenv(key, value)
    table = GameTable.join(bg.url, language="en")
    try:
        table.client.wait(lambda v: v is not None)
        assert wait_for(lambda: "kit-table" in table.pane.html and table.seat == 0)
    finally:
        table.close()


@pytest.mark.parametrize("token, key", [
    ("a-guessed-token", "hub-unknown-token"), ("eve-token", "hub-no-scope"), ("svc-token", "hub-not-a-learner"),
    (None, "hub-login-needed"),
])
def test_a_hub_refusal_is_data_and_a_learners_table_says_it_in_its_language(hub_server, monkeypatch, token, key):
    """The connection's HTTP refusal carries the refusal's key and fields (its body), not only English words:
    the learner's kernel holds it as data and says it in the table's language, as the seat refusals."""
    from kit.i18n.refusals import explain
    from kit.serve.refusals import REFUSALS, SeatRefusal

    bg = hub_server()
    client = SeatClient(bg.url, "ABCD-1-AAAAAAAA", retry=0.05,
                        **({"environ": env_for(token)} if token else {"hub": False}))
    try:
        assert wait_for(lambda: client.refusals)
        refusal = client.refusals[0]
        assert isinstance(refusal, SeatRefusal) and refusal.key == key
        if key == "hub-no-scope":
            assert {k: str(v) for k, v in refusal.fields.items()} == {"login": "eve", "scope": SCOPE}
        polish = explain(refusal, "pl")
        assert polish != str(refusal) and polish.strip()
        assert not any(word in polish for word in ("the hub", "join from", "this token"))
        assert str(refusal) == REFUSALS[key].format(**{k: str(v) for k, v in refusal.fields.items()})
    finally:
        client.close()
    for name, value in (env_for(token) if token else {}).items():
        monkeypatch.setenv(name, value)
    table = GameTable.join(bg.url, "ABCD-1-AAAAAAAA", language="pl", **({} if token else {"hub": False}))
    try:  # the remote table says it in Polish (its words up to the first colon: the rest may be wrapped)
        assert wait_for(lambda: html.escape(polish.split(":")[0], quote=False) in table.pane.html)
    finally:
        table.close()


def test_an_http_refusal_without_a_refusal_body_is_shown_as_the_servers_words():
    """A server of another version (or a proxy in between) refuses with a reason phrase only: its words."""
    from tornado.httpclient import HTTPClientError, HTTPResponse, HTTPRequest
    import io

    from kit.serve.client import _refusal_body
    from kit.serve.refusals import from_message, SeatRefusal

    bare = HTTPClientError(403, "Forbidden by the proxy")
    assert _refusal_body(bare) == {"error": "Forbidden by the proxy"}
    html = HTTPClientError(403, "Forbidden", HTTPResponse(HTTPRequest("http://x/"), 403,
                                                          buffer=io.BytesIO(b"<html>no</html>")))
    assert str(from_message(_refusal_body(html))) == "Forbidden"
    crafted = HTTPClientError(403, "x", HTTPResponse(HTTPRequest("http://x/"), 403, buffer=io.BytesIO(
        json.dumps({"type": "error", "error": "{0.__class__}", "refusal": "no-such-key"}).encode())))
    refusal = from_message(_refusal_body(crafted))
    assert not isinstance(refusal, SeatRefusal) and str(refusal) == "{0.__class__}"


def test_remote_table_says_why_it_was_refused(hub_server, monkeypatch):
    bg = hub_server()
    for key, value in env_for("eve-token").items():
        monkeypatch.setenv(key, value)
    table = GameTable.join(bg.url, "ABCD-1-AAAAAAAA", language="en")
    try:
        assert wait_for(lambda: SCOPE in table.pane.html)
        assert "Joining the table" in table.pane.html or table.client.gave_up
        # a scope the hub withholds does not pass by itself: the kernel stops at once, and the table says what
        # to do instead (a refusal that may pass is tried JOIN_TRIES times: tests/test_serve.py)
        assert wait_for(lambda: "Not joined: run the cell again" in table.pane.html, 15)
        assert table.client.gave_up and len(table.client.refusals) == 1 and "hub-no-scope" not in PASSING
        assert "Joining the table" not in table.pane.html and SCOPE in table.pane.html
        table.language_menu.value = "pl"
        assert "Nie dołączono" in table.pane.html and "zakres" in table.pane.html
    finally:
        table.close()

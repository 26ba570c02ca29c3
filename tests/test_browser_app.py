"""App mode (`make app`) in a real browser: Voila shows the play notebooks as pages with no code.

The server is started the way ``make app`` starts it (a Voila tree of ``notebooks/``), but on a copy of
``notebooks/`` in a temporary folder (the repository's files are never touched), on 127.0.0.1 with a free
port and a random token.  Debian's chromium, driven by Playwright, opens the tree, then
``sleepingqueens.ipynb`` as a page: no code on it, the table is there, and Ana plays one move by clicks
(a card picked up, then *Discard*), which the table's log tells.  Ben's cards are never on the page.
The server is stopped at the end (its kernels with it).  Screenshots go to the test's tmp folder.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import CHROMIUM, CHROMIUM_ARGS, ENABLE_HINT, ROOT, _browser_missing, _free_port

pytestmark = pytest.mark.browser

PLAY_NOTEBOOKS = ("loveletter.ipynb", "sleepingqueens.ipynb", "princesslegend.ipynb")
# the page's first table (the notebook's second one is a teacher's table), its log, and "Ana may click a card"
_TABLE = "document.querySelector('.kit-game-table')"
_LOG = f"(({_TABLE} || document).querySelector('.kit-full-log') || {{}}).textContent || ''"
_MY_TURN = f"() => {_TABLE} !== null && {_TABLE}.querySelector(\".kit-pane-view [data-choice^='card:']\") !== null"
# any decision of Ana's: her turn, a Queen to wake (Ben's Jester may count to her), or a defence
_MY_DECISION = (f"() => {_TABLE} !== null && {_TABLE}.querySelector(\".kit-pane-view [data-choice^='card:'], "
                f".kit-pane-view [data-choice^='place:'], .kit-pane-view [data-choice='allow']\") !== null")

_ANSWER = (f"() => {{ const e = {_TABLE}.querySelector(\".kit-pane-view [data-choice^='place:'], "
           f".kit-pane-view [data-choice='allow']\"); if (e) e.click(); }}")


def _until_my_turn(page, timeout: float) -> None:
    """Wait for Ana's turn; the deal is secret, so first answer a wake or a defence the bot's move may ask of her."""
    for _ in range(12):
        page.wait_for_function(_MY_DECISION, timeout=timeout)
        if page.evaluate(_MY_TURN):
            return
        # Clicked by the page's own script, as a tap is: a Playwright click waits for a still, attached element,
        # and once (a CI rehearsal) the place was drawn anew under it until its 30 s ran out.
        page.evaluate(_ANSWER)
        page.wait_for_timeout(300)
    page.wait_for_function(_MY_TURN, timeout=timeout)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # a redirect (to the login page) is an answer here
        return None


class App:
    """A running Voila: its port, token, the folder it serves and its log."""

    def __init__(self, root: Path, port: int, token: str, proc: subprocess.Popen) -> None:
        self.root, self.port, self.token, self.proc = root, port, token, proc

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path}?token={self.token}"

    def log(self) -> str:
        return (self.root / "voila.log").read_text(errors="replace")[-3000:]


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory):
    missing = _browser_missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{missing}; under CI the browser tests must run ({ENABLE_HINT})")
        pytest.skip(f"{missing}: {ENABLE_HINT}")
    root = tmp_path_factory.mktemp("app")
    shutil.copytree(ROOT / "notebooks", root / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "kit-progress.json"))
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ,
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
               # the python3 kernel of this interpreter, as tests/test_notebooks.py uses
               JUPYTER_PATH=os.pathsep.join(filter(None, [str(Path(sys.prefix) / "share" / "jupyter"),
                                                          os.environ.get("JUPYTER_PATH")])),
               JUPYTER_PLATFORM_DIRS="1", PYDEVD_DISABLE_FILE_VALIDATION="1")
    # what `make app` runs (voila --token notebooks), on a known port and token, with no browser of its own
    cmd = [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
           f"--Voila.token={token}", "notebooks"]
    log = open(root / "voila.log", "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=root)
    server = App(root, port, token, proc)
    try:
        deadline = time.time() + 90
        while True:
            try:
                urllib.request.urlopen(server.url(), timeout=2)
                break
            except (OSError, urllib.error.URLError):
                if proc.poll() is not None or time.time() > deadline:
                    raise RuntimeError(f"Voila did not start; log:\n{server.log()}")
                time.sleep(0.5)
        yield server
    finally:
        proc.terminate()  # Voila shuts its kernels down on SIGTERM
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
        log.close()


@pytest.fixture(scope="module")
def page(app):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport={"width": 1366, "height": 900})
        yield tab
        browser.close()


def test_the_server_needs_its_token(app):
    opener = urllib.request.build_opener(_NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as info:
        opener.open(f"http://127.0.0.1:{app.port}/voila/render/start.ipynb", timeout=60)
    assert info.value.code in (302, 401, 403)


def test_the_tree_lists_the_play_notebooks(app, page, tmp_path):
    page.goto(app.url(), timeout=120_000)
    for name in PLAY_NOTEBOOKS + ("start.ipynb",):
        page.get_by_text(name, exact=True).first.wait_for(timeout=60_000)
    page.screenshot(path=str(tmp_path / "app_tree.png"))


def test_a_play_notebook_is_a_page_with_no_code_and_its_table_plays(app, page, tmp_path):
    page.goto(app.url("voila/render/sleepingqueens.ipynb"), timeout=300_000)
    _until_my_turn(page, 300_000)  # Ana's turn (after Ben's move, if he starts)
    assert page.locator("h1").first.inner_text().strip().startswith("Sleeping Queens")
    # no code: no editor, no input prompt, no source line of the notebook
    assert page.locator(".cm-editor, .CodeMirror, .jp-InputPrompt, .jp-InputArea-editor").count() == 0
    text = page.locator("body").inner_text()
    for source in ("from kit", "import ", "GameTable(SleepingQueens(2), [\"you\", \"heuristic\"], names="):
        assert source not in text, f"code on the app page: {source!r}"
    assert "Traceback" not in text

    table = page.locator(".kit-game-table").first
    table.scroll_into_view_if_needed()
    view = table.locator(".kit-pane-view")
    assert table.locator("[data-zone='hand'][data-seat='1']").count() == 0  # Ben's cards: backs only
    before = table.locator(".kit-full-log").text_content() or ""
    assert "You discard" not in before
    page.screenshot(path=str(tmp_path / "app_page.png"))

    cards = [e.get_attribute("data-choice") for e in view.locator("[data-choice^='card:']").element_handles()]
    numbers = [c for c in cards if c.split(":")[1].isdigit()]
    pick = (numbers or cards)[0]
    view.locator(f"[data-choice='{pick}']").click()
    discard = view.locator("[data-choice='discard']")
    discard.wait_for(timeout=60_000)  # one card may always be discarded
    discard.click()
    page.wait_for_function(f"() => ({_LOG}).includes('You discard')", timeout=60_000)
    # then Ben moves: a sentence about Ben after Ana's discard
    page.wait_for_function(f"() => {{ const t = {_LOG}; const i = t.lastIndexOf('You discard'); "
                           f"return i >= 0 && t.slice(i).includes('Ben'); }}", timeout=120_000)
    _until_my_turn(page, 120_000)
    assert table.locator("[data-zone='hand'][data-seat='1']").count() == 0
    table.screenshot(path=str(tmp_path / "app_after_move.png"))
    assert "Traceback" not in page.locator("body").inner_text()

"""App mode (`make app`) in a real browser: Voila shows the children's page and the notebooks as pages with no code.

Two servers are started the way ``make app`` starts them (:data:`APP_ENV`: the pages' template and settings
in tools/jupyter), on copies of ``notebooks/`` in temporary folders (the repository's files are never
touched), on 127.0.0.1 with a free port and a random token:

* what ``make app`` opens, ``voila --token notebooks/kids.ipynb``: the children's page;
* ``make app APP=notebooks``: the list of notebooks, and each one as a page.

Debian's chromium, driven by Playwright at 1366 x 768 (a school laptop), plays as an eight-year-old would:
from the children's page, in English and in Polish, a whole game of Sleeping Queens against the robot by
clicks (the table offers the clicks; the child takes the first sensible one), then back to the start and
a round of practice (sums to 10: five questions answered on the number pad, one wrong answer first), and
sees five stars on the start screen.  No page shows code or a traceback, the Polish page no English word,
and no page logs a console error, fails a request or asks for anything off this computer (a web font, a
CDN).  Screenshots go to the test's tmp folder.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
import pytest

import kernels
import servers
from conftest import CHROMIUM, CHROMIUM_ARGS, ENABLE_HINT, ROOT, _browser_missing

pytestmark = pytest.mark.browser

PLAY_NOTEBOOKS = ("loveletter.ipynb", "sleepingqueens.ipynb", "princesslegend.ipynb", "kids.ipynb")
#: Where `make app` finds the pages' template (voila/templates/kit) and settings (voila.json).
APP_HOME = ROOT / "tools" / "jupyter"
VIEWPORT = {"width": 1366, "height": 768}

_TABLE = "document.querySelector('.kit-game-table')"
_VIEW = f"({_TABLE} && {_TABLE}.querySelector('.kit-pane-view'))"
_LOG = f"(({_TABLE} || document).querySelector('.kit-full-log') || {{}}).textContent || ''"
_MY_TURN = f"() => {_TABLE} !== null && {_TABLE}.querySelector(\".kit-pane-view [data-choice^='card:']\") !== null"
# any decision of Ana's: her turn, a Queen to wake (Ben's Jester may count to her), or a defence
_MY_DECISION = (f"() => {_TABLE} !== null && {_TABLE}.querySelector(\".kit-pane-view [data-choice^='card:'], "
                f".kit-pane-view [data-choice^='place:'], .kit-pane-view [data-choice='allow']\") !== null")
_ANSWER = (f"() => {{ const e = {_TABLE}.querySelector(\".kit-pane-view [data-choice^='place:'], "
           f".kit-pane-view [data-choice='allow']\"); if (e) e.click(); }}")
_CHOICES = (f"() => {{ const v = {_VIEW}; if (!v) return []; return [...v.querySelectorAll('[data-choice]')]"
            ".filter(e => !e.hasAttribute('disabled') && e.getAttribute('aria-disabled') !== 'true')"
            ".map(e => e.getAttribute('data-choice')); }")

#: Words of the children's page and its table in English: none of them may be on the Polish page.
ENGLISH = ("Play with", "Practise", "Sums to", "Three numbers", "Points to", "Back to the start", "Check",
           "Hint", "Erase", "Next question", "Your turn", "How to play", "Full log", "Inspect and replay",
           "Queen", "points", "Language", "Well done", "Right!", "Running", "wins")


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


def app_env(build: Path) -> dict[str, str]:
    """The environment `make app` gives Voila (tools/jupyter first, then the rules pages of ``build``), with this
    interpreter's kernel."""
    return dict(os.environ,
                PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
                # the pages' template and settings and the rules pages, as the Makefile sets them; then the python3
                # kernel of this interpreter, as tests/test_notebooks.py uses
                JUPYTER_PATH=os.pathsep.join(filter(None, [str(APP_HOME), str(build),
                                                           str(Path(sys.prefix) / "share" / "jupyter"),
                                                           os.environ.get("JUPYTER_PATH")])),
                JUPYTER_CONFIG_PATH=os.pathsep.join(filter(None, [str(APP_HOME),
                                                                  os.environ.get("JUPYTER_CONFIG_PATH")])),
                JUPYTER_PLATFORM_DIRS="1", PYDEVD_DISABLE_FILE_VALIDATION="1")


class App:
    """A running Voila: its port, token and the folder it serves (its log: voila.log there)."""

    def __init__(self, root: Path, port: int, token: str, proc: subprocess.Popen) -> None:
        self.root, self.port, self.token, self.proc = root, port, token, proc

    def url(self, path: str = "") -> str:
        return servers.url(self.port, path, self.token)


def _serve(tmp_path_factory: pytest.TempPathFactory, target: str):
    missing = _browser_missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{missing}; under CI the browser tests must run ({ENABLE_HINT})")
        pytest.skip(f"{missing}: {ENABLE_HINT}")
    root = tmp_path_factory.mktemp("app")
    shutil.copytree(ROOT / "notebooks", root / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "kit-progress.json"))
    # what `make app` runs: the rules pages first (tools/rules_pages.py), then voila --token <target>, on a known
    # port and token, with no browser of its own
    subprocess.run([sys.executable, str(ROOT / "tools" / "rules_pages.py"), str(root / "app-jupyter")], check=True,
                   capture_output=True)
    token = secrets.token_hex(16)

    def command(port: int) -> list[str]:
        return [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
                "--Voila.port_retries=0",                           # a taken port: start again (tests/servers.py)
                f"--Voila.token={token}", *kernels.ipc_arguments(), target]

    # kernels over unix sockets (tests/kernels.py); Voila keeps their files in a short temporary folder of its own
    port, proc = servers.start("Voila", command, root / "voila.log", token, env=app_env(root / "app-jupyter"),
                               cwd=root)
    try:
        yield App(root, port, token, proc)
    finally:
        servers.stop(proc)  # Voila shuts its kernels down on SIGTERM


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """`make app APP=notebooks`: every notebook."""
    yield from _serve(tmp_path_factory, "notebooks")


@pytest.fixture(scope="module")
def kids_app(tmp_path_factory):
    """`make app`: the children's page alone."""
    yield from _serve(tmp_path_factory, "notebooks/kids.ipynb")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Watch:
    """What a page logged or asked for that a school laptop offline must not see."""

    def __init__(self, page) -> None:
        self.problems: list[str] = []
        page.on("console", lambda m: self.problems.append(f"console {m.type}: {m.text[:300]}")
                if m.type == "error" else None)
        page.on("pageerror", lambda e: self.problems.append(f"page error: {str(e)[:300]}"))
        page.on("requestfailed", self._failed)
        page.on("response", lambda r: self.problems.append(f"HTTP {r.status}: {r.url[:200]}")
                if r.status >= 400 else None)
        page.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1", "data:", "blob:", "about:"))
                else self.problems.append(f"off this computer: {r.url[:200]}"))


    def _failed(self, request) -> None:
        # a request the browser dropped because the page was left (the kernel's shutdown as the next page opens,
        # a script still loading): no console error, a page left, not a fault
        if "ERR_ABORTED" in (request.failure or ""):
            return
        self.problems.append(f"failed request: {request.url[:200]} {request.failure}")


@pytest.fixture
def page(browser):
    tab = browser.new_page(viewport=VIEWPORT)
    tab.watch = Watch(tab)
    yield tab
    tab.close()


def _no_code(page) -> None:
    assert page.locator(".cm-editor, .CodeMirror, .jp-InputPrompt, .jp-InputArea-editor").count() == 0
    text = page.locator("body").inner_text()
    for source in ("from kit", "import ", "KidsApp(", "set_language("):
        assert source not in text, f"code on the app page: {source!r}"
    assert "Traceback" not in text and "Error" not in text


def _home(page):
    pane = page.locator(".kids-app .kids-home")
    pane.wait_for(timeout=300_000)
    return pane


def _click_and_wait(page, locator) -> None:
    old = page.evaluate(f"() => {_VIEW} ? {_VIEW}.innerHTML : ''")
    locator.click()
    page.wait_for_function(f"old => ({_VIEW} ? {_VIEW}.innerHTML : '') !== old", arg=old, timeout=60_000)


def _child_choice(choices: list[str]) -> str | None:
    """The click an eight-year-old makes: what the table asks first, a King, a Knight, ..., else the first card."""
    for want in ("pass", "ready", "block", "allow"):
        if want in choices:
            return want
    for prefix in ("place:", "queen:"):
        found = [c for c in choices if c.startswith(prefix)]
        if found:
            return found[0]
    for want in ("discard", "jester"):
        if want in choices:
            return want
    cards = [c for c in choices if c.startswith("card:")]
    for name in ("King", "Knight", "Potion", "Jester"):
        found = [c for c in cards if c.split(":")[1] == name]
        if found:
            return found[0]
    numbers = [c for c in cards if c.split(":")[1].isdigit()]
    return (numbers or cards or [None])[0]


def play_to_the_end(page, tmp_path: Path, tag: str, limit: int = 600) -> int:
    """Click as a child until the game is over (the table offers a new game); the number of clicks."""
    table = page.locator(".kit-game-table").first
    table.wait_for(timeout=120_000)
    clicks = 0
    while clicks < limit:
        page.wait_for_function(f"() => ({_CHOICES})().length > 0", timeout=180_000)
        choices = page.evaluate(_CHOICES)
        if "new" in choices:
            return clicks
        pick = _child_choice(choices)
        assert pick is not None, choices
        if clicks == 6:
            page.screenshot(path=str(tmp_path / f"kids_game_{tag}.png"))
        try:
            _click_and_wait(page, table.locator(f".kit-pane-view [data-choice='{pick}']").first)
        except Exception:  # noqa: BLE001 - the bot moved meanwhile and drew the table anew: look again
            pass
        assert table.locator("[data-zone='hand'][data-seat='1']").count() == 0  # the robot's cards: backs only
        clicks += 1
    raise AssertionError(f"no end after {limit} clicks")


def practise_a_round(page, tmp_path: Path, tag: str) -> None:
    """Sums to 10: one wrong answer, then five right ones on the number pad; five stars."""
    page.locator("[data-choice='practise:to10']").click()
    box = page.locator(".kids-practice")
    box.wait_for(timeout=60_000)
    for n in range(5):
        question = box.locator(".kit-sum-question")
        question.wait_for(timeout=60_000)
        answer = sum(int(x) for x in question.get_attribute("data-numbers").split())
        if n == 0:  # a wrong answer first: told in the child's words, no star
            wrong = answer + 1 if answer < 10 else answer - 1
            for digit in str(wrong):
                box.locator(f".kids-pad-{digit}").click()
            box.locator(".kids-check").click()
            box.locator("[role='status']").wait_for(timeout=30_000)
            assert box.locator("[role='status']").inner_text().startswith("✘")
            page.screenshot(path=str(tmp_path / f"kids_practice_wrong_{tag}.png"))
            box.locator(".kids-erase").click()  # the answer box starts again, the verdict goes
            page.wait_for_function("() => document.querySelector('.kids-answer input').value === '' && "
                                   "!document.querySelector('.kids-practice [role=status]')", timeout=30_000)
        for digit in str(answer):
            box.locator(f".kids-pad-{digit}").click()
        page.wait_for_function("want => document.querySelector('.kids-answer input').value === want",
                               arg=str(answer), timeout=30_000)
        box.locator(".kids-check").click()
        box.locator("[role='status']").filter(has_text="✔").wait_for(timeout=30_000)
        if n < 4:
            seed = question.get_attribute("data-seed")
            box.locator(".kids-next").click()
            page.wait_for_function("old => { const q = document.querySelector('.kit-sum-question'); "
                                   "return q && q.getAttribute('data-seed') !== old; }", arg=seed, timeout=30_000)
    box.locator(".kids-again").wait_for(timeout=30_000)
    page.screenshot(path=str(tmp_path / f"kids_practice_done_{tag}.png"))


def a_few_turns_with_a_friend(page, tmp_path: Path) -> None:
    """Two children at one screen: the cover hides every card between their turns; each plays by clicks."""
    page.locator("[data-choice='play:friend']").click()
    table = page.locator(".kit-game-table").first
    table.wait_for(timeout=120_000)
    turns = covers = 0
    for _ in range(40):
        page.wait_for_function(f"() => ({_CHOICES})().length > 0", timeout=60_000)
        choices = page.evaluate(_CHOICES)
        if choices == ["ready"]:  # the cover: "I am ...: show my cards", and no card of anyone under it
            assert table.locator("[data-zone='hand'] [data-card], [data-zone='hand'][data-card]").count() == 0
            covers += 1
            if covers == 1:
                page.screenshot(path=str(tmp_path / "kids_friend_cover.png"))
        elif "pass" in choices:
            turns += 1
        if covers >= 3 and turns >= 2:
            return
        _click_and_wait(page, table.locator(f".kit-pane-view [data-choice='{_child_choice(choices)}']").first)
    raise AssertionError(f"{covers} covers and {turns} turns in 40 clicks")


def test_the_server_needs_its_token(app):
    opener = urllib.request.build_opener(_NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as info:
        opener.open(f"http://127.0.0.1:{app.port}/voila/render/start.ipynb", timeout=60)
    assert info.value.code in (302, 401, 403)


def test_make_app_opens_the_childrens_page(kids_app, page, tmp_path):
    page.goto(kids_app.url(), timeout=300_000)
    home = _home(page)
    page.wait_for_timeout(1500)  # late console errors of the widget plugins would come now
    _no_code(page)
    assert home.locator("[data-choice='play:bot']").is_visible()
    for choice in ("play:bot", "play:friend", "practise:to10", "practise:to20", "practise:three",
                   "practise:queens50"):  # every button in view on a 1366 x 768 screen
        box = home.locator(f"[data-choice='{choice}']").bounding_box()
        assert box and box["y"] + box["height"] <= VIEWPORT["height"] and box["x"] + box["width"] <= VIEWPORT["width"]
        assert box["height"] >= 100, choice  # big buttons
    page.screenshot(path=str(tmp_path / "kids_home_en.png"))
    assert not page.watch.problems, "\n".join(page.watch.problems)


def test_the_tree_lists_the_play_notebooks_without_a_console_error(app, page, tmp_path):
    page.goto(app.url(), timeout=120_000)
    for name in PLAY_NOTEBOOKS + ("start.ipynb",):
        page.get_by_text(name, exact=True).first.wait_for(timeout=60_000)
    page.wait_for_timeout(2000)
    page.screenshot(path=str(tmp_path / "app_tree.png"))
    assert not page.watch.problems, "\n".join(page.watch.problems)


#: The children's page as the test plays it: the same notebook, its games seeded (the same game on every run, so
#: the test takes the same time) and the robot's pause between two moves 0.3 s instead of 1 s (a child's page
#: keeps the default; about 30 of the robot's moves a game, this saves some 20 s of waiting per game).
KIDS_TEST_APP = "KidsApp(seed=7, delay=0.3)"


def _seeded_kids_page(app: App, lang: str) -> str:
    """The children's notebook of ``lang`` copied beside itself, its ``KidsApp()`` seeded; its page path."""
    folder = app.root / "notebooks" / ("" if lang == "en" else lang)
    nb = nbformat.read(folder / "kids.ipynb", as_version=4)
    calls = [c for c in nb.cells if c.cell_type == "code" and "KidsApp()" in c.source]
    assert len(calls) == 1, "the children's notebook builds its page with one KidsApp()"
    calls[0].source = calls[0].source.replace("KidsApp()", KIDS_TEST_APP)
    nbformat.write(nb, folder / "_kids_seeded.ipynb")
    return ("" if lang == "en" else f"{lang}/") + "_kids_seeded.ipynb"


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_child_plays_sleeping_queens_to_the_end_and_a_practice_round_without_code(app, page, tmp_path, lang):
    page.goto(app.url("voila/render/" + _seeded_kids_page(app, lang)), timeout=300_000)
    home = _home(page)
    _no_code(page)
    page.screenshot(path=str(tmp_path / f"kids_home_{lang}.png"))
    if lang == "pl":
        text = page.locator("body").inner_text()
        assert "Zagraj z robotem" in text and "Dodawanie do 10" in text, text[:500]
        assert page.title() and not re.search(r"[A-Za-z]{3,}", page.title()), page.title()
    home.locator("[data-choice='play:bot']").click()
    clicks = play_to_the_end(page, tmp_path, lang)
    assert clicks > 5
    end = page.locator(".kit-game-table").first
    page.screenshot(path=str(tmp_path / f"kids_game_end_{lang}.png"))
    _no_code(page)
    if lang == "pl":
        text = end.inner_text()
        for english in ENGLISH:
            assert english not in text, (english, text[:800])
    page.locator(".kids-home-button").click()
    home = _home(page)
    practise_a_round(page, tmp_path, lang)
    page.locator(".kids-home-button").click()
    home = _home(page)
    stars = home.locator("[data-choice='practise:to10'] .kids-stars")
    assert stars.get_attribute("aria-label") == ("5 stars" if lang == "en" else "5 gwiazdek")
    page.screenshot(path=str(tmp_path / f"kids_home_stars_{lang}.png"))
    if lang == "en":
        a_few_turns_with_a_friend(page, tmp_path)
        page.locator(".kids-home-button").click()
        home = _home(page)
    if lang == "pl":
        text = page.locator("body").inner_text()
        for english in ENGLISH:
            assert english not in text, (english, text[:800])
    _no_code(page)
    assert not page.watch.problems, "\n".join(page.watch.problems)


def test_a_play_notebook_is_a_page_with_no_code_and_its_table_plays(app, page, tmp_path):
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(app.url("voila/render/sleepingqueens.ipynb"), timeout=300_000)
    _until_my_turn(page, 300_000)  # Ana's turn (after Ben's move, if he starts)
    assert page.locator("h1").first.inner_text().strip().startswith("Sleeping Queens")
    # no code: no editor, no input prompt, no source line of the notebook
    assert page.locator(".cm-editor, .CodeMirror, .jp-InputPrompt, .jp-InputArea-editor").count() == 0
    text = page.locator("body").inner_text()
    for source in ("from kit", "import ", "GameTable(SleepingQueens(2), [\"you\", \"heuristic\"], names="):
        assert source not in text, f"code on the app page: {source!r}"
    assert "Traceback" not in text
    assert page.get_by_text("Teacher view").count() == 0  # a student's page: no teacher switch
    assert page.locator(".kit-game-table").count() == 1

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
    # the notebook's own link to the rules of discarding lands on that section of the rules page
    page.locator("a[href$='sleepingqueens.md#discarding']").first.click()
    _landed(page, "discarding")
    page.screenshot(path=str(tmp_path / "app_rules_discarding.png"))
    assert not page.watch.problems, "\n".join(page.watch.problems)


def _landed(page, anchor: str) -> None:
    """The browser is on a rules page, scrolled to the section ``anchor`` (in view, near the top)."""
    page.wait_for_url(re.compile(r"/voila/static/rules/[\w.-]+\.html#"), timeout=60_000)
    page.wait_for_function("""a => { const e = document.getElementById(a); if (!e) return false;
                                     const r = e.getBoundingClientRect();
                                     return window.scrollY > 0 && r.top >= -2 && r.top < window.innerHeight / 3; }""",
                           arg=anchor, timeout=30_000)


def test_rules_links_land_on_their_section_in_voila(app, page, tmp_path):
    """The links the notebooks write (English, Polish, French) open the rules page at the section."""
    from test_browser_rules_links import LINKS

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("\n".join(f"* [section {i}]({link})" for i, (link, _a) in
                                                        enumerate(LINKS)))]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, app.root / "notebooks" / "_rules_links.ipynb")
    for i, (_link, anchor) in enumerate(LINKS):
        page.goto(app.url("voila/render/_rules_links.ipynb"), timeout=120_000)
        page.wait_for_function("() => !document.getElementById('loading')", timeout=120_000)  # the page is ready
        page.get_by_text(f"section {i}", exact=True).click()
        _landed(page, anchor)
        page.screenshot(path=str(tmp_path / f"voila_rules_link_{i}.png"))
    assert not page.watch.problems, "\n".join(page.watch.problems)


@pytest.mark.parametrize("notebook", ["start.ipynb", "loveletter.ipynb", "princesslegend.ipynb",
                                      "pl/sleepingqueens.ipynb"])
def test_every_play_page_shows_no_code_and_logs_no_console_error(app, page, tmp_path, notebook):
    page.goto(app.url(f"voila/render/{notebook}"), timeout=300_000)
    page.wait_for_function("() => !document.getElementById('loading')", timeout=300_000)  # every cell has run
    page.wait_for_timeout(1500)
    # no code cell (these pages, for learners of 10 and more, may show Python in their text) and no traceback
    assert page.locator(".cm-editor, .CodeMirror, .jp-InputPrompt, .jp-InputArea-editor").count() == 0
    assert "Traceback" not in page.locator("body").inner_text()
    assert page.get_by_role("checkbox", name=re.compile("Teacher view|Widok nauczyciela")).count() == 0
    page.screenshot(path=str(tmp_path / (notebook.replace("/", "_") + ".png")))
    assert not page.watch.problems, "\n".join(page.watch.problems)


def test_make_app_runs_what_this_test_runs():
    """The Makefile's app target opens the children's page with tools/jupyter, as the servers above do."""
    make = (ROOT / "Makefile").read_text()
    assert "APP      ?= notebooks/$(if $(filter-out en,$(APP_LANG)),$(APP_LANG)/)kids.ipynb" in make
    recipe = make.split("\napp: setup\n", 1)[1].split("\n\n", 1)[0]
    assert "$(BIN)/python tools/rules_pages.py $(APP_BUILD)" in recipe
    assert "JUPYTER_PATH=$(APP_HOME):$(APP_BUILD)" in recipe and "JUPYTER_CONFIG_PATH=$(APP_HOME)" in recipe
    assert "$(BIN)/voila --token $(APP_ARGS) $(APP)" in recipe
    assert "APP_HOME  = $(CURDIR)/tools/jupyter" in make
    for lang in ("ro", "cs", "pt", "pl", "fr"):  # APP_LANG=<lang> opens a page that exists
        assert (ROOT / "notebooks" / lang / "kids.ipynb").is_file(), lang

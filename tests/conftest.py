"""Shared fixtures: a JupyterLab server and a headless Chromium for browser tests.

Browser tests run JupyterLab on 127.0.0.1 (a free port, a random token) and
drive Debian's ``/usr/bin/chromium`` with Playwright for Python.  Under CI
(``CI=true``) they must run; elsewhere they skip, saying how to enable them.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

import kernels
import servers

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ENABLE_HINT = ("browser tests need Debian's chromium and Playwright for Python: "
               "run `make browser-deps` (as root it runs `apt-get install chromium`), "
               "or set KIT_CHROMIUM to a Chromium binary")


def _browser_missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM}"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed"
    return None


class Lab:
    """A running JupyterLab: its URL, token and the folder it serves."""

    def __init__(self, root: Path, port: int, token: str, proc: subprocess.Popen) -> None:
        self.root, self.port, self.token, self.proc = root, port, token, proc

    def url(self, path: str) -> str:
        return servers.url(self.port, path, self.token)


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory):
    """JupyterLab serving a copy of notebooks/ (the repository's files are never touched)."""
    missing = _browser_missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{missing}; under CI the browser tests must run ({ENABLE_HINT})")
        pytest.skip(f"{missing}: {ENABLE_HINT}")
    root = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", root / "notebooks")
    settings = root / ".settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    token = secrets.token_hex(16)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
               JUPYTERLAB_SETTINGS_DIR=str(root / ".settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(root / ".workspaces"),
               JUPYTER_RUNTIME_DIR=str(kernels.folder()))          # kernels over unix sockets: tests/kernels.py

    def command(port: int) -> list[str]:
        cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
               "--ServerApp.port_retries=0",                        # a taken port: start again (tests/servers.py)
               f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
               "--LabApp.news_url=", "--ServerApp.open_browser=False",
               # window.jupyterapp: a test file's notebooks open in one loaded app (lab_page)
               "--LabApp.expose_app_in_browser=True", *kernels.ipc_arguments()]
        return cmd + ["--allow-root"] if os.geteuid() == 0 else cmd

    port, proc = servers.start("JupyterLab", command, root / "lab.log", token, ready="api/status", env=env, cwd=root)
    try:
        yield Lab(root, port, token, proc)
    finally:
        servers.stop(proc, wait=15)


@pytest.fixture(scope="module")
def browser(jupyterlab):
    """A headless Chromium for one test file (its browser tests run on one xdist worker, see conftest.py).

    Not for the whole session: Playwright's sync API keeps an asyncio event loop running in the test's thread
    while it is started, and the other tests a worker runs afterwards may call ``asyncio.run``.
    """
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


#: Page scripts: true once the notebook's kernel is named in the toolbar and idle (or a dialog asks for one).
_KERNEL_READY = """() => {
  const name = document.querySelector('.jp-Toolbar-kernelName');
  const idle = document.querySelector(".jp-Notebook-ExecutionIndicator[data-status='idle']");
  return Boolean(idle && name && /python/i.test(name.textContent));
}"""
_KERNEL_READY_OR_ASKED = _KERNEL_READY.replace("return Boolean(",
                                               "return Boolean(document.querySelector('.jp-Dialog .jp-mod-accept') || ")


#: Page script: close every tab of the main area (the notebooks a test opened, the rules pages it followed), without
#: JupyterLab's "save your changes?" question: the copies are thrown away, as a closed page threw them away.
_CLOSE_ALL = """() => {
  for (const w of Array.from(window.jupyterapp.shell.widgets('main'))) w.dispose();
}"""
_NOTHING_OPEN = "() => !document.querySelector('.jp-Notebook, .jp-MarkdownViewer, .jp-Dialog')"


def _shut_kernels_down(lab: Lab) -> None:
    """Shut every kernel of ``lab`` down (its sessions: JupyterLab keeps a closed notebook's kernel running)."""
    with urllib.request.urlopen(lab.url("api/sessions"), timeout=30) as answer:
        sessions = json.load(answer)
    for session in sessions:
        urllib.request.urlopen(urllib.request.Request(lab.url(f"api/sessions/{session['id']}"), method="DELETE"),
                               timeout=60).close()


@pytest.fixture(scope="module")
def lab_page(jupyterlab, browser):
    """One JupyterLab page for a test file: each test opens its notebook in it, instead of loading the app again.

    It starts on ``lab/tree/notebooks?reset`` (an empty workspace, the file browser open on notebooks/, as
    JupyterLab opens); ``window.jupyterapp`` is there because the server runs with ``--expose-app-in-browser``.
    """
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    _load_lab(page, jupyterlab)
    yield page
    page.close()


def _load_lab(page, lab: Lab) -> None:
    page.goto(lab.url("lab/tree/notebooks") + "&reset")
    page.wait_for_function("() => Boolean(window.jupyterapp)", timeout=180_000)
    page.evaluate("() => window.jupyterapp.restored.then(() => true)")


#: Page scripts: some cell of the open notebook was queued or ran (its prompt is no longer "[ ]:"); run all cells
#: of the notebook in the main area through JupyterLab's command (made current first).
_RUN_BEGAN = ("() => [...document.querySelectorAll('.jp-Notebook .jp-InputArea-prompt')]"
              ".some(p => p.textContent.trim() !== '[ ]:' && p.textContent.trim() !== '')")
_RUN_ALL_AGAIN = """() => {
  const app = window.jupyterapp;
  const panel = Array.from(app.shell.widgets('main')).find(w => w.node.querySelector('.jp-Notebook'));
  if (panel) app.shell.activateById(panel.id);
  return app.commands.execute('notebook:run-all-cells').then(() => true);
}"""


def _wait_kernel_and_run_all(page, timeout: float) -> None:
    page.wait_for_selector(".jp-Notebook", timeout=180_000)
    # the notebook's kernel is up (the toolbar names it, idle), or JupyterLab asks which kernel to start:
    # accept the suggested one (waiting for whichever comes first, not a fixed time for a dialog)
    page.wait_for_function(_KERNEL_READY_OR_ASKED, timeout=180_000)
    dialog = page.query_selector(".jp-Dialog .jp-mod-accept")
    if dialog is not None:
        dialog.click()
        page.wait_for_function(_KERNEL_READY, timeout=180_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()
    try:  # the run began: a cell is queued, running or done (a click on a menu of a notebook not yet current is lost)
        page.wait_for_function(_RUN_BEGAN, timeout=60_000)
    except Exception:  # noqa: BLE001 - once seen on a busy machine: the notebook's cells never ran (600 s lost)
        page.evaluate(_RUN_ALL_AGAIN)
        page.wait_for_function(_RUN_BEGAN, timeout=60_000)
    page.wait_for_function(
        "() => document.querySelectorAll('.jp-Notebook .jp-InputArea-prompt').length > 0 && "
        "![...document.querySelectorAll('.jp-Notebook .jp-InputArea-prompt')]"
        ".some(p => p.textContent.includes('*') || p.textContent.trim() === '[ ]:')",
        timeout=timeout)
    errors = page.query_selector_all(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    tracebacks = [e.inner_text() for e in errors if "Traceback" in e.inner_text() or "Error" in e.inner_text()]
    assert not tracebacks, tracebacks[0][:2000]


@pytest.fixture
def lab_notebook(jupyterlab, browser, lab_page):
    """``open(name)`` opens notebooks/<name> in JupyterLab, runs all cells and returns the page.

    The first notebook a test opens is opened in the test file's JupyterLab page (:func:`lab_page`; loaded
    anew if ``viewport`` is not the size of its window), alone in it; a second one at the same time gets a page of its own, as a second
    learner's screen.  Afterwards the notebooks are closed and their kernels shut down.
    """
    pages = []

    def open_notebook(name: str, timeout: float = 600_000, viewport: tuple[int, int] = (1400, 950)):
        size = {"width": viewport[0], "height": viewport[1]}
        if not pages:
            page = lab_page
            if page.viewport_size != size:
                # a window of another size: JupyterLab loaded anew in it, as a fresh page would be (a notebook
                # opened in an app narrowed after it was drawn came out scrolled sideways at its end)
                page.set_viewport_size(size)
                _load_lab(page, jupyterlab)
            page.wait_for_function(_NOTHING_OPEN, timeout=60_000)
            page.evaluate("path => window.jupyterapp.commands.execute('docmanager:open', {path}).then(() => true)",
                          f"notebooks/{name}")
        else:
            page = browser.new_page(viewport=size)
            # "&reset": start from an empty workspace, so a notebook an earlier test left open (and
            # unrun in this page) is not restored beside this one
            page.goto(jupyterlab.url(f"lab/tree/notebooks/{name}") + "&reset")
        pages.append(page)
        _wait_kernel_and_run_all(page, timeout)
        return page

    yield open_notebook
    for page in pages[1:]:
        page.close()
    if pages:
        try:
            lab_page.evaluate(_CLOSE_ALL)
            lab_page.wait_for_function(_NOTHING_OPEN, timeout=30_000)
        except Exception:  # noqa: BLE001 - a test that failed half-way may leave a dialog: load the app anew
            _load_lab(lab_page, jupyterlab)
    _shut_kernels_down(jupyterlab)

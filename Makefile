# Two commands for everyone (see README.md):
#
#   make lab    set up .venv, then open JupyterLab on notebooks/start.ipynb
#   make test   set up .venv, then run the whole test suite
#
# Both start with `setup`: .venv is (re)built from scratch whenever pyproject.toml
# is newer than the last successful install, or the venv's Python no longer runs.
#
# Knobs:  make test PYTEST_ARGS="-k readme -x"      PYTHON=python3.12 make test
#         make test QUIET=                           (show pip's full output)
#         make bench BENCH=benchmarks/loveletter_speed.py BENCH_ARGS=...

PYTHON  ?= python3
VENV    ?= .venv
BIN      = $(VENV)/bin
STAMP    = $(VENV)/.installed
QUIET   ?= -qq
PIP      = $(BIN)/python -m pip --disable-pip-version-check --no-input $(QUIET)
PYTEST_ARGS ?=
LAB_ARGS ?=
START    = notebooks/start.ipynb
# JupyterLab refuses to start as root unless told it may (CI machines, containers).
ALLOW_ROOT = $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: lab test app serve bench exercises catalogs setup browser-deps clean help

help:
	@echo "make lab    - set up .venv and open JupyterLab on notebooks/start.ipynb"
	@echo "make test   - set up .venv and run the whole test suite (pytest + doctests)"
	@echo "make app    - set up .venv and open the children's page, no code (Voila; APP_LANG=pl in Polish; APP=notebooks: every notebook)"
	@echo "make serve  - set up .venv and start a table server for a class (kit/serve; docs/table-server.md)"
	@echo "make bench  - set up .venv and run every script in benchmarks/"
	@echo "make exercises - regenerate exercises/*.ipynb from solutions/*.ipynb"
	@echo "make catalogs - extract the kit's messages and merge them into each language's .po"
	@echo "make browser-deps - install Chromium for the browser tests (apt-get, as root)"
	@echo "make clean  - remove .venv, test caches and the compiled engine"

# A venv whose interpreter is gone (Python upgraded or removed) counts as not installed.
ifneq ($(wildcard $(STAMP)),)
ifneq ($(shell $(BIN)/python -c 'print("ok")' 2>/dev/null),ok)
$(shell rm -f $(STAMP))
endif
endif

# Build .venv from scratch and install the kit with its test extras.
# `python -m venv` needs ensurepip; Debian ships that separately (python3-venv). If it is
# missing, build the venv without pip and bootstrap pip from the system's pip or pip wheel.
$(STAMP): pyproject.toml
	@echo "==> building $(VENV) with $(PYTHON): first run or pyproject.toml changed (a few minutes)"
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else \
	    "error: the kit needs Python >= 3.11; $(PYTHON) is %d.%d. Try: make $(MAKECMDGOALS) PYTHON=python3.11" % sys.version_info[:2])'
	@rm -rf $(VENV)
	@log=$$(mktemp); if ! $(PYTHON) -m venv $(VENV) >$$log 2>&1; then \
	    echo "    '$(PYTHON) -m venv' failed (no ensurepip?); building the venv without pip"; \
	    rm -rf $(VENV) && $(PYTHON) -m venv --without-pip $(VENV) || { cat $$log; rm -f $$log; exit 1; }; \
	    wheel=$$(ls /usr/share/python-wheels/pip-*.whl 2>/dev/null | tail -n 1); \
	    if $(PYTHON) -m pip --version >/dev/null 2>&1 && \
	       $(PYTHON) -m pip --python $(BIN)/python install $(QUIET) --disable-pip-version-check pip; then :; \
	    elif [ -n "$$wheel" ] && $(BIN)/python $$wheel/pip install $(QUIET) --disable-pip-version-check pip; then :; \
	    else \
	        cat $$log; rm -f $$log; rm -rf $(VENV); \
	        echo "error: cannot make a venv with pip. On Debian/Ubuntu: apt-get install python3-venv"; \
	        exit 1; \
	    fi; \
	fi; rm -f $$log
	@$(PIP) install 'pip>=23'
	@$(PIP) install -e '.[test,fast]'
	@touch $@
	@echo "==> $(VENV) ready"

# The Sleeping Queens engine compiled by mypyc (kit/sleepingqueens/compiled.py): built when state.py or the
# modules it imports changed, silent when up to date; without mypy or a C compiler the kit runs it as pure Python.
setup: $(STAMP)
	@$(BIN)/python tools/build_engine.py --quiet

lab: setup
	$(BIN)/jupyter lab $(ALLOW_ROOT) --ServerApp.root_dir=. --LabApp.default_url=/lab/tree/$(START) $(LAB_ARGS) $(START)

# App mode: web pages with no code (Voila), for children, a projector or a class that should play rather
# than program. By default the children's page, notebooks/kids.ipynb (play Sleeping Queens, practise adding);
# APP_LANG=pl opens it in Polish (notebooks/pl/kids.ipynb; likewise ro cs pt fr). `make app APP=notebooks`
# lists every notebook (click one: it runs, then shows its text, pictures and tables); APP=notebooks/x.ipynb
# opens one. tools/jupyter holds the pages' template and settings (voila.json: nothing fetched from the
# internet, only the widget extensions loaded; a link to a rules page opens its HTML twin). The server listens on localhost with a fresh token
# (printed); APP_ARGS=--no-browser opens no browser.
APP_LANG ?=
APP      ?= notebooks/$(if $(filter-out en,$(APP_LANG)),$(APP_LANG)/)kids.ipynb
APP_ARGS ?=
APP_HOME  = $(CURDIR)/tools/jupyter
# the rules pages (docs/rules/*.md) as HTML, where the pages' links to a rules section lead (tools/rules_pages.py)
APP_BUILD = $(CURDIR)/.cache/app-jupyter
app: setup
	@$(BIN)/python tools/rules_pages.py $(APP_BUILD)
	JUPYTER_PATH=$(APP_HOME):$(APP_BUILD)$(if $(JUPYTER_PATH),:$(JUPYTER_PATH)) \
	JUPYTER_CONFIG_PATH=$(APP_HOME)$(if $(JUPYTER_CONFIG_PATH),:$(JUPYTER_CONFIG_PATH)) \
	    $(BIN)/voila --token $(APP_ARGS) $(APP)

# testpaths, --doctest-modules over kit/ and the doctest flags live in pyproject.toml.
# The suite runs on every core (pytest-xdist: the browser tests of one file, and the tests of one notebook's run,
# on one worker; each worker its own JupyterLab and Chromium; see conftest.py); XDIST= runs it in one process.
# pytest's exit code 5 means it collected no test at all: say so, and fail.
# The suite starts a few hundred Python processes (workers, kernels, sealed bots, servers): they share the
# kit's bytecode (and pytest's rewritten tests) in __pycache__ even where the environment sets
# PYTHONDONTWRITEBYTECODE, instead of each compiling every module again; compiled once before the workers start.
XDIST ?= -n auto --dist loadgroup
test: export PYTHONDONTWRITEBYTECODE =
test: setup
	@$(MAKE) --no-print-directory browser-deps || echo "(without Chromium the browser tests are skipped)"
	@$(BIN)/python -m compileall -q -j 0 kit tests conftest.py >/dev/null || true
	@echo "$(BIN)/python -m pytest $(XDIST) $(PYTEST_ARGS)"
	@status=0; $(BIN)/python -m pytest $(XDIST) $(PYTEST_ARGS) || status=$$?; \
	if [ $$status -eq 5 ]; then echo "error: pytest collected no tests" >&2; fi; exit $$status

# exercises/ is generated from solutions/ (### BEGIN/END SOLUTION regions become stubs);
# tests/test_teach_notebooks.py fails when the two drift.
exercises: setup
	$(BIN)/python -m kit.teach.notebooks build

# The message catalogs (kit/i18n/locale/<lang>/LC_MESSAGES/kit.po): extract every message, merge new ones.
catalogs: setup
	$(BIN)/python -m kit.i18n.catalogs update
	$(BIN)/python -m kit.i18n.catalogs check || true

# A table server for a class (kit/serve; docs/table-server.md): learners join from their own kernels with
# GameTable.join(url, code). SERVE_ARGS="--host 0.0.0.0" serves every address of this machine (a computer room).
SERVE_ARGS ?=
serve: setup
	$(BIN)/python -m kit.serve --port 8765 --db kit-tables.sqlite $(SERVE_ARGS)

BENCH ?= $(wildcard benchmarks/*.py)
bench: setup
	@set -e; [ -n "$(strip $(BENCH))" ] || { echo "no benchmarks yet (benchmarks/*.py)"; exit 0; }; \
	for b in $(BENCH); do echo "== $$b"; $(BIN)/python "$$b" $(BENCH_ARGS); done

# Browser tests drive Debian's chromium (/usr/bin/chromium) with Playwright for Python
# (in the test extras; Playwright's own browser download cannot work here). As root this
# installs chromium with apt-get; otherwise it says what to run. Without chromium the
# browser tests skip, except under CI=true where they must run.
CHROMIUM ?= $(or $(KIT_CHROMIUM),/usr/bin/chromium)
# axe-core (from npm) checks the students' tables for accessibility in the browser tests.
AXE ?= .cache/axe/node_modules/axe-core/axe.min.js
browser-deps: setup
	@if [ -x "$(CHROMIUM)" ]; then echo "browser-deps: $(CHROMIUM) is there"; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "==> apt-get install chromium"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	        apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null; \
	else echo "browser-deps: run 'sudo apt-get install chromium' (Debian/Ubuntu), then make test" >&2; exit 1; fi
	@$(BIN)/python -c 'import playwright.sync_api' || { echo "error: playwright missing from $(VENV)" >&2; exit 1; }
	@# the class tournament's sandbox (kit/core/sandbox.py; tests/test_tournament_hostile.py skip without it)
	@if command -v bwrap >/dev/null; then :; elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "==> apt-get install bubblewrap (the tournament's sandbox)"; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends bubblewrap >/dev/null \
	        || echo "browser-deps: could not install bubblewrap; the sandbox tests will skip" >&2; \
	else echo "browser-deps: no bwrap: the tournament sandbox tests skip ('sudo apt-get install bubblewrap')" >&2; fi
	@if [ -f "$(AXE)" ]; then :; elif command -v npm >/dev/null; then \
	    echo "==> npm install axe-core (accessibility checks of the browser tests)"; \
	    npm install --no-save --no-audit --no-fund --silent --prefix .cache/axe axe-core@4 >/dev/null \
	        || echo "browser-deps: npm could not install axe-core; the accessibility checks will skip" >&2; \
	else echo "browser-deps: no npm: the accessibility checks (axe-core) will skip" >&2; fi

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .cache kit/sleepingqueens/_compiled

"""What importing the kit loads (issue 23): a kernel that shows a game table starts without networkx, scipy or
sympy, which only game trees and algebra need.

Each check runs in a fresh interpreter (this test process has imported everything already) and reads
``sys.modules``.  The packages whose public names load lazily (:mod:`kit.core.lazy`: kit.widgets, kit.render,
kit.trees, kit.princesslegend's bots) still give every name of their ``__all__``, the object itself, never a
submodule of the same name.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("networkx", "scipy", "sympy")


def loaded_after(code: str) -> set[str]:
    """The top-level modules of ``HEAVY`` and numpy in ``sys.modules`` after running ``code`` in a fresh Python."""
    probe = (f"{code}\nimport json, sys\n"
             f"print(json.dumps(sorted(m for m in {HEAVY + ('numpy',)!r} if m in sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("module", ["kit.widgets", "kit.render", "kit.trees", "kit.sleepingqueens.equations",
                                    "kit.teach.sleepingqueens", "kit.teach.sums"])
def test_importing_a_package_loads_no_graph_solver_or_algebra_library(module):
    assert loaded_after(f"import {module}") == set()


def test_importing_the_game_table_and_every_widget_name_loads_none_of_them():
    assert loaded_after("from kit.widgets import GameTable, LoveLetterTable, ClickPane, SvgPane, ProgressPanel\n"
                        "import kit.widgets.table, kit.render.table") == set()


@pytest.mark.parametrize("game, seats", [
    ("from kit.loveletter import LoveLetter as G; game = G(2)", ["you", "heuristic"]),
    ("from kit.loveletter import LoveLetter as G; game = G(4, edition='classic')", ["you", "random", "heuristic", "you"]),
    ("from kit.sleepingqueens import SleepingQueens as G; game = G(2)", ["you", "heuristic"]),
    ("from kit.sleepingqueens import SleepingQueens as G; game = G(3)", ["you", "random", "heuristic"]),
], ids=["loveletter", "loveletter-classic-4", "sleepingqueens", "sleepingqueens-3"])
def test_a_love_letter_or_sleeping_queens_table_loads_none_of_them(game, seats):
    """The table built, its first bot moves played (the bot sits first) and its picture drawn."""
    code = (f"{game}\nfrom kit.widgets import GameTable\n"
            f"t = GameTable(game, {seats!r}, seed=0, delay=0, first_player=1)\n"
            "assert len(t.state.history()) > 0\n"
            "from kit.widgets import LoveLetterTable\n")
    assert loaded_after(code) == set()


def test_the_childrens_page_loads_none_of_them():
    """notebooks/kids.ipynb (and the Voila app), and a card question of the Sleeping Queens exercises on the screen."""
    assert loaded_after("from kit.widgets.kids import KidsApp\napp = KidsApp()\n"
                        "from kit.widgets.kids.cards import practice\npractice(seed=1)") == set()


def test_a_princess_legend_table_loads_sympy_for_its_deduction_panel_but_no_graph_or_solver():
    """The Prince's deduction panel (kit.render.princesslegend.deduction_html) reasons with sympy's logic, and
    its bots count worlds with numpy: only networkx and scipy are never needed."""
    loaded = loaded_after("from kit.princesslegend import PrincessLegend\nfrom kit.widgets import GameTable\n"
                          "GameTable(PrincessLegend(3), ['you', 'heuristic', 'heuristic'], seed=0, delay=0)")
    assert not loaded & {"networkx", "scipy"}, loaded


def test_the_tree_explorer_still_loads_what_it_needs():
    """The control: the check sees a library that is loaded."""
    assert {"networkx", "numpy"} <= loaded_after("from kit.widgets import TreeExplorer")


@pytest.mark.parametrize("package", ["kit.widgets", "kit.render", "kit.trees", "kit.princesslegend"])
def test_every_public_name_is_the_object_itself_whatever_was_imported_before(package):
    """Every submodule imported first (as other code may), then each name of ``__all__`` is read: an object of the
    package, never a submodule that shares its name (``kit.trees.draw`` is the function, ``kit.trees.infosets``
    the function); ``dir()`` lists them all and ``from package import *`` gives them all."""
    code = f"""
import importlib, pkgutil, types, json
import {package} as pkg
for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
    importlib.import_module(info.name)
bad = [n for n in pkg.__all__ if isinstance(getattr(pkg, n), types.ModuleType)]
missing = sorted(set(pkg.__all__) - set(dir(pkg)))
star = {{}}
exec("from {package} import *", star)
print(json.dumps([bad, missing, sorted(set(pkg.__all__) - set(star))]))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [[], [], []]


def test_an_unknown_name_is_an_attribute_error():
    import kit.trees
    import kit.widgets

    with pytest.raises(AttributeError, match="kit.widgets' has no attribute 'GameTabel'"):
        kit.widgets.GameTabel  # noqa: B018 - the attribute read is the test
    assert not hasattr(kit.trees, "networkx")

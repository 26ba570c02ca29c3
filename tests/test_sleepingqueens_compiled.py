"""The Sleeping Queens engine compiled by mypyc, and the pure Python one it must equal (kit.sleepingqueens.compiled).

The compiled build is the same ``state.py``; these tests hold that a stale build is never used, that the
pure Python engine still passes the rules' known answers, the seeded-game digests and the engine's doctests
(run in a process with ``KIT_PURE_PYTHON=1``), and that CI tests the compiled build.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kit.sleepingqueens import compiled
from kit.sleepingqueens.compiled import COMPILED_DIR, activate, engine, fingerprint

ROOT = Path(__file__).resolve().parents[1]


def test_ci_tests_the_compiled_engine():
    if os.environ.get("CI", "").lower() != "true":
        pytest.skip("outside CI the engine may be pure Python (no C compiler or mypy); make builds it when it can")
    assert engine() == "compiled", "make test did not compile kit/sleepingqueens/state.py (see its output)"


def test_a_build_of_other_sources_is_never_used(tmp_path, monkeypatch):
    monkeypatch.delenv("KIT_PURE_PYTHON", raising=False)  # the fingerprint decides here, not the switch
    fake = tmp_path / "_compiled"
    fake.mkdir()
    import importlib.machinery

    (fake / f"state{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    (fake / "fingerprint").write_text("0" * 64 + "\n")  # made from other sources
    path: list[str] = []
    assert not activate(path, fake) and path == []
    (fake / "fingerprint").write_text(fingerprint() + "\n")  # made from these sources
    assert activate(path, fake) and path == [str(fake)]


def _copy_of_the_sources(tmp_path, monkeypatch):
    kit = tmp_path / "kit"
    for name in compiled.SOURCES:
        (kit / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(compiled.KIT / name, kit / name)
    monkeypatch.setattr(compiled, "KIT", kit)
    return kit


def test_an_edited_source_changes_the_fingerprint(tmp_path, monkeypatch):
    kit = _copy_of_the_sources(tmp_path, monkeypatch)
    before = fingerprint()
    with open(kit / "sleepingqueens" / "state.py", "a") as f:
        f.write("\n# a learner's edit\n")
    assert fingerprint() != before


def test_the_sources_are_the_engine_and_what_it_imports_at_module_level(tmp_path, monkeypatch):
    # what state.py imports from the kit (here, by its own lines), and what those import, is in SOURCES
    sources = compiled.SOURCES
    assert sources[0] == "sleepingqueens/state.py" and len(set(sources)) == len(sources)
    assert {"sleepingqueens/cards.py", "sleepingqueens/actions.py", "core/errors.py", "core/protocol.py"} \
        <= set(sources)
    assert not {"sleepingqueens/game.py", "sleepingqueens/knowledge.py"} & set(sources)  # not imported / lazy
    for name in sources:
        assert (compiled.KIT / name).is_file(), name
    # a module a learner imports into the engine is in the fingerprint at once; one imported in a function
    # (it runs when called, not compiled in) is not
    kit = _copy_of_the_sources(tmp_path, monkeypatch)
    (kit / "sleepingqueens" / "extra.py").write_text("from ..core import later\nLIMIT = 3\n")
    (kit / "core" / "later.py").write_text("X = 1\n")
    (kit / "sleepingqueens" / "lazy.py").write_text("Y = 2\n")
    with open(kit / "sleepingqueens" / "state.py", "a") as f:
        f.write("\nfrom .extra import LIMIT\n\ndef _later():\n    from .lazy import Y\n    return Y\n")
    found = compiled.imported_sources()
    assert {"sleepingqueens/extra.py", "core/later.py"} <= set(found) and "sleepingqueens/lazy.py" not in found
    assert set(found) - set(sources) == {"sleepingqueens/extra.py", "core/later.py"}


def test_a_build_is_stale_when_any_file_it_was_made_from_changes(tmp_path, monkeypatch):
    monkeypatch.delenv("KIT_PURE_PYTHON", raising=False)  # the fingerprint decides here, not the switch
    kit = _copy_of_the_sources(tmp_path, monkeypatch)
    build = tmp_path / "_compiled"
    build.mkdir()
    import importlib.machinery

    (build / f"state{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    sources = compiled.imported_sources()
    (build / "fingerprint").write_text("\n".join([fingerprint(sources), *sources]) + "\n")  # as build() writes it
    assert activate([], build)
    with open(kit / sources[-1], "a") as f:  # the last file found: imported by an import of the engine
        f.write("\n# edited\n")
    assert not activate([], build)


def test_kit_pure_python_turns_the_build_off(monkeypatch):
    monkeypatch.setenv("KIT_PURE_PYTHON", "1")
    assert not activate([])


def test_a_state_and_its_result_pickle_and_copy_whole():
    """Bots' processes and tournaments send states by pickle; the compiled class pickles as the pure one."""
    import copy
    import pickle
    import random

    from kit.core import play_at_random
    from kit.sleepingqueens import SleepingQueens

    for players, steps in ((2, 30), (3, 70), (5, None)):
        s = SleepingQueens(players).new_initial_state(first_player=1)
        play_at_random(s, random.Random(players), steps)
        for twin in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s), copy.copy(s)):
            assert twin.to_json() == s.to_json() and twin.result() == s.result()
            assert twin.legal_actions() == s.legal_actions() and twin.history() == s.history()
            # played on with the same random numbers, the copy and the original take the same steps
            a, b, original = random.Random(9), random.Random(9), s.clone()
            while not original.is_terminal():
                play_at_random(twin, a, 1), play_at_random(original, b, 1)
                assert twin.history() == original.history() and twin.legal_actions() == original.legal_actions()
            assert twin.is_terminal() and twin.to_json() == original.to_json()
            assert twin.result() == original.result() and twin.events() == original.events()


def test_the_pure_python_engine_passes_the_rules_the_digests_and_its_doctests():
    env = dict(os.environ, KIT_PURE_PYTHON="1")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "-p", "no:randomly",
         "kit/sleepingqueens/state.py", "kit/sleepingqueens/fast.py", "tests/test_sleepingqueens_engine_identity.py",
         "tests/test_sleepingqueens_rules.py", "tests/test_sleepingqueens_engine.py",
         "tests/test_sleepingqueens_compiled.py::test_a_state_and_its_result_pickle_and_copy_whole",
         # not the 20,000 games of the memory check (12 of these 16 s in pure Python): the caches it bounds are
         # the same source in both builds, and the compiled build plays it in this suite
         "--deselect", "tests/test_sleepingqueens_engine.py::test_every_cache_is_bounded_and_memory_stays_flat_over_"
         "20000_games"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    # the engine's own doctests ran, on the source (the compiled build's process cannot collect them)
    assert "kit/sleepingqueens/state.py::kit.sleepingqueens.state PASSED" in run.stdout, run.stdout[-3000:]
    check = subprocess.run([sys.executable, "-c", "from kit.sleepingqueens.compiled import engine; print(engine())"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert check.stdout.strip() == "pure Python"

"""Hostile learners' bots against a class tournament (kit.core.sandbox, kit.core.sealed): one bot per attack.

Each attacking bot tries its attack at its first move, then reports what it found by raising
``RuntimeError("REPORT {json}")``: the referee records that as the bot's "error" fault, so the
report comes back through the tournament's own result, with no file or socket the sandbox would
block.  For every attack the test checks that the tournament finished, the honest bots' games
were played and recorded, the attacker lost its games with a clear reason, and the attack found
nothing.  docs/tournament-safety.md states, attack by attack, what these tests show.

The ``bwrap`` tests skip, saying why, where bubblewrap or user namespaces are missing; under
``CI=true`` they must run (``.ci/run`` installs bubblewrap).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from kit.core import RandomBot, tournament
from kit.core.sandbox import Limits, bwrap_available, gaps, guarantees, resolve, seccomp_filter
from kit.core.sealed import BotProcess, bounded_probability, pack_factory
from kit.core.tournament import bots_from_folder
from kit.core.errors import KitError
from kit.loveletter import LoveLetter
from kit.loveletter.bots import HeuristicBot

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the sandboxes are Linux's")

_WHY = bwrap_available()
if _WHY and os.environ.get("CI") == "true":  # pragma: no cover - CI must test the sandbox
    raise RuntimeError(f"under CI the bwrap sandbox tests must run, but: {_WHY}")
needs_bwrap = pytest.mark.skipif(_WHY is not None, reason=f"no bwrap sandbox here: {_WHY}")
needs_seccomp = pytest.mark.skipif(seccomp_filter(0) is None, reason="the system-call filter is x86-64 Linux's")

GAME = LoveLetter(2, edition="classic")


def run(bots, games=4, **kw):
    kw.setdefault("progress", False)
    kw.setdefault("seed", 3)
    with ThreadPoolExecutor(2) as pool:
        return tournament(GAME, bots, games=games, executor=pool, **kw)


def reports(res, name):
    """The attacker's reports (the REPORT faults it raised), and the faults of everyone else."""
    found, others = [], []
    for f in res.fault_list():
        error = str(f.detail.get("error", ""))
        if f.bot == name and "REPORT " in error:
            found.append(json.loads(error.split("REPORT ", 1)[1].rstrip("'\"")))
        elif f.bot != name:
            others.append(f)
    return found, others


def honest_played(res, *names):
    """Every game was played to the end and recorded, and nobody but the attackers faulted."""
    assert res.games == len(res.records) and all(r.returns for r in res.records)
    others = [f for f in res.fault_list() if f.bot not in names]
    assert others == [], [f.message() for f in others]


class Attacker(RandomBot):
    """Attacks at its first move; then reports what it found (see the module's docstring)."""

    def attack(self, view) -> dict:  # pragma: no cover - overridden
        return {}

    def choose(self, view, seat):
        raise RuntimeError("REPORT " + json.dumps(self.attack(view)))


# ====================================================================== Python alone
class DeepJson(RandomBot):
    """Answers the referee with a JSON message nested 100,000 deep."""

    def choose(self, view, seat):
        from kit.core import sealed

        f = sys._getframe()
        while f.f_code.co_name != "_serve":
            f = f.f_back
        payload = b"[" * 100_000 + b"]" * 100_000
        os.write(f.f_locals["write_fd"], sealed._frame(payload))
        time.sleep(30)


def test_a_json_answer_nested_100000_deep_loses_the_game_not_the_tournament():
    res = run({"deep": DeepJson, "honest": HeuristicBot}, games=4, time_limit=2)
    honest_played(res, "deep")
    faults = [f for f in res.fault_list() if f.bot == "deep"]
    assert faults and all("nested more than 16 deep" in f.message() for f in faults)


class HugeProbability(RandomBot):
    """Weighs the opponent's cards with the probability "1e100000000" (a number with 10**8 digits)."""

    def choose(self, view, seat):
        from kit.core import sealed

        sealed._policy_answer = lambda probs: [[str(a), "1e100000000"] for a in dict(probs)]
        calls = []
        try:
            view.posterior(lambda decision: calls.append(1) or {a: 1 for a in decision.legal})
        except Exception as exc:  # the referee refused the number: say so, and lose
            raise RuntimeError("REPORT " + json.dumps({"asked": len(calls), "refused": str(exc)[:200]})) from None
        if not calls:  # nothing to weigh yet (no opponent decision so far): play on
            return super().choose(view, seat)
        raise RuntimeError("REPORT " + json.dumps({"asked": len(calls), "refused": ""}))


def test_a_probability_of_a_hundred_million_digits_is_refused_at_once():
    t0 = time.monotonic()
    res = run({"huge": HugeProbability, "honest": HeuristicBot}, games=8, time_limit=2)
    assert time.monotonic() - t0 < 30
    found, _ = reports(res, "huge")
    honest_played(res, "huge")
    assert found and all("at most 40 digits, no exponent" in r["refused"] for r in found)


def test_bounded_probabilities_known_answers():
    from fractions import Fraction

    assert bounded_probability("2/6") == Fraction(1, 3) and bounded_probability(1) == 1
    for bad in ("1e100000000", "1/0", "nan", float("inf"), float("nan"), "3/2", -1, True, "9" * 41, None, [1]):
        with pytest.raises(KitError):
            bounded_probability(bad)


def test_a_bot_file_that_sleeps_an_hour_at_its_top_costs_the_setup_limit_once(tmp_path):
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "sleepy.py").write_text("import time\ntime.sleep(3600)\nclass Bot:\n"
                                      "    def choose(self, view, seat):\n        return view.legal_actions()[0]\n")
    t0 = time.monotonic()
    res = run({**bots_from_folder(folder), "honest": HeuristicBot}, games=8, setup_limit=1.0)
    took = time.monotonic() - t0
    assert took < 8, took                         # one second of setup, remembered: not one per game
    faults = [f for f in res.fault_list() if f.bot == "sleepy"]
    assert len(faults) == res.played[0] == 8 and {f.kind for f in faults} == {"setup"}
    assert "loading took longer than 1 s" in faults[0].message()
    honest_played(res, "sleepy")


class Loud(RandomBot):
    """Prints, then its process dies."""

    def choose(self, view, seat):
        print("I was here: about to exit", flush=True)
        os._exit(3)


def test_a_crashed_bot_is_reported_with_its_own_output():
    res = run({"loud": Loud, "honest": RandomBot}, games=2)
    faults = [f for f in res.fault_list() if f.bot == "loud"]
    assert faults and all(f.kind == "crash" and f.detail["code"] == 3 for f in faults)
    assert all("I was here: about to exit" in f.detail["output"] for f in faults)
    assert "I was here" in res.html()


class Remember(RandomBot):
    """Keeps a note in the memory of its process, which lives from game to game, and reports at every game
    the note's token and how many games that process has seen: a process that saw a deal twice could
    remember which card came at each position."""

    def choose(self, view, seat):
        import secrets

        note = type(self).__dict__.get("note")
        if note is None:
            note = type(self).note = {"token": secrets.token_hex(4), "games": 0}
        note["games"] += 1
        raise RuntimeError("REPORT " + json.dumps(note))


@pytest.mark.parametrize("mode", ["bwrap", "process"])
def test_no_bot_process_sees_a_deal_twice(mode):
    """Rotations used to replay their table's deal to the same bot process: a bot that remembered the
    cards at each position won 67 % instead of 55 %.  Now each rotation has processes of its own (in
    bwrap, which cannot pass notes), or every game is dealt anew (process mode)."""
    if mode == "bwrap" and _WHY:
        pytest.skip(f"no bwrap sandbox here: {_WHY}")
    res = run({"remember": Remember, "honest": RandomBot}, games=40, keep_history=True, sandbox=mode)
    token_of = {}
    for f in res.fault_list():
        if f.bot == "remember":
            token_of[f.game] = json.loads(str(f.detail["error"]).split("REPORT ", 1)[1])["token"]
    seen: dict[str, set] = {}
    for r in res.records:
        if r.index in token_of:
            deals = seen.setdefault(token_of[r.index], set())
            assert r.deal not in deals, f"process {token_of[r.index]} saw deal {r.deal} twice"
            deals.add(r.deal)
    assert len(token_of) >= 20 and max(len(d) for d in seen.values()) > 1   # processes do live from game to game
    if mode == "bwrap":   # and the deals are still mirrored: the variance stays low
        assert len({r.deal for r in res.records}) == len(res.records) // 2


# ====================================================================== the operating system (bwrap)
CANARY = "kit-canary-3f1c"


class ReadsSecrets(Attacker):
    """The referee's environment (a hub's API token), the teacher's files, other learners' bots."""

    paths: list = []

    def attack(self, view):
        found = {"environ": sorted(k for k, v in os.environ.items() if CANARY in v)}
        for pid in [p for p in os.listdir("/proc") if p.isdigit()] + ["self"]:
            try:
                with open(f"/proc/{pid}/environ", "rb") as f:
                    if CANARY.encode() in f.read():
                        found.setdefault("proc_environ", []).append(pid)
            except OSError:
                pass
        for path in type(self).paths:
            try:
                with open(path) as f:
                    found.setdefault("read", []).append((path, f.read()[:40]))
            except OSError as exc:
                found.setdefault("refused", []).append(type(exc).__name__)
        found["cwd"] = sorted(os.listdir("."))
        return found


@needs_bwrap
def test_a_bot_reads_no_environment_no_teachers_file_and_no_other_learners_bot(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", CANARY)
    secret = tmp_path / "teacher" / "grades.txt"
    secret.parent.mkdir()
    secret.write_text(CANARY)
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "ben.py").write_text(f"# {CANARY}\nclass Bot:\n    def __init__(self, seed=None):\n        pass\n"
                                   "    def choose(self, v, s):\n        return v.legal_actions()[0]\n")
    bot = type("ReadsSecrets", (ReadsSecrets,), {"paths": [str(secret), str(folder / "ben.py"), "/root/.bashrc",
                                                            os.path.expanduser("~/.ssh/id_rsa")]})
    res = run({"reader": bot, **bots_from_folder(folder)}, games=4)
    assert res.sandbox == "bwrap"
    found, _ = reports(res, "reader")
    honest_played(res, "reader")
    assert found
    for r in found:
        assert r["environ"] == [] and "proc_environ" not in r and "read" not in r
        assert set(r["refused"]) <= {"FileNotFoundError", "PermissionError"} and r["cwd"] == []


class PlantsJson(Attacker):
    """Plants a json.py in every folder it can find, for every later bot process to import."""

    folders: list = []

    def attack(self, view):
        planted = []
        for folder in [".", "/tmp", *type(self).folders, os.path.dirname(json.__file__)]:
            try:
                with open(os.path.join(folder, "json.py"), "w") as f:
                    f.write("raise SystemExit('planted')\n")
                planted.append(folder)
            except OSError:
                pass
        return {"planted": planted}


@needs_bwrap
def test_a_planted_module_reaches_no_other_bot(tmp_path, monkeypatch):
    teacher = tmp_path / "teacher"
    teacher.mkdir()
    monkeypatch.chdir(teacher)
    bot = type("PlantsJson", (PlantsJson,), {"folders": [str(teacher), os.getcwd()]})
    res = run({"planter": bot, "honest": HeuristicBot, "honest2": RandomBot}, games=6)
    found, _ = reports(res, "planter")
    honest_played(res, "planter")
    assert found and not (teacher / "json.py").exists()
    assert all(set(r["planted"]) <= {".", "/tmp"} for r in found)   # its own private /tmp only


class KillsEveryone(Attacker):
    """Sends SIGKILL (and SIGSTOP) to every process it can see, its referee first, then reads their pipes
    and memory through /proc."""

    def attack(self, view):
        me = os.getpid()
        found = {"me": me, "ppid": os.getppid(), "seen": [], "killed": [], "fds": [], "mem": []}
        for sig in (signal.SIGSTOP, signal.SIGKILL):
            for target in (os.getppid(), -1):
                try:
                    os.kill(target, sig)
                    found["killed"].append(target)
                except OSError:
                    pass
        for pid in (int(p) for p in os.listdir("/proc") if p.isdigit()):
            if pid == me:
                continue
            found["seen"].append(pid)
            try:
                os.kill(pid, signal.SIGKILL)
                found["killed"].append(pid)
            except OSError:
                pass
            try:
                found["fds"] += os.listdir(f"/proc/{pid}/fd")
            except OSError:
                pass
            try:
                with open(f"/proc/{pid}/mem", "rb") as f:
                    found["mem"].append(len(f.read(1)))
            except OSError:
                pass
        return found


@needs_bwrap
def test_a_bot_sees_no_other_process_and_can_kill_stop_or_read_none():
    res = run({"killer": KillsEveryone, "honest": HeuristicBot, "honest2": RandomBot}, games=6)
    found, _ = reports(res, "killer")
    honest_played(res, "killer")      # no sibling was blamed for a "process stopped"
    assert found
    for r in found:
        assert r["me"] == 1 and r["ppid"] == 0 and r["seen"] == [] and r["killed"] == []
        assert r["fds"] == [] and r["mem"] == []


class ScansMemory(Attacker):
    """Looks for the tournament's secret seed in the memory of every process it can open."""

    def attack(self, view):
        opened = []
        for pid in ["1", *os.listdir("/proc")]:
            if not pid.isdigit() or int(pid) == os.getpid():
                continue
            try:
                open(f"/proc/{pid}/mem", "rb").close()
                opened.append(pid)
            except OSError:
                pass
        try:
            ppid_mem = open(f"/proc/{os.getppid()}/mem", "rb")
            ppid_mem.close()
            opened.append("ppid")
        except OSError:
            pass
        return {"opened": opened}


@needs_bwrap
def test_the_referees_memory_and_seed_are_out_of_reach():
    res = run({"scanner": ScansMemory, "honest": RandomBot}, games=2, seed=None)
    found, _ = reports(res, "scanner")
    assert found and all(r["opened"] == [] for r in found)
    assert str(res.seed) not in json.dumps(found)


def test_the_referee_is_not_dumpable_once_it_has_run_sealed_bots():
    run({"a": RandomBot, "b": RandomBot}, games=2, sandbox="process")
    with open("/proc/self/status") as f:
        status = f.read()
    # a non-dumpable process's /proc files belong to root, and its memory needs CAP_SYS_PTRACE
    import ctypes

    assert ctypes.CDLL(None).prctl(3, 0, 0, 0, 0) == 0  # PR_GET_DUMPABLE
    assert "TracerPid:\t0" in status


class Forks(Attacker):
    """Double fork and setsid, a program started, a thread spinning: processes to outlive its game."""

    marker = CANARY

    def attack(self, view):
        found = {}
        try:
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the child, if there were one
                os.setsid()
                if os.fork() == 0:
                    time.sleep(3600)
                os._exit(0)
            found["fork"] = pid
        except OSError as exc:
            found["fork"] = type(exc).__name__
        try:
            subprocess.Popen(["sleep", "3600", type(self).marker])
            found["popen"] = "started"
        except OSError as exc:
            found["popen"] = type(exc).__name__
        try:
            os.execv("/bin/sh", ["sh", "-c", "sleep 3600"])
        except OSError as exc:
            found["exec"] = type(exc).__name__
        return found


@needs_seccomp
@pytest.mark.parametrize("mode", ["bwrap", "process"])
def test_nothing_a_bot_starts_outlives_its_game(mode):
    if mode == "bwrap" and _WHY:
        pytest.skip(f"no bwrap sandbox here: {_WHY}")
    res = run({"forker": Forks, "honest": RandomBot}, games=2, sandbox=mode)
    found, _ = reports(res, "forker")
    honest_played(res, "forker")
    assert found and all(r == {"fork": "PermissionError", "popen": "PermissionError", "exec": "PermissionError"}
                         for r in found)
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert CANARY not in ps


_STILL = 0.15  # s: a stretch this long without one turn of the spinning loop means the process was frozen


def _spin(still: list) -> None:
    """Turn as fast as it can; count the stretches of at least ``_STILL`` s in which it did not turn once,
    with the time each ended."""
    last = time.monotonic()
    while True:
        now = time.monotonic()
        if now - last >= _STILL:
            still.append(now)
        last = now


class Spins(RandomBot):
    """Starts a thread that spins for ever, to steal the processor from the others.  It reports, for the
    stretches between two of its own moves, how many held a standstill of its thread (the process frozen while
    the other bot, which sleeps 0.2 s a move, played)."""

    def choose(self, view, seat):
        import threading

        cls = type(self)
        now = time.monotonic()
        if not hasattr(cls, "moves"):
            cls.moves, cls.still = [], []
            threading.Thread(target=_spin, args=(cls.still,), daemon=True).start()
        cls.moves.append(now)
        if now - cls.moves[0] < 2:
            return super().choose(view, seat)
        gaps = list(zip(cls.moves, cls.moves[1:]))
        frozen = sum(1 for a, b in gaps if any(a < t <= b for t in cls.still))
        raise RuntimeError("REPORT " + json.dumps({"between": len(gaps), "frozen": frozen}))


class Slow(RandomBot):
    """An honest bot that thinks for 0.2 s a move."""

    def choose(self, view, seat):
        time.sleep(0.2)
        return super().choose(view, seat)


def test_a_bot_uses_the_processor_only_during_its_own_moves():
    res = run({"spinner": Spins, "slow": Slow}, games=12, sandbox="process", time_limit=5)
    found, _ = reports(res, "spinner")
    honest_played(res, "spinner")
    assert found
    for r in found:  # frozen between its moves: its spinning thread stood still while the other bot played
        # (a round the spinner ends and then begins has no move of the other between two of its own)
        assert r["between"] >= 4 and r["frozen"] >= 0.7 * r["between"], r


class Prints(Attacker):
    """Prints 1.1 GB."""

    def attack(self, view):
        line = "x" * 1023 + "\n"
        try:
            for _ in range(1_100_000):
                sys.stdout.write(line)
            sys.stdout.flush()
        except OSError as exc:
            return {"stopped": type(exc).__name__}
        return {"stopped": ""}


class Allocates(Attacker):
    """Allocates 2 GB."""

    def attack(self, view):
        try:
            block = bytearray(2 << 30)
            return {"allocated": len(block)}
        except MemoryError:
            return {"allocated": 0}


@pytest.mark.parametrize("mode", ["bwrap", "process"])
def test_output_and_memory_are_limited(mode, tmp_path):
    if mode == "bwrap" and _WHY:
        pytest.skip(f"no bwrap sandbox here: {_WHY}")
    t0 = time.monotonic()
    res = run({"printer": Prints, "allocator": Allocates, "honest": RandomBot}, games=6, sandbox=mode,
              time_limit=10)
    assert time.monotonic() - t0 < 60
    printed, _ = reports(res, "printer")
    allocated, _ = reports(res, "allocator")
    honest_played(res, "printer", "allocator")
    assert printed and all(r["stopped"] == "OSError" for r in printed)     # EFBIG at 1 MiB
    assert allocated and all(r["allocated"] == 0 for r in allocated)
    assert all(len(str(f.detail.get("output", ""))) <= 1500 for f in res.fault_list())


class Connects(Attacker):
    """Connects to a server on the referee's machine (a dask scheduler, a Jupyter kernel's ports)."""

    address: tuple = ("127.0.0.1", 0)

    def attack(self, view):
        try:
            socket.create_connection(type(self).address, timeout=1).close()
            return {"connected": True}
        except OSError as exc:
            return {"connected": False, "why": type(exc).__name__}


@needs_seccomp
@pytest.mark.parametrize("mode", ["bwrap", "process"])
def test_a_bot_reaches_no_server(mode):
    if mode == "bwrap" and _WHY:
        pytest.skip(f"no bwrap sandbox here: {_WHY}")
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        bot = type("Connects", (Connects,), {"address": server.getsockname()})
        res = run({"connector": bot, "honest": RandomBot}, games=2, sandbox=mode)
    found, _ = reports(res, "connector")
    assert found and all(r["connected"] is False for r in found)


@needs_bwrap
def test_on_dask_the_sandbox_runs_on_the_worker_and_the_scheduler_is_out_of_reach():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as cluster, distributed.Client(cluster) as client:
        host, port = cluster.scheduler_address.rsplit("/", 1)[-1].rsplit(":", 1)
        bot = type("Connects", (Connects,), {"address": (host, int(port))})
        res = tournament(GAME, {"connector": bot, "honest": HeuristicBot}, games=4, seed=2,
                         executor=client.get_executor(), progress=False, block=2)
    assert res.sandbox == "bwrap"
    found, _ = reports(res, "connector")
    honest_played(res, "connector")
    assert found and all(r["connected"] is False for r in found)


# ====================================================================== modes
def test_auto_picks_the_strongest_sandbox_and_the_result_says_which():
    res = run({"a": RandomBot, "b": RandomBot}, games=2)
    assert res.sandbox == resolve("auto") == ("bwrap" if _WHY is None else "process")
    assert run({"a": RandomBot, "b": RandomBot}, games=2, sandbox="none").sandbox == "none"
    assert run({"a": RandomBot, "b": RandomBot}, games=2, sandbox="process").sandbox == "process"


def test_what_each_mode_guarantees_is_said():
    assert any("read and write every file the teacher's user can" in g for g in gaps("process"))
    assert "see other processes, or use the network" in guarantees("bwrap")
    assert "see other processes, or use the network" not in guarantees("process")
    assert gaps("bwrap") == ([] if seccomp_filter(0) else gaps("bwrap")) and guarantees("none") == []
    assert gaps("none") == ["Every bot runs in the referee's process: for trusted code only."]
    with pytest.raises(KitError, match="sandbox is 'auto', 'bwrap', 'process' or 'none'"):
        run({"a": RandomBot}, games=2, sandbox="docker")


def test_bwrap_refused_where_it_cannot_run_saying_why(monkeypatch):
    from kit.core import sandbox

    monkeypatch.setattr(sandbox, "bwrap_available", lambda: "bubblewrap is not installed")
    with pytest.raises(KitError, match="the bwrap sandbox cannot run here: bubblewrap is not installed"):
        tournament(GAME, [RandomBot, RandomBot], games=2, sandbox="bwrap", progress=False)
    assert sandbox.resolve("auto") == "process"


def test_a_bot_in_a_file_of_the_teachers_folder_travels_by_value(tmp_path, monkeypatch):
    """A bot class imported from a .py file beside the notebook reaches a sandbox that sees no such file."""
    (tmp_path / "classbots.py").write_text("from kit.core import RandomBot\nclass Mine(RandomBot):\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import classbots

    res = run({"mine": classbots.Mine, "other": RandomBot}, games=2)
    assert res.fault_list() == []


def test_a_notebook_bot_without_cloudpickle_is_refused_saying_what_to_install(monkeypatch):
    import builtins

    real = builtins.__import__
    monkeypatch.setattr(builtins, "__import__", lambda name, *a, **k: (_ for _ in ()).throw(ImportError(name))
                        if name == "cloudpickle" else real(name, *a, **k))
    local = type("NotebookBot", (RandomBot,), {"__module__": "__main__"})
    with pytest.raises(KitError, match="install cloudpickle"):
        pack_factory(local)


def test_a_sandboxed_bot_starts_quickly():
    """The benchmark (benchmarks/tournament_speed.py) measures this; here only that start-up works in every
    mode this machine has, and reports which limits could not be set."""
    for mode in ("process",) + (("bwrap",) if _WHY is None else ()):
        bot = BotProcess(pack_factory(RandomBot), GAME, sandbox=mode, limits=Limits())
        try:
            bot.start(1, 5.0)
            assert bot.gaps == [] or seccomp_filter(0) is None, bot.gaps
        finally:
            bot.close()

"""kit.core.tournament and kit.core.sealed: a class tournament of learners' bots.

* the round robin (every table, every rotation, the rotations of a table dealt alike), seeded and
  repeatable on threads, a process pool and a dask.distributed cluster;
* bots that raise, hang, crash, answer an illegal action or break the protocol lose that game with a
  clear message, and the tournament goes on;
* a sealed bot sees what PlayerView shows (observation, information state, legal actions,
  knowledge, posterior with and without a policy, resample) and nothing more: a cheating bot that
  tries every trick finds nothing of the real hidden cards in Love Letter, Sleeping Queens and
  Princess Legend, while the same bot, unsealed, finds them all (so the test can fail);
* the kit's own bots play alike sealed and unsealed (a paired run), so they keep their strength;
* the results table, intervals, plot and head-to-head counts.
"""

from __future__ import annotations

import gc
import importlib
import inspect
from html import escape
import json
import multiprocessing
import os
import pickle
import random
import sys
import time
import types
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from functools import partial
from pathlib import Path

import pytest

from kit.core import KitError, PlayerView, RandomBot, State, tournament
from kit.core.driver import replay
from kit.core.sandbox import Limits
from kit.core.sealed import BotFile, SealedView, validate_action
from kit.core.tournament import Fault, bots_from_folder, is_kit_bot, round_robin, wilson_interval
from kit.loveletter import LoveLetter, knowledge, posterior
from kit.loveletter.bots import HeuristicBot as LLHeuristic
from kit.loveletter.bots import ISMCTSBot
from kit.loveletter.counting import uniform_policy
from kit.princesslegend import PrincessLegend
from kit.princesslegend.bots import HeuristicBot as PLHeuristic
from kit.princesslegend.bots import StrongBot
from kit.sleepingqueens import SleepingQueens
from kit.sleepingqueens.bots import HeuristicBot as SQHeuristic

T = importlib.import_module("kit.core.tournament")   # kit.core.tournament is also the function's name

pytestmark = pytest.mark.skipif(os.name != "posix", reason="sealed bots need a POSIX system")


def threads(n: int = 1) -> ThreadPoolExecutor:
    return ThreadPoolExecutor(n)


def run(game, bots, games, seed=1, **kw):
    kw.setdefault("progress", False)
    with threads(kw.pop("workers", 1)) as pool:
        return tournament(game, bots, games=games, seed=seed, executor=pool, **kw)


def comparable(res):
    return [(r.index, r.entrants, r.returns, r.winners, r.history,
             tuple((f.seat, f.kind, f.move) for f in r.faults)) for r in res.records]


# ====================================================================== schedule and seeds
def test_round_robin_tables_are_every_set_of_distinct_entrants():
    assert round_robin(4, 2) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    assert round_robin(4, 3) == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    assert round_robin(1, 2) == [(0, 0)]
    with pytest.raises(KitError):
        round_robin(0, 2)


def test_every_entrant_meets_every_other_equally_often_at_every_seat():
    res = run(LoveLetter(3), [RandomBot] * 4, games=20, seed=3)
    assert res.games == 24                               # 4 tables x 3 rotations = 12 a pass: 2 passes
    assert res.played == [18, 18, 18, 18]
    at = {(e, s): 0 for e in range(4) for s in range(3)}
    meet = {}
    for r in res.records:
        for s, e in enumerate(r.entrants):
            at[e, s] += 1
        for a in r.entrants:
            for b in r.entrants:
                if a < b:
                    meet[a, b] = meet.get((a, b), 0) + 1
    assert set(at.values()) == {6}
    assert set(meet.values()) == {12} and len(meet) == 6


@pytest.mark.parametrize("sandbox", ["auto", "none"])
def test_the_rotations_of_a_table_are_dealt_alike(sandbox):
    res = run(LoveLetter(2), [RandomBot, RandomBot], games=10, seed=4, keep_history=True, sandbox=sandbox)
    if res.sandbox == "process":
        pytest.skip("in the process sandbox every game is dealt anew (see the next test)")
    for a, b in zip(res.records[0::2], res.records[1::2]):
        assert a.entrants == b.entrants[::-1] and a.deal == b.deal
        # the set-aside card, three face-up cards, then one card each: the same deal, the seats swapped
        assert a.history[:6] == b.history[:6]
    assert len({r.history[:6] for r in res.records}) > 1   # each repetition is a new deal


def test_in_the_process_sandbox_every_game_is_dealt_anew():
    res = run(LoveLetter(2), [RandomBot, RandomBot], games=40, seed=4, keep_history=True, sandbox="process")
    deals = [r.history[:6] for r in res.records]
    assert len(set(deals)) == len(deals) and len({r.deal for r in res.records}) == 40


def test_the_same_seed_gives_the_same_games_on_threads_and_processes():
    bots = {"heuristic": LLHeuristic, "random": RandomBot, "mine": GuardNamer}
    a = run(LoveLetter(2), bots, games=18, seed=5, keep_history=True, block=4, workers=2)
    with ProcessPoolExecutor(2) as pool:
        b = tournament(LoveLetter(2), bots, games=18, seed=5, executor=pool, progress=False, keep_history=True,
                       block=7)
    assert comparable(a) == comparable(b) and a.games == 18
    c = run(LoveLetter(2), bots, games=18, seed=6, keep_history=True)
    assert comparable(c) != comparable(a)


def test_no_seed_draws_a_secret_one_that_repeats_the_tournament():
    a = run(LoveLetter(2), [LLHeuristic, RandomBot], games=6, seed=None, keep_history=True)
    assert isinstance(a.seed, int) and a.seed.bit_length() > 32
    b = run(LoveLetter(2), [LLHeuristic, RandomBot], games=6, seed=a.seed, keep_history=True)
    assert comparable(a) == comparable(b)


def test_a_bots_seed_tells_it_nothing_of_the_tournaments_seed():
    # The old scheme (FNV of "seed/g/s") can be searched; the keyed hash cannot be told from a small seed.
    from kit.core import derive_seed

    assert T._derive(1, "bot", 0, 0) != derive_seed(1, 0, 0)
    assert len({T._derive(s, "bot", 0, 0) for s in range(200)}) == 200
    assert T._derive(7, "deal", 0, 0) != T._derive(7, "bot", 0, 0)


@pytest.mark.parametrize("bad, words", [
    (dict(games=0), "games must be"), (dict(time_limit=0), "time_limit"), (dict(sealed="yes"), "sealed is"),
    (dict(block=0), "block must be"), (dict(names=["a"]), "1 names for 2 bots"),
])
def test_bad_arguments_are_refused(bad, words):
    kw = dict(games=2, seed=1, progress=False)
    kw.update(bad)
    with pytest.raises(KitError, match=words):
        tournament(LoveLetter(2), [RandomBot, RandomBot], **kw)
    with pytest.raises(KitError, match="at least one bot"):
        tournament(LoveLetter(2), [], games=2)
    with pytest.raises(KitError, match="give a bot class"):
        tournament(LoveLetter(2), [RandomBot, 3], games=2)


def test_dask_distributed_cluster_runs_it_like_a_jupyterhub():
    distributed = pytest.importorskip("distributed")
    bots = {"mine": GuardNamer, "heuristic": LLHeuristic}
    expected = run(LoveLetter(2), bots, games=6, seed=8, keep_history=True)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as cluster, distributed.Client(cluster) as client:
        got = tournament(LoveLetter(2), bots, games=6, seed=8, executor=client.get_executor(), progress=False,
                         keep_history=True, block=2)
    assert comparable(got) == comparable(expected)
    assert got.fault_list() == []


# ====================================================================== faults
class GuardNamer(RandomBot):
    """A learner's bot (this module is not the kit): random, but a Guard names the likeliest card."""

    name = "guard namer"

    def choose(self, view, seat):
        actions = view.legal_actions()
        guards = [a for a in actions if getattr(a, "guess", None) is not None]
        if not guards:
            return actions[self.rng.randrange(len(actions))]
        counted = view.posterior()
        return max(guards, key=lambda a: (counted[a.target].get(a.guess, 0), str(a)))


class RaisesBot(RandomBot):
    def choose(self, view, seat):
        return {}["no such key"]


class SlowBot(RandomBot):
    def choose(self, view, seat):
        time.sleep(60)


class NoneBot(RandomBot):
    def choose(self, view, seat):
        return None


class WrongCardBot(RandomBot):
    def choose(self, view, seat):
        hand = view.observation()["hand"]
        return next(c for c in ("Handmaid", "Countess", "Priest p1") if c.split()[0] not in hand)


class CrashBot(RandomBot):
    def choose(self, view, seat):
        os._exit(7)


class BrokenInit:
    def __init__(self, seed=None):
        raise RuntimeError("forgot something")


class HalfMessageBot(RandomBot):
    """Writes half a message on the pipe to the referee, then hangs: the referee must not hang with it."""

    def choose(self, view, seat):
        fd = _serve_frame().f_locals["write_fd"]
        os.write(fd, b"\x00\x00\x10")
        time.sleep(60)


class PicklerBot(RandomBot):
    """Sends the referee a pickle that would run code if it were unpickled."""

    marker = ""

    def choose(self, view, seat):
        fd = _serve_frame().f_locals["write_fd"]

        class Evil:
            def __reduce__(self):
                return (open, (self.marker, "w"))

        Evil.marker = type(self).marker
        payload = pickle.dumps(Evil())
        os.write(fd, len(payload).to_bytes(4, "big") + payload)
        time.sleep(60)


def _serve_frame():
    f = sys._getframe()
    while f.f_code.co_name != "_serve":
        f = f.f_back
    return f


FAULTS = [
    (RaisesBot, "error", ["RaisesBot raised KeyError: 'no such key' (line", "in choose)",
                          "at its move 1 in game", "loses that game"]),
    (SlowBot, "timeout", ["SlowBot took longer than 0.5 s over its move 1 in game"]),
    (NoneBot, "illegal", ["NoneBot answered None at its move 1", "which is not an action of this game"]),
    (WrongCardBot, "illegal", ["WrongCardBot chose", "which is not legal there"]),
    (CrashBot, "crash", ["CrashBot's process stopped (exit code 7) at its move 1"]),
    (BrokenInit, "setup", ["BrokenInit could not be made for game", "RuntimeError: forgot something"]),
    (HalfMessageBot, "timeout", ["HalfMessageBot took longer than 0.5 s"]),
]


@pytest.mark.parametrize("bot, kind, words", FAULTS, ids=[f[0].__name__ for f in FAULTS])
def test_a_faulty_bot_loses_that_game_with_a_clear_message_and_the_tournament_goes_on(bot, kind, words):
    t0 = time.monotonic()
    res = run(LoveLetter(2), [bot, LLHeuristic], games=4, seed=2, time_limit=0.5)
    assert time.monotonic() - t0 < 20                   # a hung bot is killed, not waited for
    assert res.games == 4 and res.faults == [4, 0]
    assert res.wins[0] == res.shared[0] == 0 and res.wins[1] == 4
    faults = res.fault_list()
    assert {f.kind for f in faults} == {kind} and {f.bot for f in faults} == {bot.__name__}
    for word in words:
        assert word in faults[0].message(), faults[0].message()
    assert all(r.history for r in res.records)            # faulted games keep their history
    assert res.replay(faults[0].game).is_terminal()       # and a random bot finished them
    assert "What went wrong" in res.html() and escape(faults[0].message()) in res.html()


def test_a_bot_that_sends_a_pickle_is_never_unpickled(tmp_path):
    marker = tmp_path / "ran"
    bot = type("PicklerBot2", (PicklerBot,), {"marker": str(marker), "__module__": __name__})
    res = run(LoveLetter(2), [bot, RandomBot], games=4, seed=2, time_limit=0.5, sandbox="process")
    moved = sum(1 for r in res.records if r.moves[r.entrants.index(0)])   # games where it was asked to move
    assert res.faults == [moved, 0] and moved and not marker.exists()
    assert "broke the protocol" in res.fault_list()[0].message()


def test_trusted_mode_reports_faults_too():
    res = run(LoveLetter(2), [RaisesBot, NoneBot], games=2, seed=2, sealed=False)
    assert res.faults == [2, 2] and res.wins == [0, 0] and res.shared == [0, 0]
    assert {f.kind for f in res.fault_list()} == {"error", "illegal"}


def test_validate_action_reads_notation_and_names_what_is_wrong():
    g = LoveLetter(2)
    legal = [g.parse_action("Guard p1 Priest"), g.parse_action("Handmaid")]
    assert validate_action(g, legal, legal[1]) is legal[1]
    assert validate_action(g, legal, "guard P1 priest") is legal[0]
    for answer, why in [("Guard p1 Baron", "not legal"), ("__import__('os')", "not an action"),
                        (42, "not an action"), ("x" * 1000, "not an action")]:
        with pytest.raises(Exception) as info:
            validate_action(g, legal, answer)
        assert info.value.kind == "illegal" and info.value.detail["why"] == why


def test_fault_messages_are_sentences_from_facts():
    f = Fault(0, 1, 2, "Ben", "illegal", 4, {"action": "Guard p1 Guard", "why": "not legal"})
    assert f.message() == ("Ben chose Guard p1 Guard at its move 4 in game 1, which is not legal there, and loses "
                           "that game.")
    assert str(Fault(9, 0, 0, "Ada", "crash", 2, {"code": -9})) == (
        "Ada's process stopped (exit code -9) at its move 2 in game 10; it loses that game.")


# ====================================================================== bots from files
def test_bots_from_a_folder_run_only_in_their_own_processes(tmp_path):
    folder = tmp_path / "bots"
    folder.mkdir()
    ran = tmp_path / "ran"
    (folder / "ada.py").write_text(
        "import os\n"
        f"open({str(ran)!r}, 'a').write(str(os.getpid()) + '\\n')\n"
        "class AdaBot:\n"
        "    def __init__(self, seed=None):\n"
        "        self.seed = seed\n"
        "    def choose(self, view, seat):\n"
        "        return view.legal_actions()[0]\n")
    (folder / "ben.py").write_text("class A:\n    def choose(self, v, s): pass\nclass B(A):\n    pass\n")
    (folder / "cy.py").write_text("def broken(:\n")
    (folder / "_notes.py").write_text("raise SystemExit")
    bots = bots_from_folder(folder)
    assert sorted(bots) == ["ada", "ben", "cy"] and not ran.exists()
    res = run(LoveLetter(2), {**bots, "random": RandomBot}, games=12, seed=1, sandbox="process")  # ada writes
    pids = {int(x) for x in ran.read_text().split()}
    assert os.getpid() not in pids and pids
    by = {f.bot: f for f in res.fault_list()}
    assert "ada" not in by
    assert by["ben"].kind == "setup" and "should define one bot class" in by["ben"].message()
    assert by["cy"].kind == "setup" and "SyntaxError" in by["cy"].message()
    with pytest.raises(KitError, match="plays only sealed"):
        tournament(LoveLetter(2), bots, games=2, sealed=False)


def test_learners_mode_seals_only_the_learners_bots_and_plays_the_same_games(tmp_path):
    report = tmp_path / "probe.jsonl"
    bot = type("Probe", (ProbeBot,), {"report": str(report), "__module__": __name__})
    bots = {"probe": bot, "heuristic": LLHeuristic}
    a = run(LoveLetter(2, edition="classic"), bots, games=4, seed=5, keep_history=True, sealed="learners",
            sandbox="process")   # the probe reports through a file of the test's
    b = run(LoveLetter(2, edition="classic"), bots, games=4, seed=5, keep_history=True, sandbox="process")
    assert comparable(a) == comparable(b) and a.sealed == "learners"
    rows = [json.loads(line) for line in report.read_text().splitlines()]
    assert rows and all(r["type"] == "SealedView" and r["pid"] != os.getpid() for r in rows)


def test_is_kit_bot_trusts_only_the_kits_own_classes():
    assert is_kit_bot(RandomBot) and is_kit_bot(LLHeuristic) and is_kit_bot(partial(ISMCTSBot, iterations=9))
    assert not is_kit_bot(GuardNamer) and not is_kit_bot(partial(ISMCTSBot, seed=random.Random(1)))
    assert not is_kit_bot(BotFile("x", "")) and not is_kit_bot(lambda seed=None: RandomBot(seed))


# ====================================================================== what a sealed bot sees
class ProbeBot(RandomBot):
    """Writes down everything its view answers (the test compares it with PlayerView's answers)."""

    report = ""

    def choose(self, view, seat):
        rec = {"type": type(view).__name__, "pid": os.getpid(), "seat": seat, "seed": self.seed,
               "info": view.information_state(), "obs": view.observation(),
               "legal": [str(a) for a in view.legal_actions()], "current": view.current_player(),
               "game": repr(view.game)}
        rec.update(_asked(view))
        with open(type(self).report, "a") as f:
            f.write(json.dumps(rec) + "\n")
        return super().choose(view, seat)

    def __init__(self, seed=None):
        super().__init__(seed)
        self.seed = seed


def _asked(view):
    """What a view answers to knowledge(), posterior() (with and without a policy) and resample(), or that it
    refuses (as data, so a sealed view and a PlayerView can be compared)."""
    asks = {"knowledge": lambda: repr(view.knowledge()),
            "posterior": lambda: _counted(view.posterior()),
            "resample": lambda: [str(view.resample(random.Random(i))) for i in range(3)]}
    if isinstance(view.game, LoveLetter):
        asks["policy"] = lambda: _counted(view.posterior(uniform_policy))
        asks["own_policy"] = lambda: _counted(view.posterior(_even))
    out = {}
    for key, ask in asks.items():
        try:
            out[key] = {"value": ask()}
        except KitError as exc:  # a game without it: both views refuse, with the same kind of error and reason
            # (the words after the first: a sealed view names the game, a PlayerView its state's class)
            out[key] = {"refused": type(exc).__name__, "because": str(exc).split(" ", 1)[-1]}
    return out


def _even(decision):
    """A learner's opponent model (no uniform_keep): every legal action as likely, as floats."""
    return {a: 1.0 / len(decision.legal) for a in decision.legal}


def _counted(p):
    return {str(o): {str(c): str(q) for c, q in sorted(d.items(), key=lambda x: str(x[0]))} for o, d in p.items()}


def _decisions(res, seat_of_entrant, game):
    """(record, seat, move, state before that move) for each move of the entrant."""
    out = []
    for r in res.records:
        seats = [s for s, e in enumerate(r.entrants) if e == seat_of_entrant]
        state = game.new_initial_state()
        moves = {s: 0 for s in seats}
        for text in r.history:
            p = state.current_player()
            if p in moves:
                moves[p] += 1
                out.append((r, p, moves[p], state.clone()))
            state.apply_action(game.parse_action(text))
    return out


def _bot_seeds(res, entrant):
    return {T._derive(res.seed, "bot", r.index, s): (r.index, s)
            for r in res.records for s, e in enumerate(r.entrants) if e == entrant}


@pytest.mark.parametrize("game", [LoveLetter(2, edition="classic"), SleepingQueens(2), PrincessLegend(4)],
                         ids=["loveletter", "sleepingqueens", "princesslegend"])
def test_a_sealed_view_answers_what_player_view_answers(game, tmp_path):
    report = tmp_path / "probe.jsonl"
    bot = type("Probe", (ProbeBot,), {"report": str(report), "__module__": __name__})
    entrants = [bot] + [RandomBot] * (game.num_players - 1)
    res = run(game, entrants, games=12 if isinstance(game, LoveLetter) else game.num_players * 2, seed=3,
              keep_history=True, sandbox="process", limits=Limits(output=64 << 20))  # it reports in a file
    seeds = _bot_seeds(res, 0)
    rows = [json.loads(line) for line in report.read_text().splitlines()]
    truth = {(r.index, s, m): st for r, s, m, st in _decisions(res, 0, game)}
    moves: dict[int, int] = {}
    assert len(rows) == len(truth) > 5
    for row in rows:
        g, s = seeds[row["seed"]]
        moves[row["seed"]] = m = moves.get(row["seed"], 0) + 1
        state = truth[(g, s, m)]
        view = PlayerView(state, s)
        assert row["type"] == "SealedView" and row["pid"] != os.getpid()
        assert row["seat"] == s == row["current"] and row["game"] == repr(game)
        assert row["info"] == view.information_state()
        assert row["obs"] == json.loads(json.dumps(view.observation()))
        assert row["legal"] == [str(a) for a in view.legal_actions()]
        expected = _asked(view)
        for key, answer in expected.items():
            assert row[key] == answer, key    # resample: the very same draws from the same generator
        if isinstance(game, LoveLetter):
            assert row["posterior"]["value"] == _counted(posterior(state, s))
            assert "value" in row["own_policy"] and "value" in row["resample"]


# ====================================================================== the kit's bots keep their strength
def _every_bot(package, game, options):
    """Every kind of bot the game's package offers (its BOTS), made quick where it searches (with the
    settings among ``options[kind]`` that its class takes)."""
    out = {}
    for kind, cls in package.BOTS.items():
        takes = inspect.signature(cls).parameters
        settings = {k: v for k, v in options.get(kind, {}).items() if k in takes}
        out[kind] = partial(cls, **settings) if settings else cls
    return out


PAIRED = [
    (LoveLetter(2), "kit.loveletter.bots", {"ismcts": {"iterations": 60}}),
    (LoveLetter(4), "kit.loveletter.bots", {"ismcts": {"iterations": 30}}),
    # the look-ahead bot stops at a clock's budget: a budget it never reaches, and few games, so the two runs agree
    (SleepingQueens(2), "kit.sleepingqueens.bots", {"strong": {"samples": 4, "batch": 2, "most": 4,
                                                               "budget": 60.0}}),
    (PrincessLegend(4), "kit.princesslegend.bots", {}),
]


@pytest.mark.parametrize("game, package, options", PAIRED, ids=["loveletter2", "loveletter4", "sleepingqueens",
                                                                 "princesslegend"])
def test_the_kits_bots_decide_alike_sealed_and_unsealed(game, package, options):
    """A paired run: the same games with every bot sealed in its process (the default) and with every
    bot in the referee's process.  The kit's bots read only what their seat may know, so every decision is the
    same: sealing costs them no strength."""
    bots = _every_bot(importlib.import_module(package), game, options)
    if len(bots) < game.num_players:
        bots["random 2"] = RandomBot
    games = len(round_robin(len(bots), game.num_players)) * game.num_players
    sealed = run(game, bots, games=games, seed=11, keep_history=True, time_limit=30)
    local = run(game, bots, games=sealed.games, seed=11, keep_history=True, sealed=False, time_limit=30)
    assert sealed.fault_list() == [] and local.fault_list() == []
    assert comparable(sealed) == comparable(local)
    assert sealed.sealed is True and sum(sealed.moves) > 0


# ====================================================================== a cheating bot finds nothing
def _secret(state, seat):
    """What a seat must not know: opponents' hands (Love Letter, Sleeping Queens), the tiles
    (Princess Legend)."""
    n = state.game.num_players
    if isinstance(state.game, PrincessLegend):
        return {str(o): str(state.tile(o)) for o in range(n) if o != seat}
    return {str(o): sorted(str(c) for c in state.hand(o)) for o in range(n) if o != seat}


def _snoop(view):
    """Every trick a learner could try to reach the real state; returns [(trick, state found)]."""
    found, seen, visited = [], set(), set()
    is_state = {}  # type -> is it a State? (isinstance on the protocol's ABC is slow over every object of gc)

    def keep(trick, obj):
        cls = type(obj)
        hit = is_state.get(cls)
        if hit is None:
            hit = is_state[cls] = isinstance(obj, State)
        if hit and id(obj) not in seen:
            seen.add(id(obj))
            found.append((trick, obj))

    # 1. attributes, name-mangled names, slots, __dict__
    names = set(dir(view)) | {"_PlayerView__state", "_SealedView__state", "state", "_state"}
    for cls in type(view).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            names |= {slot, f"_{cls.__name__.lstrip('_')}{slot}"}
    for name in names:
        try:
            keep("attribute " + name, getattr(view, name))
        except Exception:
            pass
    try:
        for v in vars(view).values():
            keep("__dict__", v)
    except TypeError:
        pass
    # 2. what the view refers to, recursively: closures, cells, bound methods, containers
    frontier = [view]
    for _ in range(4):
        nxt = []
        for obj in frontier:
            for ref in gc.get_referents(obj):
                if id(ref) in visited:
                    continue
                visited.add(id(ref))
                keep("gc.get_referents", ref)
                if not isinstance(ref, (type, types.ModuleType)):
                    nxt.append(ref)
        frontier = nxt[:5000]
    for name in dir(type(view)):
        fn = getattr(type(view), name, None)
        fn = getattr(fn, "fget", fn)
        for cell in getattr(fn, "__closure__", None) or ():
            keep("closure", cell.cell_contents)
    for cell in getattr(getattr(view, "_ask", None), "__closure__", None) or ():
        try:
            keep("the channel's closure", cell.cell_contents)
        except ValueError:
            pass
    # 3. the frames: this thread's callers and every thread's stack
    stacks = [sys._getframe()] + list(sys._current_frames().values())
    for frame in stacks:
        while frame is not None:
            for v in list(frame.f_locals.values()):
                keep("frame " + frame.f_code.co_name, v)
                for attr in ("_PlayerView__state", "state", "_state"):
                    keep("frame local's " + attr, getattr(v, attr, None))
            frame = frame.f_back
    # 4. the garbage collector: every object of the process
    for obj in gc.get_objects():
        keep("gc.get_objects", obj)
    # 5. every module's globals
    for module in list(sys.modules.values()):
        for v in list(getattr(module, "__dict__", {}).values()):
            keep("module global", v)
    # 6. a copy of the view by pickle
    try:
        keep("pickle", pickle.loads(pickle.dumps(view)))
    except Exception:
        pass
    # 7. asking the referee for more than the view offers
    ask = getattr(view, "_ask", None)
    if callable(ask):
        for request in ({"ask": "state"}, {"ask": "knowledge", "seat": 1 - view.player % 2},
                        {"ask": "standin", "seat": 0}, {"ask": "resample", "seed": 1}, {"ask": "hands"}):
            try:
                keep("asked the referee", ask(request))
            except Exception:
                pass
    # 8. what the view offers: a state drawn from what the seat knows (a guess)
    try:
        keep("resample", view.resample(random.Random(0)))
    except Exception:
        pass
    return found


class CheatBot(RandomBot):
    """Tries every trick at every move, writes down what it found, then plays at random."""

    report = ""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.seed = seed

    def choose(self, view, seat):
        rows = []
        for trick, obj in _snoop(view):
            try:
                history = len(obj.history())
            except Exception:
                history = -1
            try:
                secret = _secret(obj, seat)
            except Exception:
                secret = None
            rows.append({"trick": trick, "type": type(obj).__name__, "history": history, "secret": secret})
        with open(type(self).report, "a") as f:
            f.write(json.dumps({"seed": self.seed, "pid": os.getpid(), "found": rows}) + "\n")
        return super().choose(view, seat)


def _cheat(game, games, tmp_path, sealed):
    report = tmp_path / f"cheat-{type(game).__name__}-{sealed}.jsonl"
    bot = type("Cheat", (CheatBot,), {"report": str(report), "__module__": __name__})
    res = run(game, [bot] + [RandomBot] * (game.num_players - 1), games=games, seed=21, keep_history=True,
              sealed=sealed, time_limit=30, sandbox="process" if sealed else "auto",
              limits=Limits(output=64 << 20))  # it reports in a file, past the 1 MiB a sealed bot may write
    seeds = _bot_seeds(res, 0)
    truth = {(r.index, s, m): st for r, s, m, st in _decisions(res, 0, game)}
    out, moves = [], {}
    for line in report.read_text().splitlines():
        row = json.loads(line)
        g, s = seeds[row["seed"]]
        moves[row["seed"]] = m = moves.get(row["seed"], 0) + 1
        out.append((row, truth[(g, s, m)], s))
    assert len(out) == len(truth) >= games
    return out


CHEAT_GAMES = [(LoveLetter(2), 24), (LoveLetter(4), 8), (SleepingQueens(2), 4), (PrincessLegend(4), 8)]


@pytest.mark.parametrize("game, games", CHEAT_GAMES, ids=["loveletter2", "loveletter4", "sleepingqueens",
                                                          "princesslegend"])
def test_a_cheating_bot_finds_nothing_of_the_hidden_cards(game, games, tmp_path):
    unknown = right = found = same = 0
    for row, state, seat in _cheat(game, games, tmp_path, sealed=True):
        assert row["pid"] != os.getpid()
        for item in row["found"]:
            # The only states in the bot's process are stand-ins drawn from what the seat knows (for
            # resample): they have no history, so no record of the real deal.
            assert item["history"] == 0, item
            if not isinstance(game, LoveLetter):
                found += 1
                same += item["secret"] == _secret(state, seat)
        if isinstance(game, LoveLetter):
            know = knowledge(state, seat)
            truth = _secret(state, seat)
            for o in truth:
                if know.alive[int(o)] and not know.known[int(o)]:
                    for item in row["found"]:
                        unknown += 1
                        right += item["secret"][o] == truth[o]
    if isinstance(game, LoveLetter):
        # A stand-in's card is a draw from the seat's counting: right about as often as a guess.
        assert unknown > 50 and right / unknown < 0.45, (right, unknown)
    assert same <= 0.45 * found, (same, found)    # other games: a stand-in's hidden cards are a guess too


@pytest.mark.parametrize("game, games", [(LoveLetter(2), 4), (SleepingQueens(2), 2)],
                         ids=["loveletter2", "sleepingqueens"])
def test_the_same_cheating_bot_unsealed_finds_every_hidden_card(game, games, tmp_path):
    """The control: without the seal the tricks work (so the test above can fail).

    It runs in a fresh Python process (the tournament's, unsealed), so that the bot's walk of every object
    and every frame costs the same whatever tests ran before it in this one."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as fresh:
        moves = fresh.submit(_unsealed_control, game, games, str(tmp_path)).result(timeout=600)
    assert len(moves) >= games
    for in_process, secret, trick in moves:
        assert in_process       # unsealed: the bot ran in the tournament's own process
        assert secret and trick  # and found the real hidden cards, through the view's private state


def _unsealed_control(game, games, tmp: str) -> list[tuple[bool, bool, bool]]:
    """Each move of the unsealed cheat: (in the tournament's process, found the real secret, found it through the
    view's private ``_PlayerView__state``)."""
    out = []
    for row, state, seat in _cheat(game, games, Path(tmp), sealed=False):
        real = [item for item in row["found"] if item["history"] == len(state.history())]
        out.append((row["pid"] == os.getpid(), any(item["secret"] == _secret(state, seat) for item in real),
                    any(item["trick"] == "attribute _PlayerView__state" for item in real)))
    return out


# ====================================================================== results
def test_results_table_intervals_plot_and_head_to_head():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    res = run(LoveLetter(2), {"heuristic": LLHeuristic, "random": RandomBot, "namer": GuardNamer}, games=60, seed=9,
              sealed="learners")
    assert res.games == 60 and res.played == [40, 40, 40]
    rows = res.table()
    assert [r["rank"] for r in rows] == [1, 2, 3] and rows[0]["bot"] == "heuristic"
    for r in rows:
        i = res.names.index(r["bot"])
        assert r["win_rate"] == res.wins[i] / 40
        assert (r["low"], r["high"]) == wilson_interval(res.wins[i], 40) == res.interval(i)
        assert r["low"] <= r["win_rate"] <= r["high"]
    a, b, together = res.versus(0, 1)
    assert together == 20 and a + b <= 20 and a > b
    ax = res.plot()
    assert [t.get_text() for t in ax.get_yticklabels()] == [r["bot"] for r in rows[::-1]]
    assert "95 % interval" in ax.get_xlabel() and len(ax.collections) >= 1   # the error bars
    html = res.html()
    assert "heuristic" in html and "win rate" in html and "What went wrong" not in html
    assert "<TournamentResult loveletter: 60 games" in repr(res)
    with pytest.raises(KitError, match="keep_history"):
        res.replay(0)


def test_a_sealed_view_holds_values_only():
    view = SealedView(0, LoveLetter(2), ["a"], "info", pickle.dumps({"hand": ["Guard"]}), (False, False, None, None),
                      lambda *a: None)
    assert view.observation() == {"hand": ["Guard"]} and view.observation() is not view.observation()
    assert view.legal_actions() == ["a"] and view.legal_actions() is not view._legal
    with pytest.raises(KitError, match="no seat knowledge"):
        view.knowledge()
    with pytest.raises(KitError, match="cannot draw states"):
        view.resample(random.Random(1))
    assert not any(isinstance(r, State) for r in gc.get_referents(view))


def test_wilson_interval_known_answers():
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    lo, hi = wilson_interval(50, 100)
    assert round(lo, 4) == 0.4038 and round(hi, 4) == 0.5962
    with pytest.raises(ValueError):
        wilson_interval(1, 0)


def test_a_fraction_policy_answer_travels_exactly():
    from kit.core.sealed import _policy_answer

    assert _policy_answer({"a": Fraction(1, 3), "b": 0.5, "c": 1}) == [["a", "1/3"], ["b", 0.5], ["c", "1/1"]]


def test_both_views_answer_everything_a_seat_may_ask():
    from kit.core.bots import SEAT_VIEW

    for cls in (PlayerView, SealedView):
        assert all(hasattr(cls, name) or name in getattr(cls, "__slots__", ()) for name in SEAT_VIEW), cls

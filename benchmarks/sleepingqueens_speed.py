"""Sleeping Queens engine throughput: whole games per second of uniform random play.

Two figures per player count:

* protocol - through the public protocol only: ``current_player()``,
  ``chance_outcomes()`` + ``kit.core.sample_outcome``, ``legal_actions()``,
  ``apply_action()`` (legality checked, log and history kept), the loop of
  ``kit.core.play_at_random``;
* fast path - ``kit.sleepingqueens.fast.simulate``: the same rule steps as
  ``apply_action`` (moves drawn from the legal ones, not checked again)
  without the chance-outcome lists, the turn's list of legal actions, the
  history or the event log; on one core, then (4 players) one process per
  core.

Both play the same games seed for seed as before the engine's speed work
(tests/test_sleepingqueens_engine_identity.py).  On a busy machine compare the
figures per CPU second (the wall clock counts the other work too).

Each figure is timed R times after a warm-up (the engine caches the legal
actions of each hand, the King/Wake lists of each grid, ...; a long-running
kernel has them filled, so the warm-up plays enough games to fill most of
them).  It prints the best run, which is the code's speed (as :mod:`timeit`
advises: slower runs are other work on the machine), then the median and the
range, and the rate per CPU second of this process (steadier on a busy
machine), and the load average before and after.

With ``--views`` each decision also asks the seat to move for its
``information_state`` and its ``observation`` (what a bot or a table reads).

It times the engine the kit imports and says which: the build of ``state.py`` compiled by mypyc when it is
up to date (``make`` builds it: :mod:`kit.sleepingqueens.compiled`), else the pure Python one; set
``KIT_PURE_PYTHON=1`` to time the pure Python engine.

Run: ``python benchmarks/sleepingqueens_speed.py [--games N] [--repeat R] [--views] [--players 4]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit.core import CHANCE, TERMINAL, play_at_random, sample_outcome  # noqa: E402
from kit.sleepingqueens import SleepingQueens  # noqa: E402
from kit.sleepingqueens.compiled import engine  # noqa: E402
from kit.sleepingqueens.fast import simulate  # noqa: E402

PROTOCOL_TARGET, FAST_TARGET = 3_000, 15_000  # 4 players, games per second
WARM_UP = 2_000  # games before timing (fills the caches)


def protocol_games(game: SleepingQueens, n: int, seed: int) -> int:
    rng = random.Random(seed)
    return sum(play_at_random(game.new_initial_state(first_player=i % game.num_players), rng) for i in range(n))


def games_with_views(game: SleepingQueens, n: int, seed: int) -> int:
    """Random play that reads the mover's information state and observation before every decision."""
    rng = random.Random(seed)
    steps = 0
    for i in range(n):
        s = game.new_initial_state(first_player=i % game.num_players)
        while (p := s.current_player()) != TERMINAL:
            if p == CHANCE:
                a = sample_outcome(s.chance_outcomes(), rng)
            else:
                s.information_state(p)
                s.observation(p)
                legal = s.legal_actions()
                a = legal[rng.randrange(len(legal))]
            s.apply_action(a)
            steps += 1
    return steps


def fast_games(game: SleepingQueens, n: int, seed: int) -> int:
    rng = random.Random(seed)
    for i in range(n):
        simulate(game, rng, i % game.num_players)
    return 0


def timed(fn, game: SleepingQueens, n: int, repeat: int, warm: int) -> tuple[list[float], list[float], int]:
    """Games/s of each run by the wall clock and by this process's CPU time, and the steps of the last run."""
    fn(game, warm, 999)
    rates, cpu_rates, steps = [], [], 0
    for r in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        steps = fn(game, n, r)
        rates.append(n / (time.perf_counter() - t))
        cpu_rates.append(n / (time.process_time() - c))
    return rates, cpu_rates, steps


def figures(rates: list[float], cpu: list[float]) -> str:
    return (f"best {max(rates):8,.0f} games/s (median {statistics.median(rates):,.0f}, range "
            f"{min(rates):,.0f}-{max(rates):,.0f}; best {max(cpu):,.0f} per CPU s)")


def _fast_worker(players: int, n: int, seed: int) -> tuple[float, float]:
    game = SleepingQueens(players)
    fast_games(game, WARM_UP, seed + 10_000)
    t, c = time.perf_counter(), time.process_time()
    fast_games(game, n, seed)
    return time.perf_counter() - t, time.process_time() - c


def parallel_fast(players: int, n: int, workers: int, repeat: int) -> tuple[list[float], list[float]]:
    """Games/s over all workers by the wall clock, and summed per-worker games per CPU second, per run."""
    rates, cpu_rates = [], []
    with ProcessPoolExecutor(workers) as pool:
        for r in range(repeat):
            t = time.perf_counter()
            done = list(pool.map(_fast_worker, [players] * workers, [n] * workers,
                                 range(100 * r, 100 * r + workers)))
            rates.append(n * workers / max(w for w, _ in done))
            cpu_rates.append(sum(n / c for _, c in done))
            del t
    return rates, cpu_rates


def load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per timed run (the fast path plays 5 times more)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--views", action="store_true", help="also read the mover's information state and observation")
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    args = ap.parse_args()
    n, r = args.games, args.repeat
    print(f"Sleeping Queens, uniform random play; {n} games x {r} runs (fast path {5 * n}) after {WARM_UP} games of "
          f"warm-up: the best run, median and range; load average {load()} ({os.cpu_count()} cores)")
    print(f"engine: {engine()} (kit/sleepingqueens/state.py{' built by mypyc' if engine() == 'compiled' else ''}; "
          f"KIT_PURE_PYTHON=1 times the pure Python one)")
    for players in args.players:
        game = SleepingQueens(players)
        proto = games_with_views if args.views else protocol_games
        rates, cpu, steps = timed(proto, game, n, r, WARM_UP)
        goal = f"   target >= {PROTOCOL_TARGET:,}" if players == 4 and not args.views else ""
        print(f"{players} players protocol{' + views' if args.views else ''}  {figures(rates, cpu)}; "
              f"{steps / n:.0f} steps/game, {1e6 / (max(cpu) * steps / n):.2f} us/step{goal}")
        rates, cpu, _ = timed(fast_games, game, 5 * n, r, WARM_UP)
        print(f"{players} players fast, 1 core  {figures(rates, cpu)}")
    if 4 in args.players:
        cores = os.cpu_count() or 1
        rates, cpu = parallel_fast(4, 5 * n, cores, r)
        print(f"4 players fast, {cores} cores {figures(rates, cpu)} (one process per core; per CPU s summed)"
              f"   target >= {FAST_TARGET:,}")
    print(f"load average at the end {load()}")


if __name__ == "__main__":
    main()

"""Love Letter engine throughput: rounds per second, 2 players, 2019 edition.

Three figures, all uniform random play:

* protocol  - through the public protocol only: ``current_player()``,
  ``chance_outcomes()`` + ``kit.core.sample_outcome``, ``legal_actions()``,
  ``apply_action()`` (legality checked, log and history kept);
* driver    - ``kit.core.play`` with two ``RandomBot`` s (adds a PlayerView per move);
* fast path - ``kit.loveletter.fast.simulate``: the same rules methods without
  the log, the history or per-step checks; on one core, then on every core.

Run: ``python benchmarks/loveletter_speed.py [--rounds N] [--repeat R]``.
Each figure is the median of R timed runs after a warm-up run (the engine
caches legal-action lists and chance-outcome lists as positions repeat).
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

from kit.core import CHANCE, TERMINAL, RandomBot, play, sample_outcome  # noqa: E402
from kit.loveletter import LoveLetter  # noqa: E402
from kit.loveletter.fast import simulate  # noqa: E402

GAME = LoveLetter(2, edition="2019")


def protocol_rounds(n: int, seed: int) -> int:
    rng = random.Random(seed)
    steps = 0
    for i in range(n):
        s = GAME.new_initial_state(i % 2)
        while True:
            p = s.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
            else:
                actions = s.legal_actions()
                s.apply_action(actions[rng.randrange(len(actions))])
            steps += 1
    return steps


def driver_rounds(n: int, seed: int) -> int:
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    rng = random.Random(seed)
    for i in range(n):
        play(GAME.new_initial_state(i % 2), bots, seed=rng)
    return 0


def fast_rounds(n: int, seed: int) -> int:
    rng = random.Random(seed)
    for i in range(n):
        simulate(GAME, rng, i % 2)
    return 0


def timed(fn, n: int, repeat: int) -> tuple[float, list[float], int, float]:
    """Median rounds/s by the wall clock, all runs, steps of the last run, median rounds per CPU second."""
    fn(n // 2, 999)  # warm-up
    rates, cpu_rates, steps = [], [], 0
    for r in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        steps = fn(n, r)
        rates.append(n / (time.perf_counter() - t))
        cpu_rates.append(n / (time.process_time() - c))
    return statistics.median(rates), rates, steps, statistics.median(cpu_rates)


def _fast_cpu(n: int, seed: int) -> float:
    c = time.process_time()
    fast_rounds(n, seed)
    return time.process_time() - c


def parallel_fast(n: int, workers: int) -> tuple[float, float]:
    """Rounds/s over all workers by the wall clock, and by each worker's own CPU time (summed)."""
    with ProcessPoolExecutor(workers) as pool:
        list(pool.map(fast_rounds, [n // 4] * workers, range(workers)))  # warm-up, same processes
        t = time.perf_counter()
        cpu = list(pool.map(_fast_cpu, [n] * workers, range(100, 100 + workers)))
        return n * workers / (time.perf_counter() - t), sum(n / c for c in cpu)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    n, r = args.rounds, args.repeat
    print(f"Love Letter 2019, 2 players, uniform random; {n} rounds x {r} runs, median (min-max)")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average {load}; 'per CPU s' divides by this process's CPU time (steadier on a busy machine)")
    med, rates, steps, cpu = timed(protocol_rounds, n, r)
    print(f"protocol      {med:10,.0f} rounds/s  ({min(rates):,.0f}-{max(rates):,.0f}), {cpu:,.0f} per CPU s; "
          f"{steps / n:.1f} steps/round, {1e6 / (cpu * steps / n):.2f} us/step   target >= 10,000")
    med, rates, _, cpu = timed(driver_rounds, n // 2, r)
    print(f"driver play() {med:10,.0f} rounds/s  ({min(rates):,.0f}-{max(rates):,.0f}), {cpu:,.0f} per CPU s")
    med, rates, _, cpu = timed(fast_rounds, n * 2, r)
    print(f"fast, 1 core  {med:10,.0f} rounds/s  ({min(rates):,.0f}-{max(rates):,.0f}), {cpu:,.0f} per CPU s")
    cores = os.cpu_count() or 1
    total, total_cpu = parallel_fast(n * 4, cores)
    print(f"fast, {cores} cores {total:10,.0f} rounds/s  (one process per core), {total_cpu:,.0f} per CPU s "
          f"summed over cores   target >= 50,000")


if __name__ == "__main__":
    main()

"""Love Letter engine throughput: rounds per second, 2 players, 2019 edition.

Three figures, all uniform random play:

* protocol  - through the public protocol only: ``current_player()``,
  ``chance_outcomes()`` + ``kit.core.sample_outcome``, ``legal_actions()``,
  ``apply_action()`` (legality checked, log and history kept);
* driver    - ``kit.core.play`` with two ``RandomBot`` s (adds a PlayerView per move);
* fast path - ``kit.loveletter.fast.simulate``: the same rules methods without
  the log, the history or per-step checks; on one core, then on every core.

Run: ``python benchmarks/loveletter_speed.py [--rounds N] [--repeat R]``.
Each figure is timed R times after a warm-up run (the engine caches
legal-action lists and chance-outcome lists as positions repeat); it prints
the best run, which is the code's speed (as :mod:`timeit` advises: slower
runs are other work on the machine), then the median and the range, so a
noisy machine shows as a wide range.  On the 2-core machine of the project
the same code measured idle varies by up to a third from run to run.
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

from kit.core import RandomBot, play, play_at_random  # noqa: E402
from kit.loveletter import LoveLetter  # noqa: E402
from kit.loveletter.fast import simulate  # noqa: E402

GAME = LoveLetter(2, edition="2019")


def protocol_rounds(n: int, seed: int) -> int:
    rng = random.Random(seed)
    return sum(play_at_random(GAME.new_initial_state(i % 2), rng) for i in range(n))


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


def timed(fn, n: int, repeat: int) -> tuple[list[float], int, list[float]]:
    """Rounds/s of each run by the wall clock, steps of the last run, rounds per CPU second of each run."""
    fn(n // 2, 999)  # warm-up
    rates, cpu_rates, steps = [], [], 0
    for r in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        steps = fn(n, r)
        rates.append(n / (time.perf_counter() - t))
        cpu_rates.append(n / (time.process_time() - c))
    return rates, steps, cpu_rates


def figures(rates: list[float]) -> str:
    """Best, then median and range, of rounds/s."""
    return (f"best {max(rates):9,.0f} rounds/s  (median {statistics.median(rates):,.0f}, "
            f"range {min(rates):,.0f}-{max(rates):,.0f})")


def _fast_cpu(n: int, seed: int) -> float:
    c = time.process_time()
    fast_rounds(n, seed)
    return time.process_time() - c


def parallel_fast(n: int, workers: int, repeat: int) -> tuple[list[float], list[float]]:
    """Rounds/s over all workers by the wall clock, and by each worker's own CPU time (summed), per run."""
    rates, cpu_rates = [], []
    with ProcessPoolExecutor(workers) as pool:
        list(pool.map(fast_rounds, [n // 4] * workers, range(workers)))  # warm-up, same processes
        for r in range(repeat):
            t = time.perf_counter()
            cpu = list(pool.map(_fast_cpu, [n] * workers, range(100 * r, 100 * r + workers)))
            rates.append(n * workers / (time.perf_counter() - t))
            cpu_rates.append(sum(n / c for c in cpu))
    return rates, cpu_rates


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    n, r = args.rounds, args.repeat
    print(f"Love Letter 2019, 2 players, uniform random; {n} rounds x {r} runs: the best run, median and range")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average {load}; 'per CPU s' divides by this process's CPU time (steadier on a busy machine)")
    rates, steps, cpu = timed(protocol_rounds, n, r)
    print(f"protocol       {figures(rates)}; best {max(cpu):,.0f} per CPU s; {steps / n:.1f} steps/round, "
          f"{1e6 / (max(cpu) * steps / n):.2f} us/step   target >= 10,000")
    rates, _, cpu = timed(driver_rounds, n // 2, r)
    print(f"driver play()  {figures(rates)}; best {max(cpu):,.0f} per CPU s")
    rates, _, cpu = timed(fast_rounds, n * 2, r)
    print(f"fast, 1 core   {figures(rates)}; best {max(cpu):,.0f} per CPU s")
    cores = os.cpu_count() or 1
    rates, cpu = parallel_fast(n * 2, cores, r)
    print(f"fast, {cores} cores  {figures(rates)}; best {max(cpu):,.0f} per CPU s summed over cores "
          f"(one process per core)   target >= 50,000")


if __name__ == "__main__":
    main()

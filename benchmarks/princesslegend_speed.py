"""Princess Legend engine throughput: rounds per second of uniform random play, 3 to 8 players.

Two figures per player count:

* protocol - ``kit.core.play_at_random``: the public protocol only,
  ``current_player()``, ``chance_outcomes()`` + ``kit.core.sample_outcome``,
  ``legal_actions()``, ``apply_action()`` (legality checked, log and history
  kept); the Prince rotates round by round;
* driver   - ``kit.core.play`` with one ``RandomBot`` per seat (adds a
  PlayerView per decision).

Run: ``python benchmarks/princesslegend_speed.py [--rounds N] [--repeat R]``.
Each figure is timed R times after a warm-up run (the engine caches legal-action
and chance-outcome lists); it prints the best run (the code's speed: slower runs
are other work on the machine), then the median and the range, and the best
rounds per CPU second of this process (steadier when the machine is shared).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit.core import RandomBot, play, play_at_random  # noqa: E402
from kit.princesslegend import PrincessLegend  # noqa: E402


def protocol_rounds(game: PrincessLegend, n: int, seed: int) -> int:
    """Play ``n`` random rounds through the protocol (``kit.core.play_at_random``); return the steps."""
    rng = random.Random(seed)
    players = game.num_players
    return sum(play_at_random(game.new_initial_state(first_player=i % players), rng) for i in range(n))


def driver_rounds(game: PrincessLegend, n: int, seed: int) -> int:
    """Play ``n`` rounds with ``kit.core.play`` and random bots."""
    players = game.num_players
    bots = [RandomBot(seed + i) for i in range(players)]
    rng = random.Random(seed)
    for i in range(n):
        play(game.new_initial_state(first_player=i % players), bots, seed=rng)
    return 0


def timed(fn, game: PrincessLegend, n: int, repeat: int) -> tuple[list[float], int, float]:
    """Rounds/s of each run by the wall clock, the steps of the last run, and the best
    rounds per CPU second of this process (steadier on a busy machine)."""
    fn(game, max(1, n // 4), 999)  # warm-up: fills the engine's caches
    rates, cpu_rates, steps = [], [], 0
    for r in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        steps = fn(game, n, r)
        rates.append(n / (time.perf_counter() - t))
        cpu_rates.append(n / max(time.process_time() - c, 1e-9))
    return rates, steps, max(cpu_rates)


def figures(rates: list[float]) -> str:
    return (f"best {max(rates):8,.0f} rounds/s (median {statistics.median(rates):,.0f}, "
            f"range {min(rates):,.0f}-{max(rates):,.0f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=4000, help="rounds per timed run")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per figure")
    args = ap.parse_args()
    n, r = args.rounds, args.repeat
    print(f"Princess Legend, uniform random play; {n} rounds x {r} runs per figure: best run, median and range")
    print("load average " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    for players in range(3, 9):
        game = PrincessLegend(players)
        rates, steps, cpu = timed(protocol_rounds, game, n, r)
        print(f"{players} players  protocol  {figures(rates)}; best {cpu:,.0f} per CPU s; "
              f"{steps / n:.1f} steps/round, {1e6 * n / (cpu * steps):.2f} us/step")
        rates, _, cpu = timed(driver_rounds, game, n // 2, r)
        print(f"{players} players  driver    {figures(rates)}; best {cpu:,.0f} per CPU s")


if __name__ == "__main__":
    main()

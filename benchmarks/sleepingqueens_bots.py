"""How strong are the Sleeping Queens bots? Win rates with 95 % confidence intervals.

Two pairings, every game seeded:

* HeuristicBot against RandomBot, entrants rotating through the seats; with
  more than two players the heuristic bot plays against random bots in the
  other seats (a random player's fair share is 1/n);
* the strong bot (LookaheadBot) against HeuristicBot, two players, seats
  alternated (the strong bot is seat 0, the first to play, in even games,
  seat 1 in odd ones), with the time each of the strong bot's moves took (by
  the wall clock, and by the CPU time of its process: steadier on a busy
  machine), games spread over every core.

The strong bot's limits count games and playouts, never seconds: its moves,
hence the results, are the same on every machine, however busy; only the
times printed depend on the machine.  ``--set effort=20000 margin=2`` tries
other parameters of :class:`~kit.sleepingqueens.bots.LookaheadBot`.

Run: ``python benchmarks/sleepingqueens_bots.py [--games N] [--strong N] [--workers W] [--set NAME=VALUE ...]``
(default 2,000 games each; ``--games 0`` or ``--strong 0`` skips a pairing).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit.core import RandomBot, derive_seed, play, tournament  # noqa: E402
from kit.core.tournament import wilson_interval  # noqa: E402
from kit.sleepingqueens import SleepingQueens  # noqa: E402
from kit.sleepingqueens.bots import HeuristicBot, LookaheadBot  # noqa: E402

STRONG_TARGET = 0.55  # share of 2-player games against the heuristic bot
MOVE_LIMIT = 0.200  # seconds a move


class _Timed:
    """The strong bot, with the wall-clock and CPU seconds of each of its moves."""

    def __init__(self, bot: LookaheadBot) -> None:
        self.bot, self.wall, self.cpu = bot, [], []

    def choose(self, view, player):
        t, c = time.perf_counter(), time.process_time()
        action = self.bot.choose(view, player)
        self.wall.append(time.perf_counter() - t)
        self.cpu.append(time.process_time() - c)
        return action


def strong_block(games: list[int], seed: int, params: dict | None = None
                 ) -> tuple[float, int, int, list[float], list[float]]:
    """Play ``games`` (indices): (strong bot's wins, shared wins among them, games, move seconds, CPU seconds)."""
    game = SleepingQueens(2)
    won, shared, wall, cpu = 0.0, 0, [], []
    for g in games:
        strong = _Timed(LookaheadBot(seed=derive_seed(seed, "strong", g), **(params or {})))
        heuristic = HeuristicBot(seed=derive_seed(seed, "heuristic", g))
        seat = g % 2
        bots = [strong, heuristic] if seat == 0 else [heuristic, strong]
        winners = play(game.new_initial_state(first_player=0), bots, seed=derive_seed(seed, "chance", g)).result().winners
        if seat in winners:
            won += 1.0 / len(winners)
            shared += len(winners) > 1
        wall += strong.wall
        cpu += strong.cpu
    return won, shared, len(games), wall, cpu


def _quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (the nearest rank)."""
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, math.ceil(q * len(ys)) - 1))]


def strong_against_heuristic(n: int, workers: int, seed: int = 2, params: dict | None = None) -> None:
    t = time.perf_counter()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    blocks = [list(range(i, min(i + 25, n))) for i in range(0, n, 25)]
    won, shared, played, wall, cpu = 0.0, 0, 0, [], []
    with ProcessPoolExecutor(workers) as pool:
        for w, s, k, ws, cs in pool.map(strong_block, blocks, [seed] * len(blocks), [params] * len(blocks)):
            won, shared, played, wall, cpu = won + w, shared + s, played + k, wall + ws, cpu + cs
    lo, hi = wilson_interval(won, played)
    over = sum(x > MOVE_LIMIT for x in wall)
    verdict = "meets" if won / played >= STRONG_TARGET and lo > 0.5 else "does NOT meet"
    print(f"{LookaheadBot(**(params or {}))!r}")
    print(f"2 players: strong wins {won / played:6.1%} [95% CI {lo:.1%}-{hi:.1%}] of {played} games against the "
          f"heuristic bot (seats alternated; a shared win counts its share: {shared} shared) in "
          f"{time.perf_counter() - t:.0f} s on {workers} processes; load average {load} at the start, "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} at the end")
    over_cpu = sum(x > MOVE_LIMIT for x in cpu)
    print(f"   its {len(wall):,} moves: wall mean {1000 * sum(wall) / len(wall):.1f} ms, p99 "
          f"{1000 * _quantile(wall, 0.99):.0f} ms, max {1000 * max(wall):.0f} ms ({over} over "
          f"{1000 * MOVE_LIMIT:.0f} ms); CPU mean {1000 * sum(cpu) / len(cpu):.1f} ms, p99 "
          f"{1000 * _quantile(cpu, 0.99):.0f} ms, max {1000 * max(cpu):.0f} ms ({over_cpu} over)")
    print(f"   target: >= {STRONG_TARGET:.0%} of games, a move < {1000 * MOVE_LIMIT:.0f} ms: {verdict} the share "
          f"target; {'every' if not over_cpu else 'NOT every'} move under the limit by CPU time")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="heuristic against random, per player count")
    ap.add_argument("--strong", type=int, default=2000, help="strong against heuristic, 2 players")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--set", nargs="*", default=[], metavar="NAME=VALUE",
                    help="parameters of the strong bot, e.g. effort=20000 margin=2 (default: the bot's own)")
    args = ap.parse_args()
    params = {k: (int(v) if v.lstrip("-").isdigit() else float(v)) for k, v in (x.split("=", 1) for x in args.set)}
    for n in (2, 3, 4, 5) if args.games else ():
        t = time.perf_counter()
        res = tournament(SleepingQueens(n), [HeuristicBot] + [RandomBot] * (n - 1), games=args.games, seed=n,
                         sealed="learners",  # the kit's own bots: trusted, in the referee's process
                         progress=False)
        wins = res.wins[0]  # of res.games: the games asked for, rounded up to whole passes of the seats
        lo, hi = wilson_interval(wins, res.games)
        print(f"{n} players: heuristic wins {wins / res.games:6.1%} [95% CI {lo:.1%}-{hi:.1%}] of {res.games} games "
              f"(a random seat's share: {1 / n:.0%}; shared wins {res.shared[0]}) in {time.perf_counter() - t:.0f} s")
    if args.strong:
        strong_against_heuristic(args.strong, args.workers, params=params)


if __name__ == "__main__":
    main()

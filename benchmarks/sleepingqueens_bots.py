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

Run: ``python benchmarks/sleepingqueens_bots.py [--games N] [--strong N] [--workers W]``
(default 2,000 games each; ``--games 0`` or ``--strong 0`` skips a pairing).
"""

from __future__ import annotations

import argparse
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


def strong_block(games: list[int], seed: int) -> tuple[float, int, int, list[float], list[float]]:
    """Play ``games`` (indices): (strong bot's wins, shared wins among them, games, move seconds, CPU seconds)."""
    game = SleepingQueens(2)
    won, shared, wall, cpu = 0.0, 0, [], []
    for g in games:
        strong = _Timed(LookaheadBot(seed=derive_seed(seed, "strong", g)))
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


def strong_against_heuristic(n: int, workers: int, seed: int = 2) -> None:
    t = time.perf_counter()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    blocks = [list(range(i, min(i + 25, n))) for i in range(0, n, 25)]
    won, shared, played, wall, cpu = 0.0, 0, 0, [], []
    with ProcessPoolExecutor(workers) as pool:
        for w, s, k, ws, cs in pool.map(strong_block, blocks, [seed] * len(blocks)):
            won, shared, played, wall, cpu = won + w, shared + s, played + k, wall + ws, cpu + cs
    lo, hi = wilson_interval(won, played)
    over = sum(x > MOVE_LIMIT for x in wall)
    verdict = "meets" if won / played >= STRONG_TARGET and lo > 0.5 else "does NOT meet"
    print(f"2 players: strong wins {won / played:6.1%} [95% CI {lo:.1%}-{hi:.1%}] of {played} games against the "
          f"heuristic bot (seats alternated; a shared win counts its share: {shared} shared) in "
          f"{time.perf_counter() - t:.0f} s on {workers} processes; load average {load} at the start, "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} at the end")
    print(f"   its {len(wall):,} moves: mean {1000 * sum(wall) / len(wall):.1f} ms, max {1000 * max(wall):.0f} ms "
          f"by the wall clock ({over} over {1000 * MOVE_LIMIT:.0f} ms); CPU mean {1000 * sum(cpu) / len(cpu):.1f} ms, "
          f"max {1000 * max(cpu):.0f} ms   target: >= {STRONG_TARGET:.0%} of games, a move < "
          f"{1000 * MOVE_LIMIT:.0f} ms: {verdict} the share target")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="heuristic against random, per player count")
    ap.add_argument("--strong", type=int, default=2000, help="strong against heuristic, 2 players")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    for n in (2, 3, 4, 5) if args.games else ():
        t = time.perf_counter()
        res = tournament(SleepingQueens(n), [HeuristicBot] + [RandomBot] * (n - 1), games=args.games, seed=n,
                         progress=False)
        wins = res.wins[0]
        lo, hi = wilson_interval(wins, args.games)
        print(f"{n} players: heuristic wins {wins / args.games:6.1%} [95% CI {lo:.1%}-{hi:.1%}] of {args.games} games "
              f"(a random seat's share: {1 / n:.0%}; shared wins {res.shared[0]}) in {time.perf_counter() - t:.0f} s")
    if args.strong:
        strong_against_heuristic(args.strong, args.workers)


if __name__ == "__main__":
    main()

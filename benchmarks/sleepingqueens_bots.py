"""How strong are the Sleeping Queens bots? Win rates with 95 % confidence intervals.

HeuristicBot against RandomBot, entrants rotating through the seats, every
game seeded; with more than two players the heuristic bot plays against
random bots in the other seats (a random player's fair share is 1/n).

Run: ``python benchmarks/sleepingqueens_bots.py [--games N]`` (default 2,000 per player count).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit.core import RandomBot, tournament  # noqa: E402
from kit.core.tournament import wilson_interval  # noqa: E402
from kit.sleepingqueens import SleepingQueens  # noqa: E402
from kit.sleepingqueens.bots import HeuristicBot  # noqa: E402



def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    args = ap.parse_args()
    for n in (2, 3, 4, 5):
        t = time.perf_counter()
        res = tournament(SleepingQueens(n), [HeuristicBot] + [RandomBot] * (n - 1), games=args.games, seed=n,
                         progress=False)
        wins = res.wins[0]
        lo, hi = wilson_interval(wins, args.games)
        print(f"{n} players: heuristic wins {wins / args.games:6.1%} [95% CI {lo:.1%}-{hi:.1%}] of {args.games} games "
              f"(a random seat's share: {1 / n:.0%}; shared wins {res.shared[0]}) in {time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    main()

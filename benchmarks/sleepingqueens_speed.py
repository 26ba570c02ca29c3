"""Sleeping Queens engine throughput: whole games per second of uniform random play.

Through the public protocol only: ``current_player()``, ``chance_outcomes()``
+ ``kit.core.sample_outcome``, ``legal_actions()``, ``apply_action()``
(legality checked, log and history kept), for each player count.  Prints the
best of R timed runs (the code's speed; slower runs are other work on the
machine), the median and the range, and the steps per game.

With ``--views`` each decision also asks the seat to move for its
``information_state`` and its ``observation`` (what a bot or a table reads),
so the figure includes building the seat's view of the log.

Run: ``python benchmarks/sleepingqueens_speed.py [--games N] [--repeat R] [--views]``.
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

from kit.core import CHANCE, TERMINAL, play_at_random, sample_outcome  # noqa: E402
from kit.sleepingqueens import SleepingQueens  # noqa: E402


def games(game: SleepingQueens, n: int, seed: int) -> int:
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--views", action="store_true", help="also read the mover's information state and observation")
    args = ap.parse_args()
    run = games_with_views if args.views else games
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Sleeping Queens, uniform random play through the protocol{' with views' if args.views else ''}; "
          f"{args.games} games x {args.repeat} runs; load average {load}")
    for players in (2, 3, 4, 5):
        game = SleepingQueens(players)
        run(game, max(1, args.games // 10), 999)  # warm-up
        rates, steps = [], 0
        for r in range(args.repeat):
            t = time.perf_counter()
            steps = run(game, args.games, r)
            rates.append(args.games / (time.perf_counter() - t))
        best = max(rates)
        print(f"{players} players: best {best:8,.0f} games/s (median {statistics.median(rates):,.0f}, range "
              f"{min(rates):,.0f}-{best:,.0f}); {steps / args.games:.0f} steps/game, "
              f"{best * steps / args.games:,.0f} steps/s")


if __name__ == "__main__":
    main()

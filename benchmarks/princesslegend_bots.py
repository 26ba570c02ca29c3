"""How well does the Princess Legend heuristic Prince find the Princess? Rates with 95 % confidence intervals.

Per player count, 3 to 8, the same seeded deals (round ``i``: the Prince is seat
``i % n``) are played with

* a random Prince (``kit.core.RandomBot``) and random answerers: he finds her
  with chance 1 / (number of places), whatever the answers;
* the heuristic Prince (:class:`kit.princesslegend.bots.HeuristicBot`) and
  random answerers;
* the heuristic Prince and heuristic answerers (who steer him: red tiles
  toward the Black Queen, blue ones toward a mask);

and prints the share of rounds where the revealed tile is the Princess, with
its 95 % Wilson interval; then the milliseconds per heuristic Prince move
(mean and largest, wall clock); then the crown family's rubies per round
against the heuristic Prince when the crown seats play the heuristic bot
(others random) and when they play at random (mean with a 95 % interval).

Run: ``python benchmarks/princesslegend_bots.py [--rounds N] [--players 3 4 ...]``
(default 1,000 rounds per player count and line).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit.core import RandomBot, derive_seed, play  # noqa: E402
from kit.core.tournament import wilson_interval  # noqa: E402
from kit.princesslegend import PrincessLegend  # noqa: E402
from kit.princesslegend.bots import HeuristicBot  # noqa: E402
from kit.princesslegend.tiles import Symbol, character_by_name  # noqa: E402



class TimedPrince(HeuristicBot):
    """The heuristic bot, timing its moves as the Prince."""

    times: list[float] = []

    def choose(self, view, player):
        t = time.perf_counter()
        action = super().choose(view, player)
        dt = time.perf_counter() - t
        if view.observation()["prince"] == player:
            TimedPrince.times.append(dt)
        return action


class CrownTeam:
    """The heuristic bot for a seat holding a crown-family tile (read from its own observation), else random."""

    def __init__(self, seed=None):
        self.heuristic, self.random = HeuristicBot(seed), RandomBot(seed)

    def choose(self, view, player):
        crown = character_by_name(view.observation()["role"]).family is Symbol.CROWN
        return (self.heuristic if crown else self.random).choose(view, player)


def rounds(n: int, prince, answerer, count: int, seed: int) -> list:
    """Play ``count`` seeded rounds; return the final states."""
    game = PrincessLegend(n)
    out = []
    for i in range(count):
        k = i % n
        bots = [(prince if s == k else answerer)(seed=derive_seed(seed, "bot", i, s)) for s in range(n)]
        out.append(play(game.new_initial_state(first_player=k), bots, seed=derive_seed(seed, "deal", i)))
    return out


def crown_rubies(ends: list) -> list[int]:
    return [sum(r for r, t in zip(e.returns(), e.tiles()) if t.family is Symbol.CROWN) for e in ends]


def mean_ci(xs: list[int]) -> str:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{m:.3f} [{m - half:.3f}-{m + half:.3f}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=1000)
    ap.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6, 7, 8])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    r = args.rounds
    for n in args.players:
        t0 = time.perf_counter()
        places = len(PrincessLegend(n).tile_set)
        print(f"{n} players ({places} places to reveal; {r} rounds a line):")
        lines = [("random Prince,    random answers   ", RandomBot, RandomBot),
                 ("heuristic Prince, random answers   ", TimedPrince, RandomBot),
                 ("heuristic Prince, heuristic answers", TimedPrince, HeuristicBot)]
        for label, prince, answerer in lines:
            found = sum(e.result().found_princess for e in rounds(n, prince, answerer, r, args.seed))
            lo, hi = wilson_interval(found, r)
            print(f"  {label}: finds the Princess {found / r:6.1%} [95% CI {lo:.1%}-{hi:.1%}]")
        times = TimedPrince.times
        print(f"  heuristic Prince move: {1000 * statistics.fmean(times):.1f} ms mean, "
              f"{1000 * max(times):.1f} ms largest, over {len(times)} moves")
        TimedPrince.times = []
        heur = crown_rubies(rounds(n, HeuristicBot, CrownTeam, r, args.seed))
        rand = crown_rubies(rounds(n, HeuristicBot, RandomBot, r, args.seed))
        print(f"  crown rubies a round vs the heuristic Prince: heuristic crown seats {mean_ci(heur)}, "
              f"random crown seats {mean_ci(rand)}")
        print(f"  ({time.perf_counter() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()

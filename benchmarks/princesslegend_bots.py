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

``--pairing strong`` prints instead the table of the Prince who reasons about
liars (:class:`kit.princesslegend.bots.StrongBot`) against the heuristic
answerers, per player count (default 4, 5 and 6): on the same seeded deals,
the share of rounds where the heuristic Prince, the strong Prince (its
default model: the answerers play like the heuristic bot) and the strong
Prince with the plain colour model find the Princess, each with its 95 %
Wilson interval, the strong Prince's lead over the heuristic one in
percentage points with a 95 % interval (Newcombe's, from the two Wilson
intervals), and the milliseconds per strong Prince decision (mean, 99th
percentile and largest by the wall clock, which counts other work on a shared
machine, and the largest CPU time of this process).
``--pairing both`` prints both.

Run: ``python benchmarks/princesslegend_bots.py [--rounds N] [--players 3 4 ...] [--pairing heuristic|strong|both]``
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
from kit.princesslegend.bots import HeuristicBot, StrongBot  # noqa: E402
from kit.princesslegend.tiles import Symbol, character_by_name  # noqa: E402
from kit.princesslegend.worlds import ColourModel  # noqa: E402



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


class TimedStrong(StrongBot):
    """The strong bot, timing its decisions as the Prince (wall clock and CPU time)."""

    times: list[tuple[float, float]] = []

    def choose(self, view, player):
        t, c = time.perf_counter(), time.process_time()
        action = super().choose(view, player)
        if view.observation()["prince"] == player:
            TimedStrong.times.append((time.perf_counter() - t, time.process_time() - c))
        return action


class ColourStrong(StrongBot):
    """The strong bot with the plain colour model (red lies at random, blue tells the truth half the time)."""

    def __init__(self, seed=None):
        super().__init__(seed, model=ColourModel())


def newcombe(k1: int, k2: int, n: int) -> tuple[float, float]:
    """95 % interval of the difference of two shares k1/n - k2/n (Newcombe's hybrid score interval)."""
    p1, p2 = k1 / n, k2 / n
    l1, u1 = wilson_interval(k1, n)
    l2, u2 = wilson_interval(k2, n)
    d = p1 - p2
    return d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def strong_table(players: list[int], r: int, seed: int) -> None:
    """The strong Prince against the heuristic answerers, beside today's heuristic Prince."""
    print(f"Strong Prince (reasons about liars) against heuristic answerers; {r} rounds a line, same deals:")
    print("players  heuristic Prince          strong Prince             strong, colour model      "
          "lead of strong (pp)      strong decision ms (wall: mean / p99 / max; largest CPU time)")
    for n in players:
        t0 = time.perf_counter()
        found = {}
        for label, prince in (("heuristic", HeuristicBot), ("strong", TimedStrong), ("colour", ColourStrong)):
            found[label] = sum(e.result().found_princess for e in rounds(n, prince, HeuristicBot, r, seed))
        cells = []
        for label in ("heuristic", "strong", "colour"):
            lo, hi = wilson_interval(found[label], r)
            cells.append(f"{found[label] / r:6.1%} [{lo:.1%}-{hi:.1%}]")
        lo, hi = newcombe(found["strong"], found["heuristic"], r)
        lead = f"{100 * (found['strong'] - found['heuristic']) / r:+5.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}]"
        wall = sorted(w for w, _ in TimedStrong.times)
        cpu = max(c for _, c in TimedStrong.times)
        print(f"{n:7d}  {cells[0]:24s}  {cells[1]:24s}  {cells[2]:24s}  {lead:23s}  "
              f"{1000 * statistics.fmean(wall):.1f} / {1000 * wall[int(0.99 * (len(wall) - 1))]:.1f} / "
              f"{1000 * wall[-1]:.1f}; CPU max {1000 * cpu:.1f}  over {len(wall)} decisions "
              f"({time.perf_counter() - t0:.0f} s)", flush=True)
        TimedStrong.times = []


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=1000)
    ap.add_argument("--players", type=int, nargs="*", default=None,
                    help="player counts (default 3 to 8; 4 5 6 for --pairing strong)")
    ap.add_argument("--pairing", choices=("heuristic", "strong", "both"), default="heuristic",
                    help="heuristic: the lines above (default); strong: the strong Prince's table; both")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    r = args.rounds
    if args.pairing in ("heuristic", "both"):
        heuristic_lines(args.players or [3, 4, 5, 6, 7, 8], r, args.seed)
    if args.pairing in ("strong", "both"):
        strong_table(args.players or [4, 5, 6], r, args.seed)


def heuristic_lines(players: list[int], r: int, seed: int) -> None:
    """The original lines: random and heuristic Princes, random and heuristic answerers, crown rubies."""
    for n in players:
        t0 = time.perf_counter()
        places = len(PrincessLegend(n).tile_set)
        print(f"{n} players ({places} places to reveal; {r} rounds a line):")
        lines = [("random Prince,    random answers   ", RandomBot, RandomBot),
                 ("heuristic Prince, random answers   ", TimedPrince, RandomBot),
                 ("heuristic Prince, heuristic answers", TimedPrince, HeuristicBot)]
        for label, prince, answerer in lines:
            found = sum(e.result().found_princess for e in rounds(n, prince, answerer, r, seed))
            lo, hi = wilson_interval(found, r)
            print(f"  {label}: finds the Princess {found / r:6.1%} [95% CI {lo:.1%}-{hi:.1%}]")
        times = TimedPrince.times
        print(f"  heuristic Prince move: {1000 * statistics.fmean(times):.1f} ms mean, "
              f"{1000 * max(times):.1f} ms largest, over {len(times)} moves")
        TimedPrince.times = []
        heur = crown_rubies(rounds(n, HeuristicBot, CrownTeam, r, seed))
        rand = crown_rubies(rounds(n, HeuristicBot, RandomBot, r, seed))
        print(f"  crown rubies a round vs the heuristic Prince: heuristic crown seats {mean_ci(heur)}, "
              f"random crown seats {mean_ci(rand)}")
        print(f"  ({time.perf_counter() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()

"""Class tournament throughput, sandboxed: 8 learners' bots (files) x 100 Love Letter games.

For each sandbox mode (:mod:`kit.core.sandbox`) it prints

* the start-up time of one bot process: start Python in the sandbox, load the
  kit and the learner's file, make the bot (median and slowest of 8 bots, each
  started ``--repeat`` times);
* games per second of a whole tournament (``tournament(...)`` with its
  default thread pool, one thread per core), best of ``--repeat`` runs, and
  the per-game cost against ``none`` (every bot in the referee's process).

The bots are four subclasses of the kit's heuristic bot and four random
players, written as files and read with ``bots_from_folder``, as a class's
would be.  ``bwrap`` is left out, saying why, where bubblewrap cannot run.

Run: ``python benchmarks/tournament_speed.py [--games N] [--repeat R] [--modes none,process,bwrap]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit.core import tournament  # noqa: E402
from kit.core.sandbox import bwrap_available  # noqa: E402
from kit.core.sealed import BotProcess, pack_factory  # noqa: E402
from kit.core.tournament import bots_from_folder  # noqa: E402
from kit.loveletter import LoveLetter  # noqa: E402

HEURISTIC = "from kit.loveletter.bots import HeuristicBot\n\nclass Bot(HeuristicBot):\n    pass\n"
RANDOM = ("import random\n\nclass Bot:\n    def __init__(self, seed=None):\n        self.rng = random.Random(seed)\n"
          "    def choose(self, view, seat):\n        return self.rng.choice(view.legal_actions())\n")


def class_bots(folder: Path) -> dict:
    for i in range(4):
        (folder / f"heuristic{i}.py").write_text(HEURISTIC)
        (folder / f"random{i}.py").write_text(RANDOM)
    return bots_from_folder(folder)


def start_up(bots: dict, game, mode: str, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        for entry in bots.values():
            t0 = time.perf_counter()
            proc = BotProcess(pack_factory(entry), game, sandbox=mode)
            proc.start(1, 10.0)
            times.append(time.perf_counter() - t0)
            proc.close()
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--modes", default="none,process,bwrap")
    args = ap.parse_args()
    game = LoveLetter(2, edition="classic")
    with tempfile.TemporaryDirectory() as tmp:
        bots = class_bots(Path(tmp))
        print(f"{len(bots)} learner bots (files), Love Letter classic, 2 players, at least {args.games} games; "
              f"best of {args.repeat}")
        base = None
        for mode in args.modes.split(","):
            if mode == "bwrap" and bwrap_available() is not None:
                print(f"  bwrap    left out: {bwrap_available()}")
                continue
            if mode == "none":
                # the kit's own bots stand in for the files (a file plays only sealed)
                from kit.core import RandomBot
                from kit.loveletter.bots import HeuristicBot

                entrants = {f"h{i}": HeuristicBot for i in range(4)} | {f"r{i}": RandomBot for i in range(4)}
                line = "  none     start-up        -            "
            else:
                entrants = bots
                ups = start_up(bots, game, mode, args.repeat)
                line = (f"  {mode:<8} start-up {1000 * statistics.median(ups):6.0f} ms median, "
                        f"{1000 * max(ups):4.0f} ms slowest; ")
            best, played = float("inf"), 0
            for r in range(args.repeat):
                t0 = time.perf_counter()
                res = tournament(game, entrants, games=args.games, seed=r + 1, progress=False,
                                 sandbox=mode)
                best = min(best, time.perf_counter() - t0)
                played = res.games
                assert sum(res.faults) == 0, res.fault_list()[:3]
            rate = played / best
            per_game = 1000 * best / played
            base = base or (per_game if mode == "none" else None)
            ratio = f" ({per_game / base:.1f}x the cost of a game in the referee)" if base and mode != "none" else ""
            print(f"{line}{played} games in {best:.2f} s: {rate:6.1f} games/s, {per_game:.1f} ms a game{ratio}")


if __name__ == "__main__":
    main()

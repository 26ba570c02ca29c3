"""How strong are the Love Letter bots?  Win rates with 95 % confidence intervals.

Plays two-player rounds (2019 edition by default) for each pairing, the two
bots swapping seats every round and the first player alternating every two
rounds, over a process pool (both cores of a small machine).  A round counts
as *won* by a bot when it is the sole winner in ``state.result().winners``;
a shared win (both hands tied at the showdown) is counted apart and not as a
win (the line "shared as 1/2" gives the rate with a shared round worth half).
The Spy bonus is a token, not a round win, so it is not counted.

Targets: HeuristicBot beats RandomBot in >= 70 % of rounds; ISMCTSBot beats
HeuristicBot in >= 55 %.

Run::

    python benchmarks/bot_strength.py                    # 2,000 rounds per pairing
    python benchmarks/bot_strength.py --rounds 400 --iterations 200

Prints one line per pairing and the time ISMCTSBot spends per move.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kit.core import derive_seed, play  # noqa: E402
from kit.core.tournament import wilson_interval  # noqa: E402
from kit.loveletter import LoveLetter  # noqa: E402
from kit.loveletter.bots import HeuristicBot, ISMCTSBot, RandomBot  # noqa: E402


class Timed:
    """Wraps a bot and times its ``choose`` calls with more than one legal action.

    Both the CPU time of this process (what a move costs, even when other
    programs share the cores) and the wall-clock time are kept.
    """

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.moves = 0
        self.cpu = 0.0
        self.wall = 0.0

    def choose(self, view: Any, player: int) -> Any:
        searched = len(view.legal_actions()) > 1
        c, w = time.process_time(), time.perf_counter()
        action = self.bot.choose(view, player)
        if searched:
            self.cpu += time.process_time() - c
            self.wall += time.perf_counter() - w
            self.moves += 1
        return action


def make(name: str, seed: int, options: dict[str, Any]) -> Any:
    if name == "random":
        return RandomBot(seed=seed)
    if name == "heuristic":
        return HeuristicBot(seed=seed)
    if name == "ismcts":
        return ISMCTSBot(seed=seed, **options)
    raise ValueError(f"unknown bot {name!r}; choose random, heuristic or ismcts")


def play_block(pair: tuple[str, str], indices: range, seed: int, edition: str, players: int,
               options: dict[str, Any]) -> tuple[list[int], float, float, int]:
    """Rounds ``indices`` of one pairing: counts [a wins, b wins, shared] and ISMCTS timing."""
    game = LoveLetter(players, edition=edition)
    counts = [0, 0, 0]
    cpu = wall = 0.0
    moves = 0
    for i in indices:
        a_seat = i % 2
        names = [pair[1]] * players
        names[a_seat] = pair[0]
        bots = [Timed(make(nm, derive_seed(seed, pair, i, s), options)) for s, nm in enumerate(names)]
        first = (i // 2) % players
        end = play(game.new_initial_state(first_player=first), bots, seed=derive_seed(seed, "chance", pair, i))
        winners = end.result().winners
        if len(winners) > 1:
            counts[2] += 1
        elif winners[0] == a_seat:
            counts[0] += 1
        else:
            counts[1] += 1
        for b, nm in zip(bots, names):
            if nm == "ismcts":
                cpu += b.cpu
                wall += b.wall
                moves += b.moves
    return counts, cpu, wall, moves



def run(pair: tuple[str, str], rounds: int, seed: int, edition: str, players: int,
        options: dict[str, Any], pool: ProcessPoolExecutor, block: int) -> dict[str, Any]:
    t0 = time.perf_counter()
    job: Callable[..., Any] = partial(play_block, pair, seed=seed, edition=edition, players=players,
                                      options=options)
    futures = [pool.submit(job, range(i, min(i + block, rounds))) for i in range(0, rounds, block)]
    counts, cpu, wall, moves = [0, 0, 0], 0.0, 0.0, 0
    for f in futures:
        c, u, w, m = f.result()
        counts = [x + y for x, y in zip(counts, c)]
        cpu += u
        wall += w
        moves += m
    return {"pair": pair, "rounds": rounds, "counts": counts, "ci": wilson_interval(counts[0], rounds),
            "cpu_ms": 1000 * cpu / moves if moves else None,
            "wall_ms": 1000 * wall / moves if moves else None, "moves": moves,
            "wall": time.perf_counter() - t0}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=2000, help="rounds per pairing (default 2000)")
    ap.add_argument("--iterations", type=int, default=None, help="ISMCTS iterations per move (default: the bot's)")
    ap.add_argument("--playout", default=None, choices=["policy", "random"],
                    help="ISMCTS playout (default: the bot's)")
    ap.add_argument("--opponents", default=None, choices=["policy", "tree"],
                    help="ISMCTS: opponents' moves as tree nodes or by the policy (default: the bot's)")
    ap.add_argument("--model", type=float, default=None, help="ISMCTS: trust in the sensible-opponent model")
    ap.add_argument("--edition", default="2019", choices=["2019", "classic"])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--pairings", default="heuristic-random,ismcts-heuristic",
                    help="comma-separated a-b pairs among random, heuristic, ismcts")
    args = ap.parse_args(argv)
    pairs = [tuple(p.split("-")) for p in args.pairings.split(",") if p]
    given = {"iterations": args.iterations, "playout": args.playout, "opponents": args.opponents,
             "model": args.model}
    options: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
    shown = ISMCTSBot(**options)
    print(f"Love Letter {args.edition}, {args.players} players, {args.rounds} rounds per pairing, "
          f"seats alternated, {args.workers} workers, seed {args.seed}; {shown!r}")
    print("a round is won by a bot when it is its sole winner; shared wins are counted apart")
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for pair in pairs:
            block = 20 if "ismcts" in pair else 250
            r = run(pair, args.rounds, args.seed, args.edition, args.players, options, pool, block)
            a, b, shared = r["counts"]
            n = r["rounds"]
            lo, hi = r["ci"]
            half_lo, half_hi = wilson_interval(a + 0.5 * shared, n)
            print(f"{pair[0]:>9} vs {pair[1]:<9}: {pair[0]} wins {a / n:6.1%} [95% CI {lo:.1%}-{hi:.1%}], "
                  f"{pair[1]} wins {b / n:6.1%}, shared {shared / n:5.1%}; shared as 1/2: "
                  f"{(a + 0.5 * shared) / n:.1%} [{half_lo:.1%}-{half_hi:.1%}]  ({r['wall']:.0f} s)", flush=True)
            if r["cpu_ms"] is not None:
                print(f"{'':>9}    ISMCTS: {r['cpu_ms']:.1f} ms CPU per move with a choice "
                      f"({r['wall_ms']:.1f} ms wall clock; {r['moves']} moves)", flush=True)
    print(f"total {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

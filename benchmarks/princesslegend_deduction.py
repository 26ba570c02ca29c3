"""How fast is the Princess Legend deduction? Milliseconds per call, 3 to 8 players, best / median / max.

For each player count, the positions are every step of seeded rounds played
by heuristic bots (every decision after the deal, and the end of the round
before the show), read from the Prince's side of the state, as the table's
deduction panel reads them.  Each function is called once per position with
the enumerator's cache emptied first (``kit.princesslegend.worlds._mask``), so
every figure is a cold call:

* ``princess_candidates``, ``consistent_deals``, ``is_certain``,
  ``settling_questions`` (:mod:`kit.princesslegend.deduction`, the fast
  enumerator; the target is < 10 ms at every position of a 7- or 8-player round);
* ``best_question`` with the default colour model, every question open at that
  position;
* ``deduction_html``, the deduction panel of the table (:mod:`kit.render.princesslegend`), drawn with
  its explanation cache emptied too (it must follow every answer: well under half a second);
* ``princess_candidates(method="sympy")`` on the first few positions, for
  comparison (sympy's models of the formulas);

then ``best_question`` over every question the Prince may ask at the start of
an 8-player round (56 questions; target < 200 ms), for each Prince seat and
deal, repeated.

Run: ``python benchmarks/princesslegend_deduction.py [--rounds N] [--sympy K] [--players 7 8]``.
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

from kit.core import PlayerView, derive_seed, sample_outcome  # noqa: E402
from kit.princesslegend import PrincessLegend  # noqa: E402
from kit.princesslegend import deduction, explain, worlds  # noqa: E402
from kit.princesslegend.bots import HeuristicBot  # noqa: E402
from kit.render.princesslegend import deduction_html  # noqa: E402


def positions(n: int, rounds: int, seed: int) -> list:
    """The Prince's observations at every step of ``rounds`` seeded heuristic rounds (after the deal)."""
    out = []
    for i in range(rounds):
        rng = random.Random(derive_seed(seed, n, i))
        s = PrincessLegend(n).new_initial_state(first_player=i % n)
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
                continue
            out.append(s.clone())
            s.apply_action(HeuristicBot(rng).choose(PlayerView(s, p), p))
        obs = s.observation(s.prince)
        out.append(dict(obs, log=obs["log"][:-1]))  # the reveal and the rubies, before the show
    return out


def cold(fn, source) -> float:
    """Milliseconds of one call with the enumerator's cache empty."""
    worlds._mask.cache_clear()
    t = time.perf_counter()
    fn(source)
    return 1000 * (time.perf_counter() - t)


def figures(ms: list[float]) -> str:
    return f"best {min(ms):6.2f}  median {statistics.median(ms):6.2f}  max {max(ms):7.2f} ms"


FUNCTIONS = [
    ("princess_candidates", deduction.princess_candidates),
    ("consistent_deals", deduction.consistent_deals),
    ("is_certain", deduction.is_certain),
    ("settling_questions", deduction.settling_questions),
    ("best_question", deduction.best_question),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=30, help="seeded rounds per player count")
    ap.add_argument("--sympy", type=int, default=5, help="positions per count also timed with sympy")
    ap.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6, 7, 8])
    ap.add_argument("--repeat", type=int, default=5, help="repeats of the 8-player best_question figure")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print("Princess Legend deduction, cold calls (cache emptied), milliseconds per call")
    print("load average " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    for f in ("princess_candidates", "best_question"):  # warm-up: imports, numpy, the deal tables
        for n in args.players:
            dict(FUNCTIONS)[f](PrincessLegend(n).dealt_state(
                ["Prince", *map(str, PrincessLegend(n).tile_set)][:n],
                centre=str(PrincessLegend(n).tile_set[-1]) if n < 8 else None))
    for n in args.players:
        sample = positions(n, args.rounds, args.seed)
        print(f"{n} players, {len(sample)} positions:")
        for name, fn in FUNCTIONS:
            print(f"  {name:20s} {figures([cold(fn, s) for s in sample])}")
        names = [f"P{i}" for i in range(n)]

        def panel(source, names=names):  # the table's deduction panel, drawn from scratch (explain's cache emptied)
            explain._CACHE.clear()
            obs = source if isinstance(source, dict) else source.observation(None)
            deduction_html(obs, names=names)

        print(f"  {'deduction panel':20s} {figures([cold(panel, s) for s in sample])}")
        few = sample[:args.sympy]
        if few:
            ms = [cold(lambda s: deduction.princess_candidates(s, method="sympy"), s) for s in few]
            print(f"  {'sympy candidates':20s} {figures(ms)}  ({len(few)} positions)")
    if 8 in args.players:
        game = PrincessLegend(8)
        ms, asked = [], 0
        for r in range(args.repeat):
            for k in range(8):
                rng = random.Random(derive_seed(args.seed, "start", r, k))
                s = game.new_initial_state(first_player=k)
                while s.is_chance_node():
                    s.apply_action(sample_outcome(s.chance_outcomes(), rng))
                t = time.perf_counter()
                worlds._mask.cache_clear()
                asked = len(deduction.best_question(s))
                ms.append(1000 * (time.perf_counter() - t))
        print(f"best_question at the start of an 8-player round ({asked} questions, {len(ms)} calls): "
              f"{figures(ms)}")


if __name__ == "__main__":
    main()

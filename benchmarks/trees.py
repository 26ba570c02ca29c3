"""Game-tree benchmarks: build, exact solve and CFR+ speed (``kit.trees``).

For each position: nodes, information sets per seat, build time
(``build_tree``), sequence-form time, exact-solve time (sequence-form LP with
HiGHS), CFR+ iterations per second, and the exploitability CFR+ reaches.

Positions:

* Kuhn poker (``kit.trees.examples.KuhnPoker``), the whole game: 58 nodes.
  Reference: OpenSpiel's pure-Python CFR+ does about 2,200 iterations/s on
  Kuhn poker on the project's machine (issue 4); the target is 10x that.
* Love Letter, classic, 2 players, a late position (deck of 4; the position
  of ``tests/test_trees.py``).
* Love Letter, classic, 2 players, an earlier position (deck of 6): a tree of
  about 23,000 nodes.

CFR+ speed is ``iterations / time`` of ``cfr_plus(sf, N, checkpoints=0)`` on
a prebuilt sequence form (setup and one final exploitability included), both
in wall-clock and in process CPU time: the CPU figure is the steadier one on
a shared machine.  The load average is printed for context.  For a
comparison made on the same machine at the same moment, Kuhn poker is also
solved by ``reference_cfr_plus`` of ``tests/test_trees.py``: the same
algorithm as OpenSpiel's Python ``CFRPlusSolver`` (a recursive walk per seat
per iteration), in plain Python on the networkx tree.

* The Love Letter endgame gallery (``kit.loveletter.endgame.GALLERY``), with
  the time to build and solve each exactly, and OpenSpiel's Python CFR+ run on
  the same position through ``kit.interop.openspiel`` when OpenSpiel is
  installed (side by side, same run).

Run: ``python benchmarks/trees.py [--iterations N] [--repeat R]``.
Each time is the median of R runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit.loveletter import LoveLetter  # noqa: E402
from kit.trees import build_tree, cfr_plus, solve_exact, summary  # noqa: E402
from kit.trees.examples import KuhnPoker  # noqa: E402
from kit.trees.sequence import sequence_form  # noqa: E402

OPENSPIEL_KUHN_CFR_PLUS = 2200  # iterations/s, OpenSpiel's Python CFR+ on Kuhn poker (issue 4)

LATE = ["deal Guard", "deal Handmaid", "deal King", "deal Countess", "deal Priest", "deal Prince",
        "deal Prince", "Prince p0", "deal Priest", "deal Handmaid", "Prince p0", "deal Guard",
        "deal Baron", "Guard p1 Baron", "deal Baron", "Handmaid"]
MIDDLE = ["deal Guard", "deal Handmaid", "deal Princess", "deal Countess", "deal Guard", "deal Priest",
          "deal Guard", "Guard p1 Prince", "deal Prince", "Prince p0", "deal Prince", "deal King",
          "Prince p0", "deal Guard"]


def love_letter(script: list[str]) -> Any:
    state = LoveLetter(2, edition="classic").new_initial_state()
    for text in script:
        state.apply_action(text)
    return state


def timed(fn: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """Median wall and CPU seconds of ``repeat`` calls, and the last result."""
    walls, cpus, out = [], [], None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        out = fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return statistics.median(walls), statistics.median(cpus), out


def bench(name: str, state: Any, iterations: int, repeat: int) -> dict[str, Any]:
    build_s, _, tree = timed(lambda: build_tree(state), repeat)
    s = summary(tree)
    sf_s, _, sf = timed(lambda: sequence_form(tree), repeat)
    exact_s, _, exact = timed(lambda: solve_exact(sf), repeat)
    cfr_plus(sf, 10, checkpoints=0)  # warm-up
    wall, cpu, cfr = timed(lambda: cfr_plus(sf, iterations, checkpoints=0), repeat)
    row = {
        "position": name, "nodes": s["nodes"], "infosets": s["infosets"], "depth": s["depth"],
        "sequences": sf.num_sequences, "build_s": build_s, "seqform_s": sf_s, "exact_s": exact_s,
        "value": exact.value, "cfr_iterations": iterations, "cfr_it_per_s_wall": iterations / wall,
        "cfr_it_per_s_cpu": iterations / cpu, "cfr_exploitability": cfr.exploitability,
        "cfr_value": cfr.value,
    }
    print(f"\n{name}")
    print(f"  nodes {s['nodes']:,} (chance {s['chance']:,}, decision {s['decision']:,}, terminal "
          f"{s['terminal']:,}), depth {s['depth']}, information sets {s['infosets']}, "
          f"sequences {sf.num_sequences}")
    print(f"  build_tree      {build_s * 1000:9.1f} ms")
    print(f"  sequence_form   {sf_s * 1000:9.1f} ms")
    print(f"  exact (LP)      {exact_s * 1000:9.1f} ms   value {exact.value:+.6f}  ({exact.payoff})")
    print(f"  CFR+ x{iterations:<7} {wall * 1000:9.1f} ms   {iterations / wall:10,.0f} it/s wall, "
          f"{iterations / cpu:10,.0f} it/s CPU; exploitability {cfr.exploitability:.2e}, "
          f"value {cfr.value:+.6f}")
    return row


def openspiel_cfr_plus(state: Any, iterations: int, repeat: int) -> tuple[float, float] | None:
    """OpenSpiel's Python CFR+ on the same position, through kit.interop.openspiel (None if not installed)."""
    try:
        from open_spiel.python.algorithms import cfr
        from kit.interop.openspiel import to_openspiel
    except ImportError:
        return None
    game = to_openspiel(state)
    solver = cfr.CFRPlusSolver(game)
    solver.evaluate_and_update_policy()  # warm-up (builds its tables)

    def run() -> None:
        for _ in range(iterations):
            solver.evaluate_and_update_policy()

    wall, cpu, _ = timed(run, repeat)
    return iterations / wall, iterations / cpu


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iterations", type=int, default=20000, help="CFR+ iterations on Kuhn poker")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"kit.trees benchmarks; {os.cpu_count()} CPUs, load average {load}; medians of {args.repeat} runs")
    kuhn = bench("Kuhn poker", KuhnPoker().new_initial_state(), args.iterations, args.repeat)
    bench("Love Letter classic 2p, late (deck 4)", love_letter(LATE), max(200, args.iterations // 10), args.repeat)
    bench("Love Letter classic 2p, deck 6", love_letter(MIDDLE), max(50, args.iterations // 100), args.repeat)
    for key in ("cfr_it_per_s_wall", "cfr_it_per_s_cpu"):
        ratio = kuhn[key] / OPENSPIEL_KUHN_CFR_PLUS
        print(f"\nKuhn CFR+ {key[-4:].strip('_')}: {kuhn[key]:,.0f} it/s = {ratio:.1f}x OpenSpiel's "
              f"pure-Python CFR+ ({OPENSPIEL_KUHN_CFR_PLUS:,} it/s, issue 4)", end="")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from test_trees import reference_cfr_plus  # noqa: E402

    tree, n = build_tree(KuhnPoker()), max(100, args.iterations // 40)
    wall, cpu, _ = timed(lambda: reference_cfr_plus(tree, n), args.repeat)
    print(f"\nKuhn, plain-Python tree-walk CFR+ (reference): {n / wall:,.0f} it/s wall, {n / cpu:,.0f} it/s CPU; "
          f"kit.trees is {kuhn['cfr_it_per_s_wall'] / (n / wall):.1f}x (wall), "
          f"{kuhn['cfr_it_per_s_cpu'] / (n / cpu):.1f}x (CPU)")

    # The Love Letter endgame gallery, with OpenSpiel's Python CFR+ side by side (same position, same run).
    from kit.loveletter.endgame import GALLERY, endgame

    print("\n\nLove Letter endgame gallery (kit.loveletter.endgame)")
    for name in GALLERY:
        start = endgame(name)
        t = time.perf_counter()
        row = bench(f"gallery {name!r}", start, 200, 1)
        total = time.perf_counter() - t
        tree = build_tree(start)
        t = time.perf_counter()
        exact = solve_exact(tree)
        solved_in = row["build_s"] + (time.perf_counter() - t)
        unseen = sum(start.deck().values())
        print(f"  {unseen} unseen cards: built and solved exactly in {solved_in:.1f} s, exploitability "
              f"{exact.exploitability:.1e}  (target for >= 7 unseen: < 1e-6 in < 30 s)")
        small = row["nodes"] <= 30_000
        theirs = openspiel_cfr_plus(start, 20 if small else 3, 1) if small else None
        if theirs is not None:
            print(f"  OpenSpiel Python CFR+ on the same position: {theirs[0]:,.1f} it/s wall, {theirs[1]:,.1f} it/s "
                  f"CPU; kit.trees CFR+ is {row['cfr_it_per_s_wall'] / theirs[0]:,.0f}x (wall), "
                  f"{row['cfr_it_per_s_cpu'] / theirs[1]:,.0f}x (CPU)   (target >= 10x)")
        elif small:
            print("  (OpenSpiel not installed: pip install 'tabletop-teaching-kit[openspiel]' for the comparison)")
        del total


if __name__ == "__main__":
    main()

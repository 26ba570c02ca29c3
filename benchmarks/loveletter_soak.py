"""Soak run: a million Love Letter rounds with invariant checks after every step.

Every edition ("classic", its "first-publisher" variant, "2019") x every
player count, uniform random play through the public protocol;
``kit.loveletter.invariants.check_invariants`` runs after every action (card
conservation, hand sizes, chance probabilities summing to exactly 1, ...),
and each finished round is also checked against a JSON round-trip.  Work is
spread over every core; the run prints the rounds played and the failures.

Run: ``python benchmarks/loveletter_soak.py [--rounds N]`` (default 1,000,000).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit.core import CHANCE, derive_seed, loads, sample_outcome  # noqa: E402
from kit.loveletter import LoveLetter  # noqa: E402
from kit.loveletter.invariants import check_invariants  # noqa: E402

CONFIGS = [("classic", None, n) for n in (2, 3, 4)] + [("classic", "first-publisher", n) for n in (2, 3, 4)] \
    + [("2019", None, n) for n in (2, 3, 4, 5, 6)]


def soak(config: tuple, rounds: int, seed: int) -> tuple[int, int, int, list[str]]:
    edition, variant, players = config
    game = LoveLetter(players, edition=edition, variant=variant)
    rng = random.Random(seed)
    steps = failures = 0
    errors: list[str] = []
    for i in range(rounds):
        s = game.new_initial_state(i % players)
        try:
            check_invariants(s)
            while not s.is_terminal():
                if s.current_player() == CHANCE:
                    s.apply_action(sample_outcome(s.chance_outcomes(), rng))
                else:
                    actions = s.legal_actions()
                    s.apply_action(actions[rng.randrange(len(actions))])
                check_invariants(s)
                steps += 1
            if i % 97 == 0 and loads(s.to_json()).to_json() != s.to_json():
                raise AssertionError("JSON round-trip changed the state")
        except Exception:  # noqa: BLE001 - a soak run counts every failure
            failures += 1
            if len(errors) < 3:
                errors.append(f"{config} round {i} seed {seed}: {traceback.format_exc(limit=3)}")
    return rounds, steps, failures, errors


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=1_000_000)
    ap.add_argument("--chunk", type=int, default=5_000)
    args = ap.parse_args()
    per_config = -(-args.rounds // len(CONFIGS))
    jobs = []
    for c in CONFIGS:
        for start in range(0, per_config, args.chunk):
            jobs.append((c, min(args.chunk, per_config - start), derive_seed(1, *c, start)))
    t = time.perf_counter()
    total = steps = failures = 0
    errors: list[str] = []
    with ProcessPoolExecutor(os.cpu_count()) as pool:
        futures = [pool.submit(soak, *job) for job in jobs]
        for f in as_completed(futures):
            r, st, fl, er = f.result()
            total, steps, failures = total + r, steps + st, failures + fl
            errors += er
    dt = time.perf_counter() - t
    print(f"soak: {total:,} rounds, {steps:,} steps checked, {failures} failures "
          f"in {dt:,.0f} s ({total / dt:,.0f} rounds/s on {os.cpu_count()} cores)")
    print("configurations:", ", ".join(f"{e}{'/' + v if v else ''} {n}p" for e, v, n in CONFIGS))
    for e in errors[:5]:
        print(e)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

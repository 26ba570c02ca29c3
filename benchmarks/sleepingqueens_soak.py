"""Soak run of Sleeping Queens: games with invariants after every step, fuzzed learner text, JSON and replay.

Three parts, every one seeded, spread over every core; each prints what it
did and its failures, and the run exits with 1 if anything failed:

* games: ``--games`` games (default 200,000) over 2, 3, 4 and 5 players,
  uniform random play through the public protocol, with
  ``kit.sleepingqueens.invariants.check_invariants`` after every step and at
  the start (the 67 red cards and the 12 Queens each in exactly one place,
  hands of at most five cards, sorted legal actions, chance probabilities
  adding up to exactly 1, the result meeting the end rule, the log ending
  with it);
* fuzz: ``--strings`` learner strings (default 100,000): random text, near
  misses of the notation and of equations, huge numbers, unicode digits and
  signs, attempts at code, and non-text values, through
  ``kit.sleepingqueens.parse_action``, ``kit.sleepingqueens.equations``'
  ``parse_equation`` and ``check_discard``, and a state's ``apply_action``.
  Only the kit's typed errors (``KitError``) may come out, a refused action
  must leave the state unchanged, and nothing may run code: ``eval``,
  ``exec``, ``sympy.sympify`` and ``parse_expr`` are made to fail loudly
  for the whole run, and a canary module named in the strings must never be
  imported;
* replay: ``--replays`` games (default 10,000): the final state through JSON
  (``loads(to_json())``) and through ``replay`` of its history is the same
  state (JSON, events, every seat's information state and observation), and
  a state saved at a random step, loaded and played on with the same random
  numbers ends exactly as the original.

Run: ``python benchmarks/sleepingqueens_soak.py [--games N] [--strings N] [--replays N]``.
"""

from __future__ import annotations

import argparse
import builtins
import os
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit.core import CHANCE, KitError, derive_seed, loads, replay, sample_outcome  # noqa: E402
from kit.sleepingqueens import SleepingQueens, parse_action  # noqa: E402
from kit.sleepingqueens.equations import check_discard, parse_equation  # noqa: E402
from kit.sleepingqueens.invariants import check_invariants  # noqa: E402

PLAYERS = (2, 3, 4, 5)
CANARY = "sq_fuzz_canary"  # a module no code may import: a string that ran as code would


# ============================================================================ games
def soak_games(players: int, games: int, seed: int) -> tuple[int, int, int, list[str]]:
    """Play ``games`` at random with the invariants after every step: (games, steps, failures, first errors)."""
    game = SleepingQueens(players)
    rng = random.Random(seed)
    steps = failures = 0
    errors: list[str] = []
    for i in range(games):
        s = game.new_initial_state(first_player=i % players)
        try:
            check_invariants(s)
            while not s.is_terminal():
                if s.current_player() == CHANCE:
                    s.apply_action(sample_outcome(s.chance_outcomes(), rng))
                else:
                    legal = s.legal_actions()
                    s.apply_action(legal[rng.randrange(len(legal))])
                check_invariants(s)
                steps += 1
        except Exception:  # noqa: BLE001 - a soak run counts every failure
            failures += 1
            if len(errors) < 3:
                errors.append(f"{players} players, game {i}, seed {seed}: {traceback.format_exc(limit=4)}")
    return games, steps, failures, errors


# ============================================================================ fuzz
_VALID = ["King 5", "Knight p1 Cat", "Potion p2 Rose 12", "Jester", "discard King", "discard 3 3",
          "discard 2+3+4=9", "discard 2 3 5", "block", "allow", "wake 1", "deal 10", "deal Wand", "reveal Starfish",
          "knight P0 rose queen", "discard 1+1+2=4", "discard 10", "potion p1 heart 1"]
_EQUATIONS = ["2+3=5", "2 + 3 = 5", "1+1+2=4", "2+3+4=9", "4+5=9", "10=5+5", "2+3=6", "5=5", "3+3=6", "1+2+3+4=10"]
_ATTACKS = [f"__import__('{CANARY}')", f"eval(\"__import__('{CANARY}')\")", f"exec('import {CANARY}')",
            "lambda: 0", "().__class__.__bases__[0].__subclasses__()", "{{7*7}}", "${jndi:ldap://x}", "'; DROP TABLE x",
            "import os; os.system('true')", "1 if __import__('os') else 2", "Symbol('x')", "x**2", "2**999999",
            "sqrt(4)", "oo", "nan", "1e309", "0x10", "0b11", "1_000", "½", "Eq(2+3, 5)", "Rational(1, 2)"]
_WEIRD = ["\u0661", "\u0662", "\u0663", "\u00b2", "\u00b3", "\u2075", "\uff15", "\uff0b", "\uff1d", "\u2212",
          "\u2013", "\u00d7", "\u00f7", "\u200b", "\u200f", "\u202e", "\u0301", "\u00a0", "\u3000", "\t", "\n", "\r",
          "\x00", "\x1b", "\ud800", "\U0001f451", "\u0966", "\u0e53", "\u09e9", "\u2460", "\u216b", "ß", "İ", "ﬁ",
          "\u212a", "\u1d7d9", "\u00bd", "\u221e"]
_ALPHABET = "0123456789+=-*/() pPkingKINGdiscard,.;:x_^%!<>[]{}\"'\\"


def learner_strings(rng: random.Random, n: int) -> Iterator[Any]:
    """``n`` seeded learner inputs: random text, near misses, huge numbers, unicode digits, code, non-text."""
    for k in range(n):
        kind = k % 10
        if kind == 0:  # random ASCII text
            yield "".join(rng.choice(_ALPHABET) for _ in range(rng.randrange(0, 30)))
        elif kind == 1:  # random unicode
            yield "".join(chr(rng.randrange(1, 0x3000)) if rng.random() < 0.7 else rng.choice(_WEIRD)
                          for _ in range(rng.randrange(0, 20)))
        elif kind in (2, 3):  # a near miss of an action or an equation
            base = list(rng.choice(_VALID) if kind == 2 else "discard " + rng.choice(_EQUATIONS))
            for _ in range(rng.randrange(1, 4)):
                op, at = rng.randrange(5), rng.randrange(len(base) + 1)
                if op == 0 and base:
                    del base[min(at, len(base) - 1)]
                elif op == 1:
                    base.insert(at, rng.choice(_ALPHABET + "".join(_WEIRD)))
                elif op == 2 and base:
                    i = min(at, len(base) - 1)
                    base[i] = base[i].swapcase()
                elif op == 3:
                    base.insert(at, rng.choice([" ", "  ", "\t", "+", "=", "p", "0", "9"]))
                else:
                    digits = [i for i, c in enumerate(base) if c.isdigit()]
                    if digits:
                        base[rng.choice(digits)] = rng.choice(["\u0661", "\u00b2", "\uff15", "\u0966", "\u2460"])
            yield "".join(base)
        elif kind == 4:  # huge and odd numbers
            big = rng.choice(["9" * rng.randrange(5, 6000), "0" * rng.randrange(1, 5000) + "5", "-1", "+5", "1e9",
                              str(2 ** rng.randrange(60, 400)), "00", "13", "0"])
            yield rng.choice([f"King {big}", f"wake {big}", f"Knight p{big} Cat", f"Potion p1 Cat {big}",
                              f"discard {big}", f"discard 1+{big}={big}", f"discard {big}+1=2", f"deal {big}",
                              f"{big}+{big}={big}", f"discard {' '.join([big] * rng.randrange(1, 8))}"])
        elif kind == 5:  # attempts at code, alone or inside notation
            a = rng.choice(_ATTACKS)
            yield rng.choice([a, f"discard {a}", f"King {a}", f"Knight p1 {a}", f"{a}=5", f"2+{a}=5", f"reveal {a}"])
        elif kind == 6:  # equations with unicode digits and signs
            eq = rng.choice(_EQUATIONS)
            yield "".join(rng.choice(_WEIRD) if c.isdigit() and rng.random() < 0.3 else c for c in eq)
        elif kind == 7:  # long discards and many parts
            parts = [str(rng.randrange(0, 13)) for _ in range(rng.randrange(1, 12))]
            yield "discard " + rng.choice([" ".join(parts), "+".join(parts[:-1]) + "=" + parts[-1]])
        elif kind == 8:  # valid notation (must parse), in odd case and spacing
            v = rng.choice(_VALID)
            yield (" " * rng.randrange(3)).join(t.upper() if rng.random() < 0.3 else t for t in v.split())
        else:  # not text at all
            yield rng.choice([None, 5, 2.5, b"King 5", ["King", "5"], ("discard", 3), {"a": 1}, object(), True,
                              bytearray(b"x"), 10 ** 50, float("nan")])


@contextmanager
def no_code_runs() -> Iterator[list[str]]:
    """While inside, ``eval``, ``exec``, and ``sympy.sympify`` or sympy's ``parse_expr`` given text, record the
    call and fail (sympy itself sympifies its own numbers: that is not text)."""
    import sympy
    import sympy.parsing.sympy_parser as parser

    core_sympify = sys.modules["sympy.core.sympify"]  # the module (its name is shadowed by the function)

    calls: list[str] = []

    def refuse(name: str, fn: Any, text_only: bool) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            if text_only and not (args and isinstance(args[0], (str, bytes))):
                return fn(*args, **kwargs)
            calls.append(f"{name}({str(args[:1])[:60]})")
            raise AssertionError(f"{name} called on learner text")
        return call

    saved = [(builtins, "eval", builtins.eval, False), (builtins, "exec", builtins.exec, False),
             (sympy, "sympify", sympy.sympify, True), (core_sympify, "sympify", core_sympify.sympify, True),
             (parser, "parse_expr", parser.parse_expr, False)]
    for owner, name, fn, text_only in saved:
        setattr(owner, name, refuse(name, fn, text_only))
    try:
        yield calls
    finally:
        for owner, name, fn, _ in saved:
            setattr(owner, name, fn)


def _state(rng: random.Random) -> Any:
    """A game in progress, to apply learner text to."""
    s = SleepingQueens(rng.choice(PLAYERS)).new_initial_state()
    for _ in range(rng.randrange(0, 120)):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            s.apply_action(sample_outcome(s.chance_outcomes(), rng))
        else:
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
    return s


def fuzz(strings: int, seed: int) -> tuple[int, int, int, list[str]]:
    """Feed ``strings`` learner inputs to the parsers and a state: (inputs, parsed, failures, first errors)."""
    rng = random.Random(seed)
    state = _state(rng)
    failures = parsed = 0
    errors: list[str] = []

    def fail(what: str, text: Any) -> None:
        nonlocal failures
        failures += 1
        if len(errors) < 5:
            errors.append(f"{what} on {str(text)[:80]!r} (seed {seed}): {traceback.format_exc(limit=3)}")

    for text in ("2+3=5", "2+3=6", "1+1+2=4", "x", "discard 2+3=5"):  # sympy makes some of its code lazily, once
        check_discard(text), check_discard(text, [2, 3, 5, 9, 9])
    with no_code_runs() as calls:
        for k, text in enumerate(learner_strings(rng, strings)):
            for fn in (parse_action, parse_equation, check_discard):
                try:
                    out = fn(text)
                    if fn is parse_action:
                        parsed += 1
                        if str(fn(str(out))) != str(out) or fn(str(out)) is not out:
                            raise AssertionError(f"notation does not round-trip: {out}")
                except KitError:
                    pass
                except Exception:  # noqa: BLE001 - anything but a typed error is a failure
                    fail(fn.__name__, text)
            if k % 5 == 0:  # through a live state: refused without a trace, or applied
                if state.is_terminal() or k % 500 == 0:
                    state = _state(rng)
                before = state.to_json()
                try:
                    state.apply_action(text)
                except KitError:
                    if state.to_json() != before:
                        try:
                            raise AssertionError("a refused action changed the state")
                        except AssertionError:
                            fail("apply_action", text)
                except Exception:  # noqa: BLE001
                    fail("apply_action", text)
        if calls:
            failures += len(calls)
            errors.append(f"code ran: {calls[:3]}")
    if CANARY in sys.modules:
        failures += 1
        errors.append(f"the canary module {CANARY} was imported: a string ran as code")
    return strings, parsed, failures, errors


# ============================================================================ JSON and replay
def _same(a: Any, b: Any, players: int) -> None:
    if a.to_json() != b.to_json() or a.events() != b.events():
        raise AssertionError("not the same state")
    for p in [*range(players), None]:
        if a.information_state(p) != b.information_state(p) or a.observation(p) != b.observation(p):
            raise AssertionError(f"seat {p} sees another game")


def soak_replays(players: int, games: int, seed: int) -> tuple[int, int, int, list[str]]:
    """Games through JSON and replay: (games, steps, failures, first errors)."""
    game = SleepingQueens(players)
    rng = random.Random(seed)
    steps = failures = 0
    errors: list[str] = []
    for i in range(games):
        try:
            first = i % players
            s = game.new_initial_state(first_player=first)
            save_at = rng.randrange(1, 150)
            saved, tail_seed = None, rng.getrandbits(32)
            k = 0
            while not s.is_terminal():
                if k == save_at:
                    saved = s.to_json()
                    tail = random.Random(tail_seed)
                if saved is None:
                    choice = rng
                else:
                    choice = tail
                if s.current_player() == CHANCE:
                    s.apply_action(sample_outcome(s.chance_outcomes(), choice))
                else:
                    legal = s.legal_actions()
                    s.apply_action(legal[choice.randrange(len(legal))])
                k += 1
            steps += k
            _same(loads(s.to_json()), s, players)
            _same(replay(game, s.history(), first_player=first), s, players)
            if saved is not None:  # saved mid-game, loaded, played on with the same random numbers
                t, tail = loads(saved), random.Random(tail_seed)
                while not t.is_terminal():
                    if t.current_player() == CHANCE:
                        t.apply_action(sample_outcome(t.chance_outcomes(), tail))
                    else:
                        legal = t.legal_actions()
                        t.apply_action(legal[tail.randrange(len(legal))])
                _same(t, s, players)
        except Exception:  # noqa: BLE001
            failures += 1
            if len(errors) < 3:
                errors.append(f"{players} players, game {i}, seed {seed}: {traceback.format_exc(limit=4)}")
    return games, steps, failures, errors


# ============================================================================ the run
def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--strings", type=int, default=100_000)
    ap.add_argument("--replays", type=int, default=10_000)
    ap.add_argument("--chunk", type=int, default=2_000)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Sleeping Queens soak on {args.workers} processes; load average {load}", flush=True)
    jobs: list[tuple[str, Any, tuple]] = []
    for part, total, fn in (("games", args.games, soak_games), ("replay", args.replays, soak_replays)):
        per = -(-total // len(PLAYERS))
        for n in PLAYERS:
            for start in range(0, per, args.chunk):
                jobs.append((part, fn, (n, min(args.chunk, per - start), derive_seed(7, part, n, start))))
    for start in range(0, args.strings, 10 * args.chunk):
        jobs.append(("fuzz", fuzz, (min(10 * args.chunk, args.strings - start), derive_seed(7, "fuzz", start))))
    totals: dict[str, list[int]] = {p: [0, 0, 0] for p in ("games", "fuzz", "replay")}
    errors: dict[str, list[str]] = {p: [] for p in totals}
    t = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        futures = {pool.submit(fn, *a): part for part, fn, a in jobs}
        for f in as_completed(futures):
            part = futures[f]
            n, m, fails, errs = f.result()
            tot = totals[part]
            tot[0], tot[1], tot[2] = tot[0] + n, tot[1] + m, tot[2] + fails
            errors[part] += errs
    dt = time.perf_counter() - t
    g, r, z = totals["games"], totals["replay"], totals["fuzz"]
    print(f"games:  {g[0]:,} games over {', '.join(map(str, PLAYERS))} players, {g[1]:,} steps each followed by "
          f"check_invariants, {g[2]} failures")
    print(f"fuzz:   {z[0]:,} learner strings through parse_action, parse_equation, check_discard (and every 5th "
          f"through a state's apply_action); {z[1]:,} of them read as actions; {z[2]} failures (anything but a KitError, "
          f"a changed state after a refusal, code run)")
    print(f"replay: {r[0]:,} games ({r[1]:,} steps) identical through JSON, through replay of their history, and "
          f"saved mid-game then played on; {r[2]} failures")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"in {dt:,.0f} s; load average at the end {load}")
    failed = False
    for part, errs in errors.items():
        for e in errs[:5]:
            failed = True
            print(f"--- {part}: {e}")
    sys.exit(1 if failed or any(tot[2] for tot in totals.values()) else 0)


if __name__ == "__main__":
    main()

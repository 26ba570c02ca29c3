"""Table server under a class's load: 30 tables x 4 learners playing at once.

The server runs in a process of its own (``python -m kit.serve``); the 120
learners are websocket clients in this process (one asyncio loop).  Each
learner answers every view that offers it a move with a random legal move,
after a think time (``--think`` seconds, 0 by default: the hardest case).
A move's latency is the time from sending it to receiving the view that
follows it.  It prints p50, p99 and the slowest latency, and moves a second,
for Love Letter 2019 with 4 players (``--game`` changes it).

Run: ``python benchmarks/serve_load.py [--tables 30] [--seats 4] [--seconds 20] [--think 0]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kit.serve import TeacherClient  # noqa: E402

GAMES = {"loveletter": {"edition": "2019"}, "sleepingqueens": {}, "princesslegend": {}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def learner(url: str, code: str, rng: random.Random, until: float, think: float,
                  latencies: list[float]) -> int:
    from tornado.websocket import websocket_connect

    ws = await websocket_connect(url, max_message_size=8 << 20)
    await ws.write_message(json.dumps({"type": "join", "code": code}))
    moves, sent_at, answered = 0, None, -1
    while time.monotonic() < until:
        try:
            text = await asyncio.wait_for(ws.read_message(), max(0.01, until - time.monotonic()))
        except asyncio.TimeoutError:
            break
        if text is None:
            break
        view = json.loads(text)
        if view.get("type") != "view":
            continue
        if sent_at is not None and view["seq"] != answered:
            latencies.append(time.perf_counter() - sent_at)
            sent_at = None
        if view["legal"] and view["seq"] != answered and sent_at is None and not view["over"]:
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            answered = view["seq"]
            sent_at = time.perf_counter()
            await ws.write_message(json.dumps({"type": "act", "action": rng.choice(view["legal"]),
                                               "seq": view["seq"]}))
            moves += 1
    ws.close()
    return moves


async def run(url: str, codes: list[str], seconds: float, think: float) -> tuple[list[float], int]:
    latencies: list[float] = []
    until = time.monotonic() + seconds
    counts = await asyncio.gather(*(learner(url, c, random.Random(i), until, think, latencies)
                                    for i, c in enumerate(codes)))
    return latencies, sum(counts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=30)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--think", type=float, default=0.0)
    ap.add_argument("--game", default="loveletter", choices=sorted(GAMES))
    args = ap.parse_args()
    port, token = free_port(), "bench-token"
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYTHONPATH=str(ROOT), KIT_TEACHER_TOKEN=token)
        server = subprocess.Popen([sys.executable, "-m", "kit.serve", "--port", str(port), "--db",
                                   str(Path(tmp) / "load.sqlite"), "--round-pause", "0"],
                                  stdout=subprocess.PIPE, text=True, env=env)
        try:
            server.stdout.readline()  # "table server at ..."
            url = f"http://127.0.0.1:{port}"
            teacher = TeacherClient(url, token)
            settings = {"players": args.seats, **GAMES[args.game]}
            codes = []
            for _ in range(args.tables):
                codes += teacher.create_table(args.game, settings, ["person"] * args.seats)["codes"]
            t0 = time.perf_counter()
            latencies, moves = asyncio.run(run(url.replace("http", "ws") + "/ws", codes, args.seconds,
                                               args.think))
            took = time.perf_counter() - t0
        finally:
            server.terminate()
            server.wait(10)
    latencies.sort()
    p = lambda q: 1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))]  # noqa: E731
    print(f"{args.tables} tables x {args.seats} learners ({args.game}), {len(codes)} websockets, {took:.1f} s, "
          f"think {args.think:g} s; load average {os.getloadavg()[0]:.1f}")
    print(f"  {moves} moves, {moves / took:.0f} moves/s; latency p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, "
          f"slowest {1000 * latencies[-1]:.1f} ms, mean {1000 * statistics.mean(latencies):.1f} ms")


if __name__ == "__main__":
    main()

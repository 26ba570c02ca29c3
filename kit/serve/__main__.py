"""``python -m kit.serve``: run a table server until Ctrl+C (see :mod:`kit.serve`)."""

from __future__ import annotations

import argparse
import os
import signal
import sys

from .server import serve_in_background


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m kit.serve", description="A table server for a class.")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--host", default="127.0.0.1",
                    help="the address to listen on (0.0.0.0: every address of this machine, for a computer room)")
    ap.add_argument("--db", default="kit-tables.sqlite", help="the SQLite file of the tables (resumed at start)")
    ap.add_argument("--round-pause", type=float, default=4.0, help="seconds between two rounds")
    ap.add_argument("--prefix", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", ""),
                    help="the URL path to serve under (default: a JupyterHub service's prefix, else none)")
    args = ap.parse_args(argv)
    token = os.environ.get("KIT_TEACHER_TOKEN") or None
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})  # waited for below
    bg = serve_in_background(args.db, port=args.port, host=args.host, token=token, round_pause=args.round_pause,
                             prefix=args.prefix)
    print(f"table server at {bg.url} ({len(bg.server.tables)} tables resumed from {args.db})", flush=True)
    if token is None:
        print(f"teacher's token: {bg.server.token}   (keep it to yourself; set KIT_TEACHER_TOKEN to choose it)",
              flush=True)
    signal.sigwait({signal.SIGINT, signal.SIGTERM})
    bg.stop()
    print("stopped; the tables stay in", args.db, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

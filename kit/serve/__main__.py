"""``python -m kit.serve``: run a table server until Ctrl+C (see :mod:`kit.serve`)."""

from __future__ import annotations

import argparse
import os
import signal
import sys

from .hub import HubLogin
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
    ap.add_argument("--hub", choices=("auto", "on", "off"), default="auto",
                    help="name learners by their JupyterHub login (auto: when run as a hub service)")
    args = ap.parse_args(argv)
    token = os.environ.get("KIT_TEACHER_TOKEN") or None
    hub = None if args.hub == "off" else HubLogin.from_environment()
    if args.hub == "on" and hub is None:
        print("--hub on: this is not a JupyterHub service (no JUPYTERHUB_API_URL and JUPYTERHUB_SERVICE_NAME)",
              file=sys.stderr)
        return 2
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})  # waited for below
    bg = serve_in_background(args.db, port=args.port, host=args.host, token=token, round_pause=args.round_pause,
                             prefix=args.prefix, hub=hub)
    print(f"table server at {bg.url} ({len(bg.server.tables)} tables resumed from {args.db})", flush=True)
    if hub is not None:
        print(f"learners named by the hub's login (needs the scope {hub.scope})", flush=True)
    if token is None:
        print(f"teacher's token: {bg.server.token}   (keep it to yourself; set KIT_TEACHER_TOKEN to choose it)",
              flush=True)
    signal.sigwait({signal.SIGINT, signal.SIGTERM})
    bg.stop()
    print("stopped; the tables stay in", args.db, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

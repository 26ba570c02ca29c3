"""Compile the Sleeping Queens engine with mypyc (see kit/sleepingqueens/compiled.py); run by ``make``.

Run: ``python tools/build_engine.py [--force] [--quiet]``.  Exits 0 even when it cannot build: the kit then
runs the pure Python engine, and says so.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit.sleepingqueens.compiled import build  # noqa: E402

if __name__ == "__main__":
    build(force="--force" in sys.argv, quiet="--quiet" in sys.argv)

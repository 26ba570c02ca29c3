"""Every script in ``benchmarks/`` still runs (with its smallest arguments), so the figures a closing note
quotes can be measured again.  Nothing here is timed: the benchmarks print their own figures.

A benchmark that broke once without anyone seeing it (``loveletter_widget_latency.py`` called a method as
a function) is the reason for this file; a new benchmark must be added to :data:`SMALLEST`.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Each benchmark with the arguments that make it shortest (seconds, not minutes).
SMALLEST = {
    "bot_strength": ["--rounds", "4", "--iterations", "10"],
    "loveletter_soak": ["--rounds", "200", "--chunk", "100"],
    "loveletter_speed": ["--rounds", "200", "--repeat", "1"],
    "loveletter_widget_latency": ["--matches", "1"],
    "princesslegend_bots": ["--rounds", "2", "--players", "4"],
    "princesslegend_deduction": ["--rounds", "1", "--sympy", "0", "--players", "4", "--repeat", "1"],
    "princesslegend_speed": ["--rounds", "20", "--repeat", "1"],
    "serve_load": ["--tables", "1", "--seats", "2", "--seconds", "2"],
    "sleepingqueens_bots": ["--games", "2", "--strong", "1", "--workers", "1"],
    "sleepingqueens_soak": ["--games", "50", "--strings", "10", "--replays", "2", "--chunk", "25", "--workers", "1"],
    "sleepingqueens_speed": ["--games", "20", "--repeat", "1", "--players", "2"],
    "tournament_speed": ["--games", "4", "--repeat", "1"],
    "trees": ["--iterations", "10", "--repeat", "1", "--unseen", "--no-gallery", "--no-eight"],
}


def test_every_benchmark_is_listed():
    scripts = sorted(p.stem for p in (ROOT / "benchmarks").glob("*.py"))
    assert scripts == sorted(SMALLEST), "add the new benchmark to SMALLEST with its smallest arguments"


@pytest.mark.parametrize("name", sorted(SMALLEST))
def test_a_benchmark_runs_with_its_smallest_arguments(name):
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / f"{name}.py"), *SMALLEST[name]], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stdout[-1500:] + done.stderr[-3000:]
    assert done.stdout.strip(), f"{name} printed nothing"
    # a share is at most 100 %: a count divided by the games asked for, not those played, once gave 150 %
    shares = [float(x) for x in re.findall(r"(\d+(?:\.\d+)?)\s?%", done.stdout)]
    assert all(x <= 100 for x in shares), [line for line in done.stdout.splitlines() if "%" in line][:5]

"""Start a test server (JupyterLab, Voila) on a free port, and start it again if another process took the port.

A free port is found by binding port 0 and letting go; the server binds it a moment later, and on a busy
machine (two test workers each starting servers and kernels) another process can take it in between.  With
``port_retries=0`` a server whose port is taken stops at once ("already in use") instead of quietly moving to
the next port, where the test would never find it; :func:`start` then picks a new port and starts it again.
"""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

#: How many ports :func:`start` tries before it gives up.
TRIES = 3


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def url(port: int, path: str, token: str) -> str:
    """The address of ``path`` on the test server at ``port`` of 127.0.0.1, with its token."""
    return f"http://127.0.0.1:{port}/{path}?token={token}"


def _tail(log: Path) -> str:
    return log.read_text(errors="replace")[-3000:]


def start(name: str, command: Callable[[int], list[str]], log: Path, token: str, ready: str = "",
          timeout: float = 90, **popen) -> tuple[int, subprocess.Popen]:
    """Start ``command(port)`` (its output in ``log``) and wait until its page ``ready`` answers.

    Returns the port and the running process.  A server that stops because its port was taken is started
    again on a new port, up to :data:`TRIES` times; one that stops for another reason, or does not answer
    within ``timeout`` seconds, raises ``RuntimeError`` with the end of its log.
    """
    for _ in range(TRIES):
        port = free_port()
        with open(log, "w") as out:
            proc = subprocess.Popen(command(port), stdout=out, stderr=subprocess.STDOUT, **popen)
        deadline = time.time() + timeout
        while proc.poll() is None:
            try:
                urllib.request.urlopen(url(port, ready, token), timeout=30)
                return port, proc
            except OSError:  # not answering yet (urllib's URLError and HTTPError are OSErrors)
                if time.time() > deadline:
                    stop(proc)
                    raise RuntimeError(f"{name} did not answer in {timeout:.0f} s; log:\n{_tail(log)}")
                time.sleep(0.5)
        if "already in use" not in log.read_text(errors="replace"):
            break
    raise RuntimeError(f"{name} did not start; log:\n{_tail(log)}")


def stop(proc: subprocess.Popen, wait: float = 20) -> None:
    """Stop a server (SIGTERM: it shuts its kernels down), killing it if it does not stop within ``wait`` s."""
    proc.terminate()
    try:
        proc.wait(wait)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)

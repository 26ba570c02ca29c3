"""Kernels the tests start talk over unix sockets (zmq's ``ipc``), never over TCP ports.

jupyter_client finds a kernel's five TCP ports by binding port 0 and letting go, and the kernel binds them a
moment later; on a busy machine another process can take one in between (CI saw it once: ``Address already in
use`` in a notebook's kernel, which then never answered, and the test failed after 120 s).  Unix sockets have
no such window: each kernel's socket files are new paths in a folder of its own.

A socket's path must stay under 108 bytes (the kernel's limit for ``AF_UNIX``), so the folder is a short one
of the system's temporary folder, not pytest's ``tmp_path``.

A notebook's kernel is also stopped at once when its notebook has run (``NotebookClient.shutdown_kernel =
"immediate"``: its process group is killed), not asked to shut down: about one graceful shutdown in 10 to 40
took 3.4 s instead of 0.1 s here (ipykernel flushing into a closed socket, the race ``tests/test_nbgrader.py``
names), and the outputs are all in by then.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
import uuid
from pathlib import Path

#: One folder for this test process's kernels (jupyter_client numbers a kernel's socket files past those that
#: exist, so kernels started one after another in a process never share a path; two processes never share the
#: folder).
_FOLDER: Path | None = None


def folder() -> Path:
    """This test process's short folder for kernel sockets (made at the first call)."""
    global _FOLDER
    if _FOLDER is None:
        _FOLDER = Path(tempfile.mkdtemp(prefix="kit-k"))
        atexit.register(shutil.rmtree, _FOLDER, ignore_errors=True)
    return _FOLDER


def socket_prefix() -> str:
    """A new absolute path prefix for one kernel's socket files (``<prefix>-1`` … ``<prefix>-5``)."""
    return str(folder() / uuid.uuid4().hex[:12])


def ipc_config(prefix: str | None = None):
    """A traitlets ``Config`` that makes a kernel manager start its kernel over ``ipc`` at a path of its own
    (``prefix``, a new one by default), and a notebook client stop it at once when the notebook has run.

    For nbclient, ``NotebookClient(nb, config=ipc_config(), ...)``; its lines as an nbgrader or Jupyter
    config file: :func:`ipc_config_lines`.
    """
    from traitlets.config import Config

    config = Config()
    config.KernelManager.transport = "ipc"
    config.KernelManager.ip = prefix or socket_prefix()
    config.NotebookClient.shutdown_kernel = "immediate"     # nbconvert's ExecutePreprocessor (nbgrader) too
    return config


def ipc_config_lines(prefix: str | None = None) -> str:
    """:func:`ipc_config` as the lines of a Jupyter config file (``nbgrader_config.py``).

    The kernels of one such process start one after another, so they share ``prefix`` (jupyter_client numbers
    their files past those that exist).
    """
    return "".join(f"c.{section}.{name} = {value!r}\n"
                   for section, traits in ipc_config(prefix).items() for name, value in traits.items())


def ipc_arguments() -> list[str]:
    """The command-line options that make a Jupyter server start its kernels over ``ipc``.

    A server's kernels have connection files of their own and their sockets are named after them, so no
    ``ip`` is given (one prefix would be shared by kernels started at once); run the server with
    ``JUPYTER_RUNTIME_DIR`` set to :func:`folder` to keep those paths short.
    """
    return ["--KernelManager.transport=ipc"]

"""Operating-system sandboxes for learners' bots: what each mode guarantees, and the means.

A class tournament runs code that learners wrote on the teacher's account.
Learner code is hostile: it may try to read the teacher's files and
environment, copy other learners' bots, signal or trace other processes,
read the referee's memory for the secret seed, open the network, fork
processes that outlive the game, print or allocate without end.  Each
sealed bot (:mod:`kit.core.sealed`) therefore runs in a sandbox, chosen by
``tournament(..., sandbox=...)``:

``"bwrap"``
    `bubblewrap <https://github.com/containers/bubblewrap>`_ (Debian package
    ``bubblewrap``): new user, PID, IPC, network, mount, UTS and cgroup
    namespaces.  The bot sees a read-only Python installation and the kit, a
    private empty ``/tmp`` (its working folder), a ``/proc`` holding only its
    own processes, no other file, no network, an empty environment; it dies
    with its referee.  Plus everything ``"process"`` does.
``"process"``
    A plain process of the referee's user, hardened from inside before any
    learner code runs: ``python -I`` from a private empty folder (no planted
    module on its path), an environment with nothing of the referee's, a
    system-call filter (seccomp: no new process, no program run, no socket,
    no signal to another process, no tracing or reading another process's
    memory), no capabilities, not dumpable, and resource limits (address
    space, file size, open files, CPU seconds).  It can still *read and
    write* the files the teacher's user may (other learners' bots among
    them), and see other processes' names in ``/proc``.
``"none"``
    No sandbox and no process: every bot plays in the referee's own process
    (``sealed=False``).  For trusted code only, such as the kit's own bots.
``"auto"`` (the default)
    The strongest mode this machine allows: ``"bwrap"`` where bubblewrap is
    installed and user namespaces work, else ``"process"``.
    :attr:`kit.core.TournamentResult.sandbox` records which one ran.

In every sealed mode the referee (the process playing the game, which holds
the state and the seed) makes itself not dumpable
(``prctl(PR_SET_DUMPABLE, 0)``), so that no process of the same user can
read its memory or open its pipes; a bot is frozen (``SIGSTOP``) whenever it
is not its move, so it uses the processor only for its own moves; and a bot
process is killed with everything it started when its tournament ends.

The system-call filter is built for x86-64 Linux; elsewhere ``"process"``
runs without it (:func:`gaps` says so) and ``"bwrap"`` relies on its
namespaces.  The full threat model, attack by attack, is in
``docs/tournament-safety.md``.

Examples
--------
>>> from kit.core.sandbox import MODES, resolve
>>> MODES
('auto', 'bwrap', 'process', 'none')
>>> resolve("process")
'process'
>>> resolve("auto") in ("bwrap", "process")
True
>>> resolve("jail")
Traceback (most recent call last):
...
kit.core.errors.KitError: sandbox is 'auto', 'bwrap', 'process' or 'none', not 'jail'
"""

from __future__ import annotations

import functools
import os
import platform
import shutil
import struct
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

from .errors import KitError

__all__ = ["MODES", "Limits", "resolve", "bwrap_available", "guarantees", "gaps", "make_undumpable", "harden",
           "seccomp_filter"]

MODES = ("auto", "bwrap", "process", "none")


@dataclass(frozen=True)
class Limits:
    """Resource limits of a bot's process (``setrlimit``; hard limits, a bot cannot raise them).

    Attributes
    ----------
    memory
        Bytes of address space (``RLIMIT_AS``): a bot that allocates more
        gets a ``MemoryError``.
    output
        Bytes any one file may grow to (``RLIMIT_FSIZE``): what the bot
        prints, and each file it writes in its private ``/tmp``.
    files
        Open files at once (``RLIMIT_NOFILE``).
    cpu
        Processor seconds in the life of the process (``RLIMIT_CPU``): a
        backstop; a bot is frozen whenever it is not its move anyway.
    tmp
        Bytes of the private ``/tmp`` in the ``"bwrap"`` sandbox.

    >>> Limits().memory // 2**20, Limits().output // 2**20
    (1024, 1)
    """

    memory: int = 1 << 30
    output: int = 1 << 20
    files: int = 64
    cpu: int = 3600
    tmp: int = 16 << 20


def resolve(mode: str) -> str:
    """The sandbox a tournament asked for as ``mode`` runs in here: ``"auto"`` becomes the strongest
    available; ``"bwrap"`` where bubblewrap cannot run is refused, saying why."""
    if mode not in MODES:
        raise KitError(f"sandbox is 'auto', 'bwrap', 'process' or 'none', not {mode!r}")
    if mode == "auto":
        return "bwrap" if bwrap_available() is None else "process"
    if mode == "bwrap":
        why = bwrap_available()
        if why is not None:
            raise KitError(f"the bwrap sandbox cannot run here: {why}")
    return mode


def guarantees(mode: str) -> list[str]:
    """What a bot in sandbox ``mode`` cannot do, one phrase each (for the teacher's notebook).

    >>> guarantees("none")
    []
    >>> "see other processes, or use the network" in guarantees("bwrap")
    True
    """
    if mode == "none":
        return []
    out = ["read the game's state or the seed: it sees copies of its seat's view only",
           "stall or break the tournament: every message is bounded, every move and setup timed",
           "gain from earlier games: no process of a bot sees a deal twice",
           "compute while it is not its move: it is frozen then"]
    if seccomp_filter(0) is not None:
        out += ["start a process or a program, open a socket, or signal or trace another process",
                "outlive its tournament: it is killed with everything it started"]
    out += ["use more than its memory, output and open-file limits",
            "read the referee's memory or environment: the referee is not dumpable, the bot's environment "
            "is empty"]
    if mode == "bwrap":
        out += ["see any file but the Python installation and the kit (read only) and its own empty /tmp",
                "see other processes, or use the network"]
    return out


def gaps(mode: str) -> list[str]:
    """What sandbox ``mode`` does *not* guarantee on this machine, one sentence each (empty: nothing
    the kit knows of).

    >>> gaps("none")
    ["Every bot runs in the referee's process: for trusted code only."]
    """
    if mode == "none":
        return ["Every bot runs in the referee's process: for trusted code only."]
    out = []
    if mode == "process":
        out.append("A bot can read and write every file the teacher's user can (other learners' bots too) and "
                   "list other processes: install bubblewrap (apt-get install bubblewrap) for the 'bwrap' "
                   "sandbox.")
    if seccomp_filter(0) is None:
        out.append(f"No system-call filter on {platform.machine() or 'this processor'} (it is built for x86-64 "
                   "Linux): a bot may start processes and open sockets.")
    return out


# ============================================================================ bubblewrap
def _bwrap() -> str | None:
    return shutil.which("bwrap")


@functools.lru_cache(maxsize=1)
def bwrap_available() -> str | None:
    """``None`` if the bwrap sandbox runs on this machine, else why not (checked once, by running it)."""
    if not sys.platform.startswith("linux"):
        return "bubblewrap needs Linux"
    if _bwrap() is None:
        return "bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)"
    try:
        done = subprocess.run(bwrap_command([sys.executable, "-I", "-c", "pass"], Limits()),
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bubblewrap did not start ({exc})"
    if done.returncode != 0:
        err = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return ("bubblewrap could not make its namespaces (are user namespaces turned off?): "
                + (err[-1] if err else f"exit code {done.returncode}"))
    return None


def _python_roots() -> list[str]:
    """The folders a bot's Python needs, read only: the installation, the venv, the kit."""
    import kit

    roots = {os.path.realpath(p) for p in (sys.base_prefix, sys.prefix, sys.exec_prefix, sys.base_exec_prefix)}
    roots.add(os.path.dirname(os.path.realpath(sys.executable)))
    roots.add(os.path.dirname(os.path.realpath(kit.__file__)))
    system = ("/usr", "/bin", "/lib", "/lib64", "/sbin")
    keep = sorted(r for r in roots if r and not any(r == s or r.startswith(s + "/") for s in system))
    # a folder inside another one already bound is bound with it
    return [r for r in keep if not any(r != o and r.startswith(o + "/") for o in keep)]


def bwrap_command(argv: list[str], limits: Limits, info_fd: int | None = None,
                  env: dict[str, str] | None = None) -> list[str]:
    """The bubblewrap command line that runs ``argv`` (a Python command) in a bot's sandbox, as the
    sandbox's process 1 (it may start no process, so it needs no reaper), with only ``env``."""
    bwrap = _bwrap() or "bwrap"
    cmd = [bwrap, "--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--new-session",
           "--as-pid-1",
           "--cap-drop", "ALL", "--uid", "65534", "--gid", "65534", "--hostname", "bot",
           "--ro-bind", "/usr", "/usr"]
    for link in ("bin", "lib", "lib64", "sbin"):
        path = "/" + link
        if os.path.islink(path):
            cmd += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            cmd += ["--ro-bind", path, path]
    for root in _python_roots():
        cmd += ["--ro-bind", root, root]
    cmd += ["--proc", "/proc", "--dev", "/dev", "--size", str(limits.tmp), "--tmpfs", "/tmp",
            "--chdir", "/tmp", "--clearenv"]
    for key, value in (env or {"HOME": "/tmp"}).items():
        cmd += ["--setenv", key, value]
    if info_fd is not None:
        cmd += ["--info-fd", str(info_fd)]
    return cmd + ["--", *argv]


# ============================================================================ the referee
def make_undumpable() -> bool:
    """Make this process not dumpable: no process of the same user (and no process without
    ``CAP_SYS_PTRACE``) can then read its memory, its environment or its open files through ``/proc``,
    nor trace it.  It stays so until the process ends (a Jupyter kernel: until it is restarted).
    True where it worked (Linux)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(4, 0, 0, 0, 0) == 0  # PR_SET_DUMPABLE = 4
    except (OSError, AttributeError):  # pragma: no cover - no libc
        return False


# ============================================================================ the bot's side
# x86-64 system call numbers (arch/x86/entry/syscalls/syscall_64.tbl).
_X86_64 = 0xC000003E  # AUDIT_ARCH_X86_64
_NR = {"clone": 56, "fork": 57, "vfork": 58, "execve": 59, "kill": 62, "socket": 41, "socketpair": 53,
       "ptrace": 101, "rt_sigqueueinfo": 129, "tkill": 200, "tgkill": 234, "keyctl": 250, "unshare": 272,
       "rt_tgsigqueueinfo": 297, "perf_event_open": 298, "setns": 308, "process_vm_readv": 310,
       "process_vm_writev": 311, "bpf": 321, "execveat": 322, "userfaultfd": 323, "pidfd_send_signal": 424,
       "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427, "pidfd_open": 434,
       "clone3": 435, "pidfd_getfd": 438, "add_key": 248, "request_key": 249}
#: Refused outright (EPERM): new processes and programs, sockets, other processes' memory and
#: descriptors, namespaces, kernel keys, io_uring (which could open sockets past the filter).
_DENY = ("fork", "vfork", "execve", "execveat", "socket", "socketpair", "ptrace", "tkill", "unshare", "setns",
         "process_vm_readv", "process_vm_writev", "pidfd_send_signal", "pidfd_open", "pidfd_getfd", "bpf",
         "perf_event_open", "userfaultfd", "keyctl", "add_key", "request_key", "io_uring_setup",
         "io_uring_enter", "io_uring_register")
#: Allowed only when their first argument is the bot's own process id.
_OWN_PID = ("kill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo")
_CLONE_THREAD = 0x00010000
_EPERM, _ENOSYS = 1, 38


def seccomp_filter(pid: int) -> bytes | None:
    """The bot's system-call filter as a classic BPF program (``struct sock_filter[]``), or ``None``
    where none is built (not x86-64 Linux).

    ``pid`` is the bot's own process id: it may signal itself only.  A new
    thread is allowed (``clone`` with ``CLONE_THREAD``; ``clone3`` answers
    ENOSYS so that the C library falls back to ``clone``), a new process is
    not.

    >>> prog = seccomp_filter(1234)
    >>> prog is None or len(prog) % 8 == 0
    True
    """
    if not (sys.platform.startswith("linux") and platform.machine() in ("x86_64", "AMD64")):
        return None
    ld, jeq, jset, ret = 0x20, 0x15, 0x45, 0x06  # BPF_LD|BPF_W|BPF_ABS, BPF_JMP|BPF_JEQ|BPF_K, ...|BPF_JSET, BPF_RET
    allow, kill = 0x7FFF0000, 0x80000000  # SECCOMP_RET_ALLOW, SECCOMP_RET_KILL_PROCESS
    errno = 0x00050000  # SECCOMP_RET_ERRNO
    prog: list[tuple[int, int, int, int]] = []

    def op(code: int, k: int, jt: int = 0, jf: int = 0) -> None:
        prog.append((code, jt, jf, k))

    op(ld, 4)                                # arch
    op(jeq, _X86_64, 1, 0)
    op(ret, kill)
    op(ld, 0)                                # the call's number
    op(0x35, 0x40000000, 0, 1)               # BPF_JGE: the x32 calls
    op(ret, errno | _EPERM)
    op(jeq, _NR["clone3"], 0, 1)
    op(ret, errno | _ENOSYS)
    for name in _DENY:
        op(jeq, _NR[name], 0, 1)
        op(ret, errno | _EPERM)
    # clone: a thread only
    op(jeq, _NR["clone"], 0, 4)
    op(ld, 16)                               # args[0], low 32 bits: the flags
    op(jset, _CLONE_THREAD, 0, 1)
    op(ret, allow)
    op(ret, errno | _EPERM)
    # signals: to itself only (the kernel reads the process id as a 32-bit int: the low word)
    for name in _OWN_PID:
        op(jeq, _NR[name], 0, 4)
        op(ld, 16)
        op(jeq, pid, 0, 1)
        op(ret, allow)
        op(ret, errno | _EPERM)
    op(ret, allow)
    return b"".join(struct.pack("=HBBI", *f) for f in prog)


def harden(limits: Limits) -> list[str]:
    """Harden the calling process before any learner code runs in it (called by the bot's boot code):
    resource limits, not dumpable, no new privileges, no capabilities, the system-call filter.

    Returns what could not be done (empty where everything held)."""
    import resource

    missing = []
    for which, value in ((resource.RLIMIT_AS, limits.memory), (resource.RLIMIT_FSIZE, limits.output),
                         (resource.RLIMIT_NOFILE, limits.files), (resource.RLIMIT_CPU, limits.cpu),
                         (resource.RLIMIT_CORE, 0)):
        try:
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):
            missing.append(f"limit {which}")
    if not sys.platform.startswith("linux"):
        return missing + ["seccomp (not Linux)"]
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    parent = os.getppid()
    libc.prctl(1, 9, 0, 0, 0)        # PR_SET_PDEATHSIG SIGKILL: it dies with its referee, frozen or not
    if os.getppid() != parent:       # the referee was gone already
        os._exit(3)
    libc.prctl(4, 0, 0, 0, 0)        # PR_SET_DUMPABLE 0: siblings cannot read this bot either
    if libc.prctl(38, 1, 0, 0, 0):   # PR_SET_NO_NEW_PRIVS
        missing.append("no_new_privs")
    _drop_capabilities(libc)
    prog = seccomp_filter(os.getpid())
    if prog is None:
        return missing + ["seccomp (not x86-64)"]

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    buf = ctypes.create_string_buffer(prog, len(prog))
    fprog = SockFprog(len(prog) // 8, ctypes.cast(buf, ctypes.c_void_p))
    if libc.prctl(22, 2, ctypes.byref(fprog), 0, 0):  # PR_SET_SECCOMP, SECCOMP_MODE_FILTER
        missing.append(f"seccomp (errno {ctypes.get_errno()})")
    return missing


def _drop_capabilities(libc: Any) -> None:
    """Drop every capability (a bot started by root keeps root's files, not root's powers)."""
    import ctypes

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                    ("inheritable", ctypes.c_uint32)]

    header = Header(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3
    data = (Data * 2)()
    for cap in range(64):  # the bounding set: no capability can come back through a program
        libc.prctl(24, cap, 0, 0, 0)  # PR_CAPBSET_DROP (fails without CAP_SETPCAP: then there is none)
    libc.capset(ctypes.byref(header), data)

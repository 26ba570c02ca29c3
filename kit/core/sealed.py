"""Sealed seats: a bot in a process of its own, shown values and never the state.

In a tournament of learners' bots a bot must not be able to cheat.  A bot
that runs in the process holding the real state can always reach it
(``gc.get_objects()``, the caller's frame, a closure), however the view
hides it.  So a sealed bot runs in a **process of its own** (a fresh Python
started with :mod:`subprocess`), and the real state never exists there:

* the referee (the process playing the game) sends, for each decision, the
  seat's :class:`SealedView` data: *copies* of its observation, information
  state and legal actions, and the game's settings;
* :meth:`SealedView.knowledge` and :meth:`SealedView.posterior` are
  computed by the referee from the seat's events (the functions a game
  registers in :mod:`kit.core.bots`) and handed over as values;
* :meth:`SealedView.resample` draws on a **stand-in** state: a state drawn
  by the referee from the seat's knowledge with the game's resample, so that
  even a bot that digs into it finds cards that are only a guess.  Drawing
  from a stand-in gives exactly the states the real state would give (the
  game's resample reads only the public part of the state and the seat's
  knowledge), so the kit's searching bots play as they do in-process;
* a bot answers with the text notation of its action; the referee parses it
  and checks it is legal.  Whatever a bot sends is read as JSON of bounded
  size, never unpickled, so a bot cannot run code in the referee.

The referee waits for each move at most a time limit and then kills the
process; a bot that raises, hangs, crashes or answers an illegal action is
reported as a :class:`BotFault`.

Sealing is against Python-level cheating (introspection, the garbage
collector, frames).  Against the operating system (other files, other
processes, the network, the referee's memory) the bot's process is put in a
sandbox by :mod:`kit.core.sandbox` (``sandbox="bwrap"`` or ``"process"``),
and hardens itself (:func:`kit.core.sandbox.harden`) before any learner
code runs; between its moves it is frozen.  Every message a bot sends is
bounded: 1 MiB, nesting 16 deep, probabilities of at most 40 digits.  It is
POSIX only (Linux, macOS), as JupyterHub is; the sandboxes are Linux's.

Examples
--------
>>> from kit.core import RandomBot
>>> from kit.core.sealed import BotProcess, pack_factory
>>> from kit.loveletter import LoveLetter
>>> game = LoveLetter(2)
>>> state = game.new_initial_state()
>>> for a in ["deal Spy", "deal Guard", "deal Guard", "deal Guard", "deal Priest", "deal King", "deal Baron"]:
...     state.apply_action(a)
>>> bot = BotProcess(pack_factory(RandomBot), game)
>>> bot.start(seed=1, limit=5.0)
>>> str(bot.choose(state, 0, limit=5.0)) in {"Priest p1", "Baron p1"}
True
>>> bot.close()
"""

from __future__ import annotations

import atexit
import io
import json
import os
import pickle
import random
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import weakref
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Hashable

from .bots import _KNOWLEDGE, knowledge_functions, posterior_function
from .errors import KitError
from .sandbox import Limits, bwrap_command, resolve
from .wire import read_object

__all__ = ["SealedView", "BotProcess", "BotFault", "BotFile", "pack_factory", "validate_action",
           "bounded_probability"]

#: The most a bot process may send in one message (bytes of JSON).
MAX_MESSAGE = 1 << 20
#: How long the learner's code may take to load in a new bot process (seconds), by default.
SETUP_LIMIT = 10.0
#: How long a new bot process may take to start Python and the kit, before any learner code (seconds).
BOOT_LIMIT = 30.0
#: The deepest nesting of lists and objects in a bot's message.
MAX_DEPTH = 16
#: The most actions a bot's policy may weigh in one answer.
MAX_POLICY = 1000
#: The most digits of a numerator or denominator a bot may send.
MAX_DIGITS = 40
#: The longest action text a bot may answer.
MAX_ACTION_TEXT = 300


# ============================================================================ faults
@dataclass
class BotFault(Exception):
    """A bot broke the rules of the tournament (not of the game).

    ``kind`` is ``"error"`` (it raised), ``"timeout"`` (it took longer than the
    limit), ``"illegal"`` (it answered an action that is not legal, or not an
    action), ``"crash"`` (its process stopped) or ``"setup"`` (it could not be
    made).  ``detail`` holds the facts, as JSON-ready values: ``error`` (the
    exception's type and message), ``where`` (file, line and function where it
    was raised), ``action`` (what it answered), ``limit`` (seconds),
    ``code`` (the exit code), ``output`` (the end of what the process printed).
    """

    kind: str
    detail: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"

    def __reduce__(self) -> tuple:
        return (BotFault, (self.kind, self.detail))


def _error_detail(exc: BaseException, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """The facts of an exception a bot raised: its type and message, and where (the innermost frame
    outside this module and the files in ``skip``)."""
    where = ""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename != __file__
              and f.filename not in skip]
    # the learner's own line, not the depths of the library it called (subprocess.py, line 1883)
    installed = tuple(os.path.realpath(p) + os.sep for p in {sys.prefix, sys.base_prefix})
    own = [f for f in frames if not os.path.realpath(f.filename).startswith(installed)]
    frames = own or frames
    if frames:
        f = frames[-1]
        where = (f"line {f.lineno}, in {f.name}" if f.filename.startswith("<")   # a notebook cell's code
                 else f"{os.path.basename(f.filename)}, line {f.lineno}, in {f.name}")
    message = str(exc)
    if len(message) > 500:
        message = message[:497] + "..."
    return {"error": f"{type(exc).__name__}: {message}" if message else type(exc).__name__, "where": where}


def _text_of(answer: Any) -> str:
    """What a bot answered, as text: a string itself, anything else its ``str()``."""
    if isinstance(answer, str):
        return answer
    try:
        return str(answer)
    except Exception:  # noqa: BLE001 - a learner's object whose str() fails
        return f"<{type(answer).__name__}>"


def _seconds(x: float) -> str:
    return f"{float(x):g}"


_NUMBER = __import__("re").compile(r"\s*(-?\d{1,%d})(?:/(\d{1,%d})|\.(\d{1,%d}))?\s*" % ((MAX_DIGITS,) * 3))


def bounded_probability(value: Any) -> Fraction:
    """A probability a bot sent, read as an exact fraction of bounded size, or a :class:`KitError`.

    A string is ``"n"``, ``"n/d"`` or a decimal ``"0.25"``, each number of
    at most :data:`MAX_DIGITS` digits (no exponent: ``"1e100000000"`` would
    make a number the referee could not finish computing with); a number is
    an int of at most that many digits or a finite float.  It must lie in
    [0, 1].

    >>> bounded_probability("1/3"), bounded_probability(0.5), bounded_probability("0.25")
    (Fraction(1, 3), Fraction(1, 2), Fraction(1, 4))
    >>> bounded_probability("1e100000000")
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: a probability is a number such as 0.25 or 1/3 (at most 40 digits, no exponent), not '1e100000000'
    """
    prob: Fraction | None = None
    if isinstance(value, str) and len(value) <= 3 * MAX_DIGITS + 4:
        m = _NUMBER.fullmatch(value)
        if m and m.group(2) is not None:
            prob = Fraction(int(m.group(1)), int(m.group(2))) if int(m.group(2)) else None
        elif m:
            prob = Fraction(m.group(1) + ("." + m.group(3) if m.group(3) else ""))
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10 ** MAX_DIGITS:
        prob = Fraction(value)
    elif isinstance(value, float) and value == value and abs(value) != float("inf"):
        prob = Fraction(value)
    if prob is None:
        raise KitError(f"a probability is a number such as 0.25 or 1/3 (at most {MAX_DIGITS} digits, no "
                       f"exponent), not {str(value)[:40]!r}")
    if not 0 <= prob <= 1:
        raise KitError(f"a probability lies between 0 and 1, not {str(value)[:40]}")
    return prob


def _parse_message(data: bytes) -> dict[str, Any]:
    """A bot's message: a JSON object of bounded nesting (its size is bounded by the pipe's framing)."""
    return read_object(data, max_depth=MAX_DEPTH)


def _read_child_pid(fd: int, deadline: float) -> int | None:
    """The sandboxed process's id, as bubblewrap writes it on its info pipe (``None`` if it did not)."""
    data = b""
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                break
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            data += chunk
            if data.rstrip().endswith(b"}"):
                break
    finally:
        os.close(fd)
    try:
        pid = json.loads(data)["child-pid"]
    except (ValueError, KeyError, TypeError):
        return None
    return pid if isinstance(pid, int) and pid > 1 else None


def validate_action(game: Any, legal: list[Any], answer: Any) -> Any:
    """The legal action a bot's ``answer`` names, or a :class:`BotFault` of kind ``"illegal"``.

    An answer is read by its text notation (an action, or text such as
    ``"Guard p1 Priest"``), parsed with ``game.parse_action``, never
    evaluated.  ``why`` in the fault says ``"not an action"`` (unreadable
    text, ``None``...) or ``"not legal"`` (an action, but not allowed here).

    >>> from kit.loveletter import LoveLetter
    >>> g = LoveLetter(2)
    >>> legal = [g.parse_action("Priest p1"), g.parse_action("Baron p1")]
    >>> str(validate_action(g, legal, "priest P1"))
    'Priest p1'
    >>> validate_action(g, legal, "Princess")
    Traceback (most recent call last):
    ...
    kit.core.sealed.BotFault: illegal: {'action': 'Princess', 'why': 'not legal'}
    >>> validate_action(g, legal, None)
    Traceback (most recent call last):
    ...
    kit.core.sealed.BotFault: illegal: {'action': 'None', 'why': 'not an action'}
    """
    for a in legal:
        if answer is a:
            return a
    text = _text_of(answer)
    shown = text if len(text) <= 80 else text[:77] + "..."
    action = None
    if answer is not None and len(text) <= MAX_ACTION_TEXT:
        try:
            action = game.parse_action(text)
        except Exception:  # noqa: BLE001 - any unreadable text
            action = None
    if action is None:
        raise BotFault("illegal", {"action": shown, "why": "not an action"})
    for a in legal:
        if a is action or a == action:
            return a
    raise BotFault("illegal", {"action": shown, "why": "not legal"})


# ============================================================================ pickling
@dataclass(frozen=True)
class BotFile:
    """A bot written in a ``.py`` file, loaded only in its own process.

    A teacher collecting the class's bots must not import them (importing a
    file runs it, in the teacher's kernel, next to the real state): a
    :class:`BotFile` carries the file's text, and the bot's process alone
    runs it.  The bot is the class named ``cls``; without a name, the file's
    ``BOT`` if it has one, else the one class it defines with a ``choose``
    method.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "ada.py")
    >>> with open(path, "w") as f:
    ...     _ = f.write("class AdaBot:\\n    def __init__(self, seed=None): pass\\n"
    ...                 "    def choose(self, view, seat): return view.legal_actions()[0]\\n")
    >>> entry = BotFile.read(path)
    >>> entry.name, entry.cls
    ('ada', None)
    """

    name: str
    source: str
    filename: str = "<bot>"
    cls: str | None = None

    @classmethod
    def read(cls, path: str | os.PathLike[str], bot: str | None = None) -> "BotFile":
        """The bot in the file at ``path`` (named after the file)."""
        path = os.fspath(path)
        with open(path, encoding="utf-8") as f:
            source = f.read()
        return cls(os.path.splitext(os.path.basename(path))[0], source, os.path.basename(path), bot)

    def __call__(self, seed: Any = None) -> Any:
        raise KitError("a bot from a file runs only in a sealed tournament (in a process of its own)")


class _SourceLoader:
    """Loads a bot file's module from its text (in the bot's process only)."""

    def __init__(self, entry: BotFile) -> None:
        self.entry = entry

    def load(self) -> Any:
        import importlib.abc
        import importlib.util

        entry = self.entry

        class Loader(importlib.abc.SourceLoader):
            def get_filename(self, fullname: str) -> str:
                return entry.filename

            def get_data(self, path: str) -> bytes:
                return entry.source.encode("utf-8")

        modname = "kit_bot_" + "".join(c if c.isalnum() else "_" for c in entry.name)
        spec = importlib.util.spec_from_loader(modname, Loader(), origin=entry.filename)
        module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        sys.modules[modname] = module
        spec.loader.exec_module(module)  # type: ignore[union-attr]  # the learner's file, in its sandbox
        if entry.cls is not None:
            found = getattr(module, entry.cls, None)
            if found is None:
                raise KitError(f"{entry.filename} has no {entry.cls}")
            return found
        if hasattr(module, "BOT"):
            return module.BOT
        classes = [v for v in vars(module).values()
                   if isinstance(v, type) and v.__module__ == modname and callable(getattr(v, "choose", None))]
        if len(classes) != 1:
            names = ", ".join(sorted(c.__name__ for c in classes)) or "none"
            raise KitError(f"{entry.filename} should define one bot class (a class with a choose method), "
                           f"not {len(classes)} ({names}); or set BOT = YourBot")
        return classes[0]


def _local_module(factory: Any) -> Any:
    """The module a learner's factory comes from when a sandboxed process cannot import it (not the kit,
    not Python's own, not an installed package: a notebook, or a ``.py`` file beside it), else ``None``."""
    import functools
    import sysconfig

    target = factory.func if isinstance(factory, functools.partial) else factory
    name = getattr(target, "__module__", None)
    module = sys.modules.get(name) if isinstance(name, str) else None
    if module is None:
        return None
    path = getattr(module, "__file__", None)
    if name == "__main__" or path is None:
        return module if name == "__main__" else None
    path = os.path.realpath(path)
    roots = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix,
                                           *sysconfig.get_paths().values())}
    roots.add(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))  # the kit
    return None if any(path.startswith(r + os.sep) for r in roots) else module


def pack_factory(factory: Callable[..., Any]) -> bytes:
    """A bot factory as bytes a bot process can load.

    With :mod:`cloudpickle`, a class written in a notebook, or in a ``.py``
    file beside it, travels by value (a sandboxed bot process sees no file
    but Python's and the kit's); without it only the kit's own bots can be
    sent.

    >>> from kit.core import RandomBot
    >>> isinstance(pack_factory(RandomBot), bytes)
    True
    """
    if isinstance(factory, BotFile):
        return pickle.dumps(factory, protocol=pickle.HIGHEST_PROTOCOL)
    local = _local_module(factory)
    try:
        import cloudpickle  # pickles classes defined in a notebook by value
    except ImportError:
        cloudpickle = None
    if cloudpickle is None and local is not None:
        raise KitError(f"the bot {getattr(factory, '__name__', factory)!r} was written in a notebook or a file of "
                       "yours: install cloudpickle (pip install cloudpickle) to send it to a process of its own, "
                       "or give its file to bots_from_folder")
    try:
        if cloudpickle is None:
            return pickle.dumps(factory, protocol=pickle.HIGHEST_PROTOCOL)
        if local is not None and local.__name__ != "__main__":
            cloudpickle.register_pickle_by_value(local)
            try:
                return cloudpickle.dumps(factory, protocol=pickle.HIGHEST_PROTOCOL)
            finally:
                cloudpickle.unregister_pickle_by_value(local)
        return cloudpickle.dumps(factory, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as exc:  # noqa: BLE001
        raise KitError(f"the bot {factory!r} cannot be sent to a process of its own ({exc}); write it in a "
                       ".py file and give it to bots_from_folder") from exc


class _GamePickler(pickle.Pickler):
    """Pickles values for a bot process; the game and what a state shares with it travel as references
    (the bot process has its own copy of the game), so nothing a game caches rides along."""

    def __init__(self, file: Any, game: Any) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._game = game
        shared = vars(game) if hasattr(game, "__dict__") else {}
        self._shared = {id(v): k for k, v in shared.items()
                        if not isinstance(v, (int, float, str, bytes, bool, type(None)))}

    def persistent_id(self, obj: Any) -> Any:
        if obj is self._game:
            return ("game",)
        name = self._shared.get(id(obj))
        return None if name is None else ("attr", name)


class _GameUnpickler(pickle.Unpickler):
    def __init__(self, file: Any, game: Any) -> None:
        super().__init__(file)
        self._game = game

    def persistent_load(self, pid: Any) -> Any:
        if pid[0] == "game":
            return self._game
        return getattr(self._game, pid[1])


def _dumps(obj: Any, game: Any) -> bytes:
    buf = io.BytesIO()
    _GamePickler(buf, game).dump(obj)
    return buf.getvalue()


def _loads(data: bytes, game: Any) -> Any:
    return _GameUnpickler(io.BytesIO(data), game).load()


# ============================================================================ framing
def _frame(payload: bytes) -> bytes:
    return len(payload).to_bytes(4, "big") + payload


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _read_exact(fd: int, n: int) -> bytes:
    parts, got = [], 0
    while got < n:
        chunk = os.read(fd, n - got)
        if not chunk:
            raise EOFError
        parts.append(chunk)
        got += len(chunk)
    return b"".join(parts)


class _Pipe:
    """The referee's end of a bot process's pipes: every read and write has a deadline, so a bot that
    stops reading, or writes half a message and hangs, cannot block the referee."""

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self.rfd, self.wfd = read_fd, write_fd
        os.set_blocking(read_fd, False)
        os.set_blocking(write_fd, False)
        self._buf = bytearray()

    def send(self, payload: bytes, deadline: float) -> None:
        view = memoryview(_frame(payload))
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            _, ready, _ = select.select([], [self.wfd], [], left)
            if not ready:
                raise TimeoutError
            try:
                n = os.write(self.wfd, view)
            except BlockingIOError:
                continue
            except (BrokenPipeError, OSError):
                raise EOFError from None
            view = view[n:]

    def recv(self, deadline: float) -> bytes:
        while True:
            if len(self._buf) >= 4:
                size = int.from_bytes(self._buf[:4], "big")
                if size > MAX_MESSAGE:
                    raise ValueError(f"a message of {size} bytes (at most {MAX_MESSAGE})")
                if len(self._buf) >= 4 + size:
                    payload = bytes(self._buf[4:4 + size])
                    del self._buf[:4 + size]
                    return payload
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            ready, _, _ = select.select([self.rfd], [], [], left)
            if not ready:
                raise TimeoutError
            try:
                chunk = os.read(self.rfd, 1 << 16)
            except BlockingIOError:
                continue
            if not chunk:
                raise EOFError
            self._buf += chunk

    def close(self) -> None:
        for fd in (self.rfd, self.wfd):
            try:
                os.close(fd)
            except OSError:
                pass


# ============================================================================ the bot's side
class SealedView:
    """A seat's view in a sealed tournament: copies of what the seat may know, and nothing else.

    It answers like :class:`kit.core.PlayerView` (``player``, ``game``,
    ``current_player()``, ``legal_actions()``, ``information_state()``,
    ``observation()``, ``knowledge()``, ``posterior()``, ``resample()``), but
    holds no state: its attributes are values the referee sent, and a channel
    on which it may ask the referee for the seat's knowledge, its card
    counting, or a stand-in state drawn from that knowledge.
    """

    __slots__ = ("player", "_game", "_legal", "_info", "_obs", "_kinds", "_ask", "_known", "_counted",
                 "_standin")

    def __init__(self, player: int, game: Any, legal: list[Any], info: Hashable, obs: bytes,
                 kinds: tuple[Any, ...], ask: Callable[..., Any], known: Any = None) -> None:
        self.player = player
        self._game = game
        self._legal = legal
        self._info = info
        self._obs = obs
        self._kinds = kinds
        self._ask = ask
        self._known: Any = known
        self._counted: Any = None
        self._standin: Any = None

    @property
    def game(self) -> Any:
        """The game (settings only; this process's own copy)."""
        return self._game

    def current_player(self) -> int:
        """The seat to move: this seat (a sealed bot is asked only on its turn)."""
        return self.player

    def legal_actions(self) -> list[Any]:
        """The seat's legal actions (a copy)."""
        return list(self._legal)

    def information_state(self) -> Hashable:
        return self._info

    def observation(self) -> dict[str, Any]:
        """The seat's observation (a fresh copy at each call)."""
        return pickle.loads(self._obs)

    def knowledge(self) -> Any:
        """What this seat knows, as its game summarises it (computed by the referee from the seat's
        events; cached for this decision)."""
        if not self._kinds[0]:
            raise KitError(f"{type(self._game).__name__} has no seat knowledge registered; "
                           "use information_state() or observation()")
        if self._known is None:
            self._known = self._ask({"ask": "knowledge"})
        return self._known

    def posterior(self, policy: Any = None) -> Any:
        """The seat's exact card counting (computed by the referee from the seat's events).

        ``policy`` (an opponent model) runs here, in the bot's process: the
        referee sends it each decision it must weigh and reads its answer
        as data.
        """
        if not self._kinds[1]:
            raise KitError(f"{type(self._game).__name__} has no card counting registered; "
                           "use information_state() or observation()")
        if policy is not None:
            return self._ask({"ask": "posterior", "policy": True,
                              "uniform_keep": bool(getattr(policy, "uniform_keep", False))}, policy)
        if self._counted is None:
            self._counted = self._ask({"ask": "posterior", "policy": False})
        return self._counted

    def resample(self, rng: random.Random) -> Any:
        """A full state drawn from what this seat knows (for determinizing search).

        Drawn with the game's resample on a stand-in state (a state the
        referee drew from the seat's knowledge), given the seat's knowledge:
        the same draws as from the real state, which never comes here.
        """
        kind = self._kinds[2]
        if kind == "knowledge":
            if self._standin is None:
                self._standin = self._ask({"ask": "standin"})
            funcs = knowledge_functions(self._standin)  # from its game package's declaration
            if funcs is None:  # a game without a package: the module that registers its resample
                import importlib

                importlib.import_module(self._kinds[3])
                funcs = _KNOWLEDGE[type(self._standin)]
            return funcs[1](self._standin, self.player, rng, know=self.knowledge())
        if kind == "state":
            return self._ask({"ask": "resample", "seed": rng.getrandbits(64)})
        raise KitError(f"{type(self._game).__name__} cannot draw states from what a seat knows")

    def __repr__(self) -> str:
        return f"SealedView(player={self.player})"


def _policy_answer(probs: Any) -> list[list[Any]]:
    """A policy's ``{action: probability}`` as JSON: ``[[notation, "n/d" or float], ...]``."""
    out = []
    for action, p in dict(probs).items():
        if isinstance(p, Fraction) or (isinstance(p, int) and not isinstance(p, bool)):
            q = Fraction(p)
            out.append([str(action), f"{q.numerator}/{q.denominator}"])
        else:
            out.append([str(action), float(p)])
    return out


def _watch_parent() -> None:  # pragma: no cover - runs in the bot's process
    """Leave when the referee is gone (the bot's process has a session of its own, so nothing else
    would stop a bot left running by a referee that died)."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(3)

    threading.Thread(target=watch, daemon=True, name="kit-sealed-watchdog").start()


def _serve(read_fd: int, write_fd: int, limits: dict[str, int]) -> None:  # pragma: no cover - bot's process
    """The bot process: harden itself (:func:`kit.core.sandbox.harden`), load the bot, then answer the
    referee until told to stop."""
    from .sandbox import Limits, harden

    gaps = harden(Limits(**limits))  # before any learner code runs here
    _watch_parent()

    def send(msg: dict[str, Any]) -> None:
        for stream in (sys.stdout, sys.stderr):  # what the bot printed is in its log before the referee reads it
            try:
                stream.flush()
            except Exception:  # noqa: BLE001 - a full log (its output limit), or a stream the bot replaced
                pass
        _write_all(write_fd, _frame(json.dumps(msg).encode()))

    def recv() -> Any:
        size = int.from_bytes(_read_exact(read_fd, 4), "big")
        return _read_exact(read_fd, size)

    game: Any = None
    factory: Any = None
    bot: Any = None

    def ask(request: dict[str, Any], policy: Any = None) -> Any:
        send(request)
        while True:
            reply = _loads(recv(), game)
            if reply[0] == "value":
                return reply[1]
            if reply[0] == "error":
                raise KitError(reply[1])
            if reply[0] == "call":  # the referee weighs a decision with the bot's policy
                try:
                    send({"policy": _policy_answer(policy(reply[1]))})
                except Exception as exc:  # noqa: BLE001 - the learner's policy failed
                    send({"policy_error": _error_detail(exc)})
                continue
            raise KitError(f"unexpected message from the referee: {reply[0]!r}")

    while True:
        try:
            data = recv()
        except EOFError:
            return
        if game is None:  # the first message: ("hello", game, factory)
            try:
                kind, game_bytes, packed = pickle.loads(data)
                game = pickle.loads(game_bytes)
            except Exception as exc:  # noqa: BLE001
                send({"fault": "setup", "detail": _error_detail(exc)})
                return
            send({"booted": True, "gaps": gaps})  # the kit is loaded: the learner's code is timed from here
            try:
                factory = pickle.loads(packed)
                if isinstance(factory, BotFile):
                    factory = _SourceLoader(factory).load()
            except Exception as exc:  # noqa: BLE001
                send({"fault": "setup", "detail": _error_detail(exc)})
                return
            send({"ready": True})
            continue
        msg = _loads(data, game)
        if msg[0] == "stop":
            return
        if msg[0] == "bot":
            try:
                bot = factory(seed=msg[1])
            except Exception as exc:  # noqa: BLE001
                send({"fault": "setup", "detail": _error_detail(exc)})
                continue
            send({"ready": True})
        elif msg[0] == "choose":
            _, seat, legal, info, obs, kinds, known = msg
            view = SealedView(seat, game, legal, info, obs, kinds, ask, known)
            try:
                text = _text_of(bot.choose(view, seat))
            except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt too
                send({"fault": "error", "detail": _error_detail(exc)})
                continue
            send({"action": text[:MAX_ACTION_TEXT + 1]})


_BOOT = ("import sys, json; root = sys.argv[3]; root in sys.path or sys.path.append(root); "
         "from kit.core.sealed import _serve; _serve(int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[4]))")
_LIVE: "weakref.WeakSet[BotProcess]" = weakref.WeakSet()
_LIVE_LOCK = threading.Lock()


def _child_env(home: str) -> dict[str, str]:
    """The bot process's whole environment: nothing of the referee's (no tokens, no paths), one thread for
    numeric libraries, a fixed hash seed (so a bot that iterates over a set repeats itself)."""
    return {"PATH": "/usr/bin:/bin", "HOME": home, "TMPDIR": home, "LANG": "C.UTF-8", "PYTHONHASHSEED": "0",
            "PYTHONDONTWRITEBYTECODE": "1", "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1",
            "MKL_NUM_THREADS": "1", "MPLBACKEND": "Agg"}


@atexit.register
def _kill_all() -> None:  # pragma: no cover - at interpreter exit
    with _LIVE_LOCK:
        live = list(_LIVE)
    for p in live:
        p.close()


# ============================================================================ the referee's side
class BotProcess:
    """One bot in a process of its own, in a sandbox (:mod:`kit.core.sandbox`), driven by the referee.

    Parameters
    ----------
    packed
        The bot's factory from :func:`pack_factory`.
    game
        The game it plays (its settings are sent once).
    setup_limit
        Seconds the learner's code may take to load (a bot file's top
        level, unpickling a class); making each game's bot is timed by
        :meth:`start`.  Starting Python and the kit is the kit's own work,
        allowed :data:`BOOT_LIMIT`.
    sandbox
        ``"bwrap"`` or ``"process"`` (``"auto"``: the strongest available).
    limits
        The process's resource limits (:class:`kit.core.sandbox.Limits`).

    Methods raise :class:`BotFault` when the bot breaks the rules of the
    tournament; after a ``"timeout"`` or ``"crash"`` the process is gone.
    Between its moves the process is frozen (``SIGSTOP``): a bot computes
    only while it is asked.
    """

    def __init__(self, packed: bytes, game: Any, *, setup_limit: float = SETUP_LIMIT, sandbox: str = "auto",
                 limits: Limits | None = None) -> None:
        if os.name != "posix":  # pragma: no cover - the kit's hubs are Linux
            raise KitError("sealed bots need a POSIX system (Linux, macOS); use sealed=False for trusted bots")
        self.sandbox = resolve(sandbox)
        if self.sandbox == "none":
            raise KitError("a bot process runs in a sandbox: 'bwrap' or 'process' ('none' plays in the referee)")
        limits = limits or Limits()
        self.game = game
        self.alive = True
        self._pid: int | None = None
        self._frozen = False
        self._reads_knowledge = False  # set once the bot asks for its knowledge: then it comes with each question
        self._log = tempfile.TemporaryFile()
        self._home = tempfile.mkdtemp(prefix="kit-bot-") if self.sandbox == "process" else None
        import kit

        to_bot_r, to_bot_w = os.pipe()
        from_bot_r, from_bot_w = os.pipe()
        argv = [sys.executable, "-I", "-c", _BOOT, str(to_bot_r), str(from_bot_w),
                os.path.dirname(os.path.dirname(kit.__file__)), json.dumps(vars(limits))]
        fds = [to_bot_r, from_bot_w]
        info_r = info_w = -1
        if self.sandbox == "bwrap":
            info_r, info_w = os.pipe()
            fds.append(info_w)
            argv = bwrap_command(argv, limits, info_fd=info_w, env=_child_env("/tmp"))
            env, cwd = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}, "/"
        else:
            env, cwd = _child_env(self._home or "/"), self._home
        try:
            self._proc = subprocess.Popen(argv, pass_fds=fds, stdin=subprocess.DEVNULL, stdout=self._log,
                                          stderr=self._log, env=env, cwd=cwd, start_new_session=True)
        except OSError as exc:
            for fd in (*fds, to_bot_w, from_bot_r, info_r):
                if fd >= 0:
                    os.close(fd)
            self.alive = False
            raise BotFault("setup", {"error": f"the bot's process could not start: {exc}", "where": ""}) from None
        finally:
            for fd in fds:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._pipe = _Pipe(from_bot_r, to_bot_w)
        with _LIVE_LOCK:
            _LIVE.add(self)
        deadline = time.monotonic() + BOOT_LIMIT
        if info_r >= 0:
            self._pid = _read_child_pid(info_r, deadline)
        else:
            self._pid = self._proc.pid
        hello = pickle.dumps(("hello", pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL), packed),
                             protocol=pickle.HIGHEST_PROTOCOL)
        try:
            if self._pid is None:
                raise self._fail(EOFError(), BOOT_LIMIT)
            self._send(hello, deadline, BOOT_LIMIT)
            msg = self._recv(deadline, BOOT_LIMIT)
            if msg.get("booted") is not True:
                raise self._fail(ValueError("no boot message"), BOOT_LIMIT)
            self.gaps = [str(g)[:80] for g in msg.get("gaps", [])][:10] if isinstance(msg.get("gaps"), list) else []
            deadline = time.monotonic() + setup_limit
            self._expect_ready(deadline, setup_limit)
        except BotFault as fault:
            self.close()
            if fault.kind == "timeout":  # the learner's code did not load in time: a setup fault
                raise BotFault("setup", {"error": f"loading took longer than {_seconds(setup_limit)} s",
                                         "where": "", "output": fault.detail.get("output", "")}) from None
            raise
        self._freeze()

    # -- plumbing ---------------------------------------------------------------
    def _freeze(self) -> None:
        """Stop the process between moves (it may not compute, nor spin threads, while others play)."""
        if self._pid is not None and not self._frozen and self.alive:
            try:
                os.kill(self._pid, signal.SIGSTOP)
                self._frozen = True
            except ProcessLookupError:
                pass

    def _thaw(self) -> None:
        if self._frozen:
            self._frozen = False
            try:
                os.kill(self._pid, signal.SIGCONT)  # type: ignore[arg-type]
            except ProcessLookupError:
                pass

    def _fail(self, exc: BaseException, limit: float) -> BotFault:
        output = self._output()  # read before the process and its log are closed
        if isinstance(exc, TimeoutError):
            self.close()
            return BotFault("timeout", {"limit": limit, "output": output})
        if isinstance(exc, EOFError):
            code = self._reap()
            return BotFault("crash", {"code": code, "output": self._output() or output})
        self.close()
        return BotFault("error", {"error": f"the bot's process broke the protocol: {exc}", "where": "",
                                  "output": output})

    def _send(self, payload: bytes, deadline: float, limit: float) -> None:
        try:
            self._pipe.send(payload, deadline)
        except (TimeoutError, EOFError) as exc:
            raise self._fail(exc, limit) from None

    def _recv(self, deadline: float, limit: float) -> dict[str, Any]:
        try:
            msg = _parse_message(self._pipe.recv(deadline))
        except (TimeoutError, EOFError) as exc:
            raise self._fail(exc, limit) from None
        except Exception as exc:  # noqa: BLE001 - whatever a bot sends, the fault is the bot's
            raise self._fail(ValueError(str(exc)[:200] or type(exc).__name__), limit) from None
        return msg

    def _expect_ready(self, deadline: float, limit: float) -> None:
        msg = self._recv(deadline, limit)
        if msg.get("ready") is True:
            return
        if "fault" in msg:
            raise BotFault("setup", {**_clean_detail(msg.get("detail")), "output": self._output()})
        raise self._fail(ValueError(f"unexpected message {sorted(msg)[:5]}"), limit)

    def _reap(self) -> int | None:
        try:  # a process that closed its pipe is ending: let it end, to learn its own exit code
            self._proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            pass
        self.close()
        return self._proc.returncode

    def _output(self) -> str:
        """The end of what the process printed (its last 1,500 characters)."""
        try:
            self._log.flush()
            self._log.seek(0, os.SEEK_END)
            size = self._log.tell()
            self._log.seek(max(0, size - 1500))
            return self._log.read().decode("utf-8", "replace").strip()
        except (OSError, ValueError):
            return ""

    # -- the protocol -----------------------------------------------------------
    def start(self, seed: int | None, limit: float) -> None:
        """Make a new bot (``factory(seed=seed)``) for the next game."""
        deadline = time.monotonic() + limit
        self._thaw()
        try:
            self._send(_dumps(("bot", seed), self.game), deadline, limit)
            self._expect_ready(deadline, limit)
        finally:
            self._freeze()

    def choose(self, state: Any, seat: int, limit: float, *, standin_seed: int | None = None) -> Any:
        """The bot's legal action for ``seat`` in ``state`` (which stays in this process).

        ``standin_seed`` seeds the stand-in state drawn for the bot's
        :meth:`SealedView.resample` (the referee's secret).
        """
        game = self.game
        legal = list(state.legal_actions())
        st = type(state)
        funcs = knowledge_functions(state)
        resample_kind = "knowledge" if funcs is not None else ("state" if hasattr(st, "resample") else None)
        counts = posterior_function(state) is not None
        kinds = (funcs is not None, counts, resample_kind, funcs[1].__module__ if funcs else None)
        # A bot that read its knowledge before gets it with the question: one round trip less.
        known: list[Any] = [funcs[0](state, seat)] if funcs is not None and self._reads_knowledge else []
        obs = pickle.dumps(state.observation(seat), protocol=pickle.HIGHEST_PROTOCOL)
        msg = ("choose", seat, legal, state.information_state(seat), obs, kinds, known[0] if known else None)
        deadline = time.monotonic() + limit
        self._thaw()
        try:
            self._send(_dumps(msg, game), deadline, limit)
            while True:
                reply = self._recv(deadline, limit)
                if "action" in reply:
                    text = reply["action"]
                    if not isinstance(text, str):
                        raise BotFault("illegal", {"action": repr(text)[:80], "why": "not an action"})
                    return validate_action(game, legal, text)
                if "fault" in reply:
                    kind = "setup" if reply["fault"] == "setup" else "error"
                    raise BotFault(kind, {**_clean_detail(reply.get("detail")), "output": self._output()})
                if "ask" in reply:
                    answer = self._answer(reply, state, seat, known, standin_seed, deadline, limit)
                    self._send(_dumps(answer, game), deadline, limit)
                    continue
                raise self._fail(ValueError(f"unexpected message {sorted(reply)[:5]}"), limit)
        finally:
            self._freeze()

    def _answer(self, req: dict[str, Any], state: Any, seat: int, known: list[Any], standin_seed: int | None,
                deadline: float, limit: float) -> tuple[str, Any]:
        """The referee's answer to a bot's question: ``("value", ...)`` or ``("error", message)``."""
        what = req.get("ask")
        st = type(state)
        try:
            if what == "knowledge" or what == "standin":
                funcs = knowledge_functions(state)
                if funcs is None:
                    return ("error", f"{st.__name__} has no seat knowledge registered")
                self._reads_knowledge = True
                if not known:
                    known.append(funcs[0](state, seat))
                if what == "knowledge":
                    return ("value", known[0])
                rng = random.Random(standin_seed)
                return ("value", funcs[1](state, seat, rng, know=known[0]))
            if what == "posterior":
                fn = posterior_function(state)
                if fn is None:
                    return ("error", f"{st.__name__} has no card counting registered")
                if not req.get("policy"):
                    return ("value", fn(state, seat, None))
                proxy = _PolicyProxy(self, deadline, limit)
                proxy.uniform_keep = bool(req.get("uniform_keep"))
                return ("value", fn(state, seat, proxy))
            if what == "resample":
                seed = req.get("seed")
                if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64 \
                        or not hasattr(st, "resample"):
                    return ("error", "resample needs a seed drawn from the bot's generator")
                return ("value", state.resample(seat, random.Random(seed)))
        except BotFault:
            raise
        except Exception as exc:  # noqa: BLE001 - e.g. a policy's bad answer: the bot hears of it
            return ("error", f"{type(exc).__name__}: {exc}")
        return ("error", f"a bot may ask for knowledge, posterior, standin or resample, not {str(what)[:40]!r}")

    def close(self) -> None:
        """Stop the process (killed at once: it has nothing to save)."""
        if not getattr(self, "alive", False):
            return
        self.alive = False
        proc = getattr(self, "_proc", None)
        if proc is not None and proc.poll() is None:
            pid = getattr(self, "_pid", None)
            if pid is not None and pid != proc.pid:  # the sandboxed bot: its PID namespace ends with it
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # its own session: the bot's children go too
            except (ProcessLookupError, PermissionError):
                pass
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:  # pragma: no cover
                pass
        if hasattr(self, "_pipe"):
            self._pipe.close()
        try:
            self._log.close()
        except Exception:  # noqa: BLE001
            pass
        home = getattr(self, "_home", None)
        if home:
            import shutil

            shutil.rmtree(home, ignore_errors=True)
        with _LIVE_LOCK:
            _LIVE.discard(self)

    def __del__(self) -> None:  # pragma: no cover - best effort
        try:
            self.close()
        except Exception:  # noqa: BLE001
            pass


class _PolicyProxy:
    """The bot's opponent model, as the referee's card counting calls it: each decision is sent to the
    bot's process, and its answer is read as data (notation and exact numbers)."""

    uniform_keep = False

    def __init__(self, process: BotProcess, deadline: float, limit: float) -> None:
        self.process, self.deadline, self.limit = process, deadline, limit

    def __call__(self, decision: Any) -> dict[Any, Fraction]:
        p = self.process
        p._send(_dumps(("call", decision), p.game), self.deadline, self.limit)
        reply = p._recv(self.deadline, self.limit)
        if "policy_error" in reply:
            detail = _clean_detail(reply["policy_error"])
            raise KitError(f"your policy raised {detail.get('error', '')}")
        pairs = reply.get("policy")
        if not isinstance(pairs, list):
            raise p._fail(ValueError("a policy answer that is not a list"), self.limit)
        if len(pairs) > MAX_POLICY:
            raise KitError(f"a policy answered {len(pairs)} actions (at most {MAX_POLICY})")
        out: dict[Any, Fraction] = {}
        for pair in pairs:
            if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)):
                raise KitError("a policy must answer {action: probability}")
            action = p.game.parse_action(pair[0][:MAX_ACTION_TEXT])
            out[action] = out.get(action, Fraction(0)) + bounded_probability(pair[1])
        return out


class _Pool:
    """The bot processes of this process's referees, kept between blocks of games.

    A process is keyed by ``(token, key)``: one tournament (``token``) and
    one place in it (``key``: the entrant, and which of its seats in a game
    when it has several), so a process only ever holds one entrant's bot.
    It is checked out for one game at a time; processes idle for
    :data:`IDLE` seconds are closed (a tournament run on remote workers
    cannot tell them it is over), and :func:`release` closes a tournament's
    processes at once.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle: dict[tuple, list[tuple[float, BotProcess]]] = {}
        self._failed: dict[tuple, tuple[float, BotFault]] = {}
        self._reaper: threading.Thread | None = None

    def checkout(self, token: str, key: Hashable, packed: bytes, game: Any, **options: Any) -> BotProcess:
        k = (token, key)
        with self._lock:
            failed = self._failed.get(k)
            if failed is not None:
                self._failed[k] = (time.monotonic(), failed[1])
                raise failed[1]
            while self._idle.get(k):
                _, proc = self._idle[k].pop()
                if proc.alive and proc._proc.poll() is None:
                    return proc
                proc.close()
            self._start_reaper()
        try:
            return BotProcess(packed, game, **options)
        except BotFault as fault:
            if fault.kind == "setup":  # the bot did not load (in time): it will not for the next game either
                with self._lock:
                    self._failed[k] = (time.monotonic(), fault)
            raise

    def checkin(self, token: str, key: Hashable, proc: BotProcess) -> None:
        if not proc.alive:
            return
        with self._lock:
            self._idle.setdefault((token, key), []).append((time.monotonic(), proc))

    def release(self, token: str) -> None:
        with self._lock:
            keys = [k for k in self._idle if k[0] == token]
            procs = [p for k in keys for _, p in self._idle.pop(k)]
            for k in [k for k in self._failed if k[0] == token]:
                del self._failed[k]
        for p in procs:
            p.close()

    def _start_reaper(self) -> None:
        if self._reaper is None or not self._reaper.is_alive():
            self._reaper = threading.Thread(target=self._reap, daemon=True, name="kit-sealed-reaper")
            self._reaper.start()

    def _reap(self) -> None:  # pragma: no cover - timing
        while True:
            time.sleep(IDLE / 3)
            now = time.monotonic()
            stale = []
            with self._lock:
                for k in list(self._idle):
                    keep = []
                    for at, p in self._idle[k]:
                        (keep if now - at < IDLE else stale).append((at, p))
                    if keep:
                        self._idle[k] = keep
                    else:
                        del self._idle[k]
                for k in [k for k, (at, _) in self._failed.items() if now - at >= IDLE]:
                    del self._failed[k]
            for _, p in stale:
                p.close()


#: Seconds a bot process may stay idle between blocks of a tournament before it is closed.
IDLE = 15.0
_POOL = _Pool()


def checkout(token: str, key: Hashable, packed: bytes, game: Any, **options: Any) -> BotProcess:
    """A bot process for place ``key`` of tournament ``token`` (an idle one, or a new one made with
    ``options``: ``sandbox``, ``setup_limit``, ``limits``).  A bot that could not be loaded (in time)
    raises its setup fault again at once, for every later game."""
    return _POOL.checkout(token, key, packed, game, **options)


def checkin(token: str, key: Hashable, proc: BotProcess) -> None:
    """Give a bot process back after a game (a closed one is dropped)."""
    _POOL.checkin(token, key, proc)


def release(token: str) -> None:
    """Close every bot process of tournament ``token`` in this process."""
    _POOL.release(token)


def _clean_detail(detail: Any) -> dict[str, Any]:
    """A fault's detail as sent by a bot process, kept to short strings."""
    if not isinstance(detail, dict):
        return {"error": "", "where": ""}
    return {str(k)[:20]: (v if isinstance(v, (int, float)) and not isinstance(v, bool) else str(v)[:600])
            for k, v in list(detail.items())[:6]}

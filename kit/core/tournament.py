"""A class tournament: any bots, round robin, seats rotated, seeded, over any executor.

:func:`tournament` plays every table of ``n`` entrants (``n`` = the game's
players) in every rotation of its seats, as many times as it takes to play
at least ``games`` games, and returns a :class:`TournamentResult`: a table of
wins with 95 % intervals, a plot, and every game's record.

* **Fair.** Each entrant sits at every seat equally often, against every
  other equally often; the rotations of one table share their deal (so each
  entrant is dealt, seat by seat, what the others were dealt there), and each
  rotation is played by processes of their own, so that no bot process ever
  sees a deal twice (:func:`mirrored_deals`; in the ``"process"`` sandbox,
  where a bot's processes could share a file, every game is dealt anew).
* **Seeded.** The same ``seed`` gives the same games on any executor and any
  number of workers.  ``seed=None`` draws a secret seed (recorded in
  :attr:`TournamentResult.seed`): for a class tournament, keep it secret
  until the end, since a bot that knows the seed and this module could work
  out the deal.
* **Any executor.** Blocks of games run on any
  :class:`concurrent.futures.Executor`: threads, a process pool, or a
  ``dask.distributed`` cluster (``client.get_executor()``), as a school's
  JupyterHub runs it.
* **Sealed and sandboxed.** Each bot runs in a process of its own and sees a
  :class:`~kit.core.sealed.SealedView`: copies of its seat's observation,
  never the state (see :mod:`kit.core.sealed`); that process runs in an
  operating-system sandbox (``sandbox="auto"``: bubblewrap where the machine
  has it, else a hardened process; see :mod:`kit.core.sandbox`), so a
  learner's code reaches neither the teacher's files and environment, nor the
  other bots, nor the referee's memory.  The kit's own bots play
  there exactly as they do at a table.  Collect the class's bots as files
  with :func:`bots_from_folder`: the teacher's kernel never runs them.
  ``sealed="learners"`` lets the kit's own bots (:func:`is_kit_bot`) play in
  the referee's process (faster); ``sealed=False`` runs every bot there (and
  a bot may be ``omniscient``), where nothing stops a bot from reading the
  state.
* **Robust.** A bot that raises, takes longer than ``time_limit`` seconds
  for a move (or ``setup_limit`` to load), crashes, sends a message the
  referee cannot read, or answers an illegal action loses that game (a
  random bot finishes it in its seat) and the tournament goes on; the
  result says what happened, with what the bot printed (:class:`Fault`).

Examples
--------
>>> from concurrent.futures import ThreadPoolExecutor
>>> from kit.core import RandomBot, tournament
>>> from kit.loveletter import LoveLetter
>>> from kit.loveletter.bots import HeuristicBot
>>> with ThreadPoolExecutor(2) as pool:
...     res = tournament(LoveLetter(2), {"heuristic": HeuristicBot, "random": RandomBot}, games=40, seed=1,
...                      executor=pool, progress=False)
>>> res.games, res.names, res.played
(40, ['heuristic', 'random'], [40, 40])
>>> res.wins[0] > res.wins[1]
True
>>> [r["bot"] for r in res.table()]     # best first
['heuristic', 'random']
"""

from __future__ import annotations

import hashlib
import math
import os
import random
import re
import secrets
import time
from concurrent.futures import Executor, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any, Callable, Mapping, Sequence

from .bots import PlayerView, RandomBot, view_for
from .errors import KitError
from .protocol import CHANCE, TERMINAL
from .seeding import sample_outcome

__all__ = ["tournament", "TournamentResult", "GameRecord", "Fault", "round_robin", "wilson_interval",
           "mirrored_deals",
           "default_outcome", "is_kit_bot", "bots_from_folder"]

#: A move may take this long by default (seconds).
TIME_LIMIT = 2.0
#: The kinds of :class:`Fault`.
FAULT_KINDS = ("error", "timeout", "illegal", "crash", "setup")


def default_outcome(state: Any) -> list[float]:
    """Scores of a finished state: its ``returns()``."""
    return list(state.returns())


def wilson_interval(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a proportion: ``k`` successes in ``n`` trials.

    >>> lo, hi = wilson_interval(60, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.502, 0.691)
    """
    if n <= 0:
        raise ValueError(f"n must be positive, not {n}")
    p = k / n
    denom = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return max(0.0, mid - half), min(1.0, mid + half)


def _derive(seed: int, *parts: Any) -> int:
    """A child seed of the tournament's ``seed``: a keyed hash, so a bot that knows its own seed learns
    nothing of the tournament's (nor of the deal)."""
    text = "/".join(map(str, parts)).encode()
    key = str(seed).encode()[:64]
    return int.from_bytes(hashlib.blake2b(text, key=key, digest_size=8).digest(), "big")


def round_robin(entrants: int, seats: int) -> list[tuple[int, ...]]:
    """The tables of a round robin: every set of ``seats`` different entrants, in entrant order.

    With fewer entrants than seats there is one table, the entrants seated in
    turn (an entrant then plays itself).

    >>> round_robin(3, 2)
    [(0, 1), (0, 2), (1, 2)]
    >>> round_robin(2, 4)
    [(0, 1, 0, 1)]
    """
    if entrants < 1 or seats < 1:
        raise KitError(f"a round robin needs entrants and seats, not {entrants} and {seats}")
    if entrants >= seats:
        return list(combinations(range(entrants), seats))
    return [tuple(i % entrants for i in range(seats))]


# ============================================================================ records
@dataclass(frozen=True)
class Fault:
    """A bot broke the rules of the tournament in one game, and lost it.

    Attributes
    ----------
    game
        The game's index (``result.records[game]``).
    seat, entrant, bot
        Where it sat, its index in the list of entrants, its name.
    kind
        ``"error"`` (it raised), ``"timeout"`` (a move took longer than the
        limit), ``"illegal"`` (it answered an action that is not legal, or not
        an action), ``"crash"`` (its process stopped), ``"setup"`` (it could
        not be made).
    move
        Its own move number in that game (from 1; 0: before its first move).
    detail
        The facts: ``error`` and ``where`` (file, line, function), ``action``
        and ``why``, ``limit``, ``code`` and ``output``.
    """

    game: int
    seat: int
    entrant: int
    bot: str
    kind: str
    move: int
    detail: Mapping[str, Any] = field(default_factory=dict)

    def message(self, lang: str | None = None) -> str:
        """What happened, in words (translated).

        >>> Fault(4, 1, 0, "Ada", "timeout", 3, {"limit": 2.0}).message()
        'Ada took longer than 2 s over its move 3 in game 5 and loses that game.'
        """
        from ..i18n import _

        d, bot, game, move = self.detail, self.bot, self.game + 1, self.move
        where = str(d.get("where") or "")
        if self.kind == "error":
            if where:
                return _("{bot} raised {error} ({where}) at its move {move} in game {game} and loses that game.",
                         lang, bot=bot, error=d.get("error", ""), where=where, move=move, game=game)
            return _("{bot} raised {error} at its move {move} in game {game} and loses that game.",
                     lang, bot=bot, error=d.get("error", ""), move=move, game=game)
        if self.kind == "timeout":
            return _("{bot} took longer than {limit} s over its move {move} in game {game} and loses that game.",
                     lang, bot=bot, limit=_seconds(d.get("limit", 0)), move=move, game=game)
        if self.kind == "illegal":
            if d.get("why") == "not legal":
                return _("{bot} chose {action} at its move {move} in game {game}, which is not legal there, and "
                         "loses that game.", lang, bot=bot, action=d.get("action", ""), move=move, game=game)
            return _("{bot} answered {action} at its move {move} in game {game}, which is not an action of this "
                     "game, and loses that game.", lang, bot=bot, action=d.get("action", ""), move=move, game=game)
        if self.kind == "crash":
            return _("{bot}'s process stopped (exit code {code}) at its move {move} in game {game}; it loses that "
                     "game.", lang, bot=bot, code=d.get("code"), move=move, game=game)
        return _("{bot} could not be made for game {game} ({error}) and loses that game.",
                 lang, bot=bot, game=game, error=d.get("error", ""))

    def __str__(self) -> str:
        return self.message()


def _seconds(x: Any) -> str:
    return f"{float(x):g}"


@dataclass(frozen=True)
class GameRecord:
    """One game of a tournament.

    ``entrants[seat]`` sat at each seat; ``returns`` is the outcome per seat;
    ``winners`` the seats with the best outcome among the seats whose bots
    did not fault (several: a shared win); ``moves`` and ``think`` the moves
    each seat's bot made and the seconds they took; ``history`` the actions'
    notation (kept when asked for, and for every game with a fault);
    ``sandbox`` where its sealed bots ran; ``deal`` the number of its deal:
    games with the same ``deal`` were dealt the same cards, the seats rotated
    (:func:`mirrored_deals`; in ``"process"`` every game has a deal of its own).
    """

    index: int
    table: int
    entrants: tuple[int, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    faults: tuple[Fault, ...] = ()
    moves: tuple[int, ...] = ()
    think: tuple[float, ...] = ()
    history: tuple[str, ...] | None = None
    sandbox: str = "none"
    deal: int = -1


# ============================================================================ the result
@dataclass
class TournamentResult:
    """What a tournament found: totals per entrant (an index into its ``names``) and every game.

    ``wins[i]`` counts the games entrant ``i`` won alone, ``shared[i]`` the
    games where it tied for the best, ``score[i]`` its summed outcome,
    ``played[i]`` the seats it took (its games), ``faults[i]`` the games it
    lost by a :class:`Fault`.
    """

    names: list[str]
    records: list[GameRecord]
    seed: int
    num_players: int
    game_name: str = "game"
    time_limit: float = TIME_LIMIT
    sealed: bool | str = True
    game: Any = field(default=None, repr=False, compare=False)
    #: The sandbox the sealed bots ran in: ``"bwrap"``, ``"process"`` or ``"none"`` (several joined by ``+``
    #: where workers differed). :func:`kit.core.sandbox.guarantees` says what each one holds.
    sandbox: str = "none"
    wins: list[int] = field(init=False)
    shared: list[int] = field(init=False)
    score: list[float] = field(init=False)
    played: list[int] = field(init=False)
    faults: list[int] = field(init=False)
    moves: list[int] = field(init=False)
    think: list[float] = field(init=False)

    def __post_init__(self) -> None:
        k = len(self.names)
        self.wins, self.shared, self.score = [0] * k, [0] * k, [0.0] * k
        self.played, self.faults, self.moves, self.think = [0] * k, [0] * k, [0] * k, [0.0] * k
        for r in self.records:
            for s, e in enumerate(r.entrants):
                self.played[e] += 1
                self.score[e] += r.returns[s]
                if s in r.winners:
                    if len(r.winners) == 1:
                        self.wins[e] += 1
                    else:
                        self.shared[e] += 1
                if r.moves:
                    self.moves[e] += r.moves[s]
                    self.think[e] += r.think[s]
            for f in r.faults:
                self.faults[f.entrant] += 1

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.records)

    @property
    def title(self) -> str:
        """The game's name for people ("Love Letter"), from its class."""
        if self.game is None:
            return self.game_name
        return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type(self.game).__name__)

    @property
    def seats(self) -> list[list[int]]:
        """The entrant at each seat, game by game."""
        return [list(r.entrants) for r in self.records]

    def fault_list(self) -> list[Fault]:
        """Every fault, game by game."""
        return [f for r in self.records for f in r.faults]

    def win_rate(self, i: int, shared_counts: float = 0.0) -> float:
        """Share of its games entrant ``i`` won (a shared win counts ``shared_counts``)."""
        n = self.played[i]
        return (self.wins[i] + shared_counts * self.shared[i]) / n if n else 0.0

    def interval(self, i: int, z: float = 1.96, shared_counts: float = 0.0) -> tuple[float, float]:
        """The 95 % (``z = 1.96``) Wilson interval of entrant ``i``'s win rate."""
        n = self.played[i]
        return wilson_interval(self.wins[i] + shared_counts * self.shared[i], n, z) if n else (0.0, 1.0)

    def versus(self, i: int, j: int) -> tuple[int, int, int]:
        """Head to head: ``(games i finished ahead of j, games j finished ahead of i, games together)``.

        "Ahead" compares the two seats' outcomes (a bot that faulted is behind).
        """
        a = b = together = 0
        for r in self.records:
            if i in r.entrants and j in r.entrants and i != j:
                si, sj = r.entrants.index(i), r.entrants.index(j)
                together += 1
                bad = {f.seat for f in r.faults}
                vi = -math.inf if si in bad else r.returns[si]
                vj = -math.inf if sj in bad else r.returns[sj]
                a += vi > vj
                b += vj > vi
        return a, b, together

    def table(self) -> list[dict[str, Any]]:
        """One row per entrant, best win rate first: ``bot``, ``games``, ``wins``, ``shared``,
        ``win_rate``, ``low`` and ``high`` (its 95 % interval), ``faults``, ``ms_per_move``."""
        rows = []
        for i, name in enumerate(self.names):
            lo, hi = self.interval(i)
            rows.append({"bot": name, "games": self.played[i], "wins": self.wins[i], "shared": self.shared[i],
                         "win_rate": self.win_rate(i), "low": lo, "high": hi, "faults": self.faults[i],
                         "ms_per_move": 1000 * self.think[i] / self.moves[i] if self.moves[i] else 0.0})
        rows.sort(key=lambda r: (-r["win_rate"], r["bot"]))
        for rank, r in enumerate(rows, 1):
            r["rank"] = rank
        return rows

    def replay(self, index: int) -> Any:
        """The final state of game ``index`` (its history is kept for games with a fault, or with
        ``keep_history=True``): for the teacher, to see what happened."""
        from .driver import replay

        r = self.records[index]
        if r.history is None:
            raise KitError(f"game {index} was not recorded; run the tournament with keep_history=True")
        return replay(self.game, list(r.history))

    # -- pictures ------------------------------------------------------------------
    def html(self, lang: str | None = None) -> str:
        """The results table (and the faults) as HTML."""
        from html import escape

        from ..i18n import _

        head = [_("rank", lang), _("bot", lang), _("games", lang), _("wins", lang), _("shared wins", lang),
                _("win rate", lang), _("95 % interval", lang), _("faults", lang), _("ms per move", lang)]
        out = ["<div class='kit-tournament' style='font-family:system-ui,sans-serif;font-size:15px'>",
               "<table style='border-collapse:collapse'><caption style='text-align:left;font-weight:bold'>",
               escape(_("{game}: {games} games, {players} players a game", lang, game=self.title,
                        games=self.games, players=self.num_players)), "</caption><thead><tr>"]
        cell = "padding:3px 10px;white-space:nowrap;border-bottom:1px solid #ddd;text-align:"
        aligns = ["right", "left"] + ["right"] * 7
        out += [f"<th scope='col' style='{cell}{a}'>{escape(h)}</th>" for h, a in zip(head, aligns)]
        out.append("</tr></thead><tbody>")
        for r in self.table():
            cells = [r["rank"], r["bot"], r["games"], r["wins"], r["shared"], f"{r['win_rate']:.1%}",
                     f"{r['low']:.1%} – {r['high']:.1%}", r["faults"], f"{r['ms_per_move']:.1f}"]
            out.append("<tr>" + "".join(f"<td style='{cell}{a}'>{escape(str(c))}</td>" for c, a in zip(cells, aligns))
                       + "</tr>")
        out.append("</tbody></table>")
        faults = self.fault_list()
        if faults:
            title = _("What went wrong:", lang)
            out.append("<p>" + escape(title) + "</p><ul>")
            for f in faults[:20]:
                said = str(f.detail.get("output", "") or "")[-600:]
                shown = (f"<pre style='font-size:13px;margin:2px 0;white-space:pre-wrap;color:#444'>"
                         f"{escape(said)}</pre>" if said else "")
                out.append("<li>" + escape(f.message(lang)) + shown + "</li>")
            if len(faults) > 20:
                more = _("... and {n} more.", lang, n=len(faults) - 20)
                out.append("<li>" + escape(more) + "</li>")
            out.append("</ul>")
        out.append("</div>")
        return "".join(out)

    def _repr_html_(self) -> str:
        return self.html()

    def plot(self, ax: Any = None, lang: str | None = None) -> Any:
        """A matplotlib chart of the win rates with their 95 % intervals; returns the axes.

        The dashed line is one win in ``n`` games (``n`` players a game):
        where every bot would be if all were equally good.
        """
        from ..i18n import _

        if ax is None:
            import matplotlib.pyplot as plt

            _fig, ax = plt.subplots(figsize=(6.4, 1.6 + 0.4 * max(2, len(self.names))))
        rows = self.table()[::-1]  # the best at the top
        ys = list(range(len(rows)))
        rates = [r["win_rate"] for r in rows]
        errors = [[r["win_rate"] - r["low"] for r in rows], [r["high"] - r["win_rate"] for r in rows]]
        ax.errorbar(rates, ys, xerr=errors, fmt="o", color="#0072B2", ecolor="#0072B2", capsize=4)
        ax.axvline(1 / self.num_players, color="#999999", linestyle="--",
                   label=_("one win in {n} games", lang, n=self.num_players))
        from matplotlib.ticker import PercentFormatter

        ax.set_yticks(ys)
        ax.set_yticklabels([r["bot"] for r in rows])
        ax.set_ylim(-0.6, len(rows) - 0.4)
        ax.set_xlim(0, 1)
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
        ax.grid(axis="x", color="#eeeeee")
        ax.set_xlabel(_("win rate (95 % interval)", lang))
        ax.set_title(_("{game}: {games} games", lang, game=self.title, games=self.games))
        ax.legend(loc="lower right", fontsize="small")
        ax.figure.tight_layout()
        return ax

    def __repr__(self) -> str:
        parts = ", ".join(f"{n} {w}/{p}" for n, w, p in zip(self.names, self.wins, self.played))
        return f"<TournamentResult {self.game_name}: {self.games} games; wins {parts}; {sum(self.faults)} faults>"


# ============================================================================ playing
@dataclass
class _Job:
    """Everything a block of games needs (sent to the executor's workers)."""

    game: Any
    packed: list[bytes]  # each entrant's factory (:func:`kit.core.sealed.pack_factory`)
    in_process: list[bool]  # entrants trusted to play in the referee's process
    names: list[str]
    tables: list[tuple[int, ...]]
    reps: int
    seed: int
    time_limit: float
    outcome: Callable[[Any], Sequence[float]]
    token: str
    keep_history: bool
    sandbox: str = "auto"  # the sandbox of the sealed bots ("bwrap", "process"; "auto" resolved on the worker)
    setup_limit: float = 10.0
    limits: Any = None
    _factories: dict[int, Any] = field(default_factory=dict, repr=False)

    def decode(self, g: int) -> tuple[int, int, int]:
        """Game ``g`` is rotation ``rot`` of repetition ``rep`` of table ``t``."""
        n = self.game.num_players
        rest, rot = divmod(g, n)
        t, rep = divmod(rest, self.reps)
        return t, rep, rot

    def factory(self, e: int) -> Any:
        """Entrant ``e``'s factory, for a bot playing in this process."""
        found = self._factories.get(e)
        if found is None:
            import pickle

            found = self._factories[e] = pickle.loads(self.packed[e])
        return found


class _LocalSeat:
    """A trusted bot in the referee's own process (``sealed=False``, or a kit bot with ``sealed="learners"``)."""

    alive = True

    def __init__(self, factory: Callable[..., Any]) -> None:
        self.factory = factory
        self.bot: Any = None

    def start(self, seed: int, limit: float) -> None:
        from .sealed import BotFault, _error_detail

        t0 = time.perf_counter()
        try:
            self.bot = self.factory(seed=seed)
        except Exception as exc:  # noqa: BLE001 - a learner's bot that cannot be made
            raise BotFault("setup", _error_detail(exc, (__file__,))) from None
        if time.perf_counter() - t0 > limit:
            raise BotFault("timeout", {"limit": limit})

    def choose(self, state: Any, seat: int, limit: float, *, standin_seed: int | None = None) -> Any:
        from .sealed import BotFault, _error_detail, validate_action

        t0 = time.perf_counter()
        try:
            answer = self.bot.choose(view_for(self.bot, state, seat), seat)
        except Exception as exc:  # noqa: BLE001 - a learner's bug loses the game, not the tournament
            raise BotFault("error", _error_detail(exc, (__file__,))) from None
        if time.perf_counter() - t0 > limit:  # a trusted bot cannot be stopped, only timed
            raise BotFault("timeout", {"limit": limit})
        return validate_action(state.game, list(state.legal_actions()), answer)


#: Tournaments stopped by their caller (a KeyboardInterrupt): blocks running in this process stop too.
_STOPPED: set[str] = set()


def mirrored_deals(sandbox: str) -> bool:
    """Whether the rotations of a table share their deal in sandbox ``sandbox``.

    A shared deal lowers the variance of the results: each bot is dealt, seat
    by seat, what the others were dealt there, so the luck of the cards
    cancels within the deal's games (a paired comparison,
    :attr:`GameRecord.deal`).  But a bot that saw a deal could remember it for
    the deal's next rotation (which card comes at each position of the deck:
    it won 67 % instead of 55 %).  So each rotation's games are played by a
    process of their own for every bot, and no process ever sees a deal twice.
    That holds where those processes cannot pass notes to each other: in the
    ``"bwrap"`` sandbox (no shared file, no network, no IPC) and in ``"none"``
    (trusted bots).  In ``"process"`` two processes of one learner's bot could
    share a file, so there every game is dealt anew instead.

    >>> mirrored_deals("bwrap"), mirrored_deals("none"), mirrored_deals("process")
    (True, True, False)
    """
    return sandbox != "process"


def _deal_number(job: _Job, deal: tuple[int, ...]) -> int:
    if len(deal) == 1:
        return deal[0]
    t, rep = deal
    return t * job.reps + rep


def _play_block(job: _Job, indices: Sequence[int]) -> list[GameRecord]:
    """Play the games ``indices`` of a tournament (runs on a worker: the sandbox is resolved there)."""
    if not all(job.in_process):
        from .sandbox import make_undumpable, resolve

        make_undumpable()  # no bot (nor anything of the same user) reads this referee's memory
        if job.sandbox == "auto":
            job = replace(job, sandbox=resolve("auto"))
    out = []
    for g in indices:
        if job.token in _STOPPED:
            break
        out.append(_play_game(job, g))
    return out


def _play_game(job: _Job, g: int) -> GameRecord:
    from .sealed import BotFault, checkin, checkout

    game, seed, limit = job.game, job.seed, job.time_limit
    n = game.num_players
    t, rep, rot = job.decode(g)
    deal = (t, rep) if mirrored_deals(job.sandbox) else (g,)
    table = job.tables[t]
    entrants = table[rot:] + table[:rot]
    mirrored = mirrored_deals(job.sandbox)
    # (entrant, which of its seats, and with mirrored deals the rotation: a process never sees a deal twice)
    keys = [(e, entrants[:s].count(e), rot if mirrored else 0) for s, e in enumerate(entrants)]
    faults: list[Fault] = []
    broken: dict[int, Any] = {}  # seat -> the random bot finishing its game
    moves, think = [0] * n, [0.0] * n
    seats: list[Any] = [None] * n

    def fault(s: int, f: BotFault) -> None:
        faults.append(Fault(g, s, entrants[s], job.names[entrants[s]], f.kind, moves[s], dict(f.detail)))
        broken[s] = RandomBot(seed=_derive(seed, "fallback", g, s))

    try:
        for s, e in enumerate(entrants):
            try:
                seats[s] = (_LocalSeat(job.factory(e)) if job.in_process[e]
                            else checkout(job.token, keys[s], job.packed[e], game, sandbox=job.sandbox,
                                          setup_limit=job.setup_limit, limits=job.limits))
                seats[s].start(_derive(seed, "bot", g, s), limit)
            except BotFault as f:
                fault(s, f)
        state = game.new_initial_state()
        chance = random.Random(_derive(seed, "deal", *deal))
        for _ in range(10_000_000):
            p = state.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                action = sample_outcome(state.chance_outcomes(), chance)
            elif p in broken:
                action = broken[p].choose(PlayerView(state, p), p)
            else:
                moves[p] += 1
                t0 = time.perf_counter()
                try:
                    action = seats[p].choose(state, p, limit, standin_seed=_derive(seed, "stand-in", g, p, moves[p]))
                except BotFault as f:
                    fault(p, f)
                    action = broken[p].choose(PlayerView(state, p), p)
                think[p] += time.perf_counter() - t0
            state.apply_action(action)
        else:  # pragma: no cover - a game that never ends
            raise KitError(f"game {g} did not end")
    finally:
        for s, seat in enumerate(seats):
            if seat is not None and not isinstance(seat, _LocalSeat):
                checkin(job.token, keys[s], seat)
    returns = tuple(float(x) for x in job.outcome(state))
    fair = [s for s in range(n) if s not in broken]
    best = max((returns[s] for s in fair), default=None)
    winners = tuple(s for s in fair if returns[s] == best)
    history = tuple(str(a) for a in state.history()) if (job.keep_history or faults) else None
    mode = "none" if all(job.in_process[e] for e in entrants) else job.sandbox
    return GameRecord(g, t, tuple(entrants), returns, winners, tuple(faults), tuple(moves), tuple(think), history,
                      mode, _deal_number(job, deal))


def _plain(v: Any) -> bool:
    if isinstance(v, tuple):
        return all(_plain(x) for x in v)
    return v is None or isinstance(v, (bool, int, float, str))


def is_kit_bot(factory: Any) -> bool:
    """True for one of the kit's own bot classes (or a ``functools.partial`` of one with plain
    settings): code of the kit itself, trusted to play in the referee's process.

    A class qualifies only if it is the very object its module (a file inside
    the kit) holds under its name; a learner's subclass, or a class that only
    claims a kit module, does not.

    >>> from functools import partial
    >>> from kit.core import RandomBot
    >>> from kit.loveletter.bots import ISMCTSBot
    >>> is_kit_bot(RandomBot), is_kit_bot(partial(ISMCTSBot, iterations=50))
    (True, True)
    >>> class Mine(RandomBot):
    ...     pass
    >>> Mine.__module__ = "kit.core.bots"
    >>> is_kit_bot(Mine), is_kit_bot(partial(ISMCTSBot, rng=object()))
    (False, False)
    """
    import functools
    import sys

    if isinstance(factory, functools.partial):
        if not all(_plain(v) for v in (*factory.args, *factory.keywords.values())):
            return False
        factory = factory.func
    if not isinstance(factory, type):
        return False
    name = getattr(factory, "__module__", "") or ""
    module = sys.modules.get(name)
    if module is None or not name.startswith("kit."):
        return False
    obj: Any = module
    for part in factory.__qualname__.split("."):
        obj = getattr(obj, part, None)
    if obj is not factory:
        return False
    kit_dir = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = getattr(module, "__file__", None)
    return path is not None and os.path.abspath(path).startswith(kit_dir + os.sep)


def bots_from_folder(folder: str | os.PathLike[str]) -> dict[str, Any]:
    """The bots of a class, one ``.py`` file each, named after their files (for :func:`tournament`).

    The files are read, never run here: each runs only in its bot's own
    process (:class:`kit.core.sealed.BotFile`).  Files whose names start
    with ``_`` are left out.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> for name in ("ben", "ada", "_helpers"):
    ...     with open(os.path.join(folder, name + ".py"), "w") as f:
    ...         _ = f.write("class Bot:\\n    def choose(self, view, seat):\\n        return view.legal_actions()[0]\\n")
    >>> sorted(bots_from_folder(folder))
    ['ada', 'ben']
    """
    from .sealed import BotFile

    names = sorted(p for p in os.listdir(folder) if p.endswith(".py") and not p.startswith("_"))
    if not names:
        raise KitError(f"no bot files (*.py) in {os.fspath(folder)}")
    return {os.path.splitext(p)[0]: BotFile.read(os.path.join(folder, p)) for p in names}


def _name_of(factory: Any) -> str:
    """An entrant's name: its class's own ``name`` (not one inherited: a learner's subclass of
    RandomBot is not "random"), else the class's name."""
    target = getattr(factory, "func", factory)  # a functools.partial
    own = vars(target).get("name") if isinstance(target, type) else getattr(target, "name", None)
    if isinstance(own, str) and own:
        return own
    return getattr(target, "__name__", None) or "bot"


def _names(bots: Sequence[Any] | Mapping[str, Any], names: Sequence[str] | None) -> tuple[list[Any], list[str]]:
    if isinstance(bots, Mapping):
        factories = list(bots.values())
        found = [str(k) for k in bots]
    else:
        factories = list(bots)
        found = []
        for f in factories:
            found.append(_name_of(f))
    if names is not None:
        found = [str(x) for x in names]
        if len(found) != len(factories):
            raise KitError(f"{len(found)} names for {len(factories)} bots")
    seen: dict[str, int] = {}
    out = []
    for name in found:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    for f, name in zip(factories, out):
        if not callable(f):
            raise KitError(f"{name}: give a bot class (or a function making a bot from seed=...), not {f!r}")
    return factories, out


def tournament(
    game: Any,
    bots: Sequence[Callable[..., Any]] | Mapping[str, Callable[..., Any]],
    games: int = 100,
    seed: int | None = None,
    *,
    executor: Executor | None = None,
    progress: bool = True,
    time_limit: float = TIME_LIMIT,
    sealed: bool | str = True,
    sandbox: str = "auto",
    setup_limit: float = 10.0,
    limits: Any = None,
    names: Sequence[str] | None = None,
    block: int | None = None,
    keep_history: bool = False,
    outcome: Callable[[Any], Sequence[float]] = default_outcome,
) -> TournamentResult:
    """Play a round robin of ``bots`` at ``game``, seats rotated, seeded.

    Parameters
    ----------
    game
        A protocol game (``num_players`` seats a game).
    bots
        The entrants: bot classes, or factories called as ``factory(seed=...)``
        (``functools.partial`` works), as a list (named by their ``name``
        attribute or class name) or a dict ``{name: factory}``.  A class
        written in a notebook works (it is sent to the bot's process by value
        with cloudpickle).
    games
        At least this many games: rounded up to whole passes of the round
        robin (every table in every rotation), so that every entrant meets
        every other equally often at every seat.  A pass has
        ``C(len(bots), n) * n`` games.
    seed
        Makes the tournament repeatable, whatever the executor.  ``None``:
        a secret seed, recorded in the result.
    executor
        Any :class:`concurrent.futures.Executor` (a thread or process pool, a
        dask ``client.get_executor()``); by default a thread pool (the bots
        run in processes of their own anyway).
    progress
        Show a progress bar (tqdm).
    time_limit
        Seconds a bot may take for one move (and to be made); a bot over it
        loses the game.
    sealed
        ``True``: every bot runs in a process of its own and sees only its
        seat's values (:mod:`kit.core.sealed`).  ``"learners"``: the kit's own
        bots (:func:`is_kit_bot`, trusted code like the referee) play in the
        referee's process, which is faster; every other bot is sealed.
        ``False``: every bot in the referee's process, for trusted bots only
        (a hang then cannot be stopped, only timed afterwards; a bot may be
        ``omniscient``).
    sandbox
        The operating-system sandbox of every sealed bot
        (:mod:`kit.core.sandbox`): ``"auto"`` (the strongest this machine
        allows; :attr:`TournamentResult.sandbox` says which ran),
        ``"bwrap"`` (bubblewrap namespaces: no other file, process or
        network), ``"process"`` (a hardened process of the teacher's user)
        or ``"none"`` (every bot in the referee's process, as
        ``sealed=False``: trusted code only).
    setup_limit
        Seconds a bot's code may take to load (a bot file's top level); a bot
        over it, or one that cannot be loaded, loses that game and every
        later one at once.
    limits
        The resource limits of each bot process
        (:class:`kit.core.sandbox.Limits`; default: 1 GiB of memory, 1 MiB
        of output, 64 open files).
    names
        Names for the entrants (default: from ``bots``).
    block
        Games per task sent to the executor (default: about a sixteenth of
        the games, at most 50).
    keep_history
        Keep every game's actions (games with a fault keep theirs anyway).
    outcome
        ``outcome(final_state)`` scores a finished game, one number per seat
        (default: ``returns()``); the best score wins.

    Returns
    -------
    TournamentResult
    """
    factories, entrant_names = _names(bots, names)
    if not factories:
        raise KitError("a tournament needs at least one bot")
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise KitError(f"games must be a positive whole number, not {games!r}")
    if not isinstance(time_limit, (int, float)) or not time_limit > 0:
        raise KitError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    n = game.num_players
    tables = round_robin(len(factories), n)
    per_pass = len(tables) * n
    reps = -(-games // per_pass)
    total = reps * per_pass
    if seed is None:
        seed = secrets.randbits(64)
    if sealed not in (True, False, "learners"):
        raise KitError(f"sealed is True (every bot in a process of its own), 'learners' (the kit's own bots in "
                       f"the referee's process) or False, not {sealed!r}")
    from .sandbox import MODES, Limits, resolve

    if sandbox not in MODES:
        raise KitError(f"sandbox is 'auto', 'bwrap', 'process' or 'none', not {sandbox!r}")
    if sandbox == "none":
        sealed = False
    elif sandbox == "bwrap" and executor is None:
        resolve("bwrap")  # refused here at once, saying why, rather than game by game
    if not isinstance(setup_limit, (int, float)) or not setup_limit > 0:
        raise KitError(f"setup_limit must be a positive number of seconds, not {setup_limit!r}")
    if limits is not None and not isinstance(limits, Limits):
        raise KitError(f"limits is a kit.core.sandbox.Limits, not {limits!r}")
    from .sealed import BotFile, pack_factory

    in_process = [False if isinstance(f, BotFile) else (sealed is False or (sealed == "learners" and is_kit_bot(f)))
                  for f in factories]
    if sealed is False and any(isinstance(f, BotFile) for f in factories):
        raise KitError("a bot from a file plays only sealed (in a process of its own): use sealed=True")
    job = _Job(game, [pack_factory(f) for f in factories], in_process, entrant_names, tables, reps, seed,
               float(time_limit), outcome, secrets.token_hex(8), keep_history,
               "none" if all(in_process) else sandbox, float(setup_limit), limits or Limits())
    size = block if block is not None else max(1, min(50, -(-total // 16)))
    if not isinstance(size, int) or size < 1:
        raise KitError(f"block must be a positive whole number, not {block!r}")
    chunks = [list(range(i, min(i + size, total))) for i in range(0, total, size)]
    own = executor is None
    pool = ThreadPoolExecutor(max_workers=min(len(chunks), os.cpu_count() or 1)) if own else executor
    local = own or isinstance(pool, ThreadPoolExecutor)
    bar = None
    if progress:
        from tqdm.auto import tqdm

        from ..i18n import _

        bar = tqdm(total=total, desc=_("{game} tournament", game=getattr(game, "name", "game")))
    records: list[GameRecord] = []
    futures = []
    try:
        futures = [pool.submit(_play_block, job, c) for c in chunks]
        faults = 0
        for fut in as_completed(futures):
            got = fut.result()
            records.extend(got)
            if bar is not None:
                faults += sum(len(r.faults) for r in got)
                bar.update(len(got))
                if faults:
                    bar.set_postfix(faults=faults)
    except BaseException:
        _STOPPED.add(job.token)  # threads of this process stop after their game
        for f in futures:
            f.cancel()
        raise
    finally:
        if bar is not None:
            bar.close()
        if own:
            pool.shutdown()
        if local and not all(in_process):
            from .sealed import release

            release(job.token)
    records.sort(key=lambda r: r.index)
    modes = sorted({r.sandbox for r in records})
    return TournamentResult(entrant_names, records, seed, n, getattr(game, "name", "game"), float(time_limit),
                            sealed, game, sandbox="+".join(modes) if modes else "none")

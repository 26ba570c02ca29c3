"""One table of the table server: the real match, its seats, and each seat's view (no networking here).

The referee holds the state, the secret seed and the bots; it gives each
seat only that seat's **view** — the observation and the events the seat
sees, its legal actions when it is to move, and what everyone sees (names,
round, score, whose turn) — exactly what a local :class:`~kit.widgets.GameTable`
shows that seat.  Two states a seat cannot tell apart give that seat equal
views (``tests/test_serve.py`` holds them byte-identical on the wire).

Everything that happens is kept as the notation of the actions of each
round, so that a table is rebuilt, move for move, after a restart
(:meth:`TableReferee.from_record`).  Chance is drawn from the table's seed
and the step's number, so a rebuilt table goes on as the old one would have.

Examples
--------
>>> from kit.serve.referee import TableReferee
>>> t = TableReferee.create("T1", "loveletter", {"players": 2, "edition": "classic"},
...                         ["person", "heuristic"], names=["Ana", "Ben"], seed=7)
>>> view = t.view(0)
>>> view["seat"], view["names"], view["round"]
(0, ['Ana', 'Ben'], 1)
>>> sorted(view["obs"]) == sorted(t.state.observation(0))
True
>>> "state" in view or "seed" in view
False
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from ..core.bots import PlayerView, RandomBot
from ..core.errors import IllegalActionError, KitError
from ..core.protocol import CHANCE, TERMINAL
from ..core.seeding import derive_seed, sample_outcome
from ..core.serialize import game_from_settings

__all__ = ["TableReferee", "SeatInfo", "PERSON"]

#: The seat kind of a learner who joins with a code.
PERSON = "person"
#: Steps a round may take before the referee gives up on it (no game of the kit comes near).
MAX_STEPS = 100_000


@dataclass
class SeatInfo:
    """One seat: a learner (``kind == "person"``) or a bot of the game's kinds."""

    kind: str
    name: str
    connected: bool = False
    #: A bot plays this learner's seat (they were away past the idle limit) until they take it back.
    stand_in: bool = False
    #: When the seat last did something (monotonic seconds).
    active: float = field(default_factory=time.monotonic)
    #: The hub login this seat is kept for (:mod:`kit.serve.hub`), or ``None``: whoever has its code.
    learner: str | None = None


def _learners(learners: Sequence[str | None] | None, kinds: Sequence[str]) -> list[str | None]:
    """Checked hub logins per seat (``None`` for seats kept for nobody); bots are kept for nobody."""
    from .hub import LOGIN

    if learners is None:
        return [None] * len(kinds)
    if not isinstance(learners, (list, tuple)) or len(learners) != len(kinds):
        raise KitError(f"learners: one hub login (or None) per seat ({len(kinds)})")
    out: list[str | None] = []
    for s, (login, kind) in enumerate(zip(learners, kinds)):
        if login is None:
            out.append(None)
            continue
        if not (isinstance(login, str) and LOGIN.fullmatch(login)):
            raise KitError(f"seat {s}: a hub login is a name of 1 to 100 characters, not {login!r}")
        if kind != PERSON:
            raise KitError(f"seat {s} is a bot's ({kind}): only a learner's seat is kept for a login")
        if login in out:
            raise KitError(f"{login} has two seats at this table")
        out.append(login)
    return out


class TableReferee:
    """The referee of one table: create with :meth:`create`, rebuild with :meth:`from_record`.

    Attributes
    ----------
    table_id : str
        The table's name on the server.
    game : Game
        The game played.
    match : kit.core.match.Match
        The whole game, as a local table plays it (the game's table adapter's match).
    state : State
        The round being played.
    seats : list of SeatInfo
    rounds : list of list of str
        The notation of every action of every round, the current one last.
    """

    def __init__(self, table_id: str, game_name: str, settings: dict[str, Any], kinds: Sequence[str],
                 names: Sequence[str], seed: int, idle_limit: float | None = None,
                 learners: Sequence[str | None] | None = None) -> None:
        from ..widgets.seats import bot_kinds
        from ..widgets.table import adapter_for

        self.table_id = table_id
        self.game_name = game_name
        self.settings = dict(settings)
        self.game = game_from_settings(game_name, self.settings)
        n = self.game.num_players
        if len(kinds) != n or len(names) != n:
            raise KitError(f"give one seat kind and one name per player ({n})")
        known = bot_kinds(self.game)
        for s, k in enumerate(kinds):
            if k != PERSON and k not in known:
                raise KitError(f"seat {s}: no {k!r} seat for {game_name}; seat kinds: {PERSON}, "
                               f"{', '.join(known)}")
        if PERSON not in kinds:
            raise KitError("a table of the server needs at least one learner's seat ('person')")
        self._bot_classes = known
        self.seed = int(seed)
        self.idle_limit = idle_limit
        self.seats = [SeatInfo(k, str(name)[:40]) for k, name in zip(kinds, names)]
        for s, login in enumerate(_learners(learners, kinds)):
            self.seats[s].learner = login
        self.adapter = adapter_for(self.game)
        first = random.Random(derive_seed(self.seed, "first player")).randrange(n)
        self.match = self.adapter.new_match(first, self.seed)
        self.rounds: list[list[str]] = []
        self._bots: dict[int, Any] = {}
        self.turn_started = time.monotonic()
        self._new_round()

    # ------------------------------------------------------------------ making
    @classmethod
    def create(cls, table_id: str, game_name: str, settings: dict[str, Any], kinds: Sequence[str], *,
               names: Sequence[str] | None = None, seed: int | None = None,
               idle_limit: float | None = None, learners: Sequence[str | None] | None = None) -> "TableReferee":
        """A new table; ``seed=None`` draws a secret one.

        ``learners``: per seat, the hub login it is kept for (or ``None``); without ``names``, a kept
        seat is named by its login."""
        from ..widgets.seats import DEFAULT_NAMES

        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        kept = _learners(learners, kinds)
        names = list(names) if names is not None else [
            login or default for login, default in zip(kept, DEFAULT_NAMES[:len(kinds)])]
        table = cls(table_id, game_name, settings, kinds, names, seed, idle_limit, kept)
        table.advance()
        return table

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> "TableReferee":
        """A table rebuilt from :meth:`record` (after a restart): every round replayed, action for action."""
        table = cls(record["id"], record["game"], record["settings"], record["kinds"], record["names"],
                    record["seed"], record.get("idle_limit"), record.get("learners"))
        for s, flag in enumerate(record.get("stand_in", [])):
            table.seats[s].stand_in = bool(flag)
        rounds = record["rounds"]
        for r, actions in enumerate(rounds):
            for text in actions:
                table.state.apply_action(table.game.parse_action(text))
                table.rounds[-1].append(text)
            if r < len(rounds) - 1:
                if not table.state.is_terminal():
                    raise KitError(f"table {record['id']}: round {r + 1} of the record is not finished")
                table._score()
                table._new_round()
        table.advance()
        return table

    def record(self) -> dict[str, Any]:
        """Everything needed to rebuild the table (server-side only: it holds the seed)."""
        return {"id": self.table_id, "game": self.game_name, "settings": self.settings,
                "kinds": [s.kind for s in self.seats], "names": [s.name for s in self.seats], "seed": self.seed,
                "idle_limit": self.idle_limit, "rounds": [list(r) for r in self.rounds],
                "stand_in": [s.stand_in for s in self.seats], "learners": [s.learner for s in self.seats]}

    # ------------------------------------------------------------------ playing
    def _new_round(self) -> None:
        self.state = self.match.new_round()
        self._scored = False
        self.rounds.append([])
        r = len(self.rounds)
        self._bots = {s: self._bot_classes[info.kind](seed=derive_seed(self.seed, "bot", s, r))
                      for s, info in enumerate(self.seats) if info.kind != PERSON}
        self._stand_ins: dict[int, Any] = {}

    def _stand_in(self, seat: int) -> Any:
        bot = self._stand_ins.get(seat)
        if bot is None:
            cls = self._bot_classes.get("heuristic", RandomBot)
            bot = self._stand_ins[seat] = cls(seed=derive_seed(self.seed, "stand-in", seat, len(self.rounds)))
        return bot

    def _apply(self, action: Any) -> None:
        self.state.apply_action(action)
        self.rounds[-1].append(str(action))
        self.turn_started = time.monotonic()

    @property
    def over(self) -> bool:
        """True once the whole game is over."""
        return self.match.is_over()

    @property
    def round_over(self) -> bool:
        return self.state.is_terminal()

    def to_move(self) -> int:
        return self.state.current_player()

    def waiting_for(self) -> int | None:
        """The learner's seat the table waits for (``None``: nobody; the round or the game is over)."""
        p = self.state.current_player()
        if p >= 0 and self.seats[p].kind == PERSON and not self.seats[p].stand_in:
            return p
        return None

    def advance(self, now: float | None = None) -> bool:
        """Play chance, the bots and the stand-ins until a learner is to move or the round ends.
        A learner idle past the limit gets a stand-in.  True if anything moved."""
        moved = False
        for _ in range(MAX_STEPS):
            p = self.state.current_player()
            if p == TERMINAL:
                self._score()
                break
            if p == CHANCE:
                rng = random.Random(derive_seed(self.seed, "chance", len(self.rounds), len(self.rounds[-1])))
                self._apply(sample_outcome(self.state.chance_outcomes(), rng))
            elif self.seats[p].kind != PERSON:
                self._apply(self._bots[p].choose(PlayerView(self.state, p), p))
            elif self.seats[p].stand_in:
                self._apply(self._stand_in(p).choose(PlayerView(self.state, p), p))
            elif self._idle(p, now):
                self.seats[p].stand_in = True
                continue
            else:
                break
            moved = True
        return moved

    def _idle(self, seat: int, now: float | None) -> bool:
        if self.idle_limit is None:
            return False
        now = time.monotonic() if now is None else now
        return now - max(self.turn_started, self.seats[seat].active) > self.idle_limit

    def act(self, seat: int, text: str, seq: int | None = None) -> Any:
        """Play ``text`` (an action's notation) for the learner at ``seat``; refused (``KitError``, the
        state untouched) when it is not their turn, the view they answered is old, or it is not legal."""
        info = self.seats[seat]
        info.active = time.monotonic()
        if seq is not None and seq != self.seq:
            raise KitError(f"that move answered an older view (step {seq}; the table is at step {self.seq})")
        if info.stand_in:
            raise KitError("a bot plays your seat while you were away: take it back first")
        if self.state.current_player() != seat:
            raise KitError("it is not your turn")
        action = self.game.parse_action(text)
        legal = self.state.legal_actions()
        if action not in legal:
            raise IllegalActionError(f"{action} is not legal now; legal: {', '.join(map(str, legal))}")
        self._apply(action)
        return action

    def take_back(self, seat: int) -> None:
        """The learner takes their seat back from its stand-in."""
        self.seats[seat].stand_in = False
        self.seats[seat].active = time.monotonic()

    def _score(self) -> None:
        if not self._scored:
            self.match.score(self.state)
            self._scored = True

    def next_round(self) -> bool:
        """Deal the next round after a finished one (unless the game is over). True if one began."""
        if not self.state.is_terminal() or self.match.is_over():
            return False
        self._score()
        self._new_round()
        self.advance()
        return True

    # ------------------------------------------------------------------ views
    @property
    def seq(self) -> int:
        """The table's step: a new number after every action and every round."""
        return sum(len(r) for r in self.rounds) + len(self.rounds)

    def public(self) -> dict[str, Any]:
        """What everyone at (and around) the table may know: for the teacher's list and every view."""
        terminal = self.state.is_terminal()
        return {"table": self.table_id, "game": {"name": self.game_name, "settings": self.settings},
                "names": [s.name for s in self.seats], "round": len(self.rounds), "seq": self.seq,
                "score": list(self.match.scores), "score_name": self.match.score_name,
                "to_move": self.state.current_player(), "round_over": terminal,
                "returns": [float(x) for x in self.state.returns()] if terminal else None,
                "over": self.match.is_over(),
                "winners": list(self.match.winners() or ()) if self.match.is_over() else None,
                "seats": [{"name": s.name, "kind": s.kind, "connected": s.connected, "stand_in": s.stand_in}
                          for s in self.seats]}

    def view(self, seat: int) -> dict[str, Any]:
        """Seat ``seat``'s view: what everyone knows, its observation (with the events it sees), and its
        legal actions when it is to move."""
        out = self.public()
        mine = self.state.current_player() == seat and not self.seats[seat].stand_in
        out.update({"type": "view", "seat": seat, "obs": self.state.observation(seat),
                    "legal": [str(a) for a in self.state.legal_actions()] if mine else []})
        return out

    def projection(self) -> dict[str, Any]:
        """The whole state, hidden cards included: for the teacher's token only."""
        out = self.public()
        out.update({"type": "projection", "history": [list(r) for r in self.rounds],
                    "views": [self.state.observation(s) for s in range(self.game.num_players)],
                    "state": str(self.state)})
        return out

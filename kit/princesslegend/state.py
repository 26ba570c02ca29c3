"""The Princess Legend rules engine: one round as a protocol state.

Every rule of docs/rules/princesslegend.md that concerns one round lives here, once.  The
round is a sequence of explicit steps:

1. **deal** (chance): the Prince tile lies face up before the Prince; each
   character tile of the round's set is dealt face down, one chance step per
   tile, to each other player clockwise from the Prince's left, and (3 to 7
   players) the last one to the centre.  Each step is uniform over the tiles
   not yet dealt: probability ``Fraction(1, tiles left)``.  The showing of the
   tiles while the Prince's eyes are closed is folded into the deal: every
   player but the Prince sees every tile, the centre's included.
2. **question** (the Prince): he asks every other player exactly one question,
   in the order he chooses (:class:`~kit.princesslegend.actions.Ask`).
3. **answer** (the asked player): right after each question.
4. **extra-question** (the Prince): then one more question to any other player,
   asked before or not, or ``no-extra-question`` (**Ruling**: it is optional).
5. **reveal** (the Prince): he turns one tile face up, another player's or,
   with 3 to 7 players, the centre's.  The round is over.

Rulings the engine implements (docs/rules/princesslegend.md#rulings-and-decisions, and where the sheet is silent):

* Answers are drawn from what is in play this round (**Ruling**): to
  "Where is the Princess?" a place that holds a character tile (every seat but
  the Prince's, and the centre when there is one); to "Who are you?" and
  "Who is that?" a character of this round's tile set.  Green answers the
  truth only; red any answer of that set but the true one; blue any of them.
  The Prince's own seat is no answer to "Where is the Princess?": his tile is
  face up and everyone knows it is not her (the kit's choice).
* "Who is that?" points at a third player (neither the Prince nor the one
  asked) or at the centre.  The Prince asks no question of himself.
* The Prince reveals another player's tile or the centre's, never his own
  (it is face up already); there is no centre at 8 players.
* Scoring: the revealed tile's top-left symbol gives one ruby to every player
  whose tile shows that family (the Prince is of the heart family).  This holds
  wherever the revealed tile lay: turning up the Princess in the centre scores
  the heart family.  A tile lying in the centre belongs to no player, so its
  family scores nobody (e.g. hearts revealed with the Fairy in the centre: no
  ruby for the Fairy).  It may be that nobody scores.

Information: every player but the Prince knows every tile; the Prince knows
his own role and every question and answer (everyone hears those); once a tile
is revealed everyone sees it, and everyone sees who takes a ruby.

**The end-of-round show** (the kit's teaching decision: the sheet does not
say it): after the rubies, every tile turns face up for everyone, the centre's
included, recorded as a public ``show`` event, the round's last.  The Prince
and the table can then see who lied, who had to and who chose to
(:func:`kit.princesslegend.debrief.debrief`).  It changes no score: the
rubies are taken before it, and no decision of the round follows it.  The engine
records each step as an event (:mod:`kit.princesslegend.events`, which holds
the schema and the one rule of who sees what); ``observation(seat)["log"]`` is
the list of events the seat sees, and the observation's tiles, questions and
result and ``information_state(seat)`` are derived from that same list.
``observation(None)`` is what everyone sees (the Prince's view, with no own
tile): for spectators and public replays.

``returns()`` are the rubies each seat gained this round.

Examples
--------
>>> from kit.princesslegend import PrincessLegend
>>> s = PrincessLegend(3).new_initial_state(first_player=0)     # seat 0 is the Prince
>>> s.current_player(), [(str(a), p) for a, p in s.chance_outcomes()]
(-1, [('deal Princess to p1', Fraction(1, 3)), ('deal Black Queen to p1', Fraction(1, 3)), ('deal Servant to p1', Fraction(1, 3))])
>>> for text in ["deal Black Queen to p1", "deal Servant to p2", "deal Princess to centre"]:
...     s.apply_action(text)
>>> s.phase, s.current_player(), len(s.legal_actions())
('question', 0, 8)
>>> s.apply_action("ask p1 where-princess")
>>> [str(a) for a in s.legal_actions()]      # the Black Queen must lie
['answer p1', 'answer p2']
>>> for text in ["answer p2", "ask p2 who-are-you", "answer Princess", "no-extra-question", "reveal centre"]:
...     s.apply_action(text)
>>> s.returns(), s.result().symbol              # the Prince is of the heart family
([1, 0, 0], Symbol.HEART)
>>> s.information_state(0)
'p0/3|prince p0|deal ? to p1|deal ? to p2|deal ? to centre|ask p1 where-princess|answer p2|ask p2 who-are-you|answer Princess|no-extra-question|reveal centre: Princess|rubies heart: p0|show Prince,Black Queen,Servant; centre Princess'
>>> for e in s.observation(0)["log"][-3:]:
...     print(e)
{'kind': 'reveal', 'prince': 0, 'place': 'centre', 'tile': 'Princess', 'symbol': 'heart'}
{'kind': 'rubies', 'symbol': 'heart', 'seats': [0]}
{'kind': 'show', 'tiles': ['Prince', 'Black Queen', 'Servant'], 'centre': 'Princess'}
>>> s.observation(0)["tiles"], s.observation(0)["centre"]      # every tile face up at the end
(['Prince', 'Black Queen', 'Servant'], 'Princess')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.errors import (Code, GameOverError, IllegalActionError, InvalidActionError, Joined, KitError, Phrase,
                           Seat, Term)
from ..core.protocol import CHANCE, TERMINAL, State
from ..core.seeding import ChanceOutcomes, FrozenList
from ..core.serialize import FORMAT_VERSION
from ..i18n import N_
from .actions import (ACTION_TYPES, CENTRE, NOTATION_HELP, Answer, Ask, Deal, NoExtraQuestion, Place,
                      Question, Reveal, parse_action, place_text)
from .events import information_string, known_tiles, questions as event_questions, visible_events
from .tiles import TILE_SETS, Character, Colour, Symbol

__all__ = ["PrincessLegendState", "RoundResult", "PHASES"]


def _term(tile: Character) -> Term:
    """A tile's name in a refusal (translated with Princess Legend's names where it is shown)."""
    return Term("princesslegend", str(tile))


def _place(place: Any) -> str:
    """A place in a refusal: a seat (``p2``), or the centre (a word of its own)."""
    return Phrase("centre") if place == CENTRE and isinstance(place, str) else Seat(place)

DEAL, QUESTION, ANSWER, EXTRA, REVEAL, OVER = range(6)
PHASES = ("deal", "question", "answer", "extra-question", "reveal", "over")
_PRINCE, _PRINCESS = int(Character.PRINCE), int(Character.PRINCESS)
_GREEN, _RED, _BLUE = 0, 1, 2
_COLOUR_CODE = {Colour.GREEN: _GREEN, Colour.RED: _RED, Colour.BLUE: _BLUE}
_CHAR = list(Character)  # code -> Character
_WHERE, _WHO_ARE_YOU, _WHO_IS = Question.WHERE_PRINCESS, Question.WHO_ARE_YOU, Question.WHO_IS
_PRINCESS_NAME = str(Character.PRINCESS)


@dataclass(frozen=True)
class RoundResult:
    """How a round ended.

    Attributes
    ----------
    prince
        The round's Prince.
    revealed
        The place turned face up: a seat, or ``"centre"``.
    tile
        The character revealed.
    symbol
        Its top-left symbol, which scored.
    scorers
        Seats that gained a ruby (possibly none).
    rubies
        Rubies gained per seat (the state's ``returns()``).
    """

    prince: int
    revealed: Place
    tile: Character
    symbol: Symbol
    scorers: tuple[int, ...]
    rubies: tuple[int, ...]

    @property
    def found_princess(self) -> bool:
        """Did the Prince turn up the Princess?"""
        return self.tile is Character.PRINCESS

    def __str__(self) -> str:
        who = ", ".join(f"p{s}" for s in self.scorers) or "nobody"
        return (f"p{self.prince} revealed {place_text(self.revealed)}: {self.tile} "
                f"({self.symbol}); rubies to {who}")


class _Rules:
    """Per player count constants and caches shared by all states of a game."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.tiles = TILE_SETS[n]
        self.codes = tuple(int(t) for t in self.tiles)
        self.centre = n if n < 8 else -1  # the place index of the centre, -1: none
        self.nplaces = n + 1 if n < 8 else n
        self.place = [*range(n)] + ([CENTRE] if n < 8 else [])  # place index -> place
        self.colour = [-1] + [_COLOUR_CODE[c.colour] for c in _CHAR[1:]]  # code -> colour code
        self.family = [c.family for c in _CHAR]
        self.symbol = [c.symbol for c in _CHAR]
        self.plans = [tuple((k + i) % n for i in range(1, n)) + ((n,) if n < 8 else ()) for k in range(n)]
        self.deal_of = {Deal(_CHAR[t], self.place[i]): (t, i) for t in self.codes for i in range(self.nplaces)}
        self.outcomes: dict[tuple, ChanceOutcomes] = {}
        self.asks: list[dict[int, tuple[Ask, ...]]] = []
        self.extra: list[FrozenList] = []
        self.reveals: list[FrozenList] = []
        self.place_answers: list[list[Answer]] = []  # per prince: by place index (None at the Prince's)
        for k in range(n):
            per: dict[int, tuple[Ask, ...]] = {}
            for s in range(n):
                if s == k:
                    continue
                per[s] = (Ask(s, _WHERE), Ask(s, _WHO_ARE_YOU),
                          *(Ask(s, _WHO_IS, self.place[t]) for t in range(self.nplaces) if t not in (k, s)))
            self.asks.append(per)
            self.extra.append(FrozenList([a for s in sorted(per) for a in per[s]] + [NoExtraQuestion()]))
            self.reveals.append(FrozenList([Reveal(self.place[i]) for i in range(self.nplaces) if i != k]))
            self.place_answers.append([None if i == k else Answer(place=self.place[i])
                                       for i in range(self.nplaces)])
        self.char_answer = {t: Answer(character=_CHAR[t]) for t in self.codes}
        self.mandatory: dict[tuple[int, int], FrozenList] = {}
        self.answers: dict[tuple, FrozenList] = {}

    def outcomes_for(self, pool: tuple[int, ...], place: int) -> ChanceOutcomes:
        """Uniform deal of one of ``pool`` to ``place``; cached."""
        key = (pool, place)
        found = self.outcomes.get(key)
        if found is None:
            k = len(pool)
            p = Fraction(1, k)
            found = self.outcomes[key] = ChanceOutcomes(
                [(Deal(_CHAR[t], self.place[place]), p) for t in pool], ([*range(1, k + 1)], k))
        return found

    def mandatory_for(self, prince: int, asked: int) -> FrozenList:
        """The Prince's questions to the players not yet asked (bit ``s`` of ``asked`` set: asked)."""
        key = (prince, asked)
        found = self.mandatory.get(key)
        if found is None:
            per = self.asks[prince]
            found = self.mandatory[key] = FrozenList(
                [a for s in sorted(per) if not asked >> s & 1 for a in per[s]])
        return found

    def answers_for(self, prince: int, by_place: bool, truth: int, colour: int) -> FrozenList:
        """Legal answers: ``truth`` is a place index (``by_place``) or a character code."""
        key = (prince, by_place, truth, colour)
        found = self.answers.get(key)
        if found is None:
            if by_place:
                every = [(i, a) for i, a in enumerate(self.place_answers[prince]) if a is not None]
            else:
                every = [(t, self.char_answer[t]) for t in self.codes]
            if colour == _GREEN:
                chosen = [a for v, a in every if v == truth]
            elif colour == _RED:
                chosen = [a for v, a in every if v != truth]
            else:
                chosen = [a for _, a in every]
            found = self.answers[key] = FrozenList(chosen)
        return found

    def index(self, place: Any) -> int:
        """The place index of a place (``-1``: no such place)."""
        if place == CENTRE and isinstance(place, str):
            return self.centre
        if type(place) is int and 0 <= place < self.n:
            return place
        return -1


class PrincessLegendState(State):
    """One round of Princess Legend (see the module docstring for the rules)."""

    __slots__ = ("game", "_r", "_n", "_prince", "_phase", "_at", "_pool", "_plan", "_pos", "_asked",
                 "_pending", "_pending_extra", "_qa", "_revealed", "_log", "_hist", "_returns",
                 "_result", "_legal")

    def __init__(self, game: Any, first_player: int = 0) -> None:
        r = game._rules
        n = r.n
        prince = first_player
        if type(prince) is not int or not 0 <= prince < n:
            raise KitError(f"first_player (the Prince) must be a seat from 0 to {n - 1}, not {prince!r}")
        self.game = game
        self._r = r
        self._n = n
        self._prince = prince
        self._phase = DEAL
        self._at = [-1] * r.nplaces  # character code at each place index; the centre is index n
        self._at[prince] = _PRINCE
        self._pool: tuple[int, ...] = r.codes  # tiles not dealt yet
        self._plan: tuple[int, ...] = r.plans[prince]
        self._pos = 0
        self._asked = 0  # bit s set: seat s has had its one question
        self._pending: Ask | None = None
        self._pending_extra = False
        self._qa: list[tuple[Ask, Answer, bool]] = []  # (question, answer, extra?)
        self._revealed = -1
        self._log: list[tuple] = [("prince", prince)]  # records: schema in kit.princesslegend.events
        self._hist: list[Any] = []
        self._returns = [0] * n
        self._result: RoundResult | None = None
        self._legal: list | None = None

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        ph = self._phase
        if ph == DEAL:
            return CHANCE
        if ph == ANSWER:
            return self._pending.seat  # type: ignore[union-attr]
        if ph == OVER:
            return TERMINAL
        return self._prince

    def is_terminal(self) -> bool:
        return self._phase == OVER

    def legal_actions(self) -> list[Any]:
        legal = self._legal
        if legal is not None:
            return legal
        ph, r, k = self._phase, self._r, self._prince
        if ph == DEAL:
            legal = FrozenList([a for a, _ in self.chance_outcomes()])
        elif ph == QUESTION:
            legal = r.mandatory_for(k, self._asked)
        elif ph == ANSWER:
            q = self._pending
            by_place, truth = self._truth(q)
            legal = r.answers_for(k, by_place, truth, r.colour[self._at[q.seat]])
        elif ph == EXTRA:
            legal = r.extra[k]
        elif ph == REVEAL:
            legal = r.reveals[k]
        else:
            legal = FrozenList()
        self._legal = legal
        return legal

    def chance_outcomes(self) -> list[tuple[Deal, Fraction]]:
        if self._phase != DEAL:
            return []
        place = self._plan[self._pos]
        found = self._r.outcomes.get((self._pool, place))
        return found if found is not None else self._r.outcomes_for(self._pool, place)

    def apply_action(self, action: Any) -> None:
        cls = action.__class__
        if cls is str:
            action = parse_action(action)
            cls = action.__class__
        elif cls not in ACTION_TYPES:
            raise InvalidActionError(N_("{action} is not a Princess Legend action; {help}"), action=Code(repr(action)),
                                     help=NOTATION_HELP)
        ph = self._phase
        if ph == DEAL:
            found = self._r.deal_of.get(action) if cls is Deal else None
            if found is None or found[1] != self._plan[self._pos] or found[0] not in self._pool:
                raise IllegalActionError(self._why_illegal(action))
            self._hist.append(action)
            self._deal(*found)
            return
        if ph == OVER:
            raise GameOverError(N_("{why} ({reason}); start a new round"), why=Phrase("the round is over"),
                                reason=Code(str(self._result)))
        if action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))
        self._hist.append(action)
        self._legal = None
        if cls is Ask:
            self._ask(action)
        elif cls is Answer:
            self._answer(action)
        elif cls is NoExtraQuestion:
            self._log.append(("noextra",))
            self._phase = REVEAL
        else:
            self._reveal(action)

    def returns(self) -> list[float]:
        return list(self._returns)

    def history(self) -> list[Any]:
        return list(self._hist)

    def clone(self) -> "PrincessLegendState":
        new = object.__new__(PrincessLegendState)
        new.game = self.game
        new._r = self._r
        new._n = self._n
        new._prince = self._prince
        new._phase = self._phase
        new._at = self._at[:]
        new._pool = self._pool
        new._plan = self._plan
        new._pos = self._pos
        new._asked = self._asked
        new._pending = self._pending
        new._pending_extra = self._pending_extra
        new._qa = self._qa[:]
        new._revealed = self._revealed
        new._log = self._log[:]
        new._hist = self._hist[:]
        new._returns = self._returns[:]
        new._result = self._result
        new._legal = self._legal
        return new

    def __copy__(self) -> "PrincessLegendState":
        return self.clone()

    def __deepcopy__(self, memo: dict) -> "PrincessLegendState":
        return self.clone()

    # ------------------------------------------------------------------ queries
    @property
    def prince(self) -> int:
        """The seat of this round's Prince."""
        return self._prince

    @property
    def first_player(self) -> int:
        """The seat that starts the round: the Prince (``new_initial_state(first_player=...)``)."""
        return self._prince

    @property
    def phase(self) -> str:
        """Name of the current step: ``"deal"``, ``"question"``, ``"answer"``,
        ``"extra-question"``, ``"reveal"`` or ``"over"``."""
        return PHASES[self._phase]

    def result(self) -> RoundResult | None:
        """How the round ended (the reveal and who scored), or ``None`` while it goes on."""
        return self._result

    def tile(self, seat: int) -> Character | None:
        """The tile before ``seat`` (``None``: not dealt yet).

        Hidden from the Prince: for teachers, tests and omniscient bots.
        """
        self._check_seat(seat)
        v = self._at[seat]
        return None if v < 0 else _CHAR[v]

    def tiles(self) -> list[Character | None]:
        """Every seat's tile (hidden from the Prince), ``None`` where not dealt yet."""
        return [None if v < 0 else _CHAR[v] for v in self._at[:self._n]]

    def centre(self) -> Character | None:
        """The centre tile (hidden from the Prince); ``None`` when not dealt yet or at 8 players."""
        c = self._r.centre
        return None if c < 0 or self._at[c] < 0 else _CHAR[self._at[c]]

    def has_centre(self) -> bool:
        """Is there a centre tile in this game (3 to 7 players)?"""
        return self._r.centre >= 0

    def questions(self) -> list[tuple[Ask, Answer | None, bool]]:
        """Every question so far as ``(question, answer, extra?)``; ``None``: not answered yet (public)."""
        out = list(self._qa)
        if self._pending is not None:
            out.append((self._pending, None, self._pending_extra))
        return out

    def still_to_ask(self) -> list[int]:
        """Seats the Prince has yet to ask their one question (public)."""
        return [s for s in range(self._n) if s != self._prince and not self._asked >> s & 1]

    def truth(self, question: Ask) -> Answer:
        """The true answer to ``question`` now (reads hidden tiles: teacher's view).

        >>> from kit.princesslegend import PrincessLegend
        >>> from kit.princesslegend.actions import Ask, Question
        >>> s = PrincessLegend(3).new_initial_state()
        >>> for t in ["deal Servant to p1", "deal Princess to p2", "deal Black Queen to centre"]:
        ...     s.apply_action(t)
        >>> str(s.truth(Ask(1, Question.WHERE_PRINCESS))), str(s.truth(Ask(2, Question.WHO_IS, "centre")))
        ('answer p2', 'answer Black Queen')
        """
        if not isinstance(question, Ask) or question not in self._r.extra[self._prince]:
            raise KitError(f"{question!r} is not a question the Prince p{self._prince} may ask in this game")
        if self._phase == DEAL:
            raise KitError("the tiles are not all dealt yet")
        by_place, truth = self._truth(question)
        if by_place:
            return self._r.place_answers[self._prince][truth]
        return self._r.char_answer[truth]

    # ------------------------------------------------------------------ rules
    def _truth(self, q: Ask) -> tuple[bool, int]:
        """``(by place?, truth)``: the Princess's place index, or the character code asked about."""
        if q.question is _WHERE:
            return True, self._at.index(_PRINCESS)
        if q.question is _WHO_ARE_YOU:
            return False, self._at[q.seat]
        return False, self._at[self._r.index(q.about)]

    def _deal(self, tile: int, place: int) -> None:
        self._at[place] = tile
        self._pool = tuple(t for t in self._pool if t != tile)
        self._log.append(("deal", place, tile))
        self._pos += 1
        self._legal = None
        if self._pos == len(self._plan):
            self._phase = QUESTION

    def _ask(self, q: Ask) -> None:
        extra = self._phase == EXTRA
        if not extra:
            self._asked |= 1 << q.seat
        self._pending, self._pending_extra = q, extra
        self._log.append(("ask", q.seat, q.question.value, None if q.about is None else self._r.index(q.about),
                          extra))
        self._phase = ANSWER

    def _answer(self, a: Answer) -> None:
        q = self._pending
        if a.character is not None:
            self._log.append(("answer", q.seat, "character", int(a.character)))
        else:
            self._log.append(("answer", q.seat, "place", self._r.index(a.place)))
        self._qa.append((q, a, self._pending_extra))
        self._pending = None
        if self._pending_extra:
            self._phase = REVEAL
        elif self._asked.bit_count() == self._n - 1:
            self._phase = EXTRA
        else:
            self._phase = QUESTION

    def _reveal(self, a: Reveal) -> None:
        r = self._r
        i = r.index(a.place)
        tile = self._at[i]
        symbol = r.symbol[tile]
        family = r.family
        # every seat whose tile shows the family scores; the centre tile belongs to nobody
        rubies = [1 if family[self._at[s]] is symbol else 0 for s in range(self._n)]
        self._revealed = i
        self._returns = rubies
        scorers = tuple(s for s in range(self._n) if rubies[s])
        self._result = RoundResult(self._prince, r.place[i], _CHAR[tile], symbol, scorers, tuple(rubies))
        self._log.append(("reveal", i, tile))
        self._log.append(("rubies", symbol.value, scorers))
        # the kit's teaching decision: every tile turns face up for everyone (scores nothing)
        self._log.append(("show", tuple(self._at[:self._n]), self._at[r.centre] if r.centre >= 0 else -1))
        self._phase = OVER

    # ------------------------------------------------------------------ errors
    def _why_illegal(self, action: Any) -> Phrase:
        """Why ``action`` is refused here, as data (a template and its fields; ``str()`` is the English)."""
        ph, r, k, n = self._phase, self._r, self._prince, self._n
        if ph == DEAL:
            allowed = ", ".join(str(a) for a, _ in self.chance_outcomes())
            place = _place(r.place[self._plan[self._pos]])
            if isinstance(action, Deal):
                if r.index(action.place) != self._plan[self._pos]:
                    why = Phrase("the next tile goes to {place}, not {other}", place=place, other=_place(action.place))
                elif action.tile not in r.tiles:
                    why = Phrase("{tile} is not among the {n}-player tiles", tile=_term(action.tile), n=n)
                else:
                    why = Phrase("{tile} is already dealt", tile=_term(action.tile))
            else:
                why = Phrase("chance deals the tiles now (the next goes to {place})", place=place)
            return Phrase("{action} is not allowed: {why}. Possible: {allowed}", action=Code(str(action)), why=why,
                          allowed=Code(allowed))
        legal = self.legal_actions()
        allowed = Code(", ".join(map(str, legal)))
        why = Phrase("that is not one of the actions open now")
        cls = action.__class__
        if cls is Deal:
            why = Phrase("the tiles are all dealt")
        elif ph == ANSWER and cls is not Answer:
            q = self._pending
            why = Phrase("{seat} is to answer the question '{question}' first", seat=Seat(q.seat),
                         question=Code(str(q)))
        elif ph == ANSWER:
            why = self._why_answer(action)
        elif cls is Answer:
            why = Phrase("no question is waiting for an answer")
        elif cls is Ask:
            why = self._why_ask(action)
        elif cls is NoExtraQuestion:
            if ph == QUESTION:
                why = Phrase("the extra question comes after every other player has had one question; still to ask: "
                             "{seats}", seats=self._still())
            else:
                why = Phrase("the questions are over")
        elif cls is Reveal:
            i = r.index(action.place)
            if ph == EXTRA:
                why = Phrase("the Prince reveals a tile after his questions (the extra question, or "
                             "no-extra-question, comes first)")
            elif ph == QUESTION:
                why = Phrase("the Prince reveals a tile after his questions; still to ask: {seats}",
                             seats=self._still())
            elif action.place == CENTRE and r.centre < 0:
                why = Phrase("there is no centre tile with 8 players")
            elif i == k:
                why = Phrase("the Prince's own tile is face up already; reveal another player's tile or the centre")
            elif i < 0:
                why = Phrase("there is no place {place} (seats are 0 to {last}, or the centre)",
                             place=Code(repr(action.place)), last=n - 1)
        return Phrase("{action} is not allowed: {why}. Allowed: {allowed}", action=Code(str(action)), why=why,
                      allowed=allowed)

    def _still(self) -> Joined:
        """The seats still to ask a question (in a refusal)."""
        return Joined([Seat(s) for s in self.still_to_ask()], ", ")

    def _why_ask(self, q: Ask) -> Phrase:
        r, k, n = self._r, self._prince, self._n
        if self._phase == REVEAL:
            return Phrase("the questions are over: the Prince reveals a tile now")
        if type(q.seat) is not int or not 0 <= q.seat < n:
            return Phrase("there is no seat {seat} (seats are 0 to {last})", seat=Code(repr(q.seat)), last=n - 1)
        if q.seat == k:
            return Phrase("the Prince asks the other players, not himself")
        if not isinstance(q.question, Question):
            return Phrase("{question} is not a question (where-princess, who-are-you, who-is)",
                          question=Code(repr(q.question)))
        if q.question is _WHO_IS:
            if q.about is None:
                return Phrase("'who-is' points at a third player or the centre")
            if q.about == CENTRE and r.centre < 0:
                return Phrase("there is no centre tile with 8 players")
            i = r.index(q.about)
            if i < 0:
                return Phrase("there is no place {place} (seats are 0 to {last}, or the centre)",
                              place=Code(repr(q.about)), last=n - 1)
            if i in (k, q.seat):
                return Phrase("'who-is' points at a third player (neither the Prince nor the one asked) or the centre")
        elif q.about is not None:
            return Phrase("'{question}' points at nobody", question=Code(str(q.question)))
        if self._phase == QUESTION and self._asked >> q.seat & 1:
            return Phrase("{seat} has had a question; every other player has exactly one before the extra "
                          "question; still to ask: {seats}", seat=Seat(q.seat), seats=self._still())
        return Phrase("that question is not open now")

    def _why_answer(self, a: Answer) -> Phrase:
        q = self._pending
        by_place, _ = self._truth(q)
        me = _CHAR[self._at[q.seat]]
        question = Code(str(q.question))
        if a.character is not None and a.place is not None:
            return Phrase("an answer is a place or a character, not both")
        if by_place and a.character is not None:
            return Phrase("'{question}' is answered with a place (a player or the centre), not a character",
                          question=question)
        if not by_place and a.character is None:
            return Phrase("'{question}' is answered with a character of this round, not a place", question=question)
        if a.character is not None:
            if not isinstance(a.character, Character) or a.character not in self._r.tiles:
                return Phrase("{tile} is not among this round's characters ({tiles})",
                              tile=_term(a.character) if isinstance(a.character, Character)
                              else Code(str(a.character)),
                              tiles=Joined([_term(t) for t in self._r.tiles], ", "))
        else:
            i = self._r.index(a.place)
            if a.place == CENTRE and self._r.centre < 0:
                return Phrase("there is no centre tile with 8 players")
            if i == self._prince:
                return Phrase("the Prince holds the Prince tile, face up: he is no answer to 'where-princess'")
            if i < 0:
                return Phrase("there is no place {place}", place=Code(repr(a.place)))
        # (the colour's word and its rule are messages of their own, marked where they are defined)
        return Phrase("{seat} holds the {tile} ({colour}) and {rule}", seat=Seat(q.seat), tile=_term(me),
                      colour=Phrase(str(me.colour)), rule=Phrase(me.rule))

    # ------------------------------------------------------------------ views
    def _check_seat(self, player: int) -> None:
        if type(player) is not int or not 0 <= player < self._n:
            raise KitError(f"no seat {player!r}; seats are 0 to {self._n - 1}")

    def information_state(self, player: int | None) -> str:
        """Everything ``player`` has seen this round, in order, as one string (``None``: what everyone sees).

        Made from the events the seat sees (:func:`kit.princesslegend.events.information_string`):
        everyone sees who the Prince is, every question and answer, the revealed tile, who
        took a ruby and, at the end of the round, every tile (the ``show``); every player but
        the Prince also sees every dealt tile (the centre's included), the Prince sees only
        that a tile was dealt (``?``).
        """
        return information_string(self, player)

    def observation(self, player: int | None) -> dict[str, Any]:
        """A JSON-ready view of the round as ``player`` sees it (``None``: what everyone sees).

        ``log`` is the list of events the seat sees
        (:func:`kit.princesslegend.events.visible_events`).  ``tiles`` and
        ``centre`` hold a character name where those events show it and
        ``None`` where not (hidden, or not dealt yet); ``role`` is the seat's
        own tile (``None`` for everyone); ``questions`` lists the questions
        and answers so far; ``revealed`` and ``result`` tell the reveal.  At
        the end of the round every tile is face up for everyone (the
        ``show`` event), so ``tiles`` and ``centre`` hold them all.
        """
        log = visible_events(self, player)
        r = self._r
        tiles, centre = known_tiles(log, self._n)
        obs: dict[str, Any] = {
            "game": "princesslegend",
            "players": self._n,
            "seat": player,
            "prince": self._prince,
            "role": None if player is None else tiles[player],
            "to_move": self.current_player(),
            "phase": PHASES[self._phase],
            "tile_set": [str(t) for t in r.tiles],
            "has_centre": r.centre >= 0,
            "tiles": tiles,
            "centre": centre,
            "still_to_ask": self.still_to_ask(),
            "questions": event_questions(log),
            "revealed": None,
            "log": log,
        }
        if self._phase == OVER:  # the round's last events: reveal, rubies, show
            reveal, rubies = log[-3], log[-2]
            scorers = rubies["seats"]
            obs["revealed"] = {"place": place_text(reveal["place"]), "tile": reveal["tile"],
                               "symbol": reveal["symbol"]}
            obs["result"] = {"scorers": list(scorers), "rubies": [int(s in scorers) for s in range(self._n)],
                             "found_princess": reveal["tile"] == _PRINCESS_NAME}
        return obs

    def __str__(self) -> str:
        r, k = self._r, self._prince
        lines = [f"Princess Legend ({self._n} players), prince p{k}, {PHASES[self._phase]}"]
        for s in range(self._n):
            mark = ">" if s == self.current_player() else " "
            t = self._at[s]
            lines.append(f"{mark}p{s}: {'-' if t < 0 else _CHAR[t]}")
        if r.centre >= 0:
            t = self._at[r.centre]
            lines.append(f" centre: {'-' if t < 0 else _CHAR[t]}")
        for q, a, extra in self.questions():
            lines.append(f"  {'extra ' if extra else ''}{q} -> {'...' if a is None else a}")
        if self._result is not None:
            lines.append(str(self._result))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<PrincessLegendState {self._n}p prince p{self._prince} {PHASES[self._phase]} "
                f"after {len(self._hist)} actions>")

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> str:
        """The whole state (hidden tiles included) as JSON text (loaded, every field checked, by
        ``game.state_from_json``: :mod:`kit.princesslegend.saves`)."""
        return json.dumps(self._to_dict(), separators=(",", ":"))

    def _to_dict(self) -> dict[str, Any]:
        r = self._r
        name = [None if v < 0 else str(_CHAR[v]) for v in self._at]
        return {
            "kit": FORMAT_VERSION,
            "game": "princesslegend",
            "settings": self.game.settings(),
            "state": {
                "prince": self._prince,
                "phase": PHASES[self._phase],
                "tiles": name[:self._n],
                "centre": name[r.centre] if r.centre >= 0 else None,
                "undealt": [str(_CHAR[t]) for t in self._pool],
                "questions": [[str(q), None if a is None else str(a), extra] for q, a, extra in self.questions()],
                "revealed": None if self._revealed < 0 else place_text(r.place[self._revealed]),
                "history": [str(a) for a in self._hist],
                "returns": list(self._returns),
            },
        }

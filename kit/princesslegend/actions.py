"""Princess Legend actions: chance deals, the Prince's questions, answers, the reveal.

Actions are frozen dataclasses, interned with :func:`kit.core.actions.interned`:
building the same action twice gives the very same object (``Answer(place=True)``
and ``Answer(place=1)`` stay apart).  A *place* is a seat number or :data:`CENTRE`.
Their text notation round-trips (``str(action)`` and ``parse_action(text)``,
case-insensitive)::

    deal Princess to p2        chance: the next tile dealt, to seat 2, is the Princess
    deal Guard to centre       chance: the Guard is the tile face down in the centre
    ask p2 where-princess      the Prince asks seat 2 "Where is the Princess?"
    ask p3 who-are-you         ... seat 3 "Who are you?"
    ask p1 who-is p4           ... seat 1 "Who is that?", pointing at seat 4
    ask p1 who-is centre       ... seat 1 "Who is that?", pointing at the centre tile
    no-extra-question          the Prince declines the optional extra question
    answer p3                  the asked player answers a place (to where-princess)
    answer centre
    answer Black Queen         the asked player answers a character (to who-are-you / who-is)
    reveal p2                  the Prince turns seat 2's tile face up
    reveal centre              ... or the centre tile (3 to 7 players)

Seats are written ``p0``, ``p1``, ... (a bare number is read too); the centre
``centre`` (or ``center``).  Characters are read by name in any case, with or
without spaces or hyphens (``Black Queen``, ``black-queen``, ``Queen``), and by
the French sheet's names (``Reine``, ``Fée``, ...).

Examples
--------
>>> from kit.princesslegend.actions import Ask, Answer, Deal, Question, Reveal, parse_action, CENTRE
>>> from kit.princesslegend.tiles import Character as C
>>> a = Ask(1, Question.WHO_IS, CENTRE)
>>> str(a), repr(a)
('ask p1 who-is centre', "Ask(seat=1, question=Question.WHO_IS, about='centre')")
>>> parse_action("ASK p1 Who-Is Centre") is a
True
>>> str(Deal(C.BLACK_QUEEN, 2)), str(Answer(character=C.FAIRY)), str(Reveal(CENTRE))
('deal Black Queen to p2', 'answer Fairy', 'reveal centre')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Union

from ..core.actions import interned
from ..core.errors import Code, InvalidActionError, Phrase
from ..i18n import N_
from .tiles import Character, character_by_name

__all__ = ["CENTRE", "Place", "Question", "Deal", "Ask", "NoExtraQuestion", "Answer", "Reveal",
           "ACTION_TYPES", "parse_action", "place_text", "NOTATION_HELP"]

#: The place of the face-down tile in the middle of the table (3 to 7 players).
CENTRE: Final = "centre"
#: A seat number or :data:`CENTRE`.
Place = Union[int, str]

#: How the notation is written, quoted in every refusal of a text (a :class:`~kit.core.errors.Phrase`: a
#: message of its own).
NOTATION_HELP = Phrase(
    "write 'deal Character to pN|centre', 'ask pN where-princess', 'ask pN who-are-you', "
    "'ask pN who-is pM|centre', 'no-extra-question', 'answer pN|centre', 'answer Character' "
    "or 'reveal pN|centre' (e.g. 'ask p2 who-is centre', 'answer Black Queen', 'reveal p3')"
)


class Question(StrEnum):
    """The Prince's three questions; the value is the notation."""

    WHERE_PRINCESS = "where-princess"  #: "Where is the Princess?" -- answered with a place
    WHO_ARE_YOU = "who-are-you"        #: "Who are you?" -- answered with a character
    WHO_IS = "who-is"                  #: "Who is that?" pointing at a place -- a character

    def __repr__(self) -> str:
        return f"Question.{self.name}"

    @property
    def words(self) -> str:
        """The question as the Prince says it."""
        return _WORDS[self]


_WORDS = {Question.WHERE_PRINCESS: "Where is the Princess?", Question.WHO_ARE_YOU: "Who are you?",
          Question.WHO_IS: "Who is that?"}
_QUESTION_ORDER = {Question.WHERE_PRINCESS: 0, Question.WHO_ARE_YOU: 1, Question.WHO_IS: 2}


def place_text(place: Any) -> str:
    """``"p3"`` for seat 3, ``"centre"`` for the centre.

    >>> place_text(3), place_text(CENTRE)
    ('p3', 'centre')
    """
    return CENTRE if place == CENTRE and isinstance(place, str) else f"p{place}"


def _place_key(place: Any) -> int:
    # Seats first (in order), the centre last; anything odd after (never legal anyway).
    if isinstance(place, int) and not isinstance(place, bool):
        return place
    return 1000 if place == CENTRE else 2000


def _char_key(c: Any) -> int:
    return int(c) if isinstance(c, Character) else 2000


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Deal:
    """Chance: ``tile`` is dealt face down to ``place`` (a seat or :data:`CENTRE`)."""

    tile: Character
    place: Place

    def __str__(self) -> str:
        return f"deal {self.tile} to {place_text(self.place)}"

    def sort_key(self) -> tuple:
        return (0, _char_key(self.tile), _place_key(self.place))


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Ask:
    """The Prince asks ``seat`` a ``question``; ``about`` is the place pointed at (``who-is`` only)."""

    seat: int
    question: Question
    about: Place | None = None

    def __str__(self) -> str:
        q = self.question.value if isinstance(self.question, Question) else str(self.question)
        text = f"ask {place_text(self.seat)} {q}"
        return text if self.about is None else f"{text} {place_text(self.about)}"

    def sort_key(self) -> tuple:
        return (1, _place_key(self.seat), _QUESTION_ORDER.get(self.question, 9),
                -1 if self.about is None else _place_key(self.about))


@interned
@dataclass(frozen=True, eq=False, slots=True)
class NoExtraQuestion:
    """The Prince declines the optional extra question (**Ruling**: it is optional)."""

    def __str__(self) -> str:
        return "no-extra-question"

    def sort_key(self) -> tuple:
        return (2,)


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Answer:
    """The asked player's answer: a ``place`` (to where-princess) or a ``character``."""

    place: Place | None = None
    character: Character | None = None

    def __str__(self) -> str:
        if self.character is not None:
            return f"answer {self.character}"
        return f"answer {place_text(self.place)}"

    def sort_key(self) -> tuple:
        if self.character is not None:
            return (3, 1, _char_key(self.character))
        return (3, 0, _place_key(self.place))


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Reveal:
    """The Prince turns the tile at ``place`` face up (the end of the round)."""

    place: Place

    def __str__(self) -> str:
        return f"reveal {place_text(self.place)}"

    def sort_key(self) -> tuple:
        return (4, _place_key(self.place))


ACTION_TYPES = (Deal, Ask, NoExtraQuestion, Answer, Reveal)

_QUESTIONS = {q.value.replace("-", ""): q for q in Question}
_QUESTIONS.update({"where": Question.WHERE_PRINCESS, "whereistheprincess": Question.WHERE_PRINCESS,
                   "whereisprincess": Question.WHERE_PRINCESS, "who": Question.WHO_ARE_YOU,
                   "whoisthat": Question.WHO_IS})


_QUESTION_LIST = Code(", ".join(q.value for q in Question))


def _place(token: str, text: str) -> Place:
    t = token.lower()
    if t in ("centre", "center"):
        return CENTRE
    if t.startswith("p"):
        t = t[1:]
    if not (t.isascii() and t.isdigit()) or len(t) > 3:
        raise InvalidActionError(N_("{token} in {text} is not a place (write p0, p1, ... or centre); {help}"),
                                 token=Code(repr(token)), text=Code(repr(text)), help=NOTATION_HELP)
    return int(t)


def _character(words: list[str], text: str) -> Character:
    found = character_by_name(" ".join(words)) if words else None
    if found is None:
        names = ", ".join(str(c) for c in Character)
        raise InvalidActionError(N_("{token} in {text} is not a character (characters: {names}); {help}"),
                                 token=Code(repr(" ".join(words))), text=Code(repr(text)), names=Code(names),
                                 help=NOTATION_HELP)
    return found


def _is_place(token: str) -> bool:
    t = token.lower()
    return t in ("centre", "center") or (t.startswith("p") and t[1:].isascii() and t[1:].isdigit()) \
        or (t.isascii() and t.isdigit())


def parse_action(text: str) -> Deal | Ask | NoExtraQuestion | Answer | Reveal:
    """Read an action from its notation (see the module docstring); case-insensitive.

    Raises :class:`~kit.core.InvalidActionError`, listing the forms, for text
    that is no action.

    >>> parse_action("deal black queen to P2")
    Deal(tile=Character.BLACK_QUEEN, place=2)
    >>> parse_action("answer centre"), parse_action("answer Queen")
    (Answer(place='centre', character=None), Answer(place=None, character=Character.BLACK_QUEEN))
    >>> parse_action("ask p2")
    Traceback (most recent call last):
    ...
    kit.core.errors.InvalidActionError: 'ask p2': write 'ask pN QUESTION [pM|centre]' with QUESTION one of where-princess, who-are-you, who-is; write 'deal Character to pN|centre', 'ask pN where-princess', 'ask pN who-are-you', 'ask pN who-is pM|centre', 'no-extra-question', 'answer pN|centre', 'answer Character' or 'reveal pN|centre' (e.g. 'ask p2 who-is centre', 'answer Black Queen', 'reveal p3')
    """
    if not isinstance(text, str):
        raise InvalidActionError(N_("expected action text, got {type}; {help}"), type=Code(type(text).__name__),
                                 help=NOTATION_HELP)
    tokens = text.replace(",", " ").replace("?", " ").split()
    if not tokens:
        raise InvalidActionError(N_("empty action; {help}"), help=NOTATION_HELP)
    head = tokens[0].lower()
    rest = tokens[1:]
    if head == "deal":
        lowered = [t.lower() for t in rest]
        if "to" not in lowered or lowered.index("to") != len(rest) - 2 or len(rest) < 3:
            raise InvalidActionError(N_("{text}: write 'deal Character to pN|centre'; {help}"), text=Code(repr(text)),
                                     help=NOTATION_HELP)
        return Deal(_character(rest[:-2], text), _place(rest[-1], text))
    if head == "ask":
        if len(rest) not in (2, 3):
            raise InvalidActionError(N_("{text}: write 'ask pN QUESTION [pM|centre]' with QUESTION one of "
                                        "{questions}; {help}"), text=Code(repr(text)), questions=_QUESTION_LIST,
                                     help=NOTATION_HELP)
        seat = _place(rest[0], text)
        q = _QUESTIONS.get(rest[1].lower().replace("-", "").replace("_", ""))
        if q is None or seat == CENTRE:
            raise InvalidActionError(N_("{text}: write 'ask pN QUESTION [pM|centre]' with QUESTION one of "
                                        "{questions}; {help}"), text=Code(repr(text)), questions=_QUESTION_LIST,
                                     help=NOTATION_HELP)
        if (q is Question.WHO_IS) != (len(rest) == 3):
            raise InvalidActionError(N_("{text}: 'who-is' points at one place (a player or the centre) and "
                                        "the other questions point at none; {help}"), text=Code(repr(text)),
                                     help=NOTATION_HELP)
        return Ask(seat, q, _place(rest[2], text) if len(rest) == 3 else None)
    if head in ("no-extra-question", "no-extra", "noextraquestion", "pass") and not rest:
        return NoExtraQuestion()
    if head == "no" and [t.lower() for t in rest] in (["extra", "question"], ["extra"], ["extra-question"]):
        return NoExtraQuestion()
    if head == "answer":
        if len(rest) == 1 and _is_place(rest[0]):
            return Answer(place=_place(rest[0], text))
        return Answer(character=_character(rest, text))
    if head == "reveal":
        if len(rest) != 1:
            raise InvalidActionError(N_("{text}: write 'reveal pN' or 'reveal centre'; {help}"), text=Code(repr(text)),
                                     help=NOTATION_HELP)
        return Reveal(_place(rest[0], text))
    raise InvalidActionError(N_("{text} is not an action; {help}"), text=Code(repr(text)), help=NOTATION_HELP)

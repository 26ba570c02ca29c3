"""Sleeping Queens actions and their text notation (it round-trips).

Places of the Queens' grid are numbered 1 to 12 (4 columns of 3, read row
by row); seats are ``p0``, ``p1``, ...::

    King 5                 wake the Queen asleep in place 5
    Knight p1 Cat          take p1's Cat Queen
    Potion p1 Cat 5        put p1's Cat Queen to sleep in the empty place 5
    Jester                 turn over the top card of the draw pile
    discard King           discard one card (any kind)
    discard 3 3            discard a pair of identical numbers
    discard 2+3=5          discard an addition equation (also written "discard 2 3 5")
    block / allow          the target of a Knight (Potion) plays a Dragon (Wand), or lets it happen
    wake 5                 choose the Queen to wake (after a Jester's number, or the Rose Queen's bonus)
    deal 7                 chance: the next card off the draw pile is a 7 (a deal, a draw, a Jester's card)
    reveal Cat             chance: the Queen asleep in the chosen place is the Cat

Examples
--------
>>> from kit.sleepingqueens.actions import parse_action, Discard
>>> a = parse_action("discard 5 2 3")
>>> str(a), a is parse_action("discard 2+3=5")
('discard 2+3=5', True)
>>> str(parse_action("knight P2 rose"))
'Knight p2 Rose'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.actions import interned
from ..core.errors import Code, InvalidActionError, KitError, Phrase
from ..core.seeding import FrozenList
from ..i18n import N_
from .cards import Card, Queen, card_named, equation_text, is_equation, queen_named

__all__ = ["King", "Knight", "Potion", "Jester", "Discard", "Block", "Allow", "Wake", "Deal", "Reveal",
           "parse_action", "NOTATION_HELP", "PLACES"]

PLACES = 12
#: Seats are p0 to p4 (2 to 5 players); a discard is at most a whole hand of 5 cards.
MAX_SEAT, MAX_DISCARD = 4, 5
_SHOW = 60  # longest learner text quoted whole in a message
#: How the notation is written, quoted in every refusal of a text (a :class:`~kit.core.errors.Phrase`: a
#: message of its own).
NOTATION_HELP = Phrase(
    "write 'King 5' (wake place 5), 'Knight p1 Cat', 'Potion p1 Cat 5' (into empty place 5), 'Jester', "
    "'discard King', 'discard 3 3', 'discard 2+3=5', 'block', 'allow', 'wake 5'; chance: 'deal 7', 'reveal Cat'"
)


@interned
@dataclass(frozen=True, eq=False, slots=True)
class King:
    """Play a King: wake the Queen asleep in ``place`` (1–12)."""

    place: int

    def __str__(self) -> str:
        return f"King {self.place}"

    def sort_key(self) -> tuple:
        return (0, self.place)


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Knight:
    """Play a Knight: take ``queen`` from seat ``target``."""

    target: int
    queen: Queen

    def __str__(self) -> str:
        return f"Knight p{self.target} {self.queen}"

    def sort_key(self) -> tuple:
        return (1, self.target, int(self.queen))


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Potion:
    """Play a Sleeping Potion: put ``target``'s ``queen`` to sleep in the empty ``place``."""

    target: int
    queen: Queen
    place: int

    def __str__(self) -> str:
        return f"Potion p{self.target} {self.queen} {self.place}"

    def sort_key(self) -> tuple:
        return (2, self.target, int(self.queen), self.place)


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Jester:
    """Play a Jester: turn over the top card of the draw pile."""

    def __str__(self) -> str:
        return "Jester"

    def sort_key(self) -> tuple:
        return (3,)


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Discard:
    """Discard ``cards`` (one card, a pair, or an addition equation; sorted) and draw as many."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        if len(self.cards) >= 3 and is_equation(self.cards):
            return "discard " + equation_text(self.cards)
        return "discard " + " ".join(map(str, self.cards))

    def sort_key(self) -> tuple:
        return (4, len(self.cards), tuple(int(c) for c in self.cards))


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Block:
    """The target of a Knight (Potion) plays a Dragon (Magic Wand) from hand: nothing is taken."""

    def __str__(self) -> str:
        return "block"

    def sort_key(self) -> tuple:
        return (5,)


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Allow:
    """The target of a Knight or Potion does not block."""

    def __str__(self) -> str:
        return "allow"

    def sort_key(self) -> tuple:
        return (6,)


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Wake:
    """Wake the Queen asleep in ``place`` (chosen after a Jester's number card, or the Rose Queen's bonus)."""

    place: int

    def __str__(self) -> str:
        return f"wake {self.place}"

    def sort_key(self) -> tuple:
        return (7, self.place)


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Deal:
    """Chance: the next card off the draw pile is ``card``."""

    card: Card

    def __str__(self) -> str:
        return f"deal {self.card}"

    def sort_key(self) -> tuple:
        return (8, int(self.card))


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Reveal:
    """Chance: the Queen asleep in the place being woken is ``queen``."""

    queen: Queen

    def __str__(self) -> str:
        return f"reveal {self.queen}"

    def sort_key(self) -> tuple:
        return (9, int(self.queen))


def _shown(text: str) -> str:
    """``text`` quoted for a message, shortened when long (a learner may paste anything)."""
    return repr(text if len(text) <= _SHOW else text[:_SHOW] + "...")


def _small(token: str, most: int) -> int | None:
    """``token`` as an int from 0 to ``most`` when it is written with ASCII digits, else None (never
    converts a huge number)."""
    if token.isascii() and token.isdigit():
        digits = token.lstrip("0") or "0"  # leading zeros are fine ("05")
        if len(digits) <= len(str(most)) and int(digits) <= most:
            return int(digits)
    return None


def _place(token: str, text: str) -> int:
    place = _small(token, PLACES)
    if not place:
        raise InvalidActionError(N_("{token} in {text} is not a place (places are 1 to {last}); {help}"),
                                 token=Code(_shown(token)), text=Code(_shown(text)), last=PLACES, help=NOTATION_HELP)
    return place


def _seat(token: str, text: str) -> int:
    t = token.lower()
    seat = _small(t[1:], MAX_SEAT) if t.startswith("p") else None
    if seat is None:
        raise InvalidActionError(N_("{token} in {text} is not a seat (write p0, p1, ... p{last}); {help}"),
                                 token=Code(_shown(token)), text=Code(_shown(text)), last=MAX_SEAT, help=NOTATION_HELP)
    return seat


def _named(fn: Any, token: str, text: str) -> Any:
    word = token if len(token) <= _SHOW else token[:_SHOW]
    try:
        return fn(word)
    except KitError as exc:  # card_named's or queen_named's words, inside the notation's refusal
        raise InvalidActionError(N_("in {text}: {problem}; {help}"), text=Code(_shown(text)),
                                 problem=Phrase(exc.template, **exc.fields), help=NOTATION_HELP) from None


class HandActions(FrozenList):
    """The actions that depend on a hand alone (the engine's table of them, by hand), with ``flags``: 1 a King,
    2 a Knight, 4 a Potion is held.

    It lives here, not in the engine's module: that module may be compiled (see
    :mod:`kit.sleepingqueens.compiled`), and a compiled class cannot extend ``list``.

    >>> HandActions([Jester()], 1).flags
    1
    """

    __slots__ = ("flags",)

    def __init__(self, actions: list[Any], flags: int) -> None:
        super().__init__(actions)
        self.flags = flags

    def __reduce__(self) -> tuple:
        return (type(self), (list(self), self.flags))


def parse_action(text: str) -> Any:
    """Read an action from its notation (case-insensitive; see the module docstring).

    >>> parse_action("potion p1 cat 7")
    Potion(target=1, queen=Queen.CAT, place=7)
    >>> parse_action("discard 4 4").cards
    (Card.FOUR, Card.FOUR)
    """
    if not isinstance(text, str):
        raise InvalidActionError(N_("expected action text, got {type}; {help}"), type=Code(type(text).__name__),
                                 help=NOTATION_HELP)
    tokens = text.split()
    if not tokens:
        raise InvalidActionError(N_("empty action; {help}"), help=NOTATION_HELP)
    head, rest = tokens[0].lower(), tokens[1:]
    if head != "discard" and head in _SIZES and len(rest) != _SIZES[head]:
        raise InvalidActionError(N_("{text}: {word} takes {n} part(s); {help}"), text=Code(_shown(text)),
                                 word=Code(_shown(tokens[0])), n=_SIZES[head], help=NOTATION_HELP)
    if head == "king":
        return King(_place(rest[0], text))
    if head == "wake":
        return Wake(_place(rest[0], text))
    if head == "knight":
        return Knight(_seat(rest[0], text), _named(queen_named, rest[1], text))
    if head == "potion":
        return Potion(_seat(rest[0], text), _named(queen_named, rest[1], text), _place(rest[2], text))
    if head in ("jester", "block", "allow"):
        return {"jester": Jester, "block": Block, "allow": Allow}[head]()
    if head == "deal":
        return Deal(_named(card_named, rest[0], text))
    if head == "reveal":
        return Reveal(_named(queen_named, rest[0], text))
    if head == "discard":
        return Discard(_discard_cards(rest, text))
    raise InvalidActionError(N_("{text} is not an action; {help}"), text=Code(_shown(text)), help=NOTATION_HELP)


_SIZES = {"king": 1, "knight": 2, "potion": 3, "jester": 0, "block": 0, "allow": 0, "wake": 1, "deal": 1, "reveal": 1}


def _discard_cards(rest: list[str], text: str) -> tuple[Card, ...]:
    """Cards of a discard: 'King', '7', '3 3', '2 3 5' or '2+3=5' (the equation is read, never evaluated)."""
    joined = " ".join(rest)
    if "=" in joined or "+" in joined:
        left, eq, right = joined.partition("=")
        parts = [p.strip() for p in left.split("+")] + [right.strip()]
        numbers = [_small(p, 10) for p in parts]  # read as numbers, never evaluated
        if not eq or "=" in right or None in numbers or len(parts) > MAX_DISCARD:
            raise InvalidActionError(N_("{text}: write an equation as 'discard 2+3=5' (numbers 1 to 10, '+' and one "
                                        "'=', at most {most} cards); {help}"), text=Code(_shown(text)),
                                     most=MAX_DISCARD, help=NOTATION_HELP)
        if sum(numbers[:-1]) != numbers[-1]:  # true as written, not only as a set of cards
            raise InvalidActionError(N_("{text} is not a true addition equation: {why}; {help}"),
                                     text=Code(_shown(text)), help=NOTATION_HELP,
                                     why=Phrase("{left} makes {total}, not {target}", left=" + ".join(parts[:-1]),
                                                total=sum(numbers[:-1]), target=numbers[-1]))
        rest = parts
    if not rest:
        raise InvalidActionError(N_("{text}: discard what? {help}"), text=Code(_shown(text)), help=NOTATION_HELP)
    if len(rest) > MAX_DISCARD:
        raise InvalidActionError(N_("{text}: a discard is at most {most} cards (a whole hand); {help}"),
                                 text=Code(_shown(text)), most=MAX_DISCARD, help=NOTATION_HELP)
    cards = tuple(sorted(_named(card_named, t, text) for t in rest))
    if len(cards) > 1 and any(not c.is_number for c in cards):
        raise InvalidActionError(N_("{text}: {why}; {help}"), text=Code(_shown(text)), help=NOTATION_HELP,
                                 why=Phrase("only one power card at a time; groups are number cards"))
    if "=" in joined and not is_equation(cards):
        raise InvalidActionError(N_("{text} is not a true addition equation; {help}"), text=Code(_shown(text)),
                                 help=NOTATION_HELP)
    return cards

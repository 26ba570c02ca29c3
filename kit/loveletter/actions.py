"""Love Letter actions: plays, the Chancellor's keep-and-return, and chance deals.

Actions are frozen dataclasses and *interned*: building the same action twice
gives the very same object, so equality and hashing are identity-fast and
``legal_actions()`` lists can be cached.  Their text notation round-trips::

    Guard p1 Priest      play a Guard on seat 1, naming the Priest
    Priest p2            play a Priest on seat 2
    Handmaid             a card played without a target
    keep Guard under Priest Baron
                         (Chancellor) keep the Guard; Priest goes under the
                         deck first, then Baron below it (the very bottom)
    deal Prince          chance: the next card dealt or drawn is a Prince

Examples
--------
>>> from kit.loveletter.actions import Play, Keep, Deal
>>> from kit.loveletter.cards import Card2019 as C
>>> a = Play(C.GUARD, 1, C.PRIEST)
>>> str(a), repr(a)
('Guard p1 Priest', 'Play(card=Card2019.GUARD, target=1, guess=Card2019.PRIEST)')
>>> a is Play(C.GUARD, target=1, guess=C.PRIEST)
True
>>> str(Keep(C.GUARD, (C.PRIEST, C.BARON))), str(Deal(C.SPY))
('keep Guard under Priest Baron', 'deal Spy')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.actions import interned
from ..core.errors import Code, InvalidActionError, Phrase
from ..i18n import N_
from .cards import Edition, _Card
from .cards import edition as _edition

__all__ = ["Play", "Keep", "Deal", "parse_action", "NOTATION_HELP"]

#: How the notation is written, quoted in every refusal of a text (a :class:`~kit.core.errors.Phrase`: a
#: message of its own).
NOTATION_HELP = Phrase(
    "write a play as 'Card', 'Card pN' or 'Guard pN Card' (e.g. 'Guard p1 Priest', "
    "'Prince p0', 'Handmaid'); the Chancellor's choice as 'keep Card under Card [Card]'; "
    "a chance deal as 'deal Card'"
)


def _repr_html_(self: Any) -> str:
    """The action as small cards and words in a notebook; see :mod:`kit.render.loveletter`."""
    from ..render.loveletter import action_html  # lazy: the rules never need the renderer

    return action_html(self)


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Play:
    """Play ``card`` from hand, on seat ``target`` (or ``None``), naming ``guess`` (Guard)."""

    card: _Card
    target: int | None = None
    guess: _Card | None = None

    def __str__(self) -> str:
        text = str(self.card)
        if self.target is not None:
            text += f" p{self.target}"
        if self.guess is not None:
            text += f" {self.guess}"
        return text

    def sort_key(self) -> tuple:
        return (0, int(self.card), -1 if self.target is None else self.target,
                -1 if self.guess is None else int(self.guess))

    _repr_html_ = _repr_html_


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Keep:
    """Chancellor: keep ``card``; put ``under`` below the deck in that order.

    ``under[0]`` goes under the deck first, ``under[-1]`` ends at the very bottom.
    """

    card: _Card
    under: tuple[_Card, ...] = ()

    def __str__(self) -> str:
        return "keep " + str(self.card) + ("" if not self.under else " under " + " ".join(map(str, self.under)))

    def sort_key(self) -> tuple:
        return (1, int(self.card), tuple(int(c) for c in self.under))

    _repr_html_ = _repr_html_


@interned
@dataclass(frozen=True, eq=False, slots=True)
class Deal:
    """Chance: the next card dealt, set aside, turned up or drawn is ``card``."""

    card: _Card

    def __str__(self) -> str:
        return f"deal {self.card}"

    def sort_key(self) -> tuple:
        return (2, int(self.card))

    _repr_html_ = _repr_html_


def _card(ed: Edition, token: str, text: str):
    if token.isascii() and token.isdigit() and len(token) <= 3:  # not '²' (int() refuses it), nor 5,000 digits
        value = int(token)
        if value < len(ed.counts) and ed.counts[value]:
            return ed.card(value)
    else:
        member = ed.card.__members__.get(token.upper())
        if member is not None:
            return member
    raise InvalidActionError(
        N_("{token} in {text} is not a card of the {edition} edition (cards: {cards}); {help}"),
        token=Code(repr(token)), text=Code(repr(text)), edition=Phrase(ed.name),
        cards=Code(", ".join(str(c) for c in ed.cards)), help=NOTATION_HELP,
    )


def _seat(token: str, text: str) -> int:
    t = token.lower().lstrip("@")
    if t.startswith("p"):
        t = t[1:]
    if not (t.isascii() and t.isdigit()) or len(t) > 3:  # never int() of a huge number
        raise InvalidActionError(N_("{token} in {text} is not a seat (write p0, p1, ...); {help}"),
                                 token=Code(repr(token)), text=Code(repr(text)), help=NOTATION_HELP)
    return int(t)


def parse_action(text: str, edition: Edition | str = "2019") -> Play | Keep | Deal:
    """Read an action of ``edition`` (an :class:`~kit.loveletter.Edition` or its name) from its notation.

    Case-insensitive; ``LoveLetter(...).parse_action(text)`` reads the game's own edition.

    >>> parse_action("guard p1 priest")
    Play(card=Card2019.GUARD, target=1, guess=Card2019.PRIEST)
    >>> parse_action("King 2", "classic")
    Play(card=CardClassic.KING, target=2, guess=None)
    """
    ed = edition if isinstance(edition, Edition) else _edition(edition)
    if not isinstance(text, str):
        raise InvalidActionError(N_("expected action text, got {type}; {help}"), type=Code(type(text).__name__),
                                 help=NOTATION_HELP)
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise InvalidActionError(N_("empty action; {help}"), help=NOTATION_HELP)
    head = tokens[0].lower()
    if head == "deal":
        if len(tokens) != 2:
            raise InvalidActionError(N_("{text}: 'deal' takes one card; {help}"), text=Code(repr(text)),
                                     help=NOTATION_HELP)
        return Deal(_card(ed, tokens[1], text))
    if head == "keep":
        if len(tokens) < 2 or (len(tokens) > 2 and tokens[2].lower() != "under") or len(tokens) > 5:
            raise InvalidActionError(N_("{text}: write 'keep Card under Card [Card]'; {help}"), text=Code(repr(text)),
                                     help=NOTATION_HELP)
        return Keep(_card(ed, tokens[1], text), tuple(_card(ed, t, text) for t in tokens[3:]))
    if len(tokens) > 3:
        raise InvalidActionError(N_("{text} has too many parts; {help}"), text=Code(repr(text)), help=NOTATION_HELP)
    card = _card(ed, tokens[0], text)
    target = _seat(tokens[1], text) if len(tokens) > 1 else None
    guess = _card(ed, tokens[2], text) if len(tokens) > 2 else None
    return Play(card, target, guess)

"""Sleeping Queens cards: the 12 Queens, the 67 red-backed cards, targets.

Red-backed cards are a :class:`Card` ``IntEnum``: the number cards are the
values 1 to 10 (``int(card)`` is the printed number), the power cards come
after.  Queens are a :class:`Queen` ``IntEnum`` (ids 0 to 11) with their
points in :data:`QUEEN_POINTS` (the publisher's values, 125 in all).

Examples
--------
>>> from kit.sleepingqueens.cards import Card, Queen, QUEEN_POINTS, DECK
>>> int(Card.SEVEN), str(Card.KING), str(Queen.ROSE), QUEEN_POINTS[Queen.HEART]
(7, 'King', 'Rose', 20)
>>> sum(DECK.values()), sum(QUEEN_POINTS.values())
(67, 125)
>>> discard_kind([2, 3, 5]), discard_kind([4, 4]), discard_kind([3, 3, 3])
('equation', 'pair', None)

The rules' facts about cards live here once, as data, and everything else
asks them: who does not get along with whom (:data:`RIVAL_PAIRS`,
:func:`rival`) and which card blocks which (:data:`DEFENCES`,
:func:`defence_against`, :func:`attack_blocked_by`).  The engine
(:mod:`kit.sleepingqueens.state`), its events, refusals, bots, the table and
the exercises read them, so a rule changed here changes all of them
(``tests/test_sleepingqueens_one_home.py`` swaps the rivalry to show it).

>>> rival(Queen.CAT), rival(Queen.ROSE), defence_against(Card.KNIGHT), attack_blocked_by(Card.WAND)
(Queen.DOG, None, Card.DRAGON, Card.POTION)
"""

from __future__ import annotations

from enum import IntEnum
from typing import Iterable, Mapping

from ..core.errors import Code, KitError, Phrase
from ..i18n import NC_

__all__ = ["Card", "Queen", "QUEEN_POINTS", "DECK", "POWER", "NUMBERS", "TARGETS", "CARD_NAMES", "QUEEN_NAMES",
           "RIVAL_PAIRS", "RIVALS", "rival", "DEFENCES", "ATTACKS", "defence_against", "attack_blocked_by",
           "discard_kind", "is_equation", "equation_text", "card_named", "queen_named"]


class Card(IntEnum):
    """A red-backed card: numbers 1–10, then the power cards."""

    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    KING = 11
    KNIGHT = 12
    DRAGON = 13
    POTION = 14
    WAND = 15
    JESTER = 16

    def __str__(self) -> str:
        return str(int(self)) if self <= 10 else _POWER_NAMES[self]

    def __repr__(self) -> str:
        return f"Card.{self.name}"

    @property
    def is_number(self) -> bool:
        return self <= 10


_POWER_NAMES = {11: "King", 12: "Knight", 13: "Dragon", 14: "Potion", 15: "Wand", 16: "Jester"}


class Queen(IntEnum):
    """The twelve Queens (ids, not points: see :data:`QUEEN_POINTS`)."""

    HEART = 0
    CAT = 1
    DOG = 2
    PANCAKE = 3
    LADYBUG = 4
    MOON = 5
    PEACOCK = 6
    SUNFLOWER = 7
    CAKE = 8
    RAINBOW = 9
    ROSE = 10
    STARFISH = 11

    def __str__(self) -> str:
        return self.name.title()

    def __repr__(self) -> str:
        return f"Queen.{self.name}"


#: Points of each Queen (docs/rules/sleepingqueens.md#queens-and-their-points: the publisher's values).
QUEEN_POINTS: Mapping[Queen, int] = {
    Queen.HEART: 20, Queen.CAT: 15, Queen.DOG: 15, Queen.PANCAKE: 15,
    Queen.LADYBUG: 10, Queen.MOON: 10, Queen.PEACOCK: 10, Queen.SUNFLOWER: 10,
    Queen.CAKE: 5, Queen.RAINBOW: 5, Queen.ROSE: 5, Queen.STARFISH: 5,
}

#: Copies of each red-backed card (67 in all).
DECK: Mapping[Card, int] = {
    **{Card(n): 4 for n in range(1, 11)},
    Card.KING: 8, Card.JESTER: 5, Card.KNIGHT: 4, Card.POTION: 4, Card.WAND: 3, Card.DRAGON: 3,
}

#: Power cards: a Jester turns one of these over -> it goes to the hand and the player plays again.
POWER = frozenset({Card.KING, Card.KNIGHT, Card.DRAGON, Card.POTION, Card.WAND, Card.JESTER})
NUMBERS = tuple(Card(n) for n in range(1, 11))

#: How people read each power card's name (messages in the context ``"sleepingqueens"``: show them with
#: ``kit.i18n.name("sleepingqueens", name, lang)``); a number card is its number.  The notation keeps the
#: short English names ("Potion", "Wand").
CARD_NAMES: Mapping[str, str] = {
    "King": NC_("sleepingqueens", "King"), "Knight": NC_("sleepingqueens", "Knight"),
    "Dragon": NC_("sleepingqueens", "Dragon"), "Potion": NC_("sleepingqueens", "Sleeping Potion"),
    "Wand": NC_("sleepingqueens", "Magic Wand"), "Jester": NC_("sleepingqueens", "Jester"),
}

#: How people read each Queen's name (messages, like :data:`CARD_NAMES`), by the notation's name.
QUEEN_NAMES: Mapping[str, str] = {
    "Heart": NC_("sleepingqueens", "Heart Queen"), "Cat": NC_("sleepingqueens", "Cat Queen"),
    "Dog": NC_("sleepingqueens", "Dog Queen"), "Pancake": NC_("sleepingqueens", "Pancake Queen"),
    "Ladybug": NC_("sleepingqueens", "Ladybug Queen"), "Moon": NC_("sleepingqueens", "Moon Queen"),
    "Peacock": NC_("sleepingqueens", "Peacock Queen"), "Sunflower": NC_("sleepingqueens", "Sunflower Queen"),
    "Cake": NC_("sleepingqueens", "Cake Queen"), "Rainbow": NC_("sleepingqueens", "Rainbow Queen"),
    "Rose": NC_("sleepingqueens", "Rose Queen"), "Starfish": NC_("sleepingqueens", "Starfish Queen"),
}

#: The Queens who do not get along, each pair once (docs/rules/sleepingqueens.md#cat-and-dog): no player may
#: have both; one woken by a player who has the other goes back to sleep in her place, and a Knight may not
#: take one from another player while its player has the other (a Sleeping Potion may).  The one home of the
#: rivalry: the engine, its events and refusals, the bots, the table and the exercises all read it.
RIVAL_PAIRS: tuple[tuple[Queen, Queen], ...] = ((Queen.CAT, Queen.DOG),)

#: The rival of each Queen who has one, both ways round (made from :data:`RIVAL_PAIRS`).
RIVALS: Mapping[Queen, Queen] = {**{a: b for a, b in RIVAL_PAIRS}, **{b: a for a, b in RIVAL_PAIRS}}

#: The card that blocks each attack (docs/rules/sleepingqueens.md#blocking): a Dragon stops a Knight, a Magic
#: Wand a Sleeping Potion.  The attack cards are its keys (the cards that aim at another player's Queen).
DEFENCES: Mapping[Card, Card] = {Card.KNIGHT: Card.DRAGON, Card.POTION: Card.WAND}

#: The attack each defence card stops (made from :data:`DEFENCES`).
ATTACKS: Mapping[Card, Card] = {d: a for a, d in DEFENCES.items()}


def rival(queen: Queen | int | str) -> Queen | None:
    """The Queen who does not get along with ``queen`` (a :class:`Queen`, its id or its name), or ``None``.

    >>> rival(Queen.DOG), rival("cat"), rival(Queen.HEART) is None
    (Queen.CAT, Queen.DOG, True)
    """
    q = queen_named(queen) if isinstance(queen, str) else Queen(int(queen))
    return RIVALS.get(q)


def defence_against(card: Card | int | str) -> Card | None:
    """The card that blocks the attack ``card`` (Knight: Dragon, Potion: Wand), or ``None`` for any other card.

    >>> defence_against(Card.POTION), defence_against("knight"), defence_against(Card.KING) is None
    (Card.WAND, Card.DRAGON, True)
    """
    return DEFENCES.get(card_named(card) if isinstance(card, str) else Card(int(card)))


def attack_blocked_by(card: Card | int | str) -> Card | None:
    """The attack that the defence ``card`` blocks (Dragon: Knight, Wand: Potion), or ``None`` for any other card.

    >>> attack_blocked_by(Card.DRAGON), attack_blocked_by("wand"), attack_blocked_by(Card.KNIGHT) is None
    (Card.KNIGHT, Card.POTION, True)
    """
    return ATTACKS.get(card_named(card) if isinstance(card, str) else Card(int(card)))


#: Queens or points that win, by player count: 2–3 players 5 Queens or 50 points, 4–5 players 4 or 40.
TARGETS: Mapping[int, tuple[int, int]] = {2: (5, 50), 3: (5, 50), 4: (4, 40), 5: (4, 40)}


def is_equation(values: Iterable[int]) -> bool:
    """Do three or more numbers make an addition equation with exactly one number on the right?

    The numbers are positive, so the one on the right is the largest and equals
    the sum of all the others (2+3=5, 2+3+4=9, 1+1+2=4).

    >>> is_equation([5, 2, 3]), is_equation([1, 1, 2]), is_equation([2, 3, 4]), is_equation([2, 2])
    (True, True, False, False)
    """
    v = sorted(int(x) for x in values)
    return len(v) >= 3 and v[-1] == sum(v[:-1])


def discard_kind(values: Iterable[int]) -> str | None:
    """What a group of **number** cards is as a discard: ``"single"``, ``"pair"``, ``"equation"`` or ``None``.

    A pair is exactly two identical numbers; three of a kind is not a pair
    (and never an equation).

    >>> [discard_kind(v) for v in ([7], [3, 3], [3, 3, 3], [2, 3, 5], [1, 2, 4])]
    ['single', 'pair', None, 'equation', None]
    """
    v = sorted(int(x) for x in values)
    if len(v) == 1:
        return "single"
    if len(v) == 2:
        return "pair" if v[0] == v[1] else None
    return "equation" if is_equation(v) else None


def equation_text(values: Iterable[int]) -> str:
    """The equation of a valid equation discard, smaller numbers first: ``"2+3+4=9"``.

    >>> equation_text([9, 4, 2, 3])
    '2+3+4=9'
    """
    v = sorted(int(x) for x in values)
    if not is_equation(v):
        raise KitError(f"{v} do not make an addition equation (the largest must be the sum of the others)")
    return "+".join(map(str, v[:-1])) + "=" + str(v[-1])


_CARD_WORDS = {**{str(n): Card(n) for n in range(1, 11)}, **{name.lower(): Card(v) for v, name in _POWER_NAMES.items()},
               "prince": Card.KING}  # the Polish sheet's "Książę" is printed "King" in English editions


def card_named(token: str) -> Card:
    """The red-backed card written ``token`` ("7", "King", "potion"...).

    >>> card_named("knight"), card_named("10")
    (Card.KNIGHT, Card.TEN)
    """
    found = _CARD_WORDS.get(str(token).strip().lower())
    if found is None:
        raise KitError(Phrase("{token} is not a card; cards are the numbers 1 to 10 and King, Knight, Dragon, "
                              "Potion, Wand, Jester", token=Code(repr(token))))
    return found


def queen_named(token: str) -> Queen:
    """The Queen called ``token`` (any case; "Rose" or "rose queen").

    >>> queen_named("rose queen")
    Queen.ROSE
    """
    word = str(token).strip().upper().removesuffix(" QUEEN").removesuffix("QUEEN").strip()
    try:
        return Queen[word]
    except KeyError:
        raise KitError(Phrase("{token} is not a Queen; Queens: {queens}", token=Code(repr(token)),
                              queens=Code(", ".join(str(q) for q in Queen)))) from None

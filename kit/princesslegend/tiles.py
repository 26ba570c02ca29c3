"""The tiles of Princess Legend: characters, colours, families, symbols, sets, scoring.

Eight tiles (docs/rules/princesslegend.md#the-tiles): the Prince tile, given face up to the round's
Prince, and seven character tiles.

============  ======  ============================  ======  ==========
character     colour  answers                       family  top-left
============  ======  ============================  ======  ==========
Prince        green   (asks; see below)             heart   --
Princess      green   must tell the truth           heart   heart
Fairy         green   must tell the truth           heart   mask
Black Queen   red     must lie                      crown   crown
Guard         red     must lie                      crown   mask
Siamese       red     must lie                      crown   mask
Servant       blue    may lie or tell the truth     mask    mask
Spy           blue    may lie or tell the truth     mask    mask
============  ======  ============================  ======  ==========

The Prince tile is printed green, with the good; but nobody asks the Prince, so no answering rule goes
with it (:attr:`Character.colour` is ``None`` for him).

**Ruling** (docs/rules/princesslegend.md#symbols-and-families): the Princess tile bears the heart, the Black Queen
tile the crown, every other character tile the mask.  The Prince tile is never
turned over, so it has no top-left symbol here.

Character tiles per player count (the Prince holds none):

=======  ===================================================
players  tiles
=======  ===================================================
3        Princess, Black Queen, Servant
4        Princess, Fairy, Black Queen, Guard
5        Princess, Fairy, Black Queen, Guard, Servant
6        Princess, Fairy, Black Queen, Guard, Spy, Servant
7        all seven
8        all seven, all dealt: no centre tile
=======  ===================================================

Scoring: the revealed tile's top-left symbol gives one ruby to every player
whose tile shows that family (:func:`rubies`).

Examples
--------
>>> from kit.princesslegend.tiles import Character, TILE_SETS, rubies, Symbol
>>> C = Character
>>> str(C.BLACK_QUEEN), C.BLACK_QUEEN.colour, C.BLACK_QUEEN.family, C.FAIRY.symbol
('Black Queen', Colour.RED, Symbol.CROWN, Symbol.MASK)
>>> [str(c) for c in TILE_SETS[3]]
['Princess', 'Black Queen', 'Servant']
>>> rubies(Symbol.HEART, [C.PRINCE, C.FAIRY, C.GUARD, C.PRINCESS])
[1, 1, 0, 1]
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Mapping, Sequence

from ..core.errors import KitError
from ..i18n import N_, NC_

__all__ = [
    "Character", "Colour", "Symbol", "CHARACTERS", "TILE_SETS", "PRINCE_TURNS", "SCORERS",
    "MIN_PLAYERS", "MAX_PLAYERS", "rubies", "character_by_name", "TILE_LABELS", "SYMBOL_LABELS",
]

MIN_PLAYERS, MAX_PLAYERS = 3, 8


class Colour(StrEnum):
    """The background colour of a character tile: how its holder answers."""

    GREEN = "green"
    RED = "red"
    BLUE = "blue"

    def __repr__(self) -> str:
        return f"Colour.{self.name}"

    @property
    def rule(self) -> str:
        """How a holder of this colour answers, in words."""
        return _COLOUR_RULE[self]


#: How each colour answers (messages: ``kit.i18n._(Colour.RED.rule, lang)`` shows them).
_COLOUR_RULE = {Colour.GREEN: N_("must tell the truth"), Colour.RED: N_("must lie"),
                Colour.BLUE: N_("may lie or tell the truth")}


class Symbol(StrEnum):
    """The three symbols: a tile's family (bottom right) and what it scores (top left)."""

    HEART = "heart"
    CROWN = "crown"
    MASK = "mask"

    def __repr__(self) -> str:
        return f"Symbol.{self.name}"


class Character(IntEnum):
    """The eight tiles; ``PRINCE`` is the Prince tile, the others are the character tiles.

    ``str()`` gives the printed name (``"Black Queen"``); ``repr()`` is valid Python.

    >>> Character.SIAMESE.colour, Character.SIAMESE.rule
    (Colour.RED, 'must lie')
    >>> Character.PRINCE.family, Character.PRINCE.colour is None
    (Symbol.HEART, True)
    """

    PRINCE = 0
    PRINCESS = 1
    FAIRY = 2
    BLACK_QUEEN = 3
    GUARD = 4
    SIAMESE = 5
    SERVANT = 6
    SPY = 7

    def __str__(self) -> str:
        return self.name.replace("_", " ").title()

    def __repr__(self) -> str:
        return f"Character.{self.name}"

    @property
    def title(self) -> str:
        """The printed name (``"Black Queen"``)."""
        return str(self)

    @property
    def colour(self) -> Colour | None:
        """Green, red or blue: how this character answers; ``None`` for the Prince.

        The sheet prints the Prince tile green, with the good (docs/rules/princesslegend.md#the-tiles), but
        nobody ever asks the Prince a question, so no answering rule goes with his tile.
        """
        return _COLOUR.get(self)

    @property
    def rule(self) -> str | None:
        """How this character answers, in words (``None`` for the Prince)."""
        c = _COLOUR.get(self)
        return None if c is None else c.rule

    @property
    def family(self) -> Symbol:
        """The family (bottom-right symbol); the Prince is of the heart family."""
        return _FAMILY[self]

    @property
    def symbol(self) -> Symbol | None:
        """The top-left symbol, which scores when the tile is revealed (``None``: the Prince)."""
        return _SYMBOL.get(self)


C = Character
_COLOUR = {C.PRINCESS: Colour.GREEN, C.FAIRY: Colour.GREEN,
           C.BLACK_QUEEN: Colour.RED, C.GUARD: Colour.RED, C.SIAMESE: Colour.RED,
           C.SERVANT: Colour.BLUE, C.SPY: Colour.BLUE}
_FAMILY = {C.PRINCE: Symbol.HEART, C.PRINCESS: Symbol.HEART, C.FAIRY: Symbol.HEART,
           C.BLACK_QUEEN: Symbol.CROWN, C.GUARD: Symbol.CROWN, C.SIAMESE: Symbol.CROWN,
           C.SERVANT: Symbol.MASK, C.SPY: Symbol.MASK}
# Ruling: the Princess bears the heart, the Black Queen the crown, every other character the mask.
_SYMBOL = {c: Symbol.MASK for c in Character if c is not C.PRINCE}
_SYMBOL[C.PRINCESS] = Symbol.HEART
_SYMBOL[C.BLACK_QUEEN] = Symbol.CROWN

#: The tile names as people read them: messages in the context ``"princesslegend"``, shown with
#: ``kit.i18n.name("princesslegend", TILE_LABELS[c], lang)`` (the French sheet's own names); the notation keeps
#: the English ``str(c)``.
TILE_LABELS: Mapping[Character, str] = {
    C.PRINCE: NC_("princesslegend", "Prince"), C.PRINCESS: NC_("princesslegend", "Princess"),
    C.FAIRY: NC_("princesslegend", "Fairy"), C.BLACK_QUEEN: NC_("princesslegend", "Black Queen"),
    C.GUARD: NC_("princesslegend", "Guard"), C.SIAMESE: NC_("princesslegend", "Siamese"),
    C.SERVANT: NC_("princesslegend", "Servant"), C.SPY: NC_("princesslegend", "Spy"),
}
#: The symbols' names as people read them (messages in the context ``"princesslegend"``, like the tiles').
SYMBOL_LABELS: Mapping[Symbol, str] = {Symbol.HEART: NC_("princesslegend", "heart"),
                                       Symbol.CROWN: NC_("princesslegend", "crown"),
                                       Symbol.MASK: NC_("princesslegend", "mask")}

#: The seven character tiles (every tile but the Prince).
CHARACTERS: tuple[Character, ...] = tuple(c for c in Character if c is not C.PRINCE)

#: The character tiles of a round, by player count (docs/rules/princesslegend.md#tiles-for-each-number-of-players),
#: lowest value first.
TILE_SETS: Mapping[int, tuple[Character, ...]] = {
    3: (C.PRINCESS, C.BLACK_QUEEN, C.SERVANT),
    4: (C.PRINCESS, C.FAIRY, C.BLACK_QUEEN, C.GUARD),
    5: (C.PRINCESS, C.FAIRY, C.BLACK_QUEEN, C.GUARD, C.SERVANT),
    6: (C.PRINCESS, C.FAIRY, C.BLACK_QUEEN, C.GUARD, C.SERVANT, C.SPY),
    7: CHARACTERS,
    8: CHARACTERS,
}

#: How many times each player is the Prince in a game, by player count.
PRINCE_TURNS: Mapping[int, int] = {3: 3, 4: 3, 5: 2, 6: 2, 7: 1, 8: 1}

#: Who scores for each revealed symbol: the tiles of that family (the Prince is heart).
SCORERS: Mapping[Symbol, tuple[Character, ...]] = {
    s: tuple(c for c in Character if _FAMILY[c] is s) for s in Symbol
}

_NAMES = {c.name.replace("_", "").lower(): c for c in Character}
_NAMES.update({"queen": C.BLACK_QUEEN,
               # the French sheet's names, for the classroom
               "princesse": C.PRINCESS, "fee": C.FAIRY, "fée": C.FAIRY, "reine": C.BLACK_QUEEN,
               "reinenoire": C.BLACK_QUEEN, "garde": C.GUARD, "siamois": C.SIAMESE,
               "servante": C.SERVANT, "espion": C.SPY})


def character_by_name(name: str) -> Character | None:
    """The character called ``name`` (any case; spaces, ``-`` and ``_`` ignored), else ``None``.

    English names, ``"Queen"`` for the Black Queen, and the French sheet's names are read.

    >>> character_by_name("black-queen"), character_by_name("Reine Noire"), character_by_name("king")
    (Character.BLACK_QUEEN, Character.BLACK_QUEEN, None)
    """
    key = "".join(name.split()).replace("-", "").replace("_", "").lower()
    return _NAMES.get(key)


def rubies(symbol: Symbol, roles: Sequence[Character | int]) -> list[int]:
    """Rubies per seat when ``symbol`` is revealed and seat ``i`` holds ``roles[i]``.

    One ruby for every seat whose tile shows ``symbol`` as its family.  A tile
    lying in the centre belongs to no seat, so it scores nobody: pass the
    seats' tiles only.

    >>> C = Character
    >>> rubies(Symbol.CROWN, [C.PRINCE, C.BLACK_QUEEN, C.SERVANT])
    [0, 1, 0]
    >>> rubies(Symbol.MASK, [C.PRINCE, C.BLACK_QUEEN, C.PRINCESS])   # the Servant is in the centre
    [0, 0, 0]
    """
    if not isinstance(symbol, Symbol):
        raise KitError(f"{symbol!r} is not a symbol; symbols: heart, crown, mask")
    return [1 if _FAMILY[Character(r)] is symbol else 0 for r in roles]

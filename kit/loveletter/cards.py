"""Cards and editions of Love Letter.

Two editions (docs/rules/loveletter.md#editions): ``"classic"`` (16 cards, 2–4 players) and
``"2019"`` (21 cards with Spy and Chancellor, 2–6 players), plus the named
variant ``"first-publisher"`` of the classic edition (7/5/4 tokens, a round-end
tie broken by the higher sum of discards).

Cards are :class:`~enum.IntEnum` members, so ``int(card)`` is the printed value.

Examples
--------
>>> from kit.loveletter.cards import Card2019, CardClassic, edition
>>> int(Card2019.PRINCESS), int(CardClassic.PRINCESS)
(9, 8)
>>> e = edition("2019")
>>> e.deck_size, e.tokens_to_win[2]
(21, 6)
>>> [str(c) for c in e.guessable]
['Spy', 'Priest', 'Baron', 'Handmaid', 'Prince', 'Chancellor', 'King', 'Countess', 'Princess']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Iterable, Mapping

from ..core.errors import KitError, Phrase, Term
from ..i18n import N_, NC_

__all__ = ["CardClassic", "Card2019", "Edition", "EDITIONS", "edition", "observed_edition", "CARD_TEXT",
           "CARD_NAMES", "COUNTESS_PARTNERS"]

#: The cards that make the Countess the card to play while she shares their hand
#: (docs/rules/loveletter.md#countess): :meth:`Edition.must_play` and :meth:`Edition.barred` read it.
COUNTESS_PARTNERS: tuple[str, ...] = ("KING", "PRINCE")


class _Card(IntEnum):
    """Shared behaviour: a readable ``str`` and a ``repr`` that is valid Python."""

    def __str__(self) -> str:
        return self.name.capitalize()

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    @property
    def title(self) -> str:
        """The card's name as printed (``"Princess"``)."""
        return self.name.capitalize()


def _card_repr_html(self: _Card) -> str:
    """The card's face in a notebook (value, name, effect, copies); see :mod:`kit.render.loveletter`."""
    from ..render.loveletter import card_html  # lazy: the rules never need the renderer

    return card_html(self)


# Set after the class body: Enum reserves _sunder_ names inside it.
_Card._repr_html_ = _card_repr_html  # type: ignore[attr-defined]


class CardClassic(_Card):
    """The classic edition's eight cards (value = printed number)."""

    GUARD = 1
    PRIEST = 2
    BARON = 3
    HANDMAID = 4
    PRINCE = 5
    KING = 6
    COUNTESS = 7
    PRINCESS = 8


class Card2019(_Card):
    """The 2019 edition's ten cards (value = printed number)."""

    SPY = 0
    GUARD = 1
    PRIEST = 2
    BARON = 3
    HANDMAID = 4
    PRINCE = 5
    CHANCELLOR = 6
    KING = 7
    COUNTESS = 8
    PRINCESS = 9


#: The name a person reads of each card, by enum name, marked in the context ``"loveletter"`` (each
#: sheet's own names: show it with ``kit.i18n.name("loveletter", CARD_NAMES["GUARD"], lang)``); the English
#: name is also the card's name in the notation and in events.
CARD_NAMES: Mapping[str, str] = {
    "SPY": NC_("loveletter", "Spy"), "GUARD": NC_("loveletter", "Guard"), "PRIEST": NC_("loveletter", "Priest"),
    "BARON": NC_("loveletter", "Baron"), "HANDMAID": NC_("loveletter", "Handmaid"),
    "PRINCE": NC_("loveletter", "Prince"), "CHANCELLOR": NC_("loveletter", "Chancellor"),
    "KING": NC_("loveletter", "King"), "COUNTESS": NC_("loveletter", "Countess"),
    "PRINCESS": NC_("loveletter", "Princess"),
}

#: The effect text of each card name, in plain English (docs/rules/loveletter.md#the-cards): messages,
#: shown with ``kit.i18n._(CARD_TEXT["GUARD"], lang)``.
CARD_TEXT: Mapping[str, str] = {
    # i18n: the text printed on the Love Letter Spy card (2019 edition)
    "SPY": N_("No effect. At the end of the round, if you are the only player still in "
              "the round who played or discarded a Spy, gain a token."),
    "GUARD": N_("Choose another player and name a card other than Guard. If they hold it, they are out."),
    "PRIEST": N_("Choose another player and look at their hand."),
    "BARON": N_("Choose another player and compare hands secretly. The lower value is out; on a tie, nothing "
                "happens."),
    "HANDMAID": N_("Until the start of your next turn, other players' cards cannot choose you."),
    "PRINCE": N_("Choose any player (you too). They discard their hand, with no effect, and draw "
                 "(the set-aside card if the deck is empty)."),
    "CHANCELLOR": N_("Draw 2 cards (1 if only 1 is left). Keep one card; put the rest on the "
                     "bottom of the deck in any order."),
    "KING": N_("Choose another player and trade hands with them."),
    "COUNTESS": N_("You may play her any time. If your other card is a King or a Prince, you must play the "
                   "Countess."),
    "PRINCESS": N_("If you play or discard the Princess, you are out of the round."),
}


@dataclass(frozen=True, eq=False)
class Edition:
    """Everything that differs between editions, as plain data.

    Attributes
    ----------
    name
        ``"classic"``, ``"2019"`` or ``"first-publisher"``.
    card
        The card enum of the edition.
    counts
        ``counts[value]`` copies of each card (0 where the edition has none).
    players
        ``(min, max)`` players.
    tokens_to_win
        Tokens needed to win the game, by player count.
    discard_tiebreak
        Break a round-end tie by the higher sum of discards (first-publisher).
    """

    name: str
    card: type[_Card]
    counts: tuple[int, ...]
    players: tuple[int, int]
    tokens_to_win: Mapping[int, int]
    discard_tiebreak: bool = False

    @property
    def deck_size(self) -> int:
        return sum(self.counts)

    @property
    def cards(self) -> list[_Card]:
        """The kinds of card, lowest value first."""
        return [self.card(v) for v, n in enumerate(self.counts) if n]

    @property
    def guessable(self) -> list[_Card]:
        """What a Guard may name: every card of the edition but the Guard."""
        return [c for c in self.cards if c.name != "GUARD"]

    def by_name(self, name: str) -> _Card:
        """The card called ``name`` (any case), e.g. ``"princess"``."""
        try:
            return self.card[name.strip().upper()]
        except KeyError:
            raise KitError(
                f"{name!r} is not a card of the {self.name} edition; cards: "
                + ", ".join(str(c) for c in self.cards)
            ) from None

    def value(self, name: str) -> int:
        """The printed value of a card name of this edition, or -1 if absent."""
        member = self.card.__members__.get(name)
        return int(member) if member is not None else -1

    def full_deck(self) -> list[int]:
        """Every card of the edition as values, sorted."""
        return [v for v, n in enumerate(self.counts) for _ in range(n)]

    def _of(self, card: Any) -> _Card:
        """``card`` as a card of the edition: a card, its value or its name."""
        if isinstance(card, self.card):
            return card
        if isinstance(card, int) and not isinstance(card, bool):
            return self.card(card)
        return self.by_name(str(card))

    def must_play(self, hand: Iterable[Any]) -> _Card | None:
        """The card the rules make ``hand`` play, or ``None`` when the player may choose.

        The Countess rule (docs/rules/loveletter.md#countess): while she shares the
        hand with the King or a Prince (:data:`COUNTESS_PARTNERS`), the Countess is
        the card to play.  Cards as edition cards, values or names.

        >>> e = edition("classic")
        >>> e.must_play(["Countess", "Prince"]), e.must_play(["Countess", "Guard"])
        (CardClassic.COUNTESS, None)
        """
        held = {self._of(c).name for c in hand}
        if "COUNTESS" in held and held.intersection(COUNTESS_PARTNERS):
            return self.card["COUNTESS"]
        return None

    def barred(self, card: Any, hand: Iterable[Any]) -> Phrase | None:
        """Why the rules forbid playing ``card`` from ``hand``, as data, or ``None`` when they allow it.

        The reason is the engine's refusal of that play (a
        :class:`~kit.core.errors.Phrase`; :func:`kit.i18n.refusals.explain` says it
        in any language), so a table's note on a card it cannot play and the
        refusal of playing it are the same words.

        >>> e = edition("2019")
        >>> print(e.barred("King", ["King", "Countess"]))
        with the Countess and a King in hand, the Countess must be played
        >>> e.barred("Countess", ["King", "Countess"]) is None
        True
        """
        played = self._of(card)
        if played.name not in COUNTESS_PARTNERS or self.must_play(hand) is None:
            return None
        return Phrase("with the Countess and a {card} in hand, the Countess must be played",
                      card=Term("loveletter", str(played)))


EDITIONS: dict[str, Edition] = {
    "classic": Edition("classic", CardClassic, (0, 5, 2, 2, 2, 2, 1, 1, 1), (2, 4), {2: 5, 3: 4, 4: 3}),
    "first-publisher": Edition(
        "first-publisher", CardClassic, (0, 5, 2, 2, 2, 2, 1, 1, 1), (2, 4), {2: 7, 3: 5, 4: 4},
        discard_tiebreak=True,
    ),
    "2019": Edition("2019", Card2019, (2, 6, 2, 2, 2, 2, 2, 1, 1, 1), (2, 6), {2: 6, 3: 5, 4: 4, 5: 3, 6: 3}),
}


def edition(name: str, variant: str | None = None) -> Edition:
    """The :class:`Edition` for ``name`` (and optional ``variant``).

    ``"first-publisher"`` is a variant of the classic edition, never an
    edition of its own (docs/rules/loveletter.md#the-first-publisher-variant).

    >>> edition("classic", "first-publisher").tokens_to_win
    {2: 7, 3: 5, 4: 4}
    >>> edition("first-publisher")
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: 'first-publisher' is a variant of the classic edition: give edition='classic', variant='first-publisher'
    """
    key = str(name)
    if variant is None and key == "first-publisher":
        raise KitError("'first-publisher' is a variant of the classic edition: "
                       "give edition='classic', variant='first-publisher'")
    if variant is not None:
        if key != "classic" or variant != "first-publisher":
            raise KitError(f"unknown variant {variant!r} of edition {key!r}; "
                           "the only variant is 'first-publisher' of the classic edition")
        key = variant
    try:
        return EDITIONS[key]
    except KeyError:
        raise KitError(f"unknown edition {name!r}; choose 'classic' or '2019'") from None


def observed_edition(name: str) -> Edition:
    """The :class:`Edition` an observation's ``"edition"`` names: an edition, or the rules played with their
    variant (``"first-publisher"``, which :func:`edition` takes only as a variant).

    >>> observed_edition("first-publisher").tokens_to_win, observed_edition("2019").name
    ({2: 7, 3: 5, 4: 4}, '2019')
    """
    key = str(name)
    return EDITIONS[key] if key in EDITIONS else edition(key)

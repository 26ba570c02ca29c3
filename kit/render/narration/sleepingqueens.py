"""Sleeping Queens sentences: one short, friendly sentence per event, for a given reader.

Each event kind of :mod:`kit.sleepingqueens.events` has a narrator in
:data:`NARRATORS` that makes its sentence from message templates with named
fields (:mod:`kit.i18n`), with separate "You ..." templates for the reader's
own actions.  Card and Queen names come from
:data:`kit.sleepingqueens.cards.CARD_NAMES` and ``QUEEN_NAMES``.  The
learners are children of 8 and up: sentences are short.

A few events say nothing on their own, because the sentence of another
event already tells them:

* a Jester's number card (``flip`` of a number): the ``count`` that always
  follows says "Ana's Jester turns over a 6: 1 Ana, 2 Ben, ...";
* the cards another player draws back up to five after an action
  (``draw`` with reason ``"refill"``, card hidden): every turn ends so, and
  a discard already says "... and draws 3 cards".

Consecutive draws of one seat for one reason make one sentence ("You get 5
cards: 1, 2, 3, 4 and King.").

Examples
--------
>>> names = ["Ana", "Ben"]
>>> steal = {"kind": "steal", "seat": 1, "target": 0, "queen": "Cat"}
>>> narrate_event(steal, names=names, reader=0), narrate_event(steal, names=names)
("Ben's Knight takes your Cat Queen.", "Ben's Knight takes Ana's Cat Queen.")
>>> from kit.sleepingqueens.position import position
>>> s = position(hands=[["Jester", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
>>> for step in ("Jester", "deal 6", "wake 3", "reveal Rose"):
...     s.apply_action(step)
>>> for line in narrate(s.observation(None)["log"], names=names):
...     print(line.text)
Ana holds 5 cards.
Ben holds 5 cards.
Ana plays a Jester.
Ana's Jester turns over a 6: 1 Ana, 2 Ben, 3 Ana, 4 Ben, 5 Ana, 6 Ben: Ben wakes a Queen.
The Queen in place 3 is the Rose Queen!
Ben wakes the Rose Queen. Now Ben must wake one more Queen!
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, Sequence

from ...core.errors import KitError
from ...i18n import NC_, _, name, ngettext
from ...sleepingqueens.cards import CARD_NAMES, QUEEN_NAMES
from . import Line, seat_name

#: The children's "you" in the Jester's counting (a familiar "you" where a language has one).
NC_("sleepingqueens", "you")

__all__ = ["narrate", "narrate_event", "NARRATORS", "CARD_WITH_ARTICLE", "QUEEN_OBJECTS"]

GAME = "sleepingqueens"  # the context of the names (kit.i18n.name)

#: Each card as a phrase with its article ("a King", "an 8"), a message of its own so that a language can
#: give it the right article or gender.
CARD_WITH_ARTICLE: Mapping[str, str] = {
    "1": NC_("sleepingqueens", "a 1"), "2": NC_("sleepingqueens", "a 2"), "3": NC_("sleepingqueens", "a 3"),
    "4": NC_("sleepingqueens", "a 4"), "5": NC_("sleepingqueens", "a 5"), "6": NC_("sleepingqueens", "a 6"),
    "7": NC_("sleepingqueens", "a 7"), "8": NC_("sleepingqueens", "an 8"), "9": NC_("sleepingqueens", "a 9"),
    "10": NC_("sleepingqueens", "a 10"), "King": NC_("sleepingqueens", "a King"),
    "Knight": NC_("sleepingqueens", "a Knight"), "Dragon": NC_("sleepingqueens", "a Dragon"),
    "Potion": NC_("sleepingqueens", "a Sleeping Potion"), "Wand": NC_("sleepingqueens", "a Magic Wand"),
    "Jester": NC_("sleepingqueens", "a Jester"),
}


#: Each Queen as the object of a verb ("wakes the {queen}", "takes Ben's {queen}", "plays a Knight on your
#: {queen}"): its own message (context ``sleepingqueens:object``), so that a language that declines names
#: gives it its case: Polish "budzi Królewnę Naleśników", Czech "Královnu palačinek" (accusative); in the
#: other languages the name itself.
QUEEN_OBJECTS: Mapping[str, str] = {
    "Heart": NC_("sleepingqueens:object", "Heart Queen"), "Cat": NC_("sleepingqueens:object", "Cat Queen"),
    "Dog": NC_("sleepingqueens:object", "Dog Queen"), "Pancake": NC_("sleepingqueens:object", "Pancake Queen"),
    "Ladybug": NC_("sleepingqueens:object", "Ladybug Queen"), "Moon": NC_("sleepingqueens:object", "Moon Queen"),
    "Peacock": NC_("sleepingqueens:object", "Peacock Queen"),
    "Sunflower": NC_("sleepingqueens:object", "Sunflower Queen"),
    "Cake": NC_("sleepingqueens:object", "Cake Queen"), "Rainbow": NC_("sleepingqueens:object", "Rainbow Queen"),
    "Rose": NC_("sleepingqueens:object", "Rose Queen"), "Starfish": NC_("sleepingqueens:object", "Starfish Queen"),
}


class _Reader(NamedTuple):
    """Who reads: the seats' names, the reading seat (``None``: a spectator), the language."""

    names: Sequence[str]
    seat: int | None
    lang: str | None

    def name(self, seat: int) -> str:
        return self.names[seat]

    def me(self, seat: int | None) -> bool:
        return self.seat is not None and seat == self.seat


# ---------------------------------------------------------------------- words
def _card(card: str, r: _Reader) -> str:
    """A card's name in a list: a number is itself, a power card its name on the reader's rule sheet."""
    return name(GAME, CARD_NAMES[card], r.lang) if card in CARD_NAMES else card


def _a_card(card: str, r: _Reader) -> str:
    return name(GAME, CARD_WITH_ARTICLE[card], r.lang)


def _queen(queen: str, r: _Reader) -> str:
    return name(GAME, QUEEN_NAMES[queen], r.lang)


def _queen_object(queen: str, r: _Reader) -> str:
    """A Queen's name where a sentence makes her the object of its verb (see :data:`QUEEN_OBJECTS`)."""
    return name(GAME, QUEEN_OBJECTS[queen], r.lang, form="object")


def _comma(items: Sequence[str], r: _Reader) -> str:
    """``"A"``, ``"A, B"``, ``"A, B, C"`` (each joint a template)."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("{items}, {item}", r.lang, items=text, item=item)
    return text


def _and(items: Sequence[str], r: _Reader) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}", r.lang, items=_comma(items[:-1], r), last=items[-1])


def _cards(names: Sequence[str], r: _Reader) -> str:
    return _and([_card(c, r) for c in names], r)


# ---------------------------------------------------------------------- one narrator per kind
def _draws(run: Sequence[Mapping[str, Any]], r: _Reader) -> str | None:
    """Consecutive draws of one seat, for one reason (all seen, or all hidden)."""
    first = run[0]
    seat, reason, n = first["seat"], first["reason"], len(run)
    actor, lang = r.name(seat), r.lang
    if first["card"] is None:  # the reader does not see which cards
        if reason == "deal":
            return ngettext("{actor} gets a card.", "{actor} gets {n} cards.", n, lang, actor=actor)
        if reason == "defend":
            return ngettext("{actor} draws a card.", "{actor} draws {n} cards.", n, lang, actor=actor)
        return None  # back up to five: every turn ends so
    names = [e["card"] for e in run]
    if n == 1:
        card = _a_card(names[0], r)
        if r.me(seat):
            return _("You get {card}.", lang, card=card) if reason == "deal" else _("You draw {card}.", lang, card=card)
        return (_("{actor} gets {card}.", lang, actor=actor, card=card) if reason == "deal"
                else _("{actor} draws {card}.", lang, actor=actor, card=card))
    cards = _cards(names, r)
    if r.me(seat):
        if reason == "deal":
            return ngettext("You get {n} card: {cards}.", "You get {n} cards: {cards}.", n, lang, cards=cards)
        return ngettext("You draw {n} card: {cards}.", "You draw {n} cards: {cards}.", n, lang, cards=cards)
    if reason == "deal":
        return ngettext("{actor} gets {n} card: {cards}.", "{actor} gets {n} cards: {cards}.", n, lang,
                        actor=actor, cards=cards)
    return ngettext("{actor} draws {n} card: {cards}.", "{actor} draws {n} cards: {cards}.", n, lang, actor=actor,
                    cards=cards)


def _draw(e: Mapping[str, Any], r: _Reader) -> str | None:
    return _draws([e], r)


def _play(e: Mapping[str, Any], r: _Reader) -> str | None:
    seat, card, lang = e["seat"], e["card"], r.lang
    actor, me = r.name(seat), r.me(seat)
    if card == "King":
        return (_("You play a King and pick place {place}.", lang, place=e["place"]) if me
                else _("{actor} plays a King and picks place {place}.", lang, actor=actor, place=e["place"]))
    if card == "Jester":
        return _("You play a Jester.", lang) if me else _("{actor} plays a Jester.", lang, actor=actor)
    if card in ("Knight", "Potion"):
        queen, target = _queen_object(e["queen"], r), r.name(e["target"])
        if card == "Knight":
            if me:
                return _("You play a Knight on {target}'s {queen}.", lang, target=target, queen=queen)
            if r.me(e["target"]):
                return _("{actor} plays a Knight on your {queen}.", lang, actor=actor, queen=queen)
            return _("{actor} plays a Knight on {target}'s {queen}.", lang, actor=actor, target=target, queen=queen)
        if me:
            return _("You play a Sleeping Potion on {target}'s {queen}.", lang, target=target, queen=queen)
        if r.me(e["target"]):
            return _("{actor} plays a Sleeping Potion on your {queen}.", lang, actor=actor, queen=queen)
        return _("{actor} plays a Sleeping Potion on {target}'s {queen}.", lang, actor=actor, target=target,
                 queen=queen)
    kind, n = e["discard"], len(e["cards"])
    if kind == "pair":
        number = e["cards"][0]
        return (_("You discard a pair of {number}s.", lang, number=number) if me
                else _("{actor} discards a pair of {number}s and draws 2 cards.", lang, actor=actor, number=number))
    if kind == "equation":
        equation = " + ".join(map(str, e["left"])) + " = " + str(e["right"])  # arithmetic, not words
        return (_("You discard {equation}.", lang, equation=equation) if me
                else ngettext("{actor} discards {equation} and draws {n} card.",
                              "{actor} discards {equation} and draws {n} cards.", n, lang, actor=actor,
                              equation=equation))
    one = _a_card(e["cards"][0], r)
    return (_("You discard {card}.", lang, card=one) if me
            else _("{actor} discards {card} and draws a card.", lang, actor=actor, card=one))


def _reveal(e: Mapping[str, Any], r: _Reader) -> str | None:
    return _("The Queen in place {place} is the {queen}!", r.lang, place=e["place"], queen=_queen(e["queen"], r))


def _wake(e: Mapping[str, Any], r: _Reader) -> str | None:
    actor, lang = r.name(e["seat"]), r.lang
    if e["bonus"]:
        # a must, not a may: the sheet says "obudź kolejną" (docs/rules/sleepingqueens.md#the-rose-queen)
        return (_("You wake the Rose Queen. Now you must wake one more Queen!", lang) if r.me(e["seat"])
                else _("{actor} wakes the Rose Queen. Now {actor} must wake one more Queen!", lang, actor=actor))
    queen = _queen_object(e["queen"], r)
    return (_("You wake the {queen}.", lang, queen=queen) if r.me(e["seat"])
            else _("{actor} wakes the {queen}.", lang, actor=actor, queen=queen))


def _back(e: Mapping[str, Any], r: _Reader) -> str | None:
    queen, rival = _queen(e["queen"], r), _queen(e["rival"], r)
    if r.me(e["seat"]):
        return _("You already have the {rival}, so the {queen} goes back to sleep.", r.lang, rival=rival, queen=queen)
    return _("{actor} already has the {rival}, so the {queen} goes back to sleep.", r.lang, actor=r.name(e["seat"]),
             rival=rival, queen=queen)


def _flip(e: Mapping[str, Any], r: _Reader) -> str | None:
    if not e["power"]:
        return None  # the count that follows tells it
    card = _a_card(e["card"], r)
    if r.me(e["seat"]):
        return _("Your Jester turns over {card}. You keep it and play again!", r.lang, card=card)
    return _("{actor}'s Jester turns over {card}. {actor} keeps it and plays again!", r.lang,
             actor=r.name(e["seat"]), card=card)


def _count(e: Mapping[str, Any], r: _Reader) -> str | None:
    lang = r.lang
    card = _a_card(str(e["number"]), r)
    counting = _comma([_("{number} {name}", lang, number=i + 1, name=seat_name(s, r.names, r.seat, lang, game="sleepingqueens"))
                       for i, s in enumerate(e["counted"])], r)
    actor, chooser = r.name(e["seat"]), r.name(e["chooser"])
    if r.me(e["seat"]):
        if r.me(e["chooser"]):
            return _("Your Jester turns over {card}: {counting}: you wake a Queen.", lang, card=card,
                     counting=counting)
        return _("Your Jester turns over {card}: {counting}: {chooser} wakes a Queen.", lang, card=card,
                 counting=counting, chooser=chooser)
    if r.me(e["chooser"]):
        return _("{actor}'s Jester turns over {card}: {counting}: you wake a Queen.", lang, actor=actor, card=card,
                 counting=counting)
    return _("{actor}'s Jester turns over {card}: {counting}: {chooser} wakes a Queen.", lang, actor=actor, card=card,
             counting=counting, chooser=chooser)


def _block(e: Mapping[str, Any], r: _Reader) -> str | None:
    actor, lang = r.name(e["seat"]), r.lang
    if e["against"] == "Knight":
        return (_("You block the Knight with a Dragon!", lang) if r.me(e["seat"])
                else _("{actor} blocks the Knight with a Dragon!", lang, actor=actor))
    return (_("You block the Sleeping Potion with a Magic Wand!", lang) if r.me(e["seat"])
            else _("{actor} blocks the Sleeping Potion with a Magic Wand!", lang, actor=actor))


def _allow(e: Mapping[str, Any], r: _Reader) -> str | None:
    actor, lang = r.name(e["seat"]), r.lang
    if e["against"] == "Knight":
        return (_("You do not block the Knight.", lang) if r.me(e["seat"])
                else _("{actor} does not block the Knight.", lang, actor=actor))
    return (_("You do not block the Sleeping Potion.", lang) if r.me(e["seat"])
            else _("{actor} does not block the Sleeping Potion.", lang, actor=actor))


def _steal(e: Mapping[str, Any], r: _Reader) -> str | None:
    queen, actor, target, lang = _queen_object(e["queen"], r), r.name(e["seat"]), r.name(e["target"]), r.lang
    if r.me(e["seat"]):
        return _("Your Knight takes {target}'s {queen}.", lang, target=target, queen=queen)
    if r.me(e["target"]):
        return _("{actor}'s Knight takes your {queen}.", lang, actor=actor, queen=queen)
    return _("{actor}'s Knight takes {target}'s {queen}.", lang, actor=actor, target=target, queen=queen)


def _sleep(e: Mapping[str, Any], r: _Reader) -> str | None:
    queen, actor, target, lang = _queen_object(e["queen"], r), r.name(e["seat"]), r.name(e["target"]), r.lang
    place = e["place"]
    if r.me(e["seat"]):
        return _("Your Sleeping Potion puts {target}'s {queen} to sleep in place {place}.", lang, target=target,
                 queen=queen, place=place)
    if r.me(e["target"]):
        return _("{actor}'s Sleeping Potion puts your {queen} to sleep in place {place}.", lang, actor=actor,
                 queen=queen, place=place)
    return _("{actor}'s Sleeping Potion puts {target}'s {queen} to sleep in place {place}.", lang, actor=actor,
             target=target, queen=queen, place=place)


def _reshuffle(e: Mapping[str, Any], r: _Reader) -> str | None:
    return ngettext("The discard pile is shuffled. It is the new draw pile, with {n} card.",
                    "The discard pile is shuffled. It is the new draw pile, with {n} cards.", e["cards"], r.lang)


def _holds(e: Mapping[str, Any], r: _Reader) -> str | None:
    n, lang = e["count"], r.lang
    if e["cards"] is None:
        return ngettext("{actor} holds {n} card.", "{actor} holds {n} cards.", n, lang, actor=r.name(e["seat"]))
    cards = _cards(e["cards"], r)
    if r.me(e["seat"]):
        return ngettext("You hold {n} card: {cards}.", "You hold {n} cards: {cards}.", n, lang, cards=cards)
    return ngettext("{actor} holds {n} card: {cards}.", "{actor} holds {n} cards: {cards}.", n, lang,
                    actor=r.name(e["seat"]), cards=cards)


def _has(e: Mapping[str, Any], r: _Reader) -> str | None:
    queens, n, lang = _and([_queen(q, r) for q in e["queens"]], r), len(e["queens"]), r.lang
    if r.me(e["seat"]):
        return ngettext("You have {n} Queen: {queens}.", "You have {n} Queens: {queens}.", n, lang, queens=queens)
    return ngettext("{actor} has {n} Queen: {queens}.", "{actor} has {n} Queens: {queens}.", n, lang,
                    actor=r.name(e["seat"]), queens=queens)


def _asleep(e: Mapping[str, Any], r: _Reader) -> str | None:
    return _("The {queen} sleeps in place {place}.", r.lang, queen=_queen(e["queen"], r), place=e["place"])


def _pile(e: Mapping[str, Any], r: _Reader) -> str | None:
    n = len(e["cards"])
    return ngettext("The discard pile has {n} card: {cards}.", "The discard pile has {n} cards: {cards}.", n, r.lang,
                    cards=_cards(e["cards"], r))


def _end(e: Mapping[str, Any], r: _Reader) -> str | None:
    winners, lang = e["winners"], r.lang
    first = winners[0]
    points = e["points"][first]
    if e["reason"] == "all-awake":
        if len(winners) > 1:
            if r.seat in winners:
                others = _and([r.name(w) for w in winners if w != r.seat], r)
                return ngettext("All the Queens are awake. You and {others} share the win with {n} point each!",
                                "All the Queens are awake. You and {others} share the win with {n} points each!",
                                points, lang, others=others)
            return ngettext("All the Queens are awake. {winners} share the win with {n} point each!",
                            "All the Queens are awake. {winners} share the win with {n} points each!", points,
                            lang, winners=_and([r.name(w) for w in winners], r))
        if r.me(first):
            return ngettext("All the Queens are awake. You win with {n} point!",
                            "All the Queens are awake. You win with {n} points!", points, lang)
        return ngettext("All the Queens are awake. {actor} wins with {n} point!",
                        "All the Queens are awake. {actor} wins with {n} points!", points, lang, actor=r.name(first))
    if e["reason"] == "queens":
        n = e["queens"][first]
        if r.me(first):
            return ngettext("You win with {n} Queen!", "You win with {n} Queens!", n, lang)
        return ngettext("{actor} wins with {n} Queen!", "{actor} wins with {n} Queens!", n, lang, actor=r.name(first))
    if r.me(first):
        return ngettext("You win with {n} point!", "You win with {n} points!", points, lang)
    return ngettext("{actor} wins with {n} point!", "{actor} wins with {n} points!", points, lang,
                    actor=r.name(first))


#: One narrator per event kind: ``(event, reader) -> sentence`` (``None``: another event's sentence tells it).
NARRATORS: dict[str, Callable[[Mapping[str, Any], _Reader], str | None]] = {
    "draw": _draw, "play": _play, "reveal": _reveal, "wake": _wake, "back": _back, "flip": _flip,
    "count": _count, "block": _block, "allow": _allow, "steal": _steal, "sleep": _sleep,
    "reshuffle": _reshuffle, "holds": _holds, "has": _has, "asleep": _asleep, "pile": _pile, "end": _end,
}


def _private(e: Mapping[str, Any]) -> bool:
    """Does the sentence tell what only its reader may know (a card drawn or held, a choice not to block)?"""
    kind = e["kind"]
    return kind == "allow" or (kind == "draw" and e["card"] is not None) or (kind == "holds" and e["cards"] is not None)


def narrate_event(event: Mapping[str, Any], *, names: Sequence[str], reader: int | None = None,
                  lang: str | None = None) -> str | None:
    """The sentence of one event for ``reader`` (``None``: a spectator), or ``None`` if it says nothing alone.

    >>> narrate_event({"kind": "block", "seat": 1, "card": "Dragon", "attacker": 0, "against": "Knight",
    ...                "queen": "Cat"}, names=["Ana", "Ben"])
    'Ben blocks the Knight with a Dragon!'
    """
    narrator = NARRATORS.get(event.get("kind"))
    if narrator is None:
        raise KitError(f"not a Sleeping Queens event: {event!r}")
    return narrator(event, _Reader(names, reader, lang))


def narrate(events: Sequence[Mapping[str, Any]], *, names: Sequence[str], reader: int | None = None,
            lang: str | None = None) -> list[Line]:
    """The sentences of ``events`` (``state.observation(reader)["log"]``) for ``reader``.

    Consecutive draws of one seat for one reason make one line; each
    :class:`~kit.render.narration.Line` keeps the index of its (first) event
    and whether only the reader knows it.

    >>> deal = [{"kind": "draw", "seat": 0, "card": c, "reason": "deal"} for c in ("2", "8", "King")]
    >>> narrate(deal, names=["Ana", "Ben"], reader=0)
    [Line(text='You get 3 cards: 2, 8 and King.', private=True, event=0)]
    >>> hidden = [dict(e, card=None) for e in deal]
    >>> narrate(hidden, names=["Ana", "Ben"], reader=1)[0].text
    'Ana gets 3 cards.'
    """
    r = _Reader(names, reader, lang)
    lines: list[Line] = []
    i, count = 0, len(events)
    while i < count:
        e = events[i]
        kind = e.get("kind")
        if kind == "draw":
            j = i + 1
            while (j < count and events[j].get("kind") == "draw" and events[j]["seat"] == e["seat"]
                   and events[j]["reason"] == e["reason"] and (events[j]["card"] is None) == (e["card"] is None)):
                j += 1
            text = _draws(events[i:j], r)
        else:
            narrator = NARRATORS.get(kind)
            if narrator is None:
                raise KitError(f"not a Sleeping Queens event: {e!r}")
            text = narrator(e, r)
            j = i + 1
        if text is not None:
            lines.append(Line(text, _private(e), i))
        i = j
    return lines

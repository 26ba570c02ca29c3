"""Sentences from Princess Legend events (:mod:`kit.princesslegend.events`), for one reader.

One narrator per event kind (:data:`NARRATORS`), each turning an event into
one or two sentences through message templates with named fields
(:mod:`kit.i18n`), so that every sentence can be translated.  The reader's own
actions have their own templates ("You ask Ben: ..."), character names are
translated where they are shown.  Nothing here parses a sentence, and nothing
here decides who sees what: a narrator tells what its event holds (a deal
whose tile is hidden from the reader says a tile went face down).

Examples
--------
>>> from kit.princesslegend import PrincessLegend
>>> s = PrincessLegend(5).dealt_state(["Prince", "Servant", "Princess", "Fairy", "Guard"], centre="Black Queen")
>>> for text in ["ask p1 where-princess", "answer p2", "ask p2 who-is p3", "answer Fairy",
...              "ask p3 who-are-you", "answer Fairy", "ask p4 who-is centre", "answer Servant",
...              "no-extra-question", "reveal p2"]:
...     s.apply_action(text)
>>> names = ["Ana", "Ben", "Cleo", "Dev", "Eve"]
>>> for line in narrate(s.observation(None)["log"], names=names)[6:]:
...     print(line.text)
Ana asks Ben: where is the Princess?
Ben answers: Cleo.
Ana asks Cleo: who is Dev?
Cleo answers: the Fairy.
Ana asks Dev: who are you?
Dev answers: the Fairy.
Ana asks Eve: who is in the centre?
Eve answers: the Servant.
Ana asks no extra question.
Ana turns over Cleo's tile: the Princess!
Rubies for Ana, Cleo and Dev.
Every tile turns face up: Ben was the Servant, Cleo was the Princess, Dev was the Fairy and Eve was the Guard.
The centre tile was the Black Queen.
>>> [(line.text, line.private) for line in narrate(s.observation(4)["log"], names=names, reader=4)[4:6]]
[('You are the Guard.', True), ('The centre tile is the Black Queen.', True)]
>>> narrate(s.observation(0)["log"], names=names, reader=0)[0:2]
[Line(text='You are the Prince.', private=False, event=0), Line(text='Ben is dealt a tile face down.', private=False, event=1)]
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ...core.errors import KitError
from ...i18n import NC_, _, name, ngettext
from ...princesslegend.tiles import SYMBOL_LABELS, TILE_LABELS, Symbol, character_by_name
from . import Line, seat_name

__all__ = ["NARRATORS", "narrate", "narrate_event"]

CENTRE = "centre"
Said = list[tuple[str, bool]]  # (sentence, private?) pairs


#: The tiles' names in the form "the" (:func:`kit.i18n.name`): what the sentences "You are the {tile}.",
#: "...: the {tile}!" insert, where French needs the article ("la Fée", "le Garde", "l'Espion").
THE_TILE_FORMS = (NC_("princesslegend:the", "Prince"), NC_("princesslegend:the", "Princess"),
                  NC_("princesslegend:the", "Fairy"), NC_("princesslegend:the", "Black Queen"),
                  NC_("princesslegend:the", "Guard"), NC_("princesslegend:the", "Siamese"),
                  NC_("princesslegend:the", "Servant"), NC_("princesslegend:the", "Spy"))


def _tile(tile: str, lang: str | None, form: str | None = "the") -> str:
    """A tile's name for a sentence (by default in the form "the": "la Fée" in French)."""
    c = character_by_name(tile)
    if c is None:
        raise KitError(f"{tile!r} is not a Princess Legend tile")
    return name("princesslegend", TILE_LABELS[c], lang, form=form)


def _symbol(value: str, lang: str | None) -> str:
    return name("princesslegend", SYMBOL_LABELS[Symbol(value)], lang)


def _names_list(items: Sequence[str], lang: str | None) -> str:
    """``"Ana"``, ``"Ana and Ben"``, ``"Ana, Ben and Cleo"`` (each joint a template)."""
    text = items[0]
    for item in items[1:-1]:
        text = _("{list}, {item}", lang, list=text, item=item)
    return text if len(items) == 1 else _("{list} and {item}", lang, list=text, item=items[-1])


# --------------------------------------------------------------------------- narrators

def _prince(e: Mapping[str, Any], names: Sequence[str], reader: int | None, lang: str | None) -> Said:
    if e["seat"] == reader:
        return [(_("You are the Prince.", lang), False)]
    return [(_("{seat} is the Prince.", lang, seat=names[e["seat"]]), False)]


def _deal(e: Mapping[str, Any], names: Sequence[str], reader: int | None, lang: str | None) -> Said:
    place, tile = e["place"], e["tile"]
    if tile is None:  # face down, as far as this reader knows
        if place == CENTRE:
            return [(_("A tile goes face down to the centre.", lang), False)]
        if place == reader:
            return [(_("You are dealt a tile face down.", lang), False)]
        return [(_("{seat} is dealt a tile face down.", lang, seat=names[place]), False)]
    # a tile the reader sees: not what everyone knows (the Prince does not)
    t = _tile(tile, lang)
    if place == CENTRE:
        return [(_("The centre tile is the {tile}.", lang, tile=t), True)]
    if place == reader:
        return [(_("You are the {tile}.", lang, tile=t), True)]
    return [(_("{seat} is the {tile}.", lang, seat=names[place], tile=t), True)]


def _ask(e: Mapping[str, Any], names: Sequence[str], reader: int | None, lang: str | None) -> Said:
    k, s, q, about = e["prince"], e["seat"], e["question"], e["about"]
    you_ask, asks_you = reader == k, reader == s
    fields = {"prince": names[k], "seat": names[s]}
    if q == "where-princess":
        text = (_("You ask {seat}: where is the Princess?", lang, **fields) if you_ask else
                _("{prince} asks you: where is the Princess?", lang, **fields) if asks_you else
                _("{prince} asks {seat}: where is the Princess?", lang, **fields))
    elif q == "who-are-you":
        text = (_("You ask {seat}: who are you?", lang, **fields) if you_ask else
                _("{prince} asks you: who are you?", lang, **fields) if asks_you else
                _("{prince} asks {seat}: who are you?", lang, **fields))
    elif q == "who-is" and about == CENTRE:
        text = (_("You ask {seat}: who is in the centre?", lang, **fields) if you_ask else
                _("{prince} asks you: who is in the centre?", lang, **fields) if asks_you else
                _("{prince} asks {seat}: who is in the centre?", lang, **fields))
    elif q == "who-is":
        fields["about"] = names[about]
        text = (_("You ask {seat}: who is {about}?", lang, **fields) if you_ask else
                _("{prince} asks you: who is {about}?", lang, **fields) if asks_you else
                _("{prince} points at you and asks {seat}: who is that?", lang, **fields) if about == reader else
                _("{prince} asks {seat}: who is {about}?", lang, **fields))
    else:
        raise KitError(f"{q!r} is not a Princess Legend question")
    said = [(text, False)]
    if e["extra"]:
        said.insert(0, (_("You ask one more question.", lang) if you_ask else
                        _("{prince} asks one more question.", lang, prince=names[k]), False))
    return said


def _answer(e: Mapping[str, Any], names: Sequence[str], reader: int | None, lang: str | None) -> Said:
    s, place, character = e["seat"], e["place"], e["character"]
    me = s == reader
    if character is not None:
        c = _tile(character, lang)
        text = (_("You answer: the {character}.", lang, character=c) if me else
                _("{seat} answers: the {character}.", lang, seat=names[s], character=c))
    elif place == CENTRE:
        text = (_("You answer: the centre.", lang) if me else
                _("{seat} answers: the centre.", lang, seat=names[s]))
    elif me and place == s:
        text = _("You answer: yourself.", lang)
    else:
        where = seat_name(place, names, reader, lang)
        text = (_("You answer: {place}.", lang, place=where) if me else
                _("{seat} answers: {place}.", lang, seat=names[s], place=where))
    return [(text, False)]


def _noextra(e: Mapping[str, Any], names: Sequence[str], reader: int | None, lang: str | None) -> Said:
    if e["prince"] == reader:
        return [(_("You ask no extra question.", lang), False)]
    return [(_("{prince} asks no extra question.", lang, prince=names[e["prince"]]), False)]


def _reveal(e: Mapping[str, Any], names: Sequence[str], reader: int | None, lang: str | None) -> Said:
    k, place, t = e["prince"], e["place"], _tile(e["tile"], lang)
    you = k == reader
    if place == CENTRE:
        text = (_("You turn over the centre tile: the {tile}!", lang, tile=t) if you else
                _("{prince} turns over the centre tile: the {tile}!", lang, prince=names[k], tile=t))
    elif place == reader:
        text = _("{prince} turns over your tile: the {tile}!", lang, prince=names[k], tile=t)
    else:
        text = (_("You turn over {seat}'s tile: the {tile}!", lang, seat=names[place], tile=t) if you else
                _("{prince} turns over {seat}'s tile: the {tile}!", lang, prince=names[k], seat=names[place],
                  tile=t))
    return [(text, False)]


def _rubies(e: Mapping[str, Any], names: Sequence[str], reader: int | None, lang: str | None) -> Said:
    seats = list(e["seats"])
    if not seats:
        return [(_("No rubies: no player is of the {symbol} family.", lang, symbol=_symbol(e["symbol"], lang)),
                 False)]
    if seats == [reader]:
        return [(_("A ruby for you.", lang), False)]
    return [(ngettext("A ruby for {players}.", "Rubies for {players}.", len(seats), lang,
                      players=_names_list([seat_name(s, names, reader, lang) for s in seats], lang)), False)]


#: One narrator per event kind: ``fn(event, names, reader, lang) -> [(sentence, private?), ...]``.
def _show(e: Mapping[str, Any], names: Sequence[str], reader: int | None, lang: str | None) -> Said:
    """The end of the round: every tile face up (the kit's debrief), and the centre's."""
    items = [(_("you were the {tile}", lang, tile=_tile(t, lang)) if s == reader else
              _("{seat} was the {tile}", lang, seat=names[s], tile=_tile(t, lang)))
             for s, t in enumerate(e["tiles"]) if t is not None and t != "Prince"]
    said = [(_("Every tile turns face up: {tiles}.", lang, tiles=_names_list(items, lang)), False)]
    if e.get("centre"):
        said.append((_("The centre tile was the {tile}.", lang, tile=_tile(e["centre"], lang)), False))
    return said


NARRATORS: dict[str, Callable[[Mapping[str, Any], Sequence[str], int | None, str | None], Said]] = {
    "prince": _prince, "deal": _deal, "ask": _ask, "answer": _answer, "noextra": _noextra,
    "reveal": _reveal, "rubies": _rubies, "show": _show,
}


def narrate_event(event: Mapping[str, Any], *, names: Sequence[str], reader: int | None = None,
                  lang: str | None = None, index: int = 0) -> list[Line]:
    """The sentences of one event for ``reader`` (``None``: a spectator), as lines of event ``index``.

    >>> narrate_event({"kind": "answer", "seat": 1, "place": 0, "character": None}, names=["Ana", "Ben"], reader=0)
    [Line(text='Ben answers: you.', private=False, event=0)]
    """
    narrator = NARRATORS.get(event.get("kind")) if isinstance(event, Mapping) else None
    if narrator is None:
        raise KitError(f"not a Princess Legend event: {event!r}; kinds: {', '.join(NARRATORS)}")
    return [Line(text, private, index) for text, private in narrator(event, names, reader, lang)]


def narrate(events: Sequence[Mapping[str, Any]], *, names: Sequence[str], reader: int | None = None,
            lang: str | None = None) -> list[Line]:
    """The sentences of ``events`` (a seat's ``observation()["log"]``) for ``reader``, in order.

    ``names[seat]`` names each seat; ``reader`` is the seat who reads (their
    own actions and tile read "You ..."), ``None`` for a spectator or a public
    log.  Each :class:`~kit.render.narration.Line` carries the index of its
    event; ``private`` marks what not everyone at the table knows (a tile the
    reader has seen).
    """
    out: list[Line] = []
    for i, e in enumerate(events):
        out += narrate_event(e, names=names, reader=reader, lang=lang, index=i)
    return out

"""Sentences from events: what a person reads of a game's log, in their language.

Engines record events as data (``kit.<game>.events``); this package turns
each event into a sentence for a given reader, one function per event kind,
through message templates with named fields (:mod:`kit.i18n`), so every
sentence a table shows can be translated.  Nothing here parses a sentence.

* :func:`narrate` — the lines of a log for one game (dispatched by name);
* :class:`Line` — one sentence, whether only the reader knows it, and the
  index of the event it tells;
* :func:`seat_name` — a seat's name for a reader (their own seat is "you").

Examples
--------
>>> Line("Ana plays the Guard.", False, 3).text
'Ana plays the Guard.'
>>> seat_name(1, ["Ana", "Ben"], reader=1), seat_name(1, ["Ana", "Ben"], reader=0)
('you', 'Ben')
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence

from ...core import registry
from ...i18n import _, pgettext

__all__ = ["Line", "narrate", "seat_name", "NARRATION_MODULES"]

#: game name -> module of that game's narrators (each exposes ``narrate(events, *, names, reader, lang)``):
#: a read-only view of the ``narration`` each game package declares (:mod:`kit.core.registry`).
NARRATION_MODULES: Mapping[str, str] = registry.RegistryView("narration")


class Line(NamedTuple):
    """One sentence of a log.

    Attributes
    ----------
    text
        The sentence, in the reader's language.
    private
        True when only the reader knows it (their own card, what their Priest saw...).
    event
        Index, in the list of events narrated, of the (first) event the sentence tells.
    """

    text: str
    private: bool
    event: int


def seat_name(seat: int, names: Sequence[str], reader: int | None = None, lang: str | None = None,
              game: str | None = None) -> str:
    """``names[seat]``, or "you" when the reader is that seat (for lists and objects of sentences).

    With ``game``, "you" is that game's word (a children's game may say the familiar "you":
    Czech "ty" in Sleeping Queens, "vy" in Love Letter).
    """
    if reader is not None and seat == reader:
        return pgettext(game, "you", lang) if game else _("you", lang)
    return names[seat]


def narrate(game: str, events: Sequence[Mapping[str, Any]], *, names: Sequence[str], reader: int | None = None,
            lang: str | None = None) -> list[Line]:
    """The sentences of ``events`` of game ``game`` (its registry name) for ``reader``, by the narration its
    package declares (:func:`kit.core.registry.part`: an unknown game, or a package without narration, is a
    ``KitError`` saying what to add)."""
    return registry.part(game, "narration").narrate(events, names=names, reader=reader, lang=lang)

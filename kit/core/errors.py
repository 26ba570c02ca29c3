"""The kit's error family, and refusals as data.

Every refusal the kit makes is a :class:`KitError`, a :class:`ValueError`, so
``except ValueError`` in a learner's code still catches it.  A refused call
never changes anything: engines check first and change afterwards.

**Facts, not sentences.**  A refusal carries its English *template* and its
*fields* as data (``exc.template``, ``exc.fields``); ``str(exc)`` is the
template filled in, the English sentence a Python user reads in a traceback.
A renderer (:func:`kit.i18n.refusals.explain`) says the same refusal in any
language from the template and the fields, never from the sentence.  The
fields are marked by what they are, so the renderer knows how to show each:

* :class:`Term`: the name of a card, tile or Queen of a game (translated with
  that game's names: the Polish King card of Sleeping Queens is "Książę");
* :class:`Seat`: a seat, ``p1`` in English (a table may show the seat's name);
* :class:`Code`: notation or a learner's text, shown as written in every
  language (the notation of actions is the API and stays English);
* :class:`Phrase`: a part of a sentence that is itself a template with fields;
* :class:`Joined`: several phrases with a separator (``"; "``);
* anything else (numbers) as it is.

A refusal of a move names its reason alone, without notation, in the field
``why`` (a :class:`Phrase`): what a table that is played by clicks shows.

Examples
--------
>>> from kit.core import IllegalActionError, KitError
>>> issubclass(IllegalActionError, KitError) and issubclass(KitError, ValueError)
True
>>> why = Phrase("{seat} is protected by a {card}", seat=Seat(1), card=Term("loveletter", "Handmaid"))
>>> exc = IllegalActionError("{action} is not allowed: {why}. Allowed: {allowed}", action=Code("Guard p1 Priest"),
...                          why=why, allowed=Code("Guard p0 Priest"))
>>> str(exc)
'Guard p1 Priest is not allowed: p1 is protected by a Handmaid. Allowed: Guard p0 Priest'
>>> exc.template, exc.reason.template
('{action} is not allowed: {why}. Allowed: {allowed}', '{seat} is protected by a {card}')
>>> str(KitError("an old-style message {with braces}"))  # a finished message: no fields
'an old-style message {with braces}'
"""

from __future__ import annotations

from typing import Any, Iterable

__all__ = ["KitError", "InvalidActionError", "IllegalActionError", "GameOverError", "Phrase", "Term", "Seat",
           "Code", "Joined", "not_an_outcome"]


class Phrase(str):
    """A sentence (or a part of one) as data: an English ``template`` and its ``fields``.

    ``str(phrase)`` is the English text (the template filled in), so a phrase
    can stand wherever a string stood; :func:`kit.i18n.refusals.explain` says
    it in another language.

    >>> p = Phrase("the {card} must choose a player", card=Term("loveletter", "Prince"))
    >>> p, p.template, p.fields["card"].game
    ('the Prince must choose a player', 'the {card} must choose a player', 'loveletter')
    """

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, /, **fields: Any) -> "Phrase":
        self = super().__new__(cls, template.format(**fields) if fields else template)
        self.template, self.fields = template, fields
        return self

    def __reduce__(self) -> tuple:
        return (_phrase, (self.template, self.fields))


def _phrase(template: str, fields: dict[str, Any]) -> Phrase:
    return Phrase(template, **fields)


class Term(str):
    """The name of a card, tile or Queen of ``game``; ``str`` is the English name (as the notation writes it).

    ``message``, when the catalog calls the thing by a longer name than the notation
    (Sleeping Queens' ``Potion`` is the "Sleeping Potion"), is the name to translate.

    >>> t = Term("sleepingqueens", "Potion", "Sleeping Potion")
    >>> t == "Potion", t.game, t.message
    (True, 'sleepingqueens', 'Sleeping Potion')
    """

    game: str
    message: str

    def __new__(cls, game: str, english: str, message: str | None = None) -> "Term":
        self = super().__new__(cls, english)
        self.game, self.message = game, english if message is None else message
        return self

    def __reduce__(self) -> tuple:
        return (Term, (self.game, str(self), self.message))


class Seat(str):
    """A seat: ``p1`` in English (the notation); a renderer may show the seat's name instead.

    >>> s = Seat(1)
    >>> s, s.seat
    ('p1', 1)
    """

    seat: int

    def __new__(cls, seat: int) -> "Seat":
        self = super().__new__(cls, f"p{seat}")
        self.seat = seat
        return self

    def __reduce__(self) -> tuple:
        return (Seat, (self.seat,))


class Code(str):
    """Notation of actions, or a learner's own text: shown as written, in every language.

    >>> Code("Guard p1 Priest")
    'Guard p1 Priest'
    """


class Joined(str):
    """Several fields shown one after the other with ``sep`` between them (each translated on its own).

    ``shown``, when given, is the separator once translated (names of several words read better
    with commas: ``Guard Priest`` is the notation's way, ``Strażniczka, Kapłan`` a reader's).

    >>> Joined([Phrase("one"), Phrase("two")], "; ")
    'one; two'
    """

    items: tuple[Any, ...]
    sep: str
    shown: str

    def __new__(cls, items: Iterable[Any], sep: str = ", ", shown: str | None = None) -> "Joined":
        items = tuple(items)
        self = super().__new__(cls, sep.join(map(str, items)))
        self.items, self.sep, self.shown = items, sep, sep if shown is None else shown
        return self

    def __reduce__(self) -> tuple:
        return (Joined, (self.items, self.sep, self.shown))


def not_an_outcome(state: Any, action: Any, phase: str) -> Phrase:
    """Why ``action`` is refused while chance moves (``phase``: what chance does now), in every game's words.

    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2).new_initial_state(first_player=0)
    >>> print(not_an_outcome(s, "Guard p1 Priest", "deal"))  # doctest: +ELLIPSIS
    chance moves now (deal): Guard p1 Priest is not a possible outcome; possible: deal Spy, deal Guard, ...
    """
    allowed = ", ".join(str(a) for a, _ in state.chance_outcomes())
    return Phrase("chance moves now ({phase}): {action} is not a possible outcome; possible: {allowed}",
                  phase=Code(phase), action=Code(str(action)), allowed=Code(allowed))


class KitError(ValueError):
    """Root of every error the kit raises on bad input.

    ``KitError(template, **fields)``: ``str(exc)`` is the English ``template``
    filled in with ``fields``; ``exc.template`` and ``exc.fields`` keep them
    for a renderer.  ``KitError(message)`` with a finished message (no fields)
    works as before; so does a :class:`Phrase` (or another refusal) given as the whole message.
    """

    template: str
    fields: dict[str, Any]

    def __init__(self, template: Any = "", /, **fields: Any) -> None:
        if isinstance(template, (Phrase, KitError)) and not fields:  # a phrase, or another refusal's words
            template, fields = template.template, dict(template.fields)
        template = str(template)
        self.template, self.fields = template, fields
        super().__init__(template.format(**fields) if fields else template)

    @property
    def reason(self) -> Phrase | None:
        """The reason alone (the field ``why``, without notation), or None."""
        why = self.fields.get("why")
        return why if isinstance(why, Phrase) else None

    def __reduce__(self) -> tuple:
        return (_error, (type(self), self.template, self.fields))


def _error(cls: type, template: str, fields: dict[str, Any]) -> KitError:
    return cls(template, **fields)


class InvalidActionError(KitError):
    """The text or object given as an action cannot be read as one.

    The message says what was read and which notation is expected.
    """


class IllegalActionError(KitError):
    """A well-formed action that the rules do not allow here.

    The message says why, and lists what is allowed.
    """


class GameOverError(KitError):
    """An action was given to a state that has already ended."""

"""Refusals in words: say an engine's refusal (or an equation's verdict) in any of the kit's languages.

The engines hold no sentences: a refusal (:class:`kit.core.KitError`) carries
its English template and its fields as data (see :mod:`kit.core.errors`), and
so does a :class:`kit.sleepingqueens.equations.Verdict`.  :func:`explain`
translates the template through the catalogs and each field by its kind:
a :class:`~kit.core.errors.Term` (a card's, tile's or Queen's name) with its
game's names, a :class:`~kit.core.errors.Phrase` (part of a sentence) as a
message of its own, a :class:`~kit.core.errors.Seat` as ``p1`` or the seat's
name, :class:`~kit.core.errors.Code` (notation, a learner's text) as written.

In English, with no names to put in, :func:`explain` gives exactly ``str(exc)``.

Examples
--------
>>> from kit.loveletter import LoveLetter
>>> from kit.core import KitError
>>> s = LoveLetter(2).new_initial_state(first_player=0)
>>> for a in ["deal Guard", "deal Guard", "deal Guard", "deal Priest", "deal Countess", "deal Baron", "deal Prince"]:
...     s.apply_action(a)
>>> try:
...     s.clone().apply_action("Prince p1")
... except KitError as exc:
...     refusal = exc
>>> explain(refusal, "en") == str(refusal)
True
>>> print(refusal)
Prince p1 is not allowed: with the Countess and a Prince in hand, the Countess must be played. Allowed: Countess
>>> print(explain(refusal, "pl"))
Prince p1 – tak nie można: w ręce są Hrabina i Książę, więc trzeba zagrać Hrabinę. Dozwolone: Countess
>>> print(explain(refusal, "fr", notation=False))  # what a table says: the reason alone, no notation
Avec la Comtesse et la carte Prince en main, il faut jouer la Comtesse.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..core.errors import Code, GameOverError, IllegalActionError, Joined, Phrase, Seat, Term
from .. import i18n as _i18n
from . import _, get_language, name

__all__ = ["explain", "say"]


def say(value: Any, lang: str | None = None, names: Sequence[str] | None = None) -> str:
    """One field of a refusal in language ``lang``: a name translated, a phrase as its message, a seat
    as ``p1`` (or its name from ``names``), anything else as it is."""
    if isinstance(value, Phrase):
        return _render(value.template, value.fields, lang, names)
    if isinstance(value, Term):
        return name(value.game, value.message, lang)
    if isinstance(value, Seat):
        ok = names is not None and type(value.seat) is int and 0 <= value.seat < len(names)
        return names[value.seat] if ok else str(value)
    if isinstance(value, Joined):  # the separator as the language writes it (a message: kit.i18n.JOINERS)
        return _i18n.join([say(v, lang, names) for v in value.items], lang, value.shown)
    return str(value)


def _render(template: str, fields: dict[str, Any], lang: str | None, names: Sequence[str] | None) -> str:
    if lang == "en" and names is None:  # the English words exactly (fields are str subclasses of their English)
        return template.format(**fields) if fields else template
    return _(template, lang, **{k: say(v, lang, names) for k, v in fields.items()})


def _has_code(fields: dict[str, Any]) -> bool:
    for v in fields.values():
        if isinstance(v, Code) or (isinstance(v, Phrase) and _has_code(v.fields)):
            return True
        if isinstance(v, Joined) and any(isinstance(i, Code) or (isinstance(i, Phrase) and _has_code(i.fields))
                                         for i in v.items):
            return True
    return False


def _sentence(text: str) -> str:
    """A reason as a sentence: a capital first letter, a full stop at the end."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


def explain(refusal: Any, lang: str | None = None, *, names: Sequence[str] | None = None,
            notation: bool = True) -> str:
    """``refusal`` (a :class:`~kit.core.KitError`, a Verdict or a Phrase) in language ``lang``.

    Parameters
    ----------
    refusal
        Anything with ``template`` and ``fields`` (an error of the kit, a
        :class:`~kit.sleepingqueens.equations.Verdict`, a
        :class:`~kit.core.errors.Phrase`); an error without them is shown as ``str()``.
    lang : str, optional
        A code of :data:`kit.i18n.LANGUAGES` (default: the kernel's language).
    names : sequence of str, optional
        The seats' names: a seat is then named (``Ben``) rather than written ``p1``.
    notation : bool
        With ``False``, what a table played by clicks shows: the reason alone
        (the field ``why``) as a sentence, with no notation in it (the notation
        of actions is English: it is the API).  A refusal that is only about
        notation then says so in a sentence of the table's language.

    Returns
    -------
    str
        In English with ``names=None`` and ``notation=True``: exactly ``str(refusal)``.

    Examples
    --------
    >>> from kit.core.errors import IllegalActionError, Phrase, Seat, Code
    >>> exc = IllegalActionError("{action} is not allowed: {why}. Allowed: {allowed}", action=Code("Priest p1"),
    ...                          why=Phrase("{seat} is out of the round", seat=Seat(1)), allowed=Code("Priest p2"))
    >>> explain(exc, "en")
    'Priest p1 is not allowed: p1 is out of the round. Allowed: Priest p2'
    >>> explain(exc, "en", names=["Ana", "Ben", "Cleo"], notation=False)
    'Ben is out of the round.'
    >>> explain(exc, "cs", names=["Ana", "Ben", "Cleo"], notation=False)
    'Ben už v tomto kole nehraje.'
    """
    template = getattr(refusal, "template", None)
    fields = getattr(refusal, "fields", None)
    if isinstance(refusal, Phrase) or not isinstance(template, str) or not isinstance(fields, dict):
        if isinstance(refusal, Phrase):
            template, fields = refusal.template, refusal.fields
        else:
            return str(refusal)
    if not template:  # nothing to translate (and gettext("") would be the catalog's header)
        return getattr(refusal, "message", None) or str(refusal)
    lang = lang or get_language()
    if not notation and not fields and lang != "en" and _i18n.translation(lang).gettext(template) == template:
        return _generic(refusal, lang)  # a finished English sentence, not a message: said in general words
    if notation or not _has_code(fields):
        text = _render(template, fields, lang, names)
        return text if notation else _sentence(text)
    why = fields.get("why")
    while isinstance(why, Phrase) and _has_code(why.fields):  # the reason of the reason, without notation
        why = why.fields.get("why")
    if isinstance(why, Phrase):
        return _sentence(_render(why.template, why.fields, lang, names))
    return _generic(refusal, lang)


def _generic(refusal: Any, lang: str) -> str:
    """What a table says of a refusal whose reason cannot be said without notation."""
    if isinstance(refusal, GameOverError):
        return _("The round is over.", lang)
    if isinstance(refusal, IllegalActionError):
        return _("The rules do not allow that move now.", lang)
    return _("That is not a move of this game.", lang)

"""Languages: what a person reads is translated; the notation of actions stays English.

Every sentence and label the kit shows a person is a *message*: an English
template with named fields, written literally inside a call to :func:`_` (or
:func:`ngettext` where a number decides the form), so that standard tools
(``pybabel extract``) find it and a translator can use ordinary gettext tools.
Catalogs are gettext ``.po`` files, one per language, in ``kit/i18n/locale/``;
a language without a catalog falls back to English, message by message.

The kit speaks the languages of its rule sheets:

>>> from kit import i18n
>>> i18n.LANGUAGES
('en', 'ro', 'cs', 'pt', 'pl', 'fr')
>>> i18n._("{actor} plays the {card}.", actor="Ana", card="Guard")
'Ana plays the Guard.'
>>> i18n.ngettext("{n} card", "{n} cards", 3)
'3 cards'
>>> i18n.LANGUAGE_NAMES["pl"]
'Polski'
>>> i18n.set_language("xx")
Traceback (most recent call last):
...
kit.core.errors.KitError: unknown language 'xx'; the kit speaks en, ro, cs, pt, pl, fr

Fields are filled in from keyword arguments only (never from text a learner typed), like ``str.format``,
with the grammar of the language where a word meets a field (:mod:`kit.i18n.grammar`: French "d'Ana",
"du Garde"); so a template is data, not code.
"""

from __future__ import annotations

import gettext as _gettext
import io
import locale
import os
from functools import lru_cache
from typing import Any

from ..core.errors import KitError
from .grammar import fill

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "DOMAIN", "set_language", "get_language", "check_language", "translation",
           "_", "ngettext", "pgettext", "npgettext", "N_", "NC_", "name", "join", "JOINERS"]

#: The languages of the kit: English and the languages of the rule sheets.
LANGUAGES: tuple[str, ...] = ("en", "ro", "cs", "pt", "pl", "fr")
#: Each language by its own name (what a language menu shows: a reader finds their language in it
#: whatever language the page is in, so these are never translated).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ro": "Română", "cs": "Čeština", "pt": "Português",
                                  "pl": "Polski", "fr": "Français"}
#: The gettext domain of the kit's catalogs (``locale/<lang>/LC_MESSAGES/kit.po``).
DOMAIN = "kit"
_LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")


def check_language(code: Any) -> str:
    """``code`` if it is one of :data:`LANGUAGES`, else a :class:`~kit.core.KitError` naming them."""
    if code not in LANGUAGES:
        raise KitError(f"unknown language {code!r}; the kit speaks {', '.join(LANGUAGES)}")
    return code


def _from_locale() -> str:
    try:
        code = (locale.getlocale()[0] or os.environ.get("LANG") or "en")[:2].lower()
    except (ValueError, TypeError):  # pragma: no cover - a broken locale setting
        code = "en"
    return code if code in LANGUAGES else "en"


_current = _from_locale()


def set_language(code: str) -> None:
    """Make ``code`` the kernel's default language (tables and checkers made later use it)."""
    global _current
    _current = check_language(code)


def get_language() -> str:
    """The kernel's default language (from the locale when it is one of the kit's, else English)."""
    return _current


@lru_cache(maxsize=len(LANGUAGES))
def translation(code: str) -> _gettext.NullTranslations:
    """The catalog of language ``code`` (English and a missing catalog: the messages themselves).

    ``.po`` files are read with Babel and compiled in memory, so a translator's
    edit shows at the next kernel start without a build step.
    """
    check_language(code)
    po = os.path.join(_LOCALE_DIR, code, "LC_MESSAGES", f"{DOMAIN}.po")
    if code == "en" or not os.path.exists(po):
        return _gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po, "rb") as f:
        catalog = read_po(f, locale=code)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


def _(message: str, lang: str | None = None, /, **fields: Any) -> str:
    """``message`` in language ``lang`` (default: :func:`get_language`), its ``{fields}`` filled in."""
    lang = lang or _current
    text = translation(lang).gettext(message)
    return fill(text, fields, lang) if fields else text


def ngettext(singular: str, plural: str, n: int, lang: str | None = None, /, **fields: Any) -> str:
    """The form of a message for the number ``n`` (three forms in Czech and Polish), with ``{n}`` and
    ``fields`` filled in."""
    lang = lang or _current
    text = translation(lang).ngettext(singular, plural, n)
    return fill(text, dict(fields, n=n), lang)


def pgettext(context: str, message: str, lang: str | None = None, /, **fields: Any) -> str:
    """``message`` in the sense of ``context`` (one English word may need two translations: the King card of
    Sleeping Queens is "Książę" in Polish, Love Letter's King is "Król")."""
    lang = lang or _current
    catalog = translation(lang)
    if hasattr(catalog, "pgettext"):
        text = catalog.pgettext(context, message)
    else:  # a translations object with the classic interface only (gettext, ngettext): no contexts
        text = catalog.gettext(message)
    return fill(text, fields, lang) if fields else text


def npgettext(context: str, singular: str, plural: str, n: int, lang: str | None = None, /, **fields: Any) -> str:
    """:func:`ngettext` in the sense of ``context``: a count inside a larger sentence, in the case that
    sentence needs ("put {n} cards under the deck": Polish "odkłada 1 kartę", the accusative).

    >>> npgettext("under the deck", "{n} card", "{n} cards", 2, "en")
    '2 cards'
    """
    lang = lang or _current
    catalog = translation(lang)
    if hasattr(catalog, "npgettext"):
        text = catalog.npgettext(context, singular, plural, n)
    else:  # pragma: no cover - a translations object with the classic interface only
        text = catalog.ngettext(singular, plural, n)
    return fill(text, dict(fields, n=n), lang)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined; translate it with :func:`_` where it is shown."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` (in the sense of ``context``) for translation; show it with :func:`name`."""
    return message


def name(game: str, english: str, lang: str | None = None, form: str | None = None) -> str:
    """A card's, tile's or Queen's name as the rule sheet of ``lang`` prints it for ``game``.

    Names are marked where they are defined with ``NC_(game, "Guard")``; every game has its own
    context, so each game's names follow its own sheet.

    ``form`` asks for another form of the name, for the templates whose language needs it
    there; each form is a context of its own, ``"<game>:<form>"``, marked with
    ``NC_("princesslegend:the", "Fairy")`` beside the templates that use it.  The form
    ``"the"`` is the name where the English template reads "the {tile}": in English the
    bare name (the template writes the article), in French and Portuguese the name with its
    article ("la Fée", "le Garde", "l'Espion"; "a Fada"), in Romanian the name with its
    suffixed article ("Zâna", "Gardianul"), in Czech and Polish the nominative.  A form a
    catalog does not translate falls back to the English name, like every message.

    >>> name("loveletter", "Guard", "en")
    'Guard'
    >>> name("princesslegend", "Fairy", "fr"), name("princesslegend", "Fairy", "fr", form="the")
    ('Fée', 'la Fée')
    >>> name("princesslegend", "Fairy", "en", form="the")
    'Fairy'
    """
    context = game if form is None else game + ":" + form
    return pgettext(context, english, lang)


#: The separators a list is joined with, each a message of its own (context ``"joiner"``): French puts a
#: non-breaking space before a semicolon (``" ; "``), a language may prefer another comma.
JOINERS: tuple[str, ...] = (NC_("joiner", ", "), NC_("joiner", "; "))


def join(items: Any, lang: str | None = None, sep: str = ", ") -> str:
    """``items`` (strings) joined by the separator ``sep`` as language ``lang`` writes it.

    ``sep`` is one of :data:`JOINERS` (another separator is used as given).

    >>> join(["2", "3", "5"], "en"), join(["one", "two"], "fr", "; ")
    ('2, 3, 5', 'one\u00a0; two')
    """
    shown = pgettext("joiner", sep, lang) if sep in JOINERS else sep
    return shown.join(items)

"""Grammar where a message's words meet its fields: French elision and contraction, Portuguese contraction.

A template is written once, with named fields, but in some languages the word
written just before a field changes with what the field holds.  French elides
before a vowel ("la main de {name}": "la main de Ben", "la main d'Ana"; "il ne
reste que {name}": "qu'Eva") and contracts a preposition with the article of a
name given with its article ("la carte de {card}" with "le Garde": "du Garde";
"à {card}": "au Garde"; "de les": "des", "à les": "aux").  Portuguese contracts
a preposition with the definite article ("de a Fada": "da Fada", "em o": "no",
"por o": "pelo"; not "a": the preposition "a" and the article "a" are written alike, so "a {queen}"
is the translator's article and stays).  A translator writes the plain words ("de {name}",
"à {card}"); :func:`fill`, which :func:`kit.i18n._` and its siblings use to put
the fields in, makes them right for what the fields hold.

Only the word right before a field changes, and only there: the translator's
own words elsewhere are never touched.  Rules of the kit (documented in
``docs/languages.md``):

* a French word elides before a value that begins with a vowel letter (a, e, i,
  o, u and their accented forms); not before ``h`` (names such as "Hugo" or
  "Hélène" take either form in French, and the kit keeps the written one), not
  before ``y`` (Yann), not before a digit ("le 8", "le 11": the kit writes numbers
  in digits);
* the words that elide: de, que, le, la, ne, se, je, me, te, jusque, lorsque,
  puisque (with a capital letter too: "De", "Que"...);
* Czech, Polish, Romanian and English change nothing at a field: their names
  take their cases through message contexts (:func:`kit.i18n.name` with a
  ``form``), not by rewriting.

Examples
--------
>>> fill("la main de {name}", {"name": "Ana"}, "fr"), fill("la main de {name}", {"name": "Ben"}, "fr")
("la main d'Ana", 'la main de Ben')
>>> fill("Il ne reste que {player} en jeu", {"player": "Eva"}, "fr")
"Il ne reste qu'Eva en jeu"
>>> fill("la défausse de {card}", {"card": "le Garde"}, "fr"), fill("Passe à {card}", {"card": "le Roi"}, "fr")
('la défausse du Garde', 'Passe au Roi')
>>> fill("le pouvoir de {card}", {"card": "l'Espion"}, "fr")
"le pouvoir de l'Espion"
>>> fill("o poder de {card}", {"card": "a Fada"}, "pt"), fill("em {card}", {"card": "o Rei"}, "pt")
('o poder da Fada', 'no Rei')
>>> fill("{actor} plays the {card}.", {"actor": "Ana", "card": "Guard"}, "en")
'Ana plays the Guard.'
"""

from __future__ import annotations

import re
import string
from functools import lru_cache
from typing import Any, Mapping

__all__ = ["fill", "ELIDING", "CONTRACTIONS", "starts_with_vowel"]

_FORMATTER = string.Formatter()

#: French words that elide before a vowel, by their written form.
ELIDING: Mapping[str, str] = {w: w[:-1] + "'" for w in
                              ("de", "que", "le", "la", "ne", "se", "je", "me", "te", "jusque", "lorsque", "puisque")}

#: Per language: (preposition, article) -> the contracted word.
CONTRACTIONS: Mapping[str, Mapping[tuple[str, str], str]] = {
    "fr": {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"},
    "pt": {("de", "o"): "do", ("de", "a"): "da", ("de", "os"): "dos", ("de", "as"): "das",
           ("em", "o"): "no", ("em", "a"): "na", ("em", "os"): "nos", ("em", "as"): "nas",
           ("por", "o"): "pelo", ("por", "a"): "pela", ("por", "os"): "pelos", ("por", "as"): "pelas"},
}

_VOWELS = set("aeiouàâäéèêëîïôöùûüæœAEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜÆŒ")
_LAST_WORD = re.compile(r"(?:^|(?<=[\s(«\u00a0\"“'’]))(\w+) $")
_FIRST_WORD = re.compile(r"(\w+) ")


def starts_with_vowel(text: str) -> bool:
    """Does ``text`` begin with a vowel letter (where a French word before it elides)?

    >>> starts_with_vowel("Ana"), starts_with_vowel("Édith"), starts_with_vowel("Hugo"), starts_with_vowel("8")
    (True, True, False, False)
    """
    return bool(text) and text[0] in _VOWELS


@lru_cache(maxsize=4096)
def _parts(template: str) -> tuple[tuple[str, str | None, str, str | None], ...]:
    return tuple(_FORMATTER.parse(template))


def _capital(model: str, word: str) -> str:
    return word[0].upper() + word[1:] if model[:1].isupper() else word


def _meet(before: str, value: str, lang: str) -> tuple[str, str]:
    """The literal text before a field and the field's value, once they meet in ``lang``."""
    m = _LAST_WORD.search(before)
    if m is None:
        return before, value
    word = m.group(1)
    head = before[:m.start(1)]
    contractions = CONTRACTIONS.get(lang, {})
    first = _FIRST_WORD.match(value)
    if first is not None and (word.lower(), first.group(1)) in contractions:
        return head, _capital(word, contractions[word.lower(), first.group(1)]) + value[first.end(1):]
    if lang == "fr" and word.lower() in ELIDING and starts_with_vowel(value):
        return head + _capital(word, ELIDING[word.lower()]), value
    return before, value


def fill(template: str, fields: Mapping[str, Any], lang: str | None) -> str:
    """``template`` with its ``{fields}`` put in (like ``str.format``), the word before each field made right
    for the value in language ``lang`` (see the module's rules)."""
    if lang not in CONTRACTIONS:
        return template.format(**fields)
    out: list[str] = []
    for literal, field, spec, conversion in _parts(template):
        out.append(literal)
        if field is None:
            continue
        value, _key = _FORMATTER.get_field(field, (), fields)
        value = _FORMATTER.convert_field(value, conversion)
        text = _FORMATTER.format_field(value, _FORMATTER.vformat(spec, (), fields) if spec else "")
        before = "".join(out)
        before, text = _meet(before, text, lang)
        out = [before, text]
    return "".join(out)

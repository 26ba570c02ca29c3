"""Numbers and signs in a learner's own words, in each of the kit's languages.

A child at a Sleeping Queens table says an addition aloud: "dwa dodać cztery równa
się sześć", "dois mais quatro é igual a seis", "deux plus quatre est égal à six",
"dva plus čtyři se rovná šest", "doi plus patru este egal cu șase".  This module
holds the words a reader accepts and turns a learner's words into the symbols the
strict readers read (:func:`to_symbols`: "2 + 4 = 6"); nothing is ever evaluated.

* **Numbers** 0 to 99: the catalog's words (:data:`NUMBER_WORDS`, :data:`TENS_WORDS`,
  translated like every message), joined as each language joins them ("vingt et un",
  "dwadzieścia jeden", "jedenadvacet"), the other forms children write
  (:data:`OTHER_NUMBER_WORDS`: feminine forms, the other country's words, and the
  names of the digits as school children use them: Polish "dwójka", "piątka",
  Czech "dvojka", "pětka").
* **Plus** (:data:`PLUS_WORDS`): "plus", the language's "and", Polish "dodać", Portuguese
  "mais"...; **equals** (:data:`EQUALS_WORDS`): "równa się", "é igual a", "est égal à",
  "se rovná", "este egal cu", "is equal to"... (several words make one sign).
* English words are read in every language (a class may mix them).

Words are compared in lower case, and without accents when that is not ambiguous
(a child may type "rowna sie"; Portuguese "é" is "is" and "e" is "and").

Examples
--------
>>> to_symbols("dwa dodać cztery równa się sześć", "pl")
'2 + 4 = 6'
>>> to_symbols("dwójka i trójka to piątka", "pl"), to_symbols("dois mais três é igual a cinco", "pt")
('2 + 3 = 5', '2 + 3 = 5')
>>> to_symbols("vinte e um", "pt"), to_symbols("deux plus trois est égal à cinq", "fr")
('21', '2 + 3 = 5')
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Iterable, Sequence

from . import N_, _, get_language

__all__ = ["NUMBER_WORDS", "TENS_WORDS", "OTHER_NUMBER_WORDS", "LARGEST_NUMBER_WORD", "YES_WORDS", "NO_WORDS",
           "AND_WORD", "PLUS_WORDS", "EQUALS_WORDS", "fold", "words_of", "sign_of", "number_table", "phrase_value",
           "scan", "to_symbols", "LONGEST_PHRASE"]

#: The number words a child may write, zero to twenty (English, and the kernel's language where translated).
NUMBER_WORDS: tuple[str, ...] = (
    N_("zero"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"),
    N_("nine"), N_("ten"), N_("eleven"), N_("twelve"), N_("thirteen"), N_("fourteen"), N_("fifteen"),
    N_("sixteen"), N_("seventeen"), N_("eighteen"), N_("nineteen"), N_("twenty"))
#: The tens from thirty to ninety: with :data:`NUMBER_WORDS` they spell every number up to 99, the way each
#: language joins them ("twenty-one", "vingt et un", "douăzeci și unu", "dvacet jedna" or "jedenadvacet").
TENS_WORDS: tuple[str, ...] = (
    N_("thirty"), N_("forty"), N_("fifty"), N_("sixty"), N_("seventy"), N_("eighty"), N_("ninety"))

_PL_DIGITS = ("jedynk", "dwójk", "trójk", "czwórk", "piątk", "szóstk", "siódemk", "ósemk", "dziewiątk", "dziesiątk")
_CS_DIGITS = ("jedničk", "dvojk", "trojk", "čtyřk", "pětk", "šestk", "sedmičk", "osmičk", "devítk", "desítk")
#: Other spellings children write for some numbers, by language: the feminine or neuter forms ("une", "uma",
#: "duas", "dvě", "două", "jedna"), the other country's forms (pt-PT "catorze", "dezasseis"; Belgian and Swiss
#: "septante", "nonante"), "quatre-vingt" without its s, and the names of the digits that Polish and Czech
#: children use for a card or a mark ("dwójka", "piątka"; "dvojka", "pětka"), in the cases a sentence puts
#: them in ("dwójkę", "dvojku").  Only read, never shown.
OTHER_NUMBER_WORDS: dict[str, dict[str, int]] = {
    "en": {},
    "ro": {"una": 1, "două": 2, "douăsprezece": 12, "patrusprezece": 14},
    "cs": {"jeden": 1, "jedno": 1, "dvě": 2,
           **{stem + end: n for n, stem in enumerate(_CS_DIGITS, 1) for end in ("a", "u", "y", "ou")}},
    "pt": {"uma": 1, "duas": 2, "catorze": 14, "dezasseis": 16, "dezassete": 17, "dezanove": 19},
    "pl": {"jedna": 1, "jedno": 1, "dwie": 2,
           **{stem + end: n for n, stem in enumerate(_PL_DIGITS, 1) for end in ("a", "ę", "i", "ą")}},
    "fr": {"une": 1, "quatre-vingt": 80, "septante": 70, "huitante": 80, "octante": 80, "nonante": 90},
}
#: The largest number the readers read in words (every answer an exercise asks for is at most 20).
LARGEST_NUMBER_WORD = 99
#: Yes and no (messages: each language's words, and English).
YES_WORDS = (N_("yes"), N_("true"), N_("right"), N_("correct"))
NO_WORDS = (N_("no"), N_("false"), N_("wrong"), N_("not true"))
#: The language's "and" (it joins two numbers to add, and a ten to its unit: "vinte e um").
AND_WORD = N_("and")
#: The words that mean "+" (beside :data:`AND_WORD` and "plus" in each language's catalog), by language.
PLUS_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("and", "plus", "add", "added to"),
    "ro": ("și", "plus", "adunat cu"),
    "cs": ("a", "plus", "přičteno", "a k tomu"),
    "pt": ("e", "mais", "somado a", "somado com"),
    "pl": ("i", "plus", "dodać", "dodaj", "oraz"),
    "fr": ("et", "plus", "ajouté à"),
}
#: The words that mean "=" (beside "equals", "is", "makes" in each language's catalog), by language.
EQUALS_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("equals", "equal", "is", "makes", "make", "is equal to", "are", "gives"),
    "ro": ("este egal cu", "egal cu", "egal", "este", "e", "fac", "face", "dă", "dau", "egalează"),
    "cs": ("se rovná", "rovná se", "je rovno", "je", "jsou", "dává", "dají", "rovná"),
    "pt": ("é igual a", "igual a", "é", "dá", "são", "resulta em", "igual"),
    "pl": ("równa się", "to", "jest", "daje", "dają", "równe", "jest równe", "będzie"),
    "fr": ("est égal à", "égale", "égal à", "égal", "font", "fait", "ça fait", "est", "donne"),
}
_CATALOG_PLUS = (AND_WORD, N_("plus"))
_CATALOG_EQUALS = (N_("equals"), N_("is"), N_("makes"), N_("make"))
_ENDS = " \t\r\n.!?\"'"
#: The most words in one number or sign ("quatre vingt dix et un" has five).
LONGEST_PHRASE = 6


def fold(text: str) -> str:
    """Text as the readers compare it: lower case, no accents (a child may type "dwadziescia", "douazeci si
    unu"; the old Romanian cedilla letters ş ţ fold like ș ț), hyphens between letters as spaces.

    >>> fold("Równa-Się"), fold("douăzeci şi unu")
    ('rowna sie', 'douazeci si unu')
    """
    text = re.sub(r"(?<=[^\W\d_])-(?=[^\W\d_])", " ", text.casefold())
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return " ".join(text.split())


def words_of(ids: Iterable[str], lang: str | None) -> dict[str, int]:
    """Each message of ``ids`` in English and in ``lang``, lower case, to its index."""
    out: dict[str, int] = {}
    for i, word in enumerate(ids):
        out.setdefault(word.casefold(), i)
        out.setdefault(_(word, lang).casefold(), i)
    return out


@lru_cache(maxsize=16)
def _signs(lang: str) -> tuple[frozenset[str], frozenset[str]]:
    """The phrases (lower case, as written) that mean "+" and those that mean "=" in ``lang`` (and English)."""
    plus = set(words_of(_CATALOG_PLUS, lang)) | set(PLUS_WORDS["en"]) | set(PLUS_WORDS.get(lang, ()))
    equals = set(words_of(_CATALOG_EQUALS, lang)) | set(EQUALS_WORDS["en"]) | set(EQUALS_WORDS.get(lang, ()))
    return frozenset(" ".join(p.casefold().split()) for p in plus), frozenset(" ".join(e.casefold().split())
                                                                            for e in equals)


def sign_of(words: str, lang: str | None = None) -> str | None:
    """``"+"`` for a word (or words) that means plus, ``"="`` for one that means equals, else ``None``.

    The words as written decide first; without their accents only when that is not ambiguous (Portuguese
    "é" is "is" and "e" is "and").

    >>> sign_of("dodać", "pl"), sign_of("równa się", "pl"), sign_of("rowna sie", "pl"), sign_of("é", "pt")
    ('+', '=', '=', '=')
    >>> sign_of("e", "pt"), sign_of("se rovná", "cs"), sign_of("este egal cu", "ro"), sign_of("chat", "fr")
    ('+', '=', '=', None)
    """
    plus, equals = _signs(lang or get_language())
    text = " ".join(words.casefold().split())
    if text in plus:
        return "+"
    if text in equals:
        return "="
    folded = fold(words)
    is_plus = folded in {fold(w) for w in plus}
    is_equals = folded in {fold(w) for w in equals}
    return "+" if is_plus and not is_equals else "=" if is_equals and not is_plus else None


def _spellings(lang: str) -> dict[str, int]:
    """Every spelling of 0 to 99 in one language (folded, see :func:`fold`), built from its words: a ten and
    a unit, with or without the language's "and" ("twenty one", "vinte e um"), the unit first in one word
    ("jedenadvacet": Czech), and a teen after a ten that makes the next ten with "ten" ("soixante et onze",
    "quatre-vingt-dix-sept": French)."""
    words: dict[int, set[str]] = {}
    for i, word in enumerate(NUMBER_WORDS):
        words.setdefault(i, set()).add(fold(_(word, lang)))
    for i, word in enumerate(TENS_WORDS):
        words.setdefault(30 + 10 * i, set()).add(fold(_(word, lang)))
    for word, n in OTHER_NUMBER_WORDS.get(lang, {}).items():
        words.setdefault(n, set()).add(fold(word))
    ands = {fold(_(AND_WORD, lang))}
    table: dict[str, int] = {}
    for n, spelled in words.items():
        for w in spelled:
            table.setdefault(w, n)
    tens = {n: spelled for n, spelled in words.items() if n >= 20 and n % 10 == 0}
    for t, spelled in tens.items():
        for u in range(1, 10):
            for tw in spelled:
                for uw in words[u]:
                    table.setdefault(f"{tw} {uw}", t + u)
                    for a in ands:
                        table.setdefault(f"{tw} {a} {uw}", t + u)
                        table.setdefault(f"{uw}{a}{tw}", t + u)
    for t, spelled in tens.items():
        for tw in spelled:
            if not any(table.get(f"{tw} {ten}") == t + 10 for ten in words[10]):
                continue
            for v in range(11, 20):
                for vw in words[v]:
                    table.setdefault(f"{tw} {vw}", t + v)
                    for a in ands:
                        table.setdefault(f"{tw} {a} {vw}", t + v)
    return table


@lru_cache(maxsize=16)
def _number_table(lang: str) -> dict[str, int]:
    table = dict(_spellings(lang))
    for key, n in _spellings("en").items():
        table.setdefault(key, n)
    return table


def number_table(lang: str | None = None) -> dict[str, int]:
    """The spellings of 0 to 99 (folded) a child of ``lang`` (default: the kernel's language) may write, and
    English."""
    return _number_table(lang or get_language())


def phrase_value(words: Sequence[str], lang: str | None) -> int | None:
    """The number that ``words`` spell together (one word may be digits), else ``None``.

    >>> phrase_value(["piątka"], "pl"), phrase_value(["vinte", "e", "um"], "pt"), phrase_value(["7"], "en")
    (5, 21, 7)
    """
    if len(words) == 1 and words[0].isascii() and words[0].isdigit():
        # no card or sum has ten digits: a longer run is no number of the game (and int() of thousands of
        # digits would be refused, or slow)
        return int(words[0]) if len(words[0]) <= 9 else None
    return number_table(lang).get(fold(" ".join(words)))


def scan(words: Sequence[str], lang: str | None) -> list[tuple[str, int | None]]:
    """``words`` read from the left, the longest number phrase first: ``(text, number)`` for each number and
    ``(word, None)`` for every other word."""
    out: list[tuple[str, int | None]] = []
    i = 0
    while i < len(words):
        for k in range(min(LONGEST_PHRASE, len(words) - i), 0, -1):
            value = phrase_value(words[i:i + k], lang)
            if value is not None:
                out.append((" ".join(words[i:i + k]), value))
                i += k
                break
        else:
            out.append((words[i], None))
            i += 1
    return out


def _signs_in(items: list[tuple[str, int | None]], lang: str | None) -> list[str]:
    """Numbers as digits, and the longest run of words that is a sign as that sign; other words as written."""
    out: list[str] = []
    i = 0
    while i < len(items):
        text, value = items[i]
        if value is not None:
            out.append(str(value))
            i += 1
            continue
        for k in range(min(4, len(items) - i), 0, -1):
            run = items[i:i + k]
            if any(v is not None for _t, v in run):
                continue
            sign = sign_of(" ".join(t for t, _v in run), lang)
            if sign is not None:
                out.append(sign)
                i += k
                break
        else:
            out.append(text)
            i += 1
    return out


def to_symbols(text: str, lang: str | None = None) -> str:
    """``text`` with its numbers in words as digits and its words for plus and equals as ``+`` and ``=``
    (anything else kept as written, for a strict reader to refuse with its reason); the sentence's own
    full stop, exclamation or question mark and quotes around it are left out.

    >>> to_symbols("Two plus three makes five"), to_symbols("2 + 3 = 5"), to_symbols("dva a tři je pět", "cs")
    ('2 + 3 = 5', '2 + 3 = 5', '2 + 3 = 5')
    >>> to_symbols("doi plus trei este egal cu cinci", "ro"), to_symbols("2 fois 3", "fr")
    ('2 + 3 = 5', '2 fois 3')
    """
    out = []
    for piece in re.split(r"(\+|=)", text.strip(_ENDS)):
        if piece in ("+", "="):
            out.append(piece)
        elif piece.strip():
            out.append(" ".join(_signs_in(scan(piece.split(), lang), lang)))
    return " ".join(out)

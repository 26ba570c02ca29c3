"""The message catalogs: extract every message of the kit, update each language's ``.po``, check them.

Messages are found in the source by the standard tool (Babel's extractor) from
the calls that mark them: ``_("...")``, ``N_("...")``, ``ngettext("...", "...", n)``,
``npgettext("ctx", "...", "...", n)``,
``pgettext("ctx", "...")`` and ``NC_("ctx", "...")``.  The template is
``kit/i18n/locale/kit.pot``; each language has ``kit/i18n/locale/<lang>/LC_MESSAGES/kit.po``,
which translators edit with any gettext tool (Poedit, Lokalize, a text editor).

Run from the repository::

    python -m kit.i18n.catalogs update    # extract, then merge new messages into every .po (or: update pl)
    python -m kit.i18n.catalogs check     # every message translated in every language, same fields

Examples
--------
>>> ids = {m.id for m in extract() if m.id}
>>> "Pass the screen to {name}." in ids
True
>>> sorted(placeholders("{actor} plays the {card}."))
['actor', 'card']
"""

from __future__ import annotations

import io
import os
import string
import sys
from typing import Iterable

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from . import DOMAIN, LANGUAGES

__all__ = ["KEYWORDS", "LOCALE_DIR", "extract", "po_path", "update", "check", "placeholders"]

#: How each marking call names its message: positions of singular/plural, ``c`` = the context.
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "NC_": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3),
            "Phrase": None}  # a part of a refusal (kit.core.errors.Phrase): its template is a message
PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCALE_DIR = os.path.join(PACKAGE_DIR, "i18n", "locale")


def extract() -> Catalog:
    """Every message marked in ``kit/`` (the template), with where it comes from."""
    catalog = Catalog(project="tabletop-teaching-kit", domain=DOMAIN, fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            PACKAGE_DIR, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("i18n:",),
            strip_comment_tags=True):
        if os.sep + "tests" + os.sep in filename:
            continue
        catalog.add(message, None, [(os.path.join("kit", filename), lineno)], auto_comments=comments,
                    context=context)
    return catalog


def po_path(lang: str) -> str:
    """The ``.po`` file of language ``lang``."""
    return os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", f"{DOMAIN}.po")


def _write(catalog: Catalog, path: str) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=False, omit_header=False, include_previous=False)
    with open(path, "wb") as f:
        f.write(buf.getvalue())


def update(langs: Iterable[str] = LANGUAGES[1:]) -> list[str]:
    """Write the template and merge it into each language's ``.po`` (new messages empty, old kept)."""
    template = extract()
    _write(template, os.path.join(LOCALE_DIR, f"{DOMAIN}.pot"))
    written = []
    for lang in langs:
        path = po_path(lang)
        if os.path.exists(path):
            with open(path, "rb") as f:
                catalog = read_po(f, locale=lang)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="tabletop-teaching-kit")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog.fuzzy = False  # the header is not a guess (a fuzzy header would be skipped when read)
        _write(catalog, path)
        written.append(path)
    return written


def placeholders(text: str) -> set[str]:
    """The named ``{fields}`` of a message."""
    return {f for _lit, f, _spec, _conv in string.Formatter().parse(text) if f}


def check(langs: Iterable[str] = LANGUAGES[1:]) -> list[str]:
    """Every problem of the catalogs: a message missing or untranslated, a plural form missing, fields
    that differ from the English message's.  Empty when all is well."""
    template = extract()
    problems = []
    for lang in langs:
        path = po_path(lang)
        if not os.path.exists(path):
            problems.append(f"{lang}: no catalog at {path}")
            continue
        with open(path, "rb") as f:
            catalog = read_po(f, locale=lang)
        for m in template:
            if not m.id:
                continue
            got: Message | None = catalog.get(m.id, context=m.context)
            key = m.id if isinstance(m.id, str) else m.id[0]
            where = f"{lang}: {key!r}" + (f" ({m.context})" if m.context else "")
            if got is None:
                problems.append(f"{where}: missing (run python -m kit.i18n.catalogs update)")
                continue
            singular = m.id if isinstance(m.id, str) else m.id[0]
            fields = placeholders(singular) | (placeholders(m.id[1]) if not isinstance(m.id, str) else set())
            forms = [got.string] if isinstance(got.string, str) else list(got.string)
            if isinstance(m.id, (list, tuple)) and len(forms) != catalog.num_plurals:
                problems.append(f"{where}: {len(forms)} plural forms, {lang} needs {catalog.num_plurals}")
            for form in forms:
                if not form:
                    problems.append(f"{where}: not translated")
                    break
                extra = placeholders(form) - fields - {"n"}
                if extra:
                    problems.append(f"{where}: fields {sorted(extra)} not in the English message")
                    break
                if isinstance(m.id, str) and placeholders(form) != fields:
                    problems.append(f"{where}: fields {sorted(placeholders(form))}, English has {sorted(fields)}")
                    break
    return problems


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        for path in update(argv[1:] or LANGUAGES[1:]):
            print(path)
        return 0
    if argv[:1] == ["check"]:
        problems = check(argv[1:] or LANGUAGES[1:])
        for p in problems[:200]:
            print(p)
        print(f"{len(problems)} problem(s)")
        return 1 if problems else 0
    print("usage: python -m kit.i18n.catalogs update [LANG...] | check [LANG...]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

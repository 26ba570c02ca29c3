"""The notebooks in the languages of their rule sheets keep in step with the English ones.

``notebooks/pl/sleepingqueens.ipynb`` (Polish, the Sleeping Queens sheet's language) and
``notebooks/fr/princesslegend.ipynb`` (French, Princess Legend's) are the English play notebooks with their
words translated, and so are the exercises of those games: ``solutions/pl/sleepingqueens_equations.ipynb``,
``solutions/fr/princesslegend_deduction.ipynb`` and the exercises made from them (``exercises/pl/...``,
``exercises/fr/...``, by ``make exercises``).  Each has one code cell first that sets the kernel's language,
then the same cells in the same order, every text cell translated, every code cell the same code unless the
translation gives its own version of today's English cell (its comments and printed words in the language;
Love Letter in Czech and Portuguese: the 2019 edition of their sheets).  They are
all written by tools/translate_notebooks.py and executed with every other notebook by tests/test_notebooks.py
(which collects the language folders too).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from kit.teach.notebooks import TEXT_STUB, _without_hidden, stale_exercises

ROOT = Path(__file__).resolve().parents[1]
LANGUAGE_FOLDERS = ("ro", "cs", "pt", "pl", "fr")


def _translated() -> dict[str, tuple[str, str]]:
    """Every notebook in a language folder (``notebooks/pl/x.ipynb``) -> (its English notebook, the language)."""
    found = {}
    for top in ("notebooks", "solutions", "exercises"):
        for lang in LANGUAGE_FOLDERS:
            for nb in sorted((ROOT / top / lang).glob("*.ipynb")):
                found[f"{top}/{lang}/{nb.name}"] = (f"{top}/{nb.name}", lang)
    return found


TRANSLATED = _translated()


def _jobs() -> list[tuple]:
    import importlib.util
    spec = importlib.util.spec_from_file_location("translate_notebooks", ROOT / "tools" / "translate_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.all_jobs()


#: (English source notebook, language) -> {code cell id: (sha of the English cell, its own version)}: the code
#: cells a translation writes in its language (tools/translate_notebooks.py and tools/notebook_translations/).
OWN_CODE = {(english, lang): {cell_id: (sha, text) for (cell_id, sha), text in words.items()}
            for english, _target, lang, _first, words in _jobs()}


def _sha(text: str) -> str:
    import hashlib
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _solution_of(path: str) -> str:
    """The notebook a translated notebook is made from: its English twin (an exercise: its solution's)."""
    parts = path.split("/")
    top = "solutions" if parts[0] == "exercises" else parts[0]
    return "/".join([top, parts[-1]])


def _cell_of(path: str, cell_id: str) -> dict:
    return next(c for c in _cells(path) if c.get("id") == cell_id)


def test_the_sheets_notebooks_are_there():
    for path in ("notebooks/pl/sleepingqueens.ipynb", "notebooks/fr/princesslegend.ipynb",
                 "solutions/pl/sleepingqueens_equations.ipynb", "solutions/fr/princesslegend_deduction.ipynb",
                 "exercises/pl/sleepingqueens_equations.ipynb", "exercises/fr/princesslegend_deduction.ipynb"):
        assert path in TRANSLATED
    for path, (english, _) in TRANSLATED.items():
        assert (ROOT / english).is_file(), f"{path} translates {english}, which is not there"


#: Words of each sheet that its language's text must use (names as the sheet prints them).
SHEET_WORDS = {"pl": ["Książę", "Rycerz", "Królewn"], "fr": ["Princesse", "Reine Noire", "Servante"],
               "ro": ["Gardiană", "Prințesă"], "cs": ["Stráž", "Princezna"], "pt": ["Guarda", "Princesa"]}
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _cells(path: str) -> list[dict]:
    return json.loads((ROOT / path).read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"])


@pytest.mark.parametrize("path", sorted(TRANSLATED))
def test_a_translated_notebook_has_the_same_cells_and_the_same_code(path):
    english, lang = TRANSLATED[path]
    mine, theirs = _cells(path), _cells(english)
    first = next(c for c in mine if c["cell_type"] == "code")
    assert f'set_language("{lang}")' in _source(first)
    rest = [c for c in mine if c is not first]
    assert [c["cell_type"] for c in rest] == [c["cell_type"] for c in theirs]
    assert [c.get("id") for c in rest] == [c.get("id") for c in theirs]
    own = OWN_CODE.get((_solution_of(path), lang), {})
    for a, b in zip(rest, theirs):
        if a["cell_type"] == "code" and _without_hidden(_source(a), path) != _without_hidden(_source(b), path):
            # (a hidden test may differ: the build writes it from the translated solution's own answers)
            # the translation's own version of today's English cell (its words, or another edition)
            assert a.get("id") in own, f"{path}: code cell {a.get('id')} differs from {english}'s"
            if not path.startswith("exercises/"):  # a solution's checker cell: nbgrader's hidden test added
                assert _without_hidden(_source(a), path) == _without_hidden(own[a.get("id")][1], path)
            assert _sha(_source(_cell_of(_solution_of(english), a.get("id")))) == own[a.get("id")][0]
    # an exercise's answer blank ("YOUR ANSWER HERE") is the same in every language
    texts = [(a, b) for a, b in zip(rest, theirs)
             if a["cell_type"] == "markdown" and _source(b) != "\n".join(TEXT_STUB)]
    translated = sum(_source(a) != _source(b) for a, b in texts)
    assert translated == len(texts), f"{len(texts) - translated} text cell(s) still in English"


@pytest.mark.parametrize("path", sorted(TRANSLATED))
def test_a_translated_notebook_uses_its_sheet_s_words_and_its_links_lead_somewhere(path):
    _, lang = TRANSLATED[path]
    text = "\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "markdown")
    for word in SHEET_WORDS[lang] if text else ():  # a page with no prose (an app page) names no card
        assert word in text, f"{path}: the sheet's word {word!r} is missing"
    folder = (ROOT / path).parent
    for link in _LINK.findall(text):
        if "://" in link:
            continue
        target = unquote(link.split("#")[0])
        assert (folder / target).resolve().exists(), f"{path}: the link {link} leads nowhere"


@pytest.mark.parametrize("lang, play, exercise", [
    ("pl", "sleepingqueens", "sleepingqueens_equations"), ("fr", "princesslegend", "princesslegend_deduction"),
    ("ro", "loveletter", "loveletter_counting"), ("cs", "loveletter", "loveletter_counting"),
    ("pt", "loveletter", "loveletter_counting")])
def test_the_play_notebooks_lead_to_the_exercises_in_their_language(lang, play, exercise):
    assert f"../../exercises/{lang}/{exercise}.ipynb" in json.dumps(
        _cells(f"notebooks/{lang}/{play}.ipynb"), ensure_ascii=False)
    assert f"exercises/{lang}/{exercise}.ipynb" in TRANSLATED
    assert f"solutions/{lang}/{exercise}.ipynb" in TRANSLATED


def test_the_translated_exercises_are_made_from_the_translated_solutions():
    """exercises/pl and exercises/fr come from solutions/pl and solutions/fr, like every exercise."""
    assert stale_exercises(ROOT / "solutions", ROOT / "exercises") == []
    from kit.teach.notebooks import _notebooks
    made = {p.relative_to(ROOT / "exercises").as_posix() for p in _notebooks(ROOT / "exercises")}
    assert {"pl/sleepingqueens_equations.ipynb", "fr/princesslegend_deduction.ipynb"} <= made


def test_a_language_folder_of_solutions_gives_the_same_folder_of_exercises(tmp_path):
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    from kit.teach.notebooks import build_exercises, mark_for_nbgrader

    def write(nb, path):  # a solution as the kit keeps it: with its nbgrader marks
        nbformat.write(mark_for_nbgrader(nb), path)

    sol, ex = tmp_path / "solutions", tmp_path / "exercises"
    (sol / "pl").mkdir(parents=True)
    one = new_notebook(cells=[new_code_cell("### BEGIN SOLUTION\nx = 42\n### END SOLUTION")])
    write(one, sol / "one.ipynb")
    write(one, sol / "pl" / "one.ipynb")
    assert stale_exercises(sol, ex) == ["one.ipynb", "pl/one.ipynb"]
    assert [p.relative_to(ex).as_posix() for p in build_exercises(sol, ex)] == ["one.ipynb", "pl/one.ipynb"]
    assert "raise NotImplementedError(" in (ex / "pl" / "one.ipynb").read_text(encoding="utf-8")
    assert stale_exercises(sol, ex) == []
    one.cells[0].source = "### BEGIN SOLUTION\nx = 43\n### END SOLUTION\ny = 1"
    write(one, sol / "pl" / "one.ipynb")
    assert stale_exercises(sol, ex) == ["pl/one.ipynb"]               # the English twin is still in step
    (sol / "pl" / "one.ipynb").unlink()
    assert stale_exercises(sol, ex) == ["pl/one.ipynb"]               # an orphan now
    build_exercises(sol, ex)
    assert not (ex / "pl" / "one.ipynb").exists() and (ex / "one.ipynb").exists()


#: Words of English sentences (none of them a word of the other languages' sentences, nor of the notation).
_ENGLISH = {"the", "and", "you", "your", "my", "of", "with", "is", "are", "every", "each", "once", "how", "many",
            "these", "which", "what", "from", "that", "this", "not", "it", "for", "new", "change", "holds", "draws",
            "plays", "wins", "rounds", "against", "chance", "card", "cards", "hand", "three", "dealt", "one",
            "numbers", "deals", "fit", "answer", "answers", "when", "who"}


def _words_read(source: str) -> list[str]:
    """The comments and string literals of a code cell as a reader reads them: no hidden test, no f-string field,
    no `code` in backticks, no notation (``who-are-you``, ``p1``)."""
    import io
    import tokenize

    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in (tokenize.COMMENT, tokenize.STRING):
                text = re.sub(r"\{[^{}]*\}|`[^`]*`|\b\w+(?:-\w+)+\b", " ", tok.string)
                out.append(text)
    except (tokenize.TokenError, IndentationError, SyntaxError):  # pragma: no cover - every cell is Python
        out.append(source)
    return out


@pytest.mark.parametrize("path", sorted(p for p in TRANSLATED if not p.startswith("exercises/")))
def test_a_language_folders_code_writes_its_comments_and_printed_words_in_the_language(path):
    """Everything in a language folder in that language, code output included: no English sentence in a code
    cell's comments, docstrings or printed strings (the notation and the names of Python stay English)."""
    english = []
    for cell in _cells(path):
        if cell["cell_type"] != "code":
            continue
        source = _without_hidden(_source(cell), path)
        for piece in _words_read(source):
            # whole words, letters with diacritics included ("înmulțită" is one word, not "nmul" and "it")
            found = [w for w in re.findall(r"[^\W\d_]+", piece) if w.lower() in _ENGLISH]
            if len(found) >= 2:
                english.append((cell.get("id"), piece.strip()[:80]))
    assert not english, english

"""The play notebooks in the languages of their rule sheets keep in step with the English ones.

``notebooks/pl/sleepingqueens.ipynb`` (Polish, the Sleeping Queens sheet's language) and
``notebooks/fr/princesslegend.ipynb`` (French, Princess Legend's) are the English notebooks with their
words translated: one code cell first that sets the kernel's language, then the same cells in the same
order, every code cell the same code, every text cell translated.  They are executed with every other
notebook by tests/test_notebooks.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = {
    "notebooks/pl/sleepingqueens.ipynb": ("notebooks/sleepingqueens.ipynb", "pl"),
    "notebooks/fr/princesslegend.ipynb": ("notebooks/princesslegend.ipynb", "fr"),
}


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
    for a, b in zip(rest, theirs):
        if a["cell_type"] == "code":
            assert _source(a) == _source(b)
    texts = [(a, b) for a, b in zip(rest, theirs) if a["cell_type"] == "markdown"]
    translated = sum(_source(a) != _source(b) for a, b in texts)
    assert translated == len(texts), f"{len(texts) - translated} text cell(s) still in English"

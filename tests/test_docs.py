"""The rules pages in docs/rules/: every citation of them resolves, and each page has the sections the kit's
rulings need."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
PAGES = ("loveletter.md", "sleepingqueens.md", "princesslegend.md")

# A citation: the page's path in the repository, then maybe "#anchor" (also inside a relative link "../docs/...").
CITATION = re.compile(r"docs/rules/([A-Za-z0-9_.-]+?\.md)(?:#([A-Za-z0-9_-]+))?")

#: The sections each page must have: every rule topic and every ruling the kit implements.
REQUIRED = {
    "loveletter.md": [
        "editions", "the-first-publisher-variant", "the-cards", "spy", "guard", "priest", "baron", "handmaid",
        "prince", "chancellor", "king", "countess", "princess", "setting-up-a-round", "a-turn",
        "choosing-players", "nobody-can-be-chosen", "out-of-the-round", "end-of-a-round",
        "ties-at-the-end-of-a-round", "spy-bonus", "a-whole-game", "who-starts-the-first-round",
        "who-starts-the-next-round", "winning-the-game", "several-players-reach-the-target",
        "what-each-player-knows", "chance-in-the-kit", "described-positions", "notation", "rulings-and-decisions",
    ],
    "sleepingqueens.md": [
        "the-cards", "queens-and-their-points", "setting-up", "a-turn", "king", "knight", "sleeping-potion",
        "blocking", "every-target-is-asked", "when-knight-and-potion-may-be-played", "jester", "discarding",
        "equations", "drawing-back-to-five", "the-rose-queen", "cat-and-dog", "an-empty-draw-pile", "winning",
        "what-each-player-knows", "chance-in-the-kit", "notation", "rulings-and-decisions",
    ],
    "princesslegend.md": [
        "the-tiles", "symbols-and-families", "tiles-for-each-number-of-players", "setting-up-a-round",
        "questions", "who-is-that", "the-extra-question", "answers", "the-reveal", "rubies",
        "the-centre-tile-scores-nobody", "what-each-player-knows", "a-whole-game", "the-first-prince",
        "the-next-prince", "how-many-rounds", "ties-and-the-last-round", "deduction-in-the-kit", "notation",
        "rulings-and-decisions",
    ],
}


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, each space a hyphen.

    >>> slug("Spy bonus (2019)"), slug("Who is that?"), slug("Cat and Dog")
    ('spy-bonus-2019', 'who-is-that', 'cat-and-dog')
    """
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> list[str]:
    """The anchors of a markdown page's headings, in order (a repeated heading gets ``-1``, ``-2``, ...)."""
    seen: dict[str, int] = {}
    out = []
    fenced = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        m = None if fenced else re.match(r"#{1,6} (.+?)\s*#*\s*$", line)
        if m:
            base = slug(m.group(1))
            k = seen.get(base, 0)
            seen[base] = k + 1
            out.append(base if k == 0 else f"{base}-{k}")
    return out


def citing_files() -> list[Path]:
    return sorted([*ROOT.glob("kit/**/*.py"), *ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("solutions/*.ipynb")])


def test_slugs_follow_github():
    assert slug("Ties at the end of a round") == "ties-at-the-end-of-a-round"
    assert slug("The first-publisher variant") == "the-first-publisher-variant"
    assert slug("What each player knows") == "what-each-player-knows"


def test_every_citation_resolves_to_a_page_and_a_section():
    found, broken = 0, []
    for path in citing_files():
        for m in CITATION.finditer(path.read_text(encoding="utf-8")):
            found += 1
            page, anchor = RULES / m.group(1), m.group(2)
            where = f"{path.relative_to(ROOT)}: {m.group(0)}"
            if not page.is_file():
                broken.append(f"{where} (no page {m.group(1)})")
            elif anchor is not None and anchor not in anchors(page):
                broken.append(f"{where} (no section #{anchor})")
    assert found > 0  # the notebooks link to the rules, and the kit's docstrings cite them
    assert broken == []


#: The pages in the languages of the rule sheets: (page, its English page).
TRANSLATED = {"loveletter.ro.md": "loveletter.md", "loveletter.cs.md": "loveletter.md",
              "loveletter.pt.md": "loveletter.md", "sleepingqueens.pl.md": "sleepingqueens.md",
              "princesslegend.fr.md": "princesslegend.md"}


def test_links_inside_the_rules_pages_resolve():
    broken = []
    for page in [RULES / "README.md", *(RULES / p for p in PAGES), *(RULES / p for p in TRANSLATED)]:
        for target, anchor in re.findall(r"\]\(([\w.-]*\.md)?(?:#([^)\s]+))?\)", page.read_text(encoding="utf-8")):
            linked = RULES / target if target else page
            if not linked.is_file() or (anchor and anchor not in anchors(linked)):
                broken.append(f"{page.name}: {target}#{anchor}")
    assert broken == []


@pytest.mark.parametrize("page", PAGES)
def test_each_page_has_the_sections_the_rulings_need(page):
    have = anchors(RULES / page)
    missing = [a for a in REQUIRED[page] if a not in have]
    assert missing == []
    assert len(have) == len(set(have))  # no heading repeated: every anchor names one section


@pytest.mark.parametrize("page", PAGES)
def test_each_ruling_is_marked_and_listed(page):
    text = (RULES / page).read_text(encoding="utf-8")
    assert text.count("**Ruling.**") >= 3
    listed = text.split("## Rulings and decisions", 1)[1]
    assert len(re.findall(r"^\d+\. \[", listed, flags=re.M)) >= 5  # the closing list links each ruling


def test_the_index_links_every_page():
    index = (RULES / "README.md").read_text(encoding="utf-8")
    for page in PAGES:
        assert f"]({page})" in index


@pytest.mark.parametrize("page", sorted(TRANSLATED))
def test_each_page_in_a_sheets_language_has_the_sections_of_its_english_page(page):
    """Same sections, in the same order and at the same levels, so a reader can compare them."""
    def levels(p: Path) -> list[int]:
        return [len(m) for m in re.findall(r"^(#+) ", p.read_text(encoding="utf-8"), flags=re.M)]

    assert levels(RULES / page) == levels(RULES / TRANSLATED[page])
    have = anchors(RULES / page)
    assert len(have) == len(set(have))
    assert f"]({page})" in (RULES / "README.md").read_text(encoding="utf-8")

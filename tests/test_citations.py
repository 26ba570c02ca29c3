"""Every file of the repository cites only files of the repository.

Docstrings, comments, notebooks and pages cite the kit's own pages (``docs/``, ``docs/rules/``) and modules,
never a design note or rule file kept beside the repository, nor a path of the machine it was written on: a
learner or teacher who has only the repository must be able to follow every reference.  Markdown links (in
pages and in notebooks' text cells) must land on a file of the repository.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: What is read: the kit, its tests, pages, notebooks, tools and benchmarks, and the files at the top.
FOLDERS = ("kit", "tests", "docs", "notebooks", "solutions", "exercises", "tools", "benchmarks")
SUFFIXES = {".py", ".md", ".ipynb", ".txt", ".toml", ".cfg", ".json", ".yml", ".yaml", ".html", ".po", ".pot"}
SKIP = {".venv", ".git", "__pycache__", "node_modules", "build", "_compiled", ".ipynb_checkpoints"}

# Written in pieces, so that this file does not cite them itself.
OUTSIDE = [
    re.compile(r"\b(?:DESIGN|RULES)" + r"\.md\b"),        # the design note and rule file kept beside the repository
    re.compile(r"\.\./" + r"shared\b"),                    # the folder beside it
    re.compile(r"(?<![\w.])/" + r"work/"),                 # a path of the machine the kit was written on
]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _files():
    tops = [p for p in ROOT.iterdir() if p.is_file() and (p.suffix in SUFFIXES or p.name in ("Makefile",))]
    for top in tops:
        yield top
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in SUFFIXES and not SKIP & set(path.relative_to(ROOT).parts):
                yield path


def _text(path: Path) -> str:
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".ipynb":  # the cells' sources (outputs are not committed)
        cells = json.loads(text).get("cells", [])
        return "\n".join("".join(c.get("source", "")) for c in cells)
    return text


def test_no_file_cites_a_file_outside_the_repository():
    me = Path(__file__).resolve()
    found = []
    for path in _files():
        if path.resolve() == me:
            continue
        for n, line in enumerate(_text(path).splitlines(), 1):
            if any(p.search(line) for p in OUTSIDE):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:120]}")
    assert found == [], "\n".join(found)


def test_every_markdown_link_to_a_file_lands_in_the_repository():
    broken = []
    for path in _files():
        if path.suffix == ".md" or path.suffix == ".ipynb":
            cells = ([_text(path)] if path.suffix == ".md" else
                     ["".join(c.get("source", "")) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                      if c.get("cell_type") == "markdown"])
            for cell in cells:
                for target in LINK.findall(cell):
                    target = target.split("#", 1)[0].split("?", 1)[0]
                    if not target or re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):  # an anchor, a URL, mailto:
                        continue
                    landed = (path.parent / target).resolve()
                    if not landed.is_relative_to(ROOT) or not landed.exists():
                        broken.append(f"{path.relative_to(ROOT)}: {target}")
    assert broken == [], "\n".join(broken)


def test_the_check_finds_a_citation_of_a_file_outside():
    """The checks above can fail: each pattern finds what it is for, and no ordinary reference."""
    for line in ["see " + "DESIGN" + ".md, section 3", "as " + "RULES" + ".md says", "in .." + "/shared/seeds/",
                 "from /" + "work/shared/x"]:
        assert any(p.search(line) for p in OUTSIDE), line
    for line in ["see docs/architecture.md", "docs/rules/loveletter.md#the-guard", "kit/trees/build.py",
                 "a network/work/flow"]:
        assert not any(p.search(line) for p in OUTSIDE), line

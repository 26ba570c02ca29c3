"""Links to a section of a rules page land on that section in JupyterLab (issue 19).

The notebooks link to sections of the rules pages (``../docs/rules/sleepingqueens.md#discarding``,
``princesslegend.md#answers``, the Polish ``#równania``...).  JupyterLab opens such a link in its Markdown
view and scrolls to the element the fragment names; it gives headings no id a link can name (only a
``data-jupyter-id`` made of the heading's own words, "Discarding"), so each linked section of a rules page
carries its own anchor, ``<a id="discarding"></a>`` above its heading (and, for a fragment of letters
beyond ASCII, the same id as the link's URL spells it: ``<a id="równania"></a><a id="r%C3%B3wnania"></a>``,
for JupyterLab looks the fragment up percent-encoded).  Here a small notebook with the
notebooks' own links is opened in a real JupyterLab (beside a copy of docs/), each link is clicked, and the
section must be in view, below the top of the page.  tests/test_browser_app.py clicks the same links in Voila.
"""

from __future__ import annotations

import re
import shutil
from urllib.parse import quote

import nbformat
import pytest

from conftest import ROOT

pytestmark = pytest.mark.browser

#: (link as the notebooks write it, the section's anchor)
LINKS = [("../docs/rules/sleepingqueens.md#discarding", "discarding"),
         ("../docs/rules/princesslegend.md#answers", "answers"),
         ("../docs/rules/sleepingqueens.pl.md#równania", "równania"),
         ("../docs/rules/princesslegend.fr.md#les-réponses", "les-réponses")]


def linked_sections() -> dict[str, set[str]]:
    """Every rules page a notebook, exercise or solution links to a section of, with those sections."""
    found: dict[str, set[str]] = {}
    for top in ("notebooks", "exercises", "solutions"):
        for path in (ROOT / top).rglob("*.ipynb"):
            for cell in nbformat.read(path, as_version=4).cells:
                if cell.cell_type == "markdown":
                    for page, anchor in re.findall(r"\]\([./]*docs/rules/([\w.-]+\.md)#([^)\s]+)\)", cell.source):
                        found.setdefault(page, set()).add(anchor)
    return found


def test_every_linked_section_has_its_own_anchor():
    """JupyterLab finds a section only by an element whose id is the link's fragment (checked without a browser)."""
    sections = linked_sections()
    assert {"sleepingqueens.md", "princesslegend.md", "sleepingqueens.pl.md"} <= set(sections)
    for page, anchors in sections.items():
        text = (ROOT / "docs" / "rules" / page).read_text(encoding="utf-8")
        for anchor in anchors:
            # JupyterLab looks the fragment up as the link's URL spells it: "r%C3%B3wnania" for "równania"
            ids = [f'<a id="{a}"></a>' for a in dict.fromkeys([anchor, quote(anchor, safe="-_.~")])]
            assert re.search(rf'^{re.escape("".join(ids))}\n#{{1,6}} ', text, flags=re.M), (
                f"{page}: put {''.join(ids)} on the line above the heading the notebooks link to")


def test_a_rules_link_lands_on_its_section_in_jupyterlab(jupyterlab, lab_notebook, tmp_path):
    shutil.copytree(ROOT / "docs", jupyterlab.root / "docs", dirs_exist_ok=True)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("\n".join(f"* [section {i}]({link})" for i, (link, _a) in
                                                        enumerate(LINKS))),
                nbformat.v4.new_code_cell("1 + 1")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, jupyterlab.root / "notebooks" / "_rules_links.ipynb")
    page = lab_notebook("_rules_links.ipynb")
    for i, (_link, anchor) in enumerate(LINKS):
        page.locator(".jp-MarkdownOutput a", has_text=f"section {i}").first.click()
        target = f".jp-MarkdownViewer [data-jupyter-id='{anchor}'], .jp-MarkdownViewer [id='{anchor}']"
        page.wait_for_selector(target, state="attached", timeout=60_000)
        page.wait_for_function(
            """sel => { const e = document.querySelector(sel); if (!e) return false;
                        const v = e.closest('.jp-MarkdownViewer'); const r = e.getBoundingClientRect();
                        const w = v.getBoundingClientRect();
                        const scrolled = [v, ...v.querySelectorAll('*')].some(x => x.scrollTop > 0 && x.contains(e));
                        return scrolled && r.top >= w.top - 2 && r.top < w.top + w.height / 2; }""",
            arg=target, timeout=30_000)
        page.screenshot(path=str(tmp_path / f"rules_link_{i}.png"))
        # back to the notebook's tab for the next link
        page.locator(".lm-TabBar-tab", has_text="_rules_links.ipynb").first.click()

"""The rules pages' HTML twins for app mode (tools/rules_pages.py): every section keeps GitHub's anchor.

A link in a notebook names a section by the anchor GitHub gives its heading (tests/test_docs.py checks
that every link names one); in Voila the link opens the page's HTML twin, whose headings must carry the
very same ids, in the same order, for every rules page.  tests/test_browser_app.py clicks the links.
"""

from __future__ import annotations

import importlib.util
import re

from test_docs import RULES, anchors

from conftest import ROOT

_spec = importlib.util.spec_from_file_location("rules_pages", ROOT / "tools" / "rules_pages.py")
rules_pages = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rules_pages)


def test_every_heading_keeps_its_github_anchor():
    pages = sorted(RULES.glob("*.md"))
    assert len(pages) >= 9
    for md in pages:
        html = rules_pages.page(md)
        assert re.findall(r'<h\d id="([^"]+)"', html) == anchors(md), md.name


def test_links_between_rules_pages_lead_to_their_twins_and_the_language_is_the_pages():
    html = rules_pages.page(RULES / "README.md")
    assert 'href="sleepingqueens.html"' in html and ".md\"" not in html
    assert '<html lang="pl">' in rules_pages.page(RULES / "sleepingqueens.pl.md")
    assert rules_pages.slug("Co který hráč ví") == "co-který-hráč-ví"
    assert rules_pages.slug("Spy bonus (2019)") == "spy-bonus-2019"


def test_make_app_writes_every_page(tmp_path):
    written = rules_pages.write(tmp_path)
    static = tmp_path / "voila" / "templates" / "kit" / "static" / "rules"
    assert sorted(written) == sorted(static / md.relative_to(RULES).with_suffix(".html") for md in RULES.rglob("*.md"))
    assert 'id="discarding"' in (tmp_path / rules_pages.STATIC / "sleepingqueens.html").read_text(encoding="utf-8")

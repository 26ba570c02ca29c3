"""The rules pages (docs/rules/*.md) as HTML pages for app mode, where Voila shows no Markdown file.

JupyterLab opens a notebook's link to ``../docs/rules/sleepingqueens.md#discarding`` in its Markdown
view, and lands on the section by the page's own anchor (``<a id="discarding"></a>`` above the heading:
JupyterLab gives headings no id a link can name).  Voila serves notebooks only; ``make app`` runs this
script first, and the app pages' template (tools/jupyter/voila/templates/kit) sends every click on a link
to ``docs/rules/<page>.md#<section>`` to the HTML twin written here, ``voila/static/rules/<page>.html``,
whose headings carry the ids GitHub gives them (lower case, punctuation dropped, spaces as hyphens).
Nothing is committed: the pages are made from docs/rules each time the app starts.

Usage (what the Makefile runs; the folder is a Jupyter data folder that Voila searches)::

    .venv/bin/python tools/rules_pages.py .cache/app-jupyter
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import mistune

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
#: Where, under a Jupyter data folder, Voila finds the kit template's static files (served at voila/static/).
STATIC = Path("voila") / "templates" / "kit" / "static" / "rules"
_STYLE = """
body{font:17px/1.55 system-ui,'Segoe UI',Roboto,sans-serif;color:#1f2328;max-width:54rem;margin:1.5rem auto;
 padding:0 1.2rem}
h1{font-size:2rem}h2{font-size:1.5rem;margin-top:2rem;border-bottom:1px solid #d0d7de}h3{font-size:1.2rem}
code{background:#f6f8fa;padding:0 .2em;border-radius:4px;font-size:.95em}
pre{background:#f6f8fa;padding:.8rem;overflow:auto;border-radius:6px}
table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.3rem .6rem}
:target{background:#fff8c5}a{color:#0969da}
"""


def slug(text: str) -> str:
    """The id GitHub gives a heading: lower case, punctuation dropped (letters of every script kept), each
    space a hyphen.

    >>> slug("Discarding"), slug("Spy bonus (2019)"), slug("Co který hráč ví"), slug("Les réponses")
    ('discarding', 'spy-bonus-2019', 'co-který-hráč-ví', 'les-réponses')
    """
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


class _Renderer(mistune.HTMLRenderer):
    """Markdown to HTML with GitHub's heading ids, and links between rules pages to their HTML twins."""

    def __init__(self) -> None:
        super().__init__(escape=False)
        self.seen: dict[str, int] = {}

    def heading(self, text: str, level: int, **attrs) -> str:
        base = slug(html.unescape(re.sub(r"<[^>]+>", "", text)))
        n = self.seen.get(base, 0)
        self.seen[base] = n + 1
        anchor = base if n == 0 else f"{base}-{n}"
        return f'<h{level} id="{html.escape(anchor)}">{text}</h{level}>\n'

    def link(self, text: str, url: str, title: str | None = None) -> str:
        if "://" not in url:  # a link to another rules page (or one in a folder beside): its twin
            url = re.sub(r"^([\w./-]+)\.md(?=$|#)", r"\1.html", url)
        return super().link(text, url, title)


def page(md_path: Path) -> str:
    """The HTML page of one rules page."""
    source = md_path.read_text(encoding="utf-8")
    body = mistune.create_markdown(renderer=_Renderer(), plugins=["table", "strikethrough"])(source)
    title = next((m.group(1) for m in re.finditer(r"^# (.+)$", source, flags=re.M)), md_path.stem)
    parts = md_path.name.split(".")
    lang = parts[1] if len(parts) == 3 else "en"
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<link rel="icon" href="data:;base64,="><title>{html.escape(title)}</title>'
            f"<style>{_STYLE}</style></head>\n<body>\n{body}</body></html>\n")


def write(data_dir: Path) -> list[Path]:
    """Write every rules page's HTML (and those of its folders) into ``data_dir``/:data:`STATIC`; the files
    written."""
    out = Path(data_dir) / STATIC
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for md in sorted(RULES.rglob("*.md")):
        target = out / md.relative_to(RULES).with_suffix(".html")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page(md), encoding="utf-8")
        written.append(target)
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    files = write(Path(sys.argv[1]))
    print(f"rules pages for app mode: {len(files)} in {Path(sys.argv[1]) / STATIC}")

"""Numbers legible on every card at every size, measured on the glyphs Chromium renders.

Every number the kit prints on a card (the Sleeping Queens number cards 1 to 10, the Queens' points,
the places of the grid, the Love Letter values) is drawn at each width the kit uses, and bigger and
smaller; for each its glyphs' boxes (``getExtentOfChar``, the box the browser lays each glyph in) must
show a glyph of at least 12 px that is not squeezed (as wide as at least half its height: a "10"
squeezed into a "D" fails), no glyph overlapping the next, the whole number inside its card (and
beside the ten-frame on a number card).  No JupyterLab is needed: the pictures are pure HTML/SVG.
"""

from __future__ import annotations

import pytest

from kit.render.loveletter import _edition, card_html
from kit.render.sleepingqueens import HAND_W, PILE_W, PLACE_W, QUEEN_W, SLOT_W, SMALL_W
from kit.render.sleepingqueens_art import card_svg, empty_svg, queen_svg, sleeping_svg

from conftest import CHROMIUM, CHROMIUM_ARGS, _browser_missing

pytestmark = pytest.mark.browser

#: Every width the kit draws a card at (the table's hand, slots, pile, other hands, the Queens; the children's
#: pages draw 44 to 62), and a size beyond each end.
WIDTHS = sorted({40, 44, SMALL_W, PILE_W, PLACE_W, QUEEN_W, SLOT_W, 58, 60, 62, 64, HAND_W, 120})

_GLYPHS = """() => [...document.querySelectorAll('svg.sq-art')].flatMap(svg => {
  const scale = svg.getBoundingClientRect().width / 100;   // every card: a 100 x 140 box
  return [...svg.querySelectorAll('text')].filter(t => /^[0-9]+$/.test(t.textContent)).map(t => {
    const chars = [...t.textContent].map((c, i) => { const e = t.getExtentOfChar(i);
      return {c, x: e.x, w: e.width, h: e.height}; });
    const b = t.getBBox();
    return {art: svg.getAttribute('data-art'), width: svg.getAttribute('width'), text: t.textContent,
            cls: t.getAttribute('class') || '', scale, chars, box: [b.x, b.y, b.x + b.width, b.y + b.height]};
  });
})"""


@pytest.fixture(scope="module")
def page():
    missing = _browser_missing()
    if missing:
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser.new_page(viewport={"width": 1366, "height": 768})
        browser.close()


def _problems(glyphs: list[dict]) -> list[str]:
    bad = []
    for g in glyphs:
        where = f"{g['art']} at {g['width']} px: {g['text']!r}"
        for a in g["chars"]:
            if a["h"] * g["scale"] < 12 / 1.17:  # the glyph's box is 1.17 em: under 12 px of type
                bad.append(f"{where}: {a['c']} is {a['h'] * g['scale'] / 1.17:.1f} px")
            if a["w"] < 0.5 * a["h"]:
                bad.append(f"{where}: {a['c']} squeezed ({a['w']:.1f} wide, {a['h']:.1f} high)")
        for a, b in zip(g["chars"], g["chars"][1:]):
            if a["x"] + a["w"] > b["x"] + 0.5:
                bad.append(f"{where}: {a['c']} overlaps {b['c']}")
        x0, _y0, x1, _y1 = g["box"]
        if x0 < 0 or x1 > 100:
            bad.append(f"{where}: outside the card ({x0:.1f} to {x1:.1f})")
        if "sq-number" in g["cls"] and x1 > 56:
            bad.append(f"{where}: runs into the ten-frame ({x1:.1f})")
    return bad


def test_the_sleeping_queens_numbers_are_legible_at_every_size(page):
    cards = "".join(card_svg(str(n), width=w) for w in WIDTHS for n in range(1, 11))
    page.set_content(f"<html><body>{cards}</body></html>")
    glyphs = page.evaluate(_GLYPHS)
    assert len(glyphs) == 10 * len(WIDTHS)
    assert _problems(glyphs) == []
    # the 10 at the pile's width (issue 19: it read as "D"): two glyphs side by side, each a digit's width
    ten = next(g for g in glyphs if g["text"] == "10" and g["width"] == str(PILE_W))
    one, zero = ten["chars"]
    assert one["x"] + one["w"] <= zero["x"] + 0.5 and zero["w"] >= 0.5 * zero["h"]


def test_the_queens_points_and_the_places_are_legible_at_every_size(page):
    from kit.sleepingqueens.cards import QUEEN_POINTS

    art = "".join(queen_svg(q.name.title(), width=w) for w in WIDTHS for q in QUEEN_POINTS)
    art += "".join(sleeping_svg(k, width=w) + empty_svg(k, width=w) for w in WIDTHS for k in (1, 7, 12))
    page.set_content(f"<html><body>{art}</body></html>")
    glyphs = page.evaluate(_GLYPHS)
    assert len(glyphs) == len(WIDTHS) * (len(QUEEN_POINTS) + 6)
    assert _problems(glyphs) == []


def test_the_love_letter_values_sit_inside_their_circles(page):
    html = "".join(card_html(c, ed, mini=mini) for ed in ("classic", "2019") for c in _edition(ed).cards
                   for mini in (False, True))
    page.set_content(f"<html><body>{html}</body></html>")
    bad = page.evaluate("""() => [...document.querySelectorAll('.ll-val')].map(v => {
        const r = document.createRange(); r.selectNodeContents(v);
        const t = r.getBoundingClientRect(), b = v.getBoundingClientRect();
        return {text: v.textContent, h: t.height, inside: t.left >= b.left - 0.5 && t.right <= b.right + 0.5
                && t.top >= b.top - 1 && t.bottom <= b.bottom + 1};
      }).filter(x => !x.inside || x.h < 12)""")
    assert bad == []


def test_every_love_letter_rule_text_fits_its_card_in_every_language(page):
    """A card's rule is printed whole on the card (the box clips what overflows it): every card of every
    edition, in each of the kit's languages."""
    from kit.i18n import LANGUAGES
    from kit.loveletter.cards import EDITIONS

    html = "".join(f"<div data-who='{lang} {name} {c}'>{card_html(c, ed, lang=lang)}</div>"
                   for lang in LANGUAGES for name, ed in EDITIONS.items() for c in ed.cards)
    page.set_content(f"<html><body>{html}</body></html>")
    cut = page.evaluate("""() => [...document.querySelectorAll('[data-who]')].map(d => {
        const t = d.querySelector('.ll-text');
        return [d.dataset.who, t.scrollHeight - t.clientHeight];
      }).filter(x => x[1] > 1)""")
    assert cut == [], cut

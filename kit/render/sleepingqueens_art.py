"""Sleeping Queens card pictures, drawn by the kit in SVG (no image files).

Every card is one ``<svg>`` in a 100 x 140 box, drawn at the width asked for:

* :func:`queen_svg` — the twelve Queens, each with her own picture (a Heart,
  a Cat with pointed ears and whiskers, a Dog with floppy ears and a tongue,
  a stack of Pancakes, a Ladybug, a Moon, a Peacock, a Sunflower, a Cake, a
  Rainbow, a Rose, a Starfish), a crown and her points;
* :func:`card_svg` — the red-backed cards: King, Knight, Dragon, Sleeping
  Potion, Magic Wand, Jester, and the number cards 1 to 10, whose dots sit in
  a ten-frame (a column of five, then the next), so a child can count them;
* :func:`sleeping_svg` — a Queen asleep, face down, in her place of the grid;
* :func:`back_svg` — the back of a red card (a hand, the draw pile);
* :func:`empty_svg` — an empty place of the grid.

Text is never smaller than 12 px and titles never smaller than 14 px at the
width drawn: a font size in the box's units is ``px / (width / 100)``, so a
small card gets bigger letters (or, under :data:`TITLE_MIN_WIDTH`, no title at
all: the caller writes the name beside it).  Pictures carry no words a
person must read; ``title`` (the name on the card) comes in translated.

Examples
--------
>>> svg = queen_svg("Cat", width=100, title="Cat Queen")
>>> svg.startswith("<svg") and 'data-art="queen-Cat"' in svg and ">15<" in svg
True
>>> card_svg("7", width=100).count('class="sq-pip"')
7
>>> sorted(QUEEN_ART) == sorted(["Heart", "Cat", "Dog", "Pancake", "Ladybug", "Moon", "Peacock",
...                             "Sunflower", "Cake", "Rainbow", "Rose", "Starfish"])
True
>>> min(text_sizes(card_svg("King", width=90, title="King")))  # px on the screen
14.0
"""

from __future__ import annotations

import math
import re
from html import escape
from typing import Callable

from ..sleepingqueens.cards import QUEEN_POINTS, Queen

__all__ = ["queen_svg", "card_svg", "sleeping_svg", "back_svg", "empty_svg", "text_sizes", "QUEEN_ART",
           "CARD_ART", "CARD_COLOURS", "TITLE_MIN_WIDTH", "RATIO"]

#: Height / width of every card.
RATIO = 1.4
#: Under this width (px) a card carries no title (its name goes beside it, in the page).
TITLE_MIN_WIDTH = 80
#: Frame colour of each red-backed card kind.
CARD_COLOURS: dict[str, str] = {"King": "#b8860b", "Knight": "#52606d", "Dragon": "#2e7d32", "Potion": "#6f42c1",
                                "Wand": "#0a7d8c", "Jester": "#d9480f", "number": "#1f6feb"}
_QUEEN_FRAME = "#c2185b"
_TITLE_PX, _TEXT_PX = 14.0, 12.0


# ---------------------------------------------------------------------------------------------- helpers
def _svg(body: str, width: float, art: str, label: str | None) -> str:
    w = round(width, 1)
    h = round(width * RATIO, 1)
    aria = f' role="img" aria-label="{escape(label)}"' if label else ' aria-hidden="true"'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="sq-art" data-art="{escape(art)}" width="{w:g}" '
            f'height="{h:g}" viewBox="0 0 100 140"{aria} focusable="false">{body}</svg>')


def _units(px: float, width: float) -> float:
    """The font size, in the card's units, that shows ``px`` pixels at ``width``."""
    return round(px * 100 / width, 2)


def _text(x: float, y: float, text: str, size: float, *, fill: str = "#1f2328", weight: int = 700,
          anchor: str = "middle", extra: str = "") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}" font-family="system-ui,\'Segoe UI\',Roboto,sans-serif"{extra}>'
            f'{escape(text)}</text>')


def _title(title: str | None, width: float, fill: str = "#1f2328") -> str:
    """The card's name along its bottom edge (one line, or two for a long name)."""
    if not title or width < TITLE_MIN_WIDTH:
        return ""
    size = max(15.0, _units(_TITLE_PX, width))
    words = title.split()
    per_char = 0.66 * size
    if len(title) * per_char <= 92 or len(words) == 1:
        fit = f' textLength="92" lengthAdjust="spacingAndGlyphs"' if len(title) * per_char > 92 else ""
        return _text(50, 133, title, size, fill=fill, extra=fit)
    half = max(range(1, len(words)), key=lambda k: -abs(len(" ".join(words[:k])) - len(" ".join(words[k:]))))
    top, bottom = " ".join(words[:half]), " ".join(words[half:])
    return _text(50, 134 - size, top, size, fill=fill) + _text(50, 134, bottom, size, fill=fill)


def _frame(fill: str, stroke: str) -> str:
    return (f'<rect x="2" y="2" width="96" height="136" rx="9" fill="{fill}" stroke="{stroke}" stroke-width="3"/>')


def _crown(cx: float, cy: float, s: float, fill: str = "#f2b705") -> str:
    """A small crown centred at ``(cx, cy)``, ``s`` units wide."""
    h = s * 0.62
    x0, y0 = cx - s / 2, cy - h / 2
    pts = [(0, 1), (0, .25), (.25, .6), (.5, 0), (.75, .6), (1, .25), (1, 1)]
    d = " ".join(f"{x0 + px * s:.1f},{y0 + py * h:.1f}" for px, py in pts)
    return (f'<polygon points="{d}" fill="{fill}" stroke="#9a6b00" stroke-width="1.2" stroke-linejoin="round"/>'
            f'<circle cx="{cx:.1f}" cy="{y0:.1f}" r="{s * .07:.1f}" fill="#e53935"/>')


def _star(cx: float, cy: float, r_out: float, r_in: float, points: int = 5, rot: float = -90) -> str:
    pts = []
    for k in range(points * 2):
        r = r_out if k % 2 == 0 else r_in
        a = math.radians(rot + k * 180 / points)
        pts.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
    return " ".join(pts)


# ---------------------------------------------------------------------------------------------- the Queens
def _heart() -> str:
    return ('<path d="M50 104 C22 84 12 64 21 49 C29 36 45 36 50 51 C55 36 71 36 79 49 C88 64 78 84 50 104Z" '
            'fill="#e53935" stroke="#a31515" stroke-width="2"/>'
            '<ellipse cx="34" cy="54" rx="6" ry="9" fill="#ff8a80" transform="rotate(-30 34 54)"/>')


def _cat() -> str:
    fur, dark = "#f39c34", "#b8661a"
    whiskers = "".join(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#3b2a1a" stroke-width="1.4"/>'
                       for x1, y1, x2, y2 in [(38, 82, 12, 76), (38, 85, 11, 86), (38, 88, 13, 96),
                                              (62, 82, 88, 76), (62, 85, 89, 86), (62, 88, 87, 96)])
    return (f'<polygon points="24,70 27,34 48,54" fill="{fur}" stroke="{dark}" stroke-width="2" '
            'stroke-linejoin="round"/>'
            f'<polygon points="76,70 73,34 52,54" fill="{fur}" stroke="{dark}" stroke-width="2" '
            'stroke-linejoin="round"/>'
            '<polygon points="29,58 30,42 42,54" fill="#f8b4c8"/><polygon points="71,58 70,42 58,54" fill="#f8b4c8"/>'
            f'<ellipse cx="50" cy="76" rx="28" ry="24" fill="{fur}" stroke="{dark}" stroke-width="2"/>'
            f'<path d="M44 54 L46 62 M50 53 L50 62 M56 54 L54 62" stroke="{dark}" stroke-width="2.4" '
            'stroke-linecap="round"/>'
            '<ellipse cx="39" cy="72" rx="6" ry="7" fill="#7ccf5a" stroke="#2d5a1b" stroke-width="1"/>'
            '<ellipse cx="61" cy="72" rx="6" ry="7" fill="#7ccf5a" stroke="#2d5a1b" stroke-width="1"/>'
            '<ellipse cx="39" cy="72" rx="1.8" ry="6" fill="#1b1b1b"/>'
            '<ellipse cx="61" cy="72" rx="1.8" ry="6" fill="#1b1b1b"/>'
            '<polygon points="46,81 54,81 50,86" fill="#e86a92"/>'
            '<path d="M50 86 Q45 92 41 88 M50 86 Q55 92 59 88" stroke="#3b2a1a" stroke-width="1.6" fill="none" '
            'stroke-linecap="round"/>' + whiskers)


def _dog() -> str:
    fur, ear = "#b7793f", "#5d3a1a"
    return (f'<ellipse cx="25" cy="76" rx="10" ry="23" fill="{ear}" transform="rotate(18 25 76)"/>'
            f'<ellipse cx="75" cy="76" rx="10" ry="23" fill="{ear}" transform="rotate(-18 75 76)"/>'
            f'<ellipse cx="50" cy="72" rx="23" ry="26" fill="{fur}" stroke="#7a4a20" stroke-width="2"/>'
            '<ellipse cx="40" cy="64" rx="9" ry="8" fill="#f1e3cf"/>'
            '<ellipse cx="50" cy="86" rx="15" ry="11" fill="#f1e3cf"/>'
            '<circle cx="40" cy="65" r="4.2" fill="#1b1b1b"/><circle cx="60" cy="65" r="4.2" fill="#1b1b1b"/>'
            '<circle cx="41.4" cy="63.6" r="1.3" fill="#fff"/><circle cx="61.4" cy="63.6" r="1.3" fill="#fff"/>'
            '<ellipse cx="50" cy="79" rx="7" ry="5" fill="#1b1b1b"/>'
            '<path d="M50 84 L50 88 M43 88 Q50 93 57 88" stroke="#1b1b1b" stroke-width="1.8" fill="none" '
            'stroke-linecap="round"/>'
            '<path d="M45.5 90 Q45.5 103 50 103 Q54.5 103 54.5 90 Z" fill="#ef5b7b" stroke="#b8304f" '
            'stroke-width="1"/><line x1="50" y1="91" x2="50" y2="100" stroke="#b8304f" stroke-width="1"/>')


def _pancake() -> str:
    layers = "".join(f'<ellipse cx="50" cy="{y}" rx="30" ry="8" fill="#e3a857" stroke="#9c6320" stroke-width="1.6"/>'
                     for y in (100, 91, 82, 73))
    return ('<ellipse cx="50" cy="106" rx="38" ry="8" fill="#e7eef5" stroke="#9aa7b4" stroke-width="1.5"/>'
            + layers
            + '<ellipse cx="50" cy="71" rx="28" ry="6.5" fill="#f4c27a"/>'
            '<path d="M28 71 Q30 82 34 80 Q36 74 40 76 Q43 86 47 84 Q49 74 54 76 Q58 88 62 84 Q64 75 72 71 '
            'Q50 62 28 71Z" fill="#8a4b12" opacity=".85"/>'
            '<rect x="42" y="60" width="14" height="9" rx="2" fill="#ffe066" stroke="#d9a400" stroke-width="1"/>')


def _ladybug() -> str:
    spots = "".join(f'<circle cx="{x}" cy="{y}" r="{r}" fill="#1b1b1b"/>'
                    for x, y, r in [(38, 70, 5), (62, 70, 5), (34, 86, 4.5), (66, 86, 4.5), (43, 98, 4), (57, 98, 4)])
    legs = "".join(f'<line x1="{a}" y1="{b}" x2="{c}" y2="{d}" stroke="#1b1b1b" stroke-width="2.2" '
                   'stroke-linecap="round"/>'
                   for a, b, c, d in [(28, 72, 18, 66), (26, 84, 15, 86), (29, 96, 19, 104),
                                      (72, 72, 82, 66), (74, 84, 85, 86), (71, 96, 81, 104)])
    return (legs + '<path d="M44 50 Q38 38 32 36 M56 50 Q62 38 68 36" stroke="#1b1b1b" stroke-width="2" '
            'fill="none"/><circle cx="32" cy="36" r="2.6" fill="#1b1b1b"/><circle cx="68" cy="36" r="2.6" '
            'fill="#1b1b1b"/>'
            '<circle cx="50" cy="56" r="11" fill="#1b1b1b"/>'
            '<circle cx="46" cy="53" r="2" fill="#fff"/><circle cx="54" cy="53" r="2" fill="#fff"/>'
            '<ellipse cx="50" cy="83" rx="25" ry="26" fill="#e53935" stroke="#8f1b17" stroke-width="2"/>'
            '<line x1="50" y1="58" x2="50" y2="109" stroke="#1b1b1b" stroke-width="2"/>' + spots)


def _moon() -> str:
    stars = "".join(f'<polygon points="{_star(x, y, r, r * .45)}" fill="#ffe680"/>'
                    for x, y, r in [(70, 50, 6), (76, 84, 4.5), (30, 46, 3.5), (62, 100, 3.5)])
    return ('<circle cx="50" cy="72" r="38" fill="#1d2b64"/>'
            '<circle cx="45" cy="72" r="25" fill="#ffd83d"/><circle cx="57" cy="65" r="22" fill="#1d2b64"/>'
            '<circle cx="31" cy="80" r="2.5" fill="#e6b800"/><circle cx="36" cy="90" r="1.8" fill="#e6b800"/>'
            + stars)


def _peacock() -> str:
    feathers = []
    for k in range(9):
        a = math.radians(-160 + k * 17.5)
        x, y = 50 + 36 * math.cos(a), 92 + 44 * math.sin(a)
        feathers.append(f'<line x1="50" y1="92" x2="{x:.1f}" y2="{y:.1f}" stroke="#2e7d32" stroke-width="2"/>'
                        f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="7" ry="9" fill="#26a69a" '
                        f'transform="rotate({math.degrees(a) + 90:.0f} {x:.1f} {y:.1f})"/>'
                        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.5" fill="#1565c0"/>'
                        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2" fill="#1b1b1b"/>')
    return ("".join(feathers)
            + '<path d="M50 108 C38 104 38 84 46 76 L54 76 C62 84 62 104 50 108Z" fill="#1e63c6"/>'
            '<path d="M50 79 C46 72 44 66 48 60 C52 56 57 58 56 64 C55 69 53 72 54 79Z" fill="#1e63c6"/>'
            '<circle cx="51.5" cy="61" r="1.6" fill="#fff"/>'
            '<polygon points="55,61 61,63 55,65" fill="#f39c12"/>'
            '<path d="M50 57 L46 48 M51 56 L51 47 M52 57 L56 48" stroke="#1e63c6" stroke-width="1.4"/>'
            '<circle cx="46" cy="48" r="1.8" fill="#1e63c6"/><circle cx="51" cy="47" r="1.8" fill="#1e63c6"/>'
            '<circle cx="56" cy="48" r="1.8" fill="#1e63c6"/>')


def _sunflower() -> str:
    petals = "".join(f'<ellipse cx="50" cy="42" rx="6.5" ry="14" fill="#ffc107" stroke="#e0a000" stroke-width="1" '
                     f'transform="rotate({k * 30} 50 62)"/>' for k in range(12))
    seeds = "".join(f'<circle cx="{50 + 7 * math.cos(math.radians(k * 60)):.1f}" '
                    f'cy="{62 + 7 * math.sin(math.radians(k * 60)):.1f}" r="1.6" fill="#3e2005"/>' for k in range(6))
    return ('<path d="M50 76 L50 116" stroke="#2e7d32" stroke-width="4.5"/>'
            '<path d="M50 100 Q34 90 28 100 Q38 108 50 102Z" fill="#43a047"/>'
            '<path d="M50 108 Q66 98 72 108 Q62 116 50 110Z" fill="#43a047"/>'
            + petals + '<circle cx="50" cy="62" r="13" fill="#6d3f0c"/>' + seeds
            + '<circle cx="50" cy="62" r="2" fill="#3e2005"/>')


def _cake() -> str:
    return ('<ellipse cx="50" cy="108" rx="36" ry="6" fill="#e7eef5" stroke="#9aa7b4" stroke-width="1.5"/>'
            '<rect x="22" y="82" width="56" height="24" rx="4" fill="#f48fb1" stroke="#ad1457" stroke-width="1.6"/>'
            '<rect x="30" y="62" width="40" height="21" rx="4" fill="#fff3e0" stroke="#ad1457" stroke-width="1.6"/>'
            '<path d="M22 86 Q26 93 30 86 Q34 93 38 86 Q42 93 46 86 Q50 93 54 86 Q58 93 62 86 Q66 93 70 86 '
            'Q74 93 78 86 L78 84 L22 84Z" fill="#fff"/>'
            '<path d="M30 66 Q34 72 38 66 Q42 72 46 66 Q50 72 54 66 Q58 72 62 66 Q66 72 70 66 L70 63 L30 63Z" '
            'fill="#f48fb1"/>'
            '<circle cx="32" cy="96" r="2.2" fill="#ffeb3b"/><circle cx="50" cy="98" r="2.2" fill="#4fc3f7"/>'
            '<circle cx="68" cy="96" r="2.2" fill="#81c784"/>'
            '<rect x="47.5" y="44" width="5" height="18" rx="1.5" fill="#64b5f6" stroke="#1e63c6" '
            'stroke-width="1"/>'
            '<path d="M50 32 Q56 40 50 44 Q44 40 50 32Z" fill="#ff9800" stroke="#e65100" stroke-width="1"/>')


def _rainbow() -> str:
    colours = ["#e53935", "#fb8c00", "#fdd835", "#43a047", "#1e88e5", "#8e24aa"]
    arcs = "".join(f'<path d="M{50 - r} 96 A{r} {r} 0 0 1 {50 + r} 96" stroke="{c}" stroke-width="5.2" '
                   'fill="none"/>' for r, c in zip((38, 33, 28, 23, 18, 13), colours))
    cloud = ('<g fill="#fff" stroke="#b0bec5" stroke-width="1.2"><circle cx="{x}" cy="98" r="8"/>'
             '<circle cx="{a}" cy="101" r="6.5"/><circle cx="{b}" cy="101" r="6.5"/></g>')
    return (arcs + cloud.format(x=14, a=8, b=21) + cloud.format(x=86, a=79, b=92)
            + '<rect x="6" y="100" width="20" height="7" fill="#fff"/><rect x="74" y="100" width="20" height="7" '
            'fill="#fff"/>')


def _rose() -> str:
    return ('<path d="M50 74 Q48 96 52 118" stroke="#2e7d32" stroke-width="4" fill="none"/>'
            '<path d="M50 96 Q34 86 28 96 Q38 104 50 98Z" fill="#43a047"/>'
            '<path d="M51 106 Q66 96 73 104 Q63 112 51 108Z" fill="#43a047"/>'
            '<path d="M49 86 l-4 -2 M52 110 l4 -1" stroke="#2e7d32" stroke-width="2"/>'
            '<path d="M30 58 Q30 80 50 82 Q70 80 70 58 Q62 66 50 66 Q38 66 30 58Z" fill="#c62828"/>'
            '<circle cx="50" cy="56" r="17" fill="#e53935" stroke="#8e1b1b" stroke-width="1.5"/>'
            '<path d="M50 56 m-3 0 a3 3 0 1 1 6 0 a6 6 0 1 1 -12 0 a9 9 0 1 1 18 0 a12 12 0 1 1 -24 0" '
            'stroke="#8e1b1b" stroke-width="2" fill="none"/>')


def _starfish() -> str:
    dots = "".join(f'<circle cx="{50 + r * math.cos(math.radians(-90 + k * 72)):.1f}" '
                   f'cy="{72 + r * math.sin(math.radians(-90 + k * 72)):.1f}" r="2.2" fill="#fff3e0"/>'
                   for k in range(5) for r in (14, 24))
    return (f'<polygon points="{_star(50, 72, 38, 16)}" fill="#ff7043" stroke="#ff7043" stroke-width="7" '
            'stroke-linejoin="round"/>'
            f'<polygon points="{_star(50, 72, 38, 16)}" fill="none" stroke="#d84315" stroke-width="1.5" '
            'stroke-linejoin="round"/>' + dots
            + '<circle cx="45" cy="70" r="2.4" fill="#3e2723"/><circle cx="55" cy="70" r="2.4" fill="#3e2723"/>'
            '<path d="M44 77 Q50 82 56 77" stroke="#3e2723" stroke-width="1.8" fill="none" stroke-linecap="round"/>')


#: The picture of each Queen (SVG inside the 100 x 140 card, between the crown and the title).
QUEEN_ART: dict[str, Callable[[], str]] = {
    "Heart": _heart, "Cat": _cat, "Dog": _dog, "Pancake": _pancake, "Ladybug": _ladybug, "Moon": _moon,
    "Peacock": _peacock, "Sunflower": _sunflower, "Cake": _cake, "Rainbow": _rainbow, "Rose": _rose,
    "Starfish": _starfish,
}
_QUEEN_BG = {"Heart": "#ffe4ec", "Cat": "#fff2dc", "Dog": "#f6eadb", "Pancake": "#fff6e0", "Ladybug": "#eef8e6",
             "Moon": "#e6ebfa", "Peacock": "#e3f5f2", "Sunflower": "#f2f9e3", "Cake": "#fdebf3",
             "Rainbow": "#e6f4ff", "Rose": "#fdeaea", "Starfish": "#e3f3fb"}


def queen_svg(name: str, *, width: float = 100, title: str | None = None, label: str | None = None) -> str:
    """A Queen face up: her picture, a crown, her points (top right) and ``title`` (at 80 px and wider).

    ``label``: words for a screen reader when the picture stands alone (else it is hidden from them).

    >>> 'aria-hidden="true"' in queen_svg("Dog", width=60)
    True
    """
    points = QUEEN_POINTS[Queen[name.upper()]]
    size = max(19.0, _units(_TITLE_PX, width))
    r = max(14.0, size * 0.8)
    badge = (f'<circle cx="{98 - r - 3:g}" cy="{r + 5:g}" r="{r:g}" fill="{_QUEEN_FRAME}" stroke="#fff" '
             'stroke-width="2"/>' + _text(98 - r - 3, r + 5 + size * 0.35, str(points), size, fill="#fff", weight=800))
    body = (_frame(_QUEEN_BG[name], _QUEEN_FRAME) + _crown(22 if width >= TITLE_MIN_WIDTH else 20, 16, 22)
            + f'<g transform="translate(0 {-4 if width >= TITLE_MIN_WIDTH else 2})">{QUEEN_ART[name]()}</g>'
            + badge + _title(title, width, fill="#7b1040"))
    return _svg(body, width, f"queen-{name}", label)


# ---------------------------------------------------------------------------------------------- red cards
def _king() -> str:
    return ('<polygon points="24,56 26,28 38,42 50,22 62,42 74,28 76,56" fill="#f2b705" stroke="#9a6b00" '
            'stroke-width="2" stroke-linejoin="round"/>'
            '<circle cx="50" cy="22" r="3.5" fill="#e53935"/><circle cx="26" cy="28" r="3" fill="#1e88e5"/>'
            '<circle cx="74" cy="28" r="3" fill="#1e88e5"/><rect x="24" y="50" width="52" height="7" fill="#d99a00"/>'
            '<circle cx="50" cy="53.5" r="2.6" fill="#43a047"/>'
            '<circle cx="50" cy="78" r="21" fill="#f7d2b0" stroke="#b07b52" stroke-width="1.5"/>'
            '<circle cx="42" cy="74" r="2.6" fill="#3e2723"/><circle cx="58" cy="74" r="2.6" fill="#3e2723"/>'
            '<path d="M30 82 Q32 106 50 108 Q68 106 70 82 Q62 92 50 92 Q38 92 30 82Z" fill="#8d6e63"/>'
            '<path d="M42 86 Q50 91 58 86" stroke="#3e2723" stroke-width="2" fill="none" stroke-linecap="round"/>'
            '<path d="M40 84 Q45 80 50 84 Q55 80 60 84" stroke="#6d4c41" stroke-width="3" fill="none"/>')


def _knight() -> str:
    return ('<path d="M70 104 L86 30" stroke="#90a4ae" stroke-width="5" stroke-linecap="round"/>'
            '<path d="M64 92 L80 96" stroke="#8d6e63" stroke-width="5" stroke-linecap="round"/>'
            '<circle cx="69" cy="106" r="4" fill="#8d6e63"/>'
            '<path d="M48 36 Q40 20 54 18 Q50 26 60 28 Q52 30 48 36Z" fill="#e53935"/>'
            '<path d="M24 100 L24 64 Q24 36 46 36 Q68 36 68 64 L68 100 Z" fill="#b0bec5" stroke="#455a64" '
            'stroke-width="2.5"/>'
            '<rect x="28" y="60" width="36" height="7" rx="3" fill="#263238"/>'
            '<path d="M46 70 L46 98" stroke="#455a64" stroke-width="2"/>'
            '<circle cx="36" cy="82" r="1.8" fill="#455a64"/><circle cx="36" cy="90" r="1.8" fill="#455a64"/>'
            '<circle cx="56" cy="82" r="1.8" fill="#455a64"/><circle cx="56" cy="90" r="1.8" fill="#455a64"/>'
            '<path d="M20 100 L72 100 L70 108 L22 108Z" fill="#78909c"/>')


def _dragon() -> str:
    spikes = "".join(f'<polygon points="{x - 5},{y + 4} {x},{y - 7} {x + 5},{y + 4}" fill="#1b5e20"/>'
                     for x, y in [(38, 58), (30, 66), (24, 76)])
    return ('<path d="M28 72 Q14 52 24 38 Q30 56 40 60Z" fill="#66bb6a" stroke="#1b5e20" stroke-width="1.5"/>'
            + spikes
            + '<path d="M22 106 Q14 88 28 76 Q40 64 54 64 Q70 64 72 80 Q74 96 60 106Z" fill="#43a047" '
            'stroke="#1b5e20" stroke-width="2"/>'
            '<path d="M34 104 Q40 88 56 90" stroke="#c5e1a5" stroke-width="6" fill="none" stroke-linecap="round"/>'
            '<path d="M46 66 Q44 44 60 40 Q76 38 80 50 Q82 58 72 60 Q64 62 60 70Z" fill="#4caf50" '
            'stroke="#1b5e20" stroke-width="2"/>'
            '<polygon points="56,42 54,30 62,40" fill="#1b5e20"/><polygon points="64,40 66,28 70,41" fill="#1b5e20"/>'
            '<circle cx="64" cy="48" r="4" fill="#fff"/><circle cx="65" cy="48" r="2" fill="#1b1b1b"/>'
            '<circle cx="77" cy="52" r="1.3" fill="#1b5e20"/>'
            '<path d="M80 54 Q88 50 92 56 Q86 58 92 62 Q84 62 88 68 Q80 62 78 58Z" fill="#ff9800" '
            'stroke="#e65100" stroke-width="1"/>')


def _zzz(x: float, y: float, s: float, colour: str = "#6f42c1") -> str:
    """A "Z" of sleep (drawn, not written)."""
    return (f'<path d="M{x} {y} h{s} l-{s} {s * 1.1:.1f} h{s}" stroke="{colour}" stroke-width="2.4" fill="none" '
            'stroke-linejoin="round" stroke-linecap="round"/>')


def _potion() -> str:
    bubbles = "".join(f'<circle cx="{x}" cy="{y}" r="{r}" fill="#e1bee7" opacity=".9"/>'
                      for x, y, r in [(40, 94, 3), (56, 100, 2.5), (48, 84, 2), (60, 88, 3.2)])
    return ('<rect x="41" y="26" width="18" height="12" rx="3" fill="#a1887f" stroke="#5d4037" stroke-width="1.5"/>'
            '<path d="M43 38 L43 54 Q22 62 22 84 Q22 110 50 110 Q78 110 78 84 Q78 62 57 54 L57 38Z" '
            'fill="#ede7f6" stroke="#4527a0" stroke-width="2.5"/>'
            '<path d="M25 82 Q50 74 75 82 Q76 107 50 107 Q24 107 25 82Z" fill="#7e57c2"/>' + bubbles
            + _zzz(62, 32, 8) + _zzz(74, 20, 6) + _zzz(84, 10, 5))


def _wand() -> str:
    sparkles = "".join(f'<polygon points="{_star(x, y, r, r * .3, 4)}" fill="#ffd54f"/>'
                       for x, y, r in [(30, 36, 6), (80, 66, 5), (36, 60, 4), (74, 30, 4)])
    return ('<path d="M28 110 L62 54" stroke="#212121" stroke-width="7" stroke-linecap="round"/>'
            '<path d="M56 64 L62 54" stroke="#fafafa" stroke-width="7" stroke-linecap="round"/>'
            f'<polygon points="{_star(64, 46, 17, 7.5)}" fill="#ffca28" stroke="#f57f17" stroke-width="1.5" '
            'stroke-linejoin="round"/>' + sparkles)


def _jester() -> str:
    return ('<path d="M26 62 Q18 38 10 36 Q26 30 40 52Z" fill="#e53935" stroke="#8e1b1b" stroke-width="1.5"/>'
            '<path d="M74 62 Q82 38 90 36 Q74 30 60 52Z" fill="#1e88e5" stroke="#0d47a1" stroke-width="1.5"/>'
            '<path d="M36 58 Q44 30 50 20 Q56 30 64 58Z" fill="#43a047" stroke="#1b5e20" stroke-width="1.5"/>'
            '<circle cx="10" cy="36" r="4.5" fill="#ffd54f" stroke="#f57f17"/>'
            '<circle cx="90" cy="36" r="4.5" fill="#ffd54f" stroke="#f57f17"/>'
            '<circle cx="50" cy="19" r="4.5" fill="#ffd54f" stroke="#f57f17"/>'
            '<path d="M24 62 L76 62 L74 68 L26 68Z" fill="#ffd54f" stroke="#f57f17" stroke-width="1"/>'
            '<circle cx="50" cy="86" r="20" fill="#f7d2b0" stroke="#b07b52" stroke-width="1.5"/>'
            '<circle cx="42" cy="82" r="2.6" fill="#3e2723"/><circle cx="58" cy="82" r="2.6" fill="#3e2723"/>'
            '<circle cx="50" cy="88" r="3.5" fill="#e53935"/>'
            '<path d="M39 94 Q50 104 61 94" stroke="#3e2723" stroke-width="2.2" fill="none" stroke-linecap="round"/>'
            '<polygon points="32,104 40,110 50,104 60,110 68,104 68,112 32,112" fill="#e53935"/>')


#: The picture of each power card (SVG inside the 100 x 140 card, above the title).
CARD_ART: dict[str, Callable[[], str]] = {"King": _king, "Knight": _knight, "Dragon": _dragon, "Potion": _potion,
                                          "Wand": _wand, "Jester": _jester}
_CARD_BG = {"King": "#fff8dc", "Knight": "#eef2f5", "Dragon": "#eaf6e6", "Potion": "#f3ecfb", "Wand": "#e4f6f7",
            "Jester": "#fff0e3"}
#: Dot colours of the number cards: one per number, so equal numbers look alike at a glance.
_PIP_COLOURS = ["#e53935", "#fb8c00", "#f9a825", "#43a047", "#00897b", "#1e88e5", "#3949ab", "#8e24aa",
                "#d81b60", "#6d4c41"]


#: The widest advance of a bold digit among the faces the cards are drawn in (DejaVu Sans Bold, Debian's
#: sans-serif: 0.696 em), so a number sized with it never needs squeezing.
_DIGIT_EM = 0.70
#: The number's column on a number card, in the card's units (left of the ten-frame).
_NUMBER_COLUMN = (4.0, 54.0)


def _number(n: int, width: float) -> str:
    colour = _PIP_COLOURS[n - 1]
    left, right = _NUMBER_COLUMN
    digits = str(n)
    # as big as the column allows (never squeezed: "10" must not read as "D"), and at least 14 px when it fits
    size = min(max(30.0, _units(_TITLE_PX, width) * 1.6), (right - left - 2) / (_DIGIT_EM * len(digits)), 46.0)
    cells = []
    for k in range(10):  # a ten-frame on its side: the first column of five fills first
        col, row = divmod(k, 5)
        x, y = 67 + col * 19, 34 + row * 21
        if k < n:
            cells.append(f'<circle class="sq-pip" cx="{x}" cy="{y}" r="7.6" fill="{colour}" stroke="#1f2328" '
                         'stroke-width="1"/>')
        else:
            cells.append(f'<circle cx="{x}" cy="{y}" r="7" fill="none" stroke="#d0d7de" stroke-width="1.5" '
                         'stroke-dasharray="3 2"/>')
    return (_frame("#ffffff", CARD_COLOURS["number"])
            + f'<rect x="{right + 2:g}" y="22" width="{96 - right - 4:g}" height="104" rx="6" fill="#f6f8fa" '
              'stroke="#d0d7de"/>'
            + "".join(cells) + _text((left + right) / 2, 8 + size, digits, size, fill=colour, weight=800,
                                     extra=' class="sq-number"'))


def card_svg(name: str, *, width: float = 100, title: str | None = None, label: str | None = None) -> str:
    """A red-backed card face up: ``"1"`` to ``"10"`` (its dots and number) or a power card (its picture).

    ``title`` is the power card's name on the card (number cards show their number instead).

    >>> card_svg("10").count('class="sq-pip"'), card_svg("1").count('class="sq-pip"')
    (10, 1)
    """
    if name.isdigit():
        return _svg(_number(int(name), width), width, f"card-{name}", label)
    colour = CARD_COLOURS[name]
    body = (_frame(_CARD_BG[name], colour)
            + f'<g transform="translate(0 {-2 if title and width >= TITLE_MIN_WIDTH else 8})">{CARD_ART[name]()}</g>'
            + _title(title, width, fill=colour))
    return _svg(body, width, f"card-{name}", label)


def sleeping_svg(place: int, *, width: float = 70, label: str | None = None) -> str:
    """A Queen asleep face down in ``place`` (1 to 12): a green back, a sleeping crown, the place's number."""
    size = max(16.0, _units(_TITLE_PX, width))
    body = ('<rect x="2" y="2" width="96" height="136" rx="9" fill="#2e7d32" stroke="#1b5e20" stroke-width="3"/>'
            '<rect x="9" y="9" width="82" height="122" rx="6" fill="none" stroke="#a5d6a7" stroke-width="2" '
            'stroke-dasharray="5 4"/>'
            + _crown(50, 84, 40, fill="#a5d6a7")
            + '<path d="M30 100 Q50 112 70 100" stroke="#a5d6a7" stroke-width="3" fill="none"/>'
            + _zzz(60, 40, 10, "#e8f5e9") + _zzz(74, 26, 7, "#e8f5e9")
            + f'<circle cx="{size * .9 + 6:g}" cy="{size * .9 + 6:g}" r="{size * .9:g}" fill="#fff"/>'
            + _text(size * .9 + 6, size * .9 + 6 + size * .36, str(place), size, fill="#1b5e20", weight=800))
    return _svg(body, width, f"asleep-{place}", label)


def empty_svg(place: int | None, *, width: float = 70, label: str | None = None) -> str:
    """An empty place of the grid (a dashed outline and its number; ``None``: no number, an empty pile)."""
    size = max(16.0, _units(_TEXT_PX + 2, width))
    number = "" if place is None else _text(50, 76, str(place), size, fill="#8c826c", weight=600)
    body = ('<rect x="3" y="3" width="94" height="134" rx="9" fill="none" stroke="#b8ad96" stroke-width="3" '
            'stroke-dasharray="8 6"/>' + number)
    return _svg(body, width, f"empty-{place or ''}", label)


def back_svg(*, width: float = 70, label: str | None = None) -> str:
    """The back of a red-backed card (a hand's hidden card, the draw pile)."""
    diamonds = "".join(f'<polygon points="{x},{y - 9} {x + 7},{y} {x},{y + 9} {x - 7},{y}" fill="#d84a3f"/>'
                       for x in (22, 50, 78) for y in (22, 48, 74, 100, 126) if not (x == 50 and 40 < y < 110))
    body = ('<rect x="2" y="2" width="96" height="136" rx="9" fill="#b3261e" stroke="#7d1a15" stroke-width="3"/>'
            + diamonds + '<ellipse cx="50" cy="74" rx="20" ry="30" fill="#fff5f5" stroke="#7d1a15" stroke-width="2"/>'
            + _crown(50, 74, 26))
    return _svg(body, width, "back", label)


_FONT = re.compile(r'font-size="([0-9.]+)"')
_WIDTH = re.compile(r'<svg[^>]* width="([0-9.]+)"')


def text_sizes(svg: str) -> list[float]:
    """The size in px on the screen of every text of ``svg`` (drawn at its ``width``).

    >>> text_sizes(sleeping_svg(3, width=60))
    [14.0]
    """
    width = float(_WIDTH.search(svg).group(1))
    return [round(float(s) * width / 100, 1) for s in _FONT.findall(svg)]

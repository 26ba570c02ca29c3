"""The tiles of Princess Legend drawn by the kit: SVG pictures, no image files, no emoji.

A character tile shows its colour (green: must tell the truth, red: must lie,
blue: may do either) as its background and border, the symbol it scores when
turned over in the top-left corner (heart, crown or mask, docs/rules/princesslegend.md#symbols-and-families), its
family in the bottom-right corner, and its name.  A face-down tile shows a
purple back and a question mark.  Every text is at least 12 px, names 14 px.

Pure functions, strings out; nothing here knows a state.

Examples
--------
>>> svg = tile_svg("Black Queen", label="Ben's tile: the Black Queen")
>>> svg.startswith("<svg") and 'data-tile="Black Queen"' in svg and 'data-symbol="crown"' in svg
True
>>> 'data-tile=' in tile_svg(None, label="Ben's tile, face down")
False
>>> symbol_svg("heart", size=20).count("<path")
1
"""

from __future__ import annotations

from html import escape

from ..i18n import N_, _, name
from ..princesslegend.tiles import SYMBOL_LABELS, TILE_LABELS, Character, Symbol, character_by_name

__all__ = ["COLOURS", "symbol_svg", "symbol_words", "tile_name", "tile_svg", "ruby_svg", "mark_svg", "TILE_W",
           "TILE_H"]

#: Fill, border and ink of each tile colour (the Prince tile is gold).
COLOURS = {
    "green": ("#dafbe1", "#1a7f37", "#0f5323"),
    "red": ("#ffebe9", "#cf222e", "#82071e"),
    "blue": ("#ddf4ff", "#0969da", "#0a3069"),
    "prince": ("#fff8c5", "#9a6700", "#633c01"),
}
#: A tile's size in px at scale 1.
TILE_W, TILE_H = 84, 112

# Each symbol drawn in a 24 x 24 box.
_PATHS = {
    "heart": "M12 21.5C5.5 15.6 1.5 11.9 1.5 7.6 1.5 4.6 3.9 2.3 6.8 2.3c2.1 0 3.9 1.1 5.2 2.9 "
             "1.3-1.8 3.1-2.9 5.2-2.9 2.9 0 5.3 2.3 5.3 5.3 0 4.3-4 8-10.5 13.9z",
    "crown": "M2 19.5h20v2.5H2zM2 18 3.2 6.5l5.3 5.3L12 3l3.5 8.8 5.3-5.3L22 18z",
    "mask": "M1 7.5C4.5 5.6 8.2 5 12 7c3.8-2 7.5-1.4 11 .5.3 4.6-1.4 9.2-5.6 9.2-2.6 0-4.2-1.5-5.4-3.7"
            "-1.2 2.2-2.8 3.7-5.4 3.7C2.4 16.7.7 12.1 1 7.5zM4.6 10.4c.8 1.6 2.6 2.1 4.2 1.2.2-1-.9-2.3-2.4-2.4"
            "-1 0-1.6.5-1.8 1.2zm14.8 0c-.2-.7-.8-1.2-1.8-1.2-1.5.1-2.6 1.4-2.4 2.4 1.6.9 3.4.4 4.2-1.2z",
}
_SYMBOL_INK = {"heart": "#cf222e", "crown": "#9a6700", "mask": "#24292f"}
#: How each colour answers, in a word that fits on a tile.
_RULE = {"green": N_("truth"), "red": N_("lies"), "blue": N_("either"), "prince": N_("asks")}


def symbol_svg(symbol: str, *, size: int = 24, colour: str | None = None, title: str = "") -> str:
    """A heart, crown or mask as a small SVG (``title``: its words for a screen reader)."""
    if symbol not in _PATHS:
        raise ValueError(f"no symbol {symbol!r}; symbols: heart, crown, mask")
    fill = colour or _SYMBOL_INK[symbol]
    label = f'<title>{escape(title)}</title>' if title else ""
    role = f'role="img" aria-label="{escape(title)}"' if title else 'aria-hidden="true"'
    return (f'<svg class="pl-symbol" width="{size}" height="{size}" viewBox="0 0 24 24" {role}>{label}'
            f'<path d="{_PATHS[symbol]}" fill="{fill}" fill-rule="evenodd"/></svg>')


def ruby_svg(size: int = 16) -> str:
    """A red gem (one ruby), decorative: the count beside it is what a screen reader reads."""
    return (f'<svg class="pl-ruby" width="{size}" height="{size}" viewBox="0 0 16 16" aria-hidden="true">'
            '<path d="M4 1.5h8l3.5 4.2L8 14.8.5 5.7z" fill="#cf222e"/>'
            '<path d="M4 1.5 5.6 5.7h4.8L12 1.5M.5 5.7h15M5.6 5.7 8 14.8l2.4-9.1" fill="none" stroke="#ffb3b8" '
            'stroke-width=".9"/></svg>')


def mark_svg(true: bool, size: int = 12) -> str:
    """A tick (a true answer) or a cross (a false one), white, decorative: the word beside it is what a
    screen reader reads.

    >>> "M3 8.5" in mark_svg(True) and "M4 4" in mark_svg(False)
    True
    """
    path = ("M3 8.5 6.5 12 13 4.5" if true else "M4 4 12 12M12 4 4 12")
    return (f'<svg class="pl-tick" width="{size}" height="{size}" viewBox="0 0 16 16" aria-hidden="true">'
            f'<path d="{path}" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" '
            'stroke-linejoin="round"/></svg>')


def _wrap(name: str) -> list[str]:
    """A tile name on one or two lines (at most two words a line)."""
    words = name.split()
    if len(words) <= 1 or len(name) <= 9:
        return [name]
    half = (len(words) + 1) // 2
    return [" ".join(words[:half]), " ".join(words[half:])]


def tile_svg(name: str | None, *, label: str, scale: float = 1.0, lang: str | None = None) -> str:
    """One tile as SVG: face up (a character's English name, as the events write it) or face down (``None``).

    ``label`` is what a screen reader says ("Ben's tile: the Guard, red,
    must lie").  The drawing is ``TILE_W × TILE_H`` px times ``scale``;
    its texts stay at least 12 px (names 14 px) at scale 1 and above.
    """
    w, h = round(TILE_W * scale), round(TILE_H * scale)
    head = (f'<svg class="pl-tile-svg" width="{w}" height="{h}" viewBox="0 0 {TILE_W} {TILE_H}" role="img" '
            f'aria-label="{escape(label)}"')
    if name is None:
        # no ids (a page holds many tiles): the back's stripes are drawn as lines
        stripes = "".join(f'<path d="M{x} 4 L{x - TILE_H} {TILE_H}"/>' for x in range(16, TILE_W + TILE_H, 14))
        return (head + '><title>' + escape(label) + '</title>'
                f'<rect x="2" y="2" width="{TILE_W - 4}" height="{TILE_H - 4}" rx="9" fill="#6639ba"/>'
                f'<svg x="4" y="4" width="{TILE_W - 8}" height="{TILE_H - 8}" viewBox="4 4 {TILE_W - 8} {TILE_H - 8}">'
                f'<g stroke="#8250df" stroke-width="6">{stripes}</g></svg>'
                f'<rect x="2" y="2" width="{TILE_W - 4}" height="{TILE_H - 4}" rx="9" fill="none" '
                'stroke="#3b1f74" stroke-width="3"/>'
                f'<circle cx="{TILE_W / 2}" cy="{TILE_H / 2}" r="17" fill="#fff" fill-opacity=".92"/>'
                f'<text x="{TILE_W / 2}" y="{TILE_H / 2 + 9}" text-anchor="middle" font-size="26" '
                'font-weight="700" fill="#3b1f74" font-family="system-ui,sans-serif">?</text></svg>')
    c = character_by_name(name)
    if c is None:
        raise ValueError(f"{name!r} is not a Princess Legend tile")
    kind = "prince" if c is Character.PRINCE else c.colour.value
    fill, border, ink = COLOURS[kind]
    shown = tile_name(c, lang)
    lines = _wrap(shown)
    y0 = 60 if len(lines) == 1 else 52
    # a long single word is squeezed to the tile's width rather than cut (the font stays 14 px high)
    fit = [f' textLength="{TILE_W - 12}" lengthAdjust="spacingAndGlyphs"' if len(t) > 9 else "" for t in lines]
    text = "".join(f'<text x="{TILE_W / 2}" y="{y0 + 16 * i}" text-anchor="middle" font-size="14" font-weight="700" '
                   f'fill="{ink}" font-family="system-ui,sans-serif"{fit[i]}>{escape(t)}</text>'
                   for i, t in enumerate(lines))
    top = ""
    if c.symbol is not None:
        top = (f'<g transform="translate(5 5)"><circle cx="12" cy="12" r="13" fill="#fff" stroke="{border}" '
               f'stroke-width="1.5"/><g transform="translate(3 3) scale(.75)"><path d="{_PATHS[c.symbol.value]}" '
               f'fill="{_SYMBOL_INK[c.symbol.value]}" fill-rule="evenodd"/></g></g>')
    family = c.family.value
    bottom = (f'<g transform="translate({TILE_W - 24} {TILE_H - 24}) scale(.75)" opacity=".85">'
              f'<path d="{_PATHS[family]}" fill="{ink}" fill-rule="evenodd"/></g>')
    rule = _(_RULE[kind], lang)
    scores = "" if c.symbol is None else f' data-symbol="{c.symbol.value}"'
    return (head + f' data-tile="{escape(str(c))}" data-colour="{kind}"{scores}><title>{escape(label)}</title>'
            f'<rect x="2" y="2" width="{TILE_W - 4}" height="{TILE_H - 4}" rx="9" fill="{fill}" stroke="{border}" '
            f'stroke-width="3.5"/>{top}{text}'
            f'<text x="{TILE_W / 2}" y="{y0 + 16 * len(lines) + 6}" text-anchor="middle" font-size="12" '
            f'font-style="italic" fill="{ink}" font-family="system-ui,sans-serif">{escape(rule)}</text>{bottom}</svg>')


def symbol_words(symbol: str, lang: str | None = None) -> str:
    """A symbol's name in words ("heart"), as the rule sheet of ``lang`` calls it."""
    return name("princesslegend", SYMBOL_LABELS[Symbol(symbol)], lang)


def tile_name(tile: Character | str, lang: str | None = None, form: str | None = None) -> str:
    """A tile's name as the rule sheet of ``lang`` prints it (``tile``: a character or its English name).

    ``form="the"`` gives the form a sentence inserts after "the" (:func:`kit.i18n.name`).

    >>> tile_name("Black Queen"), tile_name(Character.SPY, "en"), tile_name("Fairy", "fr", form="the")
    ('Black Queen', 'Spy', 'la Fée')
    """
    c = tile if isinstance(tile, Character) else character_by_name(str(tile))
    if c is None:
        raise ValueError(f"{tile!r} is not a Princess Legend tile")
    return name("princesslegend", TILE_LABELS[c], lang, form=form)

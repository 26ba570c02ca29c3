"""The children's page as HTML: the start screen's big buttons, stars, and the pictures on them.

Pure functions returning strings (:mod:`kit.widgets.kids` shows them in a
:class:`kit.widgets.ClickPane`, whose ``data-choice`` elements are buttons).
Every word comes in translated (the page's language); pictures carry no words.

* :func:`home_html`: the start screen: *Play* (with a robot, with a friend) and
  *Practise adding* (the four levels of :mod:`kit.teach.sums`), each button with a
  picture, and the stars won at each level;
* :func:`stars_html`: a row of stars (won, and still to win);
* :func:`robot_svg`: the friendly robot.

>>> html = home_html("en", {"to10": 2})
>>> html.count("data-choice="), 'data-choice="play:bot"' in html, 'data-choice="practise:queens50"' in html
(6, True, True)
>>> "Play with a friend" in html and "Sums to 10" in html and 'aria-label="2 stars"' in html
True
>>> "Zagraj z przyjacielem" in home_html("pl", {})
True
"""

from __future__ import annotations

from html import escape
from typing import Mapping

from ..i18n import N_, _, name, ngettext
from .sleepingqueens_art import card_svg, queen_svg

__all__ = ["LEVEL_TITLES", "home_html", "stars_html", "star_svg", "robot_svg", "KIDS_CSS"]

#: The title of each practice level on its button (messages).
LEVEL_TITLES: dict[str, str] = {"to10": N_("Sums to 10"), "to20": N_("Sums to 20"), "three": N_("Three numbers"),
                                "queens50": N_("Points to 50")}
_LEVEL_PICTURES: dict[str, tuple[str, ...]] = {"to10": ("3", "4"), "to20": ("8", "7"), "three": ("2", "3", "4"),
                                               "queens50": ("Cat", "Rose")}

#: The page's style: big buttons (at least 20 px text), a clear focus ring, nothing under 16 px.
KIDS_CSS = """<style>
.kids-home{font-family:system-ui,'Segoe UI',Roboto,sans-serif;color:#1f2328;padding:4px 8px}
.kids-home h1{font-size:34px;margin:2px 0 6px;display:flex;align-items:center;gap:12px}
.kids-home h2{font-size:24px;margin:10px 0 6px}
.kids-row{display:flex;flex-wrap:wrap;gap:14px}
.kids-tile{display:flex;flex-direction:column;align-items:center;justify-content:space-between;gap:6px;
 min-width:190px;min-height:150px;padding:10px 14px;border-radius:18px;border:3px solid #8250df;background:#fbefff;
 font:700 22px system-ui,'Segoe UI',Roboto,sans-serif;color:#1f2328;cursor:pointer}
.kids-tile.kids-play{border-color:#1a7f37;background:#dafbe1;min-width:260px}
.kids-tile:hover{filter:brightness(0.96)}
.kids-tile:focus-visible{outline:5px solid #0969da;outline-offset:3px}
.kids-pics{display:flex;gap:4px;align-items:center;font-size:28px;font-weight:800}
.kids-stars{display:flex;gap:2px;align-items:center;min-height:26px;font-size:18px}
</style>"""


def star_svg(won: bool = True, size: int = 26) -> str:
    """A five-pointed star: gold when ``won``, a grey outline when still to win."""
    fill, stroke = ("#f2b705", "#9a6700") if won else ("none", "#8c959f")
    return (f'<svg aria-hidden="true" width="{size}" height="{size}" viewBox="0 0 24 24">'
            f'<polygon points="12,1.5 15,8.6 22.6,9.2 16.8,14.2 18.6,21.7 12,17.6 5.4,21.7 7.2,14.2 1.4,9.2 '
            f'9,8.6" fill="{fill}" stroke="{stroke}" stroke-width="1.6" stroke-linejoin="round"/></svg>')


def stars_html(won: int, of: int | None = None, lang: str | None = None, size: int = 26) -> str:
    """``won`` gold stars and ``of - won`` grey ones still to win (``of=None``: five places, and the number
    beyond five), said in words to a screen reader.

    >>> stars_html(2, 5).count("#f2b705"), stars_html(2, 5).count("#8c959f")
    (2, 3)
    >>> stars_html(12).count("<svg"), ">12<" in stars_html(12), stars_html(1).count("#8c959f")
    (5, True, 4)
    """
    label = escape(ngettext("{n} star", "{n} stars", won, lang, n=won))
    more = ""
    if of is None:  # the start screen: five places for stars, and the number beyond five
        of, more = 5, (f'<span style="margin-left:4px">{won}</span>' if won > 5 else "")
    shown = "".join(star_svg(i < won, size) for i in range(of)) + more
    return f'<span class="kids-stars" role="img" aria-label="{label}">{shown}</span>'


def robot_svg(size: int = 90) -> str:
    """The friendly robot (the bot's picture): a round head, a smile, an antenna with a light."""
    return (f'<svg aria-hidden="true" width="{size}" height="{size}" viewBox="0 0 100 100">'
            '<line x1="50" y1="6" x2="50" y2="20" stroke="#52606d" stroke-width="4"/>'
            '<circle cx="50" cy="6" r="5" fill="#f2b705"/>'
            '<rect x="18" y="20" width="64" height="50" rx="16" fill="#a5d8ff" stroke="#1c7ed6" stroke-width="4"/>'
            '<circle cx="37" cy="42" r="7" fill="#1f2328"/><circle cx="63" cy="42" r="7" fill="#1f2328"/>'
            '<circle cx="39" cy="40" r="2" fill="#fff"/><circle cx="65" cy="40" r="2" fill="#fff"/>'
            '<path d="M36 56 Q50 66 64 56" fill="none" stroke="#1f2328" stroke-width="4" stroke-linecap="round"/>'
            '<rect x="30" y="72" width="40" height="22" rx="6" fill="#74c0fc" stroke="#1c7ed6" stroke-width="4"/>'
            '<rect x="8" y="36" width="10" height="18" rx="4" fill="#1c7ed6"/>'
            '<rect x="82" y="36" width="10" height="18" rx="4" fill="#1c7ed6"/></svg>')


def _tile(choice: str, label: str, pictures: str, extra: str = "", cls: str = "") -> str:
    return (f'<button type="button" class="kids-tile {cls}" data-choice="{choice}" aria-label="{escape(label)}">'
            f'<span class="kids-pics">{pictures}</span><span>{escape(label)}</span>{extra}</button>')


def _level_pictures(level: str) -> str:
    shown = _LEVEL_PICTURES[level]
    if level == "queens50":
        return (queen_svg(shown[0], width=58) + '<span aria-hidden="true">+</span>' + queen_svg(shown[1], width=58))
    plus = '<span aria-hidden="true">+</span>'
    return plus.join(card_svg(c, width=50 if len(shown) == 3 else 58) for c in shown)


def home_html(lang: str | None, stars: Mapping[str, int]) -> str:
    """The start screen in language ``lang``: two buttons to play, four to practise, ``stars`` won per level."""
    from ..teach.sums import LEVELS

    title = _("Sleeping Queens", lang)
    play = (_tile("play:bot", _("Play with a robot", lang), robot_svg(84) + queen_svg("Heart", width=62),
                  cls="kids-play")
            + _tile("play:friend", _("Play with a friend", lang),
                    queen_svg("Cat", width=62) + queen_svg("Dog", width=62), cls="kids-play"))
    practise = "".join(_tile(f"practise:{level}", _(LEVEL_TITLES[level], lang), _level_pictures(level),
                             stars_html(stars.get(level, 0), lang=lang))
                       for level in LEVELS)
    crown = queen_svg("Rose", width=44, label=name("sleepingqueens", "Rose Queen", lang))
    play_title, practise_title = escape(_("Play", lang)), escape(_("Practise adding", lang))
    return (KIDS_CSS + f'<div class="kids-home" lang="{escape(lang or "en")}"><h1>{crown}{escape(title)}</h1>'
            f'<h2>{play_title}</h2><div class="kids-row">{play}</div>'
            f'<h2>{practise_title}</h2><div class="kids-row">{practise}</div></div>')

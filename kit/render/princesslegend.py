"""Pictures of Princess Legend (pure HTML strings), drawn from one seat's observation.

:func:`table_html` draws a round as ``state.observation(seat)`` describes it:
every seat's tile (face up where the seat knows it, face down where not),
the centre tile, every question and answer so far, the colour rules, and the
reveal.  It never sees a state, so it cannot show a tile the seat does not
know.  The questions, answers and reveal are the seat's events
(``obs["log"]``) told by :mod:`kit.render.narration.princesslegend`.

>>> from kit.princesslegend import PrincessLegend
>>> s = PrincessLegend(4).new_initial_state(first_player=0)
>>> html = table_html(s.observation(0))
>>> 'class="pl-table"' in html and html.count('data-tile-place=') == 5
True
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from ..princesslegend.tiles import Character, character_by_name
from .narration.princesslegend import narrate

__all__ = ["table_html", "tile_html", "CSS"]

CSS = """
<style>
.pl-table{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f3eefc;border-radius:12px;
 padding:12px;color:#24292f;max-width:1100px}
.pl-row{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}
.pl-seat{background:#fff;border:1px solid #d3c8ea;border-radius:10px;padding:6px;text-align:center;min-width:96px}
.pl-seat.pl-me{border:2px solid #0969da}
.pl-seat.pl-turn{box-shadow:0 0 0 3px #f2c744}
.pl-tile{width:86px;height:104px;border-radius:10px;display:inline-flex;flex-direction:column;align-items:center;
 justify-content:center;font-size:12px;box-shadow:0 1px 3px rgba(0,0,0,.3);margin:2px;position:relative}
.pl-tile .pl-icon{font-size:30px;line-height:1.2}
.pl-tile .pl-sym{position:absolute;top:3px;left:6px;font-size:14px}
.pl-green{background:#dafbe1;border:3px solid #1a7f37}
.pl-red{background:#ffebe9;border:3px solid #cf222e}
.pl-blue{background:#ddf4ff;border:3px solid #0969da}
.pl-prince{background:#fff8c5;border:3px solid #9a6700}
.pl-back{background:repeating-linear-gradient(45deg,#6639ba,#6639ba 6px,#8250df 6px,#8250df 12px);
 border:3px solid #4c2889;color:#fff}
.pl-qa{background:#fff;border:1px solid #d3c8ea;border-radius:8px;padding:6px 10px;font-size:13px;line-height:1.6;
 min-width:320px;flex:1}
.pl-rules{font-size:12px;line-height:1.5}
.pl-banner{font-size:15px;font-weight:600;margin:4px 0 8px 0}
.pl-result{background:#dafbe1;border:1px solid #1a7f37;border-radius:8px;padding:6px 10px;font-weight:600;margin:6px 0}
</style>
"""

# Symbols of common fonts (DejaVu and the like), not emoji: they show on every machine.
_ICONS = {"Prince": "\u2654", "Princess": "\u2655", "Fairy": "\u2727", "Black Queen": "\u265b",
          "Guard": "\u2694", "Siamese": "\u262f", "Servant": "\u2615", "Spy": "\u25c9"}
_SYMBOLS = {"heart": "\u2665", "crown": "\u265b", "mask": "\u263b"}
_TALK = ("ask", "answer", "noextra")  # the events told in the questions-and-answers panel
_END = ("reveal", "rubies")


def tile_html(name: str | None, place: str, *, label: str = "") -> str:
    """One tile: face up (a character's name) or face down (``None``).

    >>> 'pl-green' in tile_html("Princess", "p1")
    True
    """
    attrs = f'data-tile-place="{escape(place)}"'
    if name is None:
        return (f'<div class="pl-tile pl-back" {attrs} role="img" aria-label="{escape(label or place)}: a face-down '
                f'tile"><div class="pl-icon">?</div></div>')
    c = character_by_name(name)
    colour = "prince" if c is Character.PRINCE else c.colour.value
    symbol = "" if c.symbol is None else f'<span class="pl-sym" title="{c.symbol.value}">{_SYMBOLS[c.symbol.value]}</span>'
    rule = "asks the questions" if c is Character.PRINCE else c.rule
    return (f'<div class="pl-tile pl-{colour}" {attrs} data-tile="{escape(name)}" role="img" '
            f'aria-label="{escape(label or place)}: {escape(name)}, {rule}">{symbol}'
            f'<div class="pl-icon">{_ICONS.get(name, "")}</div><div><b>{escape(name)}</b></div></div>')


def _told(obs: Mapping[str, Any], names: Sequence[str], kinds: tuple[str, ...]) -> list[str]:
    """The sentences of the seat's events of ``kinds``, for that seat (escaped)."""
    events = obs["log"]
    return [escape(line.text) for line in narrate(events, names=names, reader=obs["seat"])
            if events[line.event]["kind"] in kinds]


def table_html(obs: Mapping[str, Any], *, names: Sequence[str] | None = None, actions: Sequence[str] = (),
               banner: str = "") -> str:
    """The round as ``obs["seat"]`` sees it (``obs`` is ``state.observation(seat)``).

    ``actions`` (the seat's legal actions) are drawn as buttons by the caller
    (:func:`kit.render.games.actions_html`); they do not change this picture.
    """
    n, me, prince = obs["players"], obs["seat"], obs["prince"]
    names = list(names) if names is not None else [f"p{s}" for s in range(n)]
    seats = []
    for s in range(n):
        cls = "pl-seat" + (" pl-me" if s == me else "") + (" pl-turn" if s == obs.get("to_move") else "")
        who = escape(names[s]) + (" (you)" if s == me else "") + (" · Prince" if s == prince else "")
        seats.append(f'<div class="{cls}" data-seat-panel="{s}"><div style="font-size:12px">{who}</div>'
                     f'{tile_html(obs["tiles"][s], f"p{s}", label=names[s])}</div>')
    if obs["has_centre"]:
        seats.append(f'<div class="pl-seat"><div style="font-size:12px">centre</div>'
                     f'{tile_html(obs["centre"], "centre", label="the centre")}</div>')
    qa = "".join(f"<div>{text}</div>" for text in _told(obs, names, _TALK)) or "<i>No question asked yet.</i>"
    rules = ("<div class='pl-rules'><b>Green</b> tiles must tell the truth, <b>red</b> must lie, <b>blue</b> may do "
             "either. This round's tiles: " + ", ".join(escape(t) for t in obs["tile_set"]) + ".</div>")
    result = ""
    if obs.get("revealed"):
        result = f'<div class="pl-result" role="status">{" ".join(_told(obs, names, _END))}</div>'
    head = f'<div class="pl-banner" role="status">{banner}</div>' if banner else ""
    return (CSS + f'<div class="pl-table" data-seat="{me}">{head}{result}<div class="pl-row">{"".join(seats)}</div>'
            f'<div class="pl-row" style="margin-top:10px"><div class="pl-qa" aria-label="questions and answers">'
            f'{qa}</div>{rules}</div></div>')

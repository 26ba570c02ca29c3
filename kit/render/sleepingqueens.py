"""Pictures of Sleeping Queens (pure HTML strings), drawn from one seat's observation.

:func:`table_html` draws the table as ``state.observation(seat)`` describes
it: the 12 places (face down, empty, or a Queen everyone saw go to sleep),
each player's awake Queens and points, the seat's own hand (the others'
hands as card backs), the piles and the log.  It never sees a state, so it
cannot show a hidden card.  Legal actions become buttons (``data-choice`` =
the action's notation) through :func:`kit.render.games.actions_html`, and a
place that a King (or a wake) may wake is clickable itself.

>>> from kit.sleepingqueens import SleepingQueens
>>> s = SleepingQueens(2).new_initial_state()
>>> html = table_html(s.observation(0))
>>> html.count('data-place='), 'class="sq-table"' in html
(12, True)
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from ..sleepingqueens.cards import QUEEN_POINTS, Queen
from .games import name_seats

__all__ = ["table_html", "card_html", "queen_html", "CSS"]

CSS = """
<style>
.sq-table{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f6f1e7;border-radius:12px;
 padding:12px;color:#24292f;max-width:1100px}
.sq-row{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
.sq-grid{display:grid;grid-template-columns:repeat(4,74px);gap:6px;padding:8px;background:#e3dccb;border-radius:10px}
.sq-card,.sq-queen,.sq-place{width:70px;height:98px;border-radius:8px;display:inline-flex;flex-direction:column;
 align-items:center;justify-content:center;text-align:center;font-size:12px;box-shadow:0 1px 3px rgba(0,0,0,.3);
 margin:2px;vertical-align:top;position:relative}
.sq-card{background:#fff;border:2px solid var(--c,#555)}
.sq-card .sq-big{font-size:26px;font-weight:700;color:var(--c,#555);line-height:1.1}
.sq-card .sq-name{font-size:11px;color:#444}
.sq-back{background:repeating-linear-gradient(45deg,#b3261e,#b3261e 6px,#c9473f 6px,#c9473f 12px);border:2px solid #7d1a15}
.sq-queen{background:#fde7f1;border:2px solid #c2185b}
.sq-queen .sq-pts{position:absolute;top:3px;right:6px;font-weight:700;color:#c2185b}
.sq-queen .sq-crown{font-size:24px}
.sq-place.sq-asleep{background:repeating-linear-gradient(135deg,#2e7d32,#2e7d32 6px,#388e3c 6px,#388e3c 12px);
 border:2px solid #1b5e20;color:#e8f5e9}
.sq-place.sq-empty{background:transparent;border:2px dashed #b8ad96;color:#9a8f78;box-shadow:none}
.sq-place.sq-known{background:#d7ecd9;border:2px solid #2e7d32;color:#1b5e20}
.sq-place .sq-no{position:absolute;top:3px;left:6px;font-size:11px;opacity:.85}
.sq-place[data-choice]{cursor:pointer;outline:3px solid #f2c744}
.sq-place[data-choice]:hover{transform:translateY(-3px)}
.sq-seat{background:#fffdf8;border:1px solid #d8cfbd;border-radius:10px;padding:6px 8px;min-width:220px}
.sq-seat.sq-me{border:2px solid #0969da}
.sq-seat.sq-turn{box-shadow:0 0 0 3px #f2c744}
.sq-seat h4{margin:0 0 4px 0;font-size:13px}
.sq-mini{transform:scale(.8);transform-origin:left top;margin-right:-12px;margin-bottom:-18px}
.sq-banner{font-size:15px;font-weight:600;margin:4px 0 8px 0}
.sq-log{font-size:12px;line-height:1.45;background:#fffdf8;border:1px solid #d8cfbd;border-radius:8px;padding:6px 8px;
 max-height:170px;overflow:auto;min-width:280px;flex:1}
.sq-piles{display:flex;gap:10px;align-items:center;font-size:12px}
.sq-result{background:#dafbe1;border:1px solid #1a7f37;border-radius:8px;padding:6px 10px;font-weight:600;margin:6px 0}
</style>
"""

_POWER_COLOURS = {"King": "#b8860b", "Knight": "#57606a", "Dragon": "#2e7d32", "Potion": "#6f42c1",
                  "Wand": "#0a7d8c", "Jester": "#d9480f"}
# Symbols of common fonts (DejaVu and the like), not emoji: they show on every machine.
_POWER_ICONS = {"King": "\u265a", "Knight": "\u265e", "Dragon": "\u2694", "Potion": "\u2697", "Wand": "\u269a",
                "Jester": "\u263a"}
_POWER_TEXT = {"King": "wake a Queen", "Knight": "steal a Queen", "Dragon": "stops a Knight",
               "Potion": "put a Queen to sleep", "Wand": "stops a Potion", "Jester": "turn a card over"}


def card_html(name: str) -> str:
    """One red-backed card, face up (``"7"``, ``"King"``...).

    >>> 'data-card="King"' in card_html("King")
    True
    """
    if name.isdigit():
        return (f'<div class="sq-card" style="--c:#0969da" data-card="{name}" role="img" aria-label="number {name}">'
                f'<div class="sq-big">{name}</div><div class="sq-name">number</div></div>')
    colour = _POWER_COLOURS.get(name, "#555")
    return (f'<div class="sq-card" style="--c:{colour}" data-card="{escape(name)}" role="img" '
            f'aria-label="{escape(name)}: {_POWER_TEXT.get(name, "")}"><div class="sq-big">{_POWER_ICONS.get(name, "")}'
            f'</div><div class="sq-name"><b>{escape(name)}</b><br>{_POWER_TEXT.get(name, "")}</div></div>')


def _back(label: str = "a face-down card") -> str:
    return f'<div class="sq-card sq-back" role="img" aria-label="{escape(label)}"></div>'


def queen_html(name: str) -> str:
    """An awake Queen, face up, with her points.

    >>> 'data-queen="Rose"' in queen_html("Rose")
    True
    """
    points = QUEEN_POINTS[Queen[name.upper()]]
    return (f'<div class="sq-queen" data-queen="{escape(name)}" role="img" aria-label="{escape(name)} Queen, '
            f'{points} points"><span class="sq-pts">{points}</span><div class="sq-crown">\u265b</div>'
            f'<div>{escape(name)}</div></div>')


def _place(i: int, spot: str, choice: str | None) -> str:
    attrs = f' data-place="{i + 1}"' + (f' data-choice="{escape(choice)}" tabindex="0"' if choice else "")
    no = f'<span class="sq-no">{i + 1}</span>'
    if spot == "empty":
        return f'<div class="sq-place sq-empty"{attrs} aria-label="place {i + 1}, empty">{no}</div>'
    if spot.startswith("asleep:"):
        name = spot.split(":", 1)[1]
        return (f'<div class="sq-place sq-known"{attrs} aria-label="place {i + 1}: the {escape(name)} Queen, asleep">'
                f'{no}<div>\u263e</div><div>{escape(name)}</div><div>{QUEEN_POINTS[Queen[name.upper()]]}</div></div>')
    return (f'<div class="sq-place sq-asleep"{attrs} aria-label="place {i + 1}: a sleeping Queen, face down">'
            f'{no}<div style="font-size:26px">\u263e</div></div>')


def table_html(obs: Mapping[str, Any], *, names: Sequence[str] | None = None, actions: Sequence[str] = (),
               banner: str = "", log_lines: int = 12) -> str:
    """The table as ``obs["seat"]`` sees it (``obs`` is ``state.observation(seat)``).

    ``actions`` are the notations of the seat's legal actions: places a King
    or a wake can take become clickable.  ``banner`` is a line above the table.
    """
    n = obs["players"]
    me = obs["seat"]
    names = list(names) if names is not None else [f"p{s}" for s in range(n)]
    wakes = {int(a.split()[1]): a for a in actions if a.startswith(("King ", "wake "))}
    grid = "".join(_place(i, spot, wakes.get(i + 1)) for i, spot in enumerate(obs["grid"]))
    seats = []
    for s in range(n):
        queens = "".join(queen_html(q) for q in obs["queens"][s]) or "<i style='font-size:12px'>no Queen yet</i>"
        if s == me:
            hand = "".join(card_html(c) for c in obs["hand"])
        else:
            hand = "".join(_back(f"{names[s]}'s card, face down") for _ in range(obs["hand_sizes"][s]))
        turn = s == obs.get("turn") and "result" not in obs
        cls = "sq-seat" + (" sq-me" if s == me else "") + (" sq-turn" if turn else "")
        who = escape(names[s]) + (" (you)" if s == me else "")
        seats.append(f'<div class="{cls}" data-seat-panel="{s}"><h4>{who} · {obs["points"][s]} points · '
                     f'{len(obs["queens"][s])} Queen{"s" if len(obs["queens"][s]) != 1 else ""}</h4>'
                     f'<div>{queens}</div><div class="{"" if s == me else "sq-mini"}" data-zone="hand" '
                     f'data-seat="{s}">{hand}</div></div>')
    top = obs["discard_pile"][-1] if obs["discard_pile"] else None
    piles = (f'<div class="sq-piles"><div>{_back("the draw pile")}<div>draw pile: {obs["draw_pile"]}</div></div>'
             f'<div>{card_html(top) if top else "<i>no discard yet</i>"}<div>discard pile: '
             f'{len(obs["discard_pile"])}</div></div></div>')
    log = "".join(f"<div>{escape(name_seats(line, names))}</div>" for line in obs["log"][-log_lines:])
    result = ""
    if "result" in obs:
        winners = ", ".join(names[w] for w in obs["result"]["winners"])
        result = f'<div class="sq-result" role="status">Game over ({obs["result"]["reason"]}): {escape(winners)} ' \
                 f'win{"s" if len(obs["result"]["winners"]) == 1 else ""}.</div>'
    head = f'<div class="sq-banner" role="status">{banner}</div>' if banner else ""
    return (CSS + f'<div class="sq-table" data-seat="{me}">{head}{result}<div class="sq-row">'
            f'<div class="sq-grid" aria-label="the sleeping Queens">{grid}</div><div>{piles}</div>'
            f'<div class="sq-log" aria-label="what happened">{log}</div></div>'
            f'<div class="sq-row" style="margin-top:10px">{"".join(seats)}</div></div>')

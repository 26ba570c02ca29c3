"""What every game's table shares: its picture by game name, and legal actions as buttons.

>>> html = actions_html(["King 3", "King 5", "discard 7"])
>>> html.count('data-choice='), 'King' in html
(3, True)
"""

from __future__ import annotations

import importlib
import re
from html import escape
from typing import Any, Callable, Mapping, Sequence

__all__ = ["RENDERERS", "table_html", "actions_html", "generic_table_html", "cover_html", "new_game_html",
           "name_seats"]

#: game name -> "module:function" drawing ``table_html(obs, names=..., actions=..., banner=...)``
RENDERERS: dict[str, str] = {
    "sleepingqueens": "kit.render.sleepingqueens:table_html",
    "princesslegend": "kit.render.princesslegend:table_html",
}

_CSS = """
<style>
.kit-actions{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:8px 0;display:flex;flex-direction:column;
 gap:6px}
.kit-actions .kit-group{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.kit-actions .kit-group-name{font-size:12px;font-weight:600;color:#57606a;min-width:90px}
.kit-actions button{font:inherit;font-size:13px;padding:4px 10px;border-radius:6px;border:1px solid #8c959f;
 background:#f6f8fa;cursor:pointer}
.kit-actions button:hover,.kit-actions button:focus{background:#fff8c5;border-color:#9a6700}
.kit-cover{font-family:system-ui,sans-serif;padding:40px;text-align:center;background:#eaeef2;border-radius:12px}
.kit-cover button{font-size:16px;padding:8px 18px}
.kit-teacher-view{font-size:12px;background:#fff8c5;border:1px dashed #9a6700;padding:6px;border-radius:6px}
</style>
"""


def _renderer(game: str) -> Callable[..., str] | None:
    target = RENDERERS.get(game)
    if target is None:
        return None
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def generic_table_html(obs: Mapping[str, Any], *, names: Sequence[str] | None = None, actions: Sequence[str] = (),
                       banner: str = "") -> str:
    """Any game's observation as a plain list of its fields (for games without their own picture)."""
    rows = "".join(f"<tr><th style='text-align:left;padding-right:8px'>{escape(str(k))}</th>"
                   f"<td>{escape(str(v))}</td></tr>" for k, v in obs.items() if k != "log")
    log = "".join(f"<div>{escape(str(line))}</div>" for line in obs.get("log", [])[-12:])
    head = f"<div role='status'><b>{banner}</b></div>" if banner else ""
    return f"<div class='kit-generic'>{head}<table>{rows}</table><div>{log}</div></div>"


def table_html(game: str, obs: Mapping[str, Any], **options: Any) -> str:
    """The picture of ``obs`` by the renderer of ``game`` (the generic one when it has none)."""
    return (_renderer(game) or generic_table_html)(obs, **options)


def _group(text: str) -> str:
    head = text.split()[0]
    return {"deal": "chance", "reveal": "chance"}.get(head, head)


_GROUP_NAMES = {"King": "Wake (King)", "wake": "Wake a Queen", "Knight": "Steal (Knight)",
                "Potion": "Put to sleep (Potion)", "Jester": "Jester", "discard": "Discard",
                "block": "Defend", "allow": "Defend", "ask": "Ask", "answer": "Answer", "reveal": "Reveal",
                "no-extra-question": "Ask"}


def name_seats(text: str, names: Sequence[str] | None) -> str:
    """``text`` with each seat ``p0``, ``p1``... written as its player's name.

    >>> name_seats("p0 asks p1 who-is p12", ["Ana", "Ben"])
    'Ana asks Ben who-is p12'
    """
    if not names:
        return text
    return re.sub(r"\bp(\d+)\b", lambda m: names[int(m[1])] if int(m[1]) < len(names) else m[0], text)


def actions_html(actions: Sequence[str], prompt: str = "", names: Sequence[str] | None = None) -> str:
    """Legal actions as buttons, grouped by their first word; each ``data-choice`` is the notation.

    With ``names``, a button reads "Knight Ben Cat" for the action ``Knight p1 Cat``.
    """
    groups: dict[str, list[str]] = {}
    for a in actions:
        groups.setdefault(_GROUP_NAMES.get(_group(a), _group(a)), []).append(a)
    rows = "".join(
        f"<div class='kit-group' role='group' aria-label='{escape(g)}'><span class='kit-group-name'>{escape(g)}</span>"
        + "".join(f"<button data-choice='{escape(a)}'>{escape(name_seats(a, names))}</button>" for a in items)
        + "</div>"
        for g, items in groups.items())
    lead = f"<div style='font-size:13px'>{prompt}</div>" if prompt else ""
    return _CSS + f"<div class='kit-actions'>{lead}{rows}</div>"


def new_game_html() -> str:
    """The button that deals a new game."""
    return _CSS + "<div class='kit-actions'><div class='kit-group'><button data-choice='new'>New game</button></div></div>"


def cover_html(name: str) -> str:
    """The screen between two people at one computer: nothing of the game, one button."""
    return (_CSS + f"<div class='kit-cover' role='status'><p>Pass the screen to <b>{escape(name)}</b>.</p>"
            f"<button data-choice='ready'>I am {escape(name)}: show my cards</button></div>")

"""What every game's table shares around its picture: header, what just happened, prompt, log, cover.

Pure functions, strings out.  :class:`kit.widgets.GameTable` composes them
around a game's picture.  Every sentence comes in already translated (or is
made here through :mod:`kit.i18n`), every clickable thing carries a
``data-choice`` and an ``aria-label`` in words, and no text is smaller than
12 px (the log and prompts are 15 px).

Examples
--------
>>> html = choices_bar_html({"cancel": "Put the cards back"})
>>> 'data-choice="cancel"' in html and 'aria-label="Put the cards back"' in html
True
>>> print(log_html([], lang="en"))
<div class="kit-log" aria-label="Log"></div>
"""

from __future__ import annotations

from html import escape
from typing import Any, Collection, Mapping, Sequence

from ..i18n import _

_STAR = "\u2605 "  # marks a winner in a result table

__all__ = ["TABLE_CSS", "STATUS_LINES", "header_html", "recent_lines", "status_html", "prompt_html",
           "choices_bar_html", "log_html", "cover_html", "result_html", "help_html", "frame_html",
           "replay_banner_html"]

#: The stylesheet of the table's chrome (sizes in px at the normal size; ``large`` scales the pane).
TABLE_CSS = """<style>
.kit-table{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2328;font-size:15px;
 display:flex;flex-direction:column;gap:8px;max-width:1100px}
.kit-table .kit-head{display:flex;flex-wrap:wrap;gap:6px 16px;align-items:baseline;font-size:15px}
.kit-table .kit-head .kit-round{font-weight:700}
.kit-table .kit-score{display:inline-flex;gap:4px;align-items:baseline;padding:1px 8px;border-radius:10px;
 background:#f6f8fa;border:1px solid #d0d7de}
.kit-table .kit-score.kit-lead{background:#fff8c5;border-color:#d4a72c}
.kit-table .kit-status{border-left:5px solid #0969da;background:#ddf4ff;padding:4px 10px;border-radius:6px;
 font-size:15px;line-height:1.3}
.kit-table .kit-status .kit-last{font-weight:600}
.kit-table .kit-status.kit-more{max-height:5.2em;overflow-y:auto;display:flex;flex-direction:column-reverse}
.kit-table .kit-status-box{position:relative}
.kit-table .kit-more-note{position:absolute;top:3px;right:18px;font-size:13px;color:#0550ae;background:#fff;
 border:1px solid #54aeff;border-radius:10px;padding:0 8px;pointer-events:none}
.kit-table .kit-status .kit-private{font-style:italic}
.kit-table .kit-status .kit-aimed{background:#fff1d6;box-shadow:inset 3px 0 #bc4c00;padding-left:6px;
  margin-left:-6px;border-radius:2px}
.kit-table .kit-turn{display:flex;flex-wrap:wrap;align-items:center;gap:6px 14px}
.kit-table .kit-prompt{font-size:17px;font-weight:600;padding:4px 2px;flex:1 1 300px}
.kit-table>.kit-prompt{flex:none}
.kit-table .kit-note{font-size:15px;color:#7d4e00;background:#fff8c5;border-radius:6px;padding:4px 10px}
.kit-table .kit-bar{display:flex;flex-wrap:wrap;gap:8px}
.kit-table .kit-bar button{font:inherit;font-size:16px;padding:6px 16px;border-radius:8px;
 border:2px solid #0969da;background:#fff;color:#0969da;cursor:pointer;min-height:40px}
.kit-table .kit-bar button:hover,.kit-table .kit-bar button:focus{background:#ddf4ff}
.kit-table .kit-log{display:flex;flex-direction:column-reverse;max-height:9.5em;overflow:auto;font-size:14px;
 line-height:1.5;border:1px solid #d0d7de;border-radius:6px;padding:4px 8px;background:#fff}
.kit-table details>summary{cursor:pointer;font-size:14px;color:#57606a}
.kit-table .kit-help{font-size:15px;line-height:1.5}
.kit-table .kit-result{border:2px solid #1a7f37;background:#dafbe1;border-radius:8px;padding:8px 12px;font-size:16px}
.kit-table .kit-result{display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px}
.kit-table .kit-ranking{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:0;padding:0}
.kit-table .kit-bar button.kit-primary{background:#0969da;color:#fff;font-weight:700;font-size:18px}
.kit-cover{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:20px;min-height:480px;
 padding:40px 24px;text-align:center;border-radius:14px;font-size:20px;line-height:1.4;color:var(--ink,#fff);
 background:radial-gradient(ellipse at center,var(--felt-a,#57606a) 0%,var(--felt-b,#32383f) 100%)}
.kit-cover .kit-cover-title{font-size:32px;font-weight:800}
.kit-cover p{margin:0;max-width:36em}
.kit-cover button{font:inherit;font-size:24px;font-weight:700;padding:16px 36px;border-radius:14px;cursor:pointer;
 border:3px solid #d4a72c;background:#fff8c5;color:#3b2f00;min-height:64px;box-shadow:0 3px 10px rgba(0,0,0,.35)}
.kit-cover button:hover,.kit-cover button:focus{background:#ffe58a}
.kit-replay{border:3px dashed #8250df;border-radius:10px;padding:6px;background:#fbefff}
.kit-replay-banner{font-size:15px;font-weight:600;color:#6639ba;padding:2px 4px 6px}
.kit-teacher-state{font-size:13px;background:#fff8c5;border:1px dashed #9a6700;padding:6px;border-radius:6px}
</style>"""


def header_html(round_text: str, scores: Sequence[tuple[str, int]], score_name: str, leader: Sequence[int] = (),
                lang: str | None = None) -> str:
    """The line above the table: which round, and each seat's score."""
    chips = "".join(
        f"<span class='kit-score{' kit-lead' if i in leader else ''}'>{escape(name)} <b>{value}</b></span>"
        for i, (name, value) in enumerate(scores))
    label = escape(score_name)
    # i18n: the scores above a table: {score_name} is "tokens", "rubies"..., {scores} each player's score
    line = escape(_("{score_name}: {scores}", lang)).format(score_name=label, scores=chips)
    return (f"<div class='kit-head'><span class='kit-round'>{escape(round_text)}</span>"
            f"<span aria-label='{label}'>{line}</span></div>")


#: The most lines "what happened" holds.  It holds everything from the reader's last move on: one line or
#: three for each other seat's move (a Sleeping Queens King: the place, the Queen there, who woke her), so at
#: five players about twelve; beyond that (a long round of hot seats) the newest twelve.
STATUS_LINES = 12
_STATUS_ROWS = 4  # the box's height in lines, beyond which it scrolls (TABLE_CSS: max-height 5.2em, 4 x 1.3)


def recent_lines(narrated: Sequence[Any], since: int, most: int = STATUS_LINES,
                 aimed: Collection[int] = ()) -> list[tuple[str, bool, bool]]:
    """What happened from event ``since`` on, as ``(text, private, aimed)`` (the newest ``most`` lines); when
    nothing has, the newest line of all, so the table always says what the last move was.

    ``narrated`` holds narration lines (:class:`kit.render.narration.Line`: ``text``, ``private``, ``event``);
    ``aimed`` the indices of the events another player's move aimed at the reader
    (:meth:`kit.widgets.adapter.TableAdapter.aimed_events`): a line that tells one is marked ``aimed``.

    Examples
    --------
    >>> from kit.render.narration import Line
    >>> log = [Line("Ana played the Guard.", False, 0), Line("You drew the King.", True, 1),
    ...        Line("Ben played the Priest on you.", False, 2)]
    >>> recent_lines(log, since=1, aimed={2})
    [('You drew the King.', True, False), ('Ben played the Priest on you.', False, True)]
    >>> recent_lines(log, since=3)
    [('Ben played the Priest on you.', False, False)]
    >>> recent_lines(log, since=0, most=1)
    [('Ben played the Priest on you.', False, False)]
    """
    recent = [ln for ln in narrated if ln.event >= since][-most:]
    if not recent and narrated:
        recent = [narrated[-1]]
    return [(ln.text, ln.private, ln.event in aimed) for ln in recent]


def status_html(lines: Sequence[tuple[str, bool]], lang: str | None = None) -> str:
    """What just happened (the newest line in bold, last), announced to screen readers; ``lines`` are
    ``(text, private)`` or ``(text, private, aimed)`` (:func:`recent_lines`): what only the reader knows is in
    italics, a move another player aimed at the reader ("Ben played the Priest on you") on a tint with a bar.

    The box is never taller than four lines, so the choices below it stay in view: more lines (five or more
    players) scroll inside it, opened at the newest, the older ones a scroll up (or the arrow keys, once the
    box has the focus) away, as a note over its corner says.

    Examples
    --------
    >>> "kit-more" in status_html([(f"Move {i}.", False) for i in range(5)])
    True
    >>> "kit-more" in status_html([("Ana played the Guard.", False)])
    False
    """
    if not lines:
        return ""
    body = []
    for i, (text, private, *aimed) in enumerate(lines):
        cls = " ".join(c for c, on in (("kit-last", i == len(lines) - 1), ("kit-private", private),
                                       ("kit-aimed", any(aimed))) if on)
        body.append(f"<div class='{cls}'>{escape(text)}</div>" if cls else f"<div>{escape(text)}</div>")
    if len(lines) <= _STATUS_ROWS:
        return f"<div class='kit-status' role='status' aria-live='polite'>{''.join(body)}</div>"
    # one inner box in a column-reverse scroller: the scroller opens at its end (the newest line), the lines
    # keep their order for a screen reader; tabindex lets the keyboard scroll it.  The note over its corner is
    # for the eyes (a screen reader reads every line anyway)
    # i18n: over the box of what happened since your last move, when it holds more than four lines
    note = escape(_("\u2191 Earlier moves: scroll up", lang))
    return (f"<div class='kit-status-box'><div class='kit-status kit-more' role='status' aria-live='polite' "
            f"tabindex='0'><div>{''.join(body)}</div></div>"
            f"<div class='kit-more-note' aria-hidden='true'>{note}</div></div>")


def prompt_html(prompt: str, note: str = "") -> str:
    """What to do now, and (when the last clicks need it) why they are not yet a move."""
    out = f"<div class='kit-prompt'>{escape(prompt)}</div>" if prompt else ""
    if note:
        out += f"<div class='kit-note' role='alert'>{escape(note)}</div>"
    return out


def choices_bar_html(choices: Mapping[str, str], primary: Sequence[str] = ()) -> str:
    """Buttons for the offered choices the picture does not place (each with its words); those in ``primary``
    stand out (the one thing to do now)."""
    if not choices:
        return ""
    marks = {c: ' class="kit-primary"' if c in primary else "" for c in choices}
    buttons = "".join(f'<button{marks[c]} data-choice="{escape(c)}" aria-label="{escape(label)}">{escape(label)}</button>'
                      for c, label in choices.items())
    return f"<div class='kit-bar' role='group'>{buttons}</div>"


def log_html(lines: Sequence[tuple[str, bool]], lang: str | None = None) -> str:
    """The whole log, newest line at the bottom and always in view (the box scrolls up for older ones)."""
    rows = "".join(f"<div class='kit-private'>{escape(t)}</div>" if private else f"<div>{escape(t)}</div>"
                   for t, private in reversed(lines))
    label = escape(_("Log", lang))
    return f"<div class=\"kit-log\" aria-label=\"{label}\">{rows}</div>"


def help_html(how_to_play: str, lang: str | None = None) -> str:
    """The "How to play" panel (closed until opened)."""
    if not how_to_play:
        return ""
    title = escape(_("How to play", lang))
    return (f"<details class='kit-help'><summary>{title}</summary>"
            f"{how_to_play}</details>")


def cover_html(name: str, lang: str | None = None, *, felt: Sequence[str] = ("#57606a", "#32383f", "#ffffff"),
               size: str = "normal") -> str:
    """The screen between two people at one computer: nothing of the game, one big button.

    It fills the table's place in the table's colours (``felt``: two background colours and the text's, the
    adapter's :attr:`~kit.widgets.adapter.TableAdapter.felt`), inside the table's frame and stylesheet.

    >>> html = cover_html("Ben", "en", felt=("#2c7049", "#1d5335", "#ffffff"))
    >>> html.startswith("<style>") and 'data-choice="ready"' in html and "--felt-a:#2c7049" in html
    True
    """
    passing = escape(_("Pass the screen to {name}.", lang, name=name))
    away = escape(_("Everyone else: look away. {name}, press the button when only you can see the screen.", lang,
                    name=name))
    ready = escape(_("I am {name}: show my cards", lang, name=name))
    a, b, ink = (escape(c) for c in felt)
    return frame_html(f"<div class='kit-cover' role='status' style='--felt-a:{a};--felt-b:{b};--ink:{ink}'>"
                      f"<div class='kit-cover-title'>{passing}</div><p>{away}</p>"
                      f"<button data-choice=\"ready\" aria-label=\"{ready}\">{ready}</button></div>", size=size)


def result_html(title: str, rows: Sequence[tuple[str, int, bool]], score_name: str, lang: str | None = None) -> str:
    """A round's or the game's result on one line: the title, then each seat's score, best first (winners
    starred), so the table below stays in view."""
    order = sorted(range(len(rows)), key=lambda i: (-rows[i][1], i))
    chips = "".join(
        f"<li class='kit-score{' kit-lead' if rows[i][2] else ''}'>{_STAR if rows[i][2] else ''}"
        f"{escape(rows[i][0])} <b>{rows[i][1]}</b></li>" for i in order)
    label = escape(score_name)
    return (f"<div class='kit-result' role='status'><b>{escape(title)}</b> "
            f"<ol class='kit-ranking' aria-label='{label}'>{chips}</ol></div>")


def replay_banner_html(step: int, steps: int, seen_by: str, lang: str | None = None) -> str:
    """The banner of the inspect panel's board: this is a replay, not the live table."""
    text = escape(_("Replay, step {step} of {steps}, {seen_by}", lang, step=step, steps=steps, seen_by=seen_by))
    return f"<div class='kit-replay-banner'>{text}</div>"


def frame_html(*parts: str, size: str = "normal") -> str:
    """The parts of a table, in order, inside the table's frame and stylesheet."""
    return TABLE_CSS + f"<div class='kit-table kit-size-{escape(size)}'>{''.join(p for p in parts if p)}</div>"


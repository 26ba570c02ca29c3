"""Pictures of exercise feedback (pure HTML strings).

>>> "✔" in check_html(True, "right on all 40 positions")
True
"""

from __future__ import annotations

from html import escape

__all__ = ["check_html", "answer_here_html"]


def check_html(ok: bool, message: str) -> str:
    """A checker's verdict as a coloured box: green with ✔ when right, red with ✘ otherwise."""
    colour, back, mark = ("#1a7f37", "#dafbe1", "✔") if ok else ("#cf222e", "#ffebe9", "✘")
    return (f'<div role="status" style="border-left:4px solid {colour};background:{back};color:#1f2328;'
            f'padding:6px 10px;margin:4px 0;border-radius:4px;font-family:system-ui,sans-serif">'
            f'<b style="color:{colour}">{mark}</b> {escape(message)}</div>')


def answer_here_html(message: str) -> str:
    """An exercise not answered yet, as a calm blue box (not a red error); ``message`` is shown as text.

    >>> box = answer_here_html("✎ write <your> answer here")
    >>> 'role="note"' in box and "&lt;your&gt;" in box
    True
    """
    return (f'<div role="note" style="border-left:4px solid #0969da;background:#ddf4ff;color:#1f2328;'
            f'padding:6px 10px;margin:4px 0;border-radius:4px;font-family:system-ui,sans-serif">'
            f'{escape(message)}</div>')

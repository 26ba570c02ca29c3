"""Small SVG charts (no matplotlib needed).

Examples
--------
>>> svg = loglog_svg([(1, 0.5), (10, 0.05), (100, 0.004)], title="CFR+")
>>> svg.startswith("<svg") and "polyline" in svg
True
"""

from __future__ import annotations

import math
from html import escape
from typing import Sequence

from ..i18n import _

__all__ = ["loglog_svg"]


def loglog_svg(points: Sequence[tuple[float, float]], *, title: str = "", xlabel: str | None = None,
               ylabel: str | None = None, width: int = 420, height: int = 260, lang: str | None = None) -> str:
    """A log-log line chart of ``[(x, y), ...]`` (points with y <= 0 are dropped); the axes' labels default to
    "iterations" and "exploitability" in ``lang``."""
    xlabel = _("iterations", lang) if xlabel is None else xlabel
    ylabel = _("exploitability", lang) if ylabel is None else ylabel
    pts = [(float(x), float(y)) for x, y in points if x > 0 and y > 0]
    left, right, top, bottom = 62, 16, 28 if title else 12, 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
           f'font-size="11" role="img" aria-label="{escape(title or ylabel)}">',
           f'<rect width="{width}" height="{height}" fill="#fff"/>']
    if title:
        out.append(f'<text x="{width / 2}" y="17" text-anchor="middle" font-size="13" font-weight="bold">'
                   f'{escape(title)}</text>')
    if not pts:
        nothing = escape(_("no positive values", lang))
        out.append(f'<text x="{width / 2}" y="{height / 2}" text-anchor="middle">{nothing}</text></svg>')
        return "".join(out)
    lx = [math.log10(x) for x, _ in pts]
    ly = [math.log10(y) for _, y in pts]
    x0, x1 = math.floor(min(lx)), math.ceil(max(lx)) or 1
    y0, y1 = math.floor(min(ly)), math.ceil(max(ly))
    if x1 == x0:
        x1 += 1
    if y1 == y0:
        y1 += 1
    pw, ph = width - left - right, height - top - bottom

    def sx(v: float) -> float:
        return left + (v - x0) / (x1 - x0) * pw

    def sy(v: float) -> float:
        return top + (y1 - v) / (y1 - y0) * ph

    for e in range(x0, x1 + 1):
        out.append(f'<line x1="{sx(e):.1f}" y1="{top}" x2="{sx(e):.1f}" y2="{top + ph}" stroke="#eee"/>'
                   f'<text x="{sx(e):.1f}" y="{top + ph + 14}" text-anchor="middle">1e{e}</text>')
    for e in range(y0, y1 + 1):
        out.append(f'<line x1="{left}" y1="{sy(e):.1f}" x2="{left + pw}" y2="{sy(e):.1f}" stroke="#eee"/>'
                   f'<text x="{left - 6}" y="{sy(e) + 4:.1f}" text-anchor="end">1e{e}</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#999"/>')
    line = " ".join(f"{sx(a):.1f},{sy(b):.1f}" for a, b in zip(lx, ly))
    out.append(f'<polyline points="{line}" fill="none" stroke="#0072B2" stroke-width="2"/>')
    out.extend(f'<circle cx="{sx(a):.1f}" cy="{sy(b):.1f}" r="2.5" fill="#0072B2"/>' for a, b in zip(lx, ly))
    out.append(f'<text x="{left + pw / 2}" y="{height - 8}" text-anchor="middle">{escape(xlabel)}</text>'
               f'<text x="14" y="{top + ph / 2}" text-anchor="middle" transform="rotate(-90 14 {top + ph / 2})">'
               f'{escape(ylabel)}</text></svg>')
    return "".join(out)

"""A pane that shows an SVG picture and reports which node was clicked.

The picture is plain SVG text (from :mod:`kit.trees.draw` or :mod:`kit.render`);
every element with a ``data-node`` attribute becomes a button: a click, or
Enter/Space when it has the keyboard focus, sets :attr:`SvgPane.selected`.
Tab and the arrow keys move the focus between nodes; ``+``/``-``/``0`` zoom.
Every focusable element carries ``data-lm-suppress-shortcuts`` so JupyterLab
does not take those keys as notebook shortcuts (Lumino checks the focused
element itself before its ancestors, so the pane's own attribute is not enough).

Examples
--------
>>> pane = SvgPane(svg='<svg><g data-node="3"><circle r="4"/></g></svg>')
>>> pane.selected
''
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["SvgPane"]

_ESM = r"""
function render({ model, el }) {
  el.classList.add("kit-svgpane");
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const bar = document.createElement("div");
  bar.className = "kit-svgpane-bar";
  const view = document.createElement("div");
  view.className = "kit-svgpane-view";
  view.setAttribute("role", "group");
  view.setAttribute("aria-label", model.get("label"));
  const mk = (text, label, fn) => {
    const b = document.createElement("button");
    b.textContent = text; b.title = label; b.setAttribute("aria-label", label);
    b.className = "kit-svgpane-btn"; b.onclick = fn; bar.appendChild(b);
    b.setAttribute("data-lm-suppress-shortcuts", "true");
    return b;
  };
  const setZoom = (z) => { model.set("zoom", Math.max(0.2, Math.min(4, z))); model.save_changes(); };
  mk("+", "Zoom in", () => setZoom(model.get("zoom") * 1.25));
  mk("\u2212", "Zoom out", () => setZoom(model.get("zoom") / 1.25));
  mk("1:1", "Reset zoom", () => setZoom(1));
  el.appendChild(bar); el.appendChild(view);

  const nodes = () => Array.from(view.querySelectorAll("[data-node]"));
  const select = (g) => { model.set("selected", g.getAttribute("data-node")); model.save_changes(); };
  const applyZoom = () => {
    const svg = view.querySelector("svg");
    if (!svg) return;
    const w = parseFloat(svg.getAttribute("width")) || 600, h = parseFloat(svg.getAttribute("height")) || 400;
    svg.style.width = (w * model.get("zoom")) + "px";
    svg.style.height = (h * model.get("zoom")) + "px";
  };
  const draw = () => {
    const focused = document.activeElement && view.contains(document.activeElement)
      ? document.activeElement.getAttribute("data-node") : null;
    view.innerHTML = model.get("svg");
    for (const g of nodes()) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      // Lumino matches shortcut selectors against the focused element itself first,
      // so the attribute must be on every element that can hold the focus.
      g.setAttribute("data-lm-suppress-shortcuts", "true");
      const t = g.querySelector("title");
      g.setAttribute("aria-label", t ? t.textContent.split("\n")[0] : "node " + g.getAttribute("data-node"));
      g.addEventListener("click", () => select(g));
    }
    applyZoom();
    if (focused !== null) {
      const again = view.querySelector(`[data-node="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
  };
  view.addEventListener("keydown", (ev) => {
    const list = nodes();
    const i = list.indexOf(document.activeElement);
    if ((ev.key === "Enter" || ev.key === " ") && i >= 0) { select(list[i]); ev.preventDefault(); }
    else if ((ev.key === "ArrowRight" || ev.key === "ArrowDown") && list.length) {
      list[Math.min(list.length - 1, i + 1)].focus(); ev.preventDefault();
    } else if ((ev.key === "ArrowLeft" || ev.key === "ArrowUp") && list.length) {
      list[Math.max(0, i - 1)].focus(); ev.preventDefault();
    } else if (ev.key === "+" || ev.key === "=") { setZoom(model.get("zoom") * 1.25); ev.preventDefault(); }
    else if (ev.key === "-") { setZoom(model.get("zoom") / 1.25); ev.preventDefault(); }
    else if (ev.key === "0") { setZoom(1); ev.preventDefault(); }
  });
  model.on("change:svg", draw);
  model.on("change:zoom", applyZoom);
  draw();
}
export default { render };
"""

_CSS = """
.kit-svgpane { display: flex; flex-direction: column; gap: 4px; width: 100%; min-width: 0; }
.kit-svgpane-bar { display: flex; gap: 4px; }
.kit-svgpane-btn { min-width: 32px; padding: 2px 8px; cursor: pointer; }
.kit-svgpane-view { overflow: auto; max-height: 560px; max-width: 100%; border: 1px solid #ddd; border-radius: 4px;
                    background: #fff; }
.kit-svgpane-view [data-node]:focus { outline: 3px solid #F0C000; outline-offset: 2px; }
"""


class SvgPane(anywidget.AnyWidget):
    """An SVG picture whose ``data-node`` elements are clickable and keyboard-reachable."""

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    zoom = traitlets.Float(1.0).tag(sync=True)
    label = traitlets.Unicode("picture").tag(sync=True)

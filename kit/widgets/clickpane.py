"""A pane that shows HTML or SVG from Python and reports which element was chosen.

The picture is plain text (from :mod:`kit.render` or :mod:`kit.trees.draw`).
Every element matching :attr:`ClickPane.clickable` (by default elements with
a ``data-choice`` or ``data-node`` attribute) becomes a button: a click, or
Enter/Space when it has the keyboard focus, calls the Python callbacks given
to :meth:`ClickPane.on_choose` with the element's ``data-choice`` (or
``data-node``) value, and sets :attr:`ClickPane.selected`.  Tab and the arrow
keys move the focus between choices; ``+``/``-``/``0`` zoom.  With :attr:`ClickPane.fit`
an SVG picture opens shrunk to the pane's width; a new picture opens scrolled to its
element marked ``data-anchor``.

Every focusable element carries ``data-lm-suppress-shortcuts``: Lumino
matches JupyterLab's shortcut selectors against the focused element itself
before its ancestors, so an attribute on the pane alone would not stop
JupyterLab from taking Enter, ``a`` or ``b`` as notebook commands.

Examples
--------
>>> pane = ClickPane(html='<button data-choice="card:Guard">Guard</button>')
>>> seen = []
>>> pane.on_choose(seen.append)
>>> pane.choose("card:Guard")      # what a click does, from Python
>>> seen, pane.selected
(['card:Guard'], 'card:Guard')
"""

from __future__ import annotations

from typing import Any, Callable

import anywidget
import traitlets

__all__ = ["ClickPane", "SvgPane"]

_ESM = r"""
function render({ model, el }) {
  el.classList.add("kit-pane");
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const bar = document.createElement("div");
  bar.className = "kit-pane-bar";
  const view = document.createElement("div");
  view.className = "kit-pane-view";
  view.setAttribute("role", "group");
  view.setAttribute("tabindex", "-1");  // focusable by script only (keeps the focus in the pane)
  view.setAttribute("data-lm-suppress-shortcuts", "true");
  const label = () => view.setAttribute("aria-label", model.get("label"));
  label();
  const height = () => { view.style.maxHeight = model.get("max_height") || "none"; };  // "": no limit
  height();
  const mk = (text, name, fn) => {
    const b = document.createElement("button");
    b.textContent = text; b.title = name; b.setAttribute("aria-label", name);
    b.className = "kit-pane-btn"; b.onclick = fn;
    b.setAttribute("data-lm-suppress-shortcuts", "true");
    bar.appendChild(b); return b;
  };
  const setZoom = (z) => { model.set("zoom", Math.max(0.2, Math.min(4, z))); model.save_changes(); };
  mk("+", "Zoom in", () => setZoom(model.get("zoom") * 1.25));
  mk("\u2212", "Zoom out", () => setZoom(model.get("zoom") / 1.25));
  mk("1:1", "Reset zoom", () => setZoom(1));
  el.appendChild(bar); el.appendChild(view);
  const syncBar = () => { bar.style.display = model.get("zoom_buttons") ? "flex" : "none"; };
  syncBar();

  const value = (e) => e.getAttribute("data-choice") ?? e.getAttribute("data-node");
  const choices = () => Array.from(view.querySelectorAll(model.get("clickable")))
    .filter((e) => !e.hasAttribute("disabled") && e.getAttribute("aria-disabled") !== "true");
  const choose = (e) => {
    const v = value(e);
    model.set("selected", v); model.save_changes();
    model.send({ event: "choose", value: v });
  };
  // The natural size of the picture: its viewBox (its width/height attributes may say "100%").
  const natural = (svg) => {
    const vb = svg.viewBox && svg.viewBox.baseVal;
    const w = (vb && vb.width) || parseFloat(svg.getAttribute("width")) || 600;
    const h = (vb && vb.height) || parseFloat(svg.getAttribute("height")) || 400;
    return [w, h];
  };
  // Where the middle of the view is, as fractions of the picture (kept there when zooming).
  const middle = () => [(view.scrollLeft + view.clientWidth / 2) / Math.max(1, view.scrollWidth),
                        (view.scrollTop + view.clientHeight / 2) / Math.max(1, view.scrollHeight)];
  const applyZoom = (keep) => {
    const z = model.get("zoom");
    const svg = view.querySelector(":scope > svg");
    if (svg) {
      const [w, h] = natural(svg);
      // fit: zoom 1 is the picture shrunk to the width of the pane (never enlarged), but never below the
      // picture's data-min-scale (a game tree: its text stays at 12 px or more; a wider one scrolls)
      const least = w * (parseFloat(svg.getAttribute("data-min-scale")) || 0);
      const base = model.get("fit") && view.clientWidth > 0 ? Math.max(least, Math.min(w, view.clientWidth)) : w;
      svg.style.maxWidth = "none";
      svg.style.width = (base * z) + "px"; svg.style.height = (base * z * h / w) + "px";
    } else {
      view.style.zoom = z;
    }
    if (keep) {
      view.scrollLeft = keep[0] * view.scrollWidth - view.clientWidth / 2;
      view.scrollTop = keep[1] * view.scrollHeight - view.clientHeight / 2;
    }
  };
  // Bring the element marked data-anchor (a tree's root) to the middle of the view, as far as it scrolls.
  let anchorPending = true;
  const showAnchor = () => {
    const a = view.querySelector("[data-anchor]");
    if (!a || view.clientWidth === 0) return;
    const v = view.getBoundingClientRect(), r = a.getBoundingClientRect();
    view.scrollLeft += (r.left + r.width / 2) - (v.left + view.clientWidth / 2);
    view.scrollTop += (r.top + r.height / 2) - (v.top + view.clientHeight / 2);
    anchorPending = false;
  };
  let lastSize = null, lastWidth = 0;
  new ResizeObserver(() => {  // the pane got its width (attached) or changed it: fit again
    if (view.clientWidth === lastWidth) return;
    const keep = lastWidth > 0 ? middle() : null;
    lastWidth = view.clientWidth;
    applyZoom(keep);
    if (anchorPending) showAnchor();
  }).observe(view);
  const draw = () => {
    const active = document.activeElement;
    const inside = !!active && view.contains(active);  // the view itself counts: focus kept while no choice
    const had = inside && active !== view ? value(active) : null;
    const scrolled = [view.scrollLeft, view.scrollTop];
    view.innerHTML = model.get("html");
    for (const e of choices()) {
      if (!/^(BUTTON|A|INPUT|SELECT)$/.test(e.tagName)) {
        e.setAttribute("tabindex", "0");
        e.setAttribute("role", "button");
      }
      e.setAttribute("data-lm-suppress-shortcuts", "true");
      if (!e.hasAttribute("aria-label")) {
        const t = e.querySelector("title");
        e.setAttribute("aria-label", t ? t.textContent.split("\n")[0] : (e.textContent.trim() || value(e)));
      }
      e.addEventListener("click", (ev) => { ev.preventDefault(); choose(e); });
    }
    applyZoom();
    const svg = view.querySelector(":scope > svg");
    const size = svg ? natural(svg).join("x") : null;
    if (size !== lastSize) {  // another picture: show its anchor; the same one redrawn: stay where we were
      anchorPending = true;
      showAnchor();
    } else {
      view.scrollLeft = scrolled[0]; view.scrollTop = scrolled[1];
    }
    lastSize = size;
    if (inside) {
      const again = (had !== null && choices().find((e) => value(e) === had)) || choices()[0];
      if (again) again.focus();
      else view.focus();  // no choice now (others move): keep the keys away from JupyterLab
    } else if (model.get("autofocus")) {
      const first = choices()[0];
      if (first) first.focus();
    }
  };
  view.addEventListener("keydown", (ev) => {
    const list = choices();
    const i = list.indexOf(document.activeElement);
    if ((ev.key === "Enter" || ev.key === " ") && i >= 0) { choose(list[i]); ev.preventDefault(); }
    else if ((ev.key === "ArrowRight" || ev.key === "ArrowDown") && list.length) {
      list[Math.min(list.length - 1, i + 1)].focus(); ev.preventDefault();
    } else if ((ev.key === "ArrowLeft" || ev.key === "ArrowUp") && list.length) {
      list[Math.max(0, i - 1)].focus(); ev.preventDefault();
    } else if (model.get("zoom_buttons") && (ev.key === "+" || ev.key === "=")) {
      setZoom(model.get("zoom") * 1.25); ev.preventDefault();
    } else if (model.get("zoom_buttons") && ev.key === "-") { setZoom(model.get("zoom") / 1.25); ev.preventDefault(); }
    else if (model.get("zoom_buttons") && ev.key === "0") { setZoom(1); ev.preventDefault(); }
  });
  model.on("change:html", draw);
  // Zoom around the anchor while it is in view (it stays where it is), else around the middle of the view.
  const rezoom = () => {
    const a = view.querySelector("[data-anchor]");
    const at = (e) => { const v = view.getBoundingClientRect(), r = e.getBoundingClientRect();
                        return [r.left + r.width / 2 - v.left, r.top + r.height / 2 - v.top]; };
    const before = a ? at(a) : null;
    if (before && before[0] >= 0 && before[1] >= 0 && before[0] <= view.clientWidth && before[1] <= view.clientHeight) {
      applyZoom();
      const after = at(a);
      view.scrollLeft += after[0] - before[0]; view.scrollTop += after[1] - before[1];
    } else {
      applyZoom(middle());
    }
  };
  model.on("change:zoom", rezoom);
  model.on("change:fit", rezoom);
  model.on("change:zoom_buttons", syncBar);
  model.on("change:label", label);
  model.on("change:max_height", height);
  draw();
}
export default { render };
"""

_CSS = """
.kit-pane { display: flex; flex-direction: column; gap: 4px; width: 100%; min-width: 0; }
.kit-pane-bar { display: flex; gap: 4px; }
.kit-pane-btn { min-width: 32px; padding: 2px 8px; cursor: pointer; }
.kit-pane-view { overflow: auto; max-height: 640px; max-width: 100%; scrollbar-gutter: stable; }
.kit-pane-view:focus { outline: none; }
.kit-pane-view [data-node], .kit-pane-view [data-choice] { cursor: pointer; }
/* The keyboard's focus: a dark dashed ring on a white band, never a lift or a glow, so it never looks like
   a picked card (a pick is lifted, glows and carries a check mark); a click's focus shows nothing. */
.kit-pane-view [data-node]:focus, .kit-pane-view [data-choice]:focus { outline: none; }
.kit-pane-view [data-node]:focus-visible, .kit-pane-view [data-choice]:focus-visible {
  outline: 3px dashed #1f2328; outline-offset: 3px; box-shadow: 0 0 0 3px #ffffff; }
"""


class ClickPane(anywidget.AnyWidget):
    """HTML/SVG from Python whose ``data-choice``/``data-node`` elements are buttons.

    Attributes
    ----------
    html
        The picture (HTML or one ``<svg>`` element).
    selected
        The value of the last element chosen.
    clickable
        CSS selector of the elements that are choices.
    zoom, zoom_buttons
        Zoom factor, and whether the zoom buttons show.
    autofocus
        Focus the first choice whenever the picture changes (for keyboard play).
    label
        The ARIA label of the pane.
    max_height
        The CSS maximum height of the picture before it scrolls (``""``: no limit).
    fit
        Zoom 1 shrinks an SVG picture to the width of the pane (never enlarges it), never below the
    scale its ``data-min-scale`` attribute names (:data:`kit.trees.draw.MIN_SCALE`: text at 12 px).
        Whatever the zoom, a new picture opens scrolled to its element marked
        ``data-anchor`` (a tree's root), and zooming keeps that element where it is
        while it is in view (else the middle of the view).
    """

    _esm = _ESM
    _css = _CSS
    html = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    clickable = traitlets.Unicode("[data-choice], [data-node]").tag(sync=True)
    zoom = traitlets.Float(1.0).tag(sync=True)
    zoom_buttons = traitlets.Bool(False).tag(sync=True)
    autofocus = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("choices").tag(sync=True)
    max_height = traitlets.Unicode("640px").tag(sync=True)
    fit = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[str], Any]] = []
        self.on_msg(self._on_front_end_msg)

    def on_choose(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(value)`` whenever an element is chosen (every click counts)."""
        self._callbacks.append(callback)

    def choose(self, value: str) -> None:
        """Choose ``value`` from Python, exactly as a click on it would."""
        self.selected = value
        for callback in list(self._callbacks):
            callback(value)

    def _on_front_end_msg(self, _: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "choose":
            self.choose(str(content.get("value", "")))


class SvgPane(ClickPane):
    """A zoomable SVG picture (a game tree) whose ``data-node`` elements are buttons."""

    clickable = traitlets.Unicode("[data-node]").tag(sync=True)
    zoom_buttons = traitlets.Bool(True).tag(sync=True)
    fit = traitlets.Bool(True).tag(sync=True)
    label = traitlets.Unicode("picture").tag(sync=True)

    @property
    def svg(self) -> str:
        return self.html

    @svg.setter
    def svg(self, value: str) -> None:
        self.html = value

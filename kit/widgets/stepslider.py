"""A step slider that takes the keyboard inside JupyterLab: a native range input with step buttons.

The inspect panel's replay slider.  JupyterLab takes keys such as the arrows,
``a``, ``b`` and Enter as notebook commands when the focused element is not an
editor; so the input and its buttons carry ``data-lm-suppress-shortcuts`` and
the keys move the slider: the arrow keys one step, Page Up/Down ten, Home and
End to the ends.  The buttons (one step back, one step forward) do the same by
mouse or Tab + Enter.  A drag sets the value when released, as a slider with
``continuous_update=False`` does.

Examples
--------
>>> s = StepSlider(description="Step", max=5, value=5)
>>> s.value = 2
>>> s.value, s.max
(2, 5)
>>> s.value = 9      # clamped to the slider's range
>>> s.value
5
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

__all__ = ["StepSlider"]

_ESM = r"""
function render({ model, el }) {
  el.classList.add("kit-step-slider");
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const label = document.createElement("label");
  const name = document.createElement("span");
  name.className = "kit-step-name";
  const input = document.createElement("input");
  input.type = "range"; input.min = "0"; input.step = "1";
  input.setAttribute("data-lm-suppress-shortcuts", "true");
  const readout = document.createElement("output");
  readout.className = "kit-step-readout";
  const mk = (cls) => {
    const b = document.createElement("button");
    b.className = "kit-step-btn " + cls; b.type = "button";
    b.setAttribute("data-lm-suppress-shortcuts", "true");
    return b;
  };
  const back = mk("kit-step-back"), forward = mk("kit-step-forward");
  label.appendChild(name); label.appendChild(input);
  el.appendChild(label); el.appendChild(back); el.appendChild(forward); el.appendChild(readout);
  const set = (v) => {
    const max = model.get("max");
    v = Math.max(0, Math.min(max, v));
    if (v !== model.get("value")) { model.set("value", v); model.save_changes(); }
    sync();
  };
  const sync = () => {
    const v = model.get("value"), max = model.get("max");
    input.max = String(max); input.value = String(v);
    name.textContent = model.get("description");
    input.setAttribute("aria-valuetext", model.get("description") + " " + v + " / " + max);
    readout.textContent = v + " / " + max;
    back.textContent = "\u25c0 " + model.get("back_label");
    forward.textContent = model.get("forward_label") + " \u25b6";
    back.disabled = v <= 0; forward.disabled = v >= max;
  };
  input.addEventListener("change", () => set(parseInt(input.value, 10)));
  input.addEventListener("keydown", (ev) => {
    // every key the range input knows is its own: none of them reaches JupyterLab
    const v = model.get("value"), max = model.get("max");
    const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -10, PageUp: 10 }[ev.key];
    if (step !== undefined) set(v + step);
    else if (ev.key === "Home") set(0);
    else if (ev.key === "End") set(max);
    else return;
    ev.preventDefault(); ev.stopPropagation();
  });
  back.addEventListener("click", () => set(model.get("value") - 1));
  forward.addEventListener("click", () => set(model.get("value") + 1));
  for (const name of ["value", "max", "description", "back_label", "forward_label"]) model.on("change:" + name, sync);
  sync();
}
export default { render };
"""

_CSS = """
.kit-step-slider { display: inline-flex; align-items: center; gap: 8px; flex-wrap: wrap; font-size: 14px; }
.kit-step-slider label { display: inline-flex; align-items: center; gap: 8px; }
.kit-step-slider input[type=range] { width: 260px; height: 24px; }
.kit-step-slider input[type=range]:focus-visible { outline: 3px dashed #1f2328; outline-offset: 3px; }
.kit-step-btn { font: inherit; font-size: 14px; padding: 4px 10px; min-height: 32px; border-radius: 6px;
  border: 1px solid #8c959f; background: #fff; color: #1f2328; cursor: pointer; }
.kit-step-btn:disabled { opacity: .45; cursor: default; }
.kit-step-readout { font-variant-numeric: tabular-nums; min-width: 4em; }
"""


class StepSlider(anywidget.AnyWidget):
    """An integer slider from 0 to :attr:`max`, with a step back and a step forward button.

    Attributes
    ----------
    value, max
        The step shown and the last step (the value is kept within 0 and ``max``).
    description
        The slider's words (its label).
    back_label, forward_label
        The buttons' words.
    """

    _esm = _ESM
    _css = _CSS
    value = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(0).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    back_label = traitlets.Unicode("").tag(sync=True)
    forward_label = traitlets.Unicode("").tag(sync=True)

    @traitlets.validate("value")
    def _clamp(self, proposal: Any) -> int:
        return max(0, min(int(self.max), int(proposal["value"])))

    @traitlets.observe("max")
    def _shrink(self, change: Any) -> None:
        if self.value > change["new"]:
            self.value = change["new"]

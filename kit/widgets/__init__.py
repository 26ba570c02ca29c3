"""ipywidgets front ends. They call the kit's public API only.

* :class:`GameTable`: play any game of the kit (Love Letter, Sleeping Queens,
  Princess Legend, or any protocol game) against bots or friends at one
  screen, each person seeing only their own seat; inspect and replay every
  round.  A game plugs in with its table adapter (:mod:`kit.widgets.adapters`).
* :class:`LoveLetterTable`: the Love Letter table, with its edition settings.
* :class:`TreeExplorer`: draw, click and solve a game tree.
* :class:`ClickPane`: HTML/SVG whose choices are clickable and keyboard-reachable;
  :class:`SvgPane` is its zoomable picture form.
"""

from ..core.lazy import lazy_exports

# each widget loads when first used: a game table does not load the tree explorer's networkx and numpy
__getattr__, __dir__ = lazy_exports(__name__, {
    ".clickpane": ["ClickPane", "SvgPane"],
    ".table": ["GameTable"],
    ".loveletter_table": ["LoveLetterTable"],
    ".tree_explorer": ["TreeExplorer"],
    ".progress": ["ProgressPanel"],
})

__all__ = ["GameTable", "LoveLetterTable", "TreeExplorer", "SvgPane", "ClickPane", "ProgressPanel"]

"""ipywidgets front ends. They call the kit's public API only.

* :class:`TreeExplorer`: draw, click and solve a game tree.
* :class:`ClickPane`: HTML/SVG whose choices are clickable and keyboard-reachable;
  :class:`SvgPane` is its zoomable picture form.
"""

from .clickpane import ClickPane, SvgPane
from .tree_explorer import TreeExplorer

__all__ = ["TreeExplorer", "SvgPane", "ClickPane"]

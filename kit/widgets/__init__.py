"""ipywidgets front ends. They call the kit's public API only.

* :class:`TreeExplorer`: draw, click and solve a game tree.
* :class:`SvgPane`: a clickable, keyboard-reachable SVG picture.
"""

from .svgpane import SvgPane
from .tree_explorer import TreeExplorer

__all__ = ["TreeExplorer", "SvgPane"]

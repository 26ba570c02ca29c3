"""ipywidgets front ends. They call the kit's public API only.

* :class:`TreeExplorer`: draw, click and solve a game tree.
* :class:`LoveLetterTable`: play Love Letter against bots or friends, then
  replay a round as each seat saw it, with card counting.
* :class:`ClickPane`: HTML/SVG whose choices are clickable and keyboard-reachable;
  :class:`SvgPane` is its zoomable picture form.
"""

from .clickpane import ClickPane, SvgPane
from .loveletter_table import LoveLetterTable
from .tree_explorer import TreeExplorer

__all__ = ["TreeExplorer", "LoveLetterTable", "SvgPane", "ClickPane"]

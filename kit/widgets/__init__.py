"""ipywidgets front ends. They call the kit's public API only.

* :class:`TreeExplorer`: draw, click and solve a game tree.
* :class:`LoveLetterTable`: play Love Letter against bots or friends, then
  replay a round as each seat saw it, with card counting.
* :class:`GameTable`: play any game of the kit (Sleeping Queens, Princess Legend...)
  against bots or friends at one screen, each person seeing only their seat.
* :class:`ClickPane`: HTML/SVG whose choices are clickable and keyboard-reachable;
  :class:`SvgPane` is its zoomable picture form.
"""

from .clickpane import ClickPane, SvgPane
from .game_table import GameTable
from .loveletter_table import LoveLetterTable
from .tree_explorer import TreeExplorer

__all__ = ["TreeExplorer", "LoveLetterTable", "GameTable", "SvgPane", "ClickPane"]

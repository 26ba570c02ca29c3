"""Pure renderers: functions from kit objects to HTML/SVG strings (no widgets, no IPython).

The same pictures serve rich display in a cell, the widgets and static export.

* :mod:`kit.render.trees`: the details of a game-tree node for each player.
* :mod:`kit.render.charts`: small SVG charts (a log-log convergence plot).
* :mod:`kit.render.loveletter`: Love Letter cards, hands and tables (a seat's
  view from its observation alone; the teacher's view from the state).
"""

from ..core.lazy import lazy_exports

# each renderer loads when first used: a game table's chrome (kit.render.table) needs none of these
__getattr__, __dir__ = lazy_exports(__name__, {
    ".charts": ["loglog_svg"],
    ".loveletter": ["card_html", "state_html", "table_html", "teacher_table_html"],
    ".trees": ["node_details_html", "solution_html"],
})

__all__ = ["node_details_html", "solution_html", "loglog_svg",
           "card_html", "table_html", "teacher_table_html", "state_html"]

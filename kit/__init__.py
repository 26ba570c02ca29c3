"""A teaching kit of card and deduction games for Jupyter.

Subpackages: :mod:`kit.core` (protocol, drivers, seeding, JSON), the games
:mod:`kit.loveletter`, :mod:`kit.sleepingqueens` and :mod:`kit.princesslegend`,
:mod:`kit.trees` (game trees and solvers), :mod:`kit.teach` (exercise checkers),
:mod:`kit.render` (HTML/SVG pictures) and :mod:`kit.widgets` (JupyterLab widgets).
"""

__version__ = "0.1.0"

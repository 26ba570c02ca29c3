"""A teaching kit of card and deduction games for Jupyter.

Subpackages: :mod:`kit.core` (protocol, drivers), :mod:`kit.loveletter`.
"""

__version__ = "0.1.0"

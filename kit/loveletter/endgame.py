"""Kept for notebooks and older code: :mod:`kit.loveletter.position` holds the described positions.

>>> from kit.loveletter.endgame import endgame
>>> endgame("princess-hunt").phase
'deal'
"""

from .position import GALLERY, describe, endgame

__all__ = ["endgame", "GALLERY", "describe"]

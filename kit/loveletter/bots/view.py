"""The seat's window every Love Letter bot reads the round through."""

from __future__ import annotations

from typing import Any

from ...core.bots import PlayerView
from ..state import LoveLetterState

__all__ = ["seat_view"]


def seat_view(view: Any, player: int) -> Any:
    """The seat's :class:`~kit.core.PlayerView` of ``view``.

    A view is returned as it is; a bare Love Letter state is wrapped, so a bot
    called directly on a state still sees only what ``player`` may know.

    >>> from kit.loveletter import LoveLetter
    >>> v = seat_view(LoveLetter(2).new_initial_state(), 0)
    >>> type(v).__name__, v.player
    ('PlayerView', 0)
    """
    if isinstance(view, LoveLetterState):
        return PlayerView(view, player)
    return view

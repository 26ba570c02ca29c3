"""The Sleeping Queens game: settings and a factory of states.

>>> from kit.sleepingqueens import SleepingQueens
>>> game = SleepingQueens(players=3)
>>> game.target_queens, game.target_points
(5, 50)
>>> game.parse_action("discard 2+3=5")
Discard(cards=(Card.TWO, Card.THREE, Card.FIVE))
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..core.errors import KitError
from ..core.protocol import Game
from .actions import parse_action
from .saves import load as load_save
from .state import SleepingQueensState, _Rules

__all__ = ["SleepingQueens"]


@lru_cache(maxsize=None)
def _rules(n: int) -> _Rules:
    return _Rules(n)


class SleepingQueens(Game):
    """A whole game of Sleeping Queens as a protocol game (2–5 players).

    ``new_initial_state(first_player=0)``: the player left of the dealer
    (seat ``first_player``) starts; the first steps are the deal, chance's.
    """

    name = "sleepingqueens"

    def __init__(self, players: int = 2) -> None:
        counts = self.player_counts()
        if not isinstance(players, int) or isinstance(players, bool) or players not in counts:
            raise KitError(f"Sleeping Queens is for {counts[0]} to {counts[-1]} players, not {players!r}")
        self.num_players = players
        self._rules = _rules(players)

    @classmethod
    def player_counts(cls, **settings: Any) -> range:
        """2 to 5 players (docs/rules/sleepingqueens.md: the rule sheet is for 2 to 5); no other setting.

        >>> SleepingQueens.player_counts()
        range(2, 6)
        """
        cls._known_settings(settings)
        return range(2, 6)

    @property
    def target_queens(self) -> int:
        """Queens that win at once (5 with 2–3 players, 4 with 4–5)."""
        return self._rules.target_queens

    @property
    def target_points(self) -> int:
        """Points that win at once (50 with 2–3 players, 40 with 4–5)."""
        return self._rules.target_points

    def __reduce__(self) -> tuple:
        return (SleepingQueens, (self.num_players,))

    def settings(self) -> dict[str, Any]:
        return {"players": self.num_players}

    def new_initial_state(self, first_player: int = 0) -> SleepingQueensState:
        """A game before the deal; ``first_player`` plays first."""
        return SleepingQueensState(self, first_player)

    def parse_action(self, text: str) -> Any:
        return parse_action(text)

    def state_from_json(self, data: str | dict) -> SleepingQueensState:
        """The state saved by ``to_json`` (text or its dict), every field checked: a refusal is a
        :class:`~kit.core.KitError` naming the field and what is allowed (:mod:`kit.sleepingqueens.saves`)."""
        return load_save(self, data)

"""The Princess Legend game: settings and a factory of rounds.

Examples
--------
>>> from kit.princesslegend import PrincessLegend
>>> g = PrincessLegend(players=5)
>>> g
PrincessLegend(players=5)
>>> [str(t) for t in g.tile_set], g.has_centre, g.prince_turns
(['Princess', 'Fairy', 'Black Queen', 'Guard', 'Servant'], True, 2)
>>> PrincessLegend(9)
Traceback (most recent call last):
...
kit.core.errors.KitError: Princess Legend is for 3 to 8 players, not 9
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from ..core.errors import KitError
from ..core.protocol import Game
from .actions import parse_action
from .saves import load as load_save
from .state import PrincessLegendState, _Rules
from .tiles import MAX_PLAYERS, MIN_PLAYERS, PRINCE_TURNS, TILE_SETS, Character

__all__ = ["PrincessLegend"]


@lru_cache(maxsize=None)
def _rules(n: int) -> _Rules:
    return _Rules(n)


class PrincessLegend(Game):
    """One round of Princess Legend as a protocol game (the whole game: :class:`~kit.princesslegend.Match`).

    Parameters
    ----------
    players
        Number of players, 3 to 8 (the Prince included).
    """

    name = "princesslegend"

    def __init__(self, players: int = 5) -> None:
        counts = self.player_counts()
        if type(players) is not int or players not in counts:
            raise KitError(f"Princess Legend is for {counts[0]} to {counts[-1]} players, not {players!r}")
        self.num_players = players
        self._rules = _rules(players)

    @classmethod
    def player_counts(cls, **settings: Any) -> range:
        """3 to 8 players, the Prince included (docs/rules/princesslegend.md#tiles-for-each-number-of-players).

        >>> PrincessLegend.player_counts()
        range(3, 9)
        """
        cls._known_settings(settings)
        return range(MIN_PLAYERS, MAX_PLAYERS + 1)

    @property
    def tile_set(self) -> tuple[Character, ...]:
        """The character tiles of a round at this player count."""
        return TILE_SETS[self.num_players]

    @property
    def has_centre(self) -> bool:
        """Is a tile dealt face down to the centre (3 to 7 players)?"""
        return self.num_players < 8

    @property
    def prince_turns(self) -> int:
        """How many times each player is the Prince in a whole game."""
        return PRINCE_TURNS[self.num_players]

    def __reduce__(self) -> tuple:
        return (PrincessLegend, (self.num_players,))

    def settings(self) -> dict[str, Any]:
        return {"players": self.num_players}

    def new_initial_state(self, first_player: int = 0) -> PrincessLegendState:
        """A round before the deal; seat ``first_player`` is the Prince (he holds the Prince tile and
        asks first).

        >>> PrincessLegend(4).new_initial_state(first_player=2).prince
        2
        """
        return PrincessLegendState(self, first_player)

    def dealt_state(self, tiles: Sequence[str | Character], centre: str | Character | None = None
                    ) -> PrincessLegendState:
        """A round right after the deal, scripted: ``tiles[seat]`` is each seat's tile.

        Exactly one entry is ``"Prince"`` (that seat is the Prince); the others
        and ``centre`` (3 to 7 players only) are this round's character tiles,
        each once.  The deal is played as its chance steps, so ``history()``
        holds them (a described position: :func:`kit.princesslegend.position.dealt_state`).

        >>> from kit.princesslegend import PrincessLegend
        >>> s = PrincessLegend(3).dealt_state(["Servant", "Prince", "Princess"], centre="Black Queen")
        >>> s.prince, s.phase, [str(a) for a in s.history()]
        (1, 'question', ['deal Princess to p2', 'deal Servant to p0', 'deal Black Queen to centre'])
        """
        from .position import dealt_state

        return dealt_state(self, tiles, centre)

    def parse_action(self, text: str) -> Any:
        """Read ``"deal Guard to p2"``, ``"ask p1 who-is centre"``, ``"answer Fairy"``, ``"reveal p3"``, ..."""
        return parse_action(text)

    def state_from_json(self, data: str | dict) -> PrincessLegendState:
        """The state saved by ``to_json`` (text or its dict), every field checked: a refusal is a
        :class:`~kit.core.KitError` naming the field and what is allowed (:mod:`kit.princesslegend.saves`)."""
        return load_save(self, data)

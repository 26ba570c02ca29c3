"""Described positions: a Princess Legend round set up by hand (for teaching and tests).

A position is reached through the public protocol only: the deal is played
as its chance steps (each to the place the engine deals to next), then the
given actions, so ``history()`` holds every step and every rule is checked
on the way.

>>> from kit.princesslegend.position import position
>>> s = position(["Prince", "Fairy", "Black Queen", "Princess"], centre="Guard",
...              actions=["ask p1 where-princess", "answer p3"])
>>> s.prince, s.phase, s.still_to_ask()
(0, 'question', [2, 3])
"""

from __future__ import annotations

from typing import Any, Sequence

from ..core.errors import KitError
from ..core.validate import sequence
from .actions import CENTRE, Deal
from .state import PrincessLegendState
from .tiles import Character, character_by_name

__all__ = ["dealt_state", "position"]


def _character(name: str | Character) -> Character:
    if isinstance(name, Character):
        return name
    found = character_by_name(name) if isinstance(name, str) else None
    if found is None:
        raise KitError(f"{name!r} is not a character; characters: {', '.join(map(str, Character))}")
    return found


def dealt_state(game: Any, tiles: Sequence[str | Character], centre: str | Character | None = None
                ) -> PrincessLegendState:
    """A round of ``game`` right after the deal: ``tiles[seat]`` is each seat's tile.

    Exactly one entry is ``"Prince"`` (that seat is the Prince); the others
    and ``centre`` (3 to 7 players only) are this round's character tiles,
    each once (the engine refuses anything else, with its reason).

    >>> from kit.princesslegend import PrincessLegend
    >>> s = dealt_state(PrincessLegend(3), ["Servant", "Prince", "Princess"], centre="Black Queen")
    >>> s.prince, s.phase, [str(a) for a in s.history()]
    (1, 'question', ['deal Princess to p2', 'deal Servant to p0', 'deal Black Queen to centre'])
    """
    n = game.num_players
    if isinstance(tiles, (str, bytes)) or not isinstance(tiles, Sequence) or len(tiles) != n:
        raise KitError(f"give one tile per seat ({n}), one of them the Prince")
    chars = [_character(t) for t in tiles]
    princes = [s for s, c in enumerate(chars) if c is Character.PRINCE]
    if len(princes) != 1:
        raise KitError(f"exactly one seat holds the Prince tile, not {len(princes)}")
    if (centre is None) == game.has_centre:
        raise KitError("give the centre tile (3 to 7 players)" if game.has_centre
                       else "there is no centre tile with 8 players")
    state = game.new_initial_state(first_player=princes[0])
    where: dict[Any, Character] = {s: chars[s] for s in range(n)}
    if centre is not None:
        where[CENTRE] = _character(centre)
    while state.is_chance_node():
        place = state.chance_outcomes()[0][0].place  # every outcome of a step deals to the same place
        state.apply_action(Deal(where[place], place))
    return state


def position(tiles: Sequence[str | Character], centre: str | Character | None = None, *,
             actions: Sequence[Any] = ()) -> PrincessLegendState:
    """A round after the deal (:func:`dealt_state`, the player count read from ``tiles``) and ``actions``.

    ``actions`` are action objects or their notation (``"ask p2 who-is centre"``),
    applied in order; an illegal one is refused with the engine's reason.

    >>> s = position(["Prince", "Black Queen", "Servant"], centre="Princess", actions=["ask p1 who-are-you"])
    >>> s.current_player(), [str(a) for a in s.legal_actions()]        # the Black Queen must lie
    (1, ['answer Princess', 'answer Servant'])
    """
    from .game import PrincessLegend

    tiles = sequence(tiles, "tiles", what="tiles, one per seat (one of them the Prince)")
    state = dealt_state(PrincessLegend(len(tiles)), tiles, centre)
    for action in sequence(actions, "actions", what="actions"):
        state.apply_action(action)
    return state

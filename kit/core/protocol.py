"""The protocol every game of the kit speaks (shaped after OpenSpiel).

A :class:`Game` is an immutable value holding fixed settings and making
states.  A :class:`State` is one position.  Seats are ``0 .. n-1``; chance
nodes are owned by :data:`CHANCE`, finished states by :data:`TERMINAL`.

Tools that only read this protocol (drivers, game trees, solvers) work for any
game that implements it, including games written outside the kit.

Examples
--------
>>> from kit.core import CHANCE, TERMINAL
>>> CHANCE, TERMINAL
(-1, -4)
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from fractions import Fraction
from typing import Any, Hashable, Sequence

from .errors import KitError

__all__ = ["CHANCE", "TERMINAL", "Game", "State", "sorted_actions"]

#: ``current_player()`` of a chance node (OpenSpiel's value).
CHANCE: int = -1
#: ``current_player()`` of a finished state (OpenSpiel's value).
TERMINAL: int = -4


def sorted_actions(actions: Sequence[Any]) -> list[Any]:
    """Sort actions by their ``sort_key()`` (or by themselves when they have none)."""
    return sorted(actions, key=lambda a: a.sort_key() if hasattr(a, "sort_key") else a)


class Game(ABC):
    """Fixed settings of a game and a factory of states.

    Subclasses set ``name`` (a short registry name) and ``num_players``, and
    say how many players they allow (:meth:`player_counts`).
    """

    name: str = "game"
    num_players: int

    @classmethod
    def player_counts(cls, **settings: Any) -> range:
        """The numbers of players the rules allow with ``settings`` (the game's other settings).

        The one home of a game's player counts: setup forms and table adapters
        ask it, and the constructor refuses any other number.  ``settings`` are
        the keyword arguments of the constructor but ``players`` (a ``players``
        key is ignored, so ``type(game).player_counts(**game.settings())``
        works); a setting the game does not have is a
        :class:`~kit.core.KitError`.

        A game whose class fixes ``num_players`` (Kuhn poker: 2) allows that
        number; every other game overrides this method (Love Letter by
        edition: classic 2 to 4, 2019 2 to 6).

        Examples
        --------
        >>> from kit.trees.examples import KuhnPoker
        >>> KuhnPoker.player_counts()
        range(2, 3)
        >>> from kit.loveletter import LoveLetter
        >>> list(LoveLetter.player_counts(edition="classic")), list(LoveLetter.player_counts(edition="2019"))
        ([2, 3, 4], [2, 3, 4, 5, 6])
        """
        cls._known_settings(settings)
        fixed = getattr(cls, "num_players", None)
        if type(fixed) is not int:
            raise KitError(f"{cls.__name__} does not say how many players it allows: define the classmethod "
                           "player_counts(**settings) -> range on it")
        return range(fixed, fixed + 1)

    @classmethod
    def _known_settings(cls, settings: dict[str, Any], known: Sequence[str] = ()) -> None:
        """Refuse (a :class:`~kit.core.KitError`) a setting of ``settings`` not in ``known`` (nor ``players``)."""
        unknown = sorted(set(settings) - {"players", *known})
        if unknown:
            allowed = ", ".join(known) or "none but players"
            raise KitError(f"{cls.__name__} has no setting {', '.join(unknown)}; settings: {allowed}")

    @abstractmethod
    def new_initial_state(self, **options: Any) -> "State":
        """A fresh state at the start of play."""

    @abstractmethod
    def parse_action(self, text: str) -> Any:
        """Read an action from its text notation (``str(action)``)."""

    @abstractmethod
    def settings(self) -> dict[str, Any]:
        """JSON-ready keyword arguments that rebuild this game."""

    @abstractmethod
    def state_from_json(self, data: str | dict) -> "State":
        """Rebuild a state saved by :meth:`State.to_json`."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.settings() == self.settings()

    def __hash__(self) -> int:
        return hash((type(self).__name__, json.dumps(self.settings(), sort_keys=True)))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.settings().items())
        return f"{type(self).__name__}({args})"


class State(ABC):
    """One position of a game.

    Subclasses implement the abstract methods; :meth:`child`,
    :meth:`is_terminal`, :meth:`is_chance_node` come for free.
    """

    game: Game

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or :data:`CHANCE`, or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[Any]:
        """Sorted actions open to the player to move (chance outcomes at chance nodes)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """``[(action, probability)]`` at a chance node; probabilities sum to exactly 1."""

    @abstractmethod
    def apply_action(self, action: Any) -> None:
        """Play ``action`` in place; refuse with a :class:`~kit.core.KitError` and change nothing."""

    @abstractmethod
    def clone(self) -> "State":
        """An independent copy."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One number per seat (what each seat gained; zeros before the end)."""

    @abstractmethod
    def information_state(self, player: int) -> Hashable:
        """Everything ``player`` has seen, as a hashable string, and nothing more."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """A JSON-ready view of the position as ``player`` sees it."""

    @abstractmethod
    def history(self) -> list[Any]:
        """The actions applied so far, chance outcomes included."""

    @abstractmethod
    def to_json(self) -> str:
        """The whole state as JSON text (see ``Game.state_from_json``)."""

    # -- derived -------------------------------------------------------------
    def child(self, action: Any) -> "State":
        """A new state: this one after ``action`` (this one is unchanged)."""
        new = self.clone()
        new.apply_action(action)
        return new

    def is_terminal(self) -> bool:
        """True once the game (or round) is over."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """True when chance moves next."""
        return self.current_player() == CHANCE

"""What a bot is, what it may see, and the one bot every game has.

A bot is any object with ``choose(view, player) -> action``.  Drivers hand it
a view of its seat (:data:`SEAT_VIEW` lists what a view answers): the seat's
information state, observation and legal actions, what the seat knows
(``knowledge``), its card counting (``posterior``) and states drawn from that
knowledge (``resample``), nothing of the hidden cards.  A bot that sets
``omniscient = True`` is handed the real state instead (for teaching
comparisons only).

Two views answer alike:

* :class:`PlayerView` (tables, :func:`kit.core.play`): a window on the state
  in the bot's own process.  It keeps the state out of reach of
  well-behaved code only: a bot in the same process as the state can always
  reach it (the garbage collector, the caller's frame), so it is for the
  kit's bots and for play, not for a contest;
* :class:`kit.core.sealed.SealedView` (a tournament,
  :func:`kit.core.tournament`): values only, in a process of the bot's own
  where the state never is.

Examples
--------
>>> from kit.core import RandomBot
>>> RandomBot(seed=3).name
'random'
"""

from __future__ import annotations

import random
from typing import Any, Callable, Hashable, Protocol, runtime_checkable

from .errors import KitError
from .seeding import make_rng

__all__ = ["Bot", "PlayerView", "RandomBot", "view_for", "register_knowledge", "knowledge_functions",
           "register_posterior", "posterior_function", "SEAT_VIEW"]

#: What a seat's view answers (both :class:`PlayerView` and :class:`kit.core.sealed.SealedView`).
SEAT_VIEW: tuple[str, ...] = ("player", "game", "current_player", "legal_actions", "information_state",
                              "observation", "knowledge", "posterior", "resample")

# state type -> (knowledge(state, seat), resample(state, seat, rng, know=...))
_KNOWLEDGE: dict[type, tuple[Callable[..., Any], Callable[..., Any]]] = {}
# state type -> posterior(state, seat, policy)
_POSTERIOR: dict[type, Callable[..., Any]] = {}


def register_knowledge(state_type: type, knowledge: Callable[..., Any],
                       resample: Callable[..., Any]) -> None:
    """Let :class:`PlayerView` summarise what a seat knows in a game's states.

    ``knowledge(state, seat)`` must read only what ``seat`` saw, and
    ``resample(state, seat, rng, know=...)`` must draw a full state from that
    summary alone.  A game package declares its module of the two instead
    (``GamePackage(knowledge=...)``, :mod:`kit.core.registry`: Love Letter's
    :mod:`kit.loveletter.knowledge`), which :func:`knowledge_functions` finds;
    this is for a protocol game without a package.  Views of other games
    simply have no :meth:`PlayerView.knowledge`.
    """
    _KNOWLEDGE[state_type] = (knowledge, resample)


def knowledge_functions(state: Any) -> tuple[Callable[..., Any], Callable[..., Any]] | None:
    """``(knowledge, resample)`` for ``state``'s game, or ``None`` when it has no seat knowledge.

    From the knowledge module its game package declares (:func:`kit.core.registry.part`), else from
    :func:`register_knowledge`.

    >>> from kit.loveletter import LoveLetter
    >>> knowledge_functions(LoveLetter(2).new_initial_state())[0].__module__
    'kit.loveletter.knowledge'
    """
    st = type(state)
    funcs = _KNOWLEDGE.get(st)
    if funcs is None:
        module = _declared_part(state, "knowledge")
        if module is not None:
            funcs = _KNOWLEDGE[st] = (module.knowledge, module.resample)
    return funcs


def _declared_part(state: Any, role: str) -> Any:
    """The module of ``role`` that the game package of ``state`` declares, imported; ``None`` if none."""
    from . import registry

    pkg = registry.find(getattr(getattr(state, "game", None), "name", None))
    if pkg is None or getattr(pkg, role) is None:
        return None
    return registry.part(pkg.name, role)


def register_posterior(state_type: type, posterior: Callable[..., Any]) -> None:
    """Let :class:`PlayerView` give a seat its exact card counting in a game's states.

    ``posterior(state, seat, policy)`` must read only what ``seat`` saw.  A game package
    declares its module of it instead (``GamePackage(counting=...)``, :mod:`kit.core.registry`:
    Love Letter's :mod:`kit.loveletter.counting`), which :func:`posterior_function` finds;
    this is for a state type without a package.
    """
    _POSTERIOR[state_type] = posterior


def posterior_function(state: Any) -> Callable[..., Any] | None:
    """``posterior(state, seat, policy)`` for ``state``'s game, or ``None`` when it has no card counting.

    From the counting module its game package declares (:func:`kit.core.registry.part`), else from
    :func:`register_posterior`.

    >>> from kit.loveletter import LoveLetter
    >>> posterior_function(LoveLetter(2).new_initial_state()).__module__
    'kit.loveletter.counting'
    >>> from kit.princesslegend import PrincessLegend
    >>> posterior_function(PrincessLegend(3).new_initial_state()) is None
    True
    """
    st = type(state)
    fn = _POSTERIOR.get(st)
    if fn is None:
        module = _declared_part(state, "counting")
        if module is not None:
            fn = _POSTERIOR[st] = module.posterior
    return fn


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(view, player)``."""

    def choose(self, state: Any, player: int) -> Any:  # pragma: no cover - protocol
        ...


class PlayerView:
    """A seat's window on a state: only what that seat may know.

    The real state is kept out of reach of well-behaved code; every method
    below answers from the seat's point of view.  It is no seal: code in
    the same process can reach the state (``view._PlayerView__state``, the
    garbage collector).  A tournament seals learners' bots in processes of
    their own (:class:`kit.core.sealed.SealedView`).
    """

    __slots__ = ("__state", "player", "__known", "__counted")

    def __init__(self, state: Any, player: int) -> None:
        self.__state = state
        self.player = player
        self.__known: tuple[int, Any] | None = None  # (history length, knowledge)
        self.__counted: tuple[int, Any] | None = None  # (history length, policy-free posterior)

    @property
    def game(self) -> Any:
        """The game (settings only)."""
        return self.__state.game

    def current_player(self) -> int:
        return self.__state.current_player()

    def legal_actions(self) -> list[Any]:
        """Legal actions; the seat's own hand decides them, so it may see them."""
        if self.__state.current_player() != self.player:
            return []
        return self.__state.legal_actions()

    def information_state(self) -> Hashable:
        return self.__state.information_state(self.player)

    def observation(self) -> dict[str, Any]:
        return self.__state.observation(self.player)

    def knowledge(self) -> Any:
        """What this seat knows, as its game summarises it (the knowledge module its package
        declares, :func:`knowledge_functions`; Love Letter: a :class:`~kit.loveletter.Knowledge`).

        Computed once per position and cached, so a search that calls
        :meth:`resample` many times reads the log only once.
        """
        state = self.__state
        funcs = knowledge_functions(state)
        if funcs is None:
            raise KitError(f"{type(state).__name__} has no seat knowledge registered; "
                           "use information_state() or observation()")
        key = len(state.history())
        known = self.__known
        if known is None or known[0] != key:
            known = self.__known = (key, funcs[0](state, self.player))
        return known[1]

    def posterior(self, policy: Any = None) -> Any:
        """The seat's exact card counting, as its game computes it (the counting module its
        package declares, :func:`posterior_function`; Love Letter:
        :func:`kit.loveletter.counting.posterior`, ``{opponent: {card: Fraction}}``).

        ``policy`` is the game's opponent model (``None``: policy-free).  The
        policy-free answer is cached per position.
        """
        state = self.__state
        fn = posterior_function(state)
        if fn is None:
            raise KitError(f"{type(state).__name__} has no card counting registered; "
                           "use information_state() or observation()")
        if policy is not None:
            return fn(state, self.player, policy)
        key = len(state.history())
        counted = self.__counted
        if counted is None or counted[0] != key:
            counted = self.__counted = (key, fn(state, self.player, None))
        return counted[1]

    def resample(self, rng: random.Random) -> Any:
        """A full state drawn from what this seat knows (for determinizing search).

        Delegates to ``state.resample(player, rng)``, which a game implements
        from the seat's information alone (for a game with registered
        knowledge, to its resample function given the cached
        :meth:`knowledge`, which draws the same states faster).
        """
        state = self.__state
        funcs = knowledge_functions(state)
        if funcs is None:
            if not callable(getattr(state, "resample", None)):  # as a sealed view refuses it
                raise KitError(f"{type(state).__name__} cannot draw states from what a seat knows")
            return state.resample(self.player, rng)
        return funcs[1](state, self.player, rng, know=self.knowledge())


def view_for(bot: Any, state: Any, player: int) -> Any:
    """The state itself for an omniscient bot, else the seat's :class:`PlayerView`."""
    return state if getattr(bot, "omniscient", False) else PlayerView(state, player)


class RandomBot:
    """Uniformly random over the legal actions (seeded).

    >>> from kit.core import RandomBot
    >>> bot = RandomBot(seed=1)
    """

    name = "random"
    #: How a setup form names this kind of seat (a message id, translated where it is shown).
    label = "random bot"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = make_rng(seed)

    def choose(self, view: Any, player: int) -> Any:
        actions = view.legal_actions()
        return actions[self.rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return "RandomBot()"

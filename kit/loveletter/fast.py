"""A fast playout path: the same rules code, none of the per-step objects.

:func:`simulate` plays one round with uniformly random choices, calling the
engine's own rule methods (``_deal``, ``_do_play``, ``_do_keep``) directly.
It skips what a playout does not need: the event log, the history, legality
checks of actions the engine itself listed, and the exact chance-outcome
lists (a card is drawn by picking a uniform position in a flat list of the
unseen cards, which is the same distribution).

:func:`playout` is the one playout loop of the kit's Love Letter: uniform
random decisions by default, or any policy given as ``decide`` (the ISMCTS
bot's rule-based playouts use it).

Use it for Monte Carlo estimates and benchmarks; use the protocol
(:meth:`~kit.loveletter.LoveLetterState.apply_action`) for anything a
learner sees.

Examples
--------
>>> import random
>>> from kit.loveletter import LoveLetter
>>> from kit.loveletter.fast import simulate
>>> end = simulate(LoveLetter(2), random.Random(4))
>>> end.is_terminal(), sum(end.returns()) >= 1
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .state import _IS_CHANCE, OVER, PLAY, LoveLetterState

__all__ = ["simulate", "playout"]


def simulate(game: Any, rng: random.Random, first_player: int = 0) -> LoveLetterState:
    """Play a fresh round of ``game`` to the end at random; return the final state."""
    state = LoveLetterState(game, first_player, record=False)
    return playout(state, rng, _pool_cards(state))


def _pool_cards(state: LoveLetterState) -> list[int]:
    if state._pool_n == len(state._r.flat):  # a fresh deck
        return state._r.flat[:]
    return [v for v, c in enumerate(state._pool) for _ in range(c)]


def playout(state: LoveLetterState, rng: random.Random, pool: list[int] | None = None,
            decide: Callable[[LoveLetterState, random.Random], None] | None = None) -> LoveLetterState:
    """Finish ``state`` in place with random draws and uniformly random (or ``decide``'s) choices; return it.

    ``pool`` is a flat list of the cards in the unordered part of the deck
    (computed when not given); it is consumed.  ``decide(state, rng)``, when
    given, makes each decision (it must apply one legal action of the player
    to move, e.g. through the state's rule methods); by default a decision is
    uniform over the legal actions.  Draws: a uniform card of the unordered
    deck, then the cards under it in order, then (a Prince's target facing an
    empty deck) the set-aside card -- the next card off the deck, written
    once here.

    >>> import random
    >>> from kit.loveletter import LoveLetter
    >>> end = playout(LoveLetter(2).new_initial_state(), random.Random(1))
    >>> end.is_terminal(), end.history()       # the rule methods keep no history
    (True, [])
    """
    if pool is None:
        pool = _pool_cards(state)
    rand = rng.random
    deal, do_play, do_keep, legal_plays = state._deal, state._do_play, state._do_keep, state._legal_plays
    keeps_for = state._r.keeps_for
    pop = pool.pop
    while True:
        ph = state._phase
        if _IS_CHANCE[ph]:
            if state._pool_n:
                deal(pop(int(rand() * len(pool))))
            elif state._bottom:
                deal(state._bottom[0][0])
            else:
                deal(state._setaside)
        elif ph == OVER:
            return state
        elif decide is not None:
            decide(state, rng)
        elif ph == PLAY:
            acts = legal_plays()
            do_play(acts[int(rand() * len(acts))])
        else:  # the Chancellor's keep
            acts = keeps_for(state._hands[state._cur])
            do_keep(acts[int(rand() * len(acts))])


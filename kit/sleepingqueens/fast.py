"""A fast playout path: the same rules code, none of the per-step lists.

:func:`playout` finishes a game with uniformly random choices (or any
``decide`` policy) through the engine's own rule steps: the same rules code
as :meth:`~kit.sleepingqueens.SleepingQueensState.apply_action`, called
with moves drawn from the legal ones, so not checked a second time (a
``decide`` policy's moves go through ``apply_action`` and are checked).
What it skips is the chance-outcome lists, the exact sampling over them and
the turn's list of legal actions: a card is drawn by picking a uniform
position in a flat list of the draw pile's cards (the whole draw queue at
once), a face-down Queen uniformly among the Queens nobody has seen (the
same distributions as the protocol's ``Fraction`` outcomes), and a turn's
action as ``legal_actions()[int(rand() * len(legal_actions()))]`` found
without listing them.  A state made with ``record=False`` (:func:`simulate`,
and the copies a bot searches) also keeps no history and no event log.

Use it for Monte Carlo estimates, bots' lookahead and benchmarks; play
through the protocol (``chance_outcomes()`` and ``apply_action``) for
anything a learner sees.

Examples
--------
>>> import random
>>> from kit.sleepingqueens import SleepingQueens
>>> end = simulate(SleepingQueens(4), random.Random(2))
>>> end.is_terminal(), end.result().reason in ("queens", "points", "all-awake"), end.history()
(True, True, [])
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ..core.errors import KitError
from .state import _DEAL, _REVEAL, DEFEND, DRAW, FLIP, OVER, REVEAL, TURN, WAKE, SleepingQueensState, _pile_of

__all__ = ["simulate", "playout"]


def simulate(game: Any, rng: random.Random, first_player: int = 0) -> SleepingQueensState:
    """Play a fresh game of ``game`` to the end at random (no history, no event log); return the end."""
    return playout(SleepingQueensState(game, first_player, record=False), rng)


def playout(state: SleepingQueensState, rng: random.Random,
            decide: Callable[[SleepingQueensState, random.Random], Any] | None = None, *,
            pile: list[int] | None = None, queens: list[int] | None = None) -> SleepingQueensState:
    """Finish ``state`` in place with random draws and uniformly random (or ``decide``'s) choices; return it.

    ``decide(state, rng)``, when given, returns the action for each decision
    (one of ``state.legal_actions()``); by default a decision is uniform over
    the legal actions.  The state records its history and events only if it
    was made with ``record=True``.

    ``pile`` and ``queens``, when given, fix the order of the draws: the draw
    pile's cards, the next one last (a shuffled list of its cards: it is
    consumed), and the Queens nobody has seen, in the order they are revealed
    (also consumed).  Two playouts given the same orders meet the same cards
    as long as they draw as many (a lookahead compares its candidate moves
    so); after a reshuffle the new pile is shuffled with ``rng``.

    >>> import random
    >>> from kit.sleepingqueens import SleepingQueens
    >>> s = SleepingQueens(2).new_initial_state()
    >>> end = playout(s, random.Random(1))
    >>> end is s, end.is_terminal(), sum(end.returns()) >= 1, len(end.history()) > 50
    (True, True, True, True)
    """
    rand = rng.random
    shuffle = None if pile is None else rng.shuffle
    if pile is None:
        pile = _pile_of(state._pool, state._pool_n)
    legal, apply, pick = state.legal_actions, state.apply_action, state._turn_pick
    serve, turn, defend, choose, flip, reveal = (state._serve, state._turn, state._do_defence, state._choose,
                                                 state._flip, state._reveal)
    while True:
        ph = state._phase
        if ph == TURN and decide is None:  # the commonest step first; then the draws it leads to, if any
            a = pick(rand())  # legal_actions()[int(rand() * len(legal_actions()))], not listed
            turn(a, a.__class__)
            if state._phase != DRAW:
                continue
            ph = DRAW
        if ph == DRAW:  # the whole draw queue at once
            pile = serve(pile, rand, shuffle)
        elif ph <= WAKE:  # a decision: drawn from the legal actions, so applied without checking it again
            if decide is not None:  # a policy's move: checked by apply_action
                apply(decide(state, rng))
            else:
                acts = legal()
                a = acts[int(rand() * len(acts))]
                if ph == DEFEND:
                    defend(a)
                else:
                    choose(a)
        elif ph == REVEAL:
            unseen = state._unseen
            q = queens.pop() if queens else unseen[int(rand() * len(unseen))]
            if q not in unseen:
                raise KitError(f"{_REVEAL[q].queen} is not a Queen nobody has seen: the order given does not fit")
            reveal(q)
        elif ph == FLIP:
            if not pile:  # the discard pile was shuffled into a new draw pile
                pile = _pile_of(state._pool, state._pool_n)
                if shuffle is not None:
                    shuffle(pile)
            v = pile.pop() if shuffle is not None else pile.pop(int(rand() * state._pool_n))
            if not state._pool[v]:
                raise KitError(f"the draw pile holds no {_DEAL[v].card}: the order given does not fit the pile")
            flip(v)
        elif ph == OVER:
            return state
        else:  # pragma: no cover - every phase is listed above
            raise AssertionError(f"unknown phase {ph}")

"""A fast playout path: the same rules code, none of the per-step lists.

:func:`playout` finishes a game with uniformly random choices (or any
``decide`` policy) through the engine's own
:meth:`~kit.sleepingqueens.SleepingQueensState.legal_actions` and
:meth:`~kit.sleepingqueens.SleepingQueensState.apply_action`: the same
rules, the same legality checks.  What it skips is the chance-outcome lists
and the exact sampling over them: a card is drawn by picking a uniform
position in a flat list of the draw pile's cards, a face-down Queen
uniformly among the Queens nobody has seen (the same distributions as the
protocol's ``Fraction`` outcomes).  A state made with ``record=False``
(:func:`simulate`, and the copies a bot searches) also keeps no history and
no event log.

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

from .state import _COUNTS, _DEAL, _REVEAL, DRAW, FLIP, OVER, REVEAL, WAKE, SleepingQueensState

__all__ = ["simulate", "playout"]

_FLAT = [v for v, c in enumerate(_COUNTS) for _ in range(c)]  # the 67 red cards, one entry a card


def simulate(game: Any, rng: random.Random, first_player: int = 0) -> SleepingQueensState:
    """Play a fresh game of ``game`` to the end at random (no history, no event log); return the end."""
    return playout(SleepingQueensState(game, first_player, record=False), rng)


def _pile(state: SleepingQueensState) -> list[int]:
    """The draw pile as a flat list of card values."""
    if state._pool_n == len(_FLAT):
        return _FLAT[:]
    return [v for v, c in enumerate(state._pool) for _ in range(c)]


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
    ordered = pile is not None
    if pile is None:
        pile = _pile(state)
    pop = pile.pop
    apply, legal = state.apply_action, state.legal_actions
    deal, reveal = _DEAL, _REVEAL
    while True:
        ph = state._phase
        if ph == DRAW or ph == FLIP:
            if not pile:  # the discard pile was shuffled into a new draw pile
                pile = _pile(state)
                pop = pile.pop
                if ordered:
                    rng.shuffle(pile)
            apply(deal[pop() if ordered else pop(int(rand() * state._pool_n))])
        elif ph <= WAKE:
            if decide is None:
                acts = legal()
                apply(acts[int(rand() * len(acts))])
            else:
                apply(decide(state, rng))
        elif ph == REVEAL:
            if queens:
                apply(reveal[queens.pop()])
            else:
                unseen = state._unseen
                apply(reveal[unseen[int(rand() * len(unseen))]])
        elif ph == OVER:
            return state
        else:  # pragma: no cover - every phase is listed above
            raise AssertionError(f"unknown phase {ph}")

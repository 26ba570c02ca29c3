"""Run a state to the end: one bot per seat, chance from a seeded generator.

Examples
--------
>>> from kit.core import play, RandomBot
>>> from kit.loveletter import LoveLetter
>>> end = play(LoveLetter(2).new_initial_state(), [RandomBot(1), RandomBot(2)], seed=5)
>>> end.is_terminal()
True
>>> end.history() == play(LoveLetter(2).new_initial_state(),
...                       [RandomBot(1), RandomBot(2)], seed=5).history()
True
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import Any, Callable, Mapping, Sequence

from .errors import KitError
from .protocol import CHANCE, TERMINAL
from .seeding import ChanceOutcomes, _cumulative, make_rng, sample_outcome
from .bots import view_for

__all__ = ["play", "play_at_random", "replay"]


def play(
    state: Any,
    bots: Sequence[Any] | Mapping[int, Any],
    seed: int | random.Random | None = None,
    *,
    on_action: Callable[[Any, int, Any], None] | None = None,
    max_actions: int = 1_000_000,
) -> Any:
    """Play ``state`` (a copy of it) to the end and return the final state.

    Parameters
    ----------
    state
        Any protocol state; it is cloned, never changed.
    bots
        ``bots[seat]`` chooses for that seat (``choose(view, seat)``).
    seed
        Seeds the chance outcomes (an ``int`` or a :class:`random.Random`).
    on_action
        Called as ``on_action(state, player, action)`` before each action.
    max_actions
        Guard against a game that never ends.
    """
    rng = make_rng(seed)
    state = state.clone()
    for _ in range(max_actions):
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            action = sample_outcome(state.chance_outcomes(), rng)
        else:
            bot = bots[player]
            action = bot.choose(view_for(bot, state, player), player)
        if on_action is not None:
            on_action(state, player, action)
        state.apply_action(action)
    raise KitError(f"the game did not end within {max_actions} actions")


def play_at_random(state: Any, rng: random.Random, max_steps: int | None = None) -> int:
    """Play ``state`` itself (no copy) uniformly at random through the protocol; return the steps taken.

    Every chance step is drawn with :func:`kit.core.sample_outcome`, every
    decision uniformly among ``legal_actions()``.  Stops at the end, or after
    ``max_steps`` steps.  The benchmarks time this loop.

    >>> import random
    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2).new_initial_state()
    >>> play_at_random(s, random.Random(3)) > 0 and s.is_terminal()
    True
    """
    steps, limit = 0, -1 if max_steps is None else max_steps
    # sample_outcome and randrange written out (as kit.core.seeding.below draws for a plain Random): the same
    # numbers, without two Python calls a step.  A generator of its own kind is asked for its own randrange.
    plain = rng.__class__ is random.Random
    getrandbits, randrange = rng.getrandbits, rng.randrange
    current, outcomes_of, legal, apply = state.current_player, state.chance_outcomes, state.legal_actions, \
        state.apply_action
    while steps != limit:
        p = current()
        if p == TERMINAL:
            break
        if p == CHANCE:
            choices = outcomes_of()
            if len(choices) == 1:
                apply(choices[0][0])
                steps += 1
                continue
            cum, n = choices.cumulative if choices.__class__ is ChanceOutcomes else _cumulative(choices)
        else:
            choices = legal()
            n = len(choices)
        if plain:
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
        else:
            r = randrange(n)
        apply(choices[bisect_right(cum, r)][0] if p == CHANCE else choices[r])
        steps += 1
    return steps


def replay(game: Any, actions: Sequence[Any], **initial: Any) -> Any:
    """Rebuild a state from a fresh start and an action history.

    Actions may be action objects or their text notation.

    >>> from kit.loveletter import LoveLetter
    >>> from kit.core import play, RandomBot, replay
    >>> g = LoveLetter(3)
    >>> end = play(g.new_initial_state(), [RandomBot(i) for i in range(3)], seed=2)
    >>> replay(g, end.history()).to_json() == end.to_json()
    True
    """
    state = game.new_initial_state(**initial)
    for action in actions:
        if isinstance(action, str):
            action = game.parse_action(action)
        state.apply_action(action)
    return state

"""Helpers every game's tests share: action texts, scripted steps, refused actions."""

from __future__ import annotations

import pytest

from kit.core import CHANCE, IllegalActionError, sample_outcome


def texts(actions):
    """The notation of each action (``["Guard p1 Priest", ...]``)."""
    return [str(a) for a in actions]


def run(state, *steps):
    """Apply each action (or its text) in order; return the state."""
    for text in steps:
        state.apply_action(text)
    return state


def refused(state, action, error=IllegalActionError, match=None):
    """``action`` is refused with ``error`` (its message matching ``match``), and nothing changes:
    neither the state's JSON nor any seat's information state. Returns the message."""
    before = state.to_json()
    infos = [state.information_state(p) for p in range(state.game.num_players)]
    with pytest.raises(error, match=match) as info:
        state.apply_action(action)
    assert str(info.value)
    assert state.to_json() == before
    assert [state.information_state(p) for p in range(state.game.num_players)] == infos
    return str(info.value)


def random_walk(state, rng):
    """Play ``state`` at random, yielding ``(state, action)`` before each step; the last pair is ``(final, None)``."""
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            a = sample_outcome(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions()
            a = legal[rng.randrange(len(legal))]
        yield state, a
        state.apply_action(a)
    yield state, None

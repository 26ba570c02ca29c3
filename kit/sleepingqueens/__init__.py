"""Sleeping Queens: cards, the rules engine, addition equations and bots.

Examples
--------
>>> from kit.core import play, RandomBot
>>> from kit.sleepingqueens import SleepingQueens
>>> end = play(SleepingQueens(3).new_initial_state(), [RandomBot(s) for s in range(3)], seed=1)
>>> end.result().reason in ("queens", "points", "all-awake")
True
"""

from .cards import DECK, QUEEN_POINTS, TARGETS, Card, Queen, discard_kind, equation_text, is_equation
from .actions import Allow, Block, Deal, Discard, Jester, King, Knight, Potion, Reveal, Wake, parse_action
from .state import GameResult, SleepingQueensState
from .game import SleepingQueens

__all__ = [
    "SleepingQueens", "SleepingQueensState", "GameResult",
    "Card", "Queen", "QUEEN_POINTS", "DECK", "TARGETS", "discard_kind", "equation_text", "is_equation",
    "King", "Knight", "Potion", "Jester", "Discard", "Block", "Allow", "Wake", "Deal", "Reveal", "parse_action",
]

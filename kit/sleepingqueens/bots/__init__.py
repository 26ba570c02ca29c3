"""Sleeping Queens bots, and :data:`BOTS`, every kind of bot a table offers.

* :class:`HeuristicBot` (``"heuristic"``): rules of thumb, read from its seat's
  view (:mod:`.heuristic`);
* :class:`LookaheadBot` (``"strong"``): tries its actions in many games drawn
  from what its seat has seen, finished by those rules of thumb
  (:mod:`.lookahead`), on :mod:`kit.sleepingqueens.knowledge` (what a seat
  knows of the hidden cards, and states drawn from it: ``view.resample``);
* ``kit.core.RandomBot`` (``"random"``).

:data:`BOTS` maps each kind of bot to its class (``cls(seed=...)``); each
class's ``label`` names it in words (a message, translated where shown).

Examples
--------
>>> from kit.core import play
>>> from kit.sleepingqueens import SleepingQueens
>>> from kit.sleepingqueens.bots import BOTS
>>> sorted(BOTS), BOTS["heuristic"].label, BOTS["strong"].label
(['heuristic', 'random', 'strong'], 'heuristic bot', 'strong bot (looks ahead)')
>>> end = play(SleepingQueens(2).new_initial_state(), [BOTS["heuristic"](seed=1), BOTS["random"](seed=2)], seed=3)
>>> end.result().winners, end.result().reason       # the heuristic bot, seat 0, wins this one
((0,), 'queens')
"""

from __future__ import annotations

from ...core.bots import RandomBot
from .heuristic import HeuristicBot
from ..knowledge import Knowledge, knowledge, resample
from .lookahead import LookaheadBot, policy

__all__ = ["HeuristicBot", "LookaheadBot", "BOTS", "Knowledge", "knowledge", "resample", "policy"]

#: Every kind of Sleeping Queens bot: kind -> class, constructible as ``cls(seed=int)``.
BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot, "strong": LookaheadBot}

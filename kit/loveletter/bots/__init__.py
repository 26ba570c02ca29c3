"""Love Letter bots: random, a card-counting heuristic, and ISMCTS; :data:`BOTS` names them.

Every bot has ``choose(view, player) -> action`` and sees the round only
through the :class:`~kit.core.PlayerView` a driver hands it:
``information_state()``, ``observation()``, ``legal_actions()``,
``knowledge()`` (what the seat knows, from :mod:`kit.loveletter.knowledge`)
and ``resample(rng)`` (a full state drawn from that knowledge).  Given a bare
state instead of a view, a bot wraps it in the seat's view first, so it never
reads a hidden card either way.

* :class:`RandomBot` -- uniform over the legal actions (the kit's own).
* :class:`HeuristicBot` -- counts cards: guesses with probabilities, uses
  what a Priest, Baron or King showed, never throws the Princess away.
* :class:`ISMCTSBot` -- single-observer information-set Monte Carlo tree
  search (Cowling, Powley & Whitehouse 2012) over states drawn from what the
  seat knows.

Each takes a ``seed`` (an ``int`` or a :class:`random.Random`) and never
touches the global random generator: the same seed gives the same choices.
:data:`BOTS` maps each kind to its class (``cls(seed=...)``); each class has a
``label``, the words a setup form shows (a message id, see :mod:`kit.i18n`).

Modules: :mod:`.heuristic` (the heuristic), :mod:`.beliefs` (what a bot reads
off the seat's events: who saw its card, what opponents likely hold),
:mod:`.ismcts` (the search; its playouts run in :mod:`kit.loveletter.fast`).

Examples
--------
>>> from kit.core import play
>>> from kit.loveletter import LoveLetter
>>> from kit.loveletter.bots import HeuristicBot, ISMCTSBot, RandomBot
>>> game = LoveLetter(2)
>>> end = play(game.new_initial_state(), [HeuristicBot(seed=1), RandomBot(seed=2)], seed=3)
>>> end.result().reason in ("last-standing", "deck-empty")
True
>>> end = play(game.new_initial_state(), [ISMCTSBot(iterations=50, seed=1), HeuristicBot(seed=2)], seed=3)
>>> [str(a) for a in end.history()][-2:], end.result().winners   # p0 protected: p1 must Prince itself
(['deal Prince', 'Prince p1'], (0,))
>>> sorted(BOTS), BOTS["heuristic"].label
(['heuristic', 'ismcts', 'random'], 'heuristic bot')
"""

from __future__ import annotations

from ...core.bots import RandomBot
from .heuristic import HeuristicBot
from .ismcts import ISMCTSBot
from .view import seat_view

__all__ = ["BOTS", "RandomBot", "HeuristicBot", "ISMCTSBot", "seat_view"]

#: Every kind of Love Letter bot, by the name a table or a tournament uses.
BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot, "ismcts": ISMCTSBot}

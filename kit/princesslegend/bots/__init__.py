"""Princess Legend bots (any game also has :class:`kit.core.RandomBot`).

* :class:`HeuristicBot` (:mod:`.heuristic`) -- rules of thumb for every role:
  as the Prince it counts the deals his answers leave, each once; as an
  answering player it steers that count;
* :class:`StrongBot` (:mod:`.strong`) -- a Prince who reasons about liars: a
  posterior over deals under an answer model per role, questions by expected
  information (:func:`kit.princesslegend.worlds.best_question`); as an
  answering player it plays as the heuristic bot.

:data:`BOTS` names the bots a table offers: ``"random"``, ``"heuristic"`` and
``"strong"``.

Examples
--------
>>> from kit.core import play
>>> from kit.princesslegend import PrincessLegend
>>> sorted(BOTS), BOTS["heuristic"].label, BOTS["strong"].label
(['heuristic', 'random', 'strong'], 'heuristic bot', 'strong bot (reasons about liars)')
>>> bots = [StrongBot(seed=0)] + [HeuristicBot(seed=i) for i in range(1, 4)]
>>> end = play(PrincessLegend(4).new_initial_state(first_player=0), bots, seed=5)
>>> end.result().found_princess
True
"""

from __future__ import annotations

from ...core.bots import RandomBot
from .heuristic import HeuristicBot, prince_candidates, question_values, settling_questions
from .strong import StrongBot

__all__ = ["BOTS", "HeuristicBot", "StrongBot", "prince_candidates", "settling_questions", "question_values"]

#: The bots a table offers for Princess Legend: kind -> class (``cls(seed=...)``; ``cls.label`` names it).
BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot, "strong": StrongBot}

"""Love Letter: classic and 2019 editions, bots, matches and card counting.

Examples
--------
>>> from kit.loveletter import LoveLetter, Match
>>> from kit.core import play, RandomBot
>>> end = play(LoveLetter(2).new_initial_state(), [RandomBot(0), RandomBot(1)], seed=0)
>>> end.result().reason in ("last-standing", "deck-empty")
True
"""

from .cards import Card2019, CardClassic, Edition, EDITIONS, edition
from .actions import Deal, Keep, Play
from .state import LoveLetterState, RoundResult, round_events
from .game import LoveLetter
from .match import Match
from .knowledge import Knowledge, knowledge, posterior_marginals, resample
from .counting import posterior, posterior_hands, uniform_policy
from .bots import HeuristicBot, ISMCTSBot

__all__ = [
    "LoveLetter", "LoveLetterState", "Match", "Knowledge", "knowledge", "resample", "posterior_marginals",
    "RoundResult", "round_events", "HeuristicBot", "ISMCTSBot",
    "Card2019", "CardClassic", "Edition", "EDITIONS", "edition",
    "Play", "Keep", "Deal",
    "posterior", "posterior_hands", "uniform_policy",
]

"""Love Letter: classic and 2019 editions, bots, matches and card counting.

The package's files, one role each: ``cards.py`` (editions and cards),
``actions.py`` (actions and their notation, :func:`parse_action`),
``state.py`` (the rules of a round), ``events.py`` (what happens, as data, and
who sees what: :func:`visible_events`), ``game.py``, ``match.py`` (rounds and
tokens), ``position.py`` (described positions), ``invariants.py``, ``bots/``
(:data:`BOTS`), ``knowledge.py`` and ``counting.py`` (what a seat knows, exact
card counting) and ``fast.py`` (playouts for search and benchmarks).

Examples
--------
>>> from kit.loveletter import LoveLetter, Match
>>> from kit.core import play, RandomBot
>>> end = play(LoveLetter(2).new_initial_state(), [RandomBot(0), RandomBot(1)], seed=0)
>>> end.result().reason in ("last-standing", "deck-empty")
True
>>> visible_events(end, 0)[-1]["kind"]
'end'
"""

from ..core.registry import GamePackage
from ..i18n import LANGUAGES

#: This package's parts, for the kit's registry (:mod:`kit.core.registry`).
PACKAGE = GamePackage(name="loveletter", game="kit.loveletter.game:LoveLetter", events="kit.loveletter.events",
                      narration="kit.render.narration.loveletter",
                      adapter="kit.widgets.adapters.loveletter:LoveLetterAdapter", bots="kit.loveletter.bots",
                      knowledge="kit.loveletter.knowledge", counting="kit.loveletter.counting",
                      rules_page="docs/rules/loveletter.md",
                      languages=LANGUAGES)

from .cards import Card2019, CardClassic, Edition, EDITIONS, edition
from .actions import Deal, Keep, Play, parse_action
from .events import all_events, event_dict, round_events, visible_events
from .state import LoveLetterState, RoundResult
from .game import LoveLetter
from .match import Match
from .knowledge import Knowledge, knowledge, posterior_marginals, resample
from .counting import posterior, posterior_hands, uniform_policy
from .bots import BOTS, HeuristicBot, ISMCTSBot

__all__ = [
    "LoveLetter", "LoveLetterState", "Match", "Knowledge", "knowledge", "resample", "posterior_marginals",
    "RoundResult", "HeuristicBot", "ISMCTSBot", "BOTS",
    "Card2019", "CardClassic", "Edition", "EDITIONS", "edition",
    "Play", "Keep", "Deal", "parse_action",
    "visible_events", "all_events", "event_dict", "round_events",
    "posterior", "posterior_hands", "uniform_policy",
]

"""Sleeping Queens: cards, the rules engine, its events, addition equations and bots.

The package's files: ``cards.py`` (cards, Queens, points), ``actions.py``
(actions and their notation, :func:`parse_action`), ``state.py`` (the
rules), ``events.py`` (what happens, as data, and who sees what),
``game.py``, ``match.py`` (the whole game as a match: a win for each
winner), ``position.py`` (described positions), ``invariants.py``,
``saves.py`` (saved games, checked), ``bots/`` (:data:`BOTS`: the heuristic
bot and the strong bot that looks ahead), ``knowledge.py`` (what a seat
knows of the hidden cards, and full states drawn from it), ``fast.py`` (a
fast playout path of the same rules), ``refusals.py`` (why a move is
refused, as data), ``equations.py`` (the addition equations) and
``compiled.py`` (the same ``state.py`` compiled by mypyc, used when its
build is up to date).  docs/architecture.md says what every game package holds.

Examples
--------
>>> from kit.core import play, RandomBot
>>> from kit.sleepingqueens import SleepingQueens
>>> end = play(SleepingQueens(3).new_initial_state(), [RandomBot(s) for s in range(3)], seed=1)
>>> end.result()
GameResult(winners=(2,), reason='queens', points=(25, 40, 35), queens=(2, 3, 5))
>>> end.observation(None)["log"][-2]                 # what everyone saw last: p2's Knight took p0's Peacock
{'kind': 'steal', 'seat': 2, 'target': 0, 'queen': 'Peacock'}
"""

from ..core.registry import GamePackage
from ..i18n import LANGUAGES

#: This package's parts, for the kit's registry (:mod:`kit.core.registry`).
PACKAGE = GamePackage(name="sleepingqueens", game="kit.sleepingqueens.game:SleepingQueens",
                      events="kit.sleepingqueens.events", narration="kit.render.narration.sleepingqueens",
                      adapter="kit.widgets.adapters.sleepingqueens:SleepingQueensAdapter",
                      bots="kit.sleepingqueens.bots", knowledge="kit.sleepingqueens.knowledge",
                      rules_page="docs/rules/sleepingqueens.md", languages=LANGUAGES)

from .compiled import activate as _activate

_activate(__path__)  # the compiled build of state.py, when it is up to date (see kit.sleepingqueens.compiled)

from .cards import DECK, QUEEN_POINTS, TARGETS, Card, Queen, discard_kind, equation_text, is_equation
from .actions import Allow, Block, Deal, Discard, Jester, King, Knight, Potion, Reveal, Wake, parse_action
from .state import GameResult, SleepingQueensState
from .game import SleepingQueens
from .match import Match
from .bots import BOTS, HeuristicBot, LookaheadBot
from .events import all_events, event_dict, visible_events

__all__ = [
    "SleepingQueens", "SleepingQueensState", "GameResult", "Match",
    "Card", "Queen", "QUEEN_POINTS", "DECK", "TARGETS", "discard_kind", "equation_text", "is_equation",
    "King", "Knight", "Potion", "Jester", "Discard", "Block", "Allow", "Wake", "Deal", "Reveal", "parse_action",
    "BOTS", "HeuristicBot", "LookaheadBot", "visible_events", "all_events", "event_dict",
]

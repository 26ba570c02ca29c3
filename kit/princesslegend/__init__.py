"""Princess Legend: a deduction game of questions, truth and lies (3 to 8 players).

The Prince asks every other player one question, then may ask one more; green
characters tell the truth, red ones lie, blue ones choose.  Then he turns one
tile face up, and its symbol gives rubies to a family.  See docs/rules/princesslegend.md.

* :class:`PrincessLegend` — the game (player count) and a factory of rounds;
* :class:`PrincessLegendState` — one round as a protocol state;
* :class:`Match` — the whole game: Prince rotation, rubies, the last round that breaks a tie;
* :mod:`~kit.princesslegend.tiles` and :mod:`~kit.princesslegend.actions` —
  the tiles and the actions with their text notation (:func:`parse_action`);
* :mod:`~kit.princesslegend.events` — what happens, as JSON-ready events, and
  the one rule of who sees what (:func:`visible_events`);
* :mod:`~kit.princesslegend.position` — described positions (a round dealt by
  hand); :mod:`~kit.princesslegend.invariants` — what every state satisfies;
* :mod:`~kit.princesslegend.deduction` — what the Prince can deduce, with
  sympy's logic (imported on its own: it loads sympy);
  :mod:`~kit.princesslegend.worlds` — the same deals listed fast, answer
  models, the posterior and the best question;
* :mod:`~kit.princesslegend.debrief` — after the round, with every tile face
  up: who lied, who had to, the rubies per family, the deduction replayed
  (``debrief()``, ``deduction_replay()``; imported from that module);
* :mod:`~kit.princesslegend.bots` — a heuristic bot for the Prince and for
  every answering role, and a strong Prince who reasons about liars
  (:class:`StrongBot`); :data:`BOTS` names the bots a table offers.

Examples
--------
>>> from kit.core import play
>>> from kit.princesslegend import BOTS, PrincessLegend
>>> from kit.princesslegend.debrief import debrief
>>> game = PrincessLegend(players=4)
>>> state = game.new_initial_state(first_player=0)       # seat 0 is the Prince
>>> for text in ["deal Fairy to p1", "deal Guard to p2", "deal Princess to p3", "deal Black Queen to centre"]:
...     state.apply_action(text)
>>> state.information_state(0)          # the Prince saw no tile
'p0/4|prince p0|deal ? to p1|deal ? to p2|deal ? to p3|deal ? to centre'
>>> state.observation(2)["log"][3]      # every other player saw them all
{'kind': 'deal', 'place': 3, 'tile': 'Princess'}
>>> state.apply_action("ask p1 where-princess")
>>> [str(a) for a in state.legal_actions()]     # the Fairy is green: the truth only
['answer p3']
>>> for text in ["answer p3", "ask p2 who-is p3", "answer Fairy", "ask p3 who-are-you", "answer Princess",
...              "no-extra-question", "reveal p3"]:
...     state.apply_action(text)
>>> state.returns(), str(state.result())
([1, 1, 0, 1], 'p0 revealed p3: Princess (heart); rubies to p0, p1, p3')
>>> end = play(game.new_initial_state(), [BOTS["heuristic"](seed=i) for i in range(4)], seed=7)
>>> [e["kind"] for e in end.observation(None)["log"][-3:]], sum(end.returns()) == len(end.result().scorers)
(['reveal', 'rubies', 'show'], True)
>>> [(r.seat, r.true, r.obligation) for r in debrief(end).answers][:2]   # every tile is face up at the end
[(2, True, 'had to tell the truth'), (3, False, 'had to lie')]
"""

from ..core.lazy import lazy_exports
from ..core.registry import GamePackage
from ..i18n import LANGUAGES

#: This package's parts, for the kit's registry (:mod:`kit.core.registry`).
PACKAGE = GamePackage(name="princesslegend", game="kit.princesslegend.game:PrincessLegend",
                      events="kit.princesslegend.events", narration="kit.render.narration.princesslegend",
                      adapter="kit.widgets.adapters.princesslegend:PrincessLegendAdapter",
                      bots="kit.princesslegend.bots", rules_page="docs/rules/princesslegend.md", languages=LANGUAGES)

from .tiles import CHARACTERS, PRINCE_TURNS, SCORERS, TILE_SETS, Character, Colour, Symbol, rubies
from .actions import CENTRE, Answer, Ask, Deal, NoExtraQuestion, Question, Reveal, parse_action
from .state import PrincessLegendState, RoundResult
from .events import EVENT_FIELDS, EVENT_KINDS, all_events, event_dict, visible_events
from .game import PrincessLegend
from .match import MAX_EXTRA_ROUNDS, Match, match_winners, next_prince, regular_rounds
from .position import dealt_state, position
from .invariants import InvariantError, check_invariants

__all__ = [
    "PrincessLegend", "PrincessLegendState", "RoundResult", "Match",
    "MAX_EXTRA_ROUNDS", "regular_rounds", "next_prince", "match_winners",
    "Character", "Colour", "Symbol", "CHARACTERS", "TILE_SETS", "PRINCE_TURNS", "SCORERS", "rubies",
    "CENTRE", "Question", "Deal", "Ask", "NoExtraQuestion", "Answer", "Reveal", "parse_action",
    "EVENT_KINDS", "EVENT_FIELDS", "event_dict", "visible_events", "all_events",
    "dealt_state", "position", "check_invariants", "InvariantError", "BOTS", "HeuristicBot", "StrongBot",
]


# the bots load numpy: imported when first asked for
__getattr__, __dir__ = lazy_exports(__name__, {".bots": ["BOTS", "HeuristicBot", "StrongBot"]})

"""The rule-of-thumb Sleeping Queens bot (:class:`HeuristicBot`).

It reads only its seat's view (``view.observation()`` and
``view.legal_actions()``): its hand, the awake Queens, which sleeping Queens
everyone saw go where, the piles' sizes.

Examples
--------
>>> from kit.core import play
>>> from kit.sleepingqueens import SleepingQueens
>>> from kit.sleepingqueens.bots import BOTS
>>> end = play(SleepingQueens(2).new_initial_state(), [BOTS["heuristic"](seed=1), BOTS["random"](seed=2)], seed=3)
>>> end.result().winners, end.result().reason       # the heuristic bot, seat 0, wins this one
((0,), 'queens')
"""

from __future__ import annotations

import random
from typing import Any

from ...core.seeding import make_rng
from ...i18n import N_
from ..actions import Block, Discard, Jester, King, Knight, Potion, Wake
from ..cards import DEFENCES, QUEEN_POINTS, Queen, rival

__all__ = ["HeuristicBot", "UNSEEN_VALUE"]

_DEFENDERS = frozenset(str(c) for c in DEFENCES.values())  # the Dragon and the Wand
#: Expected points of a Queen nobody has seen: the mean of the 12 (125 / 12).
UNSEEN_VALUE = sum(QUEEN_POINTS.values()) / len(QUEEN_POINTS)


class HeuristicBot:
    """Plays by rules of thumb, in this order of preference:

    1. always block a Knight or a Potion when it can;
    2. wake a Queen with a King: a Queen everyone saw go to sleep if she is
       worth more than a face-down one on average (125/12, about 10.4
       points; never its rival, who would go straight back to sleep), else a
       face-down one;
    3. steal the best Queen it may take with a Knight;
    4. put the leader's best Queen to sleep with a Potion;
    5. discard the largest addition equation, else a pair, else play a
       Jester, else discard its highest number card (keeping power cards);
       with only power cards, discard a Dragon or a Wand it holds twice,
       then any.

    When it chooses a Queen to wake (a Jester's number, the Rose Queen), it
    picks as with a King.  Ties are broken by the seeded generator.
    """

    name = "heuristic"
    #: How a setup form names this kind of seat (a message id, translated where it is shown).
    label = N_("heuristic bot")

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = make_rng(seed)

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def choose(self, view: Any, player: int) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        kinds: dict[type, list[Any]] = {}
        for a in legal:
            kinds.setdefault(a.__class__, []).append(a)
        if Block in kinds:
            return kinds[Block][0]
        wake = kinds.get(Wake) or kinds.get(King)
        if wake:
            return self._best(wake, lambda a: self._wake_value(obs, player, a.place))
        if Knight in kinds:
            return self._best(kinds[Knight], lambda a: QUEEN_POINTS[a.queen])
        if Potion in kinds:
            points = obs["points"]
            return self._best(kinds[Potion], lambda a: (points[a.target], QUEEN_POINTS[a.queen]))
        discards = kinds.get(Discard, [])
        groups = [d for d in discards if len(d.cards) > 1]
        if groups:
            return self._best(groups, lambda d: (len(d.cards), sum(map(int, d.cards))))
        if Jester in kinds:
            return kinds[Jester][0]
        numbers = [d for d in discards if d.cards[0].is_number]
        if numbers:
            return self._best(numbers, lambda d: int(d.cards[0]))
        hand = obs["hand"]
        spare = [d for d in discards if str(d.cards[0]) in _DEFENDERS and hand.count(str(d.cards[0])) > 1]
        return self._best(spare or discards or legal, lambda a: 0)

    def _wake_value(self, obs: dict[str, Any], seat: int, place: int) -> float:
        spot = obs["grid"][place - 1]
        if not spot.startswith("asleep:"):
            return UNSEEN_VALUE
        queen = Queen[spot.split(":", 1)[1].upper()]
        other = rival(queen)
        if other is not None and str(other) in obs["queens"][seat]:
            return -1.0  # she would go straight back to sleep
        return QUEEN_POINTS[queen]

    def _best(self, actions: list[Any], value: Any) -> Any:
        top = max(value(a) for a in actions)
        best = [a for a in actions if value(a) == top]
        return best[self.rng.randrange(len(best))]

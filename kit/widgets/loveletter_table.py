"""LoveLetterTable: the :class:`~kit.widgets.GameTable` of Love Letter, with the Love Letter words for its settings.

Click a card, then a player, then (Guard) the card to name; after a
Chancellor, the card to keep and the order of the others under the deck.
The inspect panel replays a round with the seat's card counting.

Examples
--------
>>> from kit.loveletter import LoveLetter
>>> from kit.widgets import LoveLetterTable
>>> round_ = LoveLetter(2, edition="classic").new_initial_state(first_player=0)
>>> for card in ["Princess", "Priest", "Baron", "Handmaid", "Guard", "King", "Prince"]:
...     round_.apply_action(f"deal {card}")      # set aside, three face up, the deal, Ana's draw
>>> table = LoveLetterTable(["you", "heuristic"], names=["Ana", "Ben"], edition="classic", seed=3, delay=0)
>>> table.load_round(round_)
>>> [c for c in table.choices() if c.startswith("card:")]   # Ana's Guard and Prince
['card:1', 'card:5']
>>> table.click("card:1"); [c for c in table.choices() if c.startswith("target")]
['target:1']
>>> table.click("target:1"); table.click("guess:6")        # name the King: Ben is out
>>> table.match.tokens
[1, 0]
"""

from __future__ import annotations

from typing import Any, Sequence

from ..loveletter.game import LoveLetter
from .table import GameTable

__all__ = ["LoveLetterTable"]


class LoveLetterTable(GameTable):
    """Play Love Letter: ``LoveLetterTable(players, edition=..., ...)``.

    Parameters
    ----------
    players
        One entry per seat: ``"you"``, ``"person"``, ``"random"``, ``"heuristic"``,
        ``"ismcts"``, or a bot object.
    edition, variant
        ``"classic"`` or ``"2019"``; ``variant="first-publisher"`` for the classic
        edition's first publisher's rules (7/5/4 tokens, ties broken by discards).
    ismcts_iterations
        Search iterations of ISMCTS bots.
    **options
        Everything else :class:`~kit.widgets.GameTable` takes (``names``, ``seed``,
        ``teacher``, ``delay``, ``first_player``, ``language``, ``size``, ``setup``).
    """

    def __init__(self, players: Sequence[Any] = ("you", "heuristic"), *, edition: str = "2019",
                 variant: str | None = None, ismcts_iterations: int = 300, **options: Any) -> None:
        game = LoveLetter(len(players), edition=edition, variant=variant)
        bot_options = {"ismcts": {"iterations": ismcts_iterations}}
        super().__init__(game, players, bot_options=bot_options, **options)

    def counting(self, seat: int | None = None, state: Any = None, *, expected: bool = False) -> dict[str, Any]:
        """Card counting for ``seat`` (default: the viewer) in ``state`` (default: the live round), from what
        the seat saw alone.

        Returns ``{"unseen": {card: copies}, "hand_sizes": {opponent: cards}, "chances": {opponent: {card:
        probability}}}``: the chance that each opponent holds each card (at least one copy; with two cards in
        hand a row sums to more than 1).  With ``expected=True`` also ``"expected": {opponent: {card: expected
        copies}}`` (:func:`kit.loveletter.posterior`: a row sums to the cards in hand), which are not chances.
        """
        from ..core.errors import KitError
        from ..loveletter.counting import chances_of, posterior, posterior_hands
        from ..loveletter.knowledge import knowledge

        seat = self.viewer if seat is None else seat
        if seat is None or seat < 0:
            raise KitError("choose a seat to count cards for")
        if not self.is_teacher_table and seat != self.viewer:
            raise KitError("a student's table counts cards for the viewer's own seat only")
        st = self.state if state is None else state
        hands = posterior_hands(st, seat)
        out = {"unseen": dict(knowledge(st, seat).unseen),
               "hand_sizes": {o: st.hand_sizes()[o] for o, dist in hands.items() if dist},
               "chances": chances_of(hands)}
        if expected:
            out["expected"] = posterior(st, seat)
        return out

"""Small games written against the protocol alone, for teaching and testing trees.

:class:`KuhnPoker` is Kuhn's three-card poker (1950), the classic first game
of imperfect information: small enough to draw, rich enough to bluff.  It is
written from the protocol only, as a learner would write a game of their own:
the tree builder and the solvers know nothing about it.

Rules: each seat antes 1 chip and is dealt one card of J < Q < K (the third
card stays hidden).  Seat 0 checks or bets 1; after a check seat 1 checks
(showdown for the antes) or bets 1, and seat 0 then folds or calls; after a
bet the other seat folds (losing the ante) or calls (showdown for 2 chips
each).  At a showdown the higher card wins the pot.

Actions are their own notation (plain strings): ``"deal J"`` (chance),
``"check"``, ``"bet"``, ``"fold"``, ``"call"``.

Examples
--------
>>> from kit.trees.examples import KuhnPoker
>>> s = KuhnPoker().new_initial_state()
>>> s.chance_outcomes()
[('deal J', Fraction(1, 3)), ('deal Q', Fraction(1, 3)), ('deal K', Fraction(1, 3))]
>>> for a in ["deal Q", "deal K", "bet"]:
...     s.apply_action(a)
>>> s.current_player(), s.legal_actions(), s.information_state(1)
(1, ['fold', 'call'], 'p1 K | bet')
>>> s.apply_action("call"); s.returns()
[-2, 2]
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from ..core.errors import GameOverError, IllegalActionError, InvalidActionError, KitError
from ..core.protocol import CHANCE, TERMINAL, Game, State

__all__ = ["KuhnPoker", "KuhnState"]

_CARDS = ("J", "Q", "K")
_MOVES = ("check", "bet", "fold", "call")
# Who moves after each sequence of moves; any other sequence has ended the hand.
_TO_MOVE = {(): 0, ("check",): 1, ("bet",): 1, ("check", "bet"): 0}


class KuhnPoker(Game):
    """Kuhn poker for two players (value for seat 0: -1/18).

    Examples
    --------
    >>> from kit.trees import build_tree, solve
    >>> from kit.trees.examples import KuhnPoker
    >>> round(solve(build_tree(KuhnPoker())).value * 18, 6)
    -1.0
    """

    name = "kuhn_poker"
    num_players = 2

    def new_initial_state(self, **options: Any) -> "KuhnState":
        if options:
            raise KitError(f"Kuhn poker takes no options, got {sorted(options)}")
        return KuhnState(self)

    def parse_action(self, text: str) -> str:
        """Actions are their notation: ``"deal J"``, ``"check"``, ``"bet"``, ``"fold"``, ``"call"``."""
        if not isinstance(text, str):
            raise InvalidActionError(f"expected action text, got {type(text).__name__}")
        t = " ".join(text.split()).lower()
        if t in _MOVES:
            return t
        if t.startswith("deal ") and t[5:].upper() in _CARDS:
            return "deal " + t[5:].upper()
        raise InvalidActionError(f"{text!r} is not a Kuhn poker action: write 'deal J|Q|K', 'check', 'bet', 'fold' or 'call'")

    def settings(self) -> dict[str, Any]:
        return {}

    def state_from_json(self, data: str | dict) -> "KuhnState":
        doc = json.loads(data) if isinstance(data, str) else data
        s = KuhnState(self)
        for a in doc.get("history", []):
            s.apply_action(a)
        return s


class KuhnState(State):
    """A position of Kuhn poker: the cards dealt so far and the moves made."""

    def __init__(self, game: KuhnPoker) -> None:
        self.game = game
        self.cards: list[str] = []
        self.moves: list[str] = []

    # -- protocol ------------------------------------------------------------
    def current_player(self) -> int:
        if len(self.cards) < 2:
            return CHANCE
        return _TO_MOVE.get(tuple(self.moves), TERMINAL)

    def legal_actions(self) -> list[str]:
        p = self.current_player()
        if p == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if p == TERMINAL:
            return []
        facing_bet = self.moves[-1:] == ["bet"]
        return ["fold", "call"] if facing_bet else ["check", "bet"]

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if len(self.cards) >= 2:
            return []
        left = [c for c in _CARDS if c not in self.cards]
        return [(f"deal {c}", Fraction(1, len(left))) for c in left]

    def apply_action(self, action: Any) -> None:
        a = self.game.parse_action(action)
        if self.is_terminal():
            raise GameOverError("the hand is over")
        if a not in self.legal_actions():
            raise IllegalActionError(f"{a!r} is not allowed now; allowed: {', '.join(self.legal_actions())}")
        if a.startswith("deal "):
            self.cards.append(a[5:])
        else:
            self.moves.append(a)

    def clone(self) -> "KuhnState":
        new = KuhnState(self.game)
        new.cards, new.moves = self.cards[:], self.moves[:]
        return new

    def returns(self) -> list[int]:
        if not self.is_terminal():
            return [0, 0]
        m = self.moves
        if m[-1] == "fold":
            folder = 1 if m == ["bet", "fold"] else 0
            return [1, -1] if folder == 1 else [-1, 1]
        stake = 2 if m[-1] == "call" else 1
        win = 1 if _CARDS.index(self.cards[0]) > _CARDS.index(self.cards[1]) else -1
        return [win * stake, -win * stake]

    def information_state(self, player: int) -> str:
        """``"p0 K | check bet"``: the seat, its own card, the moves so far."""
        if player not in (0, 1):
            raise KitError(f"no seat {player!r} in Kuhn poker")
        card = self.cards[player] if len(self.cards) > player else "?"
        return " ".join([f"p{player} {card} |", *self.moves])

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees: their card and the moves (``None``: what everyone sees, no card)."""
        if player is not None and player not in (0, 1):
            raise KitError(f"no seat {player!r} in Kuhn poker")
        card = self.cards[player] if player is not None and len(self.cards) > player else None
        return {"seat": player, "card": card, "moves": list(self.moves), "to_move": self.current_player()}

    def history(self) -> list[str]:
        return [f"deal {c}" for c in self.cards] + self.moves

    def to_json(self) -> str:
        return json.dumps({"game": self.game.name, "history": self.history()})

    def __str__(self) -> str:
        return f"cards {' '.join(self.cards) or '-'}; moves {' '.join(self.moves) or '-'}"

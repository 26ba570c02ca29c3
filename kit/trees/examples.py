"""Small games written against the protocol alone, for teaching and testing trees.

:class:`KuhnPoker` is Kuhn's three-card poker (1950), the classic first game
of imperfect information: small enough to draw, rich enough to bluff.  It is
written from the protocol only, as a learner would write a game of their own:
the tree builder and the solvers know nothing about it.  :class:`LeducPoker`
(Southey et al., 2005) is the next step up: two betting rounds and a public
card, a tree of a few thousand nodes (the solvers' speed benchmark).

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

__all__ = ["KuhnPoker", "KuhnState", "LeducPoker", "LeducState"]

_CARDS = ("J", "Q", "K")
_MOVES = ("check", "bet", "fold", "call")
# Who moves after each sequence of moves; any other sequence has ended the hand.
_TO_MOVE = {(): 0, ("check",): 1, ("bet",): 1, ("check", "bet"): 0}


class _CardGame(Game):
    """What the two poker games share: no options, actions that are their own notation, JSON of the history."""

    num_players = 2
    _title = "card game"
    _moves: tuple[str, ...] = ()

    def _new_state(self) -> "State":
        raise NotImplementedError

    def new_initial_state(self, **options: Any) -> "State":
        if options:
            raise KitError(f"{self._title.capitalize()} takes no options, got {sorted(options)}")
        return self._new_state()

    def parse_action(self, text: str) -> str:
        """Actions are their notation: ``"deal J"`` (``Q``, ``K``) and the moves of the game."""
        if not isinstance(text, str):
            raise InvalidActionError(f"expected action text, got {type(text).__name__}")
        t = " ".join(text.split()).lower()
        if t in self._moves:
            return t
        if t.startswith("deal ") and t[5:].upper() in _CARDS:
            return "deal " + t[5:].upper()
        moves = ", ".join(f"'{m}'" for m in self._moves[:-1])
        raise InvalidActionError(f"{text!r} is not a {self._title} action: write 'deal J|Q|K', {moves} or "
                                 f"'{self._moves[-1]}'")

    def settings(self) -> dict[str, Any]:
        return {}

    def state_from_json(self, data: str | dict) -> "State":
        doc = json.loads(data) if isinstance(data, str) else data
        s = self._new_state()
        for a in doc.get("history", []):
            s.apply_action(a)
        return s


class KuhnPoker(_CardGame):
    """Kuhn poker for two players (value for seat 0: -1/18).

    Examples
    --------
    >>> from kit.trees import build_tree, solve
    >>> from kit.trees.examples import KuhnPoker
    >>> round(solve(build_tree(KuhnPoker())).value * 18, 6)
    -1.0
    """

    name = "kuhn_poker"
    _title = "Kuhn poker"
    _moves = _MOVES

    def _new_state(self) -> "KuhnState":
        return KuhnState(self)


class _CardState(State):
    """What the two poker games' positions share: chance deals while ``current_player`` says so, a refused
    action changes nothing, the seats are 0 and 1, and the JSON is the history."""

    game: _CardGame

    def _bets(self) -> list[str]:
        """The moves the seat to move may make (the state is neither chance nor over)."""
        raise NotImplementedError

    def legal_actions(self) -> list[str]:
        p = self.current_player()
        if p == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if p == TERMINAL:
            return []
        return self._bets()

    def _checked(self, action: Any) -> str:
        """``action`` read and allowed now (nothing is changed before it is)."""
        a = self.game.parse_action(action)
        if self.is_terminal():
            raise GameOverError("the hand is over")
        if a not in self.legal_actions():
            raise IllegalActionError(f"{a!r} is not allowed now; allowed: {', '.join(self.legal_actions())}")
        return a

    def _seat(self, player: int | None, *, everyone: bool = False) -> None:
        """Refuse a seat the game has not (``None``, what everyone sees, only when ``everyone``)."""
        if not (everyone and player is None) and player not in (0, 1):
            raise KitError(f"no seat {player!r} in {self.game._title}")

    def to_json(self) -> str:
        return json.dumps({"game": self.game.name, "history": self.history()})


class KuhnState(_CardState):
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

    def _bets(self) -> list[str]:
        facing_bet = self.moves[-1:] == ["bet"]
        return ["fold", "call"] if facing_bet else ["check", "bet"]

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if len(self.cards) >= 2:
            return []
        left = [c for c in _CARDS if c not in self.cards]
        return [(f"deal {c}", Fraction(1, len(left))) for c in left]

    def apply_action(self, action: Any) -> None:
        a = self._checked(action)
        if a.startswith("deal "):
            self.cards.append(a[5:])
        else:
            self.moves.append(a)

    def clone(self) -> "KuhnState":
        new = type(self)(self.game)  # a subclass clones as itself (kit.teach.trees.TinyState)
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
        self._seat(player)
        card = self.cards[player] if len(self.cards) > player else "?"
        return " ".join([f"p{player} {card} |", *self.moves])

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees: their card and the moves (``None``: what everyone sees, no card)."""
        self._seat(player, everyone=True)
        card = self.cards[player] if player is not None and len(self.cards) > player else None
        return {"seat": player, "card": card, "moves": list(self.moves), "to_move": self.current_player()}

    def history(self) -> list[str]:
        return [f"deal {c}" for c in self.cards] + self.moves

    def __str__(self) -> str:
        return f"cards {' '.join(self.cards) or '-'}; moves {' '.join(self.moves) or '-'}"


# ---------------------------------------------------------------------- Leduc poker
_LEDUC_RAISE = (2, 4)  # the bet of round 1, of round 2
_LEDUC_MOVES = ("check", "bet", "fold", "call", "raise")


class LeducPoker(_CardGame):
    """Leduc hold'em for two players (value for seat 0: about -0.0856).

    Rules (as OpenSpiel's ``leduc_poker``): a deck of six cards, two each of
    J < Q < K.  Each seat antes 1 chip and is dealt one private card.  A
    betting round: seat 0 acts first; with no bet to answer a seat may
    ``check`` or ``bet``, facing a bet it may ``fold``, ``call`` or ``raise``
    (at most two bets and raises a round).  The round ends when a bet is
    called or both check.  Round 1 bets 2 chips, round 2 bets 4; between them
    one public card is dealt.  At the showdown a private card that pairs the
    public card wins, else the higher card; equal cards split the pot.  A
    fold loses what the folder put in.

    Chance deals ranks, not suits: ``"deal K"`` with its exact probability
    (the two Kings are alike), so the tree is OpenSpiel's with the suits
    merged (its ``suit_isomorphism``): 288 information sets.

    Examples
    --------
    >>> from kit.trees import build_tree, solve, summary
    >>> from kit.trees.examples import LeducPoker
    >>> tree = build_tree(LeducPoker())
    >>> summary(tree)["infosets"], summary(tree)["nodes"]
    ({0: 144, 1: 144}, 1939)
    >>> round(solve(tree).value, 4)
    -0.0856
    """

    name = "leduc_poker"
    _title = "Leduc poker"
    _moves = _LEDUC_MOVES

    def _new_state(self) -> "LeducState":
        return LeducState(self)


class LeducState(_CardState):
    """A position of Leduc poker: the cards dealt (p0, p1, public) and the moves of each round."""

    def __init__(self, game: LeducPoker) -> None:
        self.game = game
        self.cards: list[str] = []
        self.rounds: list[list[str]] = [[]]

    # -- the betting, read off the moves ----------------------------------------
    def _round_over(self, moves: list[str]) -> bool:
        return moves[-1:] in (["call"], ["fold"]) or moves == ["check", "check"]

    def _folded(self) -> bool:
        return self.rounds[-1][-1:] == ["fold"]

    def _put_in(self) -> list[int]:
        """The chips each seat has put in the pot (ante included)."""
        chips = [1, 1]
        for r, moves in enumerate(self.rounds):
            owed = 0  # what the seat to move must add to match
            for i, m in enumerate(moves):
                seat = i % 2
                if m == "call":
                    chips[seat] += owed
                    owed = 0
                elif m in ("bet", "raise"):
                    chips[seat] += owed + _LEDUC_RAISE[r]
                    owed = _LEDUC_RAISE[r]
        return chips

    # -- protocol ------------------------------------------------------------
    def current_player(self) -> int:
        if len(self.cards) < 2:
            return CHANCE
        moves = self.rounds[-1]
        if moves and self._round_over(moves):
            if self._folded() or len(self.rounds) == 2:
                return TERMINAL
            return CHANCE  # the public card
        return len(moves) % 2

    def _bets(self) -> list[str]:
        moves = self.rounds[-1]
        raises = sum(m in ("bet", "raise") for m in moves)
        if not raises:
            return ["check", "bet"]
        return ["fold", "call", "raise"] if raises < 2 else ["fold", "call"]

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if self.current_player() != CHANCE:
            return []
        left = {c: 2 - self.cards.count(c) for c in _CARDS}
        total = sum(left.values())
        return [(f"deal {c}", Fraction(n, total)) for c, n in left.items() if n]

    def apply_action(self, action: Any) -> None:
        a = self._checked(action)
        if a.startswith("deal "):
            self.cards.append(a[5:])
            if len(self.cards) == 3:
                self.rounds.append([])
        else:
            self.rounds[-1].append(a)

    def clone(self) -> "LeducState":
        new = type(self)(self.game)
        new.cards, new.rounds = self.cards[:], [r[:] for r in self.rounds]
        return new

    def returns(self) -> list[int]:
        if not self.is_terminal():
            return [0, 0]
        chips = self._put_in()
        if self._folded():
            folder = (len(self.rounds[-1]) - 1) % 2
            win = -1 if folder == 0 else 1
        else:
            public = self.cards[2]
            mine, theirs = self.cards[0], self.cards[1]
            if (mine == public) != (theirs == public):
                win = 1 if mine == public else -1
            else:
                a, b = _CARDS.index(mine), _CARDS.index(theirs)
                win = (a > b) - (a < b)
        stake = chips[1] if win > 0 else chips[0]
        return [win * stake, -win * stake]

    def information_state(self, player: int) -> str:
        """``"p1 Q | bet call | K | check"``: the seat, its card, round 1, the public card, round 2."""
        self._seat(player)
        card = self.cards[player] if len(self.cards) > player else "?"
        parts = [f"p{player} {card} |", *self.rounds[0]]
        if len(self.cards) == 3:
            parts += ["|", self.cards[2], "|", *self.rounds[1]]
        return " ".join(parts)

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees: their card, the public card, the moves (``None``: no private card)."""
        self._seat(player, everyone=True)
        card = self.cards[player] if player is not None and len(self.cards) > player else None
        return {"seat": player, "card": card, "public": self.cards[2] if len(self.cards) == 3 else None,
                "rounds": [list(r) for r in self.rounds], "to_move": self.current_player()}

    def history(self) -> list[str]:
        out = [f"deal {c}" for c in self.cards[:2]] + self.rounds[0]
        if len(self.cards) == 3:
            out += [f"deal {self.cards[2]}"] + self.rounds[1]
        return out

    def __str__(self) -> str:
        rounds = " / ".join(" ".join(r) or "-" for r in self.rounds)
        return f"cards {' '.join(self.cards) or '-'}; moves {rounds}"

"""Game trees and information sets: small seeded games, Love Letter endgames, reference answers, checkers.

The exercises rise in difficulty:

1. :func:`check_infosets`: name the information sets of a drawn tree (:func:`infoset_case`);
2. :func:`check_node_value`: the value of a node, a chance node first, when both players follow
   a given strategy (:func:`expected_value`);
3. :func:`check_backward_induction`: the value when every player sees everything
   (:func:`perfect_information_value`), and why it is the wrong answer here;
4. :func:`check_cheating_sets`: the information sets where backward induction needs to know
   what the player cannot see (:func:`cheating_sets`);
5. :func:`check_endgame`: solve a small Love Letter endgame and read the strategy (:func:`endgame_case`);
6. :func:`check_exploitability`: the exploitability of a given strategy, from best responses;
7. :func:`check_my_position`: describe a position that meets a task (:func:`position_task`) and
   build its tree.

Trees are :func:`kit.trees.build_tree` graphs: node attributes ``kind``
(``"chance"``, ``"decision"``, ``"terminal"``), ``player``, ``infoset``,
``returns``; edge attributes ``action`` and, out of chance nodes, ``prob`` (a
Fraction).  :func:`payoff` is player 0's payoff at a leaf, the zero-sum payoff
the solvers use (``returns[0]``, or ``returns[0] - returns[1]`` for Love
Letter's tokens).  A strategy is ``{(player, infoset): {action: probability}}``.

The small games are :class:`TinyGame` (:func:`tiny_game`): chance deals cards,
player 0 moves, then player 1, who sees player 0's move or not; the payoffs
come from the seed.  Love Letter endgames are described positions
(:func:`kit.loveletter.position.endgame`, built through
:meth:`kit.loveletter.LoveLetterState.described`), drawn at random by
:func:`random_description`.

Checkers are :class:`kit.teach.hints.Checker`: right, or wrong with what was
wrong (never the answer); ``.hint(1)`` to ``.hint(3)`` help in steps.  Every
checker takes ``seed=`` for endless variants.  Answers are read, never
evaluated: numbers as Fraction, int, float or text such as ``"-1/3"``;
moves in the game's notation, any case.

Examples
--------
>>> from kit.teach.trees import tiny_tree, expected_value, perfect_information_value, payoff
>>> tree = tiny_tree(0)
>>> tree.nodes[0]["kind"]
'chance'
>>> expected_value(tree, 0, {}), perfect_information_value(tree, 0)    # at random; if all were seen
(Fraction(-1, 8), Fraction(-1, 2))
>>> bool(check_node_value(expected_value))
True
"""

from __future__ import annotations

import json
import operator
import random
import re
import weakref
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any, Callable, Hashable, Iterable, Mapping, Sequence

import networkx as nx

from ..core.errors import InvalidActionError, KitError
from ..core.protocol import CHANCE, TERMINAL, Game
from ..i18n import N_, _, ngettext
from ..i18n import name as name_of
from ..loveletter import EDITIONS, LoveLetter
from ..loveletter.cards import CARD_NAMES
from ..loveletter.position import endgame
from ..trees import best_response, build_tree, expected_payoff, exploitability, infosets, solve, summary
from ..trees.examples import KuhnState
from ..trees.sequence import _zero_sum
from .checks import Check, run_cases
from .hints import checker

__all__ = ["TinyGame", "TinyState", "tiny_game", "tiny_tree", "payoff", "random_strategy",
           "expected_value", "perfect_information_value", "cheating_sets",
           "random_description", "describe_position", "endgame_tree",
           "InfosetCase", "infoset_case", "EndgameCase", "endgame_case", "PositionTask", "position_task",
           "check_infosets", "check_node_value", "check_backward_induction", "check_cheating_sets",
           "check_endgame", "check_exploitability", "check_my_position"]

Key = tuple[int, Hashable]
Judge = Callable[[Any], "str | None"]

#: How close a float answer must be to the exact one.
TOLERANCE = 1e-9


# ====================================================================== a tiny game
_DECKS = (("J", "Q", "K"), ("J", "Q"))
_MOVES0 = (("bet", "check"), ("raise", "stay"), ("left", "right"))
_MOVES1 = (("call", "fold"), ("up", "down"), ("keep", "swap"))


@dataclass(frozen=True)
class TinyRules:
    """The rules of one :class:`TinyGame` (all from its seed)."""

    cards: tuple[str, ...]
    deal_both: bool
    p1_sees: bool
    moves: tuple[tuple[str, ...], tuple[str, ...]]
    pay: Mapping[tuple[str, str, str, str], int] = field(repr=False)


def _rules(seed: int) -> TinyRules:
    rng = random.Random(f"tiny/{seed}")
    cards = _DECKS[rng.randrange(2)]
    deal_both = len(cards) == 3 and rng.random() < 0.5
    p1_sees = rng.random() < 0.6
    moves = (rng.choice(_MOVES0), rng.choice(_MOVES1))
    pay = {}
    for c0 in cards:
        for c1 in ([c for c in cards if c != c0] if deal_both else [""]):
            for m0 in moves[0]:
                for m1 in moves[1]:
                    pay[(c0, c1, m0, m1)] = rng.randint(-3, 3)
    return TinyRules(cards, deal_both, p1_sees, moves, pay)


class TinyGame(Game):
    """A two-player game small enough to draw, from a seed.

    Chance deals player 0 one card (and, in some games, player 1 another one);
    each player sees only their own card.  Player 0 chooses one of two moves;
    then player 1, who sees player 0's move in some games and not in others,
    chooses one of two moves.  What player 0 wins (player 1 loses it) depends on
    the cards and the moves, from a table made by the seed.

    >>> g = tiny_game(1)
    >>> g.rules.cards, g.rules.deal_both, g.rules.p1_sees
    (('J', 'Q'), False, True)
    >>> for sentence in g.describe():
    ...     print(sentence)
    Chance deals player 0 one of the cards J, Q, each as likely; only player 0 sees it.
    Player 0 chooses left or right.
    Player 1 sees player 0's move and chooses keep or swap.
    Each leaf shows what the players win: (player 0, player 1).
    """

    name = "tiny"
    num_players = 2

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise KitError(f"a tiny game's seed is a whole number, not {seed!r}")
        self.seed = seed
        self.rules = _rules(seed)

    def new_initial_state(self, **options: Any) -> "TinyState":
        if options:
            raise KitError(f"a tiny game takes no options, got {sorted(options)}")
        return TinyState(self)

    def parse_action(self, text: str) -> str:
        """Actions are their notation: ``"deal J"`` and the moves' names."""
        if not isinstance(text, str):
            raise InvalidActionError(f"expected action text, got {type(text).__name__}")
        t = " ".join(text.split())
        words = t.lower()
        for m in self.rules.moves[0] + self.rules.moves[1]:
            if words == m:
                return m
        if words.startswith("deal ") and t[5:].upper() in self.rules.cards:
            return "deal " + t[5:].upper()
        raise InvalidActionError(f"{text!r} is not an action of this game")

    def settings(self) -> dict[str, Any]:
        return {"seed": self.seed}

    def state_from_json(self, data: str | dict) -> "TinyState":
        doc = json.loads(data) if isinstance(data, str) else data
        s = TinyState(self)
        for a in doc.get("history", []):
            s.apply_action(a)
        return s

    def describe(self, lang: str | None = None) -> list[str]:
        """The rules in words, one sentence each."""
        r = self.rules
        cards = ", ".join(r.cards)
        out = [_("Chance deals player 0 one of the cards {cards}, each as likely; only player 0 sees it.", lang,
                 cards=cards)]
        if r.deal_both:
            out.append(_("Then chance deals player 1 one of the other cards; only player 1 sees it.", lang))
        out.append(_("Player 0 chooses {a} or {b}.", lang, a=r.moves[0][0], b=r.moves[0][1]))
        if r.p1_sees:
            out.append(_("Player 1 sees player 0's move and chooses {a} or {b}.", lang, a=r.moves[1][0],
                         b=r.moves[1][1]))
        else:
            out.append(_("Player 1 does not see player 0's move and chooses {a} or {b}.", lang,
                         a=r.moves[1][0], b=r.moves[1][1]))
        out.append(_("Each leaf shows what the players win: (player 0, player 1).", lang))
        return out


class TinyState(KuhnState):
    """A position of a :class:`TinyGame`: the cards dealt and the moves made.

    A tiny game is dealt and played the way Kuhn poker is (chance deals the cards, then the players
    move, each action its own notation), so its state is :class:`kit.trees.examples.KuhnState`'s
    code: the kit's one copy of dealing, applying, cloning and the history.  Only the game's own rules
    differ: who moves, what may be played, what a leaf pays and what each player sees.

    >>> s = tiny_game(1).new_initial_state()
    >>> for a in ["deal Q", "left"]:
    ...     s.apply_action(a)
    >>> s.current_player(), s.legal_actions(), s.information_state(1), s.clone().history()
    (1, ['keep', 'swap'], 'p1 - | left', ['deal Q', 'left'])
    """

    def _deals(self) -> int:
        return 2 if self.game.rules.deal_both else 1

    def current_player(self) -> int:
        if len(self.cards) < self._deals():
            return CHANCE
        return (0, 1)[len(self.moves)] if len(self.moves) < 2 else TERMINAL

    def _bets(self) -> list[str]:
        return list(self.game.rules.moves[self.current_player()])

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if self.current_player() != CHANCE:
            return []
        left = [c for c in self.game.rules.cards if c not in self.cards]
        return [(f"deal {c}", Fraction(1, len(left))) for c in left]

    def returns(self) -> list[int]:
        if not self.is_terminal():
            return [0, 0]
        c1 = self.cards[1] if len(self.cards) > 1 else ""
        v = self.game.rules.pay[(self.cards[0], c1, self.moves[0], self.moves[1])]
        return [v, -v]

    def information_state(self, player: int) -> str:
        """``"p1 Q | bet"``: the seat, its own card (``-`` if none), the moves it saw (``?`` if hidden)."""
        if player not in (0, 1):
            raise KitError(f"no seat {player!r} in a tiny game")
        card = self.cards[player] if len(self.cards) > player else "-"
        seen = [m if (player == 0 or i > 0 or self.game.rules.p1_sees) else "?" for i, m in enumerate(self.moves)]
        return " ".join([f"p{player} {card} |", *seen])

    def observation(self, player: int | None) -> dict[str, Any]:
        card = self.cards[player] if player is not None and len(self.cards) > player else None
        moves = [m if (player == 0 or i > 0 or self.game.rules.p1_sees) else None for i, m in enumerate(self.moves)]
        return {"seat": player, "card": card, "moves": moves, "to_move": self.current_player()}

    def to_json(self) -> str:
        return json.dumps({"game": self.game.name, "settings": self.game.settings(), "history": self.history()})


def tiny_game(seed: int = 0) -> TinyGame:
    """The :class:`TinyGame` of ``seed`` (same seed, same game)."""
    return TinyGame(seed)


def tiny_tree(seed: int = 0) -> nx.DiGraph:
    """The whole tree of :func:`tiny_game` ``(seed)``.

    >>> summary(tiny_tree(0))["nodes"] > 10
    True
    """
    return build_tree(tiny_game(seed).new_initial_state())


# ====================================================================== reference answers
_ZERO_SUM: "weakref.WeakKeyDictionary[nx.DiGraph, tuple[int, bool]]" = weakref.WeakKeyDictionary()


def payoff(tree: nx.DiGraph, leaf: int) -> Any:
    """Player 0's payoff at ``leaf``: the zero-sum payoff the solvers use.

    ``returns[0]`` when every leaf's returns sum to zero, else
    ``returns[0] - returns[1]`` (Love Letter's tokens: one for the winner).

    >>> t = endgame_tree(0)
    >>> leaf = next(n for n, d in t.nodes(data=True) if d["kind"] == "terminal")
    >>> t.nodes[leaf]["returns"], payoff(t, leaf)      # a tie: a token each
    ((1, 1), 0)
    """
    d = tree.nodes[leaf]
    if d["kind"] != "terminal":
        raise KitError(f"node {leaf} is not a leaf (it is a {d['kind']} node): only leaves have payoffs")
    known = _ZERO_SUM.get(tree)
    if known is None or known[0] != tree.number_of_nodes():
        known = (tree.number_of_nodes(), _zero_sum(tree))
        _ZERO_SUM[tree] = known
    r = d["returns"]
    return r[0] if known[1] else r[0] - r[1]


def _key(tree: nx.DiGraph, node: int) -> Key:
    d = tree.nodes[node]
    return (d["player"], d["infoset"])


def _post_order(tree: nx.DiGraph, start: int) -> list[int]:
    order, stack = [], [(start, False)]
    while stack:
        node, done = stack.pop()
        if done:
            order.append(node)
            continue
        stack.append((node, True))
        stack.extend((c, False) for c in tree.successors(node))
    return order


def _values(tree: nx.DiGraph, start: int, decide: Callable[[int, dict[str, Any]], Any]) -> dict[int, Any]:
    """Values of every node below ``start``: leaves pay, chance averages, ``decide(node, {action: value})``."""
    value: dict[int, Any] = {}
    for n in _post_order(tree, start):
        d = tree.nodes[n]
        if d["kind"] == "terminal":
            value[n] = payoff(tree, n)
        elif d["kind"] == "chance":
            value[n] = sum(Fraction(a["prob"]) * value[c] for c, a in tree.succ[n].items())
        else:
            value[n] = decide(n, {a["action"]: value[c] for c, a in tree.succ[n].items()})
    return value


def _probs(strategy: Mapping[Key, Mapping[str, Any]], key: Key, actions: Sequence[str]) -> dict[str, Any]:
    probs = strategy.get(key)
    if probs is None:
        return {a: Fraction(1, len(actions)) for a in actions}
    return {a: probs.get(a, 0) for a in actions}


def expected_value(tree: nx.DiGraph, node: int, strategy: Mapping[Key, Mapping[str, Any]]) -> Any:
    """Player 0's expected payoff at ``node`` when both players follow ``strategy``.

    Chance nodes weigh their children by their probabilities, decision nodes by
    the strategy's probabilities at the node's information set (a set the
    strategy leaves out is played uniformly), leaves pay :func:`payoff`.  Exact
    (a Fraction) when the strategy's probabilities are Fractions.

    >>> t = tiny_tree(0)
    >>> expected_value(t, 0, {})
    Fraction(-1, 8)
    """
    def decide(n: int, values: dict[str, Any]) -> Any:
        probs = _probs(strategy, _key(tree, n), list(values))
        return sum(probs[a] * v for a, v in values.items())

    return _values(tree, node, decide)[node]


def _bi_values(tree: nx.DiGraph, start: int) -> dict[int, Any]:
    def decide(n: int, values: dict[str, Any]) -> Any:
        return max(values.values()) if tree.nodes[n]["player"] == 0 else min(values.values())

    return _values(tree, start, decide)


def perfect_information_value(tree: nx.DiGraph, node: int) -> Any:
    """Backward induction: the value at ``node`` if every player saw everything.

    Chance nodes average, player 0 takes the largest value of its moves,
    player 1 the smallest (player 1's payoff is minus player 0's).

    >>> perfect_information_value(tiny_tree(0), 0)
    Fraction(-1, 2)
    """
    return _bi_values(tree, node)[node]


def cheating_sets(tree: nx.DiGraph) -> set[Key]:
    """The information sets where backward induction needs to know what the player cannot see.

    At such a set no single move is best (by backward induction) at every
    node of the set: the perfect-information solution plays differently at
    nodes that the player cannot tell apart.

    >>> sorted(cheating_sets(tiny_tree(0)))       # player 1 sees neither the card nor the move
    [(1, 'p1 - | ?')]
    """
    value = _bi_values(tree, tree.graph.get("root", 0))
    out = set()
    for key, nodes in infosets(tree).items():
        if len(nodes) < 2:
            continue
        best = None
        for n in nodes:
            moves = {a["action"]: value[c] for c, a in tree.succ[n].items()}
            top = max(moves.values()) if key[0] == 0 else min(moves.values())
            here = {a for a, v in moves.items() if v == top}
            best = here if best is None else best & here
        if not best:
            out.add(key)
    return out


def random_strategy(tree: nx.DiGraph, seed: int = 0) -> dict[Key, dict[str, Fraction]]:
    """A seeded strategy for both players, with exact (Fraction) probabilities, some of them 0.

    >>> s = random_strategy(tiny_tree(1), seed=3)
    >>> all(sum(p.values()) == 1 for p in s.values())
    True
    """
    rng = random.Random(f"strategy/{seed}")
    out: dict[Key, dict[str, Fraction]] = {}
    for key, nodes in infosets(tree).items():
        actions = [a["action"] for a in tree.succ[nodes[0]].values()]
        weights = [rng.randrange(4) for _a in actions]
        if not any(weights):
            weights[rng.randrange(len(weights))] = 1
        out[key] = {a: Fraction(w, sum(weights)) for a, w in zip(actions, weights)}
    return out


# ====================================================================== Love Letter endgames
def random_description(seed: int = 0, *, unseen: int = 4) -> dict[str, Any]:
    """A seeded two-player classic endgame, as keyword arguments of :func:`kit.loveletter.position.endgame`.

    ``unseen`` is 4 (one hand known to both, as after a Priest peek) or 5 (both
    hands unknown); two cards are left in the deck.  Nobody has played the
    Princess; a player whose last card was a Handmaid is protected; and some
    round reaches the position (shuffles that no round could reach, say a
    Baron played without a tie, are drawn again).

    >>> d = random_description(1)
    >>> sorted(d), d["deck"]
    (['deck', 'edition', 'face_up', 'hands', 'played', 'protected', 'to_move'], 2)
    >>> endgame(**d).phase
    'deal'
    """
    if unseen not in (4, 5):
        raise KitError(f"unseen must be 4 (one hand known) or 5 (no hand known), not {unseen!r}")
    ed = EDITIONS["classic"]
    rng = random.Random(f"endgame/{seed}/{unseen}")
    while True:
        deck = [str(ed.card(v)) for v in ed.full_deck()]
        rng.shuffle(deck)
        face_up, rest = deck[:3], deck[3:]
        played = rest[:8]
        if "Princess" in played:
            continue
        hidden = rest[8:]
        to_move = rng.randrange(2)
        hands: list[str | None] = [None, None]
        if unseen == 4:
            hands[rng.randrange(2)] = hidden.pop()
        other = 1 - to_move
        mine = [played[2 * i + (0 if to_move == 0 else 1)] for i in range(4)]
        theirs = [played[2 * i + (1 if to_move == 0 else 0)] for i in range(4)]
        by_seat = [mine, theirs] if to_move == 0 else [theirs, mine]
        protected = [False, False]
        protected[other] = by_seat[other][-1] == "Handmaid"
        description = dict(edition="classic", to_move=to_move, face_up=face_up, played=by_seat, hands=hands,
                           deck=2, protected=protected)
        try:
            endgame(**description)
        except KitError:  # no round reaches it (a Baron without a tie, the Countess kept beside a King, ...)
            continue
        return description


def endgame_tree(seed: int = 0, *, unseen: int = 4) -> nx.DiGraph:
    """The tree of the endgame :func:`random_description` ``(seed)``.

    >>> endgame_tree(0).nodes[0]["kind"]
    'chance'
    """
    return build_tree(endgame(**random_description(seed, unseen=unseen)))


def _card(name: Any, lang: str | None = None) -> str:
    key = str(name).upper()
    return name_of("loveletter", CARD_NAMES[key], lang) if key in CARD_NAMES else str(name)


def _card_list(names: Iterable[Any], lang: str | None = None) -> str:
    return ", ".join(_card(c, lang) for c in names)


def describe_position(description: Mapping[str, Any], lang: str | None = None) -> list[str]:
    """A described position in words, one sentence each (from the keyword arguments of ``endgame``).

    >>> for line in describe_position(random_description(1)):
    ...     print(line)      # doctest: +ELLIPSIS
    Classic edition, two players.
    Face up, out of the round: ...
    Player 0 has played: ...
    Player 1 has played: ...
    ...
    2 cards are left in the deck.
    It is player ...'s turn: they draw first.
    """
    d = description
    out = [_("Classic edition, two players.", lang) if d.get("edition", "classic") == "classic"
           else _("2019 edition, two players.", lang)]
    out.append(_("Face up, out of the round: {cards}.", lang, cards=_card_list(d["face_up"], lang)))
    for seat, cards in enumerate(d["played"]):
        if cards:
            out.append(_("Player {seat} has played: {cards}.", lang, seat=seat, cards=_card_list(cards, lang)))
        else:
            out.append(_("Player {seat} has played nothing yet.", lang, seat=seat))
    for seat, hand in enumerate(d["hands"]):
        if hand is None:
            out.append(_("Player {seat}'s card is seen only by player {seat}.", lang, seat=seat))
        else:
            out.append(_("Player {seat}'s card is known to both players: the {card}.", lang, seat=seat,
                         card=_card(hand, lang)))
    for seat, p in enumerate(d.get("protected", (False, False))):
        if p:
            out.append(_("Player {seat} is protected by the Handmaid.", lang, seat=seat))
    out.append(ngettext("{n} card is left in the deck.", "{n} cards are left in the deck.", d["deck"], lang))
    out.append(_("It is player {seat}'s turn: they draw first.", lang, seat=d["to_move"]))
    return out


# ====================================================================== reading answers
def _read_number(answer: Any) -> Fraction | float:
    """A learner's number: a Fraction, an int, a float, or text like ``"-2/3"`` or ``"0.25"`` (parsed)."""
    if isinstance(answer, bool) or answer is None:
        raise KitError(_("{got} is not a number", got=repr(answer)))
    if isinstance(answer, (Fraction, int)):
        return Fraction(answer)
    if isinstance(answer, float):
        return answer
    if isinstance(answer, str):
        try:
            return Fraction(answer.replace(" ", ""))
        except (ValueError, ZeroDivisionError):
            raise KitError(_("{got} is not a number; write a fraction like -2/3 or a decimal like 0.25",
                             got=repr(answer))) from None
    try:
        return float(answer)       # numpy numbers
    except (TypeError, ValueError):
        raise KitError(_("{got} is not a number", got=repr(answer)[:60])) from None


def _same(got: Any, want: Any) -> bool:
    if isinstance(got, Fraction) and isinstance(want, Fraction):
        return got == want
    return abs(float(got) - float(want)) <= TOLERANCE * max(1.0, abs(float(want)))


def _short(value: Any, width: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def _not_answered(answer: Any) -> Check | None:
    if answer is None:
        return Check(False, 0, _("no answer yet: replace None by your answer"))
    return None


# ====================================================================== 1. name the information sets
def _hidden_copy(tree: nx.DiGraph) -> nx.DiGraph:
    """The tree as drawn for the exercise: node numbers on the edges, every information set hidden."""
    shown = tree.copy()
    for n, d in shown.nodes(data=True):
        if d["kind"] == "decision":
            d["infoset"] = f"node {n}"
    for _u, v, a in shown.edges(data=True):
        a["action"] = f"{a['action']} [{v}]"
    return shown


@dataclass(frozen=True)
class InfosetCase:
    """A drawn tiny game whose information sets the learner names (:func:`infoset_case`).

    Attributes
    ----------
    seed
        The game's seed.
    game
        The :class:`TinyGame`.
    tree
        Its tree (the drawing hides its information sets; do not peek at ``infoset``).
    """

    seed: int
    game: TinyGame
    tree: nx.DiGraph = field(repr=False)

    @property
    def decision_nodes(self) -> dict[int, tuple[int, tuple[str, ...]]]:
        """``{node: (player to move, the actions from the root to it)}`` for every decision node."""
        return {n: (d["player"], d["history"]) for n, d in self.tree.nodes(data=True) if d["kind"] == "decision"}

    def drawing(self) -> str:
        """The tree as SVG: each edge's label ends with the number of the node it leads to, ``[5]``."""
        from ..trees.draw import draw  # drawing only when shown

        leaves = sum(1 for _n, d in self.tree.nodes(data=True) if d["kind"] == "terminal")
        svg = draw(_hidden_copy(self.tree), orient="down" if leaves <= 12 else "right",
                   title=_("tiny game {seed}: which nodes can a player not tell apart?", seed=self.seed))
        # The drawing's tooltips name each node's set (here one set per node): leave that out, it would mislead.
        return re.sub(r"(<title>node \d+: p\d to move), I\d+\.\d+\n[^<]*", r"\1", svg)

    def _repr_html_(self) -> str:
        rules = "".join(f"<li>{escape(s)}</li>" for s in self.game.describe())
        lines = [_("node {node}: player {player} to move, after {path}", node=n, player=p, path=" / ".join(h))
                 for n, (p, h) in self.decision_nodes.items()]
        rows = "".join(f"<li>{escape(line)}</li>" for line in lines)
        summary_text = escape(_("The decision nodes"))
        return (f"<div style='font-family:system-ui,sans-serif'><ul>{rules}</ul>{self.drawing()}"
                f"<details><summary>{summary_text}</summary><ul>{rows}</ul></details></div>")


def infoset_case(seed: int = 0) -> InfosetCase:
    """A tiny game to draw and name the information sets of (same seed, same game).

    >>> case = infoset_case(1)
    >>> case.decision_nodes[5]            # player 1 moves at node 5, after these actions
    (1, ('deal J', 'right'))
    """
    game = tiny_game(seed)
    return InfosetCase(seed, game, build_tree(game.new_initial_state()))


def _infoset_groups(tree: nx.DiGraph) -> list[list[int]]:
    return [nodes for nodes in infosets(tree).values() if len(nodes) > 1]


@checker(N_("An information set is a group of one player's nodes that look the same to that player."),
         N_("Follow the path to each node and keep only what the player to move has seen: their own card, and "
            "the moves they were shown. Chance's other deals are hidden from them."),
         N_("Write down, for each decision node, the player and what that player has seen; nodes with the same "
            "player and the same record form one set. Give every set of two or more nodes as a list."))
def check_infosets(answer: Any, seed: int = 0) -> Check:
    """Check the information sets named for :func:`infoset_case` ``(seed)``.

    ``answer`` is a list of groups of node numbers, one group per information
    set with two or more nodes (groups of one node may be left out).

    >>> check_infosets([[2, 9], [5, 12]], seed=1).ok
    True
    >>> print(check_infosets([[1, 2]], seed=1))
    ✘ nodes 1 and 2 belong to different players: an information set is one player's
    >>> print(check_infosets([[2, 9]], seed=1))
    ✘ some of player 1's nodes look the same to them but are apart in your answer (you have 1 of player 1's 2 sets right)
    """
    blank = _not_answered(answer)
    if blank is not None:
        return blank
    case = infoset_case(seed)
    tree = case.tree
    try:
        groups = [[n for n in group] for group in answer]
    except TypeError:
        return Check(False, 1, _("give a list of groups of node numbers, like [[2, 5], [3, 6]]"))
    seen: dict[int, int] = {}
    for g, group in enumerate(groups):
        for i, given in enumerate(group):
            try:
                n = None if isinstance(given, bool) else operator.index(given)    # an int, a numpy int; never text
            except TypeError:
                n = None
            if n is None or n not in tree:
                return Check(False, 1, _("{got} is not a node number of this tree", got=_short(given)))
            group[i] = n
            if tree.nodes[n]["kind"] != "decision":
                return Check(False, 1, _("node {node} is not a decision node: nobody moves there", node=n))
            if n in seen and seen[n] != g:
                return Check(False, 1, _("node {node} is in two of your groups", node=n))
            seen[n] = g
    groups = [sorted(set(g)) for g in groups if len(set(g)) > 1]
    for group in groups:
        first = group[0]
        for n in group[1:]:
            if tree.nodes[n]["player"] != tree.nodes[first]["player"]:
                return Check(False, 1, _("nodes {a} and {b} belong to different players: an information set is "
                                         "one player's", a=first, b=n))
            if _key(tree, n) != _key(tree, first):
                return Check(False, 1, _("player {player} can tell node {a} from node {b}: they have seen different "
                                         "things on the way", player=tree.nodes[n]["player"], a=first, b=n))
    want = _infoset_groups(tree)
    mine = {tuple(g) for g in groups}
    for player in (0, 1):
        theirs = [g for g in want if tree.nodes[g[0]]["player"] == player]
        right = sum(tuple(g) in mine for g in theirs)
        if right < len(theirs):
            return Check(False, 1, _("some of player {player}'s nodes look the same to them but are apart in your "
                                     "answer (you have {right} of player {player}'s {total} sets right)",
                                     player=player, right=right, total=len(theirs)))
    return Check(True, 1, ngettext("right: {n} information set with two or more nodes",
                                   "right: all {n} information sets with two or more nodes", len(want)))


# ====================================================================== function exercises: cases
def _tree_cases(seed: int | None, tiny: int, endgames: int) -> list[tuple[str, int, nx.DiGraph]]:
    """``tiny`` tiny games and ``endgames`` Love Letter endgames of a checker's ``seed``: (kind, seed, tree)."""
    base = random.randrange(1_000_000) if seed is None else seed
    out = [("tiny", base * 100 + k, tiny_tree(base * 100 + k)) for k in range(tiny)]
    out += [("endgame", base * 100 + k, endgame_tree(base * 100 + k)) for k in range(endgames)]
    return out


def _where(kind: str, seed: int) -> str:
    if kind == "tiny":
        return _("tiny_tree({seed})", seed=seed)
    return _("endgame_tree({seed})", seed=seed)


def _locate(fn_at: Callable[[int], Any], ref: Mapping[int, Any], tree: nx.DiGraph, start: int) -> int:
    """Walk down from a wrong ``start`` to a node whose value is wrong though its children's are right."""
    node = start
    while True:
        for child in tree.successors(node):
            try:
                got = _read_number(fn_at(child))
            except Exception:  # a learner's bug below: go there
                node = child
                break
            if not _same(got, ref[child]):
                node = child
                break
        else:
            return node


def _node_kind(tree: nx.DiGraph, node: int) -> str:
    d = tree.nodes[node]
    if d["kind"] == "decision":
        return _("node {node}, player {player} to move", node=node, player=d["player"])
    if d["kind"] == "chance":
        return _("chance node {node}", node=node)
    return _("leaf {node}", node=node)


def _value_judge(tree: nx.DiGraph, node: int, fn_at: Callable[[int], Any], ref: Mapping[int, Any],
                 combine: Callable[[int, list[Any]], str | None]) -> Judge:
    """A judge of a node value: on a wrong answer, find the first node where the learner's values go wrong."""
    def judge(answer: Any) -> str | None:
        try:
            got = _read_number(answer)
        except KitError as exc:
            return str(exc)
        if _same(got, ref[node]):
            return None
        bad = _locate(fn_at, ref, tree, node)
        try:
            mine = _read_number(fn_at(bad))
        except Exception as exc:
            return _("at {where} your function raised {error}", where=_node_kind(tree, bad), error=type(exc).__name__)
        d = tree.nodes[bad]
        if d["kind"] == "terminal":
            r = d["returns"]
            if _same(mine, r[0]) and r[0] != payoff(tree, bad):
                return _("at {where}: the returns are tokens, not zero-sum; player 0's payoff is "
                         "returns[0] - returns[1] (payoff(tree, leaf))", where=_node_kind(tree, bad))
            if _same(mine, r[1]) or _same(mine, -payoff(tree, bad)):
                return _("at {where} you took player 1's payoff; the values are player 0's", where=_node_kind(tree, bad))
            return _("at {where} the value is player 0's payoff there: use payoff(tree, leaf)",
                     where=_node_kind(tree, bad))
        kids = [ref[c] for c in tree.successors(bad)]
        special = combine(bad, [mine] + kids)
        if special is not None:
            return special
        if bad == node:
            return _("at {where} your value is wrong, although your values of the nodes below it are right: "
                     "check how you combine them", where=_node_kind(tree, bad))
        return _("your value is wrong; the first node where it goes wrong is {where}: your values of the nodes "
                 "below it are right, so check how you combine them", where=_node_kind(tree, bad))

    return judge


def _mean(values: Sequence[Any]) -> Any:
    return sum(Fraction(v) if isinstance(v, (int, Fraction)) else v for v in values) / len(values)


def _combine_chance(tree: nx.DiGraph, node: int, mine: Any, kids: list[Any]) -> str | None:
    where = _node_kind(tree, node)
    if len(set(map(float, kids))) > 1 and _same(mine, _mean(kids)):
        return _("at {where} you treated the children as equally likely; weigh each by its probability "
                 "(the edge's 'prob')", where=where)
    if _same(mine, sum(kids)) and len(kids) > 1:
        return _("at {where} you added the children's values; weigh each by its probability", where=where)
    return None


# ====================================================================== 2. the value of a node
@checker(N_("A node's value is what player 0 can expect from there on; start at the leaves and work up."),
         N_("A leaf is worth its payoff; a chance node is worth the average of its children, weighted by the "
            "probabilities on its edges; a decision node the same, with the strategy's probabilities."),
         N_("Recurse: for a chance node return the sum over its children of prob * value(child); for a "
            "decision node look up strategy[(player, infoset)][action] for each child's edge."))
def check_node_value(fn: Callable[[nx.DiGraph, int, Mapping[Key, Mapping[str, Any]]], Any], seed: int | None = 0,
                     *, tiny: int = 6, endgames: int = 1) -> Check:
    """Check ``fn(tree, node, strategy) -> player 0's expected payoff at node`` (see :func:`expected_value`).

    Each tree (tiny games and a Love Letter endgame of the seed) is tried at its
    root (a chance node), at another chance node and at a decision node, with a
    seeded strategy (uniform in the endgame).  On a wrong value the checker
    finds the first node where it goes wrong and says what to look at.

    >>> check_node_value(expected_value).ok
    True
    >>> print(check_node_value(lambda tree, node, strategy: 0))   # doctest: +ELLIPSIS
    ✘ case 1 (tiny_tree(0), node 0): at leaf 3 the value is player 0's payoff there: use payoff(tree, leaf)
    """
    cases = []
    for kind, s, tree in _tree_cases(seed, tiny, endgames):
        strategy = random_strategy(tree, s) if kind == "tiny" else {
            k: {a: Fraction(1, len(acts)) for a in acts} for k, acts in _infoset_actions(tree).items()}
        rng = random.Random(f"nodes/{s}")
        chance = [n for n, d in tree.nodes(data=True) if d["kind"] == "chance" and n != 0]
        decision = [n for n, d in tree.nodes(data=True) if d["kind"] == "decision"]
        picks = [0] + ([rng.choice(chance)] if chance else []) + [rng.choice(decision)]
        cases += [(kind, s, tree, n, strategy) for n in picks]

    def ask(case: tuple) -> tuple[tuple, Judge]:
        kind, s, tree, node, strategy = case
        ref = _values(tree, node, lambda n, values: sum(
            _probs(strategy, _key(tree, n), list(values))[a] * v for a, v in values.items()))

        def combine(n: int, vals: list[Any]) -> str | None:
            mine, kids = vals[0], vals[1:]
            d = tree.nodes[n]
            if d["kind"] == "chance":
                return _combine_chance(tree, n, mine, kids)
            where = _node_kind(tree, n)
            if len(set(map(float, kids))) > 1:
                if _same(mine, max(kids)) or _same(mine, min(kids)):
                    return _("at {where} the player does not pick a best move: they follow the strategy's "
                             "probabilities", where=where)
                if _same(mine, _mean(kids)):
                    return _("at {where} you weighed the moves equally; weigh each by the strategy's probability",
                             where=where)
            return None

        return (tree, node, strategy), _value_judge(tree, node, lambda n: fn(tree, n, strategy), ref, combine)

    def describe(case: tuple) -> str:
        return _("{tree}, node {node}", tree=_where(case[0], case[1]), node=case[3])

    return run_cases(fn, cases, ask, _("nodes"), describe, _("case"))


def _infoset_actions(tree: nx.DiGraph) -> dict[Key, list[str]]:
    return {k: [a["action"] for a in tree.succ[nodes[0]].values()] for k, nodes in infosets(tree).items()}


# ====================================================================== 3. backward induction
@checker(N_("Pretend every player sees every card: then each player simply picks their best move."),
         N_("Work up from the leaves: chance nodes average their children by probability; player 0 picks the "
            "child worth the most to player 0, player 1 the child worth the least to player 0."),
         N_("Recurse: leaf -> payoff(tree, leaf); chance -> sum of prob * value(child); player 0 -> max of the "
            "children's values; player 1 -> min of the children's values."))
def check_backward_induction(fn: Callable[[nx.DiGraph, int], Any], seed: int | None = 0, *, tiny: int = 6,
                             endgames: int = 1) -> Check:
    """Check ``fn(tree, node) -> the backward-induction value at node`` (see :func:`perfect_information_value`).

    >>> check_backward_induction(perfect_information_value).ok
    True
    >>> print(check_backward_induction(lambda t, n: expected_value(t, n, {}), endgames=0))   # doctest: +ELLIPSIS
    ✘ case 1 (...): ... a player who sees everything picks a best move; they do not average
    """
    cases = []
    for kind, s, tree in _tree_cases(seed, tiny, endgames):
        rng = random.Random(f"bi/{s}")
        inner = [n for n, d in tree.nodes(data=True) if d["kind"] != "terminal" and n != 0]
        cases += [(kind, s, tree, n) for n in [0] + ([rng.choice(inner)] if inner else [])]

    def ask(case: tuple) -> tuple[tuple, Judge]:
        kind, s, tree, node = case
        ref = _bi_values(tree, node)

        def combine(n: int, vals: list[Any]) -> str | None:
            mine, kids = vals[0], vals[1:]
            d = tree.nodes[n]
            if d["kind"] == "chance":
                return _combine_chance(tree, n, mine, kids)
            where = _node_kind(tree, n)
            if len(set(map(float, kids))) > 1:
                if d["player"] == 0 and _same(mine, min(kids)):
                    return _("at {where} player 0 picks the move worth the most to player 0", where=where)
                if d["player"] == 1 and _same(mine, max(kids)):
                    return _("at {where} player 1 picks the move worth the least to player 0 (the payoffs are "
                             "player 0's)", where=where)
                if not any(_same(mine, k) for k in kids):
                    return _("at {where} a player who sees everything picks a best move; they do not average",
                             where=where)
            return None

        return (tree, node), _value_judge(tree, node, lambda n: fn(tree, n), ref, combine)

    def describe(case: tuple) -> str:
        return _("{tree}, node {node}", tree=_where(case[0], case[1]), node=case[3])

    return run_cases(fn, cases, ask, _("nodes"), describe, _("case"))


# ====================================================================== 4. where backward induction cheats
@checker(N_("Backward induction chooses a move at each node on its own; a real player must choose one move for "
            "a whole information set."),
         N_("For each information set with two or more nodes, find the best moves (by backward induction) at "
            "each of its nodes, and see whether one move is best at all of them."),
         N_("Compute the backward-induction value of every node; at each node of a set take the set of best "
            "moves (max for player 0, min for player 1); the set cheats when these sets have no move in common."))
def check_cheating_sets(fn: Callable[[nx.DiGraph], Iterable[Key]], seed: int | None = 0, *, tiny: int = 8,
                        endgames: int = 1) -> Check:
    """Check ``fn(tree) -> the information sets (player, infoset) where backward induction cheats``.

    See :func:`cheating_sets`; ties count as best moves (compare exact values).

    >>> check_cheating_sets(cheating_sets).ok
    True
    >>> print(check_cheating_sets(lambda tree: []))   # doctest: +ELLIPSIS
    ✘ case ...: you missed ... of player ...
    """
    cases = _tree_cases(seed, tiny, endgames)

    def ask(case: tuple) -> tuple[tuple, Judge]:
        kind, s, tree = case
        want = cheating_sets(tree)
        sets = infosets(tree)

        def judge(answer: Any) -> str | None:
            try:
                got = {(k[0], k[1]) for k in answer}
            except (TypeError, IndexError, KeyError):
                return _("give the information sets as (player, infoset) pairs, e.g. a set or a list of them")
            for k in got:
                if k not in sets:
                    return _("{got} is not an information set of this tree", got=_short(k))
            extra = sorted(got - want, key=lambda k: sets[k][0])
            if extra:
                k = extra[0]
                return _("at player {player}'s set with node {node} one move is best at every node: backward "
                         "induction can play it without knowing more", player=k[0], node=sets[k][0])
            missing = want - got
            if missing:
                player = min(k[0] for k in missing)
                n = sum(k[0] == player for k in missing)
                return ngettext("you missed {n} set of player {player}", "you missed {n} sets of player {player}",
                                n, player=player)
            return None

        return (tree,), judge

    def describe(case: tuple) -> str:
        return _where(case[0], case[1])

    return run_cases(fn, cases, ask, _("trees"), describe, _("case"))


# ====================================================================== 5. solve an endgame, read the strategy
def _restricted(tree: nx.DiGraph, key: Key, nodes: Sequence[int], keep: Callable[[str], bool]) -> nx.DiGraph:
    """A copy of ``tree`` where the nodes of one information set offer only the moves ``keep`` allows."""
    out = tree.copy()
    for n in nodes:
        for child, a in list(tree.succ[n].items()):
            if not keep(a["action"]):
                out.remove_nodes_from(nx.descendants(tree, child) | {child})
    return out


def _first_decisions(tree: nx.DiGraph) -> list[int]:
    out, stack = [], [tree.graph.get("root", 0)]
    while stack:
        n = stack.pop()
        if tree.nodes[n]["kind"] == "decision":
            out.append(n)
        else:
            stack.extend(tree.successors(n))
    return sorted(out)


@dataclass(frozen=True)
class EndgameCase:
    """A small Love Letter endgame to solve, and a point of it where the strategy is read (:func:`endgame_case`).

    Attributes
    ----------
    seed
        The case's seed.
    description
        Keyword arguments of :func:`kit.loveletter.position.endgame`.
    state
        ``endgame(**description)``.
    node
        A node of ``build_tree(state)``: a first decision of the player to move.
    player
        The player to move there.
    hand
        The cards that player holds there (what they see).
    """

    seed: int
    description: dict[str, Any]
    state: Any = field(repr=False)
    node: int
    player: int
    hand: tuple[str, ...]
    _value: float = field(repr=False)
    _move: str = field(repr=False)

    def sentences(self, lang: str | None = None) -> list[str]:
        """The position and the questions, in words."""
        return describe_position(self.description, lang) + [
            _("At node {node}, player {player} holds the {first} and the {second}. Which move does the equilibrium "
              "play there? And what is the value of the game for player 0?", lang, node=self.node, player=self.player,
              first=_card(self.hand[0], lang), second=_card(self.hand[1], lang))]

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{escape(s)}</li>" for s in self.sentences())
        return f"<ul style='font-family:system-ui,sans-serif'>{items}</ul>"


_ENDGAMES: dict[int, EndgameCase] = {}


def endgame_case(seed: int = 0) -> EndgameCase:
    """A seeded endgame whose equilibrium plays one move for sure at ``case.node`` (same seed, same case).

    The move is the only right answer: some equilibrium always plays it there,
    and every equilibrium plays it at least sometimes (without it, the player
    gets less than the value of the game).

    >>> case = endgame_case(0)
    >>> case.player, case.hand
    (1, ('Prince', 'Guard'))
    """
    if seed in _ENDGAMES:
        return _ENDGAMES[seed]
    k = 0
    while True:
        description = random_description(_case_seed(seed, k), unseen=4)
        k += 1
        state = endgame(**description)
        tree = build_tree(state)
        sol = solve(tree)
        player = description["to_move"]
        sets = infosets(tree)
        keys = sorted({_key(tree, n) for n in _first_decisions(tree)}, key=lambda key: sets[key][0])
        rng = random.Random(f"endgame-case/{seed}/{k}")
        rng.shuffle(keys)
        for key in keys:
            nodes = sets[key]
            probs = sol.strategy[key]
            if len(probs) < 2:
                continue
            move, p = max(probs.items(), key=lambda item: item[1])
            if p < 0.999:
                continue
            sign = 1 if player == 0 else -1
            forced = solve(_restricted(tree, key, nodes, lambda a: a == move)).value
            without = solve(_restricted(tree, key, nodes, lambda a: a != move)).value
            if sign * (forced - sol.value) < -1e-7 or sign * (sol.value - without) < 1e-6:
                continue
            at = state
            for a in tree.nodes[nodes[0]]["history"]:
                at = at.child(at.game.parse_action(a))
            hand = tuple(at.observation(player)["hand"])
            case = EndgameCase(seed, description, state, nodes[0], player, hand, sol.value, move)
            _ENDGAMES[seed] = case
            return case


def _case_seed(seed: int, k: int) -> int:
    """The ``k``-th position seed tried for case ``seed`` (plain ints, so a learner can rebuild a case)."""
    return seed * 1000 + k


@checker(N_("Build the tree of case.state, solve it, and look up the strategy at the information set of case.node."),
         N_("solve(tree) returns a Solution: its value is the game's value for player 0, and its strategy maps "
            "(player, infoset) to the probability of each move."),
         N_("The key is (case.player, tree.nodes[case.node]['infoset']); the move is the one the strategy gives "
            "probability 1 there (write it in the game's notation), and the value is the Solution's value."))
def check_endgame(value: Any, move: Any, seed: int = 0) -> Check:
    """Check the value and the move read off the equilibrium of :func:`endgame_case` ``(seed)``.

    ``value``: the game's value for player 0 (``returns[0] - returns[1]``); a number, a
    Fraction or text such as ``"2/3"`` (within 1e-6).  ``move``: the move at ``case.node``
    in the notation (``"Guard p1 Princess"``, any case; a card name alone when that card
    has one move there).

    >>> case = endgame_case(0)
    >>> check_endgame(case._value, case._move, seed=0).ok
    True
    >>> print(check_endgame(-case._value, case._move, seed=0))
    ✘ the value is for player 0; that is player 1's side
    """
    if value is None or move is None:
        return Check(False, 0, _("no answer yet: replace None by your answer"))
    case = endgame_case(seed)
    tree = build_tree(case.state)
    try:
        got = _read_number(value)
    except KitError as exc:
        return Check(False, 1, str(exc))
    want = case._value
    if abs(float(got) - want) > 1e-6:
        if abs(float(got) + want) <= 1e-6:
            return Check(False, 1, _("the value is for player 0; that is player 1's side"))
        if abs(float(got) - float(perfect_information_value(tree, 0))) <= 1e-6:
            return Check(False, 1, _("that is the value if everyone saw every card (backward induction), not the "
                                     "value of this game"))
        if abs(float(got) - expected_payoff(tree, {})) <= 1e-6:
            return Check(False, 1, _("that is what random play gives, not the value of the game"))
        return Check(False, 1, _("{got} is not the value of the game for player 0", got=str(value)))
    legal = [a["action"] for a in tree.succ[case.node].values()]
    try:
        text = str(case.state.game.parse_action(move if isinstance(move, str) else str(move)))
    except KitError:
        return Check(False, 1, _("{got} is not a move in the notation; the moves there: {moves}", got=_short(move),
                                 moves=", ".join(legal)))
    if text not in legal:
        same_card = [a for a in legal if a.split()[0] == text.split()[0]]
        if len(same_card) == 1 and len(text.split()) == 1:
            text = same_card[0]
        elif same_card:
            return Check(False, 1, _("the {card} has several moves there: say the target (and a Guard's guess) too, "
                                     "like the notation of the moves: {moves}", card=_card(text.split()[0]),
                                     moves=", ".join(same_card)))
        else:
            return Check(False, 1, _("{got} is not a move at that point; the moves there: {moves}", got=text,
                                     moves=", ".join(legal)))
    if text != case._move:
        return Check(False, 1, _("the value is right, but with {got} at that point player {player} can be held to "
                                 "less than the value of the game", got=text, player=case.player))
    return Check(True, 1, _("right: the value and the move"))


# ====================================================================== 6. exploitability
def _exploit_cases(seed: int | None, tiny: int, endgames: int) -> list[tuple[str, int, nx.DiGraph, dict, str]]:
    out = []
    for kind, s, tree in _tree_cases(seed, tiny, endgames):
        if kind == "tiny":
            out.append((kind, s, tree, random_strategy(tree, s), _("a random strategy")))
        else:
            acts = _infoset_actions(tree)
            out.append((kind, s, tree, {k: {a: Fraction(1, len(v)) for a in v} for k, v in acts.items()},
                        _("both play at random")))
            out.append((kind, s, tree, {k: {v[0]: Fraction(1)} for k, v in acts.items()},
                        _("both always play their first legal move")))
    return out


@checker(N_("Exploitability measures how much a best-responding opponent gains against a strategy."),
         N_("kit.trees.best_response(tree, strategy, player) gives the most each player can expect against the "
            "other player's part of the strategy, from that player's own side."),
         N_("Take both players' best-response values, player 0's and player 1's, and return their mean (the game "
            "value cancels out, so the result is 0 exactly at an equilibrium)."))
def check_exploitability(fn: Callable[[nx.DiGraph, Mapping[Key, Mapping[str, Any]]], Any], seed: int | None = 0, *,
                         tiny: int = 5, endgames: int = 1) -> Check:
    """Check ``fn(tree, strategy) -> exploitability`` against :func:`kit.trees.exploitability`.

    >>> check_exploitability(exploitability).ok
    True
    >>> def twice(tree, strategy):
    ...     return best_response(tree, strategy, 0)[0] + best_response(tree, strategy, 1)[0]
    >>> print(check_exploitability(twice))   # doctest: +ELLIPSIS
    ✘ case 1 (...): you added the two best-response values: exploitability is their mean
    """
    cases = _exploit_cases(seed, tiny, endgames)

    def ask(case: tuple) -> tuple[tuple, Judge]:
        kind, s, tree, strategy, what = case
        want = exploitability(tree, strategy)
        br0, br1 = best_response(tree, strategy, 0)[0], best_response(tree, strategy, 1)[0]
        v = expected_payoff(tree, strategy)

        def near(a: float, b: float) -> bool:
            return abs(a - b) <= 1e-7 * max(1.0, abs(b))

        def judge(answer: Any) -> str | None:
            try:
                got = float(_read_number(answer))
            except KitError as exc:
                return str(exc)
            if near(got, want):
                return None
            mistakes = [message for message, values in [
                (_("you added the two best-response values: exploitability is their mean"), (br0 + br1,)),
                (_("you used one player's best response only; exploitability takes both players"),
                 (br0, br1, br0 / 2, br1 / 2)),
                (_("each best-response value is already from that player's own side: do not subtract"),
                 ((br0 - br1) / 2, br0 - br1)),
                (_("that is one player's gain from best responding; exploitability is the mean of both players' "
                   "gains"), (br0 - v, br1 + v)),
            ] if any(near(got, x) for x in values)]
            if len(mistakes) == 1:           # a clear diagnosis; when two mistakes give this number, say neither
                return mistakes[0]
            if got < -1e-9:
                return _("exploitability is never negative: no strategy does better than the equilibrium against "
                         "a best response")
            return _("{got} is not the exploitability of this strategy", got=format(got, ".6g"))

        return (tree, strategy), judge

    def describe(case: tuple) -> str:
        return _("{tree}, {strategy}", tree=_where(case[0], case[1]), strategy=case[4])

    return run_cases(fn, cases, ask, _("strategies"), describe, _("case"))


# ====================================================================== 7. describe a position, build its tree
@dataclass(frozen=True)
class PositionTask:
    """What a learner's described position must have (:func:`position_task`).

    Attributes
    ----------
    seed
        The task's seed.
    to_move
        The player whose turn starts.
    unseen
        How many cards neither player has seen (the unknown hands, the set-aside card, the deck).
    known
        ``{seat: card}``: hands known to both players (a seat left out: only its holder sees it).
    must_be_unseen
        A card of which at least one copy is unseen.
    must_have_played
        ``(seat, card)``: that seat has played that card.
    """

    seed: int
    to_move: int
    unseen: int
    known: dict[int, str]
    must_be_unseen: str
    must_have_played: tuple[int, str]

    def sentences(self, lang: str | None = None) -> list[str]:
        """The task in words."""
        out = [_("Describe a classic two-player position, in which:", lang),
               _("it is player {seat}'s turn;", lang, seat=self.to_move),
               ngettext("{n} card is unseen by both players;", "{n} cards are unseen by both players;",
                        self.unseen, lang)]
        for seat in (0, 1):
            if seat in self.known:
                out.append(_("player {seat}'s card is known to both players: it is the {card};", lang, seat=seat,
                             card=_card(self.known[seat], lang)))
            else:
                out.append(_("player {seat}'s card is seen only by player {seat};", lang, seat=seat))
        out.append(_("at least one {card} is still unseen;", lang, card=_card(self.must_be_unseen, lang)))
        seat, card = self.must_have_played
        out.append(_("player {seat} has played the {card}.", lang, seat=seat, card=_card(card, lang)))
        out.append(_("Then build its tree.", lang))
        return out

    def _repr_html_(self) -> str:
        head, *rest = self.sentences()
        items = "".join(f"<li>{escape(s)}</li>" for s in rest)
        return f"<div style='font-family:system-ui,sans-serif'>{escape(head)}<ul>{items}</ul></div>"


def position_task(seed: int = 0) -> PositionTask:
    """A seeded task for :func:`check_my_position` (it has solutions: it is made from a random endgame).

    >>> t = position_task(1)
    >>> t.unseen in (4, 5), t.to_move in (0, 1)
    (True, True)
    """
    rng = random.Random(f"task/{seed}")
    unseen = rng.choice((4, 5))
    d = random_description(seed, unseen=unseen)
    state = endgame(**d)
    hidden = [str(c) for c, n in state.deck().items() for _k in range(n)]
    seat = rng.randrange(2)
    return PositionTask(seed, d["to_move"], unseen, {s: h for s, h in enumerate(d["hands"]) if h is not None},
                        rng.choice(sorted(set(hidden))), (seat, rng.choice(d["played"][seat])))


def _public_unseen(observation: Mapping[str, Any]) -> dict[str, int]:
    """Copies of each card no player has seen, from what everyone sees (face up, played, hands shown)."""
    ed = EDITIONS[observation["edition"]]
    left = {str(c): ed.counts[int(c)] for c in ed.cards}
    seen = list(observation["face_up"]) + [c for d in observation["discards"] for c in d]
    seen += [e["card"] for e in observation["log"] if e["kind"] == "reveal"]
    for c in seen:
        left[c] -= 1
    return {c: n for c, n in left.items() if n}


@checker(N_("Start from a gallery position (kit.loveletter.position.GALLERY holds keyword arguments of endgame) "
            "and change it until it meets the task."),
         N_("The 16 classic cards add up: 3 face up + the cards played + the hands known to both + the unseen "
            "cards. Move cards between the played lists and the unseen cards to get the counts right."),
         N_("The deck is what is left of the unseen cards after the unknown hands and the set-aside card: deck = "
            "unseen - (hands that are None) - 1; a known hand is written hands=[None, 'Baron'], say."))
def check_my_position(state: Any, tree: Any, seed: int = 0) -> Check:
    """Check a described position (from ``endgame(...)``) and its tree against :func:`position_task` ``(seed)``.

    >>> task = position_task(1)
    >>> mine = endgame(**random_description(1, unseen=task.unseen))
    >>> bool(check_my_position(mine, build_tree(mine), seed=1))
    True
    >>> print(check_my_position(mine, build_tree(mine), seed=2))      # doctest: +ELLIPSIS
    ✘ ...
    """
    if state is None or tree is None:
        return Check(False, 0, _("no answer yet: replace None by your position and its tree"))
    task = position_task(seed)
    if not hasattr(state, "observation") or not isinstance(getattr(state, "game", None), LoveLetter):
        return Check(False, 1, _("give the Love Letter state that endgame(...) returns"))
    obs = state.observation(None)
    if obs["players"] != 2 or obs["edition"] != "classic":
        return Check(False, 1, _("the task asks for a classic two-player position"))
    if obs["phase"] != "deal" or not any(e["kind"] == "history" for e in obs["log"]):
        return Check(False, 1, _("describe the position with endgame(...): a round late in play, before its deals"))
    if not isinstance(tree, nx.DiGraph) or "root" not in tree.graph:
        return Check(False, 1, _("give the tree that build_tree(your state) returns"))
    mine = build_tree(state)
    if summary(tree) != summary(mine):
        return Check(False, 1, _("your tree is not the tree of your position: build it with build_tree(your state)"))
    first = {tree.nodes[n]["player"] for n in _first_decisions(tree)}
    if first != {task.to_move}:
        return Check(False, 1, _("it should be player {seat}'s turn first", seat=task.to_move))
    unseen = _public_unseen(obs)
    n = sum(unseen.values())
    if n != task.unseen:
        return Check(False, 1, ngettext("your position has {n} unseen card; the task asks for {want}",
                                        "your position has {n} unseen cards; the task asks for {want}", n,
                                        want=task.unseen))
    known = {e["seat"]: e["card"] for e in obs["log"] if e["kind"] == "reveal"}
    for seat in (0, 1):
        if seat in task.known and known.get(seat) != task.known[seat]:
            return Check(False, 1, _("player {seat}'s card should be known to both players: the {card}", seat=seat,
                                     card=_card(task.known[seat])))
        if seat not in task.known and seat in known:
            return Check(False, 1, _("player {seat}'s card should be seen only by player {seat}: write None for it",
                                     seat=seat))
    if task.must_be_unseen not in unseen:
        return Check(False, 1, _("at least one {card} should be unseen", card=_card(task.must_be_unseen)))
    seat, card = task.must_have_played
    if card not in obs["discards"][seat]:
        return Check(False, 1, _("player {seat} should have played the {card}", seat=seat, card=_card(card)))
    s = summary(tree)
    return Check(True, 1, _("right: your tree has {nodes} nodes; information sets: player 0 {a}, player 1 {b}",
                            nodes=s["nodes"], a=s["infosets"].get(0, 0), b=s["infosets"].get(1, 0)))

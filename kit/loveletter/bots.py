"""Love Letter bots: random, a card-counting heuristic, and ISMCTS.

Every bot has ``choose(view, player) -> action`` and sees the round only
through the :class:`~kit.core.PlayerView` a driver hands it:
``information_state()``, ``observation()``, ``legal_actions()``,
``knowledge()`` (what the seat knows, from :mod:`kit.loveletter.knowledge`)
and ``resample(rng)`` (a full state drawn from that knowledge).  Given a bare
state instead of a view, a bot wraps it in the seat's view first, so it never
reads a hidden card either way.

* :class:`RandomBot` -- uniform over the legal actions (the kit's own).
* :class:`HeuristicBot` -- counts cards: guesses with probabilities, uses
  what a Priest, Baron or King showed, never throws the Princess away.
* :class:`ISMCTSBot` -- single-observer information-set Monte Carlo tree
  search (Cowling, Powley & Whitehouse 2012) over states drawn from what the
  seat knows.

Each takes a ``seed`` (an ``int`` or a :class:`random.Random`) and never
touches the global random generator: the same seed gives the same choices.

Examples
--------
>>> from kit.core import play
>>> from kit.loveletter import LoveLetter
>>> from kit.loveletter.bots import HeuristicBot, ISMCTSBot, RandomBot
>>> game = LoveLetter(2)
>>> end = play(game.new_initial_state(), [HeuristicBot(seed=1), RandomBot(seed=2)], seed=3)
>>> end.result().reason in ("last-standing", "deck-empty")
True
>>> end = play(game.new_initial_state(), [ISMCTSBot(iterations=50, seed=1), HeuristicBot(seed=2)], seed=3)
>>> end.is_terminal()
True
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from typing import Any, Sequence

from ..core.bots import PlayerView
from ..core.bots import RandomBot as RandomBot
from ..core.protocol import CHANCE
from ..core.seeding import make_rng, sample_outcome
from .actions import Keep, Play
from .fast import playout as fast_playout
from .knowledge import Knowledge, posterior_marginals
from .state import CH_KEEP, OVER, PLAY, LoveLetterState

__all__ = ["RandomBot", "HeuristicBot", "ISMCTSBot", "seat_view"]


def seat_view(view: Any, player: int) -> Any:
    """The seat's :class:`~kit.core.PlayerView` of ``view``.

    A view is returned as it is; a bare Love Letter state is wrapped, so a bot
    called directly on a state still sees only what ``player`` may know.

    >>> from kit.loveletter import LoveLetter
    >>> v = seat_view(LoveLetter(2).new_initial_state(), 0)
    >>> type(v).__name__, v.player
    ('PlayerView', 0)
    """
    if isinstance(view, LoveLetterState):
        return PlayerView(view, player)
    return view


# ---------------------------------------------------------------------------
# Heuristic bot
# ---------------------------------------------------------------------------


class _Position:
    """What the heuristic reads off a seat's view for one decision (card values as ints)."""

    __slots__ = ("me", "n", "ed", "card", "v", "hand", "drawn", "know", "marg", "alive", "opps",
                 "protected", "deck", "late", "unseen", "unseen_total", "exposed", "spied",
                 "phase", "pool", "bottom")


class HeuristicBot:
    """A card-counting Love Letter player built from simple rules of thumb.

    Each legal action gets a score: what its effect is worth now (a Guard's
    chance to hit, a Baron's chance to win the comparison, ...) plus what the
    card kept in hand is worth (more and more its value as the deck runs
    out).  The best score is played; ties are broken by the seeded generator.
    The probabilities come from the seat's knowledge alone
    (:func:`~kit.loveletter.knowledge.posterior_marginals`: a known card is
    certain, an unknown one follows the unseen counts, restricted to what
    earlier Guards and Barons ruled out).

    Rules of thumb it follows:

    * never plays the Princess unless it is the only legal action, never
      plays a Prince on itself while holding her;
    * Guard: the target and named card most likely to hit (certain when a
      Priest, Baron, King trade or a card it put under the deck showed it);
    * Baron only when it likely wins the comparison;
    * Prince on the opponent most likely to hold the Princess or a high card;
    * keeps the higher card late in the round, and on the very last turn
      picks the play that most often wins the showdown;
    * Chancellor: keeps the best card and puts the worst one for opponents
      where the next opponent to draw from the bottom will get it;
    * plays a Spy early (2019 edition), for the Spy bonus;
    * plays away a card an opponent has seen when it can.

    Parameters
    ----------
    seed
        An ``int`` or a :class:`random.Random`, used only to break ties.

    Examples
    --------
    >>> from kit.core import PlayerView
    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2).new_initial_state()
    >>> for a in ["deal Countess", "deal Guard", "deal Guard", "deal Spy",  # set aside, face up
    ...           "deal Priest", "deal Baron", "deal Handmaid",           # p0, p1, p0 draws
    ...           "Priest p1", "deal Spy", "Spy", "deal Guard"]:          # p0 saw the Baron
    ...     s.apply_action(a)
    >>> str(HeuristicBot(seed=0).choose(PlayerView(s, 0), 0))
    'Guard p1 Baron'
    """

    name = "heuristic"

    # Weights of the score (in "rounds won" units, roughly).
    KILL = 1.0        # knocking the only opponent out
    DIE = 1.0         # being knocked out
    KEEP = 0.6        # showdown strength of the card kept, scaled by how late it is
    PEEK = 0.12       # a Priest's look at an unknown hand
    PROTECT = 0.1     # a Handmaid's protection
    SPY = 0.3         # playing a first Spy (2019)
    # What holding a card is worth early in the round, for playing it later.
    USE = {"SPY": 0.05, "GUARD": 0.12, "PRIEST": 0.04, "BARON": 0.0, "HANDMAID": 0.08,
           "PRINCE": 0.1, "CHANCELLOR": 0.06, "KING": 0.0, "COUNTESS": 0.04, "PRINCESS": 0.1}

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = make_rng(seed)

    def __repr__(self) -> str:
        return "HeuristicBot()"

    # -- the decision -------------------------------------------------------
    def choose(self, view: Any, player: int) -> Any:
        """Pick an action for ``player`` from what its view shows.

        Parameters
        ----------
        view
            The seat's :class:`~kit.core.PlayerView` (a bare state is wrapped).
        player
            The seat to move.

        Returns
        -------
        Play or Keep
            One of ``view.legal_actions()``.
        """
        view = seat_view(view, player)
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        pos = self._position(view, player)
        if isinstance(legal[0], Keep):
            scores = [self._score_keep(pos, a) for a in legal]
        else:
            scores = [self._score_play(pos, a) for a in legal]
        best = max(scores)
        top = [a for a, s in zip(legal, scores) if s >= best - 1e-9]
        return top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]

    def scores(self, view: Any, player: int) -> dict[str, float]:
        """Every legal action's score, by its notation (for teaching and debugging).

        >>> from kit.loveletter import LoveLetter
        >>> s = LoveLetter(2).new_initial_state()
        >>> for a in ["deal Guard", "deal Spy", "deal Spy", "deal Priest",
        ...           "deal Princess", "deal Baron", "deal Prince"]:   # p0: Princess + Prince
        ...     s.apply_action(a)
        >>> sc = HeuristicBot().scores(s, 0)
        >>> max(sc, key=sc.get), sc["Prince p0"] < -1, sc["Princess"] < -1
        ('Prince p1', True, True)
        """
        view = seat_view(view, player)
        legal = view.legal_actions()
        pos = self._position(view, player)
        score = self._score_keep if legal and isinstance(legal[0], Keep) else self._score_play
        return {str(a): score(pos, a) for a in legal}

    # -- reading the view ---------------------------------------------------
    def _position(self, view: Any, me: int) -> _Position:
        game = view.game
        ed = game.edition
        obs = view.observation()
        know: Knowledge = view.knowledge()
        p = _Position()
        p.me, p.n, p.ed = me, game.num_players, ed
        p.card = ed.card
        p.v = {name: ed.value(name) for name in ("SPY", "GUARD", "PRIEST", "BARON", "HANDMAID", "PRINCE",
                                                 "CHANCELLOR", "KING", "COUNTESS", "PRINCESS")}
        p.hand = [int(c) for c in know.hand]
        p.know = know
        p.phase = obs["phase"]
        p.alive = obs["alive"]
        p.protected = obs["protected"]
        p.deck = obs["deck"]
        p.pool = know.pool_size
        p.bottom = len(know.bottom)
        p.opps = [o for o in range(p.n) if o != me and p.alive[o]]
        start = ed.deck_size - 1 - (3 if p.n == 2 else 0) - p.n
        p.late = min(1.0, max(0.0, 1.0 - p.deck / max(1, start)))
        nvals = len(ed.counts)
        unseen = [0] * nvals
        for c, k in know.unseen.items():
            unseen[int(c)] = k
        p.unseen = unseen
        p.unseen_total = sum(unseen)
        marg = posterior_marginals(know)
        p.marg = {}
        for o in p.opps:
            dist = [0.0] * nvals
            for c, q in marg.get(o, {}).items():
                dist[int(c)] += q
            tot = sum(dist)
            p.marg[o] = [x / tot for x in dist] if tot else self._unseen_dist(p)
        spy = str(p.card(p.v["SPY"])) if p.v["SPY"] >= 0 else None
        p.spied = [spy is not None and spy in d for d in obs["discards"]]
        p.drawn, exposed = _exposure(obs["log"], me, ed, p.n)
        p.exposed = [o for o in exposed if p.alive[o]]
        return p

    @staticmethod
    def _unseen_dist(p: _Position) -> list[float]:
        if not p.unseen_total:
            return [1.0 / len(p.unseen)] * len(p.unseen)
        return [c / p.unseen_total for c in p.unseen]

    # -- building blocks ------------------------------------------------------
    @staticmethod
    def _beats(dist: list[float], k: int) -> float:
        """P(a card drawn from ``dist`` is below ``k``) + half the tie."""
        return sum(dist[:k]) + 0.5 * dist[k]

    def _strength(self, p: _Position, k: int) -> float:
        """How often ``k`` beats the opponents' cards (mean over opponents)."""
        if not p.opps:
            return 1.0
        return sum(self._beats(p.marg[o], k) for o in p.opps) / len(p.opps)

    def _kill(self, p: _Position) -> float:
        """Worth of knocking one opponent out: all of it with one opponent left."""
        m = len(p.opps)
        return self.KILL * (0.35 + 0.65 / max(1, m))

    def _danger(self, p: _Position, k: int) -> float:
        """Chance an opponent who saw our card ``k`` knocks us out before our next turn."""
        if not p.exposed or not p.unseen_total:
            return 0.0
        g, pr = p.v["GUARD"], p.v["PRINCE"]
        safe = 1.0
        for o in p.exposed:
            m = p.marg[o]
            hit = 0.0
            if k != g:
                q = p.unseen[g] / p.unseen_total
                hit += 1 - (1 - m[g]) * (1 - q)
            if k == p.v["PRINCESS"] and pr >= 0:
                q = p.unseen[pr] / p.unseen_total
                hit += 1 - (1 - m[pr]) * (1 - q)
            safe *= max(0.0, 1 - min(1.0, hit))
        return 1 - safe

    def _keep(self, p: _Position, k: int, old: bool = False) -> float:
        """What holding card ``k`` after this turn is worth.

        ``old``: ``k`` is the card held since before this turn (opponents may have seen it).
        """
        name = p.card(k).name
        value = self.KEEP * (0.2 + 0.8 * p.late) * self._strength(p, k)
        value += (1 - p.late) * self.USE.get(name, 0.0)
        if old:
            value -= self.DIE * self._danger(p, k)
        return value

    def _old(self, p: _Position, kept: int) -> bool:
        """Is the kept card the one held from before (not the card just drawn)?"""
        if p.drawn is None:
            return True
        hand = list(p.hand)
        if p.drawn in hand:
            hand.remove(p.drawn)
        return kept in hand

    # -- plays ----------------------------------------------------------------
    def _score_play(self, p: _Position, a: Play) -> float:
        c = int(a.card)
        t = a.target
        hand = list(p.hand)
        hand.remove(c)
        k = hand[0]
        v = p.v
        if c == v["PRINCESS"]:
            return -10.0 * self.DIE
        if p.deck == 0:
            return self._final(p, a, k)
        keep = self._keep(p, k, self._old(p, k))
        if t is None:
            if c == v["HANDMAID"]:
                bonus = self.PROTECT + (self.DIE * self._danger(p, k) if self._old(p, k) else 0.0)
                if k == v["PRINCESS"]:
                    bonus += 0.05
                return keep + bonus
            if c == v["SPY"]:
                return keep + (self.SPY if not p.spied[p.me] else 0.0)
            if c == v["CHANCELLOR"]:
                return keep + self._chancellor_gain(p, k)
            return keep  # Countess, or a card with nobody to choose
        m = p.marg.get(t)
        if c == v["GUARD"]:
            return keep + self._kill(p) * m[int(a.guess)]
        if c == v["PRIEST"]:
            unsure = 1.0 - max(m)
            follow = 0.08 if k in (v["GUARD"], v["BARON"], v["PRINCE"], v["KING"]) else 0.0
            return keep + (self.PEEK + follow) * unsure
        if c == v["BARON"]:
            win = sum(m[:k])
            lose = sum(m[k + 1:])
            return keep + self._kill(p) * win - self.DIE * lose - 0.03 * m[k]
        if c == v["KING"]:
            return self._king(p, t, k, m)
        if c == v["PRINCE"]:
            if t == p.me:
                return self._prince_self(p, k)
            return keep + self._prince_other(p, m)
        return keep  # pragma: no cover - every targeted card is handled above

    def _draw_dist(self, p: _Position) -> list[float]:
        """Where the next drawn card comes from, as the seat sees it (approx.: the unseen cards)."""
        return self._unseen_dist(p)

    def _prince_self(self, p: _Position, k: int) -> float:
        v = p.v
        if k == v["PRINCESS"]:
            return -5.0 * self.DIE
        gain = self.SPY if (k == v["SPY"] and not p.spied[p.me]) else 0.0
        q = self._draw_dist(p)
        return gain + sum(q[d] * self._keep(p, d) for d in range(len(q)) if q[d]) - 0.02

    def _prince_other(self, p: _Position, m: list[float]) -> float:
        v = p.v
        pr = v["PRINCESS"]
        q = self._draw_dist(p)
        # They lose their card and draw a random one: their showdown strength falls by this much.
        base = self._unseen_dist(p)
        before = sum(m[x] * self._beats(base, x) for x in range(len(m)))
        after = sum(q[x] * self._beats(base, x) for x in range(len(q)))
        value = self._kill(p) * m[pr] + self.KEEP * (0.3 + 0.7 * p.late) * (before - after)
        if v["SPY"] >= 0:
            value -= 0.5 * self.SPY * m[v["SPY"]]  # a discarded Spy counts for them
        return value

    def _king(self, p: _Position, t: int, k: int, m: list[float]) -> float:
        g = p.v["GUARD"]
        value = 0.0
        q_guard = p.unseen[g] / p.unseen_total if p.unseen_total else 0.0
        for x, px in enumerate(m):
            if not px:
                continue
            # We hold x, they hold k and know our card: their Guard would find us.
            danger = 0.0 if x == g else (1.0 if k == g else q_guard)
            value += px * (self._keep(p, x) - self.DIE * 0.8 * danger)
        return value - 0.02

    def _chancellor_gain(self, p: _Position, k: int) -> float:
        if p.deck == 0:
            return 0.0
        q = self._draw_dist(p)
        base = self._keep(p, k, self._old(p, k))
        vals = [x for x in range(len(q)) if q[x]]
        kv = {x: self._keep(p, x) for x in vals}
        if p.deck == 1:
            exp = sum(q[x] * max(base, kv[x]) for x in vals)
        else:
            exp = sum(q[x] * q[y] * max(base, kv[x], kv[y]) for x in vals for y in vals)
        return exp - base + 0.02

    def _final(self, p: _Position, a: Play, k: int) -> float:
        """Last turn (the deck is empty): the chance to win the showdown, exactly from the marginals."""
        v = p.v
        c = int(a.card)
        t = a.target
        dists = {o: p.marg[o] for o in p.opps}
        spy = 0.0
        if v["SPY"] >= 0:
            mine = p.spied[p.me] or c == v["SPY"]
            others = any(p.spied[o] for o in p.opps)
            spy = 0.5 if mine and not others else 0.0
        if t is None or c in (v["PRIEST"], v["HANDMAID"], v["COUNTESS"], v["SPY"]):
            return _showdown(k, dists) + spy
        q = self._unseen_dist(p)  # with the deck empty a Prince's target takes the set-aside card
        if c == v["PRINCE"] and t == p.me:
            if k == v["PRINCESS"]:
                return -5.0
            bonus = 0.5 if (k == v["SPY"] and not any(p.spied[o] for o in p.opps)) else 0.0
            return sum(q[x] * _showdown(x, dists) for x in range(len(q)) if q[x]) + max(spy, bonus)
        m = dists[t]
        rest = {o: d for o, d in dists.items() if o != t}
        if c == v["GUARD"]:
            g = int(a.guess)
            hit = m[g]
            if hit >= 1.0:
                return _showdown(k, rest) + spy
            miss = [x / (1 - hit) if i != g else 0.0 for i, x in enumerate(m)]
            return hit * _showdown(k, rest) + (1 - hit) * _showdown(k, {**rest, t: miss}) + spy
        if c == v["BARON"]:
            win = sum(m[:k])
            tie = m[k]
            tie_d = [0.0] * len(m)
            tie_d[k] = 1.0
            return win * _showdown(k, rest) + tie * _showdown(k, {**rest, t: tie_d}) + spy
        if c == v["KING"]:
            gave = [0.0] * len(m)
            gave[k] = 1.0
            return sum(px * _showdown(x, {**rest, t: gave}) for x, px in enumerate(m) if px) + spy
        if c == v["PRINCE"]:
            out = m[v["PRINCESS"]]
            return out * _showdown(k, rest) + (1 - out) * _showdown(k, {**rest, t: q}) + spy
        return _showdown(k, dists) + spy  # pragma: no cover

    # -- the Chancellor's choice ----------------------------------------------
    def _score_keep(self, p: _Position, a: Keep) -> float:
        k = int(a.card)
        score = self._keep(p, k) + (10.0 if k == p.v["PRINCESS"] else 0.0)
        # Who draws each returned card: the j-th card drawn from now goes to the j-th
        # next player in the round (the seat itself included), if nobody drops out.
        order = [(p.me + i) % p.n for i in range(1, p.n + 1) if p.alive[(p.me + i) % p.n]]
        first = p.pool + p.bottom  # cards drawn before the first returned one
        base = self._unseen_dist(p)
        for j, u in enumerate(a.under):
            u = int(u)
            drawer = order[(first + j) % len(order)]
            worth = self._beats(base, u) + (0.15 if u in (p.v["GUARD"], p.v["PRINCE"], p.v["BARON"]) else 0.0)
            score += 0.1 * (worth if drawer == p.me else -worth)
        return score


def _showdown(k: int, dists: dict[int, list[float]]) -> float:
    """Chance that card ``k`` wins the showdown against independent opponents (a tie counts half)."""
    below = 1.0
    not_above = 1.0
    for d in dists.values():
        below *= sum(d[:k])
        not_above *= sum(d[:k + 1])
    return below + 0.5 * (not_above - below)


def _exposure(log: Sequence[str], me: int, ed: Any, n: int) -> tuple[int | None, set[int]]:
    """Read the seat's log: the card it drew last, and who has seen the card it held before.

    Returns ``(drawn, seen_by)``: ``drawn`` the value of the card drawn this
    turn (``None`` before any), ``seen_by`` the seats that know the card held
    since before this turn (a Priest on it, a Baron tie, a King trade, a
    described position that shows it to all).
    """
    tag = f"p{me}"
    seen: set[int] = set()
    drawn: int | None = None
    replacing = False  # the next draw replaces a card a Prince made us discard
    chancellor = False
    for line in log:
        words = line.split()
        if not words:
            continue
        head = words[0]
        if head == tag:
            verb = words[1]
            if verb == "is" and words[2] == "dealt":
                seen = set()
            elif verb == "draws":
                value = ed.value(words[2].upper())
                if replacing:
                    seen, replacing = set(), False
                elif not chancellor:
                    drawn = value
            elif verb == "plays":
                played = ed.value(words[2].upper())
                if drawn is not None and played != drawn:
                    seen = set()  # the old card went; the kept card is the one just drawn
                drawn = None
                chancellor = played == ed.value("CHANCELLOR")
            elif verb == "discards":
                replacing = True
            elif verb == "puts":
                seen, chancellor = set(), False
            elif verb == "holds":  # a described position: this hand is known to all
                seen = set(range(n)) - {me}
            continue
        if head.startswith("p") and len(words) >= 5 and words[1] == "plays" and words[2] == "Priest" \
                and words[4] == tag:
            seen.add(int(head[1:]))
        elif head == "Baron:":
            a, b = int(words[1][1:]), int(words[4][1:])
            if me in (a, b):
                seen.add(b if a == me else a)
        elif head == "King:":
            a, b = int(words[1][1:]), int(words[5][1:])
            if me in (a, b):
                seen = {b if a == me else a}
        elif head.startswith("p") and len(words) >= 3 and words[1] == "is" and words[2] == "out":
            seen.discard(int(head[1:]))
        if chancellor and head != tag:
            chancellor = False
    return drawn, seen


# ---------------------------------------------------------------------------
# ISMCTS
# ---------------------------------------------------------------------------


class _Node:
    """A node of the search tree: reached by one action, from the acting player's side."""

    __slots__ = ("player", "visits", "avail", "reward", "children")

    def __init__(self, player: int) -> None:
        self.player = player      # who chose the action leading here
        self.visits = 0
        self.avail = 1            # times this action was available when its parent was visited
        self.reward = 0.0         # summed reward of ``player``
        self.children: dict[Any, _Node] = {}


class ISMCTSBot:
    """Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

    After Cowling, Powley & Whitehouse, *Information Set Monte Carlo Tree
    Search* (IEEE TCIAIG 4(2), 2012).  Each iteration:

    1. draws a *determinization* with ``view.resample(rng)``: a full state
       consistent with everything the seat saw (it never looks at the real
       hidden cards).  With ``model > 0`` each opponent's unknown card is then
       redrawn from a *belief* that also reads the opponent's plays, computed
       once per decision (see "Reading the opponents' plays" below);
    2. descends the tree, whose edges are actions, choosing by UCB1 among the
       children whose action is legal in this determinization; a child's
       exploration term counts the times it was *available* rather than its
       parent's visits.  Chance steps (draws) are sampled from the
       determinization with :func:`kit.core.sample_outcome` and are not tree
       nodes.  Every player's decisions are tree nodes, an opponent's choice
       being judged by that opponent's own reward (``opponents="tree"``, the
       paper's SO-ISMCTS); with ``opponents="policy"`` the opponents move by
       the rule-based policy below instead (a tree opponent learns, across
       determinizations, the seat's real hand, which it cannot see; measured,
       neither is clearly stronger).  Below the root a Guard play is one edge
       per target, the card named by the policy;
    3. adds one new node, then finishes the round with a playout: uniformly
       random moves with :func:`kit.loveletter.fast.playout` (the default,
       ``playout="random"``), or a rule-based policy that reads only the
       mover's hand, the public cards and what the mover has seen during the
       simulation (``playout="policy"``: never throws the Princess away,
       names a card it saw with a Priest, plays away a card someone saw, a
       Baron only with a high card, else the lower card; the searcher's own
       Guards name the card its belief, kept up to date as the simulated
       opponents play, makes most likely).  Measured against
       :class:`HeuristicBot` at equal iterations the two are as strong, and
       random playouts are faster (``benchmarks/bot_strength.py``);
    4. backs up the reward of every player along the path (each node keeps
       the reward of the player who chose it): 1 for winning the round alone,
       ``1/k`` for a win shared by ``k`` players, 0 otherwise
       (``reward="tokens"``: the tokens gained, Spy bonus included).

    At the root, Guard plays naming a card that is not the most likely one
    for their target are left out (they are dominated), and so are plays that
    throw the Princess away while anything else is legal.  The move played is
    the most visited child of the root.

    Reading the opponents' plays: the belief about an opponent's card follows
    its hand through the public log as a two-card hidden Markov chain.  A
    fresh card (a deal, a draw after a Prince, a King trade) follows the
    unseen counts; each turn the opponent held its old card and a drawn one,
    played ``y`` and kept the other, which is weighted by how likely a
    *sensible* player is to play ``y`` from that hand -- one that keeps the
    higher card, never throws the Princess, plays a Spy first, looks with a
    Priest before guessing with a Guard, a Baron only with a high card --
    trusted with probability ``model`` (otherwise either card at random).
    After a Chancellor a sensible player keeps the best of its three cards.
    The Countess rule is certain (a player who played a King or a Prince does
    not hold her), and Guards that missed and Barons rule cards out.  So a
    player who just played a King most likely holds the Princess.  This is a
    model of the opponents, not a fact: against random players it misleads a
    little (``model=0`` turns it off).

    Parameters
    ----------
    iterations
        Iterations per decision; the default takes about 50–100 ms a move in
        a two-player round on one core of a small machine.
    c
        UCB1 exploration constant (rewards lie in ``[0, 1]``).
    seed
        An ``int`` or a :class:`random.Random`; nothing else is random.
    playout
        ``"policy"`` or ``"random"`` (see above).
    opponents
        ``"policy"`` or ``"tree"`` (see above).
    model
        How much the belief trusts that opponents play sensibly (0 to 1;
        ``0``: determinizations straight from ``view.resample``).
    reward
        ``"round"`` or ``"tokens"``.

    Attributes
    ----------
    last_visits, last_values
        Visits and mean reward of each root action at the last decision, by
        notation (for teaching and debugging).

    Examples
    --------
    >>> from kit.core import PlayerView
    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2).new_initial_state()
    >>> for a in ["deal Countess", "deal Guard", "deal Guard", "deal Spy",
    ...           "deal Priest", "deal Baron", "deal Handmaid", "Priest p1",
    ...           "deal Spy", "Spy", "deal Guard"]:
    ...     s.apply_action(a)
    >>> bot = ISMCTSBot(iterations=200, seed=1)
    >>> str(bot.choose(PlayerView(s, 0), 0))     # its Priest saw the Baron
    'Guard p1 Baron'
    >>> bot.last_values["Guard p1 Baron"]
    1.0
    """

    name = "ismcts"

    def __init__(self, iterations: int = 500, c: float = 0.7, seed: int | random.Random | None = None, *,
                 playout: str = "random", opponents: str = "tree", model: float = 0.85,
                 reward: str = "round") -> None:
        if not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"iterations must be a positive int, not {iterations!r}")
        if playout not in ("policy", "random"):
            raise ValueError(f"playout must be 'policy' or 'random', not {playout!r}")
        if opponents not in ("policy", "tree"):
            raise ValueError(f"opponents must be 'policy' or 'tree', not {opponents!r}")
        if reward not in ("round", "tokens"):
            raise ValueError(f"reward must be 'round' or 'tokens', not {reward!r}")
        if not 0.0 <= model <= 1.0:
            raise ValueError(f"model must lie between 0 and 1, not {model!r}")
        self.iterations = iterations
        self.c = c
        self.rng = make_rng(seed)
        self.playout = playout
        self.opponents = opponents
        self.model = model
        self.reward = reward
        self.last_visits: dict[str, int] = {}
        self.last_values: dict[str, float] = {}

    def __repr__(self) -> str:
        return (f"ISMCTSBot(iterations={self.iterations}, c={self.c}, playout={self.playout!r}, "
                f"opponents={self.opponents!r}, model={self.model})")

    def choose(self, view: Any, player: int) -> Any:
        """Search from what ``player`` knows and return the most visited legal action.

        Parameters
        ----------
        view
            The seat's :class:`~kit.core.PlayerView` (a bare state is wrapped).
        player
            The seat to move.

        Returns
        -------
        Play or Keep
            One of ``view.legal_actions()``.
        """
        view = seat_view(view, player)
        legal = view.legal_actions()
        if len(legal) == 1:
            self.last_visits, self.last_values = {str(legal[0]): 0}, {}
            return legal[0]
        rng = self.rng
        rand = rng.random
        c = self.c
        log, sqrt = math.log, math.sqrt
        n = view.game.num_players
        know = view.knowledge()  # read once: every resample below reuses it
        beliefs = _play_beliefs(view, player, know, self.model) if self.model > 0 else {}
        model = _Model(view.game._rules, _unseen_counts(view.game, know), self.model) if beliefs else None
        bel: list[list[float] | None] = [beliefs.get(o) for o in range(n)]
        memory = _Memory(n, _known_at_root(view, player, know, n), _EPS, player, bel, model)
        root_acts = _root_actions(view, legal, know, beliefs, player)
        draw = {}
        for o, vec in beliefs.items():
            cards = [x for x, w in enumerate(vec) if w > 0]
            cum, acc = [], 0.0
            for x in cards:
                acc += vec[x]
                cum.append(acc)
            draw[o] = (cards, cum)
        policy_opponents = self.opponents == "policy"
        random_playout = self.playout == "random"
        tokens = self.reward == "tokens"
        root = _Node(player)
        for _ in range(self.iterations):
            det = view.resample(rng)
            det._rec = False  # the search's own copy: no event log needed
            for o, (cards, cum) in draw.items():
                _condition(det, o, cards[min(len(cards) - 1, bisect_right(cum, rand() * cum[-1]))], player, rng)
            mem = memory.copy()
            node = root
            path = []
            while True:
                p = det.current_player()
                if p < 0:
                    if p == CHANCE:
                        det.apply_action(sample_outcome(det.chance_outcomes(), rng))
                        continue
                    break  # the round is over
                if node is root:
                    acts = root_acts
                elif p != player and policy_opponents:
                    mem.apply(det, mem.policy(det, rng))
                    continue
                else:
                    acts = _guessless(det.legal_actions())
                children = node.children
                untried = [a for a in acts if a not in children]
                if untried:
                    a = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    child = children[a] = _Node(p)
                    mem.apply(det, mem.guess(det, a.target, rand) if a in _GUARD_KEYS else a)
                    path.append(child)
                    break
                best, best_a, best_v = None, None, -1.0
                for a in acts:
                    ch = children[a]
                    ch.avail += 1
                    val = ch.reward / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if val > best_v:
                        best, best_a, best_v = ch, a, val
                mem.apply(det, mem.guess(det, best_a.target, rand) if best_a in _GUARD_KEYS else best_a)
                path.append(best)
                node = best
            if not det.is_terminal():
                if random_playout:
                    fast_playout(det, rng)
                else:
                    mem.playout(det, rng)
            res = det.result()
            if tokens:
                rewards: Sequence[float] = res.tokens
            else:
                share = 1.0 / len(res.winners)
                rewards = [0.0] * n
                for w in res.winners:
                    rewards[w] = share
            for nd in path:
                nd.visits += 1
                nd.reward += rewards[nd.player]
        visits = {a: root.children[a].visits if a in root.children else 0 for a in legal}
        self.last_visits = {str(a): k for a, k in visits.items()}
        self.last_values = {str(a): round(ch.reward / ch.visits, 3)
                            for a, ch in root.children.items() if ch.visits}
        most = max(visits.values())
        top = [a for a in legal if visits[a] == most]
        return top[rng.randrange(len(top))] if len(top) > 1 else top[0]


_EPS = 0.1  # the playout policy's share of uniformly random moves
_MIX = 0.7  # weight of the previous belief about a kept card (0: forget it each turn)


def _root_actions(view: Any, legal: Sequence[Any], know: Knowledge,
                  beliefs: dict[int, list[float]], me: int) -> list[Any]:
    """The root's candidate actions: no Princess thrown away, no dominated Guard guess."""
    acts = _not_suicidal(legal, know, me) or list(legal)
    if any(a.__class__ is Play and a.guess is not None for a in acts):
        marg = posterior_marginals(know)
        card = view.game.edition.card
        for o, vec in beliefs.items():
            marg[o] = {card(x): w for x, w in enumerate(vec) if w > 0}
        acts = _best_guesses(acts, marg)
    return acts


def _unseen_counts(game: Any, know: Knowledge) -> list[int]:
    unseen = [0] * len(game.edition.counts)
    for c, k in know.unseen.items():
        unseen[int(c)] = k
    return unseen


def _sensible_play(r: Any, x: int, y: int, unseen: Sequence[int]) -> int:
    """The card a sensible player holding ``x`` and ``y`` plays (the model of :func:`_play_beliefs`)."""
    if x == y:
        return x
    if r.COUNTESS in (x, y) and (r.KING in (x, y) or r.PRINCE in (x, y)):
        return r.COUNTESS
    lo, hi = (x, y) if x < y else (y, x)
    if hi == r.PRINCESS or lo == r.SPY:
        return lo
    if lo == r.GUARD and hi == r.PRIEST:
        return hi  # look first, then guess for sure
    if lo == r.BARON or hi == r.BARON:
        other = hi if lo == r.BARON else lo
        return r.BARON if sum(unseen[:other]) > sum(unseen[other + 1:]) else other
    return lo


def _play_likelihood(r: Any, x: int, y: int, unseen: Sequence[int], model: float) -> float:
    """How likely a player holding ``x`` and ``y`` plays ``y``, under the sensible-player model."""
    if y in (r.KING, r.PRINCE) and x == r.COUNTESS:
        return 0.0  # the Countess rule: they would have had to play her
    if x == y:
        return 1.0
    return model * (_sensible_play(r, x, y, unseen) == y) + (1 - model) * 0.5


def _play_beliefs(view: Any, me: int, know: Knowledge, model: float) -> dict[int, list[float]]:
    """For each opponent whose card the seat does not know: a distribution over that card.

    Follows each opponent's hand through the public log, as a two-card
    hidden Markov chain: a fresh card (a deal, a draw after a Prince or a
    King trade) follows the cards the seat had not seen at that time; at each
    turn the opponent held its old card and a drawn one, played ``y`` and kept
    the other, which is weighted by how likely it was to play ``y`` from that
    hand -- with probability ``model`` it plays like :func:`_sensible_play`
    (keeps the higher card, never throws the Princess, plays a Spy first,
    looks with a Priest before guessing...), otherwise either card at random.
    The Countess rule is certain: a player who played a King or a Prince does
    not hold her.  Guards that missed and Barons rule cards out as they
    happen.  The result is restricted to what the seat's knowledge allows.
    Also returns each player's last play that still bears on its hand
    (``-1``: none).
    """
    r = view.game._rules
    ed = view.game.edition
    n = view.game.num_players
    nv = len(ed.counts)
    belief: dict[int, list[float] | None] = {o: None for o in range(n) if o != me}  # None: fresh card
    chancellor: dict[int, list[float]] = {}  # opponents choosing what to keep after a Chancellor
    value = ed.value
    tag = f"p{me}"

    # A card still held now is one the seat has not seen now: the current unseen counts are the
    # prior of every held card, past ones included (a played card had one more copy unseen).
    unseen = [0] * nv
    for c, k in know.unseen.items():
        unseen[int(c)] = k
    total = sum(unseen) or 1
    prior = [k / total for k in unseen]

    def onehot(v: int) -> list[float]:
        out = [0.0] * nv
        out[v] = 1.0
        return out

    def rule_out(o: int, keep: Any) -> None:
        bel = [w if keep(x) else 0.0 for x, w in enumerate(belief[o] or prior)]
        mass = sum(bel)
        belief[o] = [w / mass for w in bel] if mass > 0 else None

    log = view.observation()["log"]
    for i, line in enumerate(log):
        words = line.split()
        if not words:
            continue
        head = words[0]
        if head == "Baron:" and len(words) >= 7:
            a, b = int(words[1][1:]), int(words[4][1:])
            other, card = (b, words[6]) if a == me else (a, words[3].rstrip(","))
            if other in belief:
                belief[other] = onehot(value(card.upper()))
            continue
        if head == "King:" and len(words) >= 8:
            a, b = int(words[1][1:]), int(words[5][1:])
            if me in (a, b):  # the other player now holds the card the seat gave
                other, gave = (b, words[3]) if a == me else (a, words[7])
                belief[other] = onehot(value(gave.upper()))
            continue
        if len(words) < 3 or not head.startswith("p") or not head[1:].isdigit():
            continue
        s = int(head[1:])
        verb = words[1]
        if s == me and verb == "sees":
            belief[int(words[2][1:])] = onehot(value(words[4].upper()))
        if verb == "plays":
            y = value(words[2].upper())
            t = int(words[4][1:]) if len(words) >= 5 and words[3] == "on" else None
            nxt = log[i + 1].split() if i + 1 < len(log) else []
            if s in belief:
                if y == r.KING:
                    belief[s] = None
                elif y == r.CHANCELLOR:
                    chancellor[s] = belief[s] or prior  # the keep is read at "puts ... under the deck"
                else:
                    old = belief[s]
                    old = prior if old is None else [_MIX * a + (1 - _MIX) * b for a, b in zip(old, prior)]
                    drawn_y = (unseen[y] + 1) / (total + 1)
                    new = [_play_likelihood(r, x, y, unseen, model) * (old[x] * drawn_y + old[y] * prior[x])
                           for x in range(nv)]
                    mass = sum(new)
                    belief[s] = [w / mass for w in new] if mass > 0 else None
            if y == r.GUARD and t in belief and len(words) >= 7 \
                    and not (nxt[:1] == [f"p{t}"] and nxt[1:3] == ["is", "out"]):
                g = value(words[6].upper())
                rule_out(t, lambda x, g=g: x != g)
            if y == r.BARON and t is not None and nxt[1:3] == ["is", "out"] and len(nxt) >= 6:
                loser, shown = int(nxt[0][1:]), value(nxt[5].upper())
                winner = t if loser == s else s
                if winner in belief:
                    rule_out(winner, lambda x, v=shown: x > v)
            if t in belief and y in (r.PRINCE, r.KING) and (t != s or y == r.PRINCE):
                belief[t] = None
        elif verb == "puts" and s in chancellor:
            # A sensible player keeps the best of its old card and the ``k`` it drew.
            belief[s] = _keep_best(chancellor.pop(s), prior, int(words[2]), model)
        elif verb == "is" and words[2] == "dealt" and s in belief:
            belief[s] = None
    out: dict[int, list[float]] = {}
    for o, bel in belief.items():
        if not know.alive[o] or know.known[o] or know.unknown[o] != 1:
            continue
        allow = know.allowed[o]
        bel = bel or prior
        vec = [w if unseen[x] and (allow is None or ed.card(x) in allow) else 0.0 for x, w in enumerate(bel)]
        mass = sum(vec)
        if mass > 0:
            out[o] = [w / mass for w in vec]
    return out


def _condition(det: LoveLetterState, o: int, x: int, me: int, rng: random.Random) -> None:
    """Make opponent ``o`` hold card ``x`` in the determinization ``det``.

    Its card is swapped with a random copy of ``x`` from a place the seat
    cannot see (the deck, the set-aside card, a card another player put under
    the deck).  For a uniformly dealt ``det`` the result is uniformly dealt
    given that ``o`` holds ``x``.  Nothing changes when no such copy exists.
    """
    z = det._hands[o][0]
    if z == x:
        return
    pool = det._pool
    under = [i for i, (v, placer) in enumerate(det._bottom) if v == x and placer != me]
    aside = 1 if det._setaside == x else 0
    total = pool[x] + aside + len(under)
    if not total:
        return
    pick = rng.randrange(total)
    if pick < pool[x]:
        pool[x] -= 1
        pool[z] += 1
    elif pick < pool[x] + aside:
        det._setaside = z
    else:
        i = under[pick - pool[x] - aside]
        det._bottom[i] = (z, det._bottom[i][1])
    det._hands[o][0] = x


class _Model:
    """The searcher's model of a sensible opponent, frozen at the root for fast belief updates.

    ``lik[y][x]`` is how likely a player holding ``x`` and ``y`` plays ``y``
    (:func:`_play_likelihood`); ``prior`` the unseen counts, normalised.
    """

    __slots__ = ("lik", "prior", "chancellor", "mix", "nv")

    def __init__(self, r: Any, unseen: Sequence[int], model: float) -> None:
        nv = len(unseen)
        total = sum(unseen) or 1
        self.nv = nv
        self.prior = [k / total for k in unseen]
        self.lik = [[_play_likelihood(r, x, y, unseen, model) for x in range(nv)] for y in range(nv)]
        self.chancellor = r.CHANCELLOR
        self.mix = _MIX

    def after_play(self, old: list[float] | None, y: int) -> list[float] | None:
        """The belief about a player's kept card after it played ``y``."""
        prior = self.prior
        if y == self.chancellor:
            return _keep_best(old or prior, prior, 2, 1.0)
        if old is None:
            old = prior
        else:
            mix = self.mix
            old = [mix * a + (1 - mix) * b for a, b in zip(old, prior)]
        py, oy, lik = prior[y], old[y], self.lik[y]
        new = [lik[x] * (old[x] * py + oy * prior[x]) for x in range(self.nv)]
        mass = sum(new)
        return [w / mass for w in new] if mass > 0 else None

    def rule_out(self, old: list[float] | None, g: int) -> list[float] | None:
        """The belief after a Guard naming ``g`` missed."""
        bel = list(old or self.prior)
        bel[g] = 0.0
        mass = sum(bel)
        return [w / mass for w in bel] if mass > 0 else None


def _keep_best(old: Sequence[float], prior: Sequence[float], k: int, model: float) -> list[float] | None:
    """Belief about the card kept after a Chancellor: the best of the old card and ``k`` drawn ones
    (with probability ``model``; else any of them)."""
    f_old = f_new = 0.0
    keep = []
    for x in range(len(prior)):
        g_old, g_new = f_old + old[x], f_new + prior[x]
        best = g_old * g_new ** k - f_old * f_new ** k
        keep.append(model * best + (1 - model) * (old[x] + k * prior[x]) / (k + 1))
        f_old, f_new = g_old, g_new
    mass = sum(keep)
    return [w / mass for w in keep] if mass > 0 else None


def _known_at_root(view: Any, me: int, know: Knowledge, n: int) -> list[int]:
    """The simulation memory at the root: what the seat knows of each hand, and who saw its card."""
    known = [-1] * (n * n)
    for o, cards in know.known.items():
        if len(cards) == 1 and not know.unknown[o]:
            known[me * n + o] = int(cards[0])
    if len(know.hand) == 2:
        _, exposed = _exposure(view.observation()["log"], me, view.game.edition, n)
        for o in exposed:
            known[o * n + me] = int(know.hand[0])
    return known


def _not_suicidal(legal: Sequence[Any], know: Knowledge, me: int) -> list[Any]:
    """``legal`` without the plays that knock the player itself out: the Princess, a Prince on
    itself while holding her (empty when nothing else is legal)."""
    if not any(c.name == "PRINCESS" for c in know.hand):
        return list(legal)
    return [a for a in legal if not (a.__class__ is Play and (a.card.name == "PRINCESS"
                                                               or (a.card.name == "PRINCE" and a.target == me)))]


def _best_guesses(legal: Sequence[Any], marg: dict[int, dict[Any, float]]) -> list[Any]:
    """``legal`` with each Guard play kept only when its named card is (one of) the most likely.

    Naming a less likely card is dominated: a hit knocks the target out
    whatever the card, and a miss tells everyone as little.
    """
    best: dict[int, float] = {}
    for a in legal:
        if a.__class__ is Play and a.guess is not None:
            q = marg.get(a.target, {}).get(a.guess, 0.0)
            if q > best.get(a.target, -1.0):
                best[a.target] = q
    return [a for a in legal if a.__class__ is not Play or a.guess is None
            or marg.get(a.target, {}).get(a.guess, 0.0) >= best[a.target] - 1e-12]


# Guard plays with a target but no named card: tree keys for "a Guard on that player",
# the card named being left to the playout policy.
_GUARD_KEYS: set[Play] = set()
_KEY_OF: dict[Any, Any] = {}  # action -> its tree key


def _guessless(acts: Sequence[Any]) -> list[Any]:
    """Tree keys of ``acts``: a Guard play on a player is keyed without its named card."""
    out: list[Any] = []
    get = _KEY_OF.get
    for a in acts:
        key = get(a)
        if key is None:
            key = a
            if a.__class__ is Play and a.guess is not None:
                key = Play(a.card, a.target)
                _GUARD_KEYS.add(key)
            _KEY_OF[a] = key
        if key is a:
            out.append(a)
        elif not out or out[-1] is not key:  # a Guard's plays on one target are listed together
            out.append(key)
    return out


_PLAYS: dict[tuple, Play] = {}


def _unseen_by_mover(state: LoveLetterState) -> list[int]:
    """Copies of each card the player to move cannot see (public cards and its hand removed)."""
    unseen = list(state._r.ed.counts)
    for d in state._discards:
        for x in d:
            unseen[x] -= 1
    for x in state._faceup:
        unseen[x] -= 1
    for x in state._hands[state._cur]:
        unseen[x] -= 1
    return unseen


def _play(r: Any, card: int, target: int | None, guess: int | None = None) -> Play:
    key = (r.ed.name, card, target, guess)
    a = _PLAYS.get(key)
    if a is None:
        a = _PLAYS[key] = Play(r.card[card], target, None if guess is None else r.card[guess])
    return a


class _Memory:
    """What each simulated player has seen of the others' hands, during one simulation.

    ``known[i * n + j]`` is the card player ``i`` knows player ``j`` holds
    (from a Priest, a Baron tie or a King trade), ``-1`` when it knows none.
    ``bel[o]`` is the searcher's belief about opponent ``o``'s card (``None``:
    the unseen counts), updated with ``model`` (a :class:`_Model`) as ``o``
    plays.  The rule-based playout policy (:meth:`policy`) reads them, so a
    Priest's look pays off later in the simulation as it does in real play,
    and the searcher's Guards guess as well there as at the root.
    """

    __slots__ = ("n", "known", "eps", "searcher", "bel", "model")

    def __init__(self, n: int, known: list[int], eps: float, searcher: int = -1,
                 bel: list[list[float] | None] | None = None, model: "_Model | None" = None) -> None:
        self.n = n
        self.known = known
        self.eps = eps
        self.searcher = searcher
        self.bel = [None] * n if bel is None else bel
        self.model = model

    def copy(self) -> "_Memory":
        return _Memory(self.n, self.known[:], self.eps, self.searcher, self.bel[:], self.model)

    def apply(self, state: LoveLetterState, a: Any) -> None:
        """Apply decision ``a`` to ``state`` and update who knows what."""
        n, known = self.n, self.known
        me = state._cur
        if a.__class__ is not Play:
            state._do_keep(a)
            return
        r = state._r
        c = int(a.card)
        for i in range(me, n * n, n):  # everyone who knew the played card no longer knows our hand
            if known[i] == c:
                known[i] = -1
        t = a.target
        model, bel = self.model, self.bel
        searcher = self.searcher
        if model is not None and me != searcher:
            bel[me] = model.after_play(bel[me], c)
        state._do_play(a)
        if t is None:
            if c == r.CHANCELLOR:
                for i in range(me, n * n, n):
                    known[i] = -1
            return
        if c == r.PRIEST:
            known[me * n + t] = state._hands[t][0]
        elif c == r.PRINCE:
            bel[t] = None
            for i in range(t, n * n, n):
                known[i] = -1
        elif c == r.KING:
            bel[me] = bel[t] = None
            known[me * n + t] = state._hands[t][0]
            known[t * n + me] = state._hands[me][0]
        elif c == r.BARON and state._alive[me] and state._alive[t]:
            known[me * n + t] = state._hands[t][0]
            known[t * n + me] = state._hands[me][0]
        elif c == r.GUARD and me == searcher and model is not None and state._alive[t]:
            bel[t] = model.rule_out(bel[t], int(a.guess))

    def policy(self, state: LoveLetterState, rng: random.Random) -> Any:
        """Rules of thumb for the player to move, from its hand, the public cards and its memory.

        Never throws the Princess away; knocks out a player whose card it
        knows (Guard, or a Baron it wins); plays away a card someone has seen;
        plays a Spy first; a Baron only when the other card beats most unseen
        cards; else a Guard, else the lower card.  A Guard names the most
        common unseen card.  With probability ``eps``: any legal action but
        the Princess.
        """
        r = state._r
        rand = rng.random
        me = state._cur
        hand = state._hands[me]
        princess = r.PRINCESS
        if state._phase == CH_KEEP:
            acts = r.keeps_for(hand)
            best = max(hand)
            acts = [a for a in acts if int(a.card) == best] or acts
            return acts[int(rand() * len(acts))]
        acts = state._legal_plays()
        if len(acts) == 1:
            return acts[0]
        x, y = hand
        if rand() < self.eps:
            a = acts[int(rand() * len(acts))]
            c = int(a.card)
            if c != princess and not (c == r.PRINCE and a.target == me and princess in hand):
                return a
        n, known = self.n, self.known
        targets = [t for t in range(n) if t != me and state._alive[t] and not state._prot[t]]
        guard, baron = r.GUARD, r.BARON
        if targets:
            if guard in hand:
                for t in targets:
                    k = known[me * n + t]
                    if k >= 0 and k != guard:
                        return _play(r, guard, t, k)
            if baron in hand:
                other = y if x == baron else x
                for t in targets:
                    k = known[me * n + t]
                    if 0 <= k < other:
                        return _play(r, baron, t)
        if x == y:
            c = x
        else:
            lo, hi = (x, y) if x < y else (y, x)
            seen_by = [i for i in range(n) if i != me and state._alive[i] and known[i * n + me] == x]
            if hi == princess:
                c = lo
            elif seen_by and x != princess and (x != r.COUNTESS or y not in (r.KING, r.PRINCE)):
                c = x  # someone knows our old card: play it away
            elif lo == r.SPY:
                c = lo
            elif lo == guard and hi == r.PRIEST and any(known[me * n + t] < 0 for t in targets):
                c = hi  # look first, then guess for sure
            elif lo == baron or hi == baron:
                other = hi if lo == baron else lo
                unseen = _unseen_by_mover(state)
                c = baron if sum(unseen[:other]) > sum(unseen[other + 1:]) else other
            else:
                c = lo
        mine = [a for a in acts if int(a.card) == c] or acts
        if len(mine) == 1:
            return mine[0]
        c = int(mine[0].card)
        if c == guard:
            return self.guess(state, targets[int(rand() * len(targets))], rand)
        if c == r.PRINCE:
            best_t, best_k = -1, r.COUNTESS - 1
            for t in targets:
                k = known[me * n + t]
                if k > best_k:
                    best_t, best_k = t, k
            if best_t >= 0:
                return _play(r, c, best_t)
            others = [a for a in mine if a.target != me]
            if others and (princess in hand or rand() < 0.9):
                mine = others
        return mine[int(rand() * len(mine))]

    def guess(self, state: LoveLetterState, t: int, rand: Any) -> Play:
        """The Guard play of the player to move on ``t``: the card it knows ``t`` holds, else the
        most common card it has not seen (the searcher weighs them by its belief about ``t``)."""
        r = state._r
        me = state._cur
        guard = r.GUARD
        k = self.known[me * self.n + t]
        if k >= 0 and k != guard:
            return _play(r, guard, t, k)
        unseen = _unseen_by_mover(state)
        bel = self.bel[t] if me == self.searcher else None
        if bel is not None:
            weights = [w if k > 0 and g != guard else 0.0 for g, (w, k) in enumerate(zip(bel, unseen))]
        else:
            weights = [0 if g == guard else k for g, k in enumerate(unseen)]
        top = max(weights)
        names = [g for g, w in enumerate(weights) if w == top and w > 0]
        return _play(r, guard, t, names[int(rand() * len(names))] if names else r.PRINCESS)

    def playout(self, state: LoveLetterState, rng: random.Random) -> LoveLetterState:
        """Finish ``state`` in place: :meth:`policy` for every player, random draws."""
        deal = state._deal
        pool = [v for v, c in enumerate(state._pool) for _ in range(c)]
        pop = pool.pop
        rand = rng.random
        policy, apply = self.policy, self.apply
        while True:
            ph = state._phase
            if ph == PLAY or ph == CH_KEEP:
                apply(state, policy(state, rng))
            elif ph == OVER:
                return state
            elif state._pool_n:
                deal(pop(int(rand() * len(pool))))
            elif state._bottom:
                deal(state._bottom[0][0])
            else:
                deal(state._setaside)

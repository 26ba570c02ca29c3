"""A card-counting Love Letter bot built from rules of thumb (:class:`HeuristicBot`).

It reads the seat's view only: its observation (the seat's events), its
:class:`~kit.loveletter.Knowledge` and the marginals of
:func:`~kit.loveletter.knowledge.posterior_marginals`.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.seeding import make_rng
from ...i18n import N_
from ..actions import Keep, Play
from ..knowledge import Knowledge, posterior_marginals
from .beliefs import exposure
from .view import seat_view

__all__ = ["HeuristicBot"]


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
    #: How a setup form names this kind of seat (a message id, translated where it is shown).
    label = N_("heuristic bot")

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
        p.drawn, exposed = exposure(obs["log"], me, ed, p.n)
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

"""Information-set Monte Carlo tree search for Love Letter (:class:`ISMCTSBot`).

The search draws determinizations from what the seat knows
(``view.resample``), reads the opponents' plays with :mod:`.beliefs`, and
finishes each simulation with :func:`kit.loveletter.fast.playout` (uniform
moves, or the rule-based policy of :class:`_Memory`).  Inside a simulation it
works on its own determinized copy of the round, through the engine's fast
path.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from typing import Any, Sequence

from ...core.protocol import CHANCE
from ...core.seeding import make_rng, sample_outcome
from ...i18n import N_
from ..actions import Play
from ..events import revealed
from ..fast import playout as fast_playout
from ..knowledge import Knowledge, posterior_marginals
from ..state import CH_KEEP, LoveLetterState
from .beliefs import _Model, exposure, play_beliefs
from .view import seat_view

__all__ = ["ISMCTSBot"]

_EPS = 0.1  # the playout policy's share of uniformly random moves


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
    its hand through the seat's events as a two-card hidden Markov chain.  A
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
    #: How a setup form names this kind of seat (a message id, translated where it is shown).
    label = N_("ISMCTS bot (searches)")

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
        beliefs = play_beliefs(view, player, know, self.model) if self.model > 0 else {}
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
                    fast_playout(det, rng, decide=mem.decide)
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


def _known_at_root(view: Any, me: int, know: Knowledge, n: int) -> list[int]:
    """The simulation memory at the root: what the seat knows of each hand, and who saw its card."""
    known = [-1] * (n * n)
    for o, cards in know.known.items():
        if len(cards) == 1 and not know.unknown[o]:
            known[me * n + o] = int(cards[0])
    if len(know.hand) == 2:
        _, exposed = exposure(view.observation()["log"], me, view.game.edition, n)
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
    (what a Priest, a Baron or a King showed it: the simulation's own event
    records read by :func:`kit.loveletter.events.revealed`, the one rule of
    who sees what), ``-1`` when it knows none.
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
        log = state._log
        k = len(log)
        state._do_play(a)
        if t is None:
            if c == r.CHANCELLOR:
                for i in range(me, n * n, n):
                    known[i] = -1
            return
        if c == r.PRIEST or c == r.BARON or c == r.KING:  # what the card showed, and to whom
            for e in log[k:]:
                for seer, holder, card in revealed(e, n):
                    known[seer * n + holder] = card
        if c == r.PRINCE:
            bel[t] = None
            for i in range(t, n * n, n):
                known[i] = -1
        elif c == r.KING:
            bel[me] = bel[t] = None
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
            elif seen_by and x != princess and r.forced[x][y] in (None, x):
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

    def decide(self, state: LoveLetterState, rng: random.Random) -> None:
        """Make the decision of the player to move by :meth:`policy` (the hook of
        :func:`kit.loveletter.fast.playout` for policy playouts)."""
        self.apply(state, self.policy(state, rng))

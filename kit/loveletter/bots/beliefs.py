"""What a Love Letter bot believes about the other players, from the seat's events alone.

* :func:`exposure` -- who has seen the seat's own card, and the card it just drew;
* :func:`play_beliefs` -- a distribution over each opponent's unknown card, reading
  its plays as those of a *sensible* player (a two-card hidden Markov chain);
* :class:`_Model` -- the same model, frozen at a search's root for fast updates
  while simulated opponents play.

Everything here reads the seat's events (``view.observation()["log"]``, the
dicts of :func:`kit.loveletter.events.visible_events`) and its
:class:`~kit.loveletter.Knowledge`: nothing hidden.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..knowledge import Knowledge

__all__ = ["exposure", "play_beliefs"]

_MIX = 0.7  # weight of the previous belief about a kept card (0: forget it each turn)


#: Event kinds told about one seat (its deal, draw, play, peek, discard, going out, return,
#: protection, a hand shown), by the event's ``seat``.
_SEAT_KINDS = frozenset({"deal", "draw", "play", "peek", "discard", "out", "return", "protected", "reveal"})
_NOTHING = {"kind": None}  # "no next event"


def exposure(events: Sequence[Mapping[str, Any]], me: int, ed: Any, n: int) -> tuple[int | None, set[int]]:
    """From the seat's events: the card it drew last, and who has seen the card it held before.

    Returns ``(drawn, seen_by)``: ``drawn`` the value of the card drawn this
    turn (``None`` before any, or once played), ``seen_by`` the seats that
    know the card held since before this turn (a Priest on it, a Baron, a
    King trade, a described position that shows it to all).

    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2, edition="classic").new_initial_state()
    >>> for a in ["deal Princess", "deal Guard", "deal Guard", "deal Guard",
    ...           "deal Priest", "deal Baron", "deal Prince", "Priest p1", "deal Guard"]:
    ...     s.apply_action(a)
    >>> exposure(s.observation(1)["log"], 1, s.game.edition, 2)    # p1 drew a Guard; p0 saw its Baron
    (1, {0})
    """
    seen: set[int] = set()
    drawn: int | None = None
    replacing = False  # the next draw replaces a card a Prince made us discard
    chancellor = False
    value = ed.value
    for e in events:
        kind = e["kind"]
        if kind in _SEAT_KINDS and e["seat"] == me:
            if kind == "deal":
                seen = set()
            elif kind == "draw":
                v = value(e["card"].upper())
                if replacing:
                    seen, replacing = set(), False
                elif not chancellor:
                    drawn = v
            elif kind == "play":
                played = value(e["card"].upper())
                if drawn is not None and played != drawn:
                    seen = set()  # the old card went; the kept card is the one just drawn
                drawn = None
                chancellor = played == value("CHANCELLOR")
            elif kind == "discard":
                replacing = True
            elif kind == "return":
                seen, chancellor = set(), False
            elif kind == "reveal":  # a described position: this hand is known to all
                seen = set(range(n)) - {me}
            continue
        if kind == "play" and e["card"] == "Priest" and e["target"] == me:
            seen.add(e["seat"])
        elif kind == "baron":
            a, b = e["seat"], e["target"]
            if me in (a, b):
                seen.add(b if a == me else a)
        elif kind == "trade":
            a, b = e["seat"], e["target"]
            if me in (a, b):
                seen = {b if a == me else a}
        elif kind == "out":
            seen.discard(e["seat"])
        chancellor = False
    return drawn, seen


def _sensible_play(r: Any, x: int, y: int, unseen: Sequence[int]) -> int:
    """The card a sensible player holding ``x`` and ``y`` plays (the model of :func:`play_beliefs`)."""
    if x == y:
        return x
    forced = r.forced[x][y]  # the rules' own answer (the Countess rule)
    if forced is not None:
        return forced
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
    if r.forced[x][y] not in (None, y):
        return 0.0  # the rules made that hand play the other card (the Countess rule)
    if x == y:
        return 1.0
    return model * (_sensible_play(r, x, y, unseen) == y) + (1 - model) * 0.5


def play_beliefs(view: Any, me: int, know: Knowledge, model: float) -> dict[int, list[float]]:
    """For each opponent whose card the seat does not know: a distribution over that card.

    Follows each opponent's hand through the seat's events, as a two-card
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

    >>> from kit.core import PlayerView
    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2).new_initial_state()
    >>> for a in ["deal Spy", "deal Guard", "deal Guard", "deal Baron", "deal Priest", "deal Countess",
    ...           "deal Handmaid", "Handmaid", "deal Prince", "Countess", "deal Guard"]:
    ...     s.apply_action(a)
    >>> view = PlayerView(s, 0)
    >>> belief = play_beliefs(view, 0, view.knowledge(), 0.85)[1]   # p1 played a Countess it had to play?
    >>> round(sum(belief[v] for v in (5, 7, 9)), 2)                 # most likely it holds a Prince, King, Princess
    0.83
    """
    r = view.game._rules
    ed = view.game.edition
    n = view.game.num_players
    nv = len(ed.counts)
    belief: dict[int, list[float] | None] = {o: None for o in range(n) if o != me}  # None: fresh card
    chancellor: dict[int, list[float]] = {}  # opponents choosing what to keep after a Chancellor
    value = ed.value

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

    events = view.observation()["log"]
    for i, e in enumerate(events):
        kind = e["kind"]
        if kind == "baron":
            a, b = e["seat"], e["target"]
            other, card = (b, e["target_card"]) if a == me else (a, e["seat_card"])
            if other in belief:
                belief[other] = onehot(value(card.upper()))
            continue
        if kind == "trade":
            a, b = e["seat"], e["target"]
            if me in (a, b):  # the other player now holds the card the seat gave
                other, gave = (b, e["gave"]) if a == me else (a, e["got"])
                belief[other] = onehot(value(gave.upper()))
            continue
        if kind not in _SEAT_KINDS:
            continue
        s = e["seat"]
        if s == me and kind == "peek":
            belief[e["target"]] = onehot(value(e["card"].upper()))
        if kind == "play":
            y = value(e["card"].upper())
            t = e["target"]
            nxt = events[i + 1] if i + 1 < len(events) else _NOTHING
            if s in belief:
                if y == r.KING:
                    belief[s] = None
                elif y == r.CHANCELLOR:
                    chancellor[s] = belief[s] or prior  # the keep is read at its "return" event
                else:
                    old = belief[s]
                    old = prior if old is None else [_MIX * a + (1 - _MIX) * b for a, b in zip(old, prior)]
                    drawn_y = (unseen[y] + 1) / (total + 1)
                    new = [_play_likelihood(r, x, y, unseen, model) * (old[x] * drawn_y + old[y] * prior[x])
                           for x in range(nv)]
                    mass = sum(new)
                    belief[s] = [w / mass for w in new] if mass > 0 else None
            if y == r.GUARD and t in belief and e["guess"] is not None \
                    and not (nxt["kind"] == "out" and nxt["seat"] == t):
                g = value(e["guess"].upper())
                rule_out(t, lambda x, g=g: x != g)
            if y == r.BARON and t is not None and nxt["kind"] == "out" and nxt["cards"]:
                loser, shown = nxt["seat"], value(nxt["cards"][0].upper())
                winner = t if loser == s else s
                if winner in belief:
                    rule_out(winner, lambda x, v=shown: x > v)
            if t in belief and y in (r.PRINCE, r.KING) and (t != s or y == r.PRINCE):
                belief[t] = None
        elif kind == "return" and s in chancellor:
            # A sensible player keeps the best of its old card and the ``k`` it drew.
            belief[s] = _keep_best(chancellor.pop(s), prior, e["count"], model)
        elif kind == "deal" and s in belief:
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

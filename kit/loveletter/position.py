"""Described positions: small two-player Love Letter endgames, for game trees.

:func:`endgame` builds a round state late in play from a description
(through the public constructor :meth:`LoveLetterState.described`):
the edition, whose turn it is (before their draw), the three face-up cards,
what each player has played so far, how many cards are left in the deck, and
each player's hand **either as a card both players know** (a Priest peek, a
King trade) **or as unknown** (``None``: only its holder sees it).

The state starts with chance steps that deal every unseen card uniformly
among the places nobody can see: first each unknown hand, then the face-down
set-aside card; the rest stays in the deck, drawn at random later.  So the
root of :func:`kit.trees.build_tree` is a chance node, and each player's
information sets group the deals they cannot tell apart.

Why a hand is "known to both" or "unknown", and nothing in between: in a
game tree the only cards that may be fixed are cards every player knows;
a card one player does not know must be dealt by chance, or the tree would
let that player plan as if they knew it.

:func:`position` is the same function by the name every game package gives
it (docs/architecture.md).  :data:`GALLERY` holds named teaching positions from tiny (4 unseen cards)
to large (7 unseen cards); ``endgame("princess-hunt")`` builds one.

Examples
--------
>>> s = endgame("princess-hunt")
>>> s.current_player(), s.phase          # chance deals the unseen cards first
(-1, 'deal')
>>> sorted(str(c) for c, n in s.deck().items() for _ in range(n))   # the five unseen cards
['Countess', 'Guard', 'Prince', 'Prince', 'Princess']
>>> for a in ["deal Guard", "deal Princess", "deal Countess"]:   # p0, p1, set aside
...     s.apply_action(a)
>>> s.deck_size(), s.phase, s.information_state(0).split("|")[-2:]
(2, 'draw', ['p1 is dealt ?', 'a card is set aside face down'])
>>> s2 = endgame(edition="classic", to_move=0, face_up=["Guard", "Priest", "Handmaid"],
...              played=[["Guard", "Baron", "Handmaid", "King"], ["Guard", "Priest", "Baron", "Guard"]],
...              hands=[None, None], deck=2)
>>> s2.to_json() == endgame("princess-hunt").to_json()
True
"""

from __future__ import annotations

from typing import Any, Sequence

from ..core.errors import KitError
from ..core.validate import sequence
from ..i18n import N_
from .game import LoveLetter
from .state import LoveLetterState

__all__ = ["endgame", "position", "GALLERY", "describe"]

#: Named positions: keyword arguments of :func:`endgame` plus a ``about`` line (a message: shown translated).
GALLERY: dict[str, dict[str, Any]] = {
    "princess-hunt": dict(
        about=N_("Classic. Two cards left in the deck; five unseen cards: Guard, two Princes, Countess, "
                 "Princess. Each player draws once more: hunt the Princess, or keep a high card?"),
        edition="classic", to_move=0, face_up=["Guard", "Priest", "Handmaid"],
        played=[["Guard", "Baron", "Handmaid", "King"], ["Guard", "Priest", "Baron", "Guard"]],
        hands=[None, None], deck=2),
    "known-baron": dict(
        about=N_("Classic. p0's Priest saw p1's Baron, so both know it. Two cards in the deck, "
                 "four unseen: Guard, Handmaid, Countess, Princess."),
        edition="classic", to_move=0, face_up=["Guard", "Guard", "Priest"],
        played=[["Priest", "Guard", "Prince", "King"], ["Handmaid", "Guard", "Prince", "Baron"]],
        hands=[None, "Baron"], deck=2),
    "guard-duel": dict(
        about=N_("Classic. Two cards in the deck, five unseen cards with two Guards among them: "
                 "who guesses first, and what?"),
        edition="classic", to_move=1, face_up=["Priest", "Baron", "Handmaid"],
        played=[["Guard", "Prince", "Priest", "Baron"], ["Guard", "Guard", "King", "Handmaid"]],
        hands=[None, None], deck=2),
    "spy-race": dict(
        about=N_("2019. Both Spies unseen with the Chancellor: three cards in the deck, six unseen cards."),
        edition="2019", to_move=0, face_up=["Guard", "Guard", "Priest"],
        played=[["Baron", "Handmaid", "Prince", "Guard", "Countess", "King"],
                ["Guard", "Guard", "Priest", "Baron", "Handmaid", "Prince"]],
        hands=[None, None], deck=3),
    "seven-unseen": dict(
        about=N_("Classic. All five Guards are gone: four cards in the deck and seven unseen cards "
                 "(Priest, Baron, two Handmaids, King, Countess, Princess). The largest gallery position: "
                 "about 40,000 nodes, solved exactly in seconds."),
        edition="classic", to_move=0, face_up=["Guard", "Guard", "Priest"],
        played=[["Guard", "Prince", "Baron"], ["Guard", "Guard", "Prince"]],
        hands=[None, None], deck=4),
}


def endgame(
    name: str | None = None,
    *,
    edition: str = "classic",
    to_move: int = 0,
    face_up: Sequence[str] = (),
    played: Sequence[Sequence[str]] = ((), ()),
    hands: Sequence[str | None] = (None, None),
    deck: int = 1,
    protected: Sequence[bool] = (False, False),
) -> LoveLetterState:
    """A two-player round state from a described position (or a :data:`GALLERY` name).

    Parameters
    ----------
    name
        A :data:`GALLERY` position; the other arguments are then ignored.
    edition
        ``"classic"`` or ``"2019"``.
    to_move
        The seat whose turn starts (it draws first).
    face_up
        The three face-up set-aside cards (two players).
    played
        For each seat, the cards it has played or discarded, in order.
    hands
        For each seat, its card if both players know it, else ``None``.
    deck
        Cards left in the deck (at least 1: the player to move draws).
    protected
        Seats protected by a Handmaid (the player to move's protection ends now).

    Raises
    ------
    kit.core.KitError
        When the description does not add up (too many of a card, a wrong
        count of unseen cards), or when no round reaches it, with what is
        wrong and what is allowed.  Turns alternate, so the piles' lengths
        must come from one player beginning (either may have: with equal
        piles the player to move began, with the other's pile one card
        longer the other began), one card a turn plus one for each discard a
        Prince made; only the player who moved last can be protected, and
        is protected exactly when their last card was a Handmaid they played;
        nobody played the Princess; and every card was legal when played (a
        Baron against an unprotected opponent tied, the Countess was played
        beside the King or a Prince, a Prince's target discarded the card its
        pile shows, a King trade and a Chancellor gave the hands described).
        The last rules are checked by an exact search of the engine
        (:data:`SEARCH_STEPS` steps at most: a position it cannot settle in
        time, which only early positions with most of the deck unseen need,
        is accepted).

    Examples
    --------
    >>> endgame(edition="classic", to_move=0, face_up=["Guard", "Priest", "Handmaid"],
    ...         played=[["Guard", "Baron", "Guard"], ["Guard", "Guard"]], hands=[None, None], deck=5)
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: p0 has played 3 cards and p1 2, with p0 to move: turns alternate, ...
    """
    if name is not None:
        if not isinstance(name, str) or name not in GALLERY:
            raise KitError(f"no gallery position {name!r}; choose from {sorted(GALLERY)}")
        spec = {k: v for k, v in GALLERY[name].items() if k != "about"}
        return endgame(**spec)
    if type(to_move) is not int or to_move not in (0, 1):
        raise KitError(f"to_move must be seat 0 or 1, not {to_move!r}")
    if len(sequence(face_up, "face_up", what="cards")) != 3:
        raise KitError(f"two players set three cards aside face up; got {len(face_up)}")
    state = LoveLetterState.described(LoveLetter(2, edition=edition), to_move, face_up=face_up, played=played,
                                      hands=hands, deck=deck, protected=protected)
    _refuse_unreachable(state, to_move, protected)
    return state


#: The name every game package gives its described positions (docs/architecture.md): here :func:`endgame`.
position = endgame


def describe(name: str) -> str:
    """The ``about`` line of a gallery position.

    >>> describe("known-baron").startswith("Classic.")
    True
    """
    if not isinstance(name, str) or name not in GALLERY:
        raise KitError(f"no gallery position {name!r}; choose from {sorted(GALLERY)}")
    return GALLERY[name]["about"]


# ---------------------------------------------------------------------- reachable positions
#: How many distinct steps the exact search of :func:`_refuse_unreachable` may visit before it gives up
#: (and accepts the description): enough for every endgame of the gallery and the benchmarks in well under
#: a second; only early positions of the 2019 edition, with most of the deck unseen, can need more.
SEARCH_STEPS = 40_000


def _names(ed: Any, values: Sequence[int]) -> str:
    return ", ".join(str(ed.card(v)) for v in values) or "nothing"


def _refuse_unreachable(state: LoveLetterState, to_move: int, protected: Sequence[bool]) -> None:
    """Raise a :class:`~kit.core.KitError` unless some round of the edition reaches the described position.

    The rules checked (docs/rules/loveletter.md#described-positions): turns alternate, so the piles'
    lengths must come from one player beginning, one card a turn, plus one card for each discard a Prince made; a Handmaid
    protects only until its player's next turn; and (by an exact search over every deal and choice that
    could lead to the piles, whoever began) every card was legal when played: a Baron against an
    unprotected opponent needs equal hands (else somebody is out and the round over), the Countess must
    be played beside the King or a Prince, a Guard must miss, a Prince's target discards the card its
    pile shows next, a King trade and a Chancellor leave the hands and the deck the description has.
    """
    r = state._r
    ed = r.ed
    played = [list(p) for p in state._discards]
    lengths = [len(p) for p in played]
    other = 1 - to_move
    if protected[to_move]:
        raise KitError(f"p{to_move} is to move, so p{to_move}'s Handmaid protection has ended (it lasts until the "
                       f"start of its player's next turn): only p{other}, who played last, can be protected")
    if protected[other] and (not played[other] or played[other][-1] != r.HANDMAID):
        raise KitError(f"p{other} cannot be protected: a Handmaid protects the player who played it on their last "
                       f"turn, and p{other}'s last card is {_names(ed, played[other][-1:])}; make the Handmaid "
                       f"p{other}'s last played card, or leave p{other} unprotected")
    last = played[other][-2:]
    if not protected[other] and last[-1:] == [r.HANDMAID] and last[:1] != [r.PRINCE]:
        raise KitError(f"p{other}'s last card is a Handmaid, played on p{other}'s last turn (only a Prince p{other} "
                       f"played on itself just before could have discarded it), so p{other} is protected until "
                       f"the start of its next turn: describe p{other} as protected")
    firsts = _possible_first_players(lengths, sum(p.count(r.PRINCE) for p in played), to_move)
    if not firsts:
        princes = sum(p.count(r.PRINCE) for p in played)
        raise KitError(
            f"p0 has played {lengths[0]} cards and p1 {lengths[1]}, with p{to_move} to move: turns alternate, so "
            f"before p{to_move}'s turn both players have had as many turns (p{to_move} began) or p{other} has had "
            f"one more (p{other} began); each turn adds one card to its player's pile, and each Prince played "
            f"adds one more to its target's ({princes} Prince{'s' if princes != 1 else ''} in these piles). "
            f"Give p{to_move} as many cards as p{other}, or one card fewer, or move the other player")
    hands = [h[0] if h else None for h in state._hands]
    verdict, furthest = _search(state.game, to_move, list(state._faceup), played, hands, list(protected), firsts)
    if verdict is False:
        upto = " and ".join(f"p{s}'s first {k} card{'s' if k != 1 else ''}" for s, k in enumerate(furthest))
        raise KitError(
            f"no {ed.name} round reaches this position: whoever began, play can follow these piles only up to "
            f"{upto}, never to p{to_move}'s turn with the hands and protection described. Every card must be legal "
            f"when played: a Baron against an unprotected opponent needs equal hands (else one player is out), the "
            f"Countess must be played beside the King or a Prince, a Prince's target discards the next card of "
            f"its pile, and a King trade gives each player the other's card. Change the order of the piles or "
            f"the known hands")


def _possible_first_players(lengths: Sequence[int], princes: int, to_move: int) -> list[int]:
    """The seats that may have begun, by the piles' lengths alone.

    Each turn adds one card to its player's pile; each Prince played as a turn adds one more (its
    target's discard), and each Prince in a pile was played as a turn or discarded by another Prince,
    so the discards ``d`` number from half the Princes to all of them.

    >>> _possible_first_players([3, 2], 0, 0), _possible_first_players([2, 2], 0, 0)
    ([], [0])
    >>> _possible_first_players([3, 2], 1, 0)       # a Prince made p0 discard once
    [0]
    """
    out = []
    for first in (to_move, 1 - to_move):
        ahead = 0 if first == to_move else 1  # turns the first player has had more than the other
        for d0 in range(princes + 1):
            for d1 in range(princes + 1 - d0):
                if 2 * (d0 + d1) < princes:
                    continue
                t = [lengths[0] - d0, lengths[1] - d1]
                if min(t) >= 0 and t[first] - t[1 - first] == ahead and first not in out:
                    out.append(first)
    return out


def _search(game: Any, to_move: int, face_up: list[int], played: list[list[int]], hands: list[int | None],
            protected: list[bool], firsts: Sequence[int]) -> tuple[bool | None, tuple[int, ...]]:
    """Does some round reach the position?  ``(True, _)``, ``(False, furthest piles followed)``, or
    ``(None, _)`` when :data:`SEARCH_STEPS` ran out first.

    A depth-first search of the engine itself (every rule stays in :mod:`.state`): from a fresh round
    of each possible first player, the chance steps deal only what the description can still use, and
    each turn plays only the next card of its player's pile; a step that puts somebody out, or makes a
    pile differ from the description, ends its branch.  Steps already seen are not searched again.

    The face-down set-aside card is never drawn while the deck lasts, so it is any card of the shuffled
    part of the deck: the search leaves it there (one card more in the engine's pool) and sets it aside
    only when that matters, when one unordered card is left, or when a Chancellor meets a one-card deck.
    """
    from .state import CH_DRAW, CH_KEEP, DEAL, DRAW, FACE_UP, OVER, PLAY  # the engine's phases (package-private)

    r = game._rules
    lengths = [len(p) for p in played]
    kinds = len(r.counts)
    unknown = sum(h is None for h in hands)
    seen: set[tuple] = set()
    furthest = [(-1, (0, 0))]

    def still_possible(s: LoveLetterState) -> bool:
        if s._phase == OVER or not all(s._alive):
            return False
        need = [0] * kinds  # cards the description still needs, against the cards not yet placed
        for v in face_up:
            need[v] += 1
        for v in s._faceup:
            need[v] -= 1
        for seat in (0, 1):
            d = s._discards[seat]
            if len(d) > lengths[seat] or d != played[seat][:len(d)]:
                return False
            for v in played[seat][len(d):]:
                need[v] += 1
        for h in hands:
            if h is not None:
                need[h] += 1
        have = list(s._pool)
        for c, _placer in s._bottom:
            have[c] += 1
        for hand in s._hands:
            for c in hand:
                have[c] += 1
        if not all(h >= k for h, k in zip(have, need)):
            return False
        # A card in a hand is played later (a slot of a pile), or held to the end (a final hand), or put
        # under the deck by a Chancellor still to come (two each): the cards beyond the piles and the known
        # hands are at most the unknown hands plus those.
        later = [0] * kinds
        spare = unknown + (2 if s._phase in (CH_DRAW, CH_KEEP) else 0)
        for seat in (0, 1):
            for v in played[seat][len(s._discards[seat]):]:
                later[v] += 1
                spare += 2 if v == r.CHANCELLOR else 0
        for h in hands:
            if h is not None:
                later[h] += 1
        held = [0] * kinds
        for hand in s._hands:
            for c in hand:
                held[c] += 1
        return sum(max(0, a - b) for a, b in zip(held, later)) <= spare

    def dfs(s: LoveLetterState) -> bool | None:
        key = (s._phase, s._cur, s._recv, s._todo, s._pos, tuple(map(tuple, s._hands)), tuple(s._pool),
               tuple(s._bottom), tuple(len(d) for d in s._discards), tuple(s._prot), s._setaside, tuple(s._faceup))
        if key in seen:
            return False
        if len(seen) >= SEARCH_STEPS:
            return None
        seen.add(key)
        done = [len(d) for d in s._discards]
        if sum(done) > furthest[0][0]:
            furthest[0] = (sum(done), tuple(done))
        phase = s._phase
        if phase == DRAW and done == lengths:
            return (s._cur == to_move and all(h is None or s._hands[i] == [h] for i, h in enumerate(hands))
                    and s._prot[1 - to_move] == protected[1 - to_move])
        if phase == PLAY:
            me = s._cur
            if done[me] == lengths[me]:
                return False
            card, targets, steps = played[me][done[me]], set(), []
            if card == r.CHANCELLOR and s._setaside < 0 and s._pool_n + len(s._bottom) == 2:
                # one card in the deck: the Chancellor draws only it, so which card is set aside matters now
                return settle([v for v, k in enumerate(s._pool) if k], s)
            for a in s.legal_actions():
                c, t, g = r.code_of(a)
                if c != card:
                    continue
                if c == r.GUARD and t is not None:  # one guess that misses stands for them all
                    if t in targets or s._hands[t][0] == g:
                        continue
                    targets.add(t)
                steps.append(a)
        elif phase == CH_KEEP:
            steps = list(s.legal_actions())
        elif phase == DEAL and s._plan[s._pos] == FACE_UP:
            want = list(face_up)
            for v in s._faceup:
                want.remove(v)
            steps = [a for a, _p in s.chance_outcomes() if r.deal_value[a] in want]
        else:
            steps = [a for a, _p in s.chance_outcomes()]
        return explore(after(s, a) for a in steps)

    def after(s: LoveLetterState, action: Any) -> LoveLetterState:
        child = s.clone()
        child.apply_action(action)
        if child._setaside < 0 and child._pool_n == 1:  # the last unordered card: the set-aside one
            set_aside(child, child._pool.index(1))
        return child

    def set_aside(s: LoveLetterState, v: int) -> LoveLetterState:
        s._pool[v] -= 1
        s._pool_n -= 1
        s._setaside = v
        return s

    def settle(values: list[int], s: LoveLetterState) -> bool | None:
        return explore(set_aside(s.clone(), v) for v in values)

    def explore(children: Any) -> bool | None:
        """``True`` if some child reaches the position, ``None`` if the steps ran out first, else ``False``."""
        gave_up = False
        for child in children:
            if still_possible(child):
                found = dfs(child)
                if found:
                    return True
                gave_up = gave_up or found is None
        return None if gave_up else False

    undecided = False
    for first in firsts:
        start = LoveLetterState(game, first, record=False)
        start._pos = 1  # the set-aside card is dealt last (see above)
        found = dfs(start)
        if found:
            return True, furthest[0][1]
        undecided = undecided or found is None
    return (None if undecided else False), furthest[0][1]

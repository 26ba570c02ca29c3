"""Shared helpers of the Love Letter tests: scripted rounds and public-API invariants.

A round is scripted through its chance steps: every chance node accepts
``state.apply_action("deal Card")``, so a test fixes the exact deck order.  The
order of the chance steps of a round is: the set-aside card; with 2 players,
3 face-up cards; one card per seat starting with the first player; then the
first player's draw.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from kit.core import CHANCE, TERMINAL
from kit.loveletter import LoveLetter

#: Every (edition, variant, players) the kit offers.
CONFIGS = (
    [("classic", None, n) for n in (2, 3, 4)]
    + [("classic", "first-publisher", n) for n in (2, 3, 4)]
    + [("2019", None, n) for n in (2, 3, 4, 5, 6)]
)


def config_id(cfg) -> str:
    ed, var, n = cfg
    return f"{var or ed}-{n}p"


def game_of(cfg) -> LoveLetter:
    ed, var, n = cfg
    return LoveLetter(n, edition=ed, variant=var)


def names(cards) -> list[str]:
    """Card names of a list of cards (``["Guard", "Priest"]``)."""
    return [str(c) for c in cards]


def start(players=2, edition="2019", variant=None, *, aside, hands, draw=None,
          faceup=(), first=0):
    """A round scripted up to the first player's decision.

    ``hands[seat]`` is the card dealt to ``seat`` (cards are dealt from the
    first player on, the helper takes care of the order); ``draw`` is the
    first player's first draw (``None``: stop before it).
    """
    game = LoveLetter(players, edition=edition, variant=variant)
    s = game.new_initial_state(first_player=first)
    s.apply_action(f"deal {aside}")
    if players == 2:
        if len(faceup) != 3:
            raise ValueError("2 players: give the 3 face-up cards")
        for c in faceup:
            s.apply_action(f"deal {c}")
    elif faceup:
        raise ValueError("face-up cards only with 2 players")
    if len(hands) != players:
        raise ValueError("one hand card per seat")
    for i in range(players):
        s.apply_action(f"deal {hands[(first + i) % players]}")
    if draw is not None:
        s.apply_action(f"deal {draw}")
    return s


def run(state, *steps):
    """Apply each action text in order; return the state."""
    for text in steps:
        state.apply_action(text)
    return state


HARMLESS = ("Handmaid", "Priest", "Guard", "Countess", "Spy")


def quiet_play(state, prefer=HARMLESS):
    """An action text for the player to move that changes no hand and puts nobody out.

    Omniscient (reads hands): a Guard names a card its target does not hold.
    """
    me = state.current_player()
    hand = names(state.hand(me))
    legal = state.legal_actions()
    for name in prefer:
        if name not in hand:
            continue
        mine = [a for a in legal if str(a.card) == name]
        if not mine:
            continue  # e.g. a Countess rule elsewhere in the hand
        if name == "Guard":
            for a in mine:
                if a.target is None or a.guess is not state.hand(a.target)[0]:
                    return str(a)
        return str(mine[0])
    raise AssertionError(f"test script: p{me} holding {hand} has no harmless play")


def turns(state, *spec):
    """Play whole turns: each item is ``"Card"`` (draw it, then a quiet play) or
    ``("Card", "action text", ...)`` (draw it, then those actions).  A ``None``
    draw means the draw is the single possible outcome (bottom or set-aside).
    """
    for item in spec:
        if isinstance(item, str):
            draw, acts = item, ()
        else:
            draw, acts = item[0], item[1:]
        if state.current_player() != CHANCE:
            raise AssertionError(f"test script: expected a draw, {state.phase} now")
        if draw is None:
            (only, p), = state.chance_outcomes()
            assert p == 1
            state.apply_action(only)
        else:
            state.apply_action(f"deal {draw}")
        if acts:
            run(state, *acts)
        else:
            state.apply_action(quiet_play(state))
    return state


# ---------------------------------------------------------------------- checks
def census(state) -> Counter:
    """Every card of the round counted once wherever it is (public accessors only)."""
    counts = [0] * len(state.game.edition.counts)
    for seat in range(state.game.num_players):
        for x in state.hand(seat):
            counts[x] += 1
        for x in state.discards(seat):
            counts[x] += 1
    for card, k in state.deck().items():
        counts[card] += k
    for x in state.deck_bottom():
        counts[x] += 1
    if state.set_aside() is not None:
        counts[state.set_aside()] += 1
    for x in state.face_up():
        counts[x] += 1
    if min(counts) < 0:
        raise AssertionError(f"negative card count {counts}")
    return +Counter(dict(enumerate(counts)))


def full_counts(game) -> Counter:
    return +Counter(dict(enumerate(game.edition.counts)))


def check_conservation(state) -> None:
    got, want = census(state), full_counts(state.game)
    assert got == want, f"cards out of place: {dict(got)} != {dict(want)}\n{state}"


def check_chance(state) -> None:
    """Chance outcomes: exact Fractions, summing to exactly 1, uniform over the unordered deck."""
    outs = state.chance_outcomes()
    assert outs, "a chance node without outcomes"
    assert len({a for a, _ in outs}) == len(outs)
    for _, p in outs:
        assert type(p) is Fraction and p > 0
    deck = state.deck()
    if deck:  # uniform over the unordered part of the deck: p = copies / size
        size = sum(deck.values())
        assert len(outs) == len(deck)
        for a, p in outs:
            assert p.numerator * size == deck[a.card] * p.denominator, (a, p, deck)
        # the copies add up to the size, so the probabilities add up to exactly 1
    else:  # the bottom card, or the set-aside card for a Prince's target
        assert len(outs) == 1 and outs[0][1] == 1
        bottom = state.deck_bottom()
        expect = bottom[0] if bottom else state.set_aside()
        assert outs[0][0].card is expect


def check_state(state) -> None:
    """Invariants of every state, through the public API."""
    n = state.game.num_players
    check_conservation(state)
    alive, prot = state.alive(), state.protected()
    assert any(alive)
    for s in range(n):
        if not alive[s]:
            assert state.hand(s) == [] and not prot[s]
    p = state.current_player()
    if p == CHANCE:
        check_chance(state)
    elif p == TERMINAL:
        check_terminal(state)
    else:
        assert alive[p] and not prot[p]
        assert state.legal_actions()
        if state.phase == "play":
            assert len(state.hand(p)) == 2
        for s in range(n):
            if alive[s] and s != p:
                assert len(state.hand(s)) == 1


def check_terminal(state) -> None:
    n = state.game.num_players
    res = state.result()
    assert state.is_terminal() and res is not None
    ret = state.returns()
    alive = state.alive()
    assert list(res.tokens) == ret
    assert sum(ret) >= 1
    assert res.winners and all(alive[w] for w in res.winners)
    assert list(res.winners) == sorted(set(res.winners))
    assert res.reason in ("last-standing", "deck-empty")
    living = [s for s in range(n) if alive[s]]
    for s in living:
        assert len(state.hand(s)) == 1
    if res.reason == "last-standing":
        assert living == list(res.winners) and len(living) == 1
    else:
        assert state.deck_size() == 0 and len(living) >= 2
        best = max(int(state.hand(s)[0]) for s in living)
        tied = [s for s in living if int(state.hand(s)[0]) == best]
        if state.game.edition.discard_tiebreak and len(tied) > 1:
            top = max(sum(map(int, state.discards(s))) for s in tied)
            tied = [s for s in tied if sum(map(int, state.discards(s))) == top]
        assert list(res.winners) == tied
    has_spy = state.game.edition.counts[0] > 0
    if not has_spy:
        assert res.spy is None
    else:
        spied = [s for s in living if any(str(c) == "Spy" for c in state.discards(s))]
        assert res.spy == (spied[0] if len(spied) == 1 else None)
    tokens = [0] * n
    for w in res.winners:
        tokens[w] += 1
    if res.spy is not None:
        tokens[res.spy] += 1
    assert tokens == ret

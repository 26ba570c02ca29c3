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
        played=[["Guard", "Baron", "Handmaid", "Prince", "Countess", "King"],
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
        count of unseen cards), with what is wrong.
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
    return LoveLetterState.described(LoveLetter(2, edition=edition), to_move, face_up=face_up, played=played,
                                     hands=hands, deck=deck, protected=protected)


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

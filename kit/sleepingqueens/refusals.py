"""Why Sleeping Queens refuses a move, as data: the state's refusals with their templates and fields.

:func:`why_illegal` is what :meth:`SleepingQueensState.apply_action` raises for
a well-formed action that the rules do not allow now (an
:class:`~kit.core.IllegalActionError`).  Its message is a template with fields
(:mod:`kit.core.errors`): ``str(exc)`` is the English sentence, and
:func:`kit.i18n.refusals.explain` says it in any language, the cards and
Queens with the names of that language (the Polish sheet's Książę, Rycerz,
Królewna Kotów...).  The reason alone, without notation, is ``exc.reason``.

Examples
--------
>>> from kit.sleepingqueens.position import position
>>> from kit.sleepingqueens.actions import parse_action
>>> s = position(hands=[["King", "Knight", "2", "3", "5"], ["Knight", "Dragon", "1", "2", "3"]],
...              queens=[["Rose"], ["Dog"]])
>>> exc = why_illegal(s, parse_action("Knight p1 Cat"))
>>> str(exc.reason)
'p1 has no awake Cat Queen'
>>> from kit.i18n.refusals import explain
>>> explain(exc, "pl", names=["Ola", "Kuba"], notation=False)
'Królewna Kotów nie leży obudzona przed graczem Kuba.'
"""

from __future__ import annotations

from typing import Any

from ..core.errors import (Code, GameOverError, IllegalActionError, InvalidActionError, Joined, Phrase, Seat, Term,
                           not_an_outcome)
from ..i18n import N_
from .actions import NOTATION_HELP, Allow, Block, Deal, Discard, Jester, King, Knight, Potion, Reveal, Wake
from .cards import CARD_NAMES, QUEEN_NAMES, Card, Queen, defence_against

__all__ = ["why_illegal", "not_an_action", "game_over", "card_term", "queen_term"]

_GAME = "sleepingqueens"
#: The card each playing action plays (the notation's, kit/sleepingqueens/actions.py).
_PLAYS = {King: Card.KING, Knight: Card.KNIGHT, Potion: Card.POTION, Jester: Card.JESTER}


def card_term(card: Any) -> str:
    """A card in a refusal: a power card's name (translated where it is shown), a number as its digits.

    >>> card_term(Card.POTION), card_term(Card.POTION).message, card_term(7)
    ('Potion', 'Sleeping Potion', '7')
    """
    c = Card(int(card))
    text = str(c)
    return text if c.is_number else Term(_GAME, text, CARD_NAMES[text])


def queen_term(queen: Any) -> Term:
    """A Queen in a refusal: ``Cat Queen`` (translated where it is shown).

    >>> queen_term(Queen.CAT), queen_term(Queen.CAT).message
    ('Cat Queen', 'Cat Queen')
    """
    text = str(Queen(int(queen)))
    return Term(_GAME, f"{text} Queen", QUEEN_NAMES[text])


def why_illegal(state: Any, action: Any) -> IllegalActionError:
    """The refusal of ``action`` in ``state`` (a well-formed action that is not allowed now).

    Parameters
    ----------
    state : SleepingQueensState
        The state that refuses (it is read, never changed).
    action
        A Sleeping Queens action that is not one of ``state.legal_actions()``.

    Returns
    -------
    IllegalActionError
        ``str()`` is the English sentence (``"... is not allowed: <why>. Allowed: ..."``);
        ``template`` and ``fields`` say it as data, ``reason`` is the why alone.
    """
    # Every fact comes from the state's public queries and the cards' rules (kit/sleepingqueens/cards.py,
    # kit/sleepingqueens/state.py): nothing here restates a rule.
    if state.is_chance_node():
        return IllegalActionError(not_an_outcome(state, action, state.phase))
    legal = state.legal_actions()
    allowed = Code(", ".join(map(str, legal)))
    me = state.current_player()
    hand = state.hand(me)
    held = Joined([card_term(c) for c in hand], " ", ", ")
    why = Phrase("that is not one of the actions open now")
    cls = action.__class__
    phase = state.phase
    attack = state.pending_attack()
    if attack is not None:
        name = str(attack[0])
        what = Term(_GAME, name, CARD_NAMES[name])
        card = card_term(defence_against(attack[0]))
        if any(a.__class__ is Block for a in legal):
            why = Phrase("{seat} must answer the {attack}: block with a {card} or allow", seat=Seat(me), attack=what,
                         card=card)
        else:
            why = Phrase("{seat} holds no {card}, so the {attack} cannot be blocked: allow", seat=Seat(me), card=card,
                         attack=what)
    elif phase == "wake":
        why = (Phrase("{seat} chooses a sleeping Queen to wake: a place that is not empty", seat=Seat(me))
               if cls is Wake else Phrase("{seat} must choose a Queen to wake", seat=Seat(me)))
    elif cls in (Block, Allow, Wake, Deal, Reveal):
        why = Phrase("{seat} is to play one action (holding {held})", seat=Seat(me), held=held)
    elif cls is Discard:
        values = [int(c) for c in action.cards]
        if any(values.count(v) > hand.count(v) for v in values):
            why = Phrase("{seat} does not hold {cards} (holds {held})", seat=Seat(me),
                         cards=Joined([card_term(c) for c in action.cards], " ", ", "), held=held)
        elif len(values) == 2:
            why = Phrase("two cards make a discard only as a pair of identical numbers")
        else:
            why = Phrase("three or more cards make a discard only as an addition equation: the largest is the sum "
                         "of the others (2+3=5, 2+3+4=9)")
    else:
        played = _PLAYS[cls]
        name = card_term(played)
        rival = None
        if cls is Knight and 0 <= action.target < state.game.num_players and action.target != me:
            rival = state.rival_held(me, action.queen)
        if played not in hand:
            why = Phrase("{seat} holds no {card} (holds {held})", seat=Seat(me), card=name, held=held)
        elif cls is King:
            why = Phrase("place {place} is empty: wake a place where a Queen sleeps", place=action.place)
        elif not (0 <= action.target < state.game.num_players) or action.target == me:
            why = Phrase("the {card} chooses an opponent (p0 to p{last}, not yourself)", card=name,
                         last=state.game.num_players - 1)
        elif action.queen not in state.queens(action.target):
            why = Phrase("{seat} has no awake {queen}", seat=Seat(action.target), queen=queen_term(action.queen))
        elif rival is not None:
            why = Phrase("you have the {rival}, so you may not take the {queen}: they do not get along",
                         rival=queen_term(rival), queen=queen_term(action.queen))
        elif cls is Potion:
            why = Phrase("place {place} is not empty: the Queen goes to sleep in an empty place", place=action.place)
    return IllegalActionError(Phrase("{action} is not allowed: {why}. Allowed: {allowed}", action=Code(str(action)),
                                     why=why, allowed=allowed))


def not_an_action(action: Any) -> InvalidActionError:
    """The refusal of an object that is no Sleeping Queens action at all.

    >>> str(not_an_action(42))[:40]
    '42 is not a Sleeping Queens action; writ'
    """
    return InvalidActionError(N_("{action} is not a Sleeping Queens action; {help}"), action=Code(repr(action)),
                              help=NOTATION_HELP)


def game_over(state: Any) -> GameOverError:
    """The refusal of any action once the game is over (``state.result()`` says how it ended)."""
    return GameOverError(N_("{why} ({reason}); start a new game"), why=Phrase("the game is over"),
                         reason=Code(state.result().reason))

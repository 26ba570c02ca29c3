"""What every table does with a turn: a click that extends the offer, the buttons the picture leaves out,
and the words of a round's result.

A table at one screen (:class:`~kit.widgets.GameTable`) and a seat at the
table server (:class:`~kit.widgets.remote.RemoteTable`) draw the same turn
from different sources (a state, or the view the server sent); what they
do with a click and how they word a result is written once, here.

Examples
--------
>>> from kit.widgets.turns import placed_choices, result_words
>>> placed_choices('<button data-choice="card:1">Guard</button><i data-choice="p1">Ben</i>')
['card:1', 'p1']
>>> result_words(["Ana", "Ben"], [0], over=True, lang="en")
'The game is over: Ana wins!'
>>> result_words(["Ana", "Ben"], [0, 1], over=True, lang="en")
'The game is over: Ana, Ben share the win!'
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ..i18n import _
from ..render import table as chrome
from .adapter import CANCEL, Offer, TableAdapter

__all__ = ["placed_choices", "choices_bar", "extend", "result_words", "result_html"]

_CHOICE = re.compile(r'data-choice="([^"]*)"')


def placed_choices(html: str) -> list[str]:
    """The ``data-choice`` values the HTML places, in order."""
    return _CHOICE.findall(html)


def choices_bar(offer: Offer | None, picture: str, lang: str | None, adapter: TableAdapter) -> dict[str, str]:
    """The offered choices the picture does not place (each with its words), and the button that undoes
    the clicks once a move is begun (its words: :meth:`TableAdapter.cancel_words`): the buttons under the
    prompt."""
    if offer is None:
        return {}
    placed = set(placed_choices(picture))
    bar = {c: label for c, label in offer.choices.items() if c not in placed}
    if offer.picked and CANCEL not in placed:
        bar[CANCEL] = "\u21a9 " + adapter.cancel_words(lang)
    return bar


def extend(adapter: TableAdapter, current: Offer | None, value: str, obs: Any, legal: Sequence[Any], *,
           names: Sequence[str], lang: str | None) -> Offer | None:
    """The offer after clicking ``value`` on ``current`` (its ``action`` set when the move is complete), or
    ``None`` when ``value`` is not one of its choices (a stale click: the picture changed under the
    pointer). :data:`~kit.widgets.adapter.CANCEL` is the caller's: it starts the move again."""
    if current is None or value not in current.choices:
        return None
    return adapter.offer(obs, legal, current.picked + (value,), names=names, lang=lang)


def result_words(names: Sequence[str], winners: Sequence[int], *, over: bool, lang: str | None) -> str:
    """"Round over." or who won the game (one winner, or several sharing the win)."""
    if not over:
        return _("Round over.", lang)
    who = names[winners[0]] if winners else ""
    for s in winners[1:]:
        who = _("{items}, {item}", lang, items=who, item=names[s])
    if len(winners) == 1:
        return _("The game is over: {who} wins!", lang, who=who)
    return _("The game is over: {who} share the win!", lang, who=who)


def result_html(names: Sequence[str], scores: Sequence[int], winners: Sequence[int], *, over: bool,
                score_name: str, lang: str | None) -> str:
    """The result line: :func:`result_words`, then every seat's score, winners starred."""
    rows = [(names[s], v, s in winners) for s, v in enumerate(scores)]
    return chrome.result_html(result_words(names, winners, over=over, lang=lang), rows, score_name, lang)

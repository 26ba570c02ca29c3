"""What every game's events module shares: how much of an event a seat sees.

Every game package has an ``events`` module (docs/architecture.md, "events.py") whose
one visibility rule, ``sight(state, record, seat)``, says for each engine
record how much of it a seat sees (``seat=None``: what everyone sees):

* :data:`HIDDEN` -- nothing: the seat does not see that it happened (another
  player's Priest look in Love Letter);
* :data:`PUBLIC` -- its public part: the seat sees that it happened, with
  ``None`` in each field only others see (a card another player drew);
* :data:`WHOLE` -- all of it.

``event_dict(state, record, hide=...)`` makes the JSON-ready dict of a record,
whole or (``hide=True``) as :data:`PUBLIC` shows it, and ``visible_events``
is the list of the dicts a seat sees.  The levels are truthy exactly when the
seat sees the event, so ``if sight(state, r, seat):`` keeps what it sees.

Examples
--------
>>> from kit.loveletter.events import sight
>>> draw = ("draw", 1, 5, -1)                 # p1 draws card 5 from the deck
>>> [sight(None, draw, seat) for seat in (1, 0, None)] == [WHOLE, PUBLIC, PUBLIC]
True
"""

from __future__ import annotations

__all__ = ["HIDDEN", "PUBLIC", "WHOLE"]

#: A seat does not see the event at all.
HIDDEN: int = 0
#: A seat sees the event, with the fields only others see as ``None``.
PUBLIC: int = 1
#: A seat sees every field of the event.
WHOLE: int = 2

"""What a table server refuses a learner's connection, as data: a key, its English template and its fields.

The server sends a refusal as one message::

    {"type": "error", "error": "no seat has that join code",   # the English words, for a log
     "refusal": "no-such-code", "fields": {}, "join": true}

``refusal`` names one of :data:`REFUSALS` (the English template is a message of the kit's catalogs),
``fields`` fills its blanks, and ``join`` says that the server refused to seat the connection (a wrong
code, a seat kept for someone else): the learner's kernel stops trying at once, or after three in a row of
those that may pass (:data:`PASSING`: the seat is open on another screen, the hub did not answer...).  A server run as a
JupyterHub service may refuse the connection itself (the hub does not know the learner's token): the same
message is then the body of the HTTP refusal (403, or 429 when this address was refused too often).  The kernel
says the refusal in its table's language from the key (:func:`from_message`), never by reading the words.
A key the kernel does not know (a server of another version) is shown as the server's English words.

Examples
--------
>>> refusal = SeatRefusal("kept-for-other", owner="ana")
>>> print(refusal)
that seat is kept for ana: join your own
>>> msg = message(refusal, join=True)
>>> msg["refusal"], msg["fields"], msg["join"]
('kept-for-other', {'owner': 'ana'}, True)
>>> from kit.i18n.refusals import explain
>>> print(explain(from_message(msg), "pl"))
to miejsce jest zarezerwowane dla użytkownika ana: dołącz do swojego
>>> print(from_message({"type": "error", "error": "a refusal of a newer server", "refusal": "new-key"}))
a refusal of a newer server
"""

from __future__ import annotations

import string
from typing import Any, Mapping

from ..core.errors import Code, KitError
from ..i18n import N_

__all__ = ["REFUSALS", "PASSING", "SeatRefusal", "message", "from_message"]

#: Every refusal a learner's connection can get, by key: its English template (a message of the catalogs).
REFUSALS: dict[str, str] = {
    "no-such-code": N_("no seat has that join code"),
    "too-many-codes": N_("too many wrong join codes from here: wait a minute"),
    "send-code": N_("send your join code"),
    "joined-already": N_("this connection has joined its seat already"),
    "joined-elsewhere": N_("that seat is already joined from another screen"),
    "kept-for-other": N_("that seat is kept for {owner}: join your own"),
    "nothing-kept": N_("no seat is kept for {login}: ask your teacher for a join code"),
    "nothing-kept-here": N_("no seat is kept for {login} at table {table}: ask your teacher for a join code"),
    "kept-at-several": N_("{login} has seats at tables {tables}: say which (table=...)"),
    "join-first": N_("join a seat first (send your join code)"),
    "table-gone": N_("this table is gone"),
    # refused at the connection itself, on a server that names learners by their JupyterHub login (kit.serve.hub)
    "hub-login-needed": N_("this table server names learners by their JupyterHub login: join from a notebook on "
                           "the hub (GameTable.join(url, hub=True) when your kernel knows the hub by another "
                           "address)"),
    "hub-unknown-token": N_("the hub does not know this token: join from a notebook on the hub"),
    "hub-not-a-learner": N_("the hub says this token is not a learner's"),
    "hub-no-scope": N_("the hub does not let {login}'s token reach this service: the hub's administrator adds "
                       "the scope {scope} to the learners' server role"),
    "hub-silent": N_("the hub did not answer ({why}); try again in a moment"),
    "hub-status": N_("the hub answered {status}; try again in a moment"),
    "hub-not-json": N_("the hub's answer is not JSON; try again in a moment"),
    "too-many-refused": N_("too many refused joins from here: wait a minute"),
}

#: The refusals to seat a learner that may pass by themselves: the seat's other screen leaves, a minute of too
#: many wrong codes goes by, the teacher keeps a seat for this login, the hub answers again.  A learner's kernel
#: tries again after these (:data:`kit.serve.client.JOIN_TRIES` in a row); after any other (a wrong code, a seat
#: kept for someone else, a token the hub does not know) it stops at once: trying the same again would only
#: count against the class's address (:data:`kit.serve.server.JOIN_FAILURES` a minute).
PASSING: frozenset[str] = frozenset({"too-many-codes", "joined-elsewhere", "nothing-kept", "nothing-kept-here",
                                     "hub-silent", "hub-status", "hub-not-json", "too-many-refused"})

#: The longest field a kernel takes from a server (a login, a table's name, a list of tables).
_FIELD_LIMIT = 300


class SeatRefusal(KitError):
    """A refusal of :data:`REFUSALS`: ``SeatRefusal(key, **fields)``; ``key`` names it.

    >>> SeatRefusal("no-such-key")
    Traceback (most recent call last):
    kit.core.errors.KitError: no seat refusal 'no-such-key'; the refusals: no-such-code, too-many-codes, ...
    """

    key: str

    def __init__(self, key: str, /, **fields: Any) -> None:
        if key not in REFUSALS:
            shown = ", ".join(list(REFUSALS)[:2])
            raise KitError(f"no seat refusal {key!r}; the refusals: {shown}, ...")
        super().__init__(REFUSALS[key], **{k: Code(v) for k, v in fields.items()})
        self.key = key

    def __reduce__(self) -> tuple:
        return (_refusal, (self.key, {k: str(v) for k, v in self.fields.items()}))


def _refusal(key: str, fields: dict[str, str]) -> SeatRefusal:
    return SeatRefusal(key, **fields)


def message(refusal: KitError, *, join: bool) -> dict[str, Any]:
    """The message a server sends for ``refusal`` (any :class:`~kit.core.KitError`: one that is not a
    :class:`SeatRefusal`, a malformed request's, goes as its English words only)."""
    msg: dict[str, Any] = {"type": "error", "error": str(refusal), "join": bool(join)}
    if isinstance(refusal, SeatRefusal):
        msg["refusal"], msg["fields"] = refusal.key, {k: str(v) for k, v in refusal.fields.items()}
    return msg


def from_message(msg: Mapping[str, Any]) -> KitError:
    """The refusal a server's error message holds: a :class:`SeatRefusal` when its key and fields are ones
    this kit knows, else a :class:`~kit.core.KitError` of the server's words, shown as they are."""
    key, fields = msg.get("refusal"), msg.get("fields") or {}
    if isinstance(key, str) and key in REFUSALS and isinstance(fields, dict):
        blanks = {f for _text, f, _spec, _conv in string.Formatter().parse(REFUSALS[key]) if f}
        if (set(fields) == blanks
                and all(isinstance(v, str) and len(v) <= _FIELD_LIMIT for v in fields.values())):
            return SeatRefusal(key, **fields)
    return KitError("{words}", words=Code(str(msg.get("error", ""))[:_FIELD_LIMIT]))

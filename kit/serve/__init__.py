"""A table server for a class: every learner at their own screen, one referee for the table.

The teacher starts it (``make serve``, ``python -m kit.serve --port 8765``, or
:func:`serve_in_background` from a notebook), makes tables and hands out one
join code per learner's seat; each learner joins from their own kernel with
``GameTable.join("http://host:8765", "KQZT-2-M7XPQH9A")`` and plays in the
same table widget as at one screen, in their own language.  The server is the
referee: it holds the state, the seed and the bots, keeps every table in
SQLite (a restarted server resumes each where it was), and sends each seat
only that seat's view.  ``docs/table-server.md`` says how to run a class.

* :mod:`kit.serve.referee` — one table: match, seats, bots, views (no networking);
* :mod:`kit.serve.store` — the SQLite file of the tables;
* :mod:`kit.serve.server` — tornado: websockets for the seats, HTTP for the teacher;
* :mod:`kit.serve.client` — the learner's seat and the teacher's calls, from a kernel.
"""

from .client import SeatClient, TeacherClient
from .referee import TableReferee
from .server import TableServer, serve_in_background

__all__ = ["TableServer", "TableReferee", "SeatClient", "TeacherClient", "serve_in_background"]

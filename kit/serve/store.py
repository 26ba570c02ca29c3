"""Where the table server keeps its tables: SQLite (Python's own ``sqlite3``), one row a table.

A row holds a table's record (:meth:`kit.serve.referee.TableReferee.record`:
the game, the seats, the secret seed and every action so far) and the
*hashes* of its seats' join codes, never the codes themselves.  The server
writes a table's row after every change, in one transaction, so a server
stopped at any moment (a crash, a power cut) comes back with every table
where it was.

Examples
--------
>>> from kit.serve.store import Store
>>> store = Store(":memory:")
>>> store.save({"id": "T1", "rounds": [["deal Guard"]]}, ["ab12"])
>>> store.load_all()[0]["record"]["rounds"]
[['deal Guard']]
"""

from __future__ import annotations

import json
import sqlite3
import threading
from typing import Any

__all__ = ["Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    code_hashes TEXT NOT NULL,
    created REAL NOT NULL DEFAULT (julianday('now')),
    updated REAL NOT NULL DEFAULT (julianday('now'))
)
"""


class Store:
    """The tables of a server, in the SQLite file ``path`` (``":memory:"`` for tests)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL" if path != ":memory:" else "PRAGMA journal_mode=MEMORY")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(_SCHEMA)
        self._lock = threading.Lock()

    def save(self, record: dict[str, Any], code_hashes: list[str]) -> None:
        """Write (or overwrite) a table's row, at once."""
        with self._lock:
            self._db.execute(
                "INSERT INTO tables (id, record, code_hashes) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                "record = excluded.record, code_hashes = excluded.code_hashes, updated = julianday('now')",
                (record["id"], json.dumps(record), json.dumps(code_hashes)))

    def load_all(self) -> list[dict[str, Any]]:
        """Every table: ``{"record": ..., "code_hashes": [...]}``, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT record, code_hashes FROM tables ORDER BY created, id").fetchall()
        return [{"record": json.loads(r), "code_hashes": json.loads(c)} for r, c in rows]

    def delete(self, table_id: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    def close(self) -> None:
        with self._lock:
            self._db.close()

"""Engine creation: dialect checks, SQLite pragmas and transaction control, error translation."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import ExceptionContext, make_url
from sqlalchemy.pool import ConnectionPoolEntry

from lgmail.store.errors import AppendOnlyViolation
from lgmail.store.schema import APPEND_ONLY_MESSAGE

#: Execution option of a connection whose transactions must take SQLite's write lock at BEGIN.
SQLITE_IMMEDIATE = "lgmail_sqlite_immediate"

SQLITE_BUSY_TIMEOUT_MS = 5000


def _sqlite_on_connect(
    dbapi_connection: Any, _record: ConnectionPoolEntry, synchronous: str = "NORMAL"
) -> None:
    assert isinstance(dbapi_connection, sqlite3.Connection)
    # Take transaction control away from the sqlite3 module: it would not BEGIN before
    # SELECT or DDL. SQLAlchemy's "begin" event below emits BEGIN itself.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        # busy_timeout first: switching to WAL may have to wait for another connection.
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def _sqlite_on_begin(conn: Connection) -> None:
    # Writers BEGIN IMMEDIATE: they take the write lock up front (waiting up to busy_timeout)
    # instead of upgrading a read lock later, which in WAL mode fails at once with
    # SQLITE_BUSY when another writer committed in between.
    if conn.get_execution_options().get(SQLITE_IMMEDIATE):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        conn.exec_driver_sql("BEGIN")


def _translate_errors(context: ExceptionContext) -> BaseException | None:
    original = context.original_exception
    if APPEND_ONLY_MESSAGE in str(original):
        return AppendOnlyViolation(str(original).strip().splitlines()[0])
    return None


def _ensure_sqlite_parent_dir(database: str | None) -> None:
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)


def create_store_engine(url: str, durable: bool = False) -> Engine:
    """Create the engine for ``url`` (SQLite or PostgreSQL with psycopg 3).

    `durable`: on SQLite, each commit is synced to disk before it returns (WAL with
    ``synchronous=FULL``), as a mail server must before it answers 250; the other engines run
    ``synchronous=NORMAL`` (a commit can be lost on a power loss, never corrupted).
    PostgreSQL syncs every commit by default (``synchronous_commit=on``)."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        _ensure_sqlite_parent_dir(parsed.database)
        engine = create_engine(parsed)
        sync = "FULL" if durable else "NORMAL"
        event.listen(engine, "connect", lambda conn, record: _sqlite_on_connect(conn, record, sync))
        event.listen(engine, "begin", _sqlite_on_begin)
    elif backend == "postgresql":
        if parsed.drivername == "postgresql":
            parsed = parsed.set(drivername="postgresql+psycopg")
        engine = create_engine(parsed)
    else:
        raise ValueError(f"unsupported database for the lgmail store: {backend!r}")
    event.listen(engine, "handle_error", _translate_errors)
    return engine


#: one gate per SQLite file: the threads of this process that want its write lock
_GATES: dict[str, threading.RLock] = {}
_GATES_LOCK = threading.Lock()


def write_gate(engine: Engine) -> AbstractContextManager[object]:
    """This process's turn at the database's write lock. SQLite has one writer at a time, and
    a writer waiting for it polls (sleeping up to 100 ms between tries): with a dozen threads
    of one process after it (deadline ticks, deliveries), one of them may wait past the busy
    timeout while the others keep taking it. Behind the gate they queue and are woken in
    turn; only the processes contend at the file. Reentrant: a thread that holds it may open
    another write transaction, as it could before. PostgreSQL locks rows, not the database:
    no gate."""
    if engine.dialect.name != "sqlite":
        return nullcontext()
    key = str(Path(engine.url.database or "").expanduser().resolve())
    with _GATES_LOCK:
        return _GATES.setdefault(key, threading.RLock())


class Writer:
    """An engine's write transactions (``BEGIN IMMEDIATE`` on SQLite), each behind the
    database's `write_gate`."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine.execution_options(**{SQLITE_IMMEDIATE: True})
        self.gate = write_gate(engine)

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        with self.gate, self.engine.begin() as conn:
            yield conn

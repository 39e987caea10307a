"""Engine creation: dialect checks, SQLite pragmas and transaction control, error translation."""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import ExceptionContext, make_url
from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection

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


#: one gate per SQLite file
_GATES: dict[str, WriteGate] = {}
_GATES_LOCK = threading.Lock()


class WriteGate:
    """The turn of this process's threads at an SQLite file's write lock, then of the
    processes (an exclusive ``flock`` on ``<database>-gate``), reentrant for the thread that
    holds it.

    SQLite has one writer at a time, and a writer that finds the lock taken polls it, sleeping
    1, 2, 5, 10... ms between tries: a listener's commit (the 250s wait for it) lost about
    3 ms a group that way behind the workers' short transactions. Behind the gate, writers
    queue in the kernel and the next one is woken as soon as the lock is given back. SQLite's
    own lock still rules: a writer outside the gate (the sqlite3 shell) is waited for as
    before."""

    def __init__(self, path: Path | None) -> None:
        self._threads = threading.RLock()
        self._path = path
        self._fd: int | None = None
        self._depth = 0

    def __enter__(self) -> WriteGate:
        self.acquire()
        return self

    def acquire(self, wait: bool = True) -> bool:
        """Take the gate; without `wait`, only when nobody holds it (False: not taken)."""
        if not self._threads.acquire(blocking=wait):
            return False
        if self._depth == 0 and self._path is not None:
            try:
                if self._fd is None:
                    self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
                fcntl.flock(self._fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                self._threads.release()
                return False
            except BaseException:
                self._threads.release()
                raise
        self._depth += 1
        return True

    def __exit__(self, *exc: object) -> None:
        self.release()

    def release(self) -> None:
        self._depth -= 1
        try:
            if self._depth == 0 and self._fd is not None:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            self._threads.release()


def write_gate(engine: Engine) -> AbstractContextManager[object]:
    """This process's turn at the database's write lock (:class:`WriteGate`). PostgreSQL
    locks rows, not the database: no gate."""
    if engine.dialect.name != "sqlite":
        return nullcontext()
    database = engine.url.database or ""
    if not database or database == ":memory:" or database.startswith("file:"):
        path = None
        key = database
    else:
        resolved = Path(database).expanduser().resolve()
        path, key = resolved.with_name(resolved.name + "-gate"), str(resolved)
    with _GATES_LOCK:
        return _GATES.setdefault(key, WriteGate(path))


class Writer:
    """An engine's write transactions (``BEGIN IMMEDIATE`` on SQLite), each behind the
    database's `write_gate`."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine.execution_options(**{SQLITE_IMMEDIATE: True})
        self.gate = write_gate(engine)
        #: the driver's connection kept for :meth:`begin_sqlite`
        self._kept: PoolProxiedConnection | None = None
        #: the driver connection each thread keeps for :meth:`autocommit_postgresql`
        self._autocommitted: dict[threading.Thread, Any] = {}
        self._autocommitted_lock = threading.Lock()

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        with self.gate, self.engine.begin() as conn:
            yield conn

    @contextmanager
    def begin_sqlite(self) -> Iterator[sqlite3.Cursor]:
        """A write transaction (``BEGIN IMMEDIATE``) on a driver's connection this writer
        keeps, behind the gate: for a hot path whose SQLAlchemy work per transaction (a pool
        checkout, events, a Connection) costs more than SQLite's; a group commit is one.
        Nothing is kept when it raises."""
        with self._sqlite(wait=True) as cursor:
            assert cursor is not None
            yield cursor

    @contextmanager
    def try_begin_sqlite(self) -> Iterator[sqlite3.Cursor | None]:
        """`begin_sqlite` if the gate is free now; else None, at once (nothing to do in the
        block)."""
        with self._sqlite(wait=False) as cursor:
            yield cursor

    @contextmanager
    def _sqlite(self, wait: bool) -> Iterator[sqlite3.Cursor | None]:
        gate = self.gate
        assert isinstance(gate, WriteGate), "begin_sqlite: SQLite only"
        if not gate.acquire(wait):
            yield None
            return
        try:
            if self._kept is None:
                self._kept = self.engine.raw_connection()
            kept = self._kept
            driver = kept.driver_connection
            assert isinstance(driver, sqlite3.Connection), "begin_sqlite: SQLite only"
            cursor = driver.cursor()
            try:
                cursor.execute("BEGIN IMMEDIATE")
                yield cursor
                cursor.execute("COMMIT")
            except BaseException:
                try:
                    if driver.in_transaction:
                        driver.rollback()
                except sqlite3.Error:  # a connection that can't roll back is given up
                    self._kept = None
                    kept.invalidate()
                raise
            finally:
                with contextlib.suppress(sqlite3.Error):
                    cursor.close()
        finally:
            gate.release()

    @contextmanager
    def autocommit_postgresql(self) -> Iterator[Any]:
        """A cursor on a psycopg connection this thread keeps out of the pool, in autocommit,
        whose commits do not wait for PostgreSQL's log on disk (``synchronous_commit`` off):
        for a hot path of one statement that need not be durable (a delivery's mark, which
        a database crash only makes send again), each statement its own transaction in one
        round trip. A connection left broken by an error is closed and not kept."""
        thread = threading.current_thread()
        with self._autocommitted_lock:
            driver: Any = self._autocommitted.get(thread)
        if driver is None:
            driver = self._autocommit_connection(thread)
        try:
            with driver.cursor() as cursor:
                yield cursor
        except BaseException:
            if driver.broken or driver.closed:
                with self._autocommitted_lock:
                    self._autocommitted.pop(thread, None)
                with contextlib.suppress(Exception):
                    driver.close()
            raise

    def _autocommit_connection(self, thread: threading.Thread) -> Any:
        """A new connection for `thread`; those of the threads that ended are closed."""
        proxied = self.engine.raw_connection()
        driver = proxied.driver_connection
        assert driver is not None
        proxied.detach()  # its settings are not to reach the pool's other users
        driver.rollback()
        driver.autocommit = True
        driver.execute("SET synchronous_commit TO OFF")
        with self._autocommitted_lock:
            ended = [t for t in self._autocommitted if not t.is_alive()]
            left = [self._autocommitted.pop(t) for t in ended]
            self._autocommitted[thread] = driver
        for connection in left:
            with contextlib.suppress(Exception):
                connection.close()
        return driver

    def close(self) -> None:
        """Give the kept connections back and close the engine's."""
        with self.gate:
            if self._kept is not None:
                self._kept.close()
                self._kept = None
        with self._autocommitted_lock:
            kept, self._autocommitted = list(self._autocommitted.values()), {}
        for driver in kept:
            with contextlib.suppress(Exception):
                driver.close()
        self.engine.dispose()

"""The store's hot paths (append, read) on the pool's raw DBAPI connection.

SQLAlchemy keeps the engine, the pool, the schema and the migrations; the two calls a game
makes all the time run plain SQL on the driver's connection, checked out of that pool:
SQLAlchemy's per-statement work (compiled cache lookup, bind and result processing, its
``begin`` event) and, on PostgreSQL, the round trips of BEGIN and COMMIT around one statement
cost more than the database's own work.

SQLite (``sqlite3`` in autocommit mode: this module drives the transactions):

* append: ``BEGIN IMMEDIATE`` (the write lock, so the version read next cannot go stale),
  one ``SELECT`` of the stream's version and of the largest position, one multi-row
  ``INSERT``, the outbox rows, the snapshot upsert, ``COMMIT``. No ``RETURNING`` (it costs
  as much as the insert of the rows themselves): under the write lock SQLite numbers the new
  rows largest position + 1, + 2... (its documented rowid algorithm, which only departs from
  that once the largest possible rowid is taken); the last row's rowid confirms it, and
  otherwise the positions are read back.
* read: one ``SELECT`` (a single statement reads one consistent snapshot: no transaction).

PostgreSQL (``psycopg`` 3):

* append: one statement in autocommit mode, so one round trip and its own transaction:
  data-modifying CTEs read the stream's version, insert the events, the outbox rows and the
  snapshot only when it is the expected one, and return the version read with the new
  positions. The UNIQUE (game, version) constraint stops a writer racing past the check: the
  statement then fails as a whole. Appends that do not fit one statement (no events, more
  than :data:`MAX_ROWS` events or :data:`MAX_MAILS` mails) run the same steps as SQLite in
  one transaction (the version check, ``INSERT ... RETURNING``, the outbox, the snapshot).
* read: one ``SELECT`` in autocommit mode (one round trip instead of BEGIN, SELECT,
  ROLLBACK), binary results, ``recorded_at`` as epoch microseconds.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Dialect
from sqlalchemy.pool import PoolProxiedConnection

from lgmail.store.codec import (
    Timestamps,
    epoch_microseconds_to_datetime,
    parse_sqlite_timestamp,
)
from lgmail.store.errors import ConcurrencyConflict, InboxAlreadyProcessed

#: Events per INSERT statement (7 parameters each: below both databases' limits).
MAX_ROWS = 500
#: Mails of the one-statement append on PostgreSQL (5 parameters each).
MAX_MAILS = 500

_EVENT_COLUMNS = "game, version, type, schema_version, payload, recorded_at, cause"

#: One row of a stream as fetched: position, version, type, schema_version, payload (UTF-8
#: bytes), recorded_at (as stored, see ``timestamps``), cause.
StreamRow = tuple[int, int, str, int, bytes, Any, str]
#: One row of ``read_all``: position, game, then as :data:`StreamRow` from version on.
AllRow = tuple[int, str, int, str, int, bytes, Any, str]

MailRow = tuple[str, str, str, bytes, Any]
SnapshotRow = tuple[str, int, str]
#: A game's summary row (``game_summaries``), its columns in order.
SummaryRow = tuple[str, int, str, str, str | None, str, str, int, int, int, Any]
_SUMMARY_COLUMNS = (
    "game, version, variant, lang, mj, status, phase, number, players, living, due_at"
)
_SUMMARY_SET = ", ".join(f"{c} = excluded.{c}" for c in _SUMMARY_COLUMNS.split(", ") if c != "game")
#: An inbox row to mark processed with the append: (processed_at, outcome, id).
InboxMark = tuple[Any, str, int]


class HotPathSQL:
    """Plain SQL of the hot paths for one dialect (see the module's docstring)."""

    placeholder: str
    #: How the read queries select the payload (as UTF-8 bytes) and ``recorded_at``.
    payload_column: str
    recorded_at_column: str
    #: Stored ``recorded_at`` values to aware UTC datetimes, memoised.
    timestamps: Timestamps

    def __init__(self) -> None:
        p = self.placeholder
        self._row = "(" + ", ".join([p] * 7) + ")"
        self._inserts: dict[tuple[int, str], str] = {}
        self._statements: dict[tuple[int, int, bool, bool], str] = {}
        self.current_version = f"SELECT coalesce(max(version), 0) FROM events WHERE game = {p}"
        self.insert_mail = (
            "INSERT INTO outbox (message_id, game, recipient, raw, created_at)"
            f" VALUES ({p}, {p}, {p}, {p}, {p}) ON CONFLICT (message_id) DO NOTHING"
        )
        self.mark_inbox = (
            f"UPDATE inbox SET processed_at = {p}, outcome = {p}"
            f" WHERE id = {p} AND processed_at IS NULL"
        )
        self.upsert_snapshot = (
            f"INSERT INTO projections (game, version, state_json) VALUES ({p}, {p}, {p})"
            " ON CONFLICT (game) DO UPDATE"
            " SET version = excluded.version, state_json = excluded.state_json"
        )
        self.upsert_summary = (
            f"INSERT INTO game_summaries ({_SUMMARY_COLUMNS})"
            f" VALUES ({', '.join([p] * 11)})"
            f" ON CONFLICT (game) DO UPDATE SET {_SUMMARY_SET}"
        )
        self.positions_after = (
            f"SELECT version, position FROM events WHERE game = {p} AND version > {p}"
        )
        columns = (
            f"version, type, schema_version, {self.payload_column},"
            f" {self.recorded_at_column}, cause"
        )
        stream = f"SELECT position, {columns} FROM events WHERE game = {p} AND version > {p}"
        self.read_stream = f"{stream} ORDER BY version"
        self.read_stream_upto = f"{stream} AND version <= {p} ORDER BY version"
        self.read_all = (
            f"SELECT position, game, {columns} FROM events WHERE position > {p} ORDER BY position"
        )
        self.read_all_limit = f"{self.read_all} LIMIT {p}"

    @property
    def current_version(self) -> str:
        """The query of a stream's current version (its first column)."""
        return self._current_version

    @current_version.setter
    def current_version(self, statement: str) -> None:
        # Statements embedding it are built again (tests swap in a stale check).
        self._current_version = statement
        self._statements.clear()

    def timestamp(self, recorded_at: datetime) -> Any:
        """``recorded_at`` (aware) as the driver should bind it."""
        return recorded_at.astimezone(UTC)

    def insert_events(self, rows: int, returning: str = "") -> str:
        statement = self._inserts.get((rows, returning))
        if statement is None:
            statement = self._inserts[rows, returning] = (
                f"INSERT INTO events ({_EVENT_COLUMNS})"
                f" VALUES {', '.join([self._row] * rows)}{returning}"
            )
        return statement

    # -- append ------------------------------------------------------------------------------

    def append(
        self,
        conn: Any,
        game: str,
        expected_version: int,
        rows: list[Any],
        mails: list[MailRow],
        snapshot: SnapshotRow | None,
        inbox: Sequence[InboxMark] = (),
        summary: SummaryRow | None = None,
    ) -> dict[int, int]:
        """Append, in one transaction; ``rows``: the events' parameters, 7 per event, flat;
        ``summary``: the game's summary row, set in the same transaction.

        Returns ``{version: position}``. Raises :class:`ConcurrencyConflict` (rolled back)
        when the stream is not at ``expected_version``; DBAPI errors propagate (rolled back).
        """
        raise NotImplementedError

    def _finish_append(
        self,
        cursor: Any,
        mails: list[MailRow],
        snapshot: SnapshotRow | None,
        inbox: Sequence[InboxMark] = (),
        summary: SummaryRow | None = None,
    ) -> None:
        for mark in inbox:
            cursor.execute(self.mark_inbox, mark)
            if cursor.rowcount != 1:
                raise InboxAlreadyProcessed(mark[2])
        if mails:
            cursor.executemany(self.insert_mail, mails)
        if snapshot is not None:
            cursor.execute(self.upsert_snapshot, snapshot)
        if summary is not None:
            cursor.execute(self.upsert_summary, summary)

    # -- read --------------------------------------------------------------------------------

    def read_stream_rows(
        self, conn: Any, game: str, after_version: int, upto_version: int | None
    ) -> list[StreamRow]:
        if upto_version is None:
            return self.fetchall(conn, self.read_stream, (game, after_version))
        return self.fetchall(conn, self.read_stream_upto, (game, after_version, upto_version))

    def read_all_rows(self, conn: Any, after_position: int, limit: int | None) -> list[AllRow]:
        if limit is None:
            return self.fetchall(conn, self.read_all, (after_position,))
        return self.fetchall(conn, self.read_all_limit, (after_position, limit))

    def fetchall(self, conn: Any, statement: str, params: Sequence[Any]) -> list[Any]:
        """The rows of one read-only statement, outside any transaction."""
        raise NotImplementedError

    def release(self, fairy: PoolProxiedConnection) -> None:
        """Give the connection back to the pool (discarded if left in a bad state)."""
        fairy.close()


class SQLiteSQL(HotPathSQL):
    placeholder = "?"
    payload_column = "CAST(payload AS BLOB)"
    recorded_at_column = "recorded_at"

    def __init__(self) -> None:
        super().__init__()
        self.timestamps = Timestamps(parse_sqlite_timestamp)
        # The stream's version and the table's largest position (the rowid: O(log n)).
        self.current_version = (
            "SELECT coalesce(max(version), 0), (SELECT coalesce(max(position), 0) FROM events)"
            " FROM events WHERE game = ?"
        )

    def timestamp(self, recorded_at: datetime) -> Any:
        # SQLAlchemy's text form of the UTC time (what the UTCDateTime column type stores):
        # "YYYY-MM-DD HH:MM:SS.ffffff", cut from the isoformat of the aware UTC time.
        return recorded_at.astimezone(UTC).isoformat(" ", "microseconds")[:26]

    def append(
        self,
        conn: Any,
        game: str,
        expected_version: int,
        rows: list[Any],
        mails: list[MailRow],
        snapshot: SnapshotRow | None,
        inbox: Sequence[InboxMark] = (),
        summary: SummaryRow | None = None,
    ) -> dict[int, int]:
        cursor = conn.cursor()
        try:
            # The write lock up front: the version read below stays true until COMMIT.
            cursor.execute("BEGIN IMMEDIATE")
            current, last_position = cursor.execute(self.current_version, (game,)).fetchone()
            if current != expected_version:
                raise ConcurrencyConflict(game, expected_version, current)
            count = len(rows) // 7
            step = MAX_ROWS * 7
            for start in range(0, len(rows), step):
                chunk = rows[start : start + step]
                cursor.execute(self.insert_events(len(chunk) // 7), chunk)
            if count and cursor.lastrowid == last_position + count:
                # Each row got the largest rowid + 1 (and none was taken at random, or the
                # last one could not be exactly that).
                offset = last_position - expected_version
                last_version = expected_version + count
                positions = {v: v + offset for v in range(expected_version + 1, last_version + 1)}
            elif count:
                cursor.execute(self.positions_after, (game, expected_version))
                positions = dict(cursor.fetchall())
            else:
                positions = {}
            self._finish_append(cursor, mails, snapshot, inbox, summary)
            conn.commit()
        except BaseException:
            conn.rollback()
            raise
        finally:
            cursor.close()
        return positions

    def fetchall(self, conn: Any, statement: str, params: Sequence[Any]) -> list[Any]:
        # sqlite3 in autocommit mode: one statement, one consistent read, no transaction.
        result: list[Any] = conn.execute(statement, params).fetchall()
        return result


class PostgreSQL(HotPathSQL):
    placeholder = "%s"
    payload_column = "convert_to(payload, 'UTF8')"
    recorded_at_column = "(extract(epoch FROM recorded_at) * 1000000)::bigint"

    def __init__(self) -> None:
        super().__init__()
        self.timestamps = Timestamps(epoch_microseconds_to_datetime)

    def one_statement(self, events: int, mails: int, snapshot: bool, summary: bool) -> str:
        """The append as one statement: ``events`` (> 0) events, ``mails`` mails."""
        key = (events, mails, snapshot, summary)
        statement = self._statements.get(key)
        if statement is not None:
            return statement
        event_row = (
            "(%s::text, %s::integer, %s::text, %s::integer, %s::text, %s::timestamptz, %s::text)"
        )
        parts = [
            f"WITH cur AS (SELECT ({self.current_version}) AS version),"
            " ok AS (SELECT FROM cur WHERE cur.version = %s),"
            f" ins AS (INSERT INTO events ({_EVENT_COLUMNS})"
            f" SELECT * FROM (VALUES {', '.join([event_row] * events)}) AS e"
            " WHERE EXISTS (SELECT FROM ok) RETURNING version, position)"
        ]
        if mails:
            mail_row = "(%s::text, %s::text, %s::text, %s::bytea, %s::timestamptz)"
            parts.append(
                ", mail AS (INSERT INTO outbox (message_id, game, recipient, raw, created_at)"
                f" SELECT * FROM (VALUES {', '.join([mail_row] * mails)}) AS m"
                " WHERE EXISTS (SELECT FROM ok) ON CONFLICT (message_id) DO NOTHING)"
            )
        if snapshot:
            parts.append(
                ", snap AS (INSERT INTO projections (game, version, state_json)"
                " SELECT %s::text, %s::integer, %s::text WHERE EXISTS (SELECT FROM ok)"
                " ON CONFLICT (game) DO UPDATE"
                " SET version = excluded.version, state_json = excluded.state_json)"
            )
        if summary:
            summary_row = (
                "%s::text, %s::integer, %s::text, %s::text, %s::text, %s::text, %s::text,"
                " %s::integer, %s::integer, %s::integer, %s::timestamptz"
            )
            parts.append(
                f", summ AS (INSERT INTO game_summaries ({_SUMMARY_COLUMNS})"
                f" SELECT {summary_row} WHERE EXISTS (SELECT FROM ok)"
                f" ON CONFLICT (game) DO UPDATE SET {_SUMMARY_SET})"
            )
        parts.append(
            " SELECT cur.version, ins.version, ins.position FROM cur LEFT JOIN ins ON true"
        )
        statement = self._statements[key] = "".join(parts)
        return statement

    def append(
        self,
        conn: Any,
        game: str,
        expected_version: int,
        rows: list[Any],
        mails: list[MailRow],
        snapshot: SnapshotRow | None,
        inbox: Sequence[InboxMark] = (),
        summary: SummaryRow | None = None,
    ) -> dict[int, int]:
        count = len(rows) // 7
        if not 0 < count <= MAX_ROWS or len(mails) > MAX_MAILS or inbox:
            return self._append_in_transaction(
                conn, game, expected_version, rows, mails, snapshot, inbox, summary
            )
        statement = self.one_statement(count, len(mails), snapshot is not None, summary is not None)
        params: list[Any] = [game, expected_version, *rows]
        for mail in mails:
            params += mail
        if snapshot is not None:
            params += snapshot
        if summary is not None:
            params += summary
        result = self._autocommit_fetchall(conn, statement, params)
        current = result[0][0]
        if current != expected_version:
            raise ConcurrencyConflict(game, expected_version, current)
        return {version: position for _, version, position in result}

    def _append_in_transaction(
        self,
        conn: Any,
        game: str,
        expected_version: int,
        rows: list[Any],
        mails: list[MailRow],
        snapshot: SnapshotRow | None,
        inbox: Sequence[InboxMark] = (),
        summary: SummaryRow | None = None,
    ) -> dict[int, int]:
        cursor = conn.cursor()
        try:
            # psycopg opens the transaction (the connection is not in autocommit mode).
            cursor.execute(self.current_version, (game,))
            current = cursor.fetchone()[0]
            if current != expected_version:
                raise ConcurrencyConflict(game, expected_version, current)
            positions: dict[int, int] = {}
            step = MAX_ROWS * 7
            for start in range(0, len(rows), step):
                chunk = rows[start : start + step]
                insert = self.insert_events(len(chunk) // 7, " RETURNING version, position")
                cursor.execute(insert, chunk)
                positions.update(cursor.fetchall())
            self._finish_append(cursor, mails, snapshot, inbox, summary)
            conn.commit()
        except BaseException:
            conn.rollback()
            raise
        finally:
            cursor.close()
        return positions

    def fetchall(self, conn: Any, statement: str, params: Sequence[Any]) -> list[Any]:
        return self._autocommit_fetchall(conn, statement, params)

    @staticmethod
    def _autocommit_fetchall(conn: Any, statement: str, params: Sequence[Any]) -> list[Any]:
        # One statement, its own transaction: one round trip instead of BEGIN, it, COMMIT.
        # The pool's connections are not in autocommit mode: set it back before returning.
        conn.autocommit = True
        try:
            cursor = conn.cursor(binary=True)
            try:
                result: list[Any] = cursor.execute(statement, params).fetchall()
            finally:
                cursor.close()
        finally:
            # Cannot fail on a healthy idle connection; on a broken or busy one, ``release``
            # discards the connection and the original error propagates.
            with contextlib.suppress(Exception):
                conn.autocommit = False
        return result

    def release(self, fairy: PoolProxiedConnection) -> None:
        conn: Any = fairy.driver_connection
        if conn is not None and conn.autocommit:
            fairy.invalidate()
        fairy.close()


def hot_path_sql(dialect: Dialect) -> HotPathSQL:
    if dialect.name == "sqlite":
        return SQLiteSQL()
    if dialect.name == "postgresql":
        return PostgreSQL()
    raise ValueError(f"unsupported database for the lgmail store: {dialect.name!r}")

"""The event store: one append-only stream of events per game, an outbox and projections."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from sqlalchemy import URL, Connection, Dialect, Engine, bindparam, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from lgmail.store import migrate
from lgmail.store import outbox as _outbox
from lgmail.store.engine import SQLITE_IMMEDIATE, create_store_engine
from lgmail.store.errors import ConcurrencyConflict
from lgmail.store.model import NewEvent, OutgoingMail, RecordedEvent
from lgmail.store.schema import EVENTS_GAME_VERSION_UNIQUE, events, projections

SQLITE_FILENAME = "lgmail.sqlite3"

_c = events.c

_CURRENT_VERSION = select(func.coalesce(func.max(_c.version), 0)).where(
    _c.game == bindparam("game")
)

_STREAM_COLUMNS = (
    _c.position,
    _c.version,
    _c.type,
    _c.schema_version,
    _c.payload,
    _c.recorded_at,
    _c.cause,
)
_READ_STREAM = (
    select(*_STREAM_COLUMNS)
    .where(_c.game == bindparam("game"), _c.version > bindparam("after"))
    .order_by(_c.version)
)
_READ_STREAM_UPTO = _READ_STREAM.where(_c.version <= bindparam("upto"))

_READ_ALL = (
    select(
        _c.position,
        _c.game,
        _c.version,
        _c.type,
        _c.schema_version,
        _c.payload,
        _c.recorded_at,
        _c.cause,
    )
    .where(_c.position > bindparam("after"))
    .order_by(_c.position)
)

_GAMES = select(_c.game).group_by(_c.game).order_by(func.min(_c.position))

_SNAPSHOT = select(projections.c.version, projections.c.state_json).where(
    projections.c.game == bindparam("game")
)


def _dumps(payload: dict[str, Any]) -> str:
    if not isinstance(payload, dict):
        raise TypeError(f"event payload must be a dict, got {type(payload).__name__}")
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _require_aware(name: str, value: datetime) -> None:
    if not isinstance(value, datetime):
        raise TypeError(f"{name} must be a datetime, got {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware, got naive {value!r}")


def _is_version_conflict(exc: IntegrityError) -> bool:
    message = str(exc.orig)
    return EVENTS_GAME_VERSION_UNIQUE in message or "events.game, events.version" in message


class _AppendSQL:
    """Pre-rendered SQL of the append hot path, for one dialect.

    Plain SQL run with ``Connection.exec_driver_sql``: SQLAlchemy's per-statement work
    (cache lookup, bind processing, "insertmanyvalues" batching of an executemany with
    RETURNING) cost more than the database itself, making an append about a third slower
    on SQLite. The events of one append go in one multi-row ``INSERT ... RETURNING``
    (chunks of ``MAX_ROWS`` rows, below both databases' bound-parameter limits).
    """

    COLUMNS = 7
    MAX_ROWS = 500

    def __init__(self, dialect: Dialect) -> None:
        placeholder = "?" if dialect.paramstyle == "qmark" else "%s"
        self._row = "(" + ", ".join([placeholder] * self.COLUMNS) + ")"
        self.current_version = (
            f"SELECT coalesce(max(version), 0) FROM events WHERE game = {placeholder}"
        )
        # The column type's own conversion: aware UTC for psycopg, SQLAlchemy's text for SQLite.
        processor = events.c.recorded_at.type.bind_processor(dialect)
        self.timestamp: Callable[[datetime], Any] = processor or (lambda value: value)
        self._inserts: dict[int, str] = {}

    def insert_events(self, rows: int) -> str:
        statement = self._inserts.get(rows)
        if statement is None:
            statement = self._inserts[rows] = (
                "INSERT INTO events"
                " (game, version, type, schema_version, payload, recorded_at, cause)"
                f" VALUES {', '.join([self._row] * rows)}"
                " RETURNING position, version"
            )
        return statement


class EventStore:
    """Append-only event streams (one per game) on SQLite or PostgreSQL.

    Opening a store runs the Alembic migrations up to head. Events are never updated nor
    deleted: the store has no method to do so and database triggers refuse it
    (:class:`AppendOnlyViolation`). The outbox (mail to send) and the projections (one
    snapshot row per game) are written in the same transaction as the events.

    Thread-safe: connections come from the engine's pool, one per call.
    """

    url: str

    def __init__(self, url: str) -> None:
        self.url = url
        self._engine = create_store_engine(url)
        # Same pool and listeners; its transactions BEGIN IMMEDIATE on SQLite.
        self._writer = self._engine.execution_options(**{SQLITE_IMMEDIATE: True})
        self._dialect = self._engine.dialect.name
        self._append_sql = _AppendSQL(self._engine.dialect)
        self._insert_mail = _outbox.insert_ignoring_duplicates(self._dialect)
        upsert = (postgresql.insert if self._dialect == "postgresql" else sqlite.insert)(
            projections
        )
        self._upsert_snapshot = upsert.on_conflict_do_update(
            index_elements=["game"],
            set_={"version": upsert.excluded.version, "state_json": upsert.excluded.state_json},
        )
        self._claims = threading.local()
        try:
            with self._writer.begin() as conn:
                migrate.upgrade(conn)
        except BaseException:
            self._engine.dispose()
            raise

    @classmethod
    def for_data_dir(cls, data_dir: Path) -> EventStore:
        """The SQLite store ``data_dir/lgmail.sqlite3``, creating ``data_dir`` if missing."""
        data_dir = Path(data_dir).expanduser()
        data_dir.mkdir(parents=True, exist_ok=True)
        url = URL.create("sqlite", database=str((data_dir / SQLITE_FILENAME).resolve()))
        return cls(url.render_as_string(hide_password=False))

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine (for maintenance and tests; the store API does not need it)."""
        return self._engine

    # -- writing -----------------------------------------------------------------------------

    def append(
        self,
        game: str,
        expected_version: int,
        events: Sequence[NewEvent],
        recorded_at: datetime,
        outbox: Sequence[OutgoingMail] = (),
        snapshot: str | None = None,
    ) -> list[RecordedEvent]:
        """Append ``events`` to the stream of ``game``, in one transaction.

        The stream must be at ``expected_version`` (0 for a new stream); the events get versions
        ``expected_version + 1``... In the same transaction the ``outbox`` mail is inserted
        (a ``message_id`` already present is ignored) and, when ``snapshot`` is given, the
        game's projection row is set to ``(expected_version + len(events), snapshot)``.
        ``events`` may be empty (the version check, mail and snapshot still apply).

        Raises :class:`ConcurrencyConflict`, having written nothing, when the stream is not at
        ``expected_version``: checked by reading the current version and, for writers racing
        past that check on PostgreSQL, by the UNIQUE (game, version) constraint.
        ``recorded_at`` must be timezone-aware (``ValueError`` otherwise).
        """
        if not game:
            raise ValueError("game must be a non-empty string")
        if expected_version < 0:
            raise ValueError(f"expected_version must be >= 0, got {expected_version}")
        _require_aware("recorded_at", recorded_at)
        payloads = [_dumps(e.payload) for e in events]
        sql = self._append_sql
        timestamp = sql.timestamp(recorded_at)
        params: list[Any] = []
        for version, (e, payload) in enumerate(
            zip(events, payloads, strict=True), start=expected_version + 1
        ):
            params += (game, version, e.type, e.schema_version, payload, timestamp, e.cause)
        mails = _outbox.mail_rows(outbox, recorded_at)
        try:
            with self._writer.begin() as conn:
                current = conn.exec_driver_sql(sql.current_version, (game,)).scalar_one()
                if current != expected_version:
                    raise ConcurrencyConflict(game, expected_version, current)
                positions: dict[int, int] = {}
                step = _AppendSQL.MAX_ROWS * _AppendSQL.COLUMNS
                for start in range(0, len(params), step):
                    chunk = params[start : start + step]
                    insert_sql = sql.insert_events(len(chunk) // _AppendSQL.COLUMNS)
                    for position, version in conn.exec_driver_sql(insert_sql, tuple(chunk)):
                        positions[version] = position
                if mails:
                    conn.execute(self._insert_mail, mails)
                if snapshot is not None:
                    conn.execute(
                        self._upsert_snapshot,
                        {
                            "game": game,
                            "version": expected_version + len(payloads),
                            "state_json": snapshot,
                        },
                    )
        except IntegrityError as exc:
            if _is_version_conflict(exc):
                raise ConcurrencyConflict(game, expected_version, None) from exc
            raise
        recorded_at_utc = recorded_at.astimezone(UTC)
        return [
            RecordedEvent(
                position=positions[version],
                game=game,
                version=version,
                type=e.type,
                schema_version=e.schema_version,
                payload=json.loads(payload),
                recorded_at=recorded_at_utc,
                cause=e.cause,
            )
            for version, (e, payload) in enumerate(
                zip(events, payloads, strict=True), start=expected_version + 1
            )
        ]

    # -- reading -----------------------------------------------------------------------------

    def read(
        self, game: str, after_version: int = 0, upto_version: int | None = None
    ) -> list[RecordedEvent]:
        """Events of ``game`` with ``after_version < version <= upto_version``, in order."""
        with self._engine.begin() as conn:
            if upto_version is None:
                result = conn.execute(_READ_STREAM, {"game": game, "after": after_version})
            else:
                result = conn.execute(
                    _READ_STREAM_UPTO,
                    {"game": game, "after": after_version, "upto": upto_version},
                )
            loads = json.loads
            return [
                RecordedEvent(position, game, version, type_, schema, loads(payload), at, cause)
                for position, version, type_, schema, payload, at, cause in result
            ]

    def read_all(self, after_position: int = 0, limit: int | None = None) -> list[RecordedEvent]:
        """Events of every game with ``position > after_position``, by position.

        Caveat on PostgreSQL: positions come from a sequence, taken when a transaction inserts
        and visible when it commits; two concurrent appends can commit out of position order.
        A reader following all games that remembers the last position seen may then skip an
        event that becomes visible later with a smaller position. Re-read a margin behind the
        last position, or only trust positions older than the longest append transaction.
        SQLite serialises writers, so its positions become visible in order.
        """
        stmt = _READ_ALL if limit is None else _READ_ALL.limit(limit)
        with self._engine.begin() as conn:
            result = conn.execute(stmt, {"after": after_position})
            loads = json.loads
            return [
                RecordedEvent(position, game, version, type_, schema, loads(payload), at, cause)
                for position, game, version, type_, schema, payload, at, cause in result
            ]

    def version(self, game: str) -> int:
        """Current version of the stream of ``game``, 0 when it has no event."""
        with self._engine.begin() as conn:
            return int(conn.execute(_CURRENT_VERSION, {"game": game}).scalar_one())

    def games(self) -> list[str]:
        """Names of the games that have events, by position of their first event."""
        with self._engine.begin() as conn:
            return list(conn.execute(_GAMES).scalars())

    def snapshot(self, game: str) -> tuple[int, str] | None:
        """The stored projection of ``game``: ``(version, state_json)``, or ``None``."""
        with self._engine.begin() as conn:
            row = conn.execute(_SNAPSHOT, {"game": game}).first()
        return None if row is None else (int(row[0]), str(row[1]))

    # -- outbox ------------------------------------------------------------------------------

    def pending_mail(self, limit: int = 100) -> list[tuple[int, OutgoingMail]]:
        """Unsent outbox rows ``(outbox_id, mail)``, oldest first (no lock taken)."""
        with self._engine.begin() as conn:
            return _outbox.select_pending(conn, limit, lock=False)

    @contextmanager
    def claim_mail(self, limit: int = 100) -> Iterator[list[tuple[int, OutgoingMail]]]:
        """A transaction holding up to ``limit`` unsent outbox rows; yields them.

        Deliver each mail and call :meth:`mark_sent` inside the ``with`` block, from the same
        thread: it then runs in this transaction, committed at the end of the block (an
        exception rolls every mark back, so those mails will be claimed again).

        PostgreSQL: the rows are locked ``FOR UPDATE SKIP LOCKED``, so concurrent claimers get
        disjoint rows without waiting. SQLite: the transaction is ``BEGIN IMMEDIATE``, which
        holds the database's write lock for the whole block: other claimers and appends wait
        (up to the busy timeout, 5 s), so keep the block short, and do not :meth:`append`
        from inside it (that append would wait for the claim, which waits for the append).
        """
        if getattr(self._claims, "conn", None) is not None:
            raise RuntimeError("claim_mail is already active in this thread")
        with self._writer.begin() as conn:
            claimed = _outbox.select_pending(conn, limit, lock=True)
            self._claims.conn = conn
            try:
                yield claimed
            finally:
                self._claims.conn = None

    def mark_sent(self, outbox_id: int, sent_at: datetime) -> None:
        """Record that outbox row ``outbox_id`` was delivered at ``sent_at`` (aware).

        Inside :meth:`claim_mail` (same thread) this joins the claim's transaction; otherwise
        it commits on its own. Marking a row already sent keeps the first ``sent_at``; an
        unknown id raises ``KeyError``.
        """
        _require_aware("sent_at", sent_at)
        claim: Connection | None = getattr(self._claims, "conn", None)
        if claim is not None:
            _outbox.mark_sent(claim, outbox_id, sent_at)
            return
        with self._writer.begin() as conn:
            _outbox.mark_sent(conn, outbox_id, sent_at)

    # -- lifecycle ---------------------------------------------------------------------------

    def close(self) -> None:
        """Close the pooled connections (the store must not be used afterwards)."""
        self._engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"EventStore({self._engine.url.render_as_string(hide_password=True)!r})"

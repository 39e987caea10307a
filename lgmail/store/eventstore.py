"""The event store: one append-only stream of events per game, an outbox and projections."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from sqlalchemy import URL, Engine, bindparam, func, literal_column, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.pool import PoolProxiedConnection

from lgmail.store.codec import (
    encode_payload,
    exact_loads,
    fast_loads_for,
    load_payloads,
    new_instance,
    set_attribute,
)
from lgmail.store.engine import Writer, create_store_engine
from lgmail.store.errors import AppendOnlyViolation, ConcurrencyConflict
from lgmail.store.hotpath import (
    AllRow,
    InboxMark,
    MailRow,
    SnapshotRow,
    StreamRow,
    SummaryRow,
    hot_path_sql,
)
from lgmail.store.model import (
    NewEvent,
    OutgoingMail,
    RecordedEvent,
    Summary,
    require_aware,
)
from lgmail.store.queues import MailQueues
from lgmail.store.schema import (
    APPEND_ONLY_MESSAGE,
    EVENTS_GAME_VERSION_UNIQUE,
    events,
    game_summaries,
    projections,
    secrets,
)
from lgmail.store.schema_head import HEAD

SQLITE_FILENAME = "lgmail.sqlite3"

_c = events.c

_CURRENT_VERSION = select(func.coalesce(func.max(_c.version), 0)).where(
    _c.game == bindparam("game")
)

#: each game's first event is its version 1 (``ix_events_first``: one index row a game)
#: (a literal 1: a partial index serves a query whose condition is written as its own is)
_GAMES = select(_c.game).where(_c.version == literal_column("1")).order_by(_c.position)

_SUMMARIES = select(*(game_summaries.c[name] for name in Summary.__dataclass_fields__)).order_by(
    game_summaries.c.game
)

_VERSIONS = select(_c.game, func.max(_c.version)).group_by(_c.game)

_LAST_POSITION = select(func.coalesce(func.max(_c.position), 0))

_GAMES_SINCE = (
    select(_c.game, func.max(_c.position)).where(_c.position > bindparam("after")).group_by(_c.game)
)

_SNAPSHOT = select(projections.c.version, projections.c.state_json).where(
    projections.c.game == bindparam("game")
)


def _dumps(payload: dict[str, Any]) -> str:
    if not isinstance(payload, dict):
        raise TypeError(f"event payload must be a dict, got {type(payload).__name__}")
    return encode_payload(payload)


def _is_version_conflict(exc: BaseException) -> bool:
    message = str(exc)
    return EVENTS_GAME_VERSION_UNIQUE in message or "events.game, events.version" in message


def _stream_events(
    rows: list[StreamRow], game: str, stamps_get: Any, stamps_miss: Any, loads: Any
) -> list[RecordedEvent]:
    """RecordedEvents of one game's rows (the store's innermost loop: kept flat)."""
    new = new_instance
    set_dict = set_attribute
    cls = RecordedEvent
    result: list[RecordedEvent] = []
    append = result.append
    for position, version, type_, schema_version, payload, raw_at, cause in rows:
        recorded_at = stamps_get(raw_at)
        if recorded_at is None:
            recorded_at = stamps_miss(raw_at)
        event = new(cls)
        set_dict(
            event,
            "__dict__",
            {
                "position": position,
                "game": game,
                "version": version,
                "type": type_,
                "schema_version": schema_version,
                "payload": loads(payload),
                "recorded_at": recorded_at,
                "cause": cause,
            },
        )
        append(event)
    return result


def _all_events(
    rows: list[AllRow], stamps_get: Any, stamps_miss: Any, loads: Any
) -> list[RecordedEvent]:
    new = new_instance
    set_dict = set_attribute
    cls = RecordedEvent
    result: list[RecordedEvent] = []
    append = result.append
    for position, game, version, type_, schema_version, payload, raw_at, cause in rows:
        recorded_at = stamps_get(raw_at)
        if recorded_at is None:
            recorded_at = stamps_miss(raw_at)
        event = new(cls)
        set_dict(
            event,
            "__dict__",
            {
                "position": position,
                "game": game,
                "version": version,
                "type": type_,
                "schema_version": schema_version,
                "payload": loads(payload),
                "recorded_at": recorded_at,
                "cause": cause,
            },
        )
        append(event)
    return result


class EventStore(MailQueues):
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
        # Same pool and listeners; its transactions BEGIN IMMEDIATE on SQLite, one thread of
        # this process at a time.
        self._writer = Writer(self._engine)
        # Plain SQL of append and read, run on the pool's DBAPI connections (see hotpath).
        self._append_sql = hot_path_sql(self._engine.dialect)
        self._dbapi_error: type[Exception] = self._engine.dialect.loaded_dbapi.Error
        self._claims = threading.local()
        try:
            self._migrate()
        except BaseException:
            self._engine.dispose()
            raise

    def _migrate(self, attempts: int = 6) -> None:
        """Bring the schema to head. Processes starting together on one SQLite file take
        turns; one that waited past the busy timeout (a loaded machine) tries again. A store
        at head already is only read (the migrations, Alembic's, are not even loaded)."""
        if self._at_head():
            return
        from lgmail.store import migrate

        for attempt in range(attempts):
            try:
                with self._writer.begin() as conn:
                    migrate.upgrade(conn)
                return
            except OperationalError as error:
                if "locked" not in str(error) or attempt == attempts - 1:
                    raise
                time.sleep(0.5 * (attempt + 1))

    def _at_head(self) -> bool:
        try:
            with self._engine.connect() as conn:
                found = conn.exec_driver_sql("SELECT version_num FROM alembic_version").all()
        except DBAPIError:
            return False  # a new database
        return [tuple(row) for row in found] == [(HEAD,)]

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
        inbox: tuple[int, str] | None = None,
        inboxes: Sequence[tuple[int, str]] = (),
        summary: Summary | None = None,
    ) -> list[RecordedEvent]:
        """Append ``events`` to the stream of ``game``, in one transaction.

        The stream must be at ``expected_version`` (0 for a new stream); the events get versions
        ``expected_version + 1``... In the same transaction the ``outbox`` mail is inserted
        (a ``message_id`` already present is ignored) and, when ``snapshot`` is given, the
        game's projection row is set to ``(expected_version + len(events), snapshot)``.
        ``events`` may be empty (the version check, mail and snapshot still apply).
        ``inbox=(inbox_id, outcome)`` marks that inbox row processed in the same transaction;
        :class:`InboxAlreadyProcessed` (nothing written) when it already was; ``inboxes``
        marks several rows so (the mails of one game processed together). ``summary``: the
        game's row of ``game_summaries`` as of these events, set in the same transaction.

        Raises :class:`ConcurrencyConflict`, having written nothing, when the stream is not at
        ``expected_version``: checked by reading the current version in the transaction that
        inserts and, for writers racing past that check on PostgreSQL, by the UNIQUE
        (game, version) constraint. ``recorded_at`` must be timezone-aware (``ValueError``
        otherwise).
        """
        if not game:
            raise ValueError("game must be a non-empty string")
        if expected_version < 0:
            raise ValueError(f"expected_version must be >= 0, got {expected_version}")
        require_aware("recorded_at", recorded_at)
        payloads = [_dumps(e.payload) for e in events]
        sql = self._append_sql
        timestamp = sql.timestamp(recorded_at)
        rows: list[Any] = []
        version = expected_version
        for e, payload in zip(events, payloads, strict=True):
            version += 1
            rows += (game, version, e.type, e.schema_version, payload, timestamp, e.cause)
        mails: list[MailRow] = []
        for mail in outbox:
            if not isinstance(mail.raw, bytes):
                raise TypeError(f"OutgoingMail.raw must be bytes, got {type(mail.raw).__name__}")
            mails.append((mail.message_id, mail.game, mail.recipient, mail.raw, timestamp))
        snapshot_row: SnapshotRow | None = (
            None if snapshot is None else (game, expected_version + len(payloads), snapshot)
        )
        summary_row: SummaryRow | None = (
            None
            if summary is None
            else (
                summary.game,
                summary.version,
                summary.variant,
                summary.lang,
                summary.mj,
                summary.status,
                summary.phase,
                summary.number,
                summary.players,
                summary.living,
                None if summary.due_at is None else sql.timestamp(summary.due_at),
            )
        )
        marks = [*([] if inbox is None else [inbox]), *inboxes]
        inbox_marks: list[InboxMark] = [(timestamp, outcome, row) for row, outcome in marks]
        fairy = self._engine.raw_connection()
        try:
            with self._writer.gate:
                positions = sql.append(
                    fairy.driver_connection,
                    game,
                    expected_version,
                    rows,
                    mails,
                    snapshot_row,
                    inbox_marks,
                    summary_row,
                )
        except self._dbapi_error as exc:
            if _is_version_conflict(exc):
                raise ConcurrencyConflict(game, expected_version, None) from exc
            raise self._translate(exc, fairy, "append") from exc
        finally:
            sql.release(fairy)
        recorded_at_utc = recorded_at.astimezone(UTC)
        new = new_instance
        set_dict = set_attribute
        result: list[RecordedEvent] = []
        version = expected_version
        for e, decoded in zip(events, load_payloads(payloads), strict=True):
            version += 1
            event = new(RecordedEvent)
            set_dict(
                event,
                "__dict__",
                {
                    "position": positions[version],
                    "game": game,
                    "version": version,
                    "type": e.type,
                    "schema_version": e.schema_version,
                    "payload": decoded,
                    "recorded_at": recorded_at_utc,
                    "cause": e.cause,
                },
            )
            result.append(event)
        return result

    def _translate(
        self, exc: Exception, fairy: PoolProxiedConnection, statement: str
    ) -> BaseException:
        """A DBAPI error of a hot path as SQLAlchemy (and the engine's listener) would raise it."""
        if APPEND_ONLY_MESSAGE in str(exc):
            return AppendOnlyViolation(str(exc).strip().splitlines()[0])
        dialect = self._engine.dialect
        invalidated = dialect.is_disconnect(exc, fairy.dbapi_connection, None)  # type: ignore[arg-type]
        if invalidated:
            fairy.invalidate(exc)
        return DBAPIError.instance(
            statement,
            None,
            exc,
            self._dbapi_error,
            connection_invalidated=invalidated,
            dialect=dialect,
        )

    # -- reading -----------------------------------------------------------------------------

    def read(
        self, game: str, after_version: int = 0, upto_version: int | None = None
    ) -> list[RecordedEvent]:
        """Events of ``game`` with ``after_version < version <= upto_version``, in order."""
        sql = self._append_sql
        fairy = self._engine.raw_connection()
        try:
            rows = sql.read_stream_rows(fairy.driver_connection, game, after_version, upto_version)
        except self._dbapi_error as exc:
            raise self._translate(exc, fairy, "read") from exc
        finally:
            sql.release(fairy)
        stamps = sql.timestamps
        loads = fast_loads_for([row[4] for row in rows])
        try:
            return _stream_events(rows, game, stamps.get, stamps.miss, loads)
        except ValueError:
            if loads is exact_loads:
                raise
            # orjson refused a payload: decode them all as json.loads does (or fails).
            return _stream_events(rows, game, stamps.get, stamps.miss, exact_loads)

    def read_all(self, after_position: int = 0, limit: int | None = None) -> list[RecordedEvent]:
        """Events of every game with ``position > after_position``, by position.

        Caveat on PostgreSQL: positions come from a sequence, taken when a transaction inserts
        and visible when it commits; two concurrent appends can commit out of position order.
        A reader following all games that remembers the last position seen may then skip an
        event that becomes visible later with a smaller position. Re-read a margin behind the
        last position, or only trust positions older than the longest append transaction.
        SQLite serialises writers, so its positions become visible in order.
        """
        sql = self._append_sql
        fairy = self._engine.raw_connection()
        try:
            rows = sql.read_all_rows(fairy.driver_connection, after_position, limit)
        except self._dbapi_error as exc:
            raise self._translate(exc, fairy, "read_all") from exc
        finally:
            sql.release(fairy)
        stamps = sql.timestamps
        loads = fast_loads_for([row[5] for row in rows])
        try:
            return _all_events(rows, stamps.get, stamps.miss, loads)
        except ValueError:
            if loads is exact_loads:
                raise
            return _all_events(rows, stamps.get, stamps.miss, exact_loads)

    def version(self, game: str) -> int:
        """Current version of the stream of ``game``, 0 when it has no event."""
        with self._engine.begin() as conn:
            return int(conn.execute(_CURRENT_VERSION, {"game": game}).scalar_one())

    def games(self) -> list[str]:
        """Names of the games that have events, by position of their first event."""
        with self._engine.begin() as conn:
            return list(conn.execute(_GAMES).scalars())

    def summaries(self) -> list[Summary]:
        """Every game's summary (``game_summaries``: written with each of its commits), by
        name; a game stored before its table has none until a service starts."""
        with self._engine.begin() as conn:
            rows = conn.execute(_SUMMARIES).all()
        return [Summary(*row) for row in rows]

    def versions(self) -> dict[str, int]:
        """Every game's current version, in one query (the (game, version) index)."""
        with self._engine.begin() as conn:
            return {str(game): int(version) for game, version in conn.execute(_VERSIONS)}

    def last_position(self) -> int:
        """The largest position of the store's events (0: none)."""
        with self._engine.begin() as conn:
            return int(conn.execute(_LAST_POSITION).scalar_one())

    def games_since(self, after_position: int) -> tuple[list[str], int]:
        """The games with events after `after_position`, and the largest position read (or
        `after_position`). On PostgreSQL an event may become visible after one with a larger
        position (see `read_all`): a follower asks again a margin behind."""
        with self._engine.begin() as conn:
            rows = conn.execute(_GAMES_SINCE, {"after": after_position}).all()
        return [str(game) for game, _ in rows], max(
            (int(last) for _, last in rows), default=after_position
        )

    def shared_secret(self, name: str, proposed: str) -> str:
        """The secret `name` every worker of this database uses: `proposed` when the database
        had none (the first worker's), else the one it holds."""
        table = secrets
        insert = sqlite_insert if self._engine.dialect.name == "sqlite" else pg_insert
        with self._engine.begin() as conn:
            conn.execute(insert(table).values(name=name, value=proposed).on_conflict_do_nothing())
            found = conn.execute(select(table.c.value).where(table.c.name == name)).scalar_one()
        return str(found)

    def snapshot(self, game: str) -> tuple[int, str] | None:
        """The stored projection of ``game``: ``(version, state_json)``, or ``None``."""
        with self._engine.begin() as conn:
            row = conn.execute(_SNAPSHOT, {"game": game}).first()
        return None if row is None else (int(row[0]), str(row[1]))

    # -- lifecycle ---------------------------------------------------------------------------

    def close(self) -> None:
        """Close the pooled connections and those the writer keeps (the store must not be used
        afterwards)."""
        self._writer.close()
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

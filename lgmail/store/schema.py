"""Table definitions (SQLAlchemy Core) used by the store's queries.

The DDL itself is owned by the Alembic migrations in ``lgmail/store/migrations``; these
definitions must describe the same tables (a test compares them with the migrated database).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    Dialect,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    Table,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.types import TypeDecorator

EVENTS_GAME_VERSION_UNIQUE = "uq_events_game_version"
APPEND_ONLY_MESSAGE = "events are append-only"

# INTEGER PRIMARY KEY on SQLite (an alias of the rowid, required for autoincrement),
# BIGINT on PostgreSQL.
_BigId = BigInteger().with_variant(Integer(), "sqlite")


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC datetime on both dialects.

    PostgreSQL stores a ``timestamptz``; SQLite stores SQLAlchemy's text form of the UTC time
    (without offset). Naive datetimes are refused on the way in; values always come back
    aware, in UTC.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime refused: {value!r}")
        value = value.astimezone(UTC)
        if dialect.name == "sqlite":
            return value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


metadata = MetaData()

events = Table(
    "events",
    metadata,
    Column("position", _BigId, primary_key=True, autoincrement=True),
    Column("game", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("type", Text, nullable=False),
    Column("schema_version", Integer, nullable=False),
    Column("payload", Text, nullable=False),
    Column("recorded_at", UTCDateTime, nullable=False),
    Column("cause", Text, nullable=False),
    # Also the index of every lookup by game (migration 0002 dropped a separate one). On
    # SQLite, position is the rowid without AUTOINCREMENT: events are never deleted, so the
    # largest position + 1 never reuses one.
    UniqueConstraint("game", "version", name=EVENTS_GAME_VERSION_UNIQUE),
    # Each game's first event: the list of games reads one row a game (migration 0009).
    Index(
        "ix_events_first",
        "position",
        postgresql_where=text("version = 1"),
        sqlite_where=text("version = 1"),
    ),
)

outbox = Table(
    "outbox",
    metadata,
    Column("id", _BigId, primary_key=True, autoincrement=True),
    Column("message_id", Text, nullable=False),
    Column("game", Text, nullable=False),
    Column("recipient", Text, nullable=False),
    Column("raw", LargeBinary, nullable=False),
    Column("created_at", UTCDateTime, nullable=False),
    Column("sent_at", UTCDateTime, nullable=True),
    # Delivery retries (migration 0004): failed attempts so far, not claimed before
    # next_attempt_at, the last failure's text, and failed_at once given up.
    Column("attempts", Integer, nullable=False, server_default=text("0")),
    Column("next_attempt_at", UTCDateTime, nullable=True),
    Column("last_error", Text, nullable=True),
    Column("failed_at", UTCDateTime, nullable=True),
    # The process that leased the row (migration 0008), released when it is found dead.
    Column("leased_by", Text, nullable=True),
    UniqueConstraint("message_id", name="uq_outbox_message_id"),
    # Partial index: finding unsent mail stays cheap however much mail was sent (or given up).
    Index(
        "ix_outbox_unsent",
        "id",
        postgresql_where=text("sent_at IS NULL AND failed_at IS NULL"),
        sqlite_where=text("sent_at IS NULL AND failed_at IS NULL"),
    ),
    Index(
        "ix_outbox_failed",
        "failed_at",
        postgresql_where=text("failed_at IS NOT NULL"),
        sqlite_where=text("failed_at IS NOT NULL"),
    ),
    # Counting the recent answers to one address (the rate limit against mail loops).
    Index("ix_outbox_recipient", "recipient", "created_at"),
)

inbox = Table(
    "inbox",
    metadata,
    Column("id", _BigId, primary_key=True, autoincrement=True),
    Column("message_id", Text, nullable=False),
    Column("recipient", Text, nullable=False),
    Column("raw", LargeBinary, nullable=False),
    Column("received_at", UTCDateTime, nullable=False),
    Column("processed_at", UTCDateTime, nullable=True),
    Column("outcome", Text, nullable=True),
    #: the game the recipient address belongs to, when the mail was accepted (migration 0007)
    Column("game", Text, nullable=True),
    UniqueConstraint("message_id", "recipient", name="uq_inbox_message_recipient"),
    Index(
        "ix_inbox_pending",
        "id",
        postgresql_where=text("processed_at IS NULL"),
        sqlite_where=text("processed_at IS NULL"),
    ),
    # A sender's recent mails to one of his addresses (migration 0005).
    Index("ix_inbox_recipient", "recipient", "processed_at"),
)

projections = Table(
    "projections",
    metadata,
    Column("game", Text, primary_key=True),
    Column("version", Integer, nullable=False),
    Column("state_json", Text, nullable=False),
)

#: each game as its lists and its scheduler see it (migration 0010): written with each of its
#: commits, so that neither reads every game's log (``lgmail.store.model.Summary``)
game_summaries = Table(
    "game_summaries",
    metadata,
    Column("game", Text, primary_key=True),
    Column("version", Integer, nullable=False),
    Column("variant", Text, nullable=False),
    Column("lang", Text, nullable=False),
    Column("mj", Text, nullable=True),
    Column("status", Text, nullable=False),
    Column("phase", Text, nullable=False),
    Column("number", Integer, nullable=False),
    Column("players", Integer, nullable=False),
    Column("living", Integer, nullable=False),
    Column("due_at", UTCDateTime, nullable=True),
    Index("ix_game_summaries_mj", "mj"),
)

#: the secrets every worker on this database shares (migration 0006): the key of the reply
#: addresses' tokens, so that a token one worker mints is known by every other
secrets = Table(
    "secrets",
    metadata,
    Column("name", Text, primary_key=True),
    Column("value", Text, nullable=False),
)

#: who works on what until when (migration 0007): one row per game being played by a process
#: (its inbox rows, its ticks), and one per live `serve` process ("serve:HOST:PID")
leases = Table(
    "leases",
    metadata,
    Column("name", Text, primary_key=True),
    Column("holder", Text, nullable=False),
    Column("until", UTCDateTime, nullable=False),
)

#: the lease of a live `serve` process: ``SERVE_PREFIX`` + the holder its outbox rows name
SERVE_PREFIX = "serve:"
#: the lease of a game being played
GAME_PREFIX = "game:"

"""Programmatic Alembic migrations of the event store (no ``alembic.ini``)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, text

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

# Any constant: serialises concurrent "upgrade head" runs on one PostgreSQL database.
_PG_MIGRATION_LOCK = 0x6C676D61696C  # "lgmail"


def alembic_config(connection: Connection | None = None, url: str | None = None) -> Config:
    """An Alembic configuration for the store's migrations, built in code."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if url is not None:
        # ConfigParser interpolation: a literal "%" must be doubled.
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _lock(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_MIGRATION_LOCK})


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Upgrade the database of ``connection`` to ``revision``, in its current transaction.

    The caller commits. On PostgreSQL a transaction-level advisory lock serialises concurrent
    upgrades; on SQLite the caller should hold a write lock (``BEGIN IMMEDIATE``).
    """
    _lock(connection)
    command.upgrade(alembic_config(connection), revision)


def downgrade(connection: Connection, revision: str) -> None:
    """Downgrade the database of ``connection`` to ``revision`` (e.g. ``"base"``)."""
    _lock(connection)
    command.downgrade(alembic_config(connection), revision)


def current_revision(connection: Connection) -> str | None:
    """The revision the database is at, ``None`` when it was never migrated."""
    return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str:
    """The newest revision shipped with the code."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head

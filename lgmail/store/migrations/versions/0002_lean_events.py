"""Leaner events table: no redundant index; on SQLite, no AUTOINCREMENT bookkeeping.

* ``ix_events_game`` goes: the UNIQUE (game, version) index already serves every lookup by
  game (its leading column), and each append paid for maintaining both.
* SQLite: ``position`` stays the table's ``INTEGER PRIMARY KEY`` (its rowid) but loses
  ``AUTOINCREMENT``, which made every commit also rewrite the ``sqlite_sequence`` row. Without
  it a new row gets the largest position + 1: positions still only grow, since events are
  never deleted (the append-only triggers refuse it; a rolled back insert was never visible).
  SQLite cannot drop AUTOINCREMENT in place: the table is rebuilt, rows and positions copied,
  and its append-only triggers created again.

PostgreSQL keeps its sequence-backed ``position``. Rows survive the upgrade and the downgrade.

Revision ID: 0002_lean_events
Revises: 0001_initial
Create Date: 2024-06-15
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_lean_events"
down_revision = "0001_initial"
branch_labels = None
depends_on = None

_SQLITE_TRIGGERS: tuple[str, ...] = (
    """
    CREATE TRIGGER events_no_update BEFORE UPDATE ON events
    BEGIN
        SELECT RAISE(ABORT, 'events are append-only');
    END
    """,
    """
    CREATE TRIGGER events_no_delete BEFORE DELETE ON events
    BEGIN
        SELECT RAISE(ABORT, 'events are append-only');
    END
    """,
)

_COLUMNS = "position, game, version, type, schema_version, payload, recorded_at, cause"


def _rebuild_sqlite_events(*, autoincrement: bool) -> None:
    """Recreate the SQLite events table (with or without AUTOINCREMENT), keeping its rows."""
    # Renaming moves the old table's triggers along; dropping it drops them (none fires).
    op.execute("ALTER TABLE events RENAME TO events_old")
    op.create_table(
        "events",
        sa.Column("position", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("type", sa.Text(), nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("cause", sa.Text(), nullable=False),
        sa.UniqueConstraint("game", "version", name="uq_events_game_version"),
        sqlite_autoincrement=autoincrement,
    )
    # Explicit positions: with AUTOINCREMENT, sqlite_sequence follows the largest one.
    op.execute(
        f"INSERT INTO events ({_COLUMNS}) SELECT {_COLUMNS} FROM events_old ORDER BY position"
    )
    op.drop_table("events_old")
    if not autoincrement:
        op.execute("DELETE FROM sqlite_sequence WHERE name IN ('events', 'events_old')")
    for statement in _SQLITE_TRIGGERS:
        op.execute(statement)


def upgrade() -> None:
    op.drop_index("ix_events_game", table_name="events")
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        _rebuild_sqlite_events(autoincrement=False)
    elif dialect != "postgresql":
        raise NotImplementedError(f"the lgmail store does not support {dialect}")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_sqlite_events(autoincrement=True)
    op.create_index("ix_events_game", "events", ["game"])

"""Initial tables: events (append-only), outbox, projections.

Revision ID: 0001_initial
Revises:
Create Date: 2024-06-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None

_BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

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

_POSTGRES_TRIGGERS: tuple[str, ...] = (
    """
    CREATE FUNCTION events_append_only() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION USING
            MESSAGE = 'events are append-only (' || TG_OP || ' refused)',
            ERRCODE = 'restrict_violation';
    END
    $$
    """,
    # Statement-level: fires even when no row matches, so any UPDATE or DELETE is refused.
    """
    CREATE TRIGGER events_no_update_delete BEFORE UPDATE OR DELETE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_append_only()
    """,
    """
    CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_append_only()
    """,
)


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("position", _BigId, primary_key=True, autoincrement=True),
        sa.Column("game", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("type", sa.Text(), nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("cause", sa.Text(), nullable=False),
        sa.UniqueConstraint("game", "version", name="uq_events_game_version"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_events_game", "events", ["game"])

    op.create_table(
        "outbox",
        sa.Column("id", _BigId, primary_key=True, autoincrement=True),
        sa.Column("message_id", sa.Text(), nullable=False),
        sa.Column("game", sa.Text(), nullable=False),
        sa.Column("recipient", sa.Text(), nullable=False),
        sa.Column("raw", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("message_id", name="uq_outbox_message_id"),
    )
    op.create_index(
        "ix_outbox_unsent",
        "outbox",
        ["id"],
        postgresql_where=sa.text("sent_at IS NULL"),
        sqlite_where=sa.text("sent_at IS NULL"),
    )

    op.create_table(
        "projections",
        sa.Column("game", sa.Text(), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state_json", sa.Text(), nullable=False),
    )

    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        statements = _SQLITE_TRIGGERS
    elif dialect == "postgresql":
        statements = _POSTGRES_TRIGGERS
    else:
        raise NotImplementedError(f"the lgmail store does not support {dialect}")
    for statement in statements:
        op.execute(statement)


def downgrade() -> None:
    # Dropping a table drops its triggers on both dialects (and fires none of them).
    op.drop_table("projections")
    op.drop_index("ix_outbox_unsent", table_name="outbox")
    op.drop_table("outbox")
    op.drop_index("ix_events_game", table_name="events")
    op.drop_table("events")
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION events_append_only()")

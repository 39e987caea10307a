"""Outbox retries: how often a mail was tried, when to try it next, why it failed, given up.

* ``attempts``: failed delivery attempts so far (0 for a new mail).
* ``next_attempt_at``: not claimed before that instant (NULL: at once).
* ``last_error``: the relay's answer (or the connection error) of the last failure.
* ``failed_at``: given up (a permanent failure, or temporary ones for too long); such a row is
  never claimed again and no longer counts as pending.

The partial index of unsent mail now leaves failed rows out as well.

Revision ID: 0004_outbox_retry
Revises: 0003_inbox
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_outbox_retry"
down_revision = "0003_inbox"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "outbox",
        sa.Column("attempts", sa.Integer(), nullable=False, server_default=sa.text("0")),
    )
    op.add_column("outbox", sa.Column("next_attempt_at", sa.DateTime(timezone=True)))
    op.add_column("outbox", sa.Column("last_error", sa.Text()))
    op.add_column("outbox", sa.Column("failed_at", sa.DateTime(timezone=True)))
    op.drop_index("ix_outbox_unsent", table_name="outbox")
    op.create_index(
        "ix_outbox_unsent",
        "outbox",
        ["id"],
        postgresql_where=sa.text("sent_at IS NULL AND failed_at IS NULL"),
        sqlite_where=sa.text("sent_at IS NULL AND failed_at IS NULL"),
    )
    op.create_index(
        "ix_outbox_failed",
        "outbox",
        ["failed_at"],
        postgresql_where=sa.text("failed_at IS NOT NULL"),
        sqlite_where=sa.text("failed_at IS NOT NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_outbox_failed", table_name="outbox")
    op.drop_index("ix_outbox_unsent", table_name="outbox")
    op.create_index(
        "ix_outbox_unsent",
        "outbox",
        ["id"],
        postgresql_where=sa.text("sent_at IS NULL"),
        sqlite_where=sa.text("sent_at IS NULL"),
    )
    # SQLite (3.35+) drops a column in place when no index or constraint names it.
    for column in ("failed_at", "last_error", "next_attempt_at", "attempts"):
        op.drop_column("outbox", column)

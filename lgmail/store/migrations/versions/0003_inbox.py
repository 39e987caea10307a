"""The inbox: every mail received, raw bytes kept, once per (Message-ID, recipient).

A row is processed once: its outcome and processed_at are set in the same transaction as the
events it caused (see ``EventStore.append(inbox=...)``).

Revision ID: 0003_inbox
Revises: 0002_lean_events
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_inbox"
down_revision = "0002_lean_events"
branch_labels = None
depends_on = None

_BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "inbox",
        sa.Column("id", _BigId, primary_key=True, autoincrement=True),
        sa.Column("message_id", sa.Text(), nullable=False),
        sa.Column("recipient", sa.Text(), nullable=False),
        sa.Column("raw", sa.LargeBinary(), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("processed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("outcome", sa.Text(), nullable=True),
        sa.UniqueConstraint("message_id", "recipient", name="uq_inbox_message_recipient"),
    )
    op.create_index(
        "ix_inbox_pending",
        "inbox",
        ["id"],
        postgresql_where=sa.text("processed_at IS NULL"),
        sqlite_where=sa.text("processed_at IS NULL"),
    )
    op.create_index("ix_outbox_recipient", "outbox", ["recipient", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_outbox_recipient", table_name="outbox")
    op.drop_index("ix_inbox_pending", table_name="inbox")
    op.drop_table("inbox")

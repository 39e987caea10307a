"""The inbox by recipient: a player's recent mails to one of his addresses, found without a
scan (the answers and relays one sender may cause are counted on them).

Revision ID: 0005_inbox_recipient
Revises: 0004_outbox_retry
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

revision = "0005_inbox_recipient"
down_revision = "0004_outbox_retry"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_inbox_recipient", "inbox", ["recipient", "processed_at"])


def downgrade() -> None:
    op.drop_index("ix_inbox_recipient", table_name="inbox")

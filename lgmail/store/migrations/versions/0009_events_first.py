"""An index of each game's first event (version 1), so that the list of games reads one row a
game instead of every event of the store.

Revision ID: 0009_events_first
Revises: 0008_outbox_leased_by
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_events_first"
down_revision = "0008_outbox_leased_by"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "ix_events_first",
        "events",
        ["position"],
        postgresql_where=sa.text("version = 1"),
        sqlite_where=sa.text("version = 1"),
    )


def downgrade() -> None:
    op.drop_index("ix_events_first", table_name="events")

"""Each game's summary (status, MJ, phase, counts, next deadline), written with each of its
commits: the lists of games and the scheduler's start-up read one row a game, not its log.
A game written before this revision gets its row the next time a service starts.

Revision ID: 0010_game_summaries
Revises: 0009_events_first
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_game_summaries"
down_revision = "0009_events_first"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_summaries",
        sa.Column("game", sa.Text(), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("variant", sa.Text(), nullable=False),
        sa.Column("lang", sa.Text(), nullable=False),
        sa.Column("mj", sa.Text(), nullable=True),
        sa.Column("status", sa.Text(), nullable=False),
        sa.Column("phase", sa.Text(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("living", sa.Integer(), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_game_summaries_mj", "game_summaries", ["mj"])


def downgrade() -> None:
    op.drop_index("ix_game_summaries_mj", table_name="game_summaries")
    op.drop_table("game_summaries")

"""Work shared between processes: each inbox row names its game (known when the mail is
accepted), and a lease per game (or per named job) says which process works on it until when,
so that the mails of one game are played in their order by one process at a time, and a
process that dies frees its games when its leases run out.

Revision ID: 0007_work_leases
Revises: 0006_shared_secret
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_work_leases"
down_revision = "0006_shared_secret"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("inbox") as batch:
        batch.add_column(sa.Column("game", sa.Text(), nullable=True))
    op.create_table(
        "leases",
        sa.Column("name", sa.Text(), primary_key=True),
        sa.Column("holder", sa.Text(), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("leases")
    with op.batch_alter_table("inbox") as batch:
        batch.drop_column("game")

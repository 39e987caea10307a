"""Each leased outbox row names the process that leased it, so that the mails of a worker that
died are released as soon as it is found dead, not when their lease runs out.

Revision ID: 0008_outbox_leased_by
Revises: 0007_work_leases
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_outbox_leased_by"
down_revision = "0007_work_leases"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("leased_by", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("leased_by")

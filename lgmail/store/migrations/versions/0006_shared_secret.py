"""The secrets every worker on one database shares: the key of the reply addresses' tokens, kept in
the database so that a token minted by one worker is known by every other.

Revision ID: 0006_shared_secret
Revises: 0005_inbox_recipient
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_shared_secret"
down_revision = "0005_inbox_recipient"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "secrets",
        sa.Column("name", sa.Text(), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("secrets")

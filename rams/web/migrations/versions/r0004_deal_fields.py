"""The fields a family adds to a deal (Boston's ``turned`` card, B13), stored with it.

``rams_deals.fields`` holds them as the record writes them (JSON), so that a table of such a
game is rebuilt from the database after a restart; null for the other games.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rams_deals") as batch:
        batch.add_column(sa.Column("fields", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rams_deals") as batch:
        batch.drop_column("fields")

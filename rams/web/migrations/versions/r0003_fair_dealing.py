"""Verifiable dealing (rams.fair): each deal's seeds, and the next deal's committed seed.

``rams_deals.fair`` holds a dealt deal's proof (its server seed included, never sent to a
client before the game is over); ``rams_tables.fair`` the seed the server has committed to
for the next deal and the client seeds it has been given. Both are JSON, null for the
tables and deals of before.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rams_tables") as batch:
        batch.add_column(sa.Column("fair", sa.Text, nullable=True))
    with op.batch_alter_table("rams_deals") as batch:
        batch.add_column(sa.Column("fair", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rams_deals") as batch:
        batch.drop_column("fair")
    with op.batch_alter_table("rams_tables") as batch:
        batch.drop_column("fair")

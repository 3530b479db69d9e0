"""The lobby: a table its creator made public is listed while it waits for players
(rams.web.lobby).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rams_tables") as batch:
        batch.add_column(sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.create_index("ix_rams_tables_public", ["public", "status"])


def downgrade() -> None:
    with op.batch_alter_table("rams_tables") as batch:
        batch.drop_index("ix_rams_tables_public")
        batch.drop_column("public")

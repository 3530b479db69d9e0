"""Playing again survives a restart: a finished table's next table, the seat that asked for
it, and each kept seat's new token sealed with that seat's old one (rams.web.tables).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rams_rematches",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("rams_tables.id"), primary_key=True),
        sa.Column("next_id", sa.String(32), sa.ForeignKey("rams_tables.id"), nullable=False),
        sa.Column("by_seat", sa.Integer, nullable=False),
        sa.Column("sealed", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rams_rematches")

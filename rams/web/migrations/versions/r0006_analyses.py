"""Разбор партии on the web (rams.analysis): a finished table's analysis of one seat, its
progress while it runs in the background, and its result once done.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rams_analyses",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("rams_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done_decisions", sa.Integer, nullable=False),
        sa.Column("total_decisions", sa.Integer, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rams_analyses")

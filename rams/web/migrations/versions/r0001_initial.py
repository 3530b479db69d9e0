"""The first schema: tables, seats, deals, append-only actions.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rams_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("first_dealer", sa.Integer, nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("record", sa.Text, nullable=True),
    )
    op.create_table(
        "rams_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("rams_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "rams_deals",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("rams_tables.id"), primary_key=True),
        sa.Column("deal_index", sa.Integer, primary_key=True),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("deck", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rams_actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("rams_tables.id"), nullable=False),
        sa.Column("deal_index", sa.Integer, nullable=False),
        sa.Column("action_index", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "deal_index", "action_index", name="uq_rams_actions_step"),
    )
    op.create_index("ix_rams_tables_status", "rams_tables", ["status"])


def downgrade() -> None:
    op.drop_index("ix_rams_tables_status", "rams_tables")
    op.drop_table("rams_actions")
    op.drop_table("rams_deals")
    op.drop_table("rams_seats")
    op.drop_table("rams_tables")

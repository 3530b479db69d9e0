"""Daily deals (rams.daily): each deal's server seed, drawn when its commitment is first
published; each player's one try at each deal (its table, and the deal's points once it is
played), and the bots' own result on the deal.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rams_daily_seeds",
        sa.Column("deal", sa.String(64), primary_key=True),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rams_daily_seeds_day", "rams_daily_seeds", ["day"])
    op.create_table(
        "rams_daily_results",
        sa.Column("deal", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(64), primary_key=True),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("points", sa.Integer, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_rams_daily_results_day", "rams_daily_results", ["day"])
    op.create_index("ix_rams_daily_results_table", "rams_daily_results", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_rams_daily_results_table", "rams_daily_results")
    op.drop_index("ix_rams_daily_results_day", "rams_daily_results")
    op.drop_table("rams_daily_results")
    op.drop_index("ix_rams_daily_seeds_day", "rams_daily_seeds")
    op.drop_table("rams_daily_seeds")

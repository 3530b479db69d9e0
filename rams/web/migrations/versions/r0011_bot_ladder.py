"""The public ladder (rams.web.ladder): registered bots (a name and the SHA-256 of their
secret key), the duplicate matches the server schedules, the ladder's ratings per family.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rams_bots",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rams_ladder_matches",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("family", sa.String(16), nullable=False),
        sa.Column("preset", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("entrants", sa.Text, nullable=False),
        sa.Column("summary", sa.Text, nullable=False),
        sa.Column("replays", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rams_ladder_matches_family", "rams_ladder_matches", ["family"])
    op.create_table(
        "rams_ladder_ratings",
        sa.Column("entrant", sa.String(64), primary_key=True),
        sa.Column("family", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rams_ladder_ratings")
    op.drop_index("ix_rams_ladder_matches_family", "rams_ladder_matches")
    op.drop_table("rams_ladder_matches")
    op.drop_table("rams_bots")

"""Ratings without signup (rams.ratings): players, their ratings per family, their history.

A person's id is the SHA-256 of the secret key their browser keeps (never the key); a bot
level's is ``bot:LEVEL``. ``rams_seats.player_id`` says who sat where; a finished table's
ratings are written with its end, in the same transaction, once
(``uq_rams_rating_history_table``).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rams_players",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rams_ratings",
        sa.Column("player_id", sa.String(64), sa.ForeignKey("rams_players.id"), primary_key=True),
        sa.Column("family", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("place_sum", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rams_ratings_family", "rams_ratings", ["family"])
    op.create_table(
        "rams_rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(64), sa.ForeignKey("rams_players.id"), nullable=False),
        sa.Column("family", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("rams_tables.id"), nullable=False),
        sa.Column("preset", sa.String(40), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "player_id", name="uq_rams_rating_history_table"),
    )
    op.create_index("ix_rams_rating_history_player", "rams_rating_history", ["player_id"])
    with op.batch_alter_table("rams_seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rams_seats") as batch:
        batch.drop_column("player_id")
    op.drop_index("ix_rams_rating_history_player", "rams_rating_history")
    op.drop_table("rams_rating_history")
    op.drop_index("ix_rams_ratings_family", "rams_ratings")
    op.drop_table("rams_ratings")
    op.drop_table("rams_players")

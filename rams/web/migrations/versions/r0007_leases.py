"""Several server processes over one database: each live table is owned by one process at a
time, by a lease it renews (rams.web.cluster).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rams_tables") as batch:
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rams_tables") as batch:
        batch.drop_column("lease_until")
        batch.drop_column("owner")

"""lobby activity: when an open table last changed, so idle ones close

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("lobbies", schema=None) as batch_op:
        batch_op.add_column(sa.Column("updated_at", sa.DateTime(timezone=True), nullable=True))
    # A table that existed before last changed, as far as anyone knows, when it was made.
    op.execute("UPDATE lobbies SET updated_at = created_at")
    with op.batch_alter_table("lobbies", schema=None) as batch_op:
        batch_op.alter_column("updated_at", nullable=False)
        batch_op.create_index(batch_op.f("ix_lobbies_updated_at"), ["updated_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("lobbies", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_lobbies_updated_at"))
        batch_op.drop_column("updated_at")

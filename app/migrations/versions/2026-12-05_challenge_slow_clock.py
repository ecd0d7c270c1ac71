"""challenge slow clock: a challenge offers a slow table's time per move and bank

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-05 02:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("challenges", schema=None) as batch_op:
        batch_op.add_column(sa.Column("move_seconds", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("bank_seconds", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("challenges", schema=None) as batch_op:
        batch_op.drop_column("bank_seconds")
        batch_op.drop_column("move_seconds")

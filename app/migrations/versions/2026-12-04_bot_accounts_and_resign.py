"""bot accounts (an account a program plays, marked irreversibly) and resigned seats

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-04 13:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Every existing account is a person's: the mark is only ever set by its own owner.
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("is_bot", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    # A seat whose player resigned: a bot plays it on, and it ranks last.
    with op.batch_alter_table("match_seats", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("resigned", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("match_seats", schema=None) as batch_op:
        batch_op.drop_column("resigned")
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_column("is_bot")

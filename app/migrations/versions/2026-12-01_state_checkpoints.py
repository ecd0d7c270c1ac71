"""state checkpoints: the stored state may trail the version by a few moves

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01 16:20:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("state_version", sa.Integer(), nullable=False, server_default="0")
        )
    # Every state stored so far is the state at its match's version.
    op.execute("UPDATE matches SET state_version = version")


def downgrade() -> None:
    # An older release reads `state` as the state at `version`: only a match whose state is
    # current can be handed back; the others keep their history but must be replayed first.
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("state_version")

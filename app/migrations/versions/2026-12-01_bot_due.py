"""bot due marker

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 09:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("bot_due", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch_op.create_index(batch_op.f("ix_matches_bot_due"), ["bot_due"], unique=False)
    # Whether a bot is to act needs the decoded state; mark every active match with a bot, and
    # the first recovery pass clears the marker where no bot is to act.
    op.execute(
        "UPDATE matches SET bot_due = true WHERE status = 'active' AND id IN "
        "(SELECT match_id FROM match_seats WHERE bot IS NOT NULL)"
    )


def downgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_matches_bot_due"))
        batch_op.drop_column("bot_due")

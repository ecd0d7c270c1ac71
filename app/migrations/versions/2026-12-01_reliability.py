"""reliability: one open rematch table per match; admin steps in the history

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 10:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

OPEN = sa.text("status = 'open'")


def upgrade() -> None:
    with op.batch_alter_table("lobbies", schema=None) as batch_op:
        batch_op.create_index(
            "uq_lobbies_open_rematch",
            ["rematch_of"],
            unique=True,
            sqlite_where=OPEN,
            postgresql_where=OPEN,
        )
    # An admin's abort is a history row that no seat took.
    with op.batch_alter_table("match_actions", schema=None) as batch_op:
        batch_op.alter_column("seat", existing_type=sa.Integer(), nullable=True)


def downgrade() -> None:
    op.execute("DELETE FROM match_actions WHERE seat IS NULL")
    with op.batch_alter_table("match_actions", schema=None) as batch_op:
        batch_op.alter_column("seat", existing_type=sa.Integer(), nullable=False)
    with op.batch_alter_table("lobbies", schema=None) as batch_op:
        batch_op.drop_index("uq_lobbies_open_rematch")

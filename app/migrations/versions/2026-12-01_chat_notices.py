"""chat notices: a message is a player's line or the table's notice

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01 12:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

# The notices the server wrote before the column existed, as app/matches/seats.py wrote them.
OLD_NOTICES = ("left the table: a bot plays on for them.", "is back.")


def upgrade() -> None:
    with op.batch_alter_table("chat_messages", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("kind", sa.String(length=16), server_default="player", nullable=False)
        )
    chat = sa.table("chat_messages", sa.column("kind"), sa.column("text"))
    op.execute(chat.update().where(chat.c.text.in_(OLD_NOTICES)).values(kind="notice"))


def downgrade() -> None:
    with op.batch_alter_table("chat_messages", schema=None) as batch_op:
        batch_op.drop_column("kind")

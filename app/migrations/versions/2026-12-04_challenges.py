"""challenges: one account asks another by name to play a match

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-04 13:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("challenger_id", sa.String(length=32), nullable=False),
        sa.Column("recipient_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("turn_seconds", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("decline_reason", sa.String(length=200), nullable=True),
        sa.Column("match_id", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["challenger_id"], ["players.id"]),
        sa.ForeignKeyConstraint(["recipient_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_challenges_recipient_status", "challenges", ["recipient_id", "status"])
    op.create_index("ix_challenges_challenger_status", "challenges", ["challenger_id", "status"])


def downgrade() -> None:
    op.drop_index("ix_challenges_challenger_status", table_name="challenges")
    op.drop_index("ix_challenges_recipient_status", table_name="challenges")
    op.drop_table("challenges")

"""the daily deal: each game's deal of the day, and who played it in which match

Revision ID: 0017
Revises: 0015
Create Date: 2026-12-05 02:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "daily_deals",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("mission", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("day", "game"),
    )
    op.create_table(
        "daily_entries",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"]),
        sa.PrimaryKeyConstraint("day", "game", "player_id"),
        sa.UniqueConstraint("match_id"),
    )


def downgrade() -> None:
    op.drop_table("daily_entries")
    op.drop_table("daily_deals")

"""lobby seats by player: "the tables I sit at" (My games, open-table limits) without a scan

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01 13:20:00
"""

from __future__ import annotations

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_lobby_seats_player_id", "lobby_seats", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_lobby_seats_player_id", table_name="lobby_seats")

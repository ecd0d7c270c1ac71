"""slow tables: time per move and bank, playing hours, vacations

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-05 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("lobbies", schema=None) as batch_op:
        batch_op.add_column(sa.Column("move_seconds", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("bank_seconds", sa.Integer(), nullable=True))

    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("move_seconds", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("bank_seconds", sa.Integer(), nullable=True))

    with op.batch_alter_table("match_seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bank_left", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("waiting_since", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(
            sa.Column("turn_used", sa.Integer(), nullable=False, server_default="0")
        )

    op.create_table(
        "clock_settings",
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("time_zone", sa.String(length=64), nullable=False),
        sa.Column("hours_start", sa.Integer(), nullable=True),
        sa.Column("hours_end", sa.Integer(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_clock_settings_player_id_players")
        ),
        sa.PrimaryKeyConstraint("player_id", name=op.f("pk_clock_settings")),
    )
    op.create_table(
        "vacations",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_vacations_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_vacations")),
    )
    with op.batch_alter_table("vacations", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_vacations_player_id"), ["player_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("vacations", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_vacations_player_id"))
    op.drop_table("vacations")
    op.drop_table("clock_settings")

    with op.batch_alter_table("match_seats", schema=None) as batch_op:
        batch_op.drop_column("turn_used")
        batch_op.drop_column("waiting_since")
        batch_op.drop_column("bank_left")

    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("bank_seconds")
        batch_op.drop_column("move_seconds")

    with op.batch_alter_table("lobbies", schema=None) as batch_op:
        batch_op.drop_column("bank_seconds")
        batch_op.drop_column("move_seconds")

"""accounts: a username and password a guest may claim, and one session per signed-in device

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 12:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("username", sa.String(length=24), nullable=False),
        sa.Column("username_key", sa.String(length=24), nullable=False),
        sa.Column("password_hash", sa.String(length=256), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("password_changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_accounts_player_id_players")
        ),
        sa.PrimaryKeyConstraint("player_id", name=op.f("pk_accounts")),
        sa.UniqueConstraint("username_key", name=op.f("uq_accounts_username_key")),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("label", sa.String(length=120), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_sessions_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sessions")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_sessions_token_hash")),
    )
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sessions_player_id"), ["player_id"], unique=False)


def downgrade() -> None:
    # A claimed player's device tokens live in `sessions` only: give each claimed player back
    # the token of its most recently used device, so that device keeps working as a guest.
    op.execute(
        "UPDATE players SET token_hash = (SELECT s.token_hash FROM sessions s "
        "WHERE s.player_id = players.id ORDER BY s.last_used_at DESC LIMIT 1) "
        "WHERE EXISTS (SELECT 1 FROM sessions s WHERE s.player_id = players.id)"
    )
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sessions_player_id"))
    op.drop_table("sessions")
    op.drop_table("accounts")

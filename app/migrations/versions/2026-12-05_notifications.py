"""notifications: push subscriptions per device session, preferences, once-only claims

Revision ID: 0015
Revises: 0016
Create Date: 2026-12-05 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "push_subscriptions",
        sa.Column("session_id", sa.String(length=32), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("endpoint", sa.Text(), nullable=False),
        sa.Column("p256dh", sa.String(length=128), nullable=False),
        sa.Column("auth", sa.String(length=64), nullable=False),
        sa.Column("enabled", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name="fk_push_subscriptions_session_id_sessions",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name="fk_push_subscriptions_player_id_players"
        ),
        sa.PrimaryKeyConstraint("session_id", name="pk_push_subscriptions"),
        sa.UniqueConstraint("endpoint", name="uq_push_subscriptions_endpoint"),
    )
    op.create_index(
        "ix_push_subscriptions_player_id", "push_subscriptions", ["player_id"], unique=False
    )
    op.create_table(
        "notification_prefs",
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("quiet_start", sa.Integer(), nullable=True),
        sa.Column("quiet_end", sa.Integer(), nullable=True),
        sa.Column("your_turn", sa.Boolean(), nullable=False),
        sa.Column("challenge", sa.Boolean(), nullable=False),
        sa.Column("match_finished", sa.Boolean(), nullable=False),
        sa.Column("digest", sa.Boolean(), nullable=False),
        sa.Column("digest_hour", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name="fk_notification_prefs_player_id_players"
        ),
        sa.PrimaryKeyConstraint("player_id", name="pk_notification_prefs"),
    )
    op.create_table(
        "push_notices",
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("match_id", "seat", "turn", name="pk_push_notices"),
    )
    op.create_table(
        "digests_sent",
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name="fk_digests_sent_player_id_players"
        ),
        sa.PrimaryKeyConstraint("player_id", "day", name="pk_digests_sent"),
    )


def downgrade() -> None:
    op.drop_table("digests_sent")
    op.drop_table("push_notices")
    op.drop_table("notification_prefs")
    op.drop_index("ix_push_subscriptions_player_id", table_name="push_subscriptions")
    op.drop_table("push_subscriptions")

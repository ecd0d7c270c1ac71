"""ratings: rated tables, ratings per game and player, their history, Duet team records

Revision ID: 0008
Revises: 0006 (the lead rechains it after the accounts migration 0007)
Create Date: 2026-12-01 12:20:52
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_ratings",
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_player_ratings_player_id_players")
        ),
        sa.PrimaryKeyConstraint("player_id", "game", name=op.f("pk_player_ratings")),
    )
    with op.batch_alter_table("player_ratings", schema=None) as batch_op:
        batch_op.create_index("ix_player_ratings_game_ordinal", ["game", "ordinal"], unique=False)

    op.create_table(
        "rating_changes",
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("ordinal_before", sa.Float(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False),
        sa.Column("ordinal_after", sa.Float(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name=op.f("fk_rating_changes_match_id_matches")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_rating_changes_player_id_players")
        ),
        sa.PrimaryKeyConstraint("match_id", "player_id", name=op.f("pk_rating_changes")),
    )
    with op.batch_alter_table("rating_changes", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_rating_changes_player_id"), ["player_id"], unique=False
        )

    op.create_table(
        "settled_matches",
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("settled_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name=op.f("fk_settled_matches_match_id_matches")
        ),
        sa.PrimaryKeyConstraint("match_id", name=op.f("pk_settled_matches")),
    )
    op.create_table(
        "team_records",
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("first_id", sa.String(length=32), nullable=False),
        sa.Column("second_id", sa.String(length=32), nullable=False),
        sa.Column("level", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["first_id"], ["players.id"], name=op.f("fk_team_records_first_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["second_id"], ["players.id"], name=op.f("fk_team_records_second_id_players")
        ),
        sa.PrimaryKeyConstraint(
            "game", "first_id", "second_id", "level", name=op.f("pk_team_records")
        ),
    )
    with op.batch_alter_table("team_records", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_team_records_second_id"), ["second_id"], unique=False)

    with op.batch_alter_table("lobbies", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("rated", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("lobbies", schema=None) as batch_op:
        batch_op.drop_column("rated")

    with op.batch_alter_table("team_records", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_team_records_second_id"))

    op.drop_table("team_records")
    op.drop_table("settled_matches")
    with op.batch_alter_table("rating_changes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rating_changes_player_id"))

    op.drop_table("rating_changes")
    with op.batch_alter_table("player_ratings", schema=None) as batch_op:
        batch_op.drop_index("ix_player_ratings_game_ordinal")

    op.drop_table("player_ratings")

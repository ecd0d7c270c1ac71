"""Response models of the leaderboard and profile routes."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from app.lobby.schemas import PlayerRefPublic
from app.ratings.pools import POOL_HELP

RATING_HELP = "openskill's ordinal, mu - 3 sigma: 0 for a newcomer, higher is stronger"
DISPLAY_HELP = (
    "The rating players are shown: max(0, round(1500 + 10 x rating)); 1500 for a newcomer, "
    "never negative (docs/ratings.md)"
)


class LeaderboardEntryPublic(BaseModel):
    rank: int = Field(description="Place on the board, from 1")
    player: PlayerRefPublic
    rating: float = Field(description=RATING_HELP)
    display_rating: int = Field(description=DISPLAY_HELP)
    mu: float
    sigma: float
    matches: int = Field(description="Rated matches played")
    wins: int
    win_rate: float = Field(description="wins / matches")


class LevelRecordPublic(BaseModel):
    level: int
    wins: int
    losses: int


class TeamEntryPublic(BaseModel):
    rank: int
    players: list[PlayerRefPublic]
    best_level: int | None = Field(description="The highest level this team has won")
    wins: int
    losses: int
    levels: list[LevelRecordPublic]


class LeaderboardPublic(BaseModel):
    game: str
    pool: str = Field("people", description=POOL_HELP)
    kind: str = Field(description="rating (a rating per player) | record (cooperative: teams)")
    min_matches: int
    offset: int
    limit: int
    total: int = Field(description="Entries on the whole board (players, or teams)")
    entries: list[LeaderboardEntryPublic] = Field(description="Rated games: players, best first")
    teams: list[TeamEntryPublic] = Field(description="Cooperative games: teams, best first")


class GameStandingPublic(BaseModel):
    game: str
    title: str
    kind: str = Field(description="rating | record")
    rating: float | None = Field(description=RATING_HELP + "; null: no rated match yet")
    display_rating: int | None = Field(description=DISPLAY_HELP + "; null: no rated match yet")
    mu: float | None
    sigma: float | None
    rated_matches: int
    rated_wins: int
    played: int = Field(description="Finished matches of this game, rated or not")
    won: int
    win_rate: float | None = Field(description="won / played; null when none was played")


class OpponentPublic(BaseModel):
    seat: int
    name: str = Field(description="The name the seat had at the table")
    player_id: str | None = Field(description="null for a bot: the profile is /players/{id}")
    bot: str | None = Field(description="The bot's strategy, null for a player")


class RecentMatchPublic(BaseModel):
    match_id: str
    game: str
    status: str
    seat: int
    won: bool | None = Field(description="null while the match runs or if it was aborted")
    rated: bool
    rating_change: float | None = Field(description="How this match moved the rating")
    display_change: int | None = Field(
        default=None, description="How this match moved the shown rating (display scale)"
    )
    at: datetime = Field(description="The last move (or the start)")
    started_at: datetime | None = Field(default=None, description="When the match began")
    opponents: list[OpponentPublic] = Field(
        default_factory=list, description="The other seats of the match, in seat order"
    )


class RatingPointPublic(BaseModel):
    game: str
    match_id: str | None = Field(description="null for a match at a private table")
    at: datetime
    before: float
    rating: float = Field(description="The rating after this match")
    display_before: int = Field(description="The shown rating before this match")
    display_rating: int = Field(description="The shown rating after this match")


class TeamRecordPublic(BaseModel):
    game: str
    partner: PlayerRefPublic
    levels: list[LevelRecordPublic]


class ProfilePublic(BaseModel):
    id: str
    name: str
    is_bot: bool = Field(False, description="A bot account: a program plays it")
    pool: str = Field("people", description="The rating pool of every rating here: " + POOL_HELP)
    games: list[GameStandingPublic] = Field(description="Every game, with this player's `rating`")
    recent: list[RecentMatchPublic] = Field(description="The latest matches at public tables")
    history: list[RatingPointPublic] = Field(
        description="Rating after each rated match, oldest first"
    )
    team_records: list[TeamRecordPublic] = Field(description="Cooperative games, per partner")


class SeatRatingChangePublic(BaseModel):
    """One seat's rating before and after a rated match (match summary `rating_changes`)."""

    seat: int
    player_id: str
    before: int = Field(description="The shown rating before the match (display scale)")
    after: int = Field(description="The shown rating after the match (display scale)")
    change: int = Field(description="after - before")
    rating_before: float = Field(description=RATING_HELP + ", before the match")
    rating_after: float = Field(description=RATING_HELP + ", after the match")


class SeatedRatingPublic(BaseModel):
    player_id: str
    rating: float | None = Field(description=RATING_HELP + "; null: no rated match yet")
    display_rating: int = Field(description=DISPLAY_HELP + "; 1500 before a first rated match")
    matches: int = Field(description="Rated matches of this game played")


class SeatedRatingsPublic(BaseModel):
    game: str
    ratings: list[SeatedRatingPublic] = Field(description="In the order the players were asked")

"""Response models of the leaderboard and profile routes."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from app.lobby.schemas import PlayerRef

RATING_HELP = "openskill's ordinal, mu - 3 sigma: 0 for a newcomer, higher is stronger"


class LeaderboardEntry(BaseModel):
    rank: int = Field(description="Place on the board, from 1")
    player: PlayerRef
    rating: float = Field(description=RATING_HELP)
    mu: float
    sigma: float
    matches: int = Field(description="Rated matches played")
    wins: int
    win_rate: float = Field(description="wins / matches")


class LevelRecord(BaseModel):
    level: int
    wins: int
    losses: int


class TeamEntry(BaseModel):
    rank: int
    players: list[PlayerRef]
    best_level: int | None = Field(description="The highest level this team has won")
    wins: int
    losses: int
    levels: list[LevelRecord]


class Leaderboard(BaseModel):
    game: str
    kind: str = Field(description="rating (a rating per player) | record (cooperative: teams)")
    min_matches: int
    offset: int
    limit: int
    total: int = Field(description="Entries on the whole board (players, or teams)")
    entries: list[LeaderboardEntry] = Field(description="Rated games: players, best first")
    teams: list[TeamEntry] = Field(description="Cooperative games: teams, best first")


class GameStanding(BaseModel):
    game: str
    title: str
    kind: str = Field(description="rating | record")
    rating: float | None = Field(description=RATING_HELP + "; null: no rated match yet")
    mu: float | None
    sigma: float | None
    rated_matches: int
    rated_wins: int
    played: int = Field(description="Finished matches of this game, rated or not")
    won: int
    win_rate: float | None = Field(description="won / played; null when none was played")


class RecentMatch(BaseModel):
    match_id: str
    game: str
    status: str
    seat: int
    won: bool | None = Field(description="null while the match runs or if it was aborted")
    rated: bool
    rating_change: float | None = Field(description="How this match moved the rating")
    at: datetime = Field(description="The last move (or the start)")


class RatingPoint(BaseModel):
    game: str
    match_id: str | None = Field(description="null for a match at a private table")
    at: datetime
    before: float
    rating: float = Field(description="The rating after this match")


class TeamRecordPublic(BaseModel):
    game: str
    partner: PlayerRef
    levels: list[LevelRecord]


class Profile(BaseModel):
    id: str
    name: str
    games: list[GameStanding] = Field(description="Every game, with this player's `rating`")
    recent: list[RecentMatch] = Field(description="The latest matches at public tables")
    history: list[RatingPoint] = Field(description="Rating after each rated match, oldest first")
    team_records: list[TeamRecordPublic] = Field(description="Cooperative games, per partner")

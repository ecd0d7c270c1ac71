"""One Settings object, read from FOXDEN_* environment variables (and a .env file)."""

from __future__ import annotations

from functools import lru_cache

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FOXDEN_", env_file=".env", extra="ignore")

    database_url: str = Field(
        "sqlite+aiosqlite:///./foxden.db",
        description="SQLAlchemy async URL: sqlite+aiosqlite:///path or postgresql+asyncpg://...",
    )
    db_pool_size: int = Field(
        20, description="Database connections kept open per process (Postgres)"
    )
    redis_url: str = Field(
        "", description="redis://host:port/db for fan-out across processes; empty: in-memory"
    )
    admin_token: str = Field("", description="If set, accepted as an admin bearer token")
    host: str = Field("127.0.0.1", description="Address `foxden serve` binds")
    port: int = Field(8000, description="Port `foxden serve` binds")
    auto_migrate: bool = Field(False, description="Run the database migrations when the app starts")
    max_body_bytes: int = Field(65_536, description="Largest accepted request body or WS frame")
    rate_per_minute: int = Field(
        1200, description="Requests per minute per player (or per address without a token)"
    )
    # Time-driven behaviour: bots, turn timers, recovery of dropped work, presence expiry.
    bot_delay_ms: int = Field(600, description="Pause before a bot acts, so humans can follow")
    missed_turns: int = Field(
        3, description="Timed-out decisions in a row before a bot takes over the seat"
    )
    recovery_seconds: float = Field(
        45.0,
        description="How often each process looks (one indexed query) for bot turns and "
        "deadlines that a crashed process dropped",
    )
    presence_ttl_seconds: float = Field(
        30.0, description="How long a crashed process's sockets still count as connected"
    )
    keepalive_seconds: float = Field(15.0, description="SSE keep-alive comment interval")


@lru_cache
def get_settings() -> Settings:
    return Settings()

"""One Settings object, read from FOXDEN_* environment variables (and a .env file)."""

from __future__ import annotations

import base64
import re
from functools import lru_cache
from typing import Literal

from pydantic import Field, PrivateAttr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from app.core.addresses import parse_networks
from app.core.db_budget import DEFAULT_CONNECTIONS, FEWEST_CONNECTIONS

ADMIN_TOKEN_MIN = 32
ORIGIN = re.compile(r"https?://(\[[0-9a-fA-F:]+\]|[^/\s:\[\]]+)(:[0-9]{1,5})?")
# What FOXDEN_DB_POOL_SIZE left out of the ceiling it set: 10 at a peak, 8 moves, 1 lock.
POOL_SIZE_UNCOUNTED = 19


class Settings(BaseSettings):
    # Errors never echo a value: the admin token must not end up in a log or a traceback.
    model_config = SettingsConfigDict(
        env_prefix="FOXDEN_", env_file=".env", extra="ignore", hide_input_in_errors=True
    )

    database_url: str = Field(
        "sqlite+aiosqlite:///./foxden.db",
        description="SQLAlchemy async URL: sqlite+aiosqlite:///path or postgresql+asyncpg://...",
    )
    db_connections: int = Field(
        DEFAULT_CONNECTIONS,
        ge=FEWEST_CONNECTIONS,
        description="Connections one process may open to Postgres, every pool and its lock"
        " connection included (app/core/db_budget.py; README, 'Sizing Postgres')",
    )
    db_processes: int | None = Field(
        None,
        ge=1,
        description="Foxden processes that share the database, on every host (each opens up to"
        " FOXDEN_DB_CONNECTIONS); unset: the workers this `foxden serve` starts",
    )
    db_pool_size: int | None = Field(
        None,
        ge=1,
        description="Deprecated, read as FOXDEN_DB_CONNECTIONS = this + 19: the same ceiling"
        " it gave (this many kept open, 10 more at a peak, 8 for moves, 1 for the lock)",
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
    ws_hello_seconds: float = Field(
        10.0, description="How long a match socket may wait before its hello frame"
    )
    ws_lobby_hello_seconds: float = Field(
        1.0, description="How long a lobby socket waits for a hello before its first push"
    )
    ws_sockets_per_match: int = Field(
        8,
        description="Sockets and event streams one player (or address, without a token) may"
        " hold per match",
    )
    # Time-driven behaviour: bots, turn timers, recovery of dropped work, presence expiry.
    bot_delay_ms: int = Field(600, description="Pause before a bot acts, so humans can follow")
    missed_turns: int = Field(
        3, description="Timed-out decisions in a row before a bot takes over the seat"
    )
    vacation_days: int = Field(
        21,
        ge=0,
        le=366,
        description="Vacation days a player may pause their slow matches for, per calendar year",
    )
    recovery_seconds: float = Field(
        45.0,
        description="How often each process looks (one indexed query) for bot turns and "
        "deadlines that a crashed process dropped",
    )
    review_iterations: int | None = Field(
        None,
        description="Search iterations per reviewed decision (post-game review); unset: each "
        "game's own budget (docs/review.md)",
    )
    review_poll_seconds: float = Field(
        900.0,
        description="How often each process's review worker looks for work nobody told it "
        "of: a review whose process died mid-way (a review asked anywhere wakes every "
        "worker at once through the broker)",
    )
    presence_ttl_seconds: float = Field(
        30.0, description="How long a crashed process's sockets still count as connected"
    )
    keepalive_seconds: float = Field(15.0, description="SSE keep-alive comment interval")
    ws_deflate: bool = Field(
        False,
        description="Compress WebSocket frames (permessage-deflate): fewer bytes per push for "
        "more CPU per push; worth it only on slow links",
    )

    # HTTP hygiene and floods.
    max_header_bytes: int = Field(8192, description="Largest accepted request headers (431)")
    trusted_proxies: str = Field(
        "",
        description="Comma-separated proxy addresses/networks whose X-Forwarded-For is believed; "
        "empty: the socket peer is the client",
    )
    cors_origins: str = Field(
        "",
        description="Comma-separated origins (https://host[:port], or *) whose browser pages may"
        " call the public API (/api/, /openapi.json); empty: no cross-origin access",
    )
    max_open_lobbies: int = Field(
        20, description="Open tables one player may host or sit at, at once"
    )
    lobby_idle_hours: float = Field(
        24.0, description="An open table with no change for this long is closed"
    )

    # Notifications (app/notifications): Web Push with VAPID, and the daily digest by email.
    vapid_private_key: str = Field(
        "", description="VAPID private key (base64url, from `foxden vapid-keys`); empty: no push"
    )
    vapid_public_key: str = Field(
        "", description="VAPID public key (base64url, uncompressed P-256 point), for browsers"
    )
    vapid_subject: str = Field(
        "",
        description="VAPID contact, mailto:you@example.org or an https URL (push services"
        " write to it about a misbehaving sender)",
    )
    push_insecure_endpoints: bool = Field(
        False,
        description="Accept http:// push endpoints (a local push service in tests); browsers'"
        " push services are https",
    )
    public_url: str = Field(
        "",
        description="This site's address as players open it (https://foxden.example), for"
        " the links in pushes and emails; empty: links are relative to the site (pushes) or"
        " left out (emails)",
    )
    smtp_host: str = Field("", description="SMTP server for the daily digest; empty: no email")
    smtp_port: int = Field(587, description="SMTP port")
    smtp_username: str = Field("", description="SMTP user; empty: no login")
    smtp_password: str = Field("", description="SMTP password")
    smtp_from: str = Field("", description="The digest's From address")
    smtp_starttls: bool = Field(True, description="Upgrade the SMTP connection with STARTTLS")
    digest_check_seconds: float = Field(
        300.0, description="How often each process looks for players whose digest hour came"
    )

    # Logs (app/ops/logs.py): one line per request and per action.
    log_format: Literal["json", "console"] | None = Field(
        None, description="json or console; unset: json unless stderr is a terminal"
    )
    log_level: Literal["debug", "info", "warning", "error"] = Field(
        "info", description="Lowest level of the app's own lines (libraries log from warning)"
    )

    _read_old_pool_size: bool = PrivateAttr(False)

    @property
    def push_enabled(self) -> bool:
        return bool(self.vapid_private_key and self.vapid_public_key and self.vapid_subject)

    @field_validator("admin_token")
    @classmethod
    def _long_admin_token(cls, token: str) -> str:
        if token and len(token) < ADMIN_TOKEN_MIN:
            raise ValueError(
                f"FOXDEN_ADMIN_TOKEN must be at least {ADMIN_TOKEN_MIN} characters (it has "
                f"{len(token)}); make one with: python -c 'import secrets; "
                "print(secrets.token_urlsafe(32))'"
            )
        return token

    @model_validator(mode="after")
    def _connections_from_the_old_pool_size(self) -> Settings:
        # Operators who set the old name keep the ceiling they had; the new name wins.
        if self.db_pool_size is not None and "db_connections" not in self.model_fields_set:
            self.db_connections = self.db_pool_size + POOL_SIZE_UNCOUNTED
            self._read_old_pool_size = True
        return self

    def deprecations(self) -> list[str]:
        """Settings still read under an old name, each with what to set instead."""
        if self.db_pool_size is None:
            return []
        if not self._read_old_pool_size:
            return ["FOXDEN_DB_POOL_SIZE is deprecated and ignored: FOXDEN_DB_CONNECTIONS is set."]
        return [
            f"FOXDEN_DB_POOL_SIZE is deprecated: read as FOXDEN_DB_CONNECTIONS="
            f"{self.db_connections} (the same ceiling); set that instead."
        ]

    @model_validator(mode="after")
    def _whole_vapid_pair(self) -> Settings:
        # Half a configuration would turn push off without a word: refuse it at start.
        parts = (self.vapid_private_key, self.vapid_public_key, self.vapid_subject)
        if any(parts) and not all(parts):
            raise ValueError(
                "FOXDEN_VAPID_PRIVATE_KEY, FOXDEN_VAPID_PUBLIC_KEY and FOXDEN_VAPID_SUBJECT go"
                " together: set all three (`foxden vapid-keys` prints them) or none"
            )
        if all(parts):
            _check_vapid(self.vapid_private_key, self.vapid_public_key, self.vapid_subject)
        return self

    @field_validator("cors_origins")
    @classmethod
    def _origins(cls, spec: str) -> str:
        # An origin is scheme://host[:port]: a path or a typo would silently match nothing.
        for origin in parse_origins(spec):
            if origin != "*" and not ORIGIN.fullmatch(origin):
                raise ValueError(
                    f"FOXDEN_CORS_ORIGINS: {origin!r} is not an origin like https://example.org"
                )
        return spec

    @field_validator("trusted_proxies")
    @classmethod
    def _proxy_networks(cls, spec: str) -> str:
        parse_networks(spec)  # refuse a typo at start, not on the first request
        return spec


def _check_vapid(private: str, public: str, subject: str) -> None:
    """The keys are base64url of a 32-byte P-256 scalar and a 65-byte uncompressed point."""
    try:
        sizes = (len(_b64url(private)), len(_b64url(public)))
    except ValueError as bad:
        raise ValueError("FOXDEN_VAPID_*_KEY: not base64url (`foxden vapid-keys`)") from bad
    if sizes != (32, 65):
        raise ValueError("FOXDEN_VAPID_*_KEY: not a P-256 key pair (`foxden vapid-keys`)")
    if not subject.startswith(("mailto:", "https://")):
        raise ValueError("FOXDEN_VAPID_SUBJECT: a mailto: address or an https:// URL")


def _b64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def parse_origins(spec: str) -> list[str]:
    """`https://a.example, https://b.example` -> the origins, without blanks or a final slash
    (browsers send an origin without one, and a typo'd slash would silently match nothing)."""
    return [origin.strip().rstrip("/") for origin in spec.split(",") if origin.strip()]


@lru_cache
def get_settings() -> Settings:
    return Settings()

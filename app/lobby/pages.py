"""Pages of the public lobby list: newest first, by an opaque cursor.

The order is (created_at, id), newest first, and a cursor names the last table of its page, so
the next page starts right after it: tables opened meanwhile land on the first page and never
shift a later one (an offset would show a table twice, or skip one, on every insert).
"""

from __future__ import annotations

import base64
import binascii
from datetime import datetime
from urllib.parse import urlencode

from sqlalchemy import Select, and_, or_

from app.core.errors import ApiError
from app.lobby.models import Lobby

PAGE_DEFAULT = PAGE_MAX = 200  # today's answer held up to 200: a client that never pages sees it
CURSOR_MAX = 128
BAD_CURSOR = "This cursor is not one this server gave: start again without it."


def encode_cursor(lobby: Lobby) -> str:
    raw = f"{lobby.created_at.isoformat()}|{lobby.id}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        created, lobby_id = raw.split("|", 1)
        created_at = datetime.fromisoformat(created)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise ApiError("request/malformed", BAD_CURSOR) from None
    if created_at.tzinfo is None or not lobby_id or "\x00" in lobby_id:
        raise ApiError("request/malformed", BAD_CURSOR)
    return created_at, lobby_id


def newest_first(query: Select[Lobby], cursor: str | None, limit: int) -> Select[Lobby]:
    """`query` ordered newest first, after `cursor`, one row more than `limit` (to know whether
    a next page exists)."""
    if cursor:
        created_at, lobby_id = decode_cursor(cursor)
        query = query.where(
            or_(
                Lobby.created_at < created_at,
                and_(Lobby.created_at == created_at, Lobby.id < lobby_id),
            )
        )
    return query.order_by(Lobby.created_at.desc(), Lobby.id.desc()).limit(limit + 1)


def split_page(rows: list[Lobby], limit: int) -> tuple[list[Lobby], str | None]:
    """The page's tables and the cursor of the next page (None on the last one)."""
    if len(rows) <= limit:
        return rows, None
    page = rows[:limit]
    return page, encode_cursor(page[-1])


def next_link(path: str, params: dict[str, str | int | None], cursor: str) -> str:
    """An RFC 8288 `Link` value to the next page, relative (right behind any proxy)."""
    query = {k: v for k, v in params.items() if v is not None and k != "cursor"}
    return f'<{path}?{urlencode({**query, "cursor": cursor})}>; rel="next"'

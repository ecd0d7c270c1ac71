"""What the chat service needs of the process, and no more.

The rules for posting (service.py) type their context as this protocol, not as
`app.context.AppContext`: checking a post needs its sender's chat bucket only. (The table's own
notices, notices.py, are a commit listener and still take the whole context for now.)
"""

from __future__ import annotations

from typing import Protocol

from app.web.ratelimit import RateLimiter


class ChatContext(Protocol):
    chat_limiter: RateLimiter  # chat's own, stricter bucket, apart from the moves' limiter

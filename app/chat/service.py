"""Reading the table talk and the rules for posting it: the chat routes and the match socket
share them."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.chat.context import ChatContext
from app.chat.models import ChatMessage
from app.chat.schemas import (
    NOTICE,
    REACTIONS,
    ChatMessagePublic,
    ChatPost,
    ChatReactionPost,
    ChatTextPost,
)
from app.core.errors import ApiError
from app.matches.loaded import LoadedMatch

PAGE = 200  # messages per read


def public(message: ChatMessage, loaded: LoadedMatch) -> ChatMessagePublic:
    name = loaded.seats[message.seat].name
    if message.kind == NOTICE:
        text = f"{name} {message.text or ''}".strip()
    else:
        text = REACTIONS[message.reaction] if message.reaction else (message.text or "")
    return ChatMessagePublic(
        seq=message.seq,
        seat=message.seat,
        name=name,
        text=text,
        reaction=message.reaction,
        at=message.created_at,
        kind=NOTICE if message.kind == NOTICE else "player",
    )


async def last_seq(session: AsyncSession, match_id: str) -> int:
    found = await session.scalar(
        select(func.max(ChatMessage.seq)).where(ChatMessage.match_id == match_id)
    )
    return int(found or 0)


async def messages_after(
    session: AsyncSession, loaded: LoadedMatch, after: int
) -> list[ChatMessagePublic]:
    rows = await session.scalars(
        select(ChatMessage)
        .where(ChatMessage.match_id == loaded.id, ChatMessage.seq > after)
        .order_by(ChatMessage.seq)
        .limit(PAGE)
    )
    return [public(row, loaded) for row in rows]


def check_content(loaded: LoadedMatch, body: ChatPost) -> None:
    if isinstance(body, ChatReactionPost) and body.reaction not in REACTIONS:
        raise ApiError("chat/not_allowed", "Choose one of the preset reactions.")
    if isinstance(body, ChatTextPost) and not loaded.engine.free_chat:
        raise ApiError(
            "chat/not_allowed", "This game's rules forbid table talk: use a preset reaction."
        )


def check_rate(context: ChatContext, player_id: str) -> None:
    wait = context.chat_limiter.retry_after(player_id)
    if wait:
        raise ApiError(
            "rate/limited",
            f"You are chatting fast: wait {wait} s.",
            headers={"Retry-After": str(wait)},
        )

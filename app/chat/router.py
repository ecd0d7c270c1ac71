"""/api/v1/matches/{id}/chat: table talk, or only preset reactions where the rules say so."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel, Field
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.chat.models import ChatMessage
from app.context import AppContext
from app.deps import ContextDep, CurrentPlayer, OptionalPlayer, SessionDep
from app.errors import ApiError, responses
from app.inputs import After, PlainText, RequestModel
from app.matches.access import viewer_seat
from app.matches.loaded import LoadedMatch
from app.matches.store import load_match
from app.names import ChatText

router = APIRouter(prefix="/api/v1/matches", tags=["chat"])
NOTICE = "notice"
REACTIONS = {"nice": "Nice!", "oops": "Oops", "good_luck": "Good luck"}
PAGE = 200
FOUND = (
    "auth/missing",
    "auth/invalid",
    "rate/limited",
    "request/malformed",
    "match/not_found",
    "auth/forbidden",
)


class ChatTextPost(RequestModel):
    text: ChatText


class ChatReactionPost(RequestModel):
    reaction: PlainText = Field(max_length=16, description="One of: " + ", ".join(REACTIONS))


# Either a text or a reaction, never both: each shape refuses the other's field.
ChatPost = ChatTextPost | ChatReactionPost


class ChatMessagePublic(BaseModel):
    seq: int
    seat: int
    name: str
    text: str
    reaction: str | None
    at: datetime
    kind: Literal["player", "notice"] = Field(
        "player",
        description="player: what the player in `seat` wrote (or a reaction); notice: the "
        "table telling everyone about `seat` (left, came back), `text` a whole sentence",
    )


class ChatLogPublic(BaseModel):
    messages: list[ChatMessagePublic]
    reactions: list[str]
    free_chat: bool


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


@router.get("/{match_id}/chat", response_model=ChatLogPublic, responses=responses(*FOUND))
async def read_chat(
    match_id: str,
    session: SessionDep,
    context: ContextDep,
    player: OptionalPlayer,
    after: After = 0,
) -> ChatLogPublic:
    loaded = await load_match(context, session, match_id)
    viewer_seat(loaded, player)
    return ChatLogPublic(
        messages=await messages_after(session, loaded, after),
        reactions=list(REACTIONS),
        free_chat=loaded.engine.free_chat,
    )


@router.post(
    "/{match_id}/chat",
    status_code=201,
    response_model=ChatMessagePublic,
    responses=responses(*FOUND, "action/not_seated", "chat/not_allowed"),
)
async def post_chat(
    match_id: str,
    body: ChatPost,
    session: SessionDep,
    context: ContextDep,
    player: CurrentPlayer,
) -> ChatMessagePublic:
    loaded = await load_match(context, session, match_id)
    seat = loaded.seat_of(player.id)
    if seat is None:
        raise ApiError("action/not_seated", "Only the players at this table can chat.")
    _check_content(loaded, body)
    _check_rate(context, player.id)
    text = body.text if isinstance(body, ChatTextPost) else None
    reaction = body.reaction if isinstance(body, ChatReactionPost) else None
    message = ChatMessage(
        match_id=match_id, seat=seat, player_id=player.id, text=text, reaction=reaction
    )
    session.add(message)
    await session.commit()
    await context.broker.publish("match:" + match_id, f"chat:{message.seq}")
    return public(message, loaded)


def _check_content(loaded: LoadedMatch, body: ChatPost) -> None:
    if isinstance(body, ChatReactionPost) and body.reaction not in REACTIONS:
        raise ApiError("chat/not_allowed", "Choose one of the preset reactions.")
    if isinstance(body, ChatTextPost) and not loaded.engine.free_chat:
        raise ApiError(
            "chat/not_allowed", "This game's rules forbid table talk: use a preset reaction."
        )


def _check_rate(context: AppContext, player_id: str) -> None:
    wait = context.chat_limiter.retry_after(player_id)
    if wait:
        raise ApiError(
            "rate/limited",
            f"You are chatting fast: wait {wait} s.",
            headers={"Retry-After": str(wait)},
        )

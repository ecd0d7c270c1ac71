"""/api/v1/matches/{id}/chat: table talk, or only preset reactions where the rules say so."""

from __future__ import annotations

from fastapi import APIRouter

from app.chat.models import ChatMessage
from app.chat.schemas import (
    REACTIONS,
    ChatLogPublic,
    ChatMessagePublic,
    ChatPost,
    ChatReactionPost,
    ChatTextPost,
)
from app.chat.service import check_content, check_rate, messages_after, public
from app.core.errors import ApiError, responses
from app.core.inputs import After, MatchId
from app.matches.access import viewer_seat
from app.matches.store import load_match
from app.realtime.messages import Chat, match_topic
from app.web.deps import ContextDep, CurrentPlayer, OptionalPlayer, SessionDep

router = APIRouter(prefix="/api/v1/matches", tags=["chat"])
FOUND = (
    "auth/missing",
    "auth/invalid",
    "rate/limited",
    "request/malformed",
    "match/not_found",
    "auth/forbidden",
)


@router.get(
    "/{match_id}/chat",
    response_model=ChatLogPublic,
    responses=responses(*FOUND),
    operation_id="readChat",
)
async def read_chat(
    match_id: MatchId,
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
    operation_id="postChat",
)
async def post_chat(
    match_id: MatchId,
    body: ChatPost,
    session: SessionDep,
    context: ContextDep,
    player: CurrentPlayer,
) -> ChatMessagePublic:
    loaded = await load_match(context, session, match_id)
    seat = loaded.seat_of(player.id)
    if seat is None:
        raise ApiError("action/not_seated", "Only the players at this table can chat.")
    check_content(loaded, body)
    check_rate(context, player.id)
    text = body.text if isinstance(body, ChatTextPost) else None
    reaction = body.reaction if isinstance(body, ChatReactionPost) else None
    message = ChatMessage(
        match_id=match_id, seat=seat, player_id=player.id, text=text, reaction=reaction
    )
    session.add(message)
    await session.commit()
    await context.broker.publish(match_topic(match_id), Chat(message.seq).encode())
    return public(message, loaded)

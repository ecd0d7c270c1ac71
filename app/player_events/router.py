"""GET /api/v1/players/me/events: the signed-in player's own event stream."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from app.core.errors import responses
from app.player_events.stream import NDJSON, SSE, player_event_stream
from app.web.deps import ContextDep, CurrentPlayer, SessionDep

router = APIRouter(prefix="/api/v1/players/me", tags=["players"])

EXAMPLE = '{"type":"your_turn","match_id":"…","game":"oh-fox","seat":1,"version":7,"deadline":null}'


@router.get(
    "/events",
    response_class=StreamingResponse,
    responses=responses("auth/missing", "auth/invalid", "rate/limited", "rate/too_many_sockets")
    | {
        200: {
            "description": "One event per line (ndjson, the default; an empty line is a "
            "keep-alive) or server-sent events with `Accept: text/event-stream`. First where "
            "things stand (a `your_turn` per match waiting for you, a `challenge` per open "
            "challenge to you), then news: your_turn, match_started, match_ended, challenge, "
            "challenge_accepted, challenge_declined, challenge_canceled; a last signed_out "
            "when the token is revoked.",
            "content": {
                NDJSON: {"schema": {"type": "string"}, "example": EXAMPLE},
                SSE: {"schema": {"type": "string"}},
            },
        }
    },
    operation_id="streamMyEvents",
)
async def my_events(
    request: Request, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> StreamingResponse:
    await session.close()  # the stream may last hours: do not hold a pooled connection
    return player_event_stream(context, request, player)

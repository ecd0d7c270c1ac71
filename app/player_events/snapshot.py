"""What a player's stream sends first: where things stand now, before any news.

The matches waiting for the player (a `your_turn` each) and the open challenges sent to them
(a `challenge` each), built by the same projections as the news, so a client that connects
late, or reconnects, needs no other request to catch up.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from app.accounts.service import names_of
from app.challenges import service as challenges
from app.core.statuses import MatchStatus
from app.matches.models import Match, MatchSeat
from app.matches.store import load_match
from app.player_events import news
from app.player_events.context import PlayerEventsContext

MATCHES_MAX = 200  # active matches read per snapshot: far above what one person plays at once


async def current_events(context: PlayerEventsContext, player_id: str) -> list[dict[str, Any]]:
    now = context.clock.now()
    events: list[dict[str, Any]] = []
    async with context.db.sessions() as session:
        rows = await session.scalars(
            select(Match.id)
            .join(MatchSeat, MatchSeat.match_id == Match.id)
            .where(MatchSeat.player_id == player_id, Match.status == MatchStatus.ACTIVE)
            .order_by(Match.id)
            .limit(MATCHES_MAX)
        )
        for match_id in rows.all():
            loaded = await load_match(context, session, match_id)
            seat = loaded.seat_of(player_id)
            if seat is not None and seat in loaded.humans_to_act():
                events.append(news.your_turn(loaded, seat))
        received = [
            c
            for c in await challenges.open_for(session, player_id, now)
            if c.recipient_id == player_id
        ]
        names = await names_of(session, {c.challenger_id for c in received} | {player_id})
    for challenge in reversed(received):  # oldest first, like news
        seen = challenges.public(challenge, names, player_id, now)
        events.append({"type": "challenge", "challenge": seen.model_dump(mode="json")})
    return events

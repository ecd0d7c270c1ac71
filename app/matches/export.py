"""A match that is over, as one JSON document any engine replays to the same final state.

The document carries what the engine needs (game, engine version, options, player count,
seed) and what happened (every action in order, by seat), plus the outcome and a digest of
the final state to check a replay against. The seed of a match is drawn afresh from the
operating system for every match and decided nothing that the end of the match has not
revealed already, so it is published only once the match is over, never before.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.errors import ApiError
from app.core.statuses import MatchStatus
from app.matches.first_state import stored_start
from app.matches.loaded import LoadedMatch, encode_state
from app.matches.models import Match, MatchAction

FORMAT = "foxden-match/1"
NOT_OVER = "The match is still being played: its replay and export open when it ends."


@dataclass(frozen=True)
class EndedMatch:
    """A finished or aborted match with its whole history, as stored."""

    loaded: LoadedMatch
    seed: int
    engine_version: int
    actions: tuple[MatchAction, ...]
    finished_at: Any
    start: str | None = None  # the stored first state of a match that began elsewhere


async def ended_match(session: AsyncSession, loaded: LoadedMatch) -> EndedMatch:
    """The match and its history; refused while it runs (its secrets are still secret)."""
    match_id = loaded.id
    if loaded.status == MatchStatus.ACTIVE:
        raise ApiError("match/not_finished", NOT_OVER)
    row = (
        await session.execute(
            select(Match.seed, Match.engine_version, Match.updated_at).where(Match.id == match_id)
        )
    ).one()
    actions = (
        await session.scalars(
            select(MatchAction).where(MatchAction.match_id == match_id).order_by(MatchAction.seq)
        )
    ).all()
    start = await stored_start(session, match_id)
    return EndedMatch(
        loaded, int(row.seed), int(row.engine_version), tuple(actions), row.updated_at, start
    )


def state_digest(loaded: LoadedMatch, state: Any) -> str:
    """sha256 of the engine's encoding of a state: equal digests, equal states."""
    return hashlib.sha256(encode_state(loaded.engine, state).encode()).hexdigest()


def export_document(ended: EndedMatch) -> dict[str, Any]:
    loaded = ended.loaded
    return {
        "format": FORMAT,
        "match_id": loaded.id,
        "game": loaded.game,
        "engine_version": ended.engine_version,
        "options": loaded.options,
        "players": len(loaded.seats),
        "seed": ended.seed,
        "seats": [
            {"seat": s.seat, "name": s.name, "player_id": s.player_id, "bot": s.bot}
            for s in loaded.seats
        ],
        "actions": [
            {"seq": a.seq, "seat": a.seat, "action": a.action, "actor": a.actor, "at": a.created_at}
            for a in ended.actions
        ],
        "status": loaded.status,
        "outcome": loaded.outcome,
        "final_state_sha256": state_digest(loaded, loaded.state),
        "finished_at": ended.finished_at,
        "start_state": None if ended.start is None else orjson.loads(ended.start),
    }

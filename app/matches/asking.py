"""Simultaneous decisions: a move made on an older version that is still the same decision.

In a phase where several seats choose at once (Oh, Fox!'s programming: each player hides a
choice; Fox in the Forest's goal claims beside the turn), another seat's choice moves the
match on a version without changing what this seat is asked. A client that read version v and
sent `expected_version: v` would be refused `action/stale_version` though its move is as valid
as before, and the other seat's choice (hidden) gave it nothing new to see.

The rule (docs/api.md, Simultaneous decisions): a move with an `expected_version` v older than
the current version is accepted when, at every version from v to now, the seat was to act with
the same legal actions, every move since v was another seat's, and the move is among those
legal actions. Otherwise it is refused as stale, as before. Checking it replays the match from
its seeded first state (the engine is deterministic): only a stale request pays for it.
"""

from __future__ import annotations

from typing import Any

import orjson
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.games.protocol import Engine
from app.matches.first_state import first_state, stored_start
from app.matches.loaded import LoadedMatch
from app.matches.models import Match, MatchAction

REPLAY_MAX = 2_000  # moves replayed at most for the check; a longer match is refused as stale


def _canonical(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _asked(engine: Engine[Any], state: Any, seat: int) -> list[bytes] | None:
    """What `seat` is asked in `state` (its legal actions, comparable), None if not to act."""
    if seat not in engine.to_act(state):
        return None
    return [_canonical(action) for action in engine.legal_actions(state, seat)]


async def asked_since(
    session: AsyncSession, loaded: LoadedMatch, seat: int, version: int, action: Any
) -> bool:
    """Whether the seat was asked the same decision at every version since `version`, by
    others' moves only, and `action` is among its legal actions (the rule above)."""
    if not 0 <= version < loaded.version or loaded.version > REPLAY_MAX:
        return False
    seed = await session.scalar(select(Match.seed).where(Match.id == loaded.id))
    if seed is None:
        return False
    rows = await session.execute(
        select(MatchAction.seq, MatchAction.seat, MatchAction.action)
        .where(MatchAction.match_id == loaded.id, MatchAction.seq <= loaded.version)
        .order_by(MatchAction.seq)
    )
    engine = loaded.engine
    state = first_state(loaded, seed, await stored_start(session, loaded.id))
    asked = _asked(engine, state, seat) if version == 0 else None
    for seq, mover, move in rows:
        if seq > version and (mover is None or mover == seat):
            return False  # the seat acted itself since (or an admin did): a new decision
        if mover is not None:
            state = engine.apply(state, mover, move).state
        if seq == version:
            asked = _asked(engine, state, seat)
        elif seq > version and _asked(engine, state, seat) != asked:
            return False
    return asked is not None and _canonical(action) in asked

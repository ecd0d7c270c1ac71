"""The events of a player's stream, each built for that one player (a projection).

An event names a match or a challenge and what the player may know of it: their own seat, the
version, the deadline, the public outcome. Never a view or a hand: a client reads the match
itself (REST, socket or stream) for that, projected there for its viewer.

Events travel between processes on the player's topic as `News` (app/realtime/messages.py).
"""

from __future__ import annotations

from typing import Any

from app.core.statuses import MatchStatus
from app.matches.envelope import fill_names
from app.matches.loaded import LoadedMatch

YOUR_TURN = "your_turn"
MATCH_STARTED = "match_started"
MATCH_ENDED = "match_ended"


def your_turn(loaded: LoadedMatch, seat: int) -> dict[str, Any]:
    return {
        "type": YOUR_TURN,
        "match_id": loaded.id,
        "game": loaded.game,
        "seat": seat,
        "version": loaded.version,
        "deadline": loaded.deadline.isoformat() if loaded.deadline else None,
    }


def match_started(loaded: LoadedMatch, seat: int) -> dict[str, Any]:
    return {
        "type": MATCH_STARTED,
        "match_id": loaded.id,
        "game": loaded.game,
        "seat": seat,
        "version": loaded.version,
        "players": loaded.names(),
    }


def match_ended(loaded: LoadedMatch, seat: int) -> dict[str, Any]:
    """The public outcome (everyone at the table sees it at the end), and what it means for
    this seat."""
    outcome = fill_names(loaded.outcome, loaded.names()) or {}
    winners = list(outcome.get("winners", []))
    return {
        "type": MATCH_ENDED,
        "match_id": loaded.id,
        "game": loaded.game,
        "seat": seat,
        "version": loaded.version,
        "status": loaded.status,
        "won": seat in winners,
        "winners": winners,
        "scores": list(outcome.get("scores", [])),
        "reason": outcome.get("reason"),
    }


def match_news(loaded: LoadedMatch) -> list[tuple[str, dict[str, Any]]]:
    """(player id, event) for every seated person the commit concerns: everyone at a start and
    an end, the players to act otherwise."""
    news: list[tuple[str, dict[str, Any]]] = []
    humans = [info for info in loaded.seats if info.player_id is not None]
    if loaded.status != MatchStatus.ACTIVE:
        return [(info.player_id or "", match_ended(loaded, info.seat)) for info in humans]
    if loaded.version == 0:
        news += [(info.player_id or "", match_started(loaded, info.seat)) for info in humans]
    to_act = set(loaded.humans_to_act())
    news += [
        (info.player_id or "", your_turn(loaded, info.seat))
        for info in humans
        if info.seat in to_act
    ]
    return news


def dedupe_key(event: dict[str, Any]) -> tuple[Any, ...]:
    """Events the stream already sent are not sent again (the snapshot and the news that
    arrived meanwhile may overlap; a resync sends the snapshot again)."""
    if "challenge" in event:
        return (event["type"], event["challenge"]["id"])
    return (event["type"], event.get("match_id"), event.get("version"))

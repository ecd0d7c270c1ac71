"""What one viewer is sent about a match: built only from the engine's projection.

Nothing here reads the engine state except through `view`, `to_act`, `legal_actions` and
`outcome`: the whitelist principle in one place for REST, WebSocket and SSE alike.
"""

from __future__ import annotations

import re
from typing import Any

import orjson

from app.core.statuses import MatchStatus
from app.matches.loaded import LoadedMatch
from app.matches.slow_clocks import clock_json

PLACEHOLDER = re.compile(r"\{seat(\d)\}")
ENCODED_PLACEHOLDER = re.compile(rb"\{seat(\d)\}")


def fill_names(value: Any, names: list[str]) -> Any:
    """Replace {seatN} in every string of a JSON value with that seat's display name."""
    if isinstance(value, str):
        if "{seat" not in value:
            return value
        return PLACEHOLDER.sub(lambda m: _name(names, int(m.group(1))), value)
    if isinstance(value, dict):
        return {key: fill_names(item, names) for key, item in value.items()}
    if isinstance(value, list):
        return [fill_names(item, names) for item in value]
    return value


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def fill_names_encoded(body: bytes, names: list[str]) -> bytes:
    """`fill_names` on JSON already encoded: one regex over the bytes instead of a walk over
    every value of a view (half of what building an envelope cost). A placeholder only ever
    stands inside a string, so each name goes in JSON-escaped, without its quotes."""
    if b"{seat" not in body:
        return body
    escaped = [orjson.dumps(name)[1:-1] for name in names]

    def name(match: re.Match[bytes]) -> bytes:
        seat = int(match.group(1))
        return escaped[seat] if seat < len(escaped) else f"Seat {seat + 1}".encode()

    return ENCODED_PLACEHOLDER.sub(name, body)


def seats_json(loaded: LoadedMatch, presence: dict[int, int]) -> list[dict[str, Any]]:
    return [
        {
            "seat": info.seat,
            "name": info.name,
            "player_id": info.player_id,
            "bot": info.bot,
            "away": info.away,
            "is_bot": info.is_bot,
            "resigned": info.resigned,
            "connected": info.bot is not None or presence.get(info.seat, 0) > 0,
        }
        for info in loaded.seats
    ]


def envelope(
    loaded: LoadedMatch, seat: int | None, presence: dict[int, int], as_bot: bool = False
) -> dict[str, Any]:
    """`as_bot`: the envelope the bot playing `seat` decides from (its player gets no legal
    actions while a bot plays for them)."""
    names = loaded.names()
    return _envelope(
        loaded,
        seat,
        presence,
        as_bot,
        view=fill_names(loaded.engine.view(loaded.state, seat), names),
        outcome=fill_names(loaded.outcome, names),
    )


def encoded_envelope(loaded: LoadedMatch, seat: int | None, presence: dict[int, int]) -> bytes:
    """The viewer's envelope as JSON bytes: what orjson makes of `envelope`, with the names
    filled in on the encoded view and outcome (`fill_names_encoded`)."""
    names = loaded.names()
    view = _dumps(loaded.engine.view(loaded.state, seat))
    outcome = _dumps(loaded.outcome)
    return _dumps(
        _envelope(
            loaded,
            seat,
            presence,
            as_bot=False,
            view=orjson.Fragment(fill_names_encoded(view, names)),
            outcome=orjson.Fragment(fill_names_encoded(outcome, names)),
        )
    )


def _dumps(value: Any) -> bytes:
    # Non-string keys are allowed as the standard json module allows them (views use ints).
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def _envelope(
    loaded: LoadedMatch,
    seat: int | None,
    presence: dict[int, int],
    as_bot: bool,
    view: Any,
    outcome: Any,
) -> dict[str, Any]:
    engine = loaded.engine
    to_act = list(engine.to_act(loaded.state)) if loaded.status == MatchStatus.ACTIVE else []
    may_act = seat is not None and seat in to_act and (as_bot or not loaded.seats[seat].bot)
    legal = list(engine.legal_actions(loaded.state, seat)) if may_act and seat is not None else []
    return {
        "match_id": loaded.id,
        "game": loaded.game,
        "version": loaded.version,
        "status": loaded.status,
        "seat": seat,
        "to_act": to_act,
        "legal_actions": legal,
        "view": view,
        "outcome": outcome,
        "seats": seats_json(loaded, presence),
        "deadline": loaded.deadline.isoformat() if loaded.deadline else None,
        "clock": clock_json(loaded),
    }


def summary_json(loaded: LoadedMatch, presence: dict[int, int]) -> dict[str, Any]:
    """The public summary of a match: no view, so nothing hidden can be in it."""
    return {
        "id": loaded.id,
        "game": loaded.game,
        "options": loaded.options,
        "status": loaded.status,
        "version": loaded.version,
        "seats": seats_json(loaded, presence),
        "outcome": fill_names(loaded.outcome, loaded.names()),
    }

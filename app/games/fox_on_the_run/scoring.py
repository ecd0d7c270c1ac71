"""How a finished match ended: the winning faction's seats, and a public summary."""

from __future__ import annotations

from app.games.fox_on_the_run import data, state
from app.games.fox_on_the_run.rules import is_over
from app.games.fox_on_the_run.rules_turns import seats_of
from app.games.fox_on_the_run.state import State
from app.games.protocol import JSON, Outcome


def outcome(s: State) -> Outcome | None:
    if not is_over(s):
        return None
    winners = seats_of(s, s.winner)
    scores = tuple(1.0 if seat in winners else 0.0 for seat in range(s.players))
    detail: dict[str, JSON] = {
        "winning_faction": s.winner,
        "summary": data.REASON_WORDS[s.reason],
        "turns": s.turn,
        "revealed_tiles": len(data.DIRECTIONAL_TILES) - state.hidden_tile_count(s),
        "factions": {
            faction: {
                "seats": list(seats_of(s, faction)),
                "characters": [c.name for c in s.characters if c.faction == faction],
            }
            for faction in data.FACTIONS
        },
    }
    return Outcome(winners, scores, s.reason, detail)

"""The last word of a socket or stream on a match that is over.

Once a match is finished (by its rules) or aborted (by an admin), nothing it shows changes any
more, so a socket or stream that stayed open would only cost the server a listener and tempt
its client to wait forever. After the final envelope, the match socket sends an `end` frame and
closes with 1000 (a normal close: do not reconnect); the event stream sends `event: end` with
the same data and ends. A client that connects to a match already over gets the final envelope,
then the same ending. Chat at the table goes on over REST (`GET .../chat?after=`).
"""

from __future__ import annotations

from typing import Any

import orjson

from app.core.statuses import MatchStatus
from app.matches.envelope import fill_names
from app.matches.loaded import LoadedMatch

NORMAL_CLOSURE = 1000  # the match is over: a client does not reconnect (docs/api.md)


def is_over(loaded: LoadedMatch) -> bool:
    return loaded.status != MatchStatus.ACTIVE


def end_frame(loaded: LoadedMatch) -> dict[str, Any]:
    """The `end` frame (app/realtime/frame_models.py EndFrame): final version, status and the
    outcome with the players' names filled in, as the final envelope shows it to any viewer."""
    return {
        "type": "end",
        "match_id": loaded.id,
        "version": loaded.version,
        "status": str(loaded.status),
        "outcome": fill_names(loaded.outcome, loaded.names()),
    }


def end_text(loaded: LoadedMatch) -> str:
    return orjson.dumps(end_frame(loaded)).decode()


def end_event(loaded: LoadedMatch) -> str:
    """The stream's last event; its `id` is the final version, like every envelope event's."""
    return f"id: {loaded.version}\nevent: end\ndata: {end_text(loaded)}\n\n"

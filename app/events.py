"""In-process news from the move pipeline: "this match changed, here is how it stands now".

The pipeline (and seat changes, and a match starting) publishes; the bot and timer layer
listens. Neither imports the other, so there is no import circle between them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.matches.loaded import LoadedMatch

Listener = Callable[["LoadedMatch"], None]


class MatchEvents:
    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unlisten(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    def committed(self, loaded: LoadedMatch) -> None:
        """Tell every listener the match as just committed. Listeners only schedule work, so
        the caller (a request, the move pipeline) never waits for a bot or a timer."""
        for listener in self._listeners:
            listener(loaded)

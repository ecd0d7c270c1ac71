"""What the lobby's shared steps need of the process, and no more.

Publishing a table and opening a rematch (publish.py, rematch.py) type their context as this
protocol, not as `app.context.AppContext`: a table before play only tells its watchers that it
changed, through the broker, so that every process hears it; a lobby step that could reach this
process's hub would wake only the sockets open here.
"""

from __future__ import annotations

from typing import Protocol

from app.core.clock import Clock
from app.core.config import Settings
from app.realtime.broker import Broker


class LobbyContext(Protocol):
    settings: Settings  # a host's cap on open tables
    clock: Clock
    broker: Broker  # "this table changed", to every process's lobby sockets

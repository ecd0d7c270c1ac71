"""What notifications need of the process, and no more.

The listener, the challenge notice and the digest type their context as this protocol, not as
`app.context.AppContext`: they read the database on the app's clock and hand pushes to the
process's sender; they cannot reach the sockets, the broker or the pipeline.
"""

from __future__ import annotations

from typing import Protocol

from app.core.clock import Clock
from app.core.config import Settings
from app.core.db import Database
from app.notifications.delivery import PushSender


class NotificationsContext(Protocol):
    settings: Settings
    db: Database
    clock: Clock
    push: PushSender

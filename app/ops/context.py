"""What ops needs of the process it watches, and no more.

Counting, logging and readiness (actions, instrument, readiness, scrape) type their context as
this protocol, not as `app.context.AppContext`: ops watches the services and the figures, and
a part of ops that could reach the matches, the hub or the sockets could change what it is
only meant to count.
"""

from __future__ import annotations

from typing import Protocol

from app.core.clock import Clock
from app.core.db import Database
from app.ops.metrics import Metrics
from app.realtime.broker import Broker
from app.realtime.presence_store import PresenceStore


class OpsContext(Protocol):
    db: Database  # its engine's failures are counted; readiness and the scrape query it
    broker: Broker  # its failures are counted; readiness pings it
    presence: PresenceStore  # its failures are counted like the broker's
    metrics: Metrics
    clock: Clock  # how long a "down" verdict is kept

"""What a player's event stream and its publisher need of the process, and no more.

The publisher, the snapshot and the stream type their context as this protocol, not as
`app.context.AppContext`. The snapshot reads matches through the pipeline's store, so this
extends the pipeline's context; past that, a player's news only travels: published on the
broker, heard on the hub, sent down a stream that holds a slot.
"""

from __future__ import annotations

from typing import Protocol

from app.matches.pipeline_context import PipelineContext
from app.ops.metrics import Metrics
from app.realtime.broker import Broker
from app.realtime.drain import Drain
from app.realtime.hub import Hub
from app.realtime.signouts import Signouts
from app.realtime.slots import SocketSlots


class PlayerEventsContext(PipelineContext, Protocol):
    broker: Broker  # news goes out on the broker: a player's streams may be on any process
    hub: Hub
    sockets: SocketSlots  # a player's streams count against their cap
    signouts: Signouts  # a revoked token ends its streams
    drain: Drain  # a stopping process ends its streams
    metrics: Metrics  # open streams

"""What the bot and timer layer needs of the process, and no more.

The runner, the turn timers and recovery type their context as this protocol, not as
`app.context.AppContext`. A bot moves through the move pipeline like a player, so this extends
the pipeline's context; past that, the layer only counts what it did. It hears of commits from
the commit hook, and never pushes to sockets: the hub, the broker and the fan-out stay out of
its reach.
"""

from __future__ import annotations

from typing import Protocol

from app.matches.pipeline_context import PipelineContext
from app.ops.metrics import Metrics


class BotsContext(PipelineContext, Protocol):
    metrics: Metrics  # bot moves, timed-out turns, how long recovery's looks take

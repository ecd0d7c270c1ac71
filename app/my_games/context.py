"""What a player's own games need of the process, and no more.

The service (service.py) types its context as this protocol, not as `app.context.AppContext`.
It reads each active match through the pipeline's store (the cached copy where this process
has one), so it needs what the pipeline needs: its settings, clock and database included, and
nothing more. It only reads: no broker, hub or metrics to reach.
"""

from __future__ import annotations

from typing import Protocol

from app.matches.pipeline_context import PipelineContext


class MyGamesContext(PipelineContext, Protocol):
    """The pipeline's context, named for this layer: a need of my games goes here, not there."""

"""What the review needs of the process, and no more.

The worker and the service type their context as this protocol, not as
`app.context.AppContext`. A practice table is a match like any other: it is written and
announced through the pipeline's commit hook, so the bots of its other seats hear of it; past
that the review only reads matches and its own queue.
"""

from __future__ import annotations

from typing import Protocol

from app.matches.pipeline_context import PipelineContext
from app.realtime.broker import Broker
from app.realtime.hub import Hub


class ReviewContext(PipelineContext, Protocol):
    """The pipeline's context, named for this layer: a need of the review goes here. The
    broker and the hub carry the word that a review was asked to every process's worker."""

    broker: Broker
    hub: Hub

"""What the sockets and streams need of the process, and no more.

The match and lobby sockets, the match stream and presence type their context as this protocol,
not as `app.context.AppContext`. A socket acts through the move pipeline and reads matches
through its store, so this extends the pipeline's context; what it adds is what carrying the
news out takes. The process's sign-in limits, password hashing, fan-out and chat bucket stay out
of reach: a socket never signs in, and it hears commits from the hub, never from the fan-out.
"""

from __future__ import annotations

from typing import Protocol

from cachetools import TTLCache

from app.accounts.service import TokenCache
from app.matches.pipeline_context import PipelineContext
from app.ops.metrics import Metrics
from app.realtime.broker import Broker
from app.realtime.drain import Drain
from app.realtime.envelopes import EnvelopeCache
from app.realtime.hub import Hub
from app.realtime.presence_store import PresenceStore
from app.realtime.signouts import Signouts
from app.realtime.slots import SocketSlots
from app.web.ratelimit import RateLimiter


class RealtimeContext(PipelineContext, Protocol):
    broker: Broker  # a seat's presence flipping is told to every process
    hub: Hub
    envelopes: EnvelopeCache  # each viewer's envelope, built once per version
    sockets: SocketSlots  # the per-match cap on a caller's sockets and streams
    limiter: RateLimiter  # frames draw on the caller's HTTP bucket
    tokens: TokenCache  # a hello's token, looked up as a request's is
    signouts: Signouts  # a revoked token closes what it opened
    drain: Drain  # a stopping process closes its sockets and ends its streams
    presence: PresenceStore
    presence_cache: TTLCache[str, dict[int, int]]  # who is connected, read once a second
    metrics: Metrics

"""Everything one app instance shares between requests and sockets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from app.accounts.service import TokenCache
from app.config import Settings
from app.db import Database
from app.matches.loaded import MatchCache
from app.matches.locks import MatchLocks
from app.ops.metrics import Metrics
from app.ratelimit import RateLimiter
from app.realtime.broker import Broker
from app.realtime.envelopes import EnvelopeCache
from app.realtime.hub import Hub
from app.realtime.slots import SocketSlots

if TYPE_CHECKING:
    from app.bots.runner import BotRunner
    from app.bots.timers import TimerSweeper
    from app.matches.history import MoveWriter
    from app.realtime.fanout import Fanout


@dataclass
class AppContext:
    settings: Settings
    db: Database
    broker: Broker
    hub: Hub
    limiter: RateLimiter
    tokens: TokenCache = field(default_factory=TokenCache)
    metrics: Metrics = field(default_factory=Metrics)
    matches: MatchCache = field(default_factory=MatchCache)
    locks: MatchLocks = field(default_factory=MatchLocks)
    # Chat is slower than moves: a separate, stricter bucket per player.
    chat_limiter: RateLimiter = field(default_factory=lambda: RateLimiter(20, burst=5))
    sockets: SocketSlots = field(default_factory=SocketSlots)
    presence_cache: dict[str, tuple[float, dict[int, int]]] = field(default_factory=dict)
    envelopes: EnvelopeCache = field(default_factory=EnvelopeCache)
    fanout: Fanout = field(init=False)
    writer: MoveWriter = field(init=False)
    bots: BotRunner = field(init=False)
    timers: TimerSweeper = field(init=False)

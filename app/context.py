"""Everything one app instance shares between requests and sockets.

The one module at the root of `app/`: the process assembles it (app/server/main.py) from the
feature packages' parts, and the web edge hands it to the routers. Every other layer types what
it takes as its package's narrow protocol (`<package>/context.py`, the pipeline's is
`app/matches/pipeline_context.py`), and an import contract keeps it so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cachetools import TTLCache

from app.accounts.passwords import PasswordHashing
from app.accounts.service import TokenCache
from app.accounts.signin_limits import SignInLimits
from app.core.clock import Clock, RealClock
from app.core.config import Settings
from app.core.db import Database
from app.matches.commits import CommitHook
from app.matches.history import MoveWriter
from app.matches.loaded import MatchCache
from app.matches.locks import MatchLocks
from app.notifications.delivery import PushSender
from app.notifications.push_players import PushPlayers
from app.ops.metrics import Metrics
from app.realtime.broker import Broker
from app.realtime.drain import Drain
from app.realtime.envelopes import EnvelopeCache
from app.realtime.fanout import Fanout
from app.realtime.hub import Hub
from app.realtime.presence_store import MemoryPresenceStore, PresenceStore
from app.realtime.signouts import Signouts
from app.realtime.slots import SocketSlots
from app.web.ratelimit import RateLimiter

PRESENCE_SECONDS = 1.0
PRESENCE_MATCHES = 10_000  # matches whose presence one process holds at once


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
    envelopes: EnvelopeCache = field(default_factory=EnvelopeCache)
    # Every time-driven behaviour reads this clock, so tests can drive time by hand.
    clock: Clock = field(default_factory=RealClock)
    # Every committed change to a match is announced here once; the listeners are wired in
    # app/server/commit_listeners.py (ops, bots and timers, players' news, ratings, chat, realtime).
    commits: CommitHook = field(init=False)
    # Set when this process stops (app/server/shutdown.py): sockets close with 1012, streams end.
    drain: Drain = field(default_factory=Drain)
    # Who is connected to each match, counted apart from the broker (Redis when processes share
    # one: app/server/main.py's build_context).
    presence: PresenceStore = field(default_factory=MemoryPresenceStore)
    # Each match's connected seats, held PRESENCE_SECONDS on the app's clock: one Redis
    # lookup per match per second however many pushes; expired entries are dropped.
    presence_cache: TTLCache[str, dict[int, int]] = field(init=False)
    fanout: Fanout = field(init=False)
    signins: SignInLimits = field(init=False)
    # Revoked tokens are announced here: every process closes what they opened.
    signouts: Signouts = field(init=False)
    hashing: PasswordHashing = field(init=False)
    writer: MoveWriter = field(init=False)
    # Web Push, sent off the move's path by its own workers (app/notifications/delivery.py).
    push: PushSender = field(init=False)

    def __post_init__(self) -> None:
        self.commits = CommitHook(self.clock)  # its bounds counted on the clock tests drive
        self.presence_cache = TTLCache(PRESENCE_MATCHES, PRESENCE_SECONDS, self.clock.monotonic)
        self.fanout = Fanout(self.broker, self.hub, self.matches, self.presence_cache, self.tokens)
        self.signouts = Signouts(self.db, self.broker, self.hub, self.tokens)
        self.writer = MoveWriter(self.db)
        self.signins = SignInLimits(self.clock)
        self.hashing = PasswordHashing(self.metrics.hashing_refused)
        players = PushPlayers(self.db, self.broker, self.hub, self.clock)
        self.push = PushSender(self.settings, self.db, self.clock, players)

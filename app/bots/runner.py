"""Runs bot seats server side, through the same move pipeline as players.

A bot knows exactly what a player in its seat would: the envelope's view and legal actions,
and worlds the seat cannot tell from the match (app/games/knowledge.py).
The runner is woken by commits (a bot is to act) and by recovery; between turns it waits on
the clock. Any process may try to act for a bot; the version check lets exactly one of them
commit, so a bot never acts twice even when two processes play the same match.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING

from app.bots.strategies import strategy_named
from app.bots.workers import Workers
from app.core.errors import ApiError
from app.core.statuses import ActorKind
from app.daily.bot import DAILY_BOT, daily_rng
from app.games.knowledge import knowledge_of
from app.matches.envelope import envelope
from app.matches.loaded import LoadedMatch
from app.matches.service import Actor, act
from app.matches.store import load_match
from app.tutorials.scripts import FALLBACK_BOT, TUTORIAL_BOT, on_script, scripted_move
from app.web.faults import is_outage

if TYPE_CHECKING:
    from app.bots.context import BotsContext

RETRYABLE = {"action/stale_version", "action/not_your_turn", "match/finished"}


def choose(loaded: LoadedMatch, seat: int, strategy_name: str) -> object | None:
    """What the named strategy plays for `seat`, knowing only what that seat knows: its
    envelope's view and legal actions, and worlds `determinize` draws from the true state.

    A tutorial's bot plays its script's moves (public data, app/games/<game>/tutorial.py), and
    None while the script waits for the learner (a simultaneous choice the learner makes
    first); once the script is over or left, the game's standard strategy plays on. A daily
    deal's bot plays the standard strategy too, seeded by what its seat sees (app/daily/bot.py)."""
    if strategy_name == TUTORIAL_BOT:
        encoded = loaded.engine.encode(loaded.state)
        if on_script(loaded.game, encoded):
            return scripted_move(loaded.game, encoded, seat)
        strategy_name = FALLBACK_BOT
    strategy = strategy_named(loaded.game, strategy_name)
    seen = envelope(loaded, seat, {}, as_bot=True)
    knowledge = knowledge_of(
        loaded.engine, loaded.state, seat, view=seen["view"], legal=seen["legal_actions"]
    )
    if strategy_name == DAILY_BOT:
        return strategy(knowledge, daily_rng(loaded.engine, loaded.state, seat))
    return strategy(knowledge, random.Random(f"{loaded.id}:{loaded.version}:{seat}"))


log = logging.getLogger(__name__)
OUTAGE_RETRY_SECONDS = 1.0


class BotRunner:
    def __init__(self, context: BotsContext, workers: Workers) -> None:
        self.context = context
        self.workers = workers
        self._playing: set[str] = set()
        # Matches that changed while their player task was busy: it must read them again.
        self._changed: set[str] = set()

    def playing(self, match_id: str) -> bool:
        return match_id in self._playing

    def wake(self, match_id: str, version: int) -> None:
        """Make sure this process plays the bots of this match until a human is to act;
        `version` is the match as the waker saw it."""
        if match_id in self._playing:
            self._changed.add(match_id)
            return
        self._playing.add(match_id)
        self.workers.spawn(self._play(match_id, version), f"bots of {match_id}")

    async def _play(self, match_id: str, seen: int) -> None:
        """Each turn waits FOXDEN_BOT_DELAY_MS after the last move this task saw; if the match
        moved meanwhile (a human, or another process's bot), the wait starts again."""
        pause = self.context.settings.bot_delay_ms / 1000
        try:
            while True:
                await self.context.clock.sleep(pause)
                pause = self.context.settings.bot_delay_ms / 1000
                self._changed.discard(match_id)
                try:
                    async with self.workers.slots:
                        loaded = await self._load(match_id)
                        if not loaded.bots_to_act():
                            if match_id in self._changed:
                                continue  # a commit landed while we read: read it
                            return
                        if loaded.version == seen:
                            acted = await self._act(loaded)
                            if acted is None:
                                return  # a tutorial's bot waits for the learner's commit
                            seen = acted
                        else:
                            seen = loaded.version
                except Exception as error:
                    if not is_outage(error):
                        raise
                    # The database or the broker is away: the bot tries again, not recovery
                    # (which looks only every FOXDEN_RECOVERY_SECONDS).
                    log.warning("bot turn in %s waits for the database: %s", match_id, error)
                    pause = OUTAGE_RETRY_SECONDS
        finally:
            self._playing.discard(match_id)

    async def _load(self, match_id: str) -> LoadedMatch:
        async with self.context.db.sessions() as session:
            return await load_match(self.context, session, match_id)

    async def _act(self, loaded: LoadedMatch) -> int | None:
        """Act for the first bot to act; the version this task has seen afterwards, or None
        if the bot has nothing to play until someone else moves."""
        seat = loaded.bots_to_act()[0]
        # A search bot thinks for up to a second: off the event loop, so that the process
        # keeps serving the other matches meanwhile (states are immutable, nothing is shared).
        action = await asyncio.to_thread(choose, loaded, seat, loaded.seats[seat].bot or "random")
        if action is None:
            return None
        try:
            committed, _ = await act(
                self.context, loaded.id, Actor(ActorKind.BOT, seat=seat), action, loaded.version
            )
        except ApiError as refusal:
            if refusal.code not in RETRYABLE:
                raise
            return loaded.version  # someone else moved first: wait a full delay after them
        self.context.metrics.bot_moves.inc()
        return committed.version

"""Runs bot seats server side, through the same move pipeline as players.

A bot sees exactly what a player in its seat would: the envelope's view and legal actions.
Any process may try to act for a bot; the version check lets exactly one of them commit, so a
bot never acts twice even when several processes notice its turn at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from typing import TYPE_CHECKING

from sqlalchemy import select

from app.bots.strategies import strategies_for
from app.errors import ApiError
from app.matches.envelope import envelope
from app.matches.loaded import LoadedMatch
from app.matches.models import Match, MatchSeat
from app.matches.service import Actor, act
from app.matches.store import load_match

if TYPE_CHECKING:
    from app.context import AppContext

log = logging.getLogger(__name__)
RETRYABLE = {"action/stale_version", "action/not_your_turn", "match/finished"}


def choose(loaded: LoadedMatch, seat: int, strategy_name: str) -> object:
    """What the named strategy plays for `seat`, seeing only that seat's envelope."""
    strategies = strategies_for(loaded.game)
    strategy = strategies.get(strategy_name, strategies["random"])
    seen = envelope(loaded, seat, {}, as_bot=True)
    rng = random.Random(f"{loaded.id}:{loaded.version}:{seat}")
    return strategy(seen["view"], seen["legal_actions"], seat, rng)


class BotRunner:
    def __init__(self, context: AppContext) -> None:
        self.context = context
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._sweeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def stop(self) -> None:
        tasks = [*self._pending.values(), *([self._sweeper] if self._sweeper else [])]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._pending.clear()

    async def wake(self, match_id: str) -> None:
        """Make sure this process plays the bots of this match until a human is to act."""
        if match_id not in self._pending:
            self._pending[match_id] = asyncio.create_task(self._play(match_id))

    async def _play(self, match_id: str) -> None:
        try:
            while await self._one_turn(match_id):
                pass
        except Exception:  # a bug must not kill the runner; the sweep tries again later
            log.exception("bot turn failed in match %s", match_id)
        finally:
            self._pending.pop(match_id, None)

    async def _one_turn(self, match_id: str) -> bool:
        """Act for one bot seat; False once no bot is to act."""
        await asyncio.sleep(self.context.settings.bot_delay_ms / 1000)
        async with self.context.db.sessions() as session:
            loaded = await load_match(self.context, session, match_id)
        seats = loaded.bots_to_act()
        if not seats:
            return False
        seat = seats[0]
        action = choose(loaded, seat, loaded.seats[seat].bot or "random")
        try:
            await act(self.context, match_id, Actor("bot", seat=seat), action, loaded.version)
        except ApiError as refusal:
            if refusal.code not in RETRYABLE:
                raise
        return True

    async def _sweep_forever(self) -> None:
        """Pick up bot turns that no process is playing (after a restart, say)."""
        while True:
            await asyncio.sleep(self.context.settings.bot_sweep_seconds)
            try:
                for match_id in await self._matches_with_bots():
                    await self.wake(match_id)
            except Exception:
                log.warning("bot sweep failed", exc_info=True)

    async def _matches_with_bots(self) -> list[str]:
        async with self.context.db.sessions() as session:
            rows = await session.scalars(
                select(Match.id)
                .join(MatchSeat, MatchSeat.match_id == Match.id)
                .where(Match.status == "active", MatchSeat.bot.is_not(None))
                .distinct()
                .limit(500)
            )
            return [match_id for match_id in rows if match_id not in self._pending]

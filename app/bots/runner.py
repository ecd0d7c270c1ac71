"""Runs bot seats server side, through the same move pipeline as players.

A bot sees exactly what a player in its seat would: the envelope's view and legal actions.
The runner is woken by commits (a bot is to act) and by recovery; between turns it waits on
the clock. Any process may try to act for a bot; the version check lets exactly one of them
commit, so a bot never acts twice even when two processes play the same match.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from app.bots.strategies import strategies_for
from app.bots.workers import Workers
from app.errors import ApiError
from app.matches.envelope import envelope
from app.matches.loaded import LoadedMatch
from app.matches.service import Actor, act
from app.matches.store import load_match

if TYPE_CHECKING:
    from app.context import AppContext

RETRYABLE = {"action/stale_version", "action/not_your_turn", "match/finished"}


def choose(loaded: LoadedMatch, seat: int, strategy_name: str) -> object:
    """What the named strategy plays for `seat`, seeing only that seat's envelope."""
    strategies = strategies_for(loaded.game)
    strategy = strategies.get(strategy_name, strategies["random"])
    seen = envelope(loaded, seat, {}, as_bot=True)
    rng = random.Random(f"{loaded.id}:{loaded.version}:{seat}")
    return strategy(seen["view"], seen["legal_actions"], seat, rng)


class BotRunner:
    def __init__(self, context: AppContext, workers: Workers) -> None:
        self.context = context
        self.workers = workers
        self._playing: set[str] = set()
        # Matches that changed while their player task was busy: it must read them again.
        self._changed: set[str] = set()

    def playing(self, match_id: str) -> bool:
        return match_id in self._playing

    def wake(self, match_id: str) -> None:
        """Make sure this process plays the bots of this match until a human is to act."""
        if match_id in self._playing:
            self._changed.add(match_id)
            return
        self._playing.add(match_id)
        self.workers.spawn(self._play(match_id), f"bots of {match_id}")

    async def _play(self, match_id: str) -> None:
        try:
            while True:
                await self.context.clock.sleep(self.context.settings.bot_delay_ms / 1000)
                self._changed.discard(match_id)
                if not await self._one_turn(match_id) and match_id not in self._changed:
                    return
        finally:
            self._playing.discard(match_id)

    async def _one_turn(self, match_id: str) -> bool:
        """Act for one bot seat; False once no bot is to act."""
        async with self.workers.slots:
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

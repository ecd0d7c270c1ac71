""" "Challenge received": pushed to the challenged player's devices when a challenge is made
(app/challenges/router.py offers it after the challenge is committed). One challenge is made
once, by one request: its notice needs no claim."""

from __future__ import annotations

from functools import partial

from app.games import get_engine
from app.notifications import payloads
from app.notifications.audience import subscribed_devices, wanting
from app.notifications.context import NotificationsContext


def challenge_received(
    context: NotificationsContext,
    challenge_id: str,
    recipient_id: str,
    challenger: str,
    game: str,
    rated: bool,
) -> None:
    """Queue the notice; returns at once (at once too for a player known to have no device)."""
    if not context.push.players.may_push(recipient_id):
        return
    engine = get_engine(game)
    title = engine.title if engine is not None else game
    payload = payloads.challenge(challenge_id, challenger, title, rated, context.push.base_url)
    context.push.offer(partial(_tell, context, recipient_id, payload))


async def _tell(context: NotificationsContext, player_id: str, payload: payloads.Payload) -> None:
    now = context.clock.now()
    async with context.db.sessions() as session:
        devices = await subscribed_devices(session, [player_id], now)
        if player_id not in devices or not await wanting(
            session, [player_id], payloads.CHALLENGE, now
        ):
            return
    await context.push.deliver(devices[player_id], payload)

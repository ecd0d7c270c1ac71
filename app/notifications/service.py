"""A player's notification choices and their devices' push subscriptions.

Only a signed-in device (an account's device session) subscribes: a subscription belongs to
its session and goes with it. Refusals: `push/off` (no VAPID keys on this server),
`push/bad_subscription` (keys that are not a browser's, an http endpoint),
`notifications/no_email` (a digest needs an address), `notifications/email_off` (a digest needs
SMTP on the server). Quiet hours and the digest's hour are local to the player's one time
zone, set with their slow-play settings (PUT /api/v1/players/me/clock).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.device_sessions import device_sessions_of
from app.accounts.identity import Identity
from app.core.config import Settings
from app.core.errors import ApiError
from app.notifications.mailer import email_enabled
from app.notifications.models import NotificationPrefs, PushSubscription
from app.notifications.quiet_hours import clock_text, minutes_of
from app.notifications.schemas import (
    DevicePublic,
    Digest,
    Kinds,
    NotificationSettings,
    NotificationsPublic,
    PushSubscriptionCreate,
    QuietHours,
)
from app.notifications.vapid import b64url_decode
from app.slow_play.service import settings_of as clock_settings_of

POINT_BYTES = 65  # an uncompressed P-256 point: 0x04, x, y
AUTH_BYTES = 16


def check_subscription(body: PushSubscriptionCreate, settings: Settings) -> None:
    if not settings.push_enabled:
        raise ApiError("push/off", "Push notifications are not configured on this server.")
    if body.endpoint.startswith("http://") and not settings.push_insecure_endpoints:
        raise ApiError("push/bad_subscription", "A push endpoint is an https:// address.")
    point, secret = b64url_decode(body.keys.p256dh), b64url_decode(body.keys.auth)
    if len(point) != POINT_BYTES or point[0] != 4 or len(secret) != AUTH_BYTES:
        raise ApiError(
            "push/bad_subscription", "These keys are not a browser's push subscription keys."
        )


async def subscribe(
    session: AsyncSession, device: Identity, body: PushSubscriptionCreate, settings: Settings
) -> None:
    """This device's subscription, replacing its previous one and any other device's with the
    same endpoint (a browser signed in to another account since)."""
    check_subscription(body, settings)
    session_id = device.session_id or ""
    await session.execute(
        delete(PushSubscription).where(
            (PushSubscription.session_id == session_id)
            | (PushSubscription.endpoint == body.endpoint)
        )
    )
    session.add(
        PushSubscription(
            session_id=session_id,
            player_id=device.id,
            endpoint=body.endpoint,
            p256dh=body.keys.p256dh,
            auth=body.keys.auth,
            enabled=True,
        )
    )
    await session.commit()


async def unsubscribe(session: AsyncSession, device: Identity) -> None:
    await session.execute(
        delete(PushSubscription).where(PushSubscription.session_id == device.session_id)
    )
    await session.commit()


async def devices(session: AsyncSession, player: Identity, now: datetime) -> list[DevicePublic]:
    """Every signed-in device of the player, and whether pushes go to it."""
    rows = await device_sessions_of(session, player.id, now)
    subscribed = {
        row.session_id: row.enabled
        for row in await session.scalars(
            select(PushSubscription).where(PushSubscription.player_id == player.id)
        )
    }
    return [
        DevicePublic(
            id=row.id,
            label=row.label,
            last_used_at=row.last_used_at,
            current=row.id == player.session_id,
            subscribed=row.id in subscribed,
            push=subscribed.get(row.id, False),
        )
        for row in rows
    ]


async def set_device_push(
    session: AsyncSession, player: Identity, session_id: str, push: bool, now: datetime
) -> list[DevicePublic]:
    mine = {row.id for row in await device_sessions_of(session, player.id, now)}
    if session_id not in mine:
        raise ApiError("session/not_found", "You have no session with this id.")
    row = await session.get(PushSubscription, session_id)
    if row is None:
        raise ApiError(
            "push/not_subscribed",
            "This device has not allowed notifications: turn them on from the device itself.",
        )
    row.enabled = push
    await session.commit()
    return await devices(session, player, now)


async def settings_of(
    session: AsyncSession, player_id: str, settings: Settings
) -> NotificationsPublic:
    row = await session.get(NotificationPrefs, player_id) or _defaults(player_id)
    zone = (await clock_settings_of(session, player_id)).time_zone
    quiet = None
    if row.quiet_start is not None and row.quiet_end is not None:
        quiet = QuietHours(start=clock_text(row.quiet_start), end=clock_text(row.quiet_end))
    return NotificationsPublic(
        time_zone=zone,
        quiet_hours=quiet,
        kinds=Kinds(
            your_turn=row.your_turn, challenge=row.challenge, match_finished=row.match_finished
        ),
        digest=Digest(enabled=row.digest, hour=row.digest_hour, email=row.email),
        push_enabled=settings.push_enabled,
        email_enabled=email_enabled(settings),
    )


async def save_settings(
    session: AsyncSession, player_id: str, body: NotificationSettings, settings: Settings
) -> NotificationsPublic:
    _check_settings(body, settings)
    row = await session.get(NotificationPrefs, player_id)
    if row is None:
        row = _defaults(player_id)
        session.add(row)
    row.quiet_start = minutes_of(body.quiet_hours.start) if body.quiet_hours else None
    row.quiet_end = minutes_of(body.quiet_hours.end) if body.quiet_hours else None
    row.your_turn = body.kinds.your_turn
    row.challenge = body.kinds.challenge
    row.match_finished = body.kinds.match_finished
    row.digest, row.digest_hour = body.digest.enabled, body.digest.hour
    row.email = body.digest.email
    await session.commit()
    return await settings_of(session, player_id, settings)


def _check_settings(body: NotificationSettings, settings: Settings) -> None:
    if body.digest.enabled and not body.digest.email:
        raise ApiError("notifications/no_email", "The daily digest needs an email address.")
    if body.digest.enabled and not email_enabled(settings):
        raise ApiError("notifications/email_off", "Email is not configured on this server.")


def _defaults(player_id: str) -> NotificationPrefs:
    return NotificationPrefs(
        player_id=player_id,
        quiet_start=None,
        quiet_end=None,
        your_turn=True,
        challenge=True,
        match_finished=True,
        digest=False,
        digest_hour=8,
        email=None,
    )

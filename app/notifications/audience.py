"""Who a notice reaches: each subscribed device of the player whose session is live and whose
push is on, unless the player turned that kind off or it is their quiet hours now (in their
time zone, the one their slow-play settings keep)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import DeviceSession
from app.notifications.models import NotificationPrefs, PushSubscription
from app.notifications.quiet_hours import is_quiet
from app.slow_play.models import ClockSettings


@dataclass(frozen=True)
class Device:
    """A push subscription, as the sender needs it (detached from any database session)."""

    session_id: str
    player_id: str
    endpoint: str
    p256dh: str
    auth: str

    def subscription_info(self) -> dict[str, str | dict[str, str]]:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


async def subscribed_devices(
    session: AsyncSession, player_ids: Iterable[str], now: datetime
) -> dict[str, list[Device]]:
    """The devices that may be pushed to, by player (players without any are left out)."""
    ids = set(player_ids)
    if not ids:
        return {}
    rows = await session.scalars(
        select(PushSubscription)
        .join(DeviceSession, DeviceSession.id == PushSubscription.session_id)
        .where(
            PushSubscription.player_id.in_(ids),
            PushSubscription.enabled.is_(True),
            DeviceSession.expires_at > now,  # an expired session is as good as signed out
        )
    )
    devices: dict[str, list[Device]] = {}
    for row in rows:
        device = Device(row.session_id, row.player_id, row.endpoint, row.p256dh, row.auth)
        devices.setdefault(row.player_id, []).append(device)
    return devices


async def wanting(
    session: AsyncSession, player_ids: Iterable[str], kind: str, now: datetime
) -> set[str]:
    """The players among these who want a push of `kind` now (defaults: every kind, always)."""
    ids = set(player_ids)
    rows = await session.execute(
        select(NotificationPrefs, ClockSettings.time_zone)
        .outerjoin(ClockSettings, ClockSettings.player_id == NotificationPrefs.player_id)
        .where(NotificationPrefs.player_id.in_(ids))
    )
    prefs = {row.player_id: (row, zone or "UTC") for row, zone in rows}
    return {player_id for player_id in ids if _wants(prefs.get(player_id), kind, now)}


def _wants(prefs: tuple[NotificationPrefs, str] | None, kind: str, now: datetime) -> bool:
    if prefs is None:
        return True
    row, zone = prefs
    if not getattr(row, kind):
        return False
    return not is_quiet(now, zone, row.quiet_start, row.quiet_end)

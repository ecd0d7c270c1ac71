"""/api/v1/notifications: Web Push for this device, my devices' pushes, my choices."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from app.core.errors import responses
from app.core.inputs import ID_MAX, NO_NUL
from app.notifications import service
from app.notifications.schemas import (
    DevicePublic,
    DevicePushUpdate,
    NotificationSettings,
    NotificationsPublic,
    PushKeyPublic,
    PushSubscriptionCreate,
)
from app.web.deps import ContextDep, DeviceSessionPlayer, SessionDep

router = APIRouter(prefix="/api/v1/notifications", tags=["notifications"])
SIGNED_IN = ("auth/missing", "auth/invalid", "auth/expired", "account/not_found", "rate/limited")
SessionId = Annotated[
    str, Path(max_length=ID_MAX, pattern=NO_NUL, description="A device session's id")
]


@router.get("/push-key", response_model=PushKeyPublic, operation_id="getPushKey")
async def push_key(context: ContextDep) -> PushKeyPublic:
    """The server's VAPID public key, which a browser subscribes with (no token needed)."""
    settings = context.settings
    enabled = settings.push_enabled
    return PushKeyPublic(enabled=enabled, public_key=settings.vapid_public_key if enabled else None)


@router.put(
    "/devices/current/push",
    status_code=204,
    responses=responses("push/off", "push/bad_subscription", "request/malformed", *SIGNED_IN),
    operation_id="subscribePush",
)
async def subscribe(
    body: PushSubscriptionCreate,
    player: DeviceSessionPlayer,
    session: SessionDep,
    context: ContextDep,
) -> Response:
    """Send pushes to this device: the browser's PushSubscription (its endpoint and keys).
    Signing the device out deletes it."""
    await service.subscribe(session, player, body, context.settings)
    await context.push.players.changed([player.id])
    return Response(status_code=204)


@router.delete(
    "/devices/current/push",
    status_code=204,
    responses=responses(*SIGNED_IN),
    operation_id="unsubscribePush",
)
async def unsubscribe(
    player: DeviceSessionPlayer, session: SessionDep, context: ContextDep
) -> Response:
    """Stop pushes to this device (its subscription is forgotten)."""
    await service.unsubscribe(session, player)
    await context.push.players.changed([player.id])
    return Response(status_code=204)


@router.get(
    "/devices",
    response_model=list[DevicePublic],
    responses=responses(*SIGNED_IN),
    operation_id="listPushDevices",
)
async def devices(
    player: DeviceSessionPlayer, session: SessionDep, context: ContextDep
) -> list[DevicePublic]:
    """My signed-in devices, most recently used first, and whether pushes go to each."""
    return await service.devices(session, player, context.clock.now())


@router.patch(
    "/devices/{session_id}",
    response_model=list[DevicePublic],
    responses=responses(
        "session/not_found", "push/not_subscribed", "request/malformed", *SIGNED_IN
    ),
    operation_id="setDevicePush",
)
async def set_device_push(
    session_id: SessionId,
    body: DevicePushUpdate,
    player: DeviceSessionPlayer,
    session: SessionDep,
    context: ContextDep,
) -> list[DevicePublic]:
    """Turn pushes to one of my subscribed devices off or on again; answers every device."""
    devices = await service.set_device_push(
        session, player, session_id, body.push, context.clock.now()
    )
    await context.push.players.changed([player.id])
    return devices


@router.get(
    "",
    response_model=NotificationsPublic,
    responses=responses(*SIGNED_IN),
    operation_id="getNotificationSettings",
)
async def get_settings(
    player: DeviceSessionPlayer, session: SessionDep, context: ContextDep
) -> NotificationsPublic:
    """My choices: time zone, quiet hours, the kinds of push I want, the daily digest."""
    return await service.settings_of(session, player.id, context.settings)


@router.put(
    "",
    response_model=NotificationsPublic,
    responses=responses(
        "notifications/no_email",
        "notifications/email_off",
        "request/malformed",
        *SIGNED_IN,
    ),
    operation_id="saveNotificationSettings",
)
async def save_settings(
    body: NotificationSettings,
    player: DeviceSessionPlayer,
    session: SessionDep,
    context: ContextDep,
) -> NotificationsPublic:
    """Replace my choices (every field; the defaults where one is left out)."""
    return await service.save_settings(session, player.id, body, context.settings)

"""Request and response models of the notification routes (/api/v1/notifications)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, Field

from app.core.inputs import PlainText, RequestModel
from app.notifications.models import EMAIL_MAX, ENDPOINT_MAX

B64URL = r"^[A-Za-z0-9_-]+={0,2}$"
ClockTime = Annotated[
    str, Field(pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]$", description="Local time, HH:MM")
]


class PushKeyPublic(BaseModel):
    enabled: bool = Field(description="Web Push is configured on this server (VAPID keys set)")
    public_key: str | None = Field(
        description="The VAPID public key, the browser's applicationServerKey (base64url); "
        "null when push is off"
    )


class SubscriptionKeys(RequestModel):
    p256dh: str = Field(
        min_length=86, max_length=88, pattern=B64URL, description="The browser's P-256 key"
    )
    auth: str = Field(min_length=22, max_length=24, pattern=B64URL, description="Its secret")


class PushSubscriptionCreate(RequestModel):
    """A browser's PushSubscription.toJSON(), without expirationTime."""

    endpoint: str = Field(max_length=ENDPOINT_MAX, pattern=r"^https?://[^\s\x00]+$")
    keys: SubscriptionKeys
    expirationTime: int | None = Field(None, description="Ignored (browsers send null)")


class DevicePublic(BaseModel):
    id: str = Field(description="The device session's id (GET /api/v1/sessions)")
    label: str
    last_used_at: datetime
    current: bool = Field(description="The device that asked")
    subscribed: bool = Field(description="This device's browser allowed pushes and subscribed")
    push: bool = Field(description="Pushes go to this device (subscribed and not turned off)")


class DevicePushUpdate(RequestModel):
    push: bool = Field(description="Send pushes to this device")


class QuietHours(RequestModel):
    start: ClockTime
    end: ClockTime = Field(description="May be before start: the quiet hours span midnight")


class Kinds(RequestModel):
    your_turn: bool = True
    challenge: bool = True
    match_finished: bool = True


class Digest(RequestModel):
    enabled: bool = Field(False, description="Email once a day the matches waiting for me")
    hour: int = Field(8, ge=0, le=23, description="Local hour it is sent at")
    email: PlainText | None = Field(
        None, max_length=EMAIL_MAX, pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$"
    )


class NotificationSettings(RequestModel):
    """Every choice at once (PUT replaces them all)."""

    quiet_hours: QuietHours | None = Field(None, description="No push between these times")
    kinds: Kinds = Field(default_factory=Kinds, description="Which pushes I want")
    digest: Digest = Field(default_factory=Digest)


class NotificationsPublic(NotificationSettings):
    time_zone: str = Field(
        description="The player's time zone, which quiet hours and the digest's hour are local"
        " to: set with PUT /api/v1/players/me/clock (the account page's Slow play)"
    )
    push_enabled: bool = Field(description="Web Push is configured on this server")
    email_enabled: bool = Field(description="Email (the digest) is configured on this server")

"""Web Push, the server half, against a push service that speaks the protocol: a signed-in
device that subscribed gets one "your turn" per match per turn, encrypted for it and signed
with the server's VAPID key; the mover's device, a signed-out device, a device or a kind
turned off, and quiet hours get nothing. Before, nothing told a player it was their turn
unless a page of Foxden was open."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from cryptography.hazmat.primitives import serialization
from pydantic import ValidationError

from app.core.clock import ManualClock
from app.notifications.vapid import b64url, signer
from tests.platform.accounts.helpers import claimed, code, sign_in
from tests.platform.helpers import Player, act, envelope, start_match
from tests.platform.notifications.conftest import in_time_zone, pushes_done, sent_with_pauses
from tests.platform.notifications.push_service import PushService

PUSH = "/api/v1/notifications/devices/current/push"
SETTINGS = "/api/v1/notifications"


async def subscribe(http: httpx.AsyncClient, device: Player, subscription: dict[str, Any]) -> None:
    response = await http.put(PUSH, headers=device.auth, json=subscription)
    assert response.status_code == 204, response.text


async def _pair(http: httpx.AsyncClient, service: PushService) -> tuple[Player, Player]:
    """Ada and Bob, each signed in on a device subscribed to the push service."""
    ada, bob = await claimed(http, "Ada", "ada"), await claimed(http, "Bob", "bob")
    await subscribe(http, ada, service.subscription("ada"))
    await subscribe(http, bob, service.subscription("bob"))
    return ada, bob


async def _play(http: httpx.AsyncClient, match_id: str, player: Player) -> None:
    mine = await envelope(http, match_id, player)
    moved = await act(http, match_id, player, mine["legal_actions"][0])
    assert moved.status_code == 200, moved.text
    await pushes_done(http)


async def _one_trick(http: httpx.AsyncClient, ada: Player, bob: Player) -> str:
    """A one-trick match: Ada leads (her move makes it Bob's turn), Bob ends it."""
    match_id = await start_match(http, ada, [bob], options={"tricks": 1})
    await _play(http, match_id, ada)
    await _play(http, match_id, bob)
    return match_id


async def test_a_move_pushes_your_turn_to_the_other_players_devices_only(
    push_client: httpx.AsyncClient, push_service: PushService
) -> None:
    ada, bob = await _pair(push_client, push_service)
    match_id = await start_match(push_client, ada, [bob], options={"tricks": 2})
    await pushes_done(push_client)
    [first] = push_service.messages("ada")  # the match starts with Ada's turn
    assert first["kind"] == "your_turn" and first["tag"] == match_id
    await _play(push_client, match_id, ada)
    [turn] = push_service.messages("bob")
    assert turn == {
        "kind": "your_turn",
        "title": "Your turn: High Card (test game)",
        "body": "Against Ada. Waiting for you.",
        "tag": match_id,
        "url": f"https://foxden.test/match/{match_id}#prompt",
        "icon": "/static/icons/foxden-192.png",
    }
    assert push_service.messages("ada") == [first]  # the mover's own device: nothing
    hand = (await envelope(push_client, match_id, bob))["view"]["hand"]
    assert not any(card in str(turn) for card in hand)  # never a secret card
    await _play(push_client, match_id, bob)  # the trick's winner leads the next one
    ada_leads = (await envelope(push_client, match_id, ada))["to_act"] == [0]
    assert len(push_service.messages("ada")) == (2 if ada_leads else 1)
    assert len(push_service.messages("bob")) == 1  # winning, Bob goes on: he is at the table
    assert push_service.problems == []


async def test_a_retried_move_and_a_turn_that_goes_on_push_once(
    push_client: httpx.AsyncClient, push_service: PushService
) -> None:
    ada, bob = await _pair(push_client, push_service)
    match_id = await start_match(push_client, ada, [bob])
    card = (await envelope(push_client, match_id, ada))["legal_actions"][0]
    for _ in range(2):  # the same request twice (a lost answer, retried)
        moved = await act(push_client, match_id, ada, card, id="move-1")
        assert moved.status_code == 200, moved.text
    await pushes_done(push_client)
    assert len(push_service.messages("bob")) == 1


async def test_every_subscribed_device_of_the_player_gets_it_and_a_signed_out_one_nothing(
    push_client: httpx.AsyncClient, push_service: PushService
) -> None:
    ada, bob = await _pair(push_client, push_service)
    laptop = await sign_in(push_client, "bob", device="Laptop")
    await subscribe(push_client, laptop, push_service.subscription("laptop"))
    await _one_trick(push_client, ada, bob)
    assert len(push_service.messages("bob")) == len(push_service.messages("laptop")) == 1
    signed_out = await push_client.delete("/api/v1/sessions/current", headers=laptop.auth)
    assert signed_out.status_code == 204
    await _one_trick(push_client, ada, bob)
    assert len(push_service.messages("bob")) == 2
    assert len(push_service.messages("laptop")) == 1
    assert push_service.inboxes["laptop"].requests == 1


async def test_quiet_hours_a_kind_turned_off_and_a_device_turned_off_send_nothing(
    push_client: httpx.AsyncClient, push_service: PushService, clock: ManualClock
) -> None:
    ada, bob = await _pair(push_client, push_service)
    now = clock.now()  # UTC; quiet from an hour ago to two hours from now, in Tokyo time
    tokyo = (now.hour + 9) % 24
    quiet = {"start": f"{(tokyo - 1) % 24:02d}:00", "end": f"{(tokyo + 2) % 24:02d}:00"}
    await in_time_zone(push_client, bob, "Asia/Tokyo")
    saved = await push_client.put(SETTINGS, headers=bob.auth, json={"quiet_hours": quiet})
    assert saved.status_code == 200, saved.text
    assert saved.json()["quiet_hours"] == quiet and saved.json()["time_zone"] == "Asia/Tokyo"
    await _one_trick(push_client, ada, bob)
    assert push_service.inboxes["bob"].requests == 0
    kind_off = {"kinds": {"your_turn": False}}
    assert (await push_client.put(SETTINGS, headers=bob.auth, json=kind_off)).status_code == 200
    await _one_trick(push_client, ada, bob)
    assert push_service.inboxes["bob"].requests == 0
    [device] = (await push_client.get(f"{SETTINGS}/devices", headers=bob.auth)).json()
    assert device["current"] and device["push"] and device["subscribed"]
    await push_client.put(SETTINGS, headers=bob.auth, json={})  # the defaults: every kind
    off = await push_client.patch(
        f"{SETTINGS}/devices/{device['id']}", headers=bob.auth, json={"push": False}
    )
    assert off.status_code == 200 and off.json()[0]["push"] is False
    await _one_trick(push_client, ada, bob)
    assert push_service.inboxes["bob"].requests == 0
    await push_client.patch(
        f"{SETTINGS}/devices/{device['id']}", headers=bob.auth, json={"push": True}
    )
    match_id = await _one_trick(push_client, ada, bob)
    assert [m["tag"] for m in push_service.messages("bob")] == [match_id]


async def test_a_gone_subscription_is_deleted_and_a_failing_service_is_tried_again(
    push_client: httpx.AsyncClient, push_service: PushService, clock: ManualClock
) -> None:
    ada, bob = await _pair(push_client, push_service)
    push_service.inboxes["ada"].answers = [410]
    push_service.inboxes["bob"].answers = [503, 500]
    match_id = await start_match(push_client, ada, [bob], options={"tricks": 3})
    await pushes_done(push_client)
    devices = (await push_client.get(f"{SETTINGS}/devices", headers=ada.auth)).json()
    assert devices[0]["subscribed"] is False  # the push service said it is gone
    mine = await envelope(push_client, match_id, ada)
    await act(push_client, match_id, ada, mine["legal_actions"][0])
    await sent_with_pauses(push_client, clock)  # each pause counted on the app's clock
    assert len(push_service.messages("bob")) == 1 and push_service.inboxes["bob"].requests == 3


async def test_a_challenge_is_pushed_to_the_challenged_player(
    push_client: httpx.AsyncClient, push_service: PushService
) -> None:
    ada, _bob = await _pair(push_client, push_service)
    sent = await push_client.post(
        "/api/v1/challenges", headers=ada.auth, json={"to": "bob", "game": "high-card"}
    )
    assert sent.status_code == 201, sent.text
    await pushes_done(push_client)
    [message] = push_service.messages("bob")
    assert message["kind"] == "challenge" and message["title"] == "Ada challenges you"
    assert message["body"] == "High Card (test game), a match: accept or decline on Foxden."
    assert push_service.messages("ada") == []


async def test_bad_subscriptions_and_settings_are_refused_with_a_code(
    push_client: httpx.AsyncClient, push_service: PushService
) -> None:
    ada = await claimed(push_client, "Ada", "ada")
    good = push_service.subscription("ada")
    bad_key = {**good, "keys": {**good["keys"], "p256dh": "A" * 87}}
    assert code(await push_client.put(PUSH, headers=ada.auth, json=bad_key)) == (
        422,
        "push/bad_subscription",
    )
    for body in ({**good, "endpoint": "ftp://x"}, {"endpoint": good["endpoint"]}):
        assert code(await push_client.put(PUSH, headers=ada.auth, json=body))[0] == 400
    late = await push_client.put(
        SETTINGS, headers=ada.auth, json={"quiet_hours": {"start": "25:00", "end": "07:00"}}
    )
    assert code(late)[0] == 400
    digest = await push_client.put(SETTINGS, headers=ada.auth, json={"digest": {"enabled": True}})
    assert code(digest) == (422, "notifications/no_email")
    guest = await push_client.post("/api/v1/players", json={"name": "Guest"})
    as_guest = {"Authorization": f"Bearer {guest.json()['token']}"}
    assert code(await push_client.put(PUSH, headers=as_guest, json=good)) == (
        404,
        "account/not_found",
    )
    key = (await push_client.get("/api/v1/notifications/push-key")).json()
    assert key == {"enabled": True, "public_key": push_service.vapid_public_key}


async def test_without_vapid_keys_push_is_off_and_the_api_says_so(
    client: httpx.AsyncClient, push_service: PushService
) -> None:
    ada = await claimed(client, "Ada", "ada")
    key = (await client.get("/api/v1/notifications/push-key")).json()
    assert key == {"enabled": False, "public_key": None}
    refused = await client.put(PUSH, headers=ada.auth, json=push_service.subscription("ada"))
    assert code(refused) == (409, "push/off")


def test_foxden_vapid_keys_prints_settings_that_configure_push(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from app.core.config import Settings
    from app.server.cli import main

    main(["vapid-keys", "--subject", "mailto:ops@foxden.test"])
    lines = [line for line in capsys.readouterr().out.splitlines() if not line.startswith("#")]
    values = dict(line.split("=", 1) for line in lines)
    settings = Settings.model_validate(values_lower(values))
    assert settings.push_enabled and settings.vapid_subject == "mailto:ops@foxden.test"
    # The public key is the private key's: what browsers subscribe with verifies what is signed.
    assert (
        b64url(
            signer(settings.vapid_private_key).public_key.public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )
        == settings.vapid_public_key
    )
    for broken in (
        {"vapid_private_key": settings.vapid_private_key},  # half a configuration
        {**values_lower(values), "vapid_subject": "ops@foxden.test"},
        {**values_lower(values), "vapid_public_key": "AAAA"},
    ):
        with pytest.raises(ValidationError):
            Settings.model_validate(broken)


def values_lower(values: dict[str, str]) -> dict[str, str]:
    return {name.removeprefix("FOXDEN_").lower(): value for name, value in values.items()}

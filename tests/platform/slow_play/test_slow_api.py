"""The slow-table option of a lobby, a player's clock settings and vacation, over the API:
what is accepted, what is refused and with which code, and old clients' turn_seconds as before."""

from __future__ import annotations

import httpx

from tests.platform.helpers import app_client, envelope, new_player, start_timed_match
from tests.platform.slow_play.helpers import HOUR, set_hours

SLOW = {"move_seconds": 86400, "bank_seconds": 3 * 86400}


def _code(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


async def _create(
    client: httpx.AsyncClient, auth: dict[str, str], **body: object
) -> httpx.Response:
    return await client.post(
        "/api/v1/lobbies", headers=auth, json={"game": "high-card", "seats": 2, **body}
    )


async def test_a_table_offers_a_slow_clock_and_refuses_two_clocks(
    client: httpx.AsyncClient,
) -> None:
    ada = await new_player(client, "Ada")
    created = await _create(client, ada.auth, slow_clock=SLOW)
    assert created.status_code == 201, created.text
    lobby = created.json()
    assert lobby["slow_clock"] == SLOW and lobby["turn_seconds"] is None
    both = await _create(client, ada.auth, slow_clock=SLOW, turn_seconds=60)
    assert _code(both) == (422, "lobby/clock_conflict")
    too_quick = await _create(client, ada.auth, slow_clock={"move_seconds": 60})
    assert _code(too_quick) == (400, "request/malformed")
    huge_bank = await _create(
        client, ada.auth, slow_clock={"move_seconds": HOUR, "bank_seconds": 365 * 86400}
    )
    assert _code(huge_bank) == (400, "request/malformed")


async def test_patching_switches_between_a_turn_timer_and_a_slow_clock(
    client: httpx.AsyncClient,
) -> None:
    ada = await new_player(client, "Ada")
    lobby = (await _create(client, ada.auth, turn_seconds=60)).json()
    url = f"/api/v1/lobbies/{lobby['id']}"
    slow = (await client.patch(url, headers=ada.auth, json={"slow_clock": SLOW})).json()
    assert slow["slow_clock"] == SLOW and slow["turn_seconds"] is None
    untouched = (await client.patch(url, headers=ada.auth, json={"private": True})).json()
    assert untouched["slow_clock"] == SLOW
    timed = (await client.patch(url, headers=ada.auth, json={"turn_seconds": 30})).json()
    assert timed["slow_clock"] is None and timed["turn_seconds"] == 30
    await client.patch(url, headers=ada.auth, json={"slow_clock": SLOW})
    off = (await client.patch(url, headers=ada.auth, json={"slow_clock": None})).json()
    assert off["slow_clock"] is None and off["turn_seconds"] is None
    conflict = await client.patch(
        url, headers=ada.auth, json={"slow_clock": SLOW, "turn_seconds": 30}
    )
    assert _code(conflict) == (422, "lobby/clock_conflict")


async def test_a_turn_timer_table_is_as_before(client: httpx.AsyncClient) -> None:
    ada, _bob, match_id = await start_timed_match(client, 86400)
    seen = await envelope(client, match_id, ada)
    assert seen["deadline"] is not None and seen["clock"] is None


async def test_clock_settings_are_checked(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    mine = (await client.get("/api/v1/players/me/clock", headers=ada.auth)).json()
    assert mine["time_zone"] == "UTC" and mine["playing_hours"] is None
    assert mine["vacation"]["allowance_days"] == 21 and mine["vacation"]["days_left"] == 21
    nowhere = await set_hours(client, ada, "Europe/Atlantis", "08:00", "22:00")
    assert _code(nowhere) == (422, "clock/bad_time_zone")
    short = await set_hours(client, ada, "Europe/Berlin", "22:00", "01:00")
    assert _code(short) == (422, "clock/bad_hours")
    malformed = await set_hours(client, ada, "Europe/Berlin", "25:00", "08:00")
    assert _code(malformed) == (400, "request/malformed")
    night = await set_hours(client, ada, "America/New_York", "18:00", "02:00")
    assert night.status_code == 200, night.text
    assert night.json()["playing_hours"] == {"start": "18:00", "end": "02:00"}
    assert night.json()["time_zone"] == "America/New_York"
    every_hour = await client.put(
        "/api/v1/players/me/clock",
        headers=ada.auth,
        json={"time_zone": "Asia/Tokyo", "playing_hours": None},
    )
    assert every_hour.json()["playing_hours"] is None


async def test_vacation_days_are_limited_per_year(database_url: str, with_high_card: None) -> None:
    # One day a year: any three days take some calendar year (New Year or not) over it.
    async with app_client(database_url, vacation_days=1) as client:
        ada = await new_player(client, "Ada")
        url = "/api/v1/players/me/vacation"
        assert _code(await client.delete(url, headers=ada.auth)) == (409, "vacation/not_active")
        over = await client.post(url, headers=ada.auth, json={"days": 3})
        assert _code(over) == (409, "vacation/over_allowance")
        assert _code(await client.post(url, headers=ada.auth, json={"days": 0})) == (
            400,
            "request/malformed",
        )
        away = await client.post(url, headers=ada.auth, json={"days": 1})
        assert away.status_code == 200 and away.json()["vacation"]["on_vacation"] is True
        again = await client.post(url, headers=ada.auth, json={"days": 1})
        assert _code(again) == (409, "vacation/active")
        back = (await client.delete(url, headers=ada.auth)).json()["vacation"]
        # Back at once: (almost) nothing used, the days are there again.
        assert back["on_vacation"] is False and back["days_left"] > 0.99

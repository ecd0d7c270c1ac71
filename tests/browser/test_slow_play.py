"""Slow tables in the browser: the clock line on the table (stopped outside playing hours, a
vacation), and My games with my turns sorted by urgency, the last move and the count in the tab
title and on the app badge.

The server runs in this process on a manual clock that never moves here: the clocks the pages
show stand still, so what they say is waited for, never raced against.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from app.core.clock import ManualClock
from app.core.config import Settings
from tests.browser.conftest import register, sign_in
from tests.servers import InProcessServer

GAME = "fox-in-the-forest"
HOUR = 3600
# Records what the page asks of the app badge, then lets the browser's own API (if any) answer:
# headless Chromium has no installed app whose icon could show it.
BADGE_RECORDER = """
  window.badges = [];
  const set = navigator.setAppBadge?.bind(navigator);
  const clear = navigator.clearAppBadge?.bind(navigator);
  navigator.setAppBadge = (n) => {
    window.badges.push(n);
    return set ? set(n) : Promise.resolve();
  };
  navigator.clearAppBadge = () => {
    window.badges.push(0);
    return clear ? clear() : Promise.resolve();
  };
"""


@pytest.fixture(scope="module")
def slow_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    path = tmp_path_factory.mktemp("slow") / "foxden.db"
    settings = Settings(database_url=f"sqlite+aiosqlite:///{path}", auto_migrate=True)
    server = InProcessServer(settings, ManualClock())
    server.start()
    yield server
    server.stop()


def _auth(player: dict[str, str]) -> dict[str, str]:
    return {"Authorization": f"Bearer {player['token']}"}


def _state(site: InProcessServer, match_id: str, player: dict[str, str]) -> dict[str, Any]:
    return dict(
        httpx.get(f"{site.url}/api/v1/matches/{match_id}/state", headers=_auth(player)).json()
    )


def _play(site: InProcessServer, match_id: str, player: dict[str, str]) -> None:
    seen = _state(site, match_id, player)
    body = {"action": seen["legal_actions"][0], "version": seen["version"]}
    url = f"{site.url}/api/v1/matches/{match_id}/actions"
    httpx.post(url, headers=_auth(player), json=body).raise_for_status()


def _slow_match(
    site: InProcessServer, ada: dict[str, str], bob: dict[str, str], move: int, adas_turn: bool
) -> str:
    """Ada and Bob at a slow table, left where it is Ada's turn (or Bob's)."""
    lobby = httpx.post(
        f"{site.url}/api/v1/lobbies",
        headers=_auth(ada),
        json={"game": GAME, "seats": 2, "slow_clock": {"move_seconds": move, "bank_seconds": HOUR}},
    ).json()
    url = f"{site.url}/api/v1/lobbies/{lobby['id']}"
    httpx.post(url + "/join", headers=_auth(bob), json={}).raise_for_status()
    httpx.post(url + "/ready", headers=_auth(bob), json={}).raise_for_status()
    match_id = str(httpx.post(url + "/start", headers=_auth(ada)).json()["match_id"])
    # Play on (a lead may take two steps: the Fox, the Woodcutter) until it is the wanted
    # player's turn after the other one moved: then My games has a last move to show.
    wanted, players = (0 if adas_turn else 1), (ada, bob)
    last_mover = None
    for _ in range(12):
        to_act = _state(site, match_id, ada)["to_act"]
        if to_act == [wanted] and last_mover == 1 - wanted:
            return match_id
        _play(site, match_id, players[to_act[0]])
        last_mover = to_act[0]
    raise AssertionError("the turn never came to the wanted player")


def test_the_clock_line_and_my_games_by_urgency(
    slow_site: InProcessServer, page_factory: Any
) -> None:
    site = slow_site
    ada, bob = register(site, "Ada"), register(site, "Bob")
    relaxed = _slow_match(site, ada, bob, 2 * 86400, adas_turn=True)
    urgent = _slow_match(site, ada, bob, 2 * HOUR, adas_turn=True)
    theirs = _slow_match(site, ada, bob, 86400, adas_turn=False)
    # Ada's playing hours open in two hours (UTC): her clocks stand still until then.
    opens = site.clock.now() + timedelta(hours=2)
    closes = opens + timedelta(hours=8)
    hours = {"start": opens.strftime("%H:%M"), "end": closes.strftime("%H:%M")}
    httpx.put(
        f"{site.url}/api/v1/players/me/clock",
        headers=_auth(ada),
        json={"time_zone": "UTC", "playing_hours": hours},
    ).raise_for_status()
    vacation = httpx.post(
        f"{site.url}/api/v1/players/me/vacation", headers=_auth(bob), json={"days": 3}
    )
    vacation.raise_for_status()

    page = page_factory()
    page.add_init_script(BADGE_RECORDER)
    sign_in(page, site, ada)
    page.goto(site.url + "/")
    rows = page.locator("#my-turn li")
    expect(rows).to_have_count(2)
    expect(page).to_have_title(re.compile(r"^\(2\) "))
    assert [rows.nth(i).get_attribute("data-match") for i in range(2)] == [urgent, relaxed]
    # Three hours (move and bank) left; the clock waits for Ada's hours to open.
    expect(rows.nth(0).locator(".slow-clock")).to_have_text(
        re.compile(r"^3 h left, bank 1 h, clock stopped until ")
    )
    expect(rows.nth(0).locator(".last-move")).to_contain_text("Bob")
    waiting = page.locator(f"#their-turn li[data-match='{theirs}']")
    expect(waiting.locator(".slow-clock")).to_contain_text("On vacation until")
    assert page.evaluate("window.badges.at(-1)") == 2

    page.goto(f"{site.url}/match/{urgent}")
    expect(page.locator("#deadline")).to_contain_text("3 h left, bank 1 h, clock stopped until")
    page.goto(f"{site.url}/match/{theirs}")
    expect(page.locator("#deadline")).to_contain_text("Bob: On vacation until")
    page.errors.check()


def test_a_host_offers_a_slow_table_and_a_player_sets_hours_and_a_vacation(
    slow_site: InProcessServer, page_factory: Any
) -> None:
    site = slow_site
    ada = register(site, "Ada")
    page = page_factory()
    sign_in(page, site, ada)
    page.goto(site.url + "/")
    page.click(f"button[data-game='{GAME}']")
    page.select_option("#timer-input", label="Slow: 1 day a move + 3 days bank")
    page.click("#create-table")
    expect(page.locator("#lobby-status")).to_contain_text("1 day a move + 3 days bank (slow)")
    lobby_id = page.url.split("/lobby/")[1].split("?")[0].split("#")[0]
    lobby = httpx.get(f"{site.url}/api/v1/lobbies/{lobby_id}").json()
    assert lobby["slow_clock"] == {"move_seconds": 86400, "bank_seconds": 3 * 86400}
    assert lobby["turn_seconds"] is None

    page.goto(site.url + "/account")
    page.fill("#slow-zone", "Europe/Berlin")
    page.check("#slow-limited")
    page.fill("#slow-start", "08:00")
    page.fill("#slow-end", "22:00")
    page.click("#slow-hours-submit")
    # The saved answer's toast: the hours typed are the form's defaults, so the form's values
    # alone do not tell a saved form from one whose request is still on its way.
    expect(page.locator(".toast")).to_contain_text("Slow-play settings saved.")
    expect(page.locator("#slow-start")).to_have_value("08:00")  # the form shows what was saved
    mine = httpx.get(f"{site.url}/api/v1/players/me/clock", headers=_auth(ada)).json()
    assert mine["time_zone"] == "Europe/Berlin"
    assert mine["playing_hours"] == {"start": "08:00", "end": "22:00"}
    page.fill("#vacation-days", "2")
    page.click("#vacation-start")
    expect(page.locator("#vacation-status")).to_contain_text("On vacation until")
    page.click("#vacation-end")
    expect(page.locator("#vacation-status")).to_contain_text("Not on vacation.")
    page.errors.check()
    # A refusal is said beside the form (the browser logs the refused request itself).
    page.fill("#slow-zone", "Mars/Olympus")
    page.click("#slow-hours-submit")
    expect(page.locator("#slow-hours .form-error")).to_contain_text("not a time zone")

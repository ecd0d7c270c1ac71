"""Ratings in the browser as players read them: the end screen shows each player's change
("+34 → 1534"), a rated lobby offers no bots and shows each seated player's rating, and a
profile's recent matches name the opponents (linked) and when they were played."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import register, sign_in
from tests.browser.played import auth, play_to_the_end, two_player_match
from tests.servers import Server

expect.set_options(timeout=15_000)
GAME = "fox-in-the-forest"


@pytest.fixture(scope="module")
def rated(site: Server) -> dict[str, Any]:
    """One rated match played to the end: its players, its id and its rating changes."""
    players, match = two_player_match(site, GAME, rated=True, names=("Rowan", "Sorrel"))
    final = play_to_the_end(site, players, match)
    summary = httpx.get(f"{site.url}/api/v1/matches/{match}").json()
    return {
        "players": players,
        "match": match,
        "winners": final["outcome"]["winners"],
        "changes": summary["rating_changes"],
    }


def signed(change: int) -> str:
    return f"+{change}" if change > 0 else f"\u2212{-change}" if change < 0 else "±0"


def test_the_end_screen_shows_each_players_rating_change(
    site: Server, page_factory: Any, rated: dict[str, Any]
) -> None:
    page = page_factory()
    sign_in(page, site, rated["players"][0])
    page.goto(f"{site.url}/match/{rated['match']}")
    for change in rated["changes"]:
        line = page.locator(f"#outcome-ratings li[data-seat='{change['seat']}']")
        expect(line).to_contain_text(rated["players"][change["seat"]]["name"])
        expect(line).to_contain_text(f"{signed(change['change'])} → {change['after']}")
    (winner,) = rated["winners"]
    assert rated["changes"][winner]["change"] > 0
    expect(page.locator("#outcome-ratings li.mine")).to_have_attribute("data-seat", "0")
    page.errors.check()


def test_a_rated_lobby_offers_no_bots_and_shows_seated_ratings(
    site: Server, page_factory: Any, rated: dict[str, Any]
) -> None:
    host = rated["players"][0]
    lobby = httpx.post(
        site.url + "/api/v1/lobbies",
        headers=auth(host),
        json={"game": GAME, "seats": 2, "rated": True},
    ).json()
    page = page_factory()
    sign_in(page, site, host)
    page.goto(f"{site.url}/lobby/{lobby['id']}")
    host_chair = page.locator(".chair[data-seat='0']")
    expect(host_chair.locator(".chair-rating")).to_have_text(
        f"Rating {rated['changes'][0]['after']}"
    )
    expect(page.locator(".chair[data-seat='1']")).to_contain_text("Empty chair")
    expect(page.locator("#add-bot-1")).to_have_count(0)
    expect(page.locator("#fill-bots")).to_have_count(0)
    newcomer = register(site, "Tansy")
    path = f"{site.url}/api/v1/lobbies/{lobby['id']}"
    httpx.post(path + "/join", headers=auth(newcomer), json={}).raise_for_status()
    guest_chair = page.locator(".chair[data-seat='1']")
    expect(guest_chair.locator(".chair-rating")).to_have_text("Rating 1500 · new")
    # The same table made unrated offers bots again, and its chairs show no ratings.
    httpx.delete(path + "/seats/1", headers=auth(host)).raise_for_status()
    httpx.patch(path, headers=auth(host), json={"rated": False}).raise_for_status()
    expect(page.locator("#add-bot-1")).to_be_visible()
    expect(page.locator("#fill-bots")).to_be_visible()
    expect(page.locator(".chair-rating")).to_have_count(0)
    page.errors.check()


def test_a_profile_names_the_opponents_and_when(
    site: Server, page_factory: Any, rated: dict[str, Any]
) -> None:
    me, opponent = rated["players"]
    page = page_factory()
    page.goto(f"{site.url}/players/{me['id']}")
    row = page.locator(f"#profile-recent li[data-match='{rated['match']}']")
    link = row.get_by_role("link", name=opponent["name"])
    expect(link).to_have_attribute("href", f"/players/{opponent['id']}")
    when = row.locator("time.recent-when")
    expect(when).to_have_text(re.compile(r"(ago|now)$"))
    expect(when).to_have_attribute("title", re.compile(r"\d{4}"))  # the exact date, with a year
    expect(row.locator(".rating-change")).to_have_text(signed(rated["changes"][0]["change"]))
    link.click()
    expect(page.locator("#profile-name")).to_have_text(opponent["name"])
    page.errors.check()

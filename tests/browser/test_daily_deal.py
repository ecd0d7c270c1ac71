"""The daily deal in the browser: from the home page's panel to a daily match (its badge, the
Duet's team mission), and from its end to the results, where two players of the same deal are
ranked with their percentiles; the home page then says how the player did."""

from __future__ import annotations

import time
from typing import Any

import httpx
from playwright.sync_api import expect

from app.games import GAMES
from tests.browser.accessibility import assert_accessible
from tests.browser.conftest import register, sign_in
from tests.browser.played import auth
from tests.browser.test_page_width import TOO_WIDE
from tests.servers import Server

GAME = "oh-fox"


def play_first_moves(site: Server, identity: dict[str, str], match: str) -> None:
    """The player always takes the first legal move (the bot answers) until the match is over:
    two players who do so on the same deal play the very same match."""
    path = f"{site.url}/api/v1/matches/{match}"
    for _ in range(5_000):
        seen = httpx.get(path + "/state", headers=auth(identity)).json()
        if seen["status"] != "active":
            return
        if seen["seat"] in seen["to_act"] and seen["legal_actions"]:
            action = {"action": seen["legal_actions"][0], "version": seen["version"]}
            httpx.post(path + "/actions", headers=auth(identity), json=action)
        else:  # the bot's turn: look again in a moment
            time.sleep(0.02)
    raise AssertionError("the daily match did not end")


def rows(page: Any) -> dict[str, dict[str, str]]:
    cells = page.locator("#daily-results tbody tr").evaluate_all(
        "trs => trs.map((tr) => [...tr.children].map((cell) => cell.innerText))"
    )
    return {
        name.split(" ·")[0]: {"rank": rank, "result": result, "percentile": share}
        for rank, name, result, share in cells
    }


def test_a_daily_deal_from_the_home_page_to_the_ranked_results(
    site: Server, page_factory: Any
) -> None:
    daisy, dave = register(site, "Daisy"), register(site, "Dave")
    page = page_factory()
    sign_in(page, site, daisy)
    page.goto(site.url + "/")
    deals = page.locator("#daily .daily-deal")
    expect(deals).to_have_count(len(GAMES))
    duet = page.locator("#daily .daily-deal[data-game='fox-in-the-forest-duet']")
    expect(duet.locator(".daily-mission")).to_contain_text("Team mission: ")

    page.click(f"[data-daily='{GAME}']")
    page.wait_for_url("**/match/*")
    match = page.url.rsplit("/", 1)[1]
    expect(page.locator("#daily-badge")).to_have_text("Daily deal")
    expect(page.locator("#players-strip")).to_contain_text("Daily bot 2")
    play_first_moves(site, daisy, match)
    page.locator("#daily-results-link").click()  # the badge leads to the results at the end
    page.wait_for_selector("#daily-results tbody tr")
    assert rows(page)["Daisy (you)"]["percentile"] == "The first to finish"
    expect(page.locator("#my-replay")).to_have_attribute("href", f"/match/{match}/replay")
    assert_accessible(page, "the daily results")

    started = httpx.post(f"{site.url}/api/v1/daily/{GAME}", headers=auth(dave))
    assert started.status_code == 201, started.text
    play_first_moves(site, dave, started.json()["match_id"])
    page.reload()
    page.wait_for_selector("#daily-results tbody tr >> nth=1")
    ranked = rows(page)
    assert (
        ranked["Daisy (you)"]["result"] == ranked["Dave"]["result"]
    )  # the same play, the same end
    assert ranked["Daisy (you)"]["percentile"] == ranked["Dave"]["percentile"] == "50%"

    page.goto(site.url + "/")
    mine = page.locator(f"#daily .daily-deal[data-game='{GAME}']")
    expect(mine.locator(f"[data-daily-results='{GAME}']")).to_have_text("See the results")
    expect(mine.locator(".daily-yours")).to_contain_text("· 50%")
    page.errors.check()


def test_todays_results_wait_until_the_player_has_played(site: Server, page_factory: Any) -> None:
    played, newcomer = register(site, "Della"), register(site, "Dora")
    started = httpx.post(f"{site.url}/api/v1/daily/{GAME}", headers=auth(played)).json()
    play_first_moves(site, played, started["match_id"])
    day = httpx.get(f"{site.url}/api/v1/daily", headers=auth(played)).json()["day"]
    page = page_factory(width=360, height=740)
    sign_in(page, site, newcomer)
    page.goto(f"{site.url}/daily/{GAME}/{day}")
    expect(page.locator("main")).to_contain_text("once you have finished today's deal yourself")
    assert page.evaluate(TOO_WIDE) is None
    page.click("#daily-play")  # the deal, one click away
    page.wait_for_url("**/match/*")
    expect(page.locator("#daily-badge")).to_be_visible()
    page.errors.check()

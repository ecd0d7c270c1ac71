"""axe-core finds no serious or critical accessibility violation on any page, in any state a
player meets: home, lobby, each game's table when it opens, mid-match at a decision and at the
end, its replay, the account page, a leaderboard, a profile, the offline page and the admin
page; on a 1280x800 desktop and on a 390x844 phone, where the panels become tabs and the boards
scale."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.accessibility import blocking
from tests.browser.conftest import ADMIN_TOKEN, match_against_bots, register, sign_in
from tests.browser.played import play_to_the_end, two_player_match
from tests.browser.table_helpers import BOTH_SIZES
from tests.browser.test_page_width import leave
from tests.browser.test_table_in_view import GAMES, act, my_decisions, open_table
from tests.servers import Server

expect.set_options(timeout=30_000)
DECISIONS = 3


class Findings(list[str]):
    """Every page state's violations, so one run names them all; asserted empty at the end."""

    def check(self, page: Any, where: str) -> None:
        self.extend(f"{where}: {line}" for line in blocking(page))

    def assert_none(self) -> None:
        assert not self, "\n".join(self)


def at_the_end(page: Any, game: str, findings: Findings) -> None:
    """The outcome on screen; Oh, Fox!'s reckoning (checked on its way) skipped to its end."""
    page.wait_for_selector("#outcome, .of-reckoning")
    if page.locator(".of-reckoning").count() and not page.locator("#outcome").count():
        findings.check(page, f"{game} reckoning")
        page.locator("[data-control=end]").click()
    expect(page.locator("#outcome")).to_be_visible()


@BOTH_SIZES
@pytest.mark.parametrize(("game", "seats", "options", "yours"), GAMES, ids=[g[0] for g in GAMES])
def test_every_table_state_is_accessible(
    site: Server,
    page_factory: Any,
    game: str,
    seats: int,
    options: dict[str, Any],
    yours: str,
    size: dict[str, int],
) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, game, seats, options)
    findings = Findings()
    page = page_factory(width=size["width"], height=size["height"])
    page.emulate_media(reduced_motion="reduce")  # the table at rest, not mid-slide
    open_table(page, site, ada, match)
    page.wait_for_selector("#table[data-version]")
    findings.check(page, f"{game} opened")
    for decision, envelope in enumerate(my_decisions(page, site, ada, match, DECISIONS)):
        findings.check(page, f"{game} decision {decision}")
        act(site, ada, match, envelope)
    leave(site, ada, match)  # a bot plays the seat to the end
    at_the_end(page, game, findings)
    findings.check(page, f"{game} at the end")
    page.goto(f"{site.url}/match/{match}/replay")
    page.wait_for_selector("main.replay-page")
    page.wait_for_load_state("networkidle")
    findings.check(page, f"{game} replay")
    findings.assert_none()
    page.errors.check()


@BOTH_SIZES
def test_the_site_pages_are_accessible(
    site: Server, page_factory: Any, size: dict[str, int]
) -> None:
    players, rated = two_player_match(site, "fox-in-the-forest", rated=True, names=("Iris", "Jay"))
    play_to_the_end(site, players, rated)
    host = register(site, "Accessible host")
    match_against_bots(site, host, "fox-on-the-run", 2)  # an active match for the admin page
    lobby = httpx.post(
        site.url + "/api/v1/lobbies",
        headers={"Authorization": f"Bearer {host['token']}"},
        json={"game": "oh-fox", "seats": 3},
    ).json()
    findings = Findings()
    page = page_factory(width=size["width"], height=size["height"])
    sign_in(page, site, host)
    pages = {
        "home": ("/", ".game-card"),
        "lobby": (f"/lobby/{lobby['id']}", "#chairs .chair"),
        "account": ("/account", "main h1"),
        "leaderboard": ("/games/fox-in-the-forest/leaderboard", "#leaderboard tbody tr"),
        "profile": (f"/players/{players[0]['id']}", "#profile-recent li"),
        "replay": (f"/match/{rated}/replay", "main.replay-page"),
        "offline": ("/offline", ".site-header"),
    }
    for name, (path, ready) in pages.items():
        page.goto(site.url + path)
        page.wait_for_selector(ready)
        page.wait_for_load_state("networkidle")
        findings.check(page, name)
    page.goto(site.url + "/")
    page.click("button[data-game='oh-fox']")  # the new-table form, opened
    expect(page.locator("#create-table")).to_be_visible()
    findings.check(page, "home with the new-table form")
    page.goto(site.url + "/admin")
    findings.check(page, "admin sign-in")
    page.fill("#admin-token", ADMIN_TOKEN)
    page.press("#admin-token", "Enter")
    expect(page.locator("#matches tbody tr").first).to_be_visible()
    findings.check(page, "admin")
    findings.assert_none()
    page.errors.check()


def test_the_check_finds_a_violation(site: Server, page_factory: Any) -> None:
    """The check itself sees a serious fault: a button with no name."""
    page = page_factory()
    page.goto(site.url + "/")
    page.evaluate("() => document.querySelector('main').append(document.createElement('button'))")
    assert any(line.startswith("button-name") for line in blocking(page))

"""Resigning from the table, behind the confirm dialog; a bot account's BOT mark beside its
name. Both players' pages see the match end (pushed, not reloaded)."""

from __future__ import annotations

import time
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import register, sign_in
from tests.servers import Server


def _bot_account(site: Server, name: str) -> dict[str, str]:
    """A guest that claimed an account and marked it a bot (a program plays it)."""
    player = register(site, name)
    auth = {"Authorization": f"Bearer {player['token']}"}
    claim = {"username": f"{name.lower()}-resign", "password": "correct horse battery"}
    # Argon2 on a busy machine: a claim may take seconds.
    with httpx.Client(base_url=site.url, headers=auth, timeout=60) as http:
        http.post("/api/v1/players/me/account", json=claim).raise_for_status()
        http.post("/api/v1/players/me/bot").raise_for_status()
    return player


def _match(site: Server, host: dict[str, str], guest: dict[str, str], rated: bool = False) -> str:
    def post(path: str, who: dict[str, str], body: Any = None) -> Any:
        headers = {"Authorization": f"Bearer {who['token']}"}
        response = httpx.post(f"{site.url}/api/v1/lobbies{path}", headers=headers, json=body)
        response.raise_for_status()
        return response.json()

    lobby = post("", host, {"game": "fox-in-the-forest", "seats": 2, "rated": rated})
    post(f"/{lobby['id']}/join", guest, {})
    post(f"/{lobby['id']}/ready", guest, {})
    return str(post(f"/{lobby['id']}/start", host)["match_id"])


def test_resigning_ends_the_match_for_both_and_bots_are_marked(
    site: Server, page_factory: Any
) -> None:
    ada, robo = register(site, "Ada"), _bot_account(site, "Robo")
    match_id = _match(site, ada, robo)
    pages = []
    for who in (ada, robo):
        page = page_factory()
        sign_in(page, site, who)
        page.goto(f"{site.url}/match/{match_id}")
        pages.append(page)
    mine, theirs = pages
    robo_line = mine.locator("#players-strip li[data-seat='1']")
    expect(robo_line.locator(".bot-mark").first).to_have_text("BOT")
    expect(mine.locator("#players-strip li[data-seat='0'] .bot-mark")).to_have_count(0)
    mine.click("#resign-match")
    expect(mine.locator("#confirm-title")).to_have_text("Resign this match?")
    mine.click("#confirm-cancel")  # thinking better of it changes nothing
    expect(mine.locator("#resign-match")).to_be_visible()
    mine.click("#resign-match")
    mine.click("#confirm-ok")
    for page in pages:
        expect(page.locator("#turn-line")).to_have_text("Match over")
        expect(page.locator("#resign-match")).to_have_count(0)
        expect(page.locator(".outcome-reason")).to_have_text("How it ended: Ada resigned.")
    state = httpx.get(f"{site.url}/api/v1/matches/{match_id}").json()
    assert state["outcome"]["winners"] == [1] and state["outcome"]["reason"] == "resigned"
    for page in pages:
        page.errors.check()
    theirs.close()


def test_the_leaderboard_shows_bot_accounts_in_their_own_pool(
    site: Server, page_factory: Any
) -> None:
    robo, droid = _bot_account(site, "Robbie"), _bot_account(site, "Droid")
    match_id = _match(site, robo, droid, rated=True)
    resigned = httpx.post(
        f"{site.url}/api/v1/matches/{match_id}/resign",
        headers={"Authorization": f"Bearer {robo['token']}"},
    )
    assert resigned.status_code == 200, resigned.text
    _wait_until_rated(site, droid["id"])
    page = page_factory()
    page.goto(f"{site.url}/games/fox-in-the-forest/leaderboard")
    expect(page.locator("#board-pool")).to_have_value("people")
    expect(page.locator(f"tr[data-player='{droid['id']}']")).to_have_count(0)
    page.select_option("#board-pool", "bots")
    winner = page.locator(f"tr[data-player='{droid['id']}']")
    expect(winner.locator(".bot-mark")).to_have_text("BOT")
    assert "pool=bots" in page.url
    page.errors.check()


def _wait_until_rated(site: Server, player_id: str) -> None:
    """The match is settled after its final move commits, and a resignation is answered once
    that is done or after two seconds at most: on a loaded machine the page must not be
    read before the rating exists (this waits on that state, not on time)."""
    ends = time.monotonic() + 30
    while time.monotonic() < ends:
        board = httpx.get(
            f"{site.url}/api/v1/games/fox-in-the-forest/leaderboard", params={"pool": "bots"}
        ).json()
        if any(row["player"]["id"] == player_id for row in board["entries"]):
            return
        time.sleep(0.05)
    raise AssertionError(f"{player_id} was never rated")

"""Admin page in the browser: the token, stats, closing a lobby and aborting a match."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import ADMIN_TOKEN, match_against_bots, register
from tests.servers import Server

# The machine running the suite may be busy: give live updates a little longer than 5 s.
expect.set_options(timeout=10_000)


def test_admin_closes_a_lobby_and_aborts_a_match(site: Server, page_factory: Any) -> None:
    host = register(site, "Admin target")
    auth = {"Authorization": f"Bearer {host['token']}"}
    lobby = httpx.post(
        site.url + "/api/v1/lobbies",
        headers=auth,
        json={"game": "oh-fox", "seats": 2, "private": True},
    ).json()
    match = match_against_bots(site, host, "fox-in-the-forest", 2)

    page = page_factory()
    page.goto(site.url + "/admin")
    page.fill("#admin-token", ADMIN_TOKEN)
    page.press("#admin-token", "Enter")
    expect(page.locator("#stats .stat")).to_have_count(4)
    expect(page.locator("#stats")).to_contain_text("Active matches")

    # Private lobbies are listed too; Close takes it off the open list.
    row = page.locator(f"tr[data-lobby='{lobby['id']}']")
    expect(row).to_contain_text("(private)")
    row.locator("button", has_text="Close").click()
    dialog = page.locator("dialog.confirm-dialog")
    expect(dialog).to_contain_text(lobby["id"][:8])
    page.click("#confirm-ok")
    expect(row).to_have_count(0)
    expect(page.locator("#lobbies-title")).to_be_focused()
    page.select_option("#lobbies-status-filter", "closed")
    expect(page.locator(f"tr[data-lobby='{lobby['id']}']")).to_contain_text("closed")
    assert httpx.get(f"{site.url}/api/v1/lobbies/{lobby['id']}").json()["status"] == "closed"

    # Abort the match; the game filter narrows the list.
    page.select_option("#matches-game-filter", "fox-in-the-forest")
    match_row = page.locator(f"tr[data-match='{match}']")
    expect(match_row).to_contain_text("The Fox in the Forest")
    # Abort asks first, naming the match; Cancel is focused, so Enter does not abort.
    match_row.locator("button", has_text="Abort").click()
    expect(dialog).to_contain_text("Abort this match?")
    expect(dialog).to_contain_text(f"Match {match[:8]} (The Fox in the Forest: Admin target, ")
    expect(page.locator("#confirm-cancel")).to_be_focused()
    # The list is drawn again while the dialog is open (a filter's reload landing late): the
    # focus still comes back to this match's Abort button.
    opener = match_row.locator("button", has_text="Abort").element_handle()
    page.evaluate(
        "() => document.getElementById('matches-game-filter').dispatchEvent(new Event('change'))"
    )
    page.wait_for_function("el => !el.isConnected", arg=opener)
    page.keyboard.press("Enter")
    expect(dialog).to_have_count(0)
    expect(match_row.locator("button", has_text="Abort")).to_be_focused()
    assert httpx.get(f"{site.url}/api/v1/matches/{match}").json()["status"] == "active"
    match_row.locator("button", has_text="Abort").click()
    page.keyboard.press("Escape")  # Escape cancels too
    expect(dialog).to_have_count(0)
    assert httpx.get(f"{site.url}/api/v1/matches/{match}").json()["status"] == "active"
    match_row.locator("button", has_text="Abort").click()
    page.click("#confirm-ok")
    expect(match_row).to_have_count(0)
    assert httpx.get(f"{site.url}/api/v1/matches/{match}").json()["status"] == "aborted"

    # The token stays for this tab: a reload goes straight to the tables.
    page.reload()
    expect(page.locator("#stats .stat")).to_have_count(4)
    page.errors.check()


def test_kicking_a_player_asks_first_and_names_them(site: Server, page_factory: Any) -> None:
    host, guest = register(site, "Kick host"), register(site, "Kick me")
    lobby = httpx.post(
        site.url + "/api/v1/lobbies",
        headers={"Authorization": f"Bearer {host['token']}"},
        json={"game": "oh-fox", "seats": 2},
    ).json()
    httpx.post(
        f"{site.url}/api/v1/lobbies/{lobby['id']}/join",
        headers={"Authorization": f"Bearer {guest['token']}"},
        json={},
    ).raise_for_status()
    page = page_factory()
    page.goto(site.url + "/admin")
    page.fill("#admin-token", ADMIN_TOKEN)
    page.press("#admin-token", "Enter")
    row = page.locator(f"tr[data-lobby='{lobby['id']}']")
    row.get_by_role("button", name="Kick Kick me").click()
    dialog = page.locator("dialog.confirm-dialog")
    expect(dialog.locator("h2")).to_have_text("Kick Kick me?")
    page.click("#confirm-cancel")
    expect(row).to_contain_text("Kick me")
    seats = httpx.get(f"{site.url}/api/v1/lobbies/{lobby['id']}").json()["seats"]
    assert seats[1]["player"]["name"] == "Kick me"
    row.get_by_role("button", name="Kick Kick me").click()
    page.click("#confirm-ok")
    expect(row).not_to_contain_text("Kick me")
    after = httpx.get(f"{site.url}/api/v1/lobbies/{lobby['id']}").json()
    assert after["seats"][1]["player"] is None
    page.errors.check()

"""Lobby in the browser: two players meet at a private table through its invite link."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.servers import Server

# The machine running the suite may be busy: give live updates a little longer than 5 s.
expect.set_options(timeout=10_000)


def pick_name(page: Any, site: Server, name: str) -> None:
    page.goto(site.url + "/")
    page.fill("#name-input", name)
    page.press("#name-input", "Enter")
    expect(page.locator("#my-name")).to_have_text(name)


def test_two_players_meet_by_invite_link_and_see_each_others_moves(
    site: Server, page_factory: Any
) -> None:
    host = page_factory(csp=True)  # the whole way from home to a move, under the pages' CSP
    socket_urls: list[str] = []
    host.on("websocket", lambda socket: socket_urls.append(socket.url))
    pick_name(host, site, "Hazel")
    host.click("button[data-game='fox-in-the-forest']")
    host.check("#private-input")
    host.click("#create-table")
    host.wait_for_url("**/lobby/**#code=*")
    link = host.input_value("#invite-link")
    assert "#code=" in link and "?" not in link  # the code never reaches a server log
    expect(host.locator("#start-match")).to_be_disabled()

    # The guest arrives from the link with no identity: picks a name on the lobby page.
    guest = page_factory(width=360, height=740, csp=True)
    guest.goto(link)
    guest.fill("#name-input", "Rowan")
    guest.press("#name-input", "Enter")
    expect(guest.locator(".chair.mine")).to_contain_text("Rowan")
    expect(guest.locator("#invite-link")).to_have_value(link)
    # The host sees the guest sit down, live, but cannot start before the guest is ready.
    expect(host.locator(".chair[data-seat='1']")).to_contain_text("Rowan")
    expect(host.locator(".chair[data-seat='1']")).to_contain_text("Not ready")
    expect(host.locator("#start-match")).to_be_disabled()
    # That push came over a socket whose hello named the host: it still carries the invite.
    expect(host.locator("#invite-link")).to_have_value(link)
    assert socket_urls and not [url for url in socket_urls if "token" in url]
    guest.click("#ready-toggle")
    expect(host.locator(".chair[data-seat='1']")).to_contain_text("Ready")
    expect(host.locator("#start-match")).to_be_enabled()
    host.click("#start-match")
    # Both are taken to the match (the guest by the lobby push).
    host.wait_for_url("**/match/**")
    guest.wait_for_url("**/match/**")
    assert host.url == guest.url

    # Whoever is to act plays; the other sees the move in their log without reloading.
    pages = {"Hazel": host, "Rowan": guest}
    host.wait_for_selector("#connection[data-state='connected']")
    guest.wait_for_selector("#connection[data-state='connected']")
    for page in (host, guest):
        page.click("#moves-toggle")  # the list of moves as buttons is folded by default
    mover_name = None
    for _ in range(50):
        for name, page in pages.items():
            if page.locator("#actions button:not([disabled])").count():
                mover_name = name
                break
        if mover_name:
            break
        host.wait_for_timeout(100)
    assert mover_name, "nobody was given an action"
    mover = pages[mover_name]
    watcher = pages["Rowan" if mover_name == "Hazel" else "Hazel"]
    if watcher is guest:
        watcher.click("#tab-log")  # on a phone the log is a tab
    before = watcher.locator("#log-list .log-entry").count()
    mover.locator("#actions button").first.click()
    expect(watcher.locator("#log-list .log-entry").nth(before)).to_be_attached()
    # (The mover may act again at once, e.g. after a Woodcutter: only the log is certain.)
    expect(watcher.locator("#log-list .log-entry").last).to_contain_text(mover_name)
    host.errors.check()
    guest.errors.check()


def test_host_controls_bots_and_settings(site: Server, page_factory: Any) -> None:
    host = page_factory()
    pick_name(host, site, "Fern")
    host.click("button[data-game='fox-on-the-tree']")
    host.click("#create-table")
    host.wait_for_url("**/lobby/**")
    # More seats through the settings form (PATCH), then a bot in one and removed again.
    host.select_option("#host-seats", "3")
    host.click("#save-settings")
    expect(host.locator("#chairs .chair")).to_have_count(3)
    host.select_option("#bot-strategy-2", "standard")
    host.click("#add-bot-2")
    expect(host.locator(".chair[data-seat='2']")).to_contain_text("Standard bot 3")
    host.click("#remove-seat-2")
    expect(host.locator(".chair[data-seat='2']")).to_contain_text("Empty chair")
    expect(host.locator("#start-match")).to_be_disabled()
    # A new invite link: the old one stops working (a removed player's copy, say).
    old_link = host.input_value("#invite-link")
    host.click("#new-invite")
    expect(host.locator("#invite-link")).not_to_have_value(old_link)
    host.errors.check()

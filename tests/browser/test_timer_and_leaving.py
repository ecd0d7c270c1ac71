"""A table with a turn timer, and leaving and reclaiming a seat, from the browser."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import register, sign_in
from tests.servers import Server


def test_timer_choice_leave_and_reclaim(site: Server, page_factory: Any) -> None:
    me = register(site, "Ada")
    page = page_factory()
    sign_in(page, site, me)
    page.goto(site.url + "/")
    page.click("button[data-game='fox-in-the-forest']")
    page.select_option("#timer-input", "300")
    page.click("#create-table")
    expect(page.locator("#lobby-status")).to_contain_text("5 minutes a move")
    lobby_id = page.url.split("/lobby/")[1].split("?")[0]
    lobby = httpx.get(f"{site.url}/api/v1/lobbies/{lobby_id}").json()
    assert lobby["turn_seconds"] == 300
    page.click("#add-bot-1")
    page.click("#start-match")
    page.wait_for_url("**/match/**")
    expect(page.locator("#deadline")).to_contain_text("Time left")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#leave-match")
    expect(page.locator("#reclaim-seat")).to_be_visible()
    expect(page.locator("#actions button")).to_have_count(0)
    page.click("#reclaim-seat")
    expect(page.locator("#leave-match")).to_be_visible()
    page.errors.check()

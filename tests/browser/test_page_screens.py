"""Home, lobby, rules and admin at 390x844 and 1280x800: nothing sticks out sideways, the rules
read as a column of text, and a screenshot of each is saved for a person to look at."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ADMIN_TOKEN, match_against_bots, register, sign_in
from tests.browser.screens import SIZES, assert_no_sideways_scroll, save
from tests.servers import Server

expect.set_options(timeout=10_000)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_home_and_lobby_fit_the_screen(site: Server, page_factory: Any, size: str) -> None:
    viewport = SIZES[size]
    host = register(site, f"Screen host {size}")
    page = page_factory(width=viewport["width"], height=viewport["height"])
    sign_in(page, site, host)
    page.goto(site.url + "/")
    page.click("button[data-game='oh-fox']")
    expect(page.locator("#new-animal_cards")).to_be_visible()
    assert_no_sideways_scroll(page, f"home {size}")
    save(page, f"home-{size}")

    page.select_option("#seats-input", "4")
    page.select_option("#new-animal_cards", "tough_nut")
    page.click("#create-table")
    page.wait_for_url("**/lobby/**")
    expect(page.locator("#chairs .chair")).to_have_count(4)
    page.click("#add-bot-1")
    expect(page.locator(".chair[data-seat='1']")).to_contain_text("Standard bot 2")
    assert_no_sideways_scroll(page, f"lobby {size}")
    save(page, f"lobby-{size}")
    page.errors.check()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_rules_pages_read_as_a_column(site: Server, page_factory: Any, size: str) -> None:
    viewport = SIZES[size]
    page = page_factory(width=viewport["width"], height=viewport["height"], csp=True)
    for game in httpx.get(site.url + "/api/v1/games").json():
        if game["id"] not in {"fox-in-the-forest", "oh-fox", "fox-on-the-run"}:
            continue
        page.goto(site.url + game["rules_url"])
        expect(page.locator(".site-header .brand")).to_be_visible()
        expect(page.locator("#rules-back")).to_have_text("Back to Foxden")
        assert_no_sideways_scroll(page, f"{game['id']} rules {size}")
        article = page.locator("article.prose")
        box = article.bounding_box()
        assert box and box["width"] <= 820  # a readable line, even on a wide screen
        font = article.evaluate("a => parseFloat(getComputedStyle(a).fontSize)")
        line = article.evaluate("a => parseFloat(getComputedStyle(a).lineHeight)")
        assert font >= 16 and line >= 1.4 * font
        save(page, f"rules-{game['id']}-{size}", full_page=False)
    page.click("#rules-back")
    page.wait_for_url(site.url + "/")
    page.errors.check()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_admin_fits_the_screen(site: Server, page_factory: Any, size: str) -> None:
    viewport = SIZES[size]
    host = register(site, f"Admin screen {size}")
    match_against_bots(site, host, "fox-in-the-forest", 2)
    page = page_factory(width=viewport["width"], height=viewport["height"])
    page.goto(site.url + "/admin")
    page.fill("#admin-token", ADMIN_TOKEN)
    page.press("#admin-token", "Enter")
    expect(page.locator("#stats .stat")).to_have_count(4)
    expect(page.locator("#matches tbody tr").first).to_be_visible()
    assert_no_sideways_scroll(page, f"admin {size}")
    save(page, f"admin-{size}")
    page.locator("#matches button", has_text="Abort").first.click()
    dialog = page.locator("dialog.confirm-dialog")
    expect(dialog).to_be_visible()
    box = dialog.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    save(page, f"admin-dialog-{size}")
    page.click("#confirm-cancel")
    page.errors.check()

"""A table open on a device that another device signs out: the page says so, forgets the token
and goes on as a spectator's table, without its hand and without looping on the dead token."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import match_against_bots, register, sign_in
from tests.servers import Server

PASSWORD = "a phone left on a train"


def _claim_and_sign_in_elsewhere(site: Server, guest: dict[str, str]) -> dict[str, str]:
    """The guest claims an account; the token of a second device signed in to it."""
    auth = {"Authorization": f"Bearer {guest['token']}"}
    claim = {"username": f"user{guest['id'][:8]}", "password": PASSWORD}
    httpx.post(f"{site.url}/api/v1/players/me/account", headers=auth, json=claim).raise_for_status()
    signed = httpx.post(f"{site.url}/api/v1/sessions", json=claim)
    signed.raise_for_status()
    return {"Authorization": f"Bearer {signed.json()['token']}"}


def test_a_table_signed_out_from_another_device_turns_into_a_spectators(
    site: Server, page_factory: Any
) -> None:
    page = page_factory()
    guest = register(site, "Lost Phone")
    desktop = _claim_and_sign_in_elsewhere(site, guest)
    match_id = match_against_bots(site, guest, "fox-in-the-forest", 2)
    sign_in(page, site, guest)
    page.goto(f"{site.url}/match/{match_id}")
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected")
    expect(page.locator(".fitf-you .fx-hand [data-card]").first).to_be_visible()  # my hand

    sessions = httpx.get(f"{site.url}/api/v1/sessions", headers=desktop).json()
    phone = next(s["id"] for s in sessions if not s["current"])
    httpx.delete(f"{site.url}/api/v1/sessions/{phone}", headers=desktop).raise_for_status()

    expect(page.locator(".toasts")).to_contain_text("signed out")
    page.wait_for_function("localStorage.getItem('foxden.identity') === null")
    # Back on the table as a spectator: connected again, no hand of its own.
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected")
    expect(page.locator(".fitf-you .fx-hand")).to_have_count(0)

"""Accounts in the browser: one account on two "devices" (two browser contexts, each with its
own storage), the same match in My games on both, a bot's move showing up live, and a device
signed out from the other one."""

from __future__ import annotations

import json
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import match_against_bots, register, sign_in
from tests.servers import Server

# My games polls every 5 s; a busy machine may need a few polls.
expect.set_options(timeout=20_000)
PASSWORD = "two devices, one fox"


def stored_identity(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.evaluate("localStorage.getItem('foxden.identity')") or "{}"))


def play_until_the_bot_is_to_act(site: Server, token: str, match_id: str) -> int:
    """Legal moves over the API, as another tab would, until seat 0's turn is over (a card's
    ability may ask it for more); the version after its last move."""
    auth = {"Authorization": f"Bearer {token}"}
    state = httpx.get(f"{site.url}/api/v1/matches/{match_id}/state", headers=auth).json()
    assert state["legal_actions"], "seat 0 is to act"
    while 0 in state["to_act"]:
        body = {"action": state["legal_actions"][0], "version": state["version"]}
        moved = httpx.post(f"{site.url}/api/v1/matches/{match_id}/actions", headers=auth, json=body)
        moved.raise_for_status()
        state = moved.json()
    return int(state["version"])


def my_turn_row(page: Any, match_id: str) -> Any:
    return page.locator(f"#my-turn li[data-match='{match_id}']")


def claim(page: Any, site: Server, username: str) -> None:
    page.goto(site.url + "/account")
    page.fill("#claim-username", username)
    page.fill("#claim-password", PASSWORD)
    page.click("#claim-submit")
    expect(page.locator("#account-username")).to_have_text(username)
    expect(page.locator("#sessions li")).to_have_count(1)


def sign_in_on(page: Any, site: Server, username: str) -> None:
    page.goto(site.url + "/")
    page.click("#account-link")
    page.fill("#signin-username", username)
    page.fill("#signin-password", PASSWORD)
    page.click("#signin-submit")
    page.wait_for_url(site.url + "/")


def test_one_account_on_two_devices(site: Server, page_factory: Any) -> None:
    phone, desktop = page_factory(width=390, height=844), page_factory()
    guest = register(site, "Vixen")
    sign_in(phone, site, guest)
    match_id = match_against_bots(site, guest, "fox-in-the-forest", 2)

    phone.goto(site.url + "/")
    expect(my_turn_row(phone, match_id)).to_be_visible()
    phone.wait_for_function("document.title.startsWith('(1) ')")
    expect(phone.locator("#waiting-count")).to_have_text("1 waiting")
    claim(phone, site, "Vixen_Fox")
    assert stored_identity(phone)["token"] == guest["token"]  # the phone keeps its token

    sign_in_on(desktop, site, "vixen_fox")
    expect(my_turn_row(desktop, match_id)).to_be_visible()
    assert stored_identity(desktop)["id"] == guest["id"]
    assert stored_identity(desktop)["token"] != guest["token"]

    # A move from the desktop's token; the bot answers; the phone's list follows by itself.
    phone.goto(site.url + "/")
    row = my_turn_row(phone, match_id)
    expect(row).to_be_visible()
    before = int(row.get_attribute("data-version"))
    mine = play_until_the_bot_is_to_act(site, stored_identity(desktop)["token"], match_id)
    assert mine > before
    # Only the bot can take the match past `mine`; then it is the phone's turn again.
    phone.wait_for_function(
        "([id, v]) => { const row = document.querySelector(`#my-turn li[data-match='${id}']`);"
        " return row !== null && Number(row.dataset.version) > v; }",
        arg=[match_id, mine],
    )

    # The desktop signs the phone out; the phone notices on its next poll.
    desktop.goto(site.url + "/account")
    expect(desktop.locator("#sessions li")).to_have_count(2)
    phone_row = desktop.locator("#sessions li", has_not=desktop.locator(".badge-you"))
    phone_row.get_by_role("button", name="Sign out").click()
    expect(desktop.locator("#sessions li")).to_have_count(1)
    expect(phone.locator("#name-input")).to_be_visible()
    assert stored_identity(phone) == {}
    expect(phone.locator("#my-games")).to_be_hidden()
    assert not phone.title().startswith("(")
    desktop.reload()
    expect(desktop.locator("#account-username")).to_have_text("Vixen_Fox")
    desktop.errors.check()
    # The phone's one refusal is the 401 that told it it was signed out.
    assert all("401" in error for error in phone.errors), phone.errors


def test_signing_out_and_a_wrong_password(site: Server, page_factory: Any) -> None:
    page = page_factory()
    sign_in(page, site, register(site, "Reynard"))
    claim(page, site, "reynard")
    page.fill("#old-password", "not my password")
    page.fill("#new-password", "a fresh password")
    page.click("#password-submit")
    expect(page.locator("#password .form-error")).to_have_text("The current password is not right.")
    page.fill("#old-password", PASSWORD)
    page.click("#password-submit")
    expect(page.locator(".toast").last).to_contain_text("Password changed. 0 other devices")
    page.click("#sign-out")
    expect(page.locator("#signin-username")).to_be_visible()
    assert stored_identity(page) == {}
    page.fill("#signin-username", "reynard")
    page.fill("#signin-password", PASSWORD)
    page.click("#signin-submit")
    expect(page.locator("#signin .form-error")).to_have_text("Wrong username or password.")
    page.fill("#signin-password", "a fresh password")
    page.click("#signin-submit")
    page.wait_for_url(site.url + "/")
    expect(page.locator("#my-name")).to_have_text("Reynard")
    # The refusals shown above are the only console errors: a 403 and a 401.
    assert len(page.errors) == 2 and all("40" in e for e in page.errors), page.errors


def test_a_guessable_password_is_refused_before_it_is_sent(site: Server, page_factory: Any) -> None:
    page = page_factory()
    guest = register(site, "Vulpes")
    sign_in(page, site, guest)
    page.goto(site.url + "/account")
    page.fill("#claim-username", "vulpes_fox")
    page.fill("#claim-password", "password")
    verdict = page.locator("#claim-password-verdict")
    expect(verdict).to_contain_text("This password is too easy to guess.")
    expect(verdict).to_have_attribute("aria-live", "polite")
    expect(page.locator("#claim-password")).to_have_attribute(
        "aria-describedby", "claim-password-verdict"
    )
    submit = page.locator("#claim-submit")
    expect(submit).to_have_attribute("aria-disabled", "true")
    expect(submit).to_have_attribute("aria-describedby", "claim-password-verdict")
    # aria-disabled only (Playwright would wait for it to be enabled): it still answers a click.
    submit.click(force=True)
    expect(page.locator("#claim .form-error")).to_contain_text("Choose another password.")
    expect(page.locator("#claim-password")).to_be_focused()
    auth = {"Authorization": f"Bearer {guest['token']}"}
    unclaimed = httpx.get(f"{site.url}/api/v1/players/me/account", headers=auth)
    assert unclaimed.status_code == 404, "nothing was sent"

    # Built on the username: refused as well, and the verdict says so.
    page.fill("#claim-password", "vulpes_fox1")
    expect(verdict).to_contain_text("your username or name")
    page.fill("#claim-password", PASSWORD)
    expect(verdict).to_have_text("Hard enough to guess.")
    expect(submit).to_have_attribute("aria-disabled", "false")
    submit.click()
    expect(page.locator("#account-username")).to_have_text("vulpes_fox")

    # Changing the password: the server knows the username without being told.
    page.fill("#new-password", "Vulpes_Fox2024")
    expect(page.locator("#new-password-verdict")).to_contain_text("your username or name")
    expect(page.locator("#password-submit")).to_have_attribute("aria-disabled", "true")
    page.errors.check()

"""The host's lobby in the browser: fill with bots, names, words, and focus that stays put."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import register, sign_in
from tests.servers import Server

expect.set_options(timeout=10_000)


def hosted_lobby(site: Server, host: dict[str, str], game: str, seats: int, **body: Any) -> str:
    response = httpx.post(
        site.url + "/api/v1/lobbies",
        headers={"Authorization": f"Bearer {host['token']}"},
        json={"game": game, "seats": seats, **body},
    )
    response.raise_for_status()
    return str(response.json()["id"])


def focused_id(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement && document.activeElement.id"))


def test_one_click_fills_every_empty_seat_and_focus_moves_on_to_start(
    site: Server, page_factory: Any
) -> None:
    host = register(site, "Hazel")
    lobby_id = hosted_lobby(site, host, "fox-on-the-tree", 4)
    page = page_factory()
    sign_in(page, site, host)
    page.goto(f"{site.url}/lobby/{lobby_id}")
    expect(page.locator("#fill-bots")).to_have_text("Fill the 3 empty seats with bots")
    # Strategies read as words, and the pick is the game's sensible bot.
    strategies = page.locator("#fill-bots-strategy option")
    expect(strategies).to_have_text(["Random", "Standard", "Expert"])
    expect(page.locator("#fill-bots-strategy")).to_have_value("standard")
    page.select_option("#fill-bots-strategy", "random")
    page.focus("#fill-bots")
    page.keyboard.press("Enter")
    for seat in (1, 2, 3):
        chair = page.locator(f".chair[data-seat='{seat}']")
        expect(chair).to_contain_text(f"Random bot {seat + 1}")
        expect(chair).to_contain_text("Ready (bot)")
    expect(page.locator("#fill-bots")).to_have_count(0)  # nothing left to fill
    expect(page.locator("#start-match")).to_be_enabled()
    expect(page.locator("#start-match")).to_be_focused()  # the next step, not the page

    # Keyboard: removing a bot leaves focus in that chair, on its strategy picker.
    page.focus("#remove-seat-2")
    page.keyboard.press("Enter")
    expect(page.locator(".chair[data-seat='2']")).to_contain_text("Empty chair")
    expect(page.locator("#bot-strategy-2")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#add-bot-2")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".chair[data-seat='2']")).to_contain_text("Standard bot 3")
    expect(page.locator("#remove-seat-2")).to_be_focused()

    # The names the lobby showed are the names at the table.
    lobby_names = page.locator(".chair-name").all_text_contents()
    page.click("#start-match")
    page.wait_for_url("**/match/**")
    match_id = page.url.rsplit("/", 1)[1]
    seats = httpx.get(f"{site.url}/api/v1/matches/{match_id}").json()["seats"]
    assert (
        [s["name"] for s in seats]
        == lobby_names
        == [
            "Hazel",
            "Random bot 2",
            "Standard bot 3",
            "Random bot 4",
        ]
    )
    page.errors.check()


def test_a_push_does_not_replace_the_control_the_host_is_using(
    site: Server, page_factory: Any
) -> None:
    host, guest = register(site, "Fern"), register(site, "Rowan")
    lobby_id = hosted_lobby(site, host, "fox-on-the-tree", 3)
    page = page_factory()
    sign_in(page, site, host)
    page.goto(f"{site.url}/lobby/{lobby_id}")
    page.focus("#bot-strategy-2")
    page.evaluate("() => { document.activeElement.dataset.before = 'yes'; }")
    # Someone sits down and gets ready: two pushes about seat 1.
    auth = {"Authorization": f"Bearer {guest['token']}"}
    httpx.post(f"{site.url}/api/v1/lobbies/{lobby_id}/join", headers=auth, json={"seat": 1})
    httpx.post(f"{site.url}/api/v1/lobbies/{lobby_id}/ready", headers=auth, json={"ready": True})
    expect(page.locator(".chair[data-seat='1']")).to_contain_text("Ready")
    expect(page.locator("#fill-bots")).to_have_text("Fill the empty seat with a bot")
    # The very same element still has the focus (not a copy put back).
    assert page.evaluate("() => document.activeElement.dataset.before") == "yes"
    assert focused_id(page) == "bot-strategy-2"
    page.errors.check()


def test_lobby_words_are_a_players_words(site: Server, page_factory: Any) -> None:
    host, guest = register(site, "Ivy"), register(site, "Oak")
    lobby_id = hosted_lobby(
        site, host, "oh-fox", 3, options={"animal_cards": "tough_nut", "objectives": "none"}
    )
    httpx.post(
        f"{site.url}/api/v1/lobbies/{lobby_id}/join",
        headers={"Authorization": f"Bearer {guest['token']}"},
        json={},
    )
    page = page_factory()
    sign_in(page, site, guest)
    page.goto(f"{site.url}/lobby/{lobby_id}")
    summary = page.locator("#option-summary")
    expect(summary).to_contain_text(
        "Animal cards (Forest Facades): Tough Nut (3 predators + 4 prey)"
    )
    expect(summary).to_contain_text("Objective cards: No objective cards")
    expect(summary).to_contain_text("Who is the predator: Dealt at random")
    expect(page.locator(".chair[data-seat='0']")).to_contain_text("Ready (host)")
    expect(page.locator(".chair[data-seat='1']")).to_contain_text("Not ready yet")
    text = page.locator("main").inner_text()
    for debug in ("[ok]", "[..]", "tough_nut", "BOT ", "completely_nuts", "_"):
        assert debug not in text, debug
    page.click("#ready-toggle")
    expect(page.locator(".chair[data-seat='1']")).to_contain_text("Ready")
    expect(page.locator("#ready-toggle")).to_be_focused()
    expect(page.locator("#ready-toggle")).to_have_text("I am not ready")
    page.errors.check()


def test_the_host_form_shows_option_values_in_words(site: Server, page_factory: Any) -> None:
    host = register(site, "Moss")
    lobby_id = hosted_lobby(site, host, "oh-fox", 2)
    page = page_factory()
    sign_in(page, site, host)
    page.goto(f"{site.url}/lobby/{lobby_id}")
    expect(page.locator("#host-animal_cards option").nth(2)).to_have_text(
        "Completely Nuts (4 predators + 6 prey)"
    )
    page.select_option("#host-animal_cards", "completely_nuts")
    page.click("#save-settings")
    summary = page.locator("#option-summary")
    expect(summary).to_contain_text("Completely Nuts (4 predators + 6 prey)")
    expect(page.locator("#save-settings")).to_be_focused()
    page.errors.check()


def test_the_rules_page_leads_back_to_the_private_table(site: Server, page_factory: Any) -> None:
    host, guest = register(site, "Birch"), register(site, "Alder")
    lobby = httpx.post(
        site.url + "/api/v1/lobbies",
        headers={"Authorization": f"Bearer {host['token']}"},
        json={"game": "fox-on-the-run", "seats": 2, "private": True},
    ).json()
    page = page_factory()
    sign_in(page, site, guest)
    page.goto(f"{site.url}/lobby/{lobby['id']}#code={lobby['invite_code']}")
    page.click("#rules-link")
    page.wait_for_url("**/games/fox-on-the-run/rules?from=*")
    expect(page.locator(".site-header .brand")).to_have_attribute("href", "/")
    expect(page.locator("h1")).to_have_text("Fox on the Run")
    page.click("#rules-back")  # a plain link: the invitation must survive the way back
    page.wait_for_url(f"**/lobby/{lobby['id']}")
    page.click("#join-table")
    expect(page.locator(".chair.mine")).to_contain_text("Alder")
    page.errors.check()


def test_removing_a_player_asks_first_and_keeps_focus_in_the_chair(
    site: Server, page_factory: Any
) -> None:
    host, guest = register(site, "Cedar"), register(site, "Larch")
    lobby_id = hosted_lobby(site, host, "fox-on-the-tree", 2)
    httpx.post(
        f"{site.url}/api/v1/lobbies/{lobby_id}/join",
        headers={"Authorization": f"Bearer {guest['token']}"},
        json={},
    ).raise_for_status()
    page = page_factory()
    sign_in(page, site, host)
    page.goto(f"{site.url}/lobby/{lobby_id}")
    page.focus("#remove-seat-1")
    page.keyboard.press("Enter")
    expect(page.locator("dialog.confirm-dialog h2")).to_have_text("Remove Larch?")
    expect(page.locator("#confirm-cancel")).to_be_focused()
    page.keyboard.press("Enter")  # Cancel: nothing happens, focus comes back
    expect(page.locator("#remove-seat-1")).to_be_focused()
    expect(page.locator(".chair[data-seat='1']")).to_contain_text("Larch")
    page.click("#remove-seat-1")
    page.click("#confirm-ok")
    expect(page.locator(".chair[data-seat='1']")).to_contain_text("Empty chair")
    expect(page.locator("#bot-strategy-1")).to_be_focused()
    page.errors.check()


def test_the_host_makes_the_table_rated_in_the_lobby_once_no_bot_sits(
    site: Server, page_factory: Any
) -> None:
    host = register(site, "Hazel")
    lobby_id = hosted_lobby(site, host, "fox-on-the-tree", 3)
    auth = {"Authorization": f"Bearer {host['token']}"}
    seat = f"{site.url}/api/v1/lobbies/{lobby_id}/seats/1"
    httpx.put(seat, headers=auth, json={"bot": "random"}).raise_for_status()

    def rated() -> bool:
        return bool(httpx.get(f"{site.url}/api/v1/lobbies/{lobby_id}").json()["rated"])

    page = page_factory()
    sign_in(page, site, host)
    page.goto(f"{site.url}/lobby/{lobby_id}")
    box = page.locator("#host-rated")
    expect(box).not_to_be_checked()
    # A bot sits: the refusal is said next to the form, in words, and nothing is saved.
    box.check()
    page.click("#save-settings")
    refusal = page.locator("#settings-error")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("remove the bots")
    expect(refusal).not_to_contain_text("lobby/")
    assert rated() is False
    # The browser logs the refused request itself: that one error was expected.
    assert page.errors == [
        "Failed to load resource: the server responded with a status of 409 (Conflict)"
    ]
    page.errors.clear()
    # Without the bot the same toggle is saved, and every visitor sees the table is rated.
    page.click("#remove-seat-1")
    expect(page.locator(".chair[data-seat='1']")).to_contain_text("Empty chair")
    expect(box).to_be_checked()  # the form kept the host's choice
    page.click("#save-settings")
    expect(page.locator("#lobby-rated")).to_be_visible()
    expect(refusal).to_be_hidden()
    assert rated() is True
    page.locator("#host-rated").uncheck()
    page.click("#save-settings")
    expect(page.locator("#lobby-rated")).to_have_count(0)
    assert rated() is False
    page.errors.check()

"""The match page around the renderer: spectators, phones, reconnecting, errors, chat."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import ADMIN_TOKEN, match_against_bots, register
from tests.servers import Server

# The machine running the suite may be busy: give live updates a little longer than 5 s.
expect.set_options(timeout=10_000)

GAME = "fox-in-the-forest"


def enter(page: Any, site: Server, identity: dict[str, str]) -> None:
    """Store the identity from the home page (an HTML page, so no favicon request fails)."""
    page.goto(site.url + "/")
    page.evaluate("i => localStorage.setItem('foxden.identity', JSON.stringify(i))", identity)


def open_match(page: Any, site: Server, match: str) -> None:
    page.goto(f"{site.url}/match/{match}")
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected")


def unfold_moves(page: Any) -> None:
    """Open the folded "Your moves" list of buttons (the keyboard and screen-reader way)."""
    page.click("#moves-toggle")
    expect(page.locator("#moves-toggle")).to_have_attribute("aria-expanded", "true")


def hand_names(site: Server, identity: dict[str, str], match: str) -> list[str]:
    state = httpx.get(
        f"{site.url}/api/v1/matches/{match}/state",
        headers={"Authorization": f"Bearer {identity['token']}"},
    ).json()
    return [card["name"] for card in state["view"]["hand"]]


def test_a_spectator_sees_no_hand_and_no_actions(site: Server, page_factory: Any) -> None:
    player = register(site, "Seated")
    match = match_against_bots(site, player, GAME, 2)
    page = page_factory()
    open_match(page, site, match)
    expect(page.locator("#spectating")).to_be_visible()
    expect(page.locator("#prompt-text")).not_to_be_empty()
    expect(page.locator("#players-strip")).to_contain_text("Seated")
    # Nothing to click: no action list, no prompt buttons, no move targets on the table. The
    # only tab stops there are cards with ability help, to read (a spectator may want to).
    expect(page.locator("#actions button")).to_have_count(0)
    expect(page.locator(".prompt-buttons button")).to_have_count(0)
    expect(page.locator("#table [tabindex='0']:not([data-help])")).to_have_count(0)
    expect(page.locator("#table .fx-legal, #table [role=button], #table button")).to_have_count(0)
    # The seated player's cards are nowhere on the page (their names, as labels or text).
    html = page.content()
    for name in hand_names(site, player, match):
        assert name not in html
    expect(page.locator(".chat-controls")).to_contain_text("Spectators read the chat")
    page.errors.check()


def test_the_page_fits_a_phone(site: Server, page_factory: Any) -> None:
    player = register(site, "Phone")
    match = match_against_bots(site, player, GAME, 2)
    page = page_factory(width=360, height=740)
    enter(page, site, player)
    open_match(page, site, match)
    unfold_moves(page)
    expect(page.locator("#actions button").first).to_be_visible()
    for tab in ("table", "log", "chat", "players"):
        page.click(f"#tab-{tab}")
        expect(page.locator(f"#tab-{tab}")).to_have_attribute("aria-selected", "true")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"the page scrolls sideways on the {tab} tab ({width}px)"
    # Tabs are panels: only the chosen one shows.
    expect(page.locator("#panel-players")).to_be_visible()
    expect(page.locator("#table")).to_be_hidden()
    page.errors.check()


def test_the_moves_list_is_folded_behind_a_disclosure_button(
    site: Server, page_factory: Any
) -> None:
    player = register(site, "Folded")
    match = match_against_bots(site, player, GAME, 2)
    page = page_factory()
    enter(page, site, player)
    open_match(page, site, match)
    toggle = page.locator("#moves-toggle")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_have_attribute("aria-controls", "actions")
    expect(toggle).to_contain_text("as buttons")
    expect(page.locator("#actions")).to_be_hidden()
    # Keyboard users reach it: focus the toggle, press Enter, tab into the first move.
    toggle.focus()
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#actions button").first).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.locator("#actions button").first).to_be_focused()
    # It stays open across pushes (the list is updated, not rebuilt closed).
    page.keyboard.press("Enter")
    expect(page.locator("#log-list")).to_contain_text("Folded")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    page.errors.check()


def test_reconnects_after_the_socket_drops(site: Server, page_factory: Any) -> None:
    player = register(site, "Flaky")
    match = match_against_bots(site, player, GAME, 2)
    page = page_factory()
    enter(page, site, player)
    open_match(page, site, match)
    page.evaluate("window.__foxdenSocket.ws.close()")
    expect(page.locator("#connection")).to_have_attribute("data-state", "reconnecting")
    expect(page.locator("#connection")).to_have_text("Reconnecting…")
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected", timeout=10000)
    # Still playable after the resync.
    unfold_moves(page)
    page.locator("#actions button").first.click()
    expect(page.locator("#log-list")).to_contain_text("Flaky")
    page.errors.check()


def test_refused_actions_and_chat(site: Server, page_factory: Any) -> None:
    player = register(site, "Talker")
    match = match_against_bots(site, player, GAME, 2)
    page = page_factory()
    enter(page, site, player)
    open_match(page, site, match)
    unfold_moves(page)
    expect(page.locator("#actions button").first).to_be_visible()
    # A refused action shows the server's message as a toast and the page carries on.
    page.evaluate("window.__foxdenSocket.act({type: 'fly'}, null)")
    expect(page.locator(".toast-error")).to_be_visible()
    expect(page.locator("#actions button").first).to_be_enabled()
    page.fill("#chat-input", "good game so far")
    page.press("#chat-input", "Enter")
    expect(page.locator("#chat-list")).to_contain_text("Talker: good game so far")
    page.click("button[data-reaction='nice']")
    expect(page.locator("#chat-list")).to_contain_text("Nice!")
    # A second viewer gets the chat too (pushed or loaded).
    other = page_factory()
    open_match(other, site, match)
    expect(other.locator("#chat-list")).to_contain_text("good game so far")
    page.errors.check()
    other.errors.check()


def test_a_game_without_its_renderer_is_playable_on_the_plain_table(
    site: Server, page_factory: Any
) -> None:
    player = register(site, "Plain")
    match = match_against_bots(site, player, GAME, 2)
    page = page_factory()
    # Stand in for a renderer that is not written yet: a module without render().
    page.route(
        f"**/static/games/{GAME}.js",
        lambda route: route.fulfill(
            status=200, content_type="text/javascript", body="export default {};"
        ),
    )
    enter(page, site, player)
    open_match(page, site, match)
    table = page.locator("#table .generic-table")
    expect(table).to_contain_text("Hand")  # the view, dumped readably
    buttons = table.locator(".generic-actions button")
    expect(buttons.first).to_contain_text("Play: card")
    expect(page.locator("#actions button")).to_have_count(buttons.count())
    buttons.first.click()
    expect(page.locator("#log-list")).to_contain_text("Plain")
    page.errors.check()


def test_duet_offers_only_preset_reactions(site: Server, page_factory: Any) -> None:
    """The Duet rules forbid table talk: no text box, only the information-free presets."""
    me = register(site, "Quiet")
    match = match_against_bots(site, me, "fox-in-the-forest-duet", 2)
    page = page_factory()
    enter(page, site, me)
    open_match(page, site, match)
    controls = page.locator(".chat-controls")
    expect(controls).to_contain_text("preset reactions only")
    expect(page.locator("#chat-input")).to_have_count(0)
    page.click(".chat-controls button[data-reaction='good_luck']")
    expect(page.locator("#chat-list")).to_contain_text("Good luck")
    page.errors.check()


def test_a_match_that_ends_stops_reconnecting_and_chat_still_arrives(
    site: Server, page_factory: Any
) -> None:
    """The socket ends with the match (an `end` frame, close 1000): the table says the match is
    over instead of "Reconnecting…" forever, and talk after the match still shows."""
    player = register(site, "Ender")
    match = match_against_bots(site, player, GAME, 2)
    page = page_factory()
    enter(page, site, player)
    open_match(page, site, match)
    aborted = httpx.post(
        f"{site.url}/api/v1/admin/matches/{match}/abort",
        headers={"Authorization": f"Bearer {ADMIN_TOKEN}"},
    )
    assert aborted.status_code == 200, aborted.text
    expect(page.locator("#connection")).to_have_attribute("data-state", "ended")
    expect(page.locator("#connection")).to_have_text("Match over")
    said = httpx.post(
        f"{site.url}/api/v1/matches/{match}/chat",
        headers={"Authorization": f"Bearer {player['token']}"},
        json={"text": "good game after all"},
    )
    assert said.status_code in (200, 201), said.text
    expect(page.locator("#chat-list")).to_contain_text("good game after all")
    expect(page.locator("#connection")).to_have_attribute("data-state", "ended")

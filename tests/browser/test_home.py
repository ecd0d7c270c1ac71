"""Home page in the browser: pick a name, set up a table from the game's options, play it out.

The long test is the whole path a new visitor takes: home -> name -> New table (Fox in the
Forest against a random bot) -> lobby -> Start -> match page -> click legal actions until the
match ends -> outcome screen -> Rematch -> back in a lobby.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.servers import Server

# The machine running the suite may be busy: give live updates a little longer than 5 s.
expect.set_options(timeout=10_000)

GAME = "fox-in-the-forest"


def stored_identity(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.evaluate("localStorage.getItem('foxden.identity')") or "{}"))


def pick_name(page: Any, site: Server, name: str) -> None:
    page.goto(site.url + "/")
    page.fill("#name-input", name)
    page.press("#name-input", "Enter")
    expect(page.locator("#my-name")).to_have_text(name)


def test_options_form_follows_the_schema(site: Server, page_factory: Any) -> None:
    page = page_factory()
    pick_name(page, site, "Ada")
    page.click(f"button[data-game='{GAME}']")
    expect(page.locator(f"button[data-game='{GAME}']")).to_have_attribute("aria-pressed", "true")
    # enum -> select, integer -> number with bounds, boolean -> checkbox, array of enum -> boxes.
    expect(page.locator("select#new-target_score option")).to_have_count(3)
    expect(page.locator("input#new-special_cards")).to_have_attribute("max", "9")
    expect(page.locator("input#new-poison")).to_have_attribute("type", "checkbox")
    expect(page.locator("input[id^='new-special_list-']")).to_have_count(9)
    expect(page.locator("#seats-input option")).to_have_count(1)
    # Every game links to its rules page.
    rules = page.locator("a.rules-link")
    expect(rules).to_have_count(len(httpx.get(site.url + "/api/v1/games").json()))
    assert rules.first.get_attribute("href").startswith("/games/")
    page.errors.check()


def test_a_table_set_up_before_picking_a_name_is_kept(site: Server, page_factory: Any) -> None:
    page = page_factory()
    page.goto(site.url + "/")
    page.click("button[data-game='fox-on-the-tree']")
    page.select_option("#seats-input", "4")
    page.check("#private-input")
    page.click("#create-table")
    expect(page.locator("#new-table-form .form-error")).to_contain_text("Pick a name first")
    expect(page.locator("#name-input")).to_be_focused()
    page.fill("#name-input", "Early bird")
    page.press("#name-input", "Enter")
    expect(page.locator("#my-name")).to_have_text("Early bird")
    # Nothing was reset behind the player's back, and the next step has the focus.
    expect(page.locator("#seats-input")).to_have_value("4")
    expect(page.locator("#private-input")).to_be_checked()
    expect(page.locator("#create-table")).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url("**/lobby/**")
    expect(page.locator("#chairs .chair")).to_have_count(4)
    page.errors.check()


def test_option_values_read_as_the_rules_say_them(site: Server, page_factory: Any) -> None:
    host = httpx.post(site.url + "/api/v1/players", json={"name": "Nutty host"}).json()
    httpx.post(
        site.url + "/api/v1/lobbies",
        json={"game": "oh-fox", "seats": 3, "options": {"animal_cards": "tough_nut"}},
        headers={"Authorization": f"Bearer {host['token']}"},
    ).raise_for_status()
    page = page_factory()
    pick_name(page, site, "Reader")
    row = page.locator(".table-row", has_text="hosted by Nutty host")
    expect(row).to_contain_text("Animal cards (Forest Facades): Tough Nut (3 predators + 4 prey)")
    page.click("button[data-game='oh-fox']")
    labels = page.locator("#new-animal_cards option").all_text_contents()
    assert labels[:3] == [
        "Standard (2 predators + 3 prey)",
        "Tough Nut (3 predators + 4 prey)",
        "Completely Nuts (4 predators + 6 prey)",
    ]
    expect(page.locator("label[for='new-picked_objectives-0']")).to_have_text("Fickler")
    text = page.locator("main").inner_text()
    assert "tough_nut" not in text and "completely_nuts" not in text and "prey_only" not in text
    page.errors.check()


def test_change_name_makes_a_new_identity(site: Server, page_factory: Any) -> None:
    page = page_factory()
    pick_name(page, site, "Ada")
    first = stored_identity(page)
    page.click("#change-name")
    page.fill("#name-input", "Ada Two")
    page.press("#name-input", "Enter")
    expect(page.locator("#my-name")).to_have_text("Ada Two")
    second = stored_identity(page)
    assert second["id"] != first["id"] and second["name"] == "Ada Two"
    page.errors.check()


def test_open_tables_are_listed(site: Server, page_factory: Any) -> None:
    host = httpx.post(site.url + "/api/v1/players", json={"name": "Listed host"}).json()
    lobby = httpx.post(
        site.url + "/api/v1/lobbies",
        json={"game": "oh-fox", "seats": 3},
        headers={"Authorization": f"Bearer {host['token']}"},
    ).json()
    page = page_factory()
    page.goto(site.url + "/")
    row = page.locator(".table-row", has_text="hosted by Listed host")
    expect(row).to_contain_text("1/3 seats")
    assert row.locator("a").get_attribute("href") == f"/lobby/{lobby['id']}"
    page.errors.check()


def test_the_list_refresh_leaves_a_focused_join_link_alone(site: Server, page_factory: Any) -> None:
    host = httpx.post(site.url + "/api/v1/players", json={"name": "Steady host"}).json()
    httpx.post(
        site.url + "/api/v1/lobbies",
        json={"game": "fox-on-the-run", "seats": 2},
        headers={"Authorization": f"Bearer {host['token']}"},
    ).raise_for_status()
    page = page_factory()
    page.goto(site.url + "/")
    link = page.locator(".table-row", has_text="hosted by Steady host").locator("a")
    link.focus()
    page.evaluate("() => { document.activeElement.dataset.before = 'yes'; }")
    loads = int(page.get_attribute("#open-tables", "data-loads") or 0)
    # The same list again (a click that keeps focus where it is): nothing is redrawn.
    page.evaluate("() => document.getElementById('refresh-tables').click()")
    page.wait_for_function(
        "n => Number(document.getElementById('open-tables').dataset.loads) > n", arg=loads
    )
    assert page.evaluate("() => document.activeElement.dataset.before") == "yes"
    page.errors.check()


def play_until_the_end(page: Any) -> int:
    """Click the first legal action button until the outcome screen shows; count the clicks."""
    clicks = 0
    page.click("#moves-toggle")  # the list of moves as buttons is folded by default
    action = page.locator("#actions button:not([disabled])").first
    while True:
        page.wait_for_selector("#outcome, #actions button:not([disabled])", timeout=15000)
        if page.locator("#outcome").count():
            return clicks
        if clicks == 0:
            expect(page).to_have_title("Your turn — The Fox in the Forest")
        try:
            action.click(timeout=2000)
            clicks += 1
        except Exception:  # redrawn between finding and clicking: look again
            continue
        assert clicks < 400, "the match did not end"


def test_new_table_against_a_bot_played_to_the_end(site: Server, page_factory: Any) -> None:
    page = page_factory()
    pick_name(page, site, "Nell")
    page.click(f"button[data-game='{GAME}']")
    page.select_option("#new-target_score", "16")
    page.click("#create-table")
    page.wait_for_url("**/lobby/**")
    expect(page.locator("#start-match")).to_be_disabled()
    page.select_option("#bot-strategy-1", "random")
    page.click("#add-bot-1")
    expect(page.locator(".chair[data-seat='1']")).to_contain_text("Random bot 2")
    expect(page.locator("#start-match")).to_be_enabled()
    page.click("#start-match")
    page.wait_for_url("**/match/**")
    expect(page.locator("#connection")).to_have_text("Connected")
    expect(page.locator("#prompt-text")).not_to_be_empty()
    clicks = play_until_the_end(page)
    assert clicks > 10
    outcome = page.locator("#outcome")
    expect(outcome.locator("#outcome-title")).to_contain_text("win")
    expect(outcome.locator("table.outcome-scores tbody tr")).to_have_count(2)
    expect(page.locator("#log-list .log-entry").first).to_be_visible()
    page.click("#rematch")
    page.wait_for_url("**/lobby/**")
    expect(page.locator("#chairs .chair")).to_have_count(2)
    page.errors.check()

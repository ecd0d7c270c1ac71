"""Ability help on the table: every game's cards and tokens explain themselves in the rules
page's words, as a role="tooltip" the element is described by, on keyboard focus, on hover and
on a long press; and each game has a collapsible quick reference of every ability."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from app.core.packaged import FRONTEND
from tests.browser.conftest import match_against_bots, register
from tests.browser.table_helpers import act_and_wait
from tests.browser.test_table_in_view import act, my_decisions
from tests.browser.test_table_in_view import open_table as open_in_view_table
from tests.servers import Server

expect.set_options(timeout=10_000)

# A card or token with help that a keyboard reaches (a target, or an informative tab stop).
FOCUSABLE_HELP = "#table [data-help][tabindex='0'], #table button[data-help]:not([disabled])"
HELP = FRONTEND / "games" / "help"
GAMES = [
    ("fox-in-the-forest", 2, {"special_cards": 4}),
    ("fox-in-the-forest-duet", 2, {}),
    ("fox-on-the-tree", 3, {}),
    ("fox-on-the-run", 2, {}),
    ("oh-fox", 3, {}),
]


def open_table(page: Any, site: Server, identity: dict[str, str], match: str) -> None:
    page.add_init_script(
        f"localStorage.setItem('foxden.identity', JSON.stringify({json.dumps(identity)}))"
    )
    page.goto(f"{site.url}/match/{match}")
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected")
    # In the card games, help is on the legal cards of your hand: a turn may offer none of
    # them (following suit with even cards), so play on until one does.
    for _ in range(12):
        page.wait_for_selector(f"{FOCUSABLE_HELP}, .fx-table .fx-legal, .prompt-buttons button")
        if page.query_selector(FOCUSABLE_HELP):
            return
        target = page.query_selector(".fx-table .fx-legal") or page.query_selector(
            ".prompt-buttons button"
        )
        if target is not None:
            act_and_wait(page, target)
    raise AssertionError("no card or token with help came up")


def texts(game: str) -> set[str]:
    data = json.loads((HELP / f"{game}.json").read_text(encoding="utf-8"))
    return {str(entry["text"]) for entry in data["entries"]}


@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_tooltip_on_focus_and_hover_from_the_rules_text(
    site: Server, page_factory: Any, game: str, seats: int, options: dict[str, Any]
) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, game, seats, options)
    page = page_factory()
    open_table(page, site, ada, match)
    target = page.locator(FOCUSABLE_HELP).first
    target.focus()
    tip_id = target.get_attribute("data-help")
    assert tip_id and tip_id in (target.get_attribute("aria-describedby") or "").split()
    tip = page.locator(f"#{tip_id}")
    expect(tip).to_be_visible()
    expect(tip).to_have_attribute("role", "tooltip")
    shown = tip.inner_text()
    assert any(text in shown for text in texts(game)), shown
    # Escape hides it; hovering shows it again.
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    page.mouse.move(0, 0)
    target.hover()
    expect(tip).to_be_visible()
    box = tip.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 1280
    page.errors.check()


def test_the_quick_reference_lists_every_ability(site: Server, page_factory: Any) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, "fox-in-the-forest", 2)
    page = page_factory(width=390, height=844)
    open_table(page, site, ada, match)
    reference = page.locator("#quick-ref")
    assert reference.get_attribute("open") is None  # folded by default
    reference.locator("summary").click()
    entries = reference.locator("dd")
    expect(entries).to_have_count(len(texts("fox-in-the-forest")))
    assert set(entries.all_inner_texts()) == texts("fox-in-the-forest")
    page.errors.check()


def test_a_long_press_shows_the_help_and_plays_nothing(site: Server, browser: Any) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, "oh-fox", 3)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    try:
        open_table(page, site, ada, match)
        card = page.locator(".of-hand [data-help]:not([disabled])").first
        card.scroll_into_view_if_needed()
        card.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
        tip = page.locator(f"#{card.get_attribute('data-help')}")
        expect(tip).to_be_visible()
        card.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
        card.dispatch_event("click")
        # The press was for reading: the card was not picked.
        expect(card).to_have_attribute("aria-pressed", "false")
    finally:
        context.close()


# JS: every element with help on the table, as [what is wrong with it, or "" if nothing], and
# whether it is a move (a target) or only something to read.
HELP_STOPS = """() => [...document.querySelectorAll('#table [data-help]')]
  .filter((el) => el.getClientRects().length)
  .map((el) => ({
    move: el.matches('.fx-legal, [role=button], button'),
    wrong: el.tabIndex >= 0 && !el.disabled ? '' : el.outerHTML.slice(0, 120),
  }))"""
DECISIONS = 6


@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_every_card_and_token_with_help_takes_keyboard_focus(
    site: Server, page_factory: Any, game: str, seats: int, options: dict[str, Any]
) -> None:
    """Not only move targets: an opponent's card, the trick, the decree, tokens and animals on
    the board are tab stops too (without becoming moves), so their help shows on focus."""
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, game, seats, options)
    page = page_factory()
    # A finished trick is held on the table for a moment, then cleared: a card of it that
    # took focus would vanish under the check. Reduced motion gathers it at once.
    page.emulate_media(reduced_motion="reduce")
    open_in_view_table(page, site, ada, match)
    readable = 0
    for envelope in my_decisions(page, site, ada, match, DECISIONS):
        stops = page.evaluate(HELP_STOPS)
        assert [stop["wrong"] for stop in stops if stop["wrong"]] == []
        informative = page.locator(
            "#table [data-help][tabindex='0']:not(.fx-legal):not([role=button]):not(button)"
        )
        if informative.count():
            readable += 1
            target = informative.first
            target.focus()
            expect(page.locator(f"#{target.get_attribute('data-help')}")).to_be_visible()
        act(site, ada, match, envelope)
    assert readable, "no card or token that is not a move came up"
    page.errors.check()

"""Fox on the Tree in the browser: whole matches against bots, played by clicking the drawing.

What a player relies on: animals, tokens and Swamps are clickable where the rules allow,
a move is chosen in two parts (animal, then a highlighted tile), the Escape question is
answered from the prompt line, the keyboard works, the secret card of every other player
stays secret until the end, and the outcome reveals every card.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.conftest import match_against_bots, register, sign_in
from tests.servers import Server

TABLE = "#table .tree"
CHANGED = """([version, pick]) => {
  const table = document.querySelector('#table .tree');
  return document.querySelector('#outcome') !== null
    || (table && (table.dataset.version !== version || table.dataset.pick !== pick));
}"""


def open_match(
    site: Any, page_factory: Any, players: int, width: int
) -> tuple[Any, str, dict[str, str]]:
    me = register(site, "Ada")
    match_id = match_against_bots(site, me, "fox-on-the-tree", players)
    page = page_factory(width=width, height=900 if width > 400 else 740)
    # sign_in opens a CSS file, for which Chromium asks /favicon.ico: the app has none (404).
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    sign_in(page, site, me)
    page.goto(f"{site.url}/match/{match_id}")
    page.wait_for_selector(TABLE)
    return page, match_id, me


def my_card_id(page: Any) -> str:
    card = page.locator(".tree-card[data-card]")
    assert card.count() == 1, "the viewer sees exactly one secret card: their own"
    return str(card.get_attribute("data-card"))


# One round trip per decision: the page names what a player could click now (marking it),
# in the order a player thinks: answer the prompt line, finish a half-made choice, start one.
DECIDE = """(roll) => {
  const marked = document.querySelectorAll('[data-test-click]');
  marked.forEach((e) => e.removeAttribute('data-test-click'));
  const table = document.querySelector('#table .tree');
  const html = document.querySelector('#main').innerHTML;
  const seen = [...html.matchAll(/card-\\d+/g)].map((m) => m[0]);
  const state = table ? [table.dataset.version, table.dataset.pick] : null;
  const all = (selector) => [...document.querySelectorAll(selector)];
  const pick = (list) => list[Math.floor(roll * list.length)];
  let choice = null;
  if (document.querySelector('#outcome')) return { over: true, seen: [] };
  const prompt = all('#prompt button');
  const picking = table && table.dataset.pick;
  const second = all('.tree-target').concat(all('button.tree-animal.is-legal:not(.is-picked)'));
  const tokens = all('button.tree-hand-token.is-legal');
  const animals = all('button.tree-animal.is-legal');
  const rescues = all('button.tree-token.is-rescue');
  if (prompt.length) choice = pick(prompt);
  else if (picking && second.length) choice = pick(second);
  else if (tokens.length && roll < 0.15) choice = pick(tokens);
  else if (rescues.length && (roll < 0.3 || !animals.length)) choice = pick(rescues);
  else if (animals.length) choice = pick(animals);
  if (choice) choice.setAttribute('data-test-click', '1');
  return { over: false, seen, state, clicked: Boolean(choice) };
}"""


def play_to_the_end(page: Any, rng: random.Random, seconds: float = 40) -> set[str]:
    """Click the drawing until the outcome shows; returns every card id the page ever showed."""
    seen: set[str] = set()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        now = page.evaluate(DECIDE, rng.random())
        seen |= set(now["seen"])
        if now["over"]:
            return seen
        if not now["clicked"]:
            page.wait_for_timeout(30)
            continue
        try:
            page.click("[data-test-click]", timeout=3_000)
        except PlaywrightTimeout:
            continue  # a bot's move redrew the table under the mark: decide again
        page.wait_for_function(CHANGED, arg=now["state"], timeout=10_000)
    raise AssertionError("the match did not end in time")


def final_cards(site: Any, match_id: str, me: dict[str, str]) -> list[dict[str, Any]]:
    auth = {"Authorization": f"Bearer {me['token']}"}
    state = httpx.get(f"{site.url}/api/v1/matches/{match_id}/state", headers=auth).json()
    assert state["status"] == "finished"
    return list(state["view"]["cards"])


def assert_cards_stayed_secret(seen: set[str], cards: list[dict[str, Any]], mine: str) -> None:
    """During play the page showed one card id, ours, though the others were dealt."""
    assert seen == {mine}
    assert len({card["id"] for card in cards} - {mine}) == len(cards) - 1


def test_two_players_a_whole_match_by_clicking_the_drawing(site: Server, page_factory: Any) -> None:
    page, match_id, me = open_match(site, page_factory, players=2, width=1280)
    mine = my_card_id(page)
    # The table: ten tiles Farm..Lair, farm animals and predators told apart by class and label.
    assert page.locator(".tree-tile").count() == 10
    assert page.locator(".tree-tile .tree-animal.team-farm").count() == 4
    assert page.locator(".tree-tile .tree-animal.team-predator").count() == 4
    assert page.locator(".tree-tile.kind-farm .tree-tile-head").inner_text().strip() == "Farm"
    assert page.locator(".tree-ring").count() == 2
    assert page.locator(".tree-ring-slots li").count() == 16
    assert page.locator(".tree-seat").count() == 2

    # Two-part move with the keyboard: pick an animal, the focus goes to a highlighted tile.
    page.wait_for_selector("button.tree-animal.is-legal", timeout=10_000)
    version = page.locator(TABLE).get_attribute("data-version")
    page.locator("button.tree-animal.is-legal").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{TABLE}[data-pick^='animal']")
    assert page.locator(".tree-tile.is-target").count() >= 1
    assert page.evaluate("document.activeElement.classList.contains('tree-target')")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{TABLE}[data-pick='']")
    page.locator("button.tree-animal.is-legal").first.click()
    page.locator(".tree-target").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(CHANGED, arg=[version, ""])

    seen = play_to_the_end(page, random.Random(2))
    assert_cards_stayed_secret(seen, final_cards(site, match_id, me), mine)
    outcome = page.locator("#outcome")
    assert outcome.get_by_text("Every secret card, revealed").is_visible()
    assert outcome.locator(".tree-score-table").first.locator("tbody tr").count() == 2
    page.errors.check()


def test_four_players_on_a_phone(site: Server, page_factory: Any) -> None:
    page, match_id, me = open_match(site, page_factory, players=4, width=360)
    mine = my_card_id(page)
    assert page.locator(".tree-seat").count() == 4
    # Everyone else's card is a back; the board fits the phone's width.
    assert page.locator(".tree-card-back").count() == 3
    width = page.evaluate("document.querySelector('#table .tree').scrollWidth")
    assert width <= 360
    seen = play_to_the_end(page, random.Random(4))
    assert_cards_stayed_secret(seen, final_cards(site, match_id, me), mine)
    assert page.locator("#outcome .tree-score-table").first.locator("tbody tr").count() == 4
    page.errors.check()


OVERLAPS = (Path(__file__).parent / "tree_overlaps.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("width", [390, 1280])
def test_nothing_overlaps_on_the_board_and_no_name_is_cut(
    site: Any, page_factory: Any, width: int
) -> None:
    page, _, _ = open_match(site, page_factory, 4, width)
    page.wait_for_selector(".tree-board .tree-animal")
    assert page.evaluate(OVERLAPS) == []
    # The other players' secret cards are drawn as card backs, not as a box with an X.
    back = page.locator(".tree-seat .tree-card-back").first
    expect(back.locator(".tree-back-tree")).to_have_count(1)
    page.errors.check()

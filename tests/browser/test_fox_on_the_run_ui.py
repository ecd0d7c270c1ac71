"""Fox on the Run in the browser: whole matches against bots, played by clicking the forest.

What a player relies on: the reachable tiles are highlighted and clickable, abilities pick
tiles (two-part for Puffer and Scarlett) with Skip on the prompt line, pawns carry names and
letters, and a face-down tile shows nothing but a forest back until it is turned.
"""

from __future__ import annotations

import random
import time
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import match_against_bots, register, sign_in
from tests.servers import Server

TABLE = "#table .run"
CHANGED = """([version, pick]) => {
  const table = document.querySelector('#table .run');
  return document.querySelector('#outcome') !== null
    || (table && (table.dataset.version !== version || table.dataset.pick !== pick));
}"""
# Every face-down cell, checked in the page itself: no arrow drawn, no tile id, no arrow words.
FACE_DOWN_LEAKS = """() => [...document.querySelectorAll('.run-cell[data-face="down"]')]
  .filter((cell) => cell.querySelector('.run-arrows, .run-arrow, .run-start')
    || /tile-\\d|arrow|north|south|east|west/i.test(cell.innerHTML.replace(/<button[^>]*>/g, '')))
  .map((cell) => cell.dataset.cell)"""


def open_match(site: Any, page_factory: Any, players: int, width: int) -> Any:
    me = register(site, "Ada")
    match_id = match_against_bots(site, me, "fox-on-the-run", players)
    page = page_factory(width=width, height=900 if width > 400 else 740)
    # sign_in opens a CSS file, for which Chromium asks /favicon.ico: the app has none (404).
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    sign_in(page, site, me)
    page.goto(f"{site.url}/match/{match_id}")
    page.wait_for_selector(TABLE)
    return page


# One round trip per decision: check the face-down tiles, then name (and mark) what a player
# could click now: a rotation choice, a highlighted cell, or Skip / Stop on the prompt line.
DECIDE = """(roll) => {
  const marked = document.querySelectorAll('[data-test-click]');
  marked.forEach((e) => e.removeAttribute('data-test-click'));
  if (document.querySelector('#outcome')) return { over: true };
  const table = document.querySelector('#table .run');
  const found = (FACE_DOWN_LEAKS)();
  const tileIds = /tile-\\d\\d/.test(document.querySelector('#table').innerHTML);
  const all = (selector) => [...document.querySelectorAll(selector)];
  const pick = (list) => list[Math.floor(roll * list.length)];
  const options = all('.run-chooser .run-choice:not(.run-cancel)');
  const cells = all('.run-cell.is-target:not(.is-picked) .run-target');
  const prompt = all('#prompt button');
  let choice = null;
  if (options.length) choice = pick(options);
  else if (cells.length && (!prompt.length || roll < 0.7)) choice = pick(cells);
  else if (prompt.length) choice = pick(prompt);
  if (choice) choice.setAttribute('data-test-click', '1');
  return { over: false, leaks: found, tileIds, clicked: Boolean(choice),
    state: table ? [table.dataset.version, table.dataset.pick] : null };
}""".replace("FACE_DOWN_LEAKS", FACE_DOWN_LEAKS)


def play_to_the_end(page: Any, rng: random.Random, seconds: float = 40) -> int:
    """Click until the outcome shows, checking every face-down tile before each decision."""
    decisions = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        now = page.evaluate(DECIDE, rng.random())
        if now["over"]:
            return decisions
        assert now["leaks"] == [], f"face-down tiles show their face: {now['leaks']}"
        assert not now["tileIds"], "a tile id reached the page"
        if not now["clicked"]:
            page.wait_for_timeout(30)
            continue
        try:
            page.click("[data-test-click]", timeout=3_000)
        except PlaywrightTimeout:
            continue  # a bot's move redrew the table under the mark: decide again
        decisions += 1
        page.wait_for_function(CHANGED, arg=now["state"], timeout=10_000)
    raise AssertionError("the match did not end in time")


def assert_start_table(page: Any, characters: int) -> None:
    assert page.locator(".run-cell").count() == 25
    assert page.locator(".run-cell.is-start").count() == 3
    # Face-down tiles are forest backs, all drawn the same.
    # (Bots may already have turned some tiles when the page is read.)
    backs = page.locator(".run-cell[data-face='down'] .run-back")
    assert backs.count() == page.locator(".run-cell[data-face='down']").count() >= 1
    assert len(set(backs.evaluate_all("els => els.map((e) => e.innerHTML)"))) == 1
    # Pawns: one per character, named, in the turn-order strip too.
    assert page.locator(".run-cell .run-pawn").count() == characters
    assert page.locator(".run-order-item").count() == characters
    for name in ("Indigo", "Scarlett", "Zev", "Puffer"):
        assert page.locator(".run-pawn-name", has_text=name).count() == 1
    assert page.get_by_text("Goal: Indigo reaches Scarlett's tile").is_visible()
    assert page.get_by_text("Goal: Zev reaches Indigo's tile").is_visible()


def test_two_players_a_whole_match_on_a_phone(site: Server, page_factory: Any) -> None:
    page = open_match(site, page_factory, players=2, width=360)
    assert_start_table(page, characters=4)
    width = page.evaluate("document.querySelector('#table .run').scrollWidth")
    assert width <= 360
    decisions = play_to_the_end(page, random.Random(3))
    assert decisions > 0
    outcome = page.locator("#outcome")
    assert outcome.locator(".run-table tbody tr").count() == 2
    assert outcome.locator(".run-table tr.is-winner").count() == 1
    # Factions win, not players: the result is one row per faction, one of them won.
    assert outcome.locator("#team-result tbody tr").count() == 2
    assert outcome.locator("#team-result tr.winner").count() == 1
    # ...and no per-player "1 pts" / "0 pts" beside the names either.
    assert page.locator("#players-strip .player-score").count() == 0
    # How it ended, in words: never the reason's code ("indigo_freed_scarlett").
    assert outcome.locator(".outcome-reason").inner_text() in {
        "How it ended: Indigo reached Scarlett and freed her.",
        "How it ended: Zev caught Indigo.",
        "How it ended: Every directional tile has been revealed.",
    }
    # The final reveal: every tile face up, each with its arrows or its start marker.
    assert page.locator(".run-cell[data-face='down']").count() == 0
    page.errors.check()


def test_five_players_with_raffles_and_napoleon(site: Server, page_factory: Any) -> None:
    page = open_match(site, page_factory, players=5, width=1280)
    assert_start_table(page, characters=6)
    for name in ("Raffles", "Napoleon"):
        assert page.locator(".run-pawn-name", has_text=name).count() == 1
    # Reachable steps are highlighted and labelled as moves of the character to play.
    page.wait_for_selector(".run-cell.is-target", timeout=20_000)
    assert page.locator(".run-target").first.get_attribute("aria-label")
    play_to_the_end(page, random.Random(5))
    assert page.locator("#outcome .run-table tr.is-winner").count() == 1
    page.errors.check()

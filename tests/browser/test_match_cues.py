"""What a screen-reader player hears: one polite live region tells each change of the table once,
what just happened (the log's new lines) and then the prompt; the log and the prompt are not
live regions themselves, so nothing is read twice."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import match_against_bots, register
from tests.browser.test_keyboard import play_by_keyboard
from tests.browser.test_table_in_view import act, my_decisions, open_table
from tests.servers import Server

expect.set_options(timeout=15_000)
# JS: keep every message the live region says, in order.
RECORD = """() => {
  window.__cues = [];
  const region = document.querySelector('#match-cues');
  new MutationObserver(() => window.__cues.push(region.textContent))
    .observe(region, { childList: true, characterData: true, subtree: true });
}"""
MOVES = 3
LOG_LINES = "() => [...document.querySelectorAll('#log-list li')].map((l) => l.textContent.trim())"


def test_each_change_is_told_once_in_a_polite_region(site: Server, page_factory: Any) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, "fox-in-the-forest", 2)
    page = page_factory()
    page.emulate_media(reduced_motion="reduce")
    open_table(page, site, ada, match)
    region = page.locator("#match-cues")
    expect(region).to_have_attribute("aria-live", "polite")
    for quiet in ("#log-list", "#prompt"):
        assert page.get_attribute(quiet, "aria-live") is None, quiet
    page.wait_for_selector("#table[data-version]")
    page.evaluate(RECORD)
    for _ in range(MOVES):
        # At a player's pace: the next move once the last one was told.
        told = page.evaluate("window.__cues.length")
        play_by_keyboard(page, match, moves=1)
        page.wait_for_function("n => window.__cues.length > n", arg=told)
    cues: list[str] = page.evaluate("window.__cues")
    said = " ".join(cues)
    assert any(re.search(r"Ada (leads|plays) the", cue) for cue in cues), cues
    lines: list[str] = page.evaluate(LOG_LINES)
    for line in set(lines):  # a line may be in the log twice ("… wins the trick.")
        assert said.count(line) <= lines.count(line), f"{line!r} said {said.count(line)} times"
    # Not chatty: one message per change (a move and the bot's answer), never one per line.
    assert len(cues) <= 2 * MOVES + 1, cues
    page.errors.check()


def test_a_player_reading_the_log_keeps_the_focus_when_the_turn_comes(
    site: Server, page_factory: Any
) -> None:
    """The focus goes to the prompt on your turn, but never out of the log (nor the chat)."""
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, "fox-in-the-forest", 2)
    page = page_factory()
    open_table(page, site, ada, match)
    decisions = 0
    for envelope in my_decisions(page, site, ada, match, 4):
        if decisions:
            # The turn came back while Ada was reading the log: the log kept the focus.
            expect(page.locator("#log-list")).to_be_focused()
        page.locator("#log-list").focus()
        act(site, ada, match, envelope)  # her move, sent from elsewhere (another device)
        decisions += 1
    assert decisions == 4
    page.errors.check()

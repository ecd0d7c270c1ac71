"""Every game keeps the status bar (prompt and its buttons) and your hand, cards or tokens on
screen at each decision, on a 1280x800 desktop and a 390x844 phone, without scrolling.
Screenshots of every game at both sizes are saved under tests/browser/screenshots/."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.browser.conftest import match_against_bots, register
from tests.browser.table_helpers import (
    DESKTOP,
    OUTSIDE_VIEWPORT,
    PHONE,
    outside_viewport,
    screenshot,
    version,
)
from tests.servers import Server

# game, seats, options, what of yours must be in view at a decision
GAMES = [
    ("fox-in-the-forest", 2, {"special_cards": 2}, ".fitf-you .fx-hand"),
    ("fox-in-the-forest-duet", 2, {}, ".duet-you .fx-hand"),
    ("fox-on-the-tree", 3, {}, ".tree-mine"),
    ("fox-on-the-run", 2, {}, ".run-grid, .run-order-item"),
    ("oh-fox", 3, {}, ".of-hand"),
]
DECISIONS = 3
# Identifiers are not words: board space ids ("r0c0"), arrows in prose, "[ok]" marks.
DEBUG_TEXT = r"\br\dc\d\b|->|\[ok\]"
WORDS_ON_SCREEN = """(pattern) => {
  const re = new RegExp(pattern);
  const said = [document.querySelector('#main').innerText];
  for (const el of document.querySelectorAll('#main [aria-label], #main [title], #main title')) {
    said.push(el.getAttribute('aria-label') || el.getAttribute('title') || el.textContent || '');
  }
  return said.filter((text) => re.test(text))
    .map((text) => text.match(re)[0] + ' in: ' + text.slice(0, 80));
}"""


def state(site: Server, identity: dict[str, str], match: str) -> dict[str, Any]:
    response = httpx.get(
        f"{site.url}/api/v1/matches/{match}/state",
        headers={"Authorization": f"Bearer {identity['token']}"},
    )
    response.raise_for_status()
    return dict(response.json())


def my_decision(site: Server, identity: dict[str, str], match: str) -> dict[str, Any] | None:
    """The envelope once it is this player's decision; None when the match is over."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        envelope = state(site, identity, match)
        if envelope["status"] != "active":
            return None
        if envelope["legal_actions"]:
            return envelope
        time.sleep(0.05)  # polling the server's state, not a timing assumption
    raise AssertionError("no decision came to this player")


def my_decisions(
    page: Any, site: Server, identity: dict[str, str], match: str, count: int
) -> Iterator[dict[str, Any]]:
    """Up to `count` of this player's decisions, each once the table shows (at least) it; the
    caller acts on each before asking for the next."""
    for _ in range(count):
        envelope = my_decision(site, identity, match)
        if envelope is None:
            return
        page.wait_for_function(
            "v => Number(document.querySelector('#table')?.dataset.version) >= v",
            arg=envelope["version"],
        )
        yield envelope


def act(site: Server, identity: dict[str, str], match: str, envelope: dict[str, Any]) -> None:
    action = random.Random(envelope["version"]).choice(envelope["legal_actions"])
    httpx.post(
        f"{site.url}/api/v1/matches/{match}/actions",
        headers={"Authorization": f"Bearer {identity['token']}"},
        json={"action": action, "version": envelope["version"], "id": f"t-{envelope['version']}"},
    )


def open_table(page: Any, site: Server, identity: dict[str, str], match: str) -> None:
    page.add_init_script(
        f"localStorage.setItem('foxden.identity', JSON.stringify({json.dumps(identity)}))"
    )
    page.goto(f"{site.url}/match/{match}")
    page.wait_for_selector("#connection[data-state='connected']")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize(("game", "seats", "options", "yours"), GAMES, ids=[g[0] for g in GAMES])
def test_prompt_and_hand_in_view_at_each_decision(
    site: Server,
    page_factory: Any,
    game: str,
    seats: int,
    options: dict[str, Any],
    yours: str,
    size: dict[str, int],
) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, game, seats, options)
    page = page_factory(width=size["width"], height=size["height"])
    open_table(page, site, ada, match)
    label = "desktop" if size is DESKTOP else "phone"
    for decision, envelope in enumerate(my_decisions(page, site, ada, match, DECISIONS)):
        if page.get_attribute("#table", "data-version") != str(envelope["version"]):
            continue  # the table moved on since: look at the next decision
        if decision == 0:
            screenshot(page, f"{game}-{label}")
        for selector in ("#prompt", "#prompt button", *yours.split(", ")):
            if selector == "#prompt button" and not page.query_selector(selector):
                continue
            assert outside_viewport(page, selector) == [], f"decision {decision}"
        assert page.evaluate(WORDS_ON_SCREEN, DEBUG_TEXT) == []
        act(site, ada, match, envelope)
    page.errors.check()


# Records, at the moment the first envelope is on the table (#table gets data-version), what of
# the player's own things lies outside the viewport. A table drawn before its game's stylesheet
# arrived had unsized cards and boards then, and on a busy machine a test could measure it so.
FIRST_DRAW = """([outside, selectors]) => {
  const record = () => {
    if (window.__firstDraw || !document.querySelector('#table[data-version]')) return;
    window.__firstDraw = selectors.flatMap(outside);
  };
  new MutationObserver(record).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-version'],
  });
}"""


@pytest.mark.parametrize("case", GAMES, ids=[g[0] for g in GAMES])
def test_the_first_drawing_already_has_its_stylesheet(
    site: Server, page_factory: Any, case: tuple[str, int, dict[str, Any], str]
) -> None:
    game, seats, options, yours = case
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, game, seats, options)
    page = page_factory(width=PHONE["width"], height=PHONE["height"])
    selectors = json.dumps(yours.split(", "))
    page.add_init_script(f"({FIRST_DRAW})([{OUTSIDE_VIEWPORT}, {selectors}])")
    open_table(page, site, ada, match)
    page.wait_for_function("() => window.__firstDraw !== undefined")
    assert page.evaluate("window.__firstDraw") == []
    page.errors.check()


# The board of each game: every space, tile or card of it must be readable once scrolled to.
BOARDS = {
    "fox-in-the-forest": ".fitf-centre .fx-card",
    "fox-in-the-forest-duet": ".duet-space",
    "fox-on-the-tree": ".tree-tile",
    "fox-on-the-run": ".run-cell",
    "oh-fox": ".of-space",
}
# JS: scroll each board element into view as the browser does (for focus, say), then list what
# of it lies under the docked hand or the sticky status bar, or off the screen.
UNDER_THE_DOCK = """(selector) => {
  const dock = document.querySelector('#table .table-dock');
  const bar = document.querySelector('#match-status');
  const bad = [];
  for (const el of document.querySelectorAll(selector)) {
    if ((dock && dock.contains(el)) || !el.getClientRects().length) continue;
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    const where = `${selector} ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}`
      + `x${Math.round(r.height)} at scroll ${Math.round(scrollY)}`;
    for (const [name, cover] of [['the dock', dock], ['the status bar', bar]]) {
      if (!cover) continue;
      const c = cover.getBoundingClientRect();
      const apart = r.right <= c.left + 1 || r.left >= c.right - 1
        || r.bottom <= c.top + 1 || r.top >= c.bottom - 1;
      if (!apart) {
        bad.push(`${where} under ${name} (${Math.round(c.top)}-${Math.round(c.bottom)})`);
      }
    }
    if (r.top < -1 || r.bottom > innerHeight + 1) bad.push(`${where} off the screen`);
  }
  window.scrollTo(0, 0);
  return bad;
}"""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("case", GAMES, ids=[g[0] for g in GAMES])
def test_no_board_space_is_under_the_dock_once_scrolled_to(
    site: Server,
    page_factory: Any,
    case: tuple[str, int, dict[str, Any], str],
    size: dict[str, int],
) -> None:
    game, seats, options, yours = case
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, game, seats, options)
    page = page_factory(width=size["width"], height=size["height"])
    # The layout at rest: no card in mid-slide from the hand to the trick while it is measured.
    page.emulate_media(reduced_motion="reduce")
    open_table(page, site, ada, match)
    for envelope in my_decisions(page, site, ada, match, 2):
        assert page.evaluate(UNDER_THE_DOCK, BOARDS[game]) == []
        # Back at the top the decision is still on screen: the prompt and the hand.
        for selector in ("#prompt", *yours.split(", ")):
            assert outside_viewport(page, selector) == []
        act(site, ada, match, envelope)
    page.errors.check()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_oh_fox_guess_form_is_in_view_when_the_predator_guesses(
    site: Server, page_factory: Any, size: dict[str, int]
) -> None:
    """After the eight turns no hand is left: the guess form is the decision, so it docks."""
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, "oh-fox", 3, {"predator": "first"})
    page = page_factory(width=size["width"], height=size["height"])
    open_table(page, site, ada, match)
    guessed = False
    for envelope in my_decisions(page, site, ada, match, 60):
        guessing = any(a["type"] == "guess" for a in envelope["legal_actions"])
        if guessing and version(page) == str(envelope["version"]):
            for selector in ("#prompt", ".of-guess", ".of-guess-option"):
                assert outside_viewport(page, selector) == []
            guessed = True
        act(site, ada, match, envelope)
    assert guessed, "the predator was never asked to guess"
    page.errors.check()

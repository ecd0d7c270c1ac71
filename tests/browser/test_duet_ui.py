"""The Fox in the Forest Duet in the browser, at phone width: a whole match with a bot partner.

Cards are clicked in the hand, forest tokens and the #1 direction on the ends of the path, and
the remaining team decisions (#3, #5, next round) on the prompt line. The drawing is checked
against the server's envelope while it is this player's turn.
"""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import match_against_bots, register
from tests.browser.table_helpers import act_and_wait
from tests.servers import Server

GAME = "fox-in-the-forest-duet"


def state(site: Server, identity: dict[str, str], match: str) -> dict[str, Any]:
    response = httpx.get(
        f"{site.url}/api/v1/matches/{match}/state",
        headers={"Authorization": f"Bearer {identity['token']}"},
    )
    response.raise_for_status()
    return dict(response.json())


def open_match(page: Any, site: Server, identity: dict[str, str], match: str) -> None:
    # The identity goes into localStorage before any script runs (see the Fox in the Forest test).
    page.add_init_script(
        f"localStorage.setItem('foxden.identity', JSON.stringify({json.dumps(identity)}))"
    )
    page.goto(f"{site.url}/match/{match}")
    page.wait_for_selector(".fx-table.duet")


def next_target(page: Any) -> Any:
    """Wait for something to click: a target on the table first, else a prompt button."""
    # A simultaneous choice (the Duet's swap) may be taken away by a push between seeing a
    # target and reading it: then look again. Only the outcome screen ends the wait.
    for _ in range(50):
        page.wait_for_function(
            "() => document.querySelector('#outcome')"
            " || document.querySelector('.fx-table .fx-legal')"
            " || document.querySelector('.prompt-buttons button')",
            timeout=15000,
        )
        if page.query_selector("#outcome"):
            return None
        found = page.query_selector(".fx-table .fx-legal") or page.query_selector(
            ".prompt-buttons button"
        )
        if found is not None:
            return found
    raise AssertionError("targets kept vanishing")


def click_and_wait(page: Any, target: Any) -> None:
    """Click, then wait for the next envelope (a stale target is looked up again)."""
    act_and_wait(page, target)


def cards_in(page: Any, selector: str) -> list[str]:
    """The card ids drawn under `selector`, in order."""
    return list(page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)"))


def check_drawing(page: Any, envelope: dict[str, Any]) -> None:
    view = envelope["view"]
    # A finished trick still held on the table is gathered by clicking it.
    finished = page.locator(".duet-trick[data-finished]")
    if finished.count():
        finished.click()
        expect(finished).to_have_count(0)
    partner = page.locator(".duet-partner .fx-backs .fx-card")
    assert partner.count() == view["hand_counts"][1]
    assert page.locator(".duet-you .fx-hand .fx-card").count() == len(view["hand"])
    trump = page.locator(".duet-trump")
    assert trump.get_attribute("data-trump") == view["trump"]
    assert trump.inner_text().strip() == f"Trump: {view['trump_name']}"
    assert (
        page.locator(".duet-decree [data-card]").get_attribute("data-card") == view["decree"]["id"]
    )
    drawn = cards_in(page, ".duet-trick [data-card]")
    assert drawn == [play["card"]["id"] for play in view["current_trick"]]
    # The path: 11 spaces with their gems, the tracker on its space, the counters in words.
    spaces = page.locator(".duet-board .duet-space")
    assert spaces.count() == 11
    gems = spaces.evaluate_all("els => els.map(e => Number(e.dataset.gems))")
    assert gems == [cell["gems"] for cell in view["path"]]
    assert page.locator(".duet-tracker").get_attribute("data-space") == str(view["tracker"])
    assert page.locator("[data-stat=gems] strong").inner_text() == str(view["gems_on_board"])
    assert page.locator("[data-stat=tokens] strong").inner_text() == str(view["forest_tokens_left"])
    # Every card shows its paw prints; only legal cards are clickable.
    assert page.locator(".duet-you .fx-hand .fx-paws").count() == len(view["hand"])
    legal = {a["card"] for a in envelope["legal_actions"] if a["type"] == "play"}
    clickable = cards_in(page, ".duet-you .fx-hand .fx-legal")
    assert set(clickable) == legal


def test_a_whole_match_at_phone_width(site: Server, page_factory: Any) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, GAME, 2, {"level": 3})
    page = page_factory(width=360, height=740)
    open_match(page, site, ada, match)
    checked = False
    deadline = time.monotonic() + 90
    while (target := next_target(page)) is not None:
        assert time.monotonic() < deadline, "the match did not finish"
        if not checked:
            envelope = state(site, ada, match)
            if {a["type"] for a in envelope["legal_actions"]} == {"play"}:
                check_drawing(page, envelope)
                assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
                checked = True
        ends = page.locator(".duet-board .duet-end.fx-legal")
        if ends.count():
            # Forest tokens and the #1 direction are chosen on the path: its ends are the targets.
            legal = state(site, ada, match)["legal_actions"]
            assert {a["type"] for a in legal} <= {"place_forest_token", "choose_direction"}
            assert ends.count() == len(legal)
        click_and_wait(page, target)
    assert checked
    final = state(site, ada, match)
    assert final["status"] == "finished"
    outcome = page.locator("#outcome")
    assert outcome.locator(".duet-score").count() == 1
    # One team, one result: a single row for the partners, not a score per player.
    team = outcome.locator("#team-result tbody tr")
    assert team.count() == 1
    assert ("Won" in team.inner_text()) == bool(final["outcome"]["winners"])
    assert ("The team wins!" in outcome.inner_text()) == bool(final["outcome"]["winners"])
    assert page.locator("#players-strip .player-score").count() == 0  # nor one beside each name
    page.errors.check()

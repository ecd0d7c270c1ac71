"""Both Fox in the Forest games: a finished trick stays on the table with its winner marked
until the hold ends or the player acts, and the trick count names its scoring band.

The hold is about 1.5 s; these tests stretch it (window.__foxdenTrickHoldMs) so that a busy
machine cannot make the trick vanish before the test looks: they wait on state, not time."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import match_against_bots, register
from tests.browser.table_helpers import act_and_wait
from tests.servers import Server

expect.set_options(timeout=10_000)

GAMES = [("fox-in-the-forest", "fitf", "fitf-you"), ("fox-in-the-forest-duet", "duet", "duet-you")]


def state(site: Server, identity: dict[str, str], match: str) -> dict[str, Any]:
    response = httpx.get(
        f"{site.url}/api/v1/matches/{match}/state",
        headers={"Authorization": f"Bearer {identity['token']}"},
    )
    response.raise_for_status()
    return dict(response.json())


def open_table(
    page: Any, site: Server, identity: dict[str, str], match: str, hold_ms: int | None
) -> None:
    script = f"localStorage.setItem('foxden.identity', JSON.stringify({json.dumps(identity)}));"
    if hold_ms:
        script += f"window.__foxdenTrickHoldMs = {hold_ms};"
    page.add_init_script(script)
    page.goto(f"{site.url}/match/{match}")
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected")


def my_target(page: Any, you: str) -> Any:
    """A card of my hand to click, else any target on the table, else a prompt button; None
    once the match is over. A target taken away by a push before it is read is looked for again."""
    for _ in range(50):
        page.wait_for_selector(
            ".fx-table .fx-legal, .prompt-buttons button, #outcome", timeout=15000
        )
        if page.query_selector("#outcome"):
            return None
        found = (
            page.query_selector(f".{you} .fx-hand .fx-legal")
            or page.query_selector(".fx-table .fx-legal")
            or page.query_selector(".prompt-buttons button")
        )
        if found is not None:
            return found
    raise AssertionError("targets kept vanishing")


def my_card_in_the_trick(view: dict[str, Any], seat: int) -> bool:
    """Whether `seat` has a card in the trick being played (the two games name it apart)."""
    if "current_trick" in view:  # Duet
        plays = view["current_trick"]
    else:
        plays = [p for p in (view["trick"]["lead"], view["trick"]["follow"]) if p]
    return any(play["seat"] == seat for play in plays)


def cards(locator: Any) -> list[str]:
    return list(locator.evaluate_all("els => els.map(e => e.dataset.card)"))


@pytest.mark.parametrize(("game", "prefix", "you"), GAMES, ids=[g[0] for g in GAMES])
def test_the_finished_trick_stays_with_its_winner_marked(
    site: Server, page_factory: Any, game: str, prefix: str, you: str
) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, game, 2)
    page = page_factory()
    open_table(page, site, ada, match, hold_ms=600_000)
    finished = page.locator(f".{prefix}-trick[data-finished]")
    deadline = time.monotonic() + 60
    while not finished.count():
        assert time.monotonic() < deadline, "no trick was finished"
        target = my_target(page, you)
        assert target is not None, "the match ended before a trick was finished"
        act_and_wait(page, target)
    # After the second card: both cards of the trick just won, the winner's marked.
    last = state(site, ada, match)["view"]["last_trick"]
    expect(finished.locator(".fx-card[data-card]")).to_have_count(2)
    assert cards(finished.locator(".fx-card[data-card]")) == [
        p["card"]["id"] for p in last["plays"]
    ]
    winner = finished.locator(".fx-winner .fx-card[data-card]")
    expect(winner).to_have_count(1)
    winning = next(p["card"]["id"] for p in last["plays"] if p["seat"] == last["winner"])
    assert winner.get_attribute("data-card") == winning
    expect(finished).to_contain_text("won")
    # Playing a card in the next trick gathers it at once. What comes first may be a choice
    # about the trick just won (Duet's 1: which way the gem moves), which keeps it in view,
    # and a click that a push made void sends nothing: act until the server has my card.
    while (target := my_target(page, you)) is not None:
        act_and_wait(page, target)
        now = state(site, ada, match)["view"]
        if now["last_trick"] != last:
            break  # my card (or the bot's answer) finished another trick already
        if my_card_in_the_trick(now, 0):
            expect(finished).to_have_count(0)
            break
    page.errors.check()


def test_reduced_motion_gathers_the_trick_at_once(site: Server, browser: Any) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, "fox-in-the-forest", 2)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    try:
        open_table(page, site, ada, match, hold_ms=600_000)
        for _ in range(4):  # a few tricks: never held
            target = my_target(page, "fitf-you")
            if target is None:
                break
            act_and_wait(page, target)
            expect(page.locator(".fitf-trick[data-finished]")).to_have_count(0)
        # The last trick is still there to read, in the peek beside the trick.
        expect(page.locator(".fitf-last summary")).to_contain_text("won")
    finally:
        context.close()


def test_the_trick_count_names_its_scoring_band(site: Server, page_factory: Any) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, "fox-in-the-forest", 2)
    page = page_factory()
    open_table(page, site, ada, match, hold_ms=None)
    mine = page.locator(".fitf-you .fitf-tricks")
    expect(mine).to_have_attribute("data-band", "Humble")
    expect(mine).to_contain_text("Tricks: 0 (Humble)")
    page.errors.check()

"""A table with a turn timer, and leaving and reclaiming a seat, from the browser.

The server runs in this process on a manual clock: bots and deadlines act only when the test
moves the clock, so what the page shows is waited for, never raced against.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from app.core.clock import ManualClock
from app.core.config import Settings
from tests.browser.conftest import match_against_bots, register, sign_in
from tests.servers import InProcessServer

BOT_DELAY_SECONDS = 1


@pytest.fixture(scope="module")
def clocked_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    path = tmp_path_factory.mktemp("clocked") / "foxden.db"
    settings = Settings(
        database_url=f"sqlite+aiosqlite:///{path}",
        auto_migrate=True,
        bot_delay_ms=BOT_DELAY_SECONDS * 1000,
    )
    server = InProcessServer(settings, ManualClock())
    server.start()
    yield server
    server.stop()


def _last_action(site: InProcessServer, match_id: str, me: dict[str, str]) -> dict[str, Any]:
    auth = {"Authorization": f"Bearer {me['token']}"}
    log = httpx.get(f"{site.url}/api/v1/matches/{match_id}/log", headers=auth).json()
    return dict(log["entries"][-1])


def _run_bots_until_my_turn(site: InProcessServer, match_id: str, me: dict[str, str]) -> None:
    """The bot may lead, or act twice (a Woodcutter): move the clock on until it is Ada's turn."""
    auth = {"Authorization": f"Bearer {me['token']}"}
    for _ in range(10):
        state = httpx.get(f"{site.url}/api/v1/matches/{match_id}/state", headers=auth).json()
        if state["legal_actions"]:
            return
        site.run_clock(BOT_DELAY_SECONDS)
    raise AssertionError("the bot never handed the turn to Ada")


def test_timer_choice_leave_and_reclaim(clocked_site: InProcessServer, page_factory: Any) -> None:
    site = clocked_site
    me = register(site, "Ada")
    page = page_factory()
    sign_in(page, site, me)
    page.goto(site.url + "/")
    page.click("button[data-game='fox-in-the-forest']")
    page.select_option("#timer-input", "300")
    page.click("#create-table")
    expect(page.locator("#lobby-status")).to_contain_text("5 minutes a move")
    lobby_id = page.url.split("/lobby/")[1].split("?")[0]
    lobby = httpx.get(f"{site.url}/api/v1/lobbies/{lobby_id}").json()
    assert lobby["turn_seconds"] == 300
    page.click("#add-bot-1")
    page.click("#start-match")
    page.wait_for_url("**/match/**")
    match_id = page.url.split("/match/")[1].split("?")[0]
    _run_bots_until_my_turn(site, match_id, me)
    expect(page.locator("#turn-line")).to_have_text("Your turn")
    expect(page.locator("#deadline")).to_contain_text("Time left")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#leave-match")
    expect(page.locator("#reclaim-seat")).to_be_visible()
    expect(page.locator("#actions button")).to_have_count(0)
    expect(page.locator("#deadline")).to_have_text("")  # no timer runs for a bot
    # The stand-in bot takes Ada's turn once its delay has passed on the clock.
    site.run_clock(BOT_DELAY_SECONDS)
    played = _last_action(site, match_id, me)
    assert (played["seat"], played["actor"]) == (0, "bot")
    page.click("#reclaim-seat")
    expect(page.locator("#leave-match")).to_be_visible()
    page.errors.check()


def test_pushes_keep_the_reclaim_button_and_the_focused_card(
    clocked_site: InProcessServer, page_factory: Any
) -> None:
    """A push updates the elements on the page instead of rebuilding them: the button under the
    pointer and the card with keyboard focus are the same elements after it."""
    site = clocked_site
    me = register(site, "Ada")
    auth = {"Authorization": f"Bearer {me['token']}"}
    match_id = match_against_bots(site, me, "fox-in-the-forest", 2)  # type: ignore[arg-type]
    page = page_factory()
    sign_in(page, site, me)
    page.goto(f"{site.url}/match/{match_id}")
    _run_bots_until_my_turn(site, match_id, me)
    expect(page.locator("#turn-line")).to_have_text("Your turn")
    # A focused card stays focused, and is the same element, when the table is pushed again.
    card = page.locator(".fitf-you .fx-hand .fx-legal").first
    card.focus()
    page.evaluate("document.activeElement.__kept = true")
    before = page.get_attribute("#table", "data-version")
    page.evaluate("window.__foxdenSocket.resync()")
    page.wait_for_function("() => document.querySelector('#table').dataset.version")
    assert page.evaluate("document.activeElement.__kept === true")
    assert page.get_attribute("#table", "data-version") == before
    # Leave: a bot plays on for Ada; the table says so as a notice, not as Ada's words.
    httpx.post(f"{site.url}/api/v1/matches/{match_id}/leave", headers=auth).raise_for_status()
    expect(page.locator("#reclaim-seat")).to_be_visible()
    expect(page.locator("#chat-list .chat-notice").last).to_contain_text(
        "Ada left the table: a bot plays on for them."
    )
    page.evaluate("document.querySelector('#reclaim-seat').__kept = true")
    # Bots play both seats for a few moves: pushes arrive while the button waits for a click.
    version = int(page.get_attribute("#table", "data-version") or "0")
    for _ in range(3):
        site.run_clock(BOT_DELAY_SECONDS)
    page.wait_for_function(
        "v => Number(document.querySelector('#table').dataset.version) > v", arg=version
    )
    assert page.evaluate("document.querySelector('#reclaim-seat').__kept === true")
    page.click("#reclaim-seat")
    expect(page.locator("#leave-match")).to_be_visible()
    expect(page.locator("#chat-list .chat-notice").last).to_contain_text("Ada is back.")
    page.errors.check()

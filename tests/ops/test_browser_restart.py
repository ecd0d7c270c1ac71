"""A player at the table sees only a brief "Reconnecting…" while the server restarts (1012),
then plays on without reloading."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import match_against_bots, register
from tests.ops.processes import FoxdenServer

pytestmark = pytest.mark.slow
FOXDEN = Path(sys.executable).parent / "foxden"
# Chromium's own network log when a reconnection meets the stopping process in its last
# moment (it resets connections it has not answered): not a page error, and the page
# retries. Anything else in the console fails the test.
RESTART_NOISE = re.compile(r"^WebSocket connection to '.*' failed: .*net::ERR_CONNECTION_")
WATCH_STATES = """() => {
  const seen = [];
  const badge = document.querySelector("#connection");
  new MutationObserver(() => seen.push(badge.dataset.state)).observe(
    badge, { attributes: true, attributeFilter: ["data-state"] });
  window.__connectionStates = seen;
}"""


def _check_console(page: Any) -> None:
    unexpected = [error for error in page.errors if not RESTART_NOISE.match(error)]
    assert not unexpected, unexpected


@pytest.fixture
def server(tmp_path: Path) -> Iterator[FoxdenServer]:
    env = {"FOXDEN_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"}
    running = FoxdenServer({**env, "FOXDEN_BOT_DELAY_MS": "50"}, FOXDEN)
    running.start()
    yield running
    running.stop()


def test_the_match_page_rides_through_a_server_restart(
    server: FoxdenServer, page_factory: Any
) -> None:
    player = register(server, "Steady")
    match = match_against_bots(server, player, "fox-in-the-forest", 2)
    page = page_factory()
    page.goto(server.url + "/")
    page.evaluate("i => localStorage.setItem('foxden.identity', JSON.stringify(i))", player)
    page.goto(f"{server.url}/match/{match}")
    badge = page.locator("#connection")
    expect(badge).to_have_attribute("data-state", "connected")
    page.evaluate(WATCH_STATES)

    assert server.terminate() == 0
    expect(badge).to_have_text("Reconnecting…")
    server.start()
    expect(badge).to_have_attribute("data-state", "connected", timeout=15000)

    states = page.evaluate("window.__connectionStates")
    assert states == ["reconnecting", "connected"], states  # never "Offline", no reload
    page.click("#moves-toggle")  # the list of moves as buttons is folded by default
    page.locator("#actions button").first.click()
    expect(page.locator("#log-list")).to_contain_text("Steady")
    _check_console(page)


def test_the_lobby_page_rides_through_a_server_restart(
    server: FoxdenServer, page_factory: Any
) -> None:
    host = register(server, "Host")
    auth = {"Authorization": f"Bearer {host['token']}"}
    lobby = httpx.post(
        server.url + "/api/v1/lobbies", headers=auth, json={"game": "oh-fox", "seats": 2}
    ).json()
    page = page_factory()
    page.goto(server.url + "/")
    page.evaluate("i => localStorage.setItem('foxden.identity', JSON.stringify(i))", host)
    page.goto(f"{server.url}/lobby/{lobby['id']}")
    expect(page.locator(".chair[data-seat='0']")).to_contain_text("Host")

    assert server.terminate() == 0
    server.start()
    # A change made after the restart reaches the page over its new socket.
    seat = httpx.put(
        f"{server.url}/api/v1/lobbies/{lobby['id']}/seats/1", headers=auth, json={"bot": "random"}
    )
    assert seat.status_code == 200, seat.text
    expect(page.locator(".chair[data-seat='1']")).to_contain_text("bot", timeout=15000)
    _check_console(page)

"""Browser tests: Debian's Chromium driven by Playwright against a real server.

Every page fails its test on a console error or an uncaught exception. Without Chromium the
tests skip, except in CI (FOXDEN_REQUIRE_SERVICES=1), where they fail.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol

import httpx
import pytest

from tests.conftest import REQUIRE
from tests.servers import Server


class Site(Protocol):
    """A server a page visits: a child process or one in this process on a manual clock."""

    @property
    def url(self) -> str: ...


CHROMIUM = os.environ.get("FOXDEN_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]
ADMIN_TOKEN = "browser-admin-token-0123456789abcdef"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one test module. Playwright's sync API runs an event loop for as long as
    it is open, so it must close before the asyncio tests of other folders run."""
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        message = f"Chromium is not installed at {CHROMIUM}"
        if REQUIRE:
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One real server for the browser tests (SQLite; bots act at once)."""
    path = tmp_path_factory.mktemp("site") / "foxden.db"
    server = Server(
        {
            "FOXDEN_DATABASE_URL": f"sqlite+aiosqlite:///{path}",
            "FOXDEN_AUTO_MIGRATE": "true",
            "FOXDEN_ADMIN_TOKEN": ADMIN_TOKEN,
            "FOXDEN_BOT_DELAY_MS": "50",
            # Tests open several pages of one player and play whole matches as fast as the
            # server answers: the request limit (tested on its own) is not what they check.
            "FOXDEN_RATE_PER_MINUTE": "100000",
            # Reviews weigh each decision with a small budget: the page is tested, not the search.
            "FOXDEN_REVIEW_ITERATIONS": "6",
        },
        "app.server.asgi:app",
    )
    server.start()
    yield server
    server.stop()


class ConsoleErrors(list[str]):
    def check(self) -> None:
        assert not self, "console errors: " + " | ".join(self)


@contextmanager
def new_pages(browser: Any) -> Iterator[Any]:
    """New pages (each its own browser context, so its own localStorage) that record errors,
    closed on leaving the block. `page_factory` gives each test its own; a module's fixture
    may keep some across its tests (tests/browser/test_app_release.py: pages across a release).

    `make(width=360)` gives a phone-sized page. Each page has `.errors`.
    `make(csp=True)` keeps the server's Content-Security-Policy in force, so a
    violation is a console error; it is bypassed otherwise, because Playwright's
    `wait_for_function` evaluates strings, which the policy rightly forbids.
    `make(service_worker=True)` lets the app's service worker register. Pages go
    without it otherwise: requests it answers from its cache never reach the test's
    `page.route` stand-ins, and each context would precache the whole frontend for nothing
    (tests/browser/test_installable_app.py tests the worker).
    """
    contexts = []

    def make(
        width: int = 1280, height: int = 900, csp: bool = False, service_worker: bool = False
    ) -> Any:
        context = browser.new_context(
            viewport={"width": width, "height": height},
            bypass_csp=not csp,
            service_workers="allow" if service_worker else "block",
        )
        contexts.append(context)
        page = context.new_page()
        errors = ConsoleErrors()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.errors = errors
        return page

    try:
        yield make
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def page_factory(browser: Any) -> Iterator[Any]:
    """New pages for one test, closed after it (see `new_pages`)."""
    with new_pages(browser) as make:
        yield make


def register(site: Site, name: str) -> dict[str, str]:
    response = httpx.post(site.url + "/api/v1/players", json={"name": name})
    response.raise_for_status()
    return dict(response.json())


def sign_in(page: Any, site: Site, identity: dict[str, str]) -> None:
    """Put a guest identity in the page's localStorage, as the home page does."""
    page.goto(site.url + "/static/css/foxden.css")
    page.evaluate(
        "identity => localStorage.setItem('foxden.identity', JSON.stringify(identity))",
        identity,
    )


def match_against_bots(
    site: Server,
    identity: dict[str, str],
    game: str,
    seats: int,
    options: dict[str, Any] | None = None,
    bot: str = "random",
) -> str:
    """A started match: `identity` in seat 0, bots in every other seat."""
    auth = {"Authorization": f"Bearer {identity['token']}"}
    lobby = httpx.post(
        site.url + "/api/v1/lobbies",
        headers=auth,
        json={"game": game, "seats": seats, "options": options or {}},
    ).json()
    for seat in range(1, seats):
        httpx.put(
            f"{site.url}/api/v1/lobbies/{lobby['id']}/seats/{seat}", headers=auth, json={"bot": bot}
        ).raise_for_status()
    started = httpx.post(f"{site.url}/api/v1/lobbies/{lobby['id']}/start", headers=auth)
    started.raise_for_status()
    return str(started.json()["match_id"])

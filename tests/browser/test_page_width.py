"""No page is wider than a phone's screen (320, 390 and 430 px), whatever it holds: every game
at its fewest and most seats, mid-match and at the end, and the home, lobby, replay and account
pages. A wider page scrolls sideways, and then the pinned prompt and the docked hand no longer
follow the screen. What is hidden for screen readers counts too: it once widened a 4-seat
table to 578 px from inside the scrolling players strip."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import match_against_bots, register, sign_in
from tests.browser.played import play_to_the_end, two_player_match
from tests.browser.test_table_in_view import open_table
from tests.servers import Server

WIDTHS = (320, 390, 430)
HEIGHT = 800
# Every game at its fewest and its most seats (checked against the catalogue below).
SEATS = {
    "fox-in-the-forest": (2, 2),
    "fox-in-the-forest-duet": (2, 2),
    "fox-on-the-tree": (2, 5),
    "fox-on-the-run": (2, 6),
    "oh-fox": (2, 4),
}
CASES = [(game, seats) for game, counts in SEATS.items() for seats in sorted(set(counts))]
MID_MATCH = 4  # the player's decisions before the mid-match look
# JS: how wide the page is, and what sticks out past the right edge of the screen.
TOO_WIDE = """() => {
  const wide = document.documentElement.scrollWidth, w = innerWidth;
  if (wide <= w) return null;
  const out = [...document.querySelectorAll('body *')].filter((el) =>
    el.getBoundingClientRect().right > w + 1 && getComputedStyle(el).position !== 'fixed');
  return `${wide} px wide in ${w}: ` + out.slice(0, 5).map((el) =>
    `${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}`).join(', ');
}"""


def assert_fits(pages: list[Any], where: str) -> None:
    for page in pages:
        assert page.evaluate(TOO_WIDE) is None, where


@pytest.fixture
def phones(page_factory: Any) -> Iterator[list[Any]]:
    yield [page_factory(width=width, height=HEIGHT) for width in WIDTHS]


def test_the_seat_counts_are_the_catalogues(site: Server) -> None:
    games = httpx.get(site.url + "/api/v1/games").json()
    assert {g["id"]: (g["min_players"], g["max_players"]) for g in games} == SEATS


def act(site: Server, identity: dict[str, str], match: str, envelope: dict[str, Any]) -> None:
    action = random.Random(envelope["version"]).choice(envelope["legal_actions"])
    httpx.post(
        f"{site.url}/api/v1/matches/{match}/actions",
        headers={"Authorization": f"Bearer {identity['token']}"},
        json={"action": action, "version": envelope["version"], "id": f"w-{envelope['version']}"},
    )


def leave(site: Server, identity: dict[str, str], match: str) -> None:
    left = httpx.post(
        f"{site.url}/api/v1/matches/{match}/leave",
        headers={"Authorization": f"Bearer {identity['token']}"},
    )
    left.raise_for_status()


def wait_for_version(pages: list[Any], version: int) -> None:
    for page in pages:
        page.wait_for_function(
            "v => Number(document.querySelector('#table')?.dataset.version) >= v", arg=version
        )


def state(site: Server, identity: dict[str, str], match: str) -> dict[str, Any]:
    response = httpx.get(
        f"{site.url}/api/v1/matches/{match}/state",
        headers={"Authorization": f"Bearer {identity['token']}"},
    )
    response.raise_for_status()
    return dict(response.json())


def next_decision(
    site: Server, identity: dict[str, str], match: str, page: Any
) -> dict[str, Any] | None:
    """The envelope once it is this player's decision (None when the match is over). While the
    others play, it waits for the page to show a newer table rather than asking the server."""
    for _ in range(1_000):
        envelope = state(site, identity, match)
        if envelope["status"] != "active":
            return None
        if envelope["legal_actions"]:
            return envelope
        wait_for_version([page], envelope["version"] + 1)
    raise AssertionError("no decision came to this player")


def play_on(site: Server, identity: dict[str, str], match: str, pages: list[Any]) -> None:
    """Seat 0 plays random legal moves until the pages are checked, mid-match; then it leaves
    and a bot plays its seat to the end."""
    for decision in range(10_000):
        envelope = next_decision(site, identity, match, pages[0])
        if envelope is None:
            return
        if decision == MID_MATCH:
            wait_for_version(pages, envelope["version"])
            assert_fits(pages, f"decision {decision}")
            leave(site, identity, match)  # a bot plays the seat on, at once: the end comes fast
            return
        act(site, identity, match, envelope)


def at_the_end(pages: list[Any]) -> None:
    """The outcome screen on every page (Oh, Fox!'s reckoning first, then skipped to its end)."""
    for page in pages:
        page.wait_for_selector("#outcome, .of-reckoning", timeout=30_000)
    assert_fits(pages, "at the end")
    for page in pages:
        if page.locator(".of-reckoning").count() and not page.locator("#outcome").count():
            page.locator("[data-control=end]").click()
        expect(page.locator("#outcome")).to_be_visible()
    assert_fits(pages, "on the outcome screen")


@pytest.mark.parametrize(("game", "seats"), CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_no_table_is_wider_than_a_phone(
    site: Server, phones: list[Any], game: str, seats: int
) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, game, seats)
    for page in phones:
        open_table(page, site, ada, match)
    play_on(site, ada, match, phones)
    at_the_end(phones)
    for page in phones:
        page.errors.check()


def test_no_other_page_is_wider_than_a_phone(site: Server, phones: list[Any]) -> None:
    players, finished = two_player_match(site, "fox-on-the-run")
    play_to_the_end(site, players, finished)
    host = register(site, "A host with a rather long name")
    lobby = httpx.post(
        site.url + "/api/v1/lobbies",
        headers={"Authorization": f"Bearer {host['token']}"},
        json={"game": "fox-on-the-run", "seats": 6},
    ).json()
    for page in phones:
        sign_in(page, site, host)
        for path in ("/", f"/lobby/{lobby['id']}", f"/match/{finished}/replay", "/account"):
            page.goto(site.url + path)
            page.wait_for_load_state("networkidle")
            assert page.evaluate(TOO_WIDE) is None, path
        page.errors.check()

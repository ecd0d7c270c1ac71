"""The replay viewer: a match played over the API, stepped through in the browser to its end,
every seat's hand on show; forward, back, jump to a round, autoplay, a link to a move."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import match_against_bots, register
from tests.browser.played import play_to_the_end, two_player_match
from tests.servers import Server

expect.set_options(timeout=15_000)
GAME = "fox-in-the-forest"


@pytest.fixture(scope="module")
def finished(site: Server) -> dict[str, Any]:
    players, match = two_player_match(site, GAME)
    final = play_to_the_end(site, players, match)
    index = httpx.get(f"{site.url}/api/v1/matches/{match}/replay").json()
    return {"match": match, "final": final, "index": index, "players": players}


def open_replay(page: Any, site: Server, match: str, move: int | None = None) -> None:
    query = "" if move is None else f"?move={move}"
    page.goto(f"{site.url}/match/{match}/replay{query}")
    expect(page.locator("#replay-step")).to_be_visible()


def step_of(page: Any) -> Any:
    return expect(page.locator("main.replay-page"))


def test_the_viewer_reaches_the_final_state(
    site: Server, page_factory: Any, finished: dict[str, Any]
) -> None:
    page = page_factory()
    steps = finished["index"]["steps"]
    open_replay(page, site, finished["match"], move=0)
    step_of(page).to_have_attribute("data-step", "0")
    expect(page.locator("#replay-happened")).to_contain_text("nobody has moved")
    page.locator("#replay-last").click()
    step_of(page).to_have_attribute("data-step", str(steps))
    expect(page.locator("#replay-step")).to_contain_text(f"Step {steps} of {steps}")
    winners = finished["final"]["outcome"]["winners"]
    names = [finished["final"]["seats"][seat]["name"] for seat in winners]
    expect(page.locator("#replay-outcome")).to_contain_text(names[0])
    expect(page.locator("#replay-forward")).to_be_disabled()
    assert page.url.endswith(f"?move={steps}")
    page.errors.check()


def test_every_hand_shows_and_the_arrows_step(
    site: Server, page_factory: Any, finished: dict[str, Any]
) -> None:
    page = page_factory()
    middle = finished["index"]["steps"] // 2
    open_replay(page, site, finished["match"], move=middle)
    step_of(page).to_have_attribute("data-step", str(middle))
    expect(page.locator(".replay-seat")).to_have_count(2)
    step = httpx.get(f"{site.url}/api/v1/matches/{finished['match']}/replay/{middle}").json()
    for seat, view in enumerate(step["views"]):
        panel = page.locator(f".replay-seat[data-seat='{seat}']")
        for card in view["view"]["hand"]:
            expect(panel).to_contain_text(card["name"])  # each card is labelled by its name
    page.locator("#replay-forward").click()
    step_of(page).to_have_attribute("data-step", str(middle + 1))
    page.locator("#replay-back").click()
    page.locator("#replay-back").click()
    step_of(page).to_have_attribute("data-step", str(middle - 1))
    page.keyboard.press("ArrowRight")
    step_of(page).to_have_attribute("data-step", str(middle))
    page.locator("#replay-watching").select_option("1")
    expect(page.locator(".replay-seat")).to_have_count(1)
    expect(page.locator(".replay-seat")).to_have_attribute("data-seat", "1")
    page.errors.check()


def test_jump_to_a_round(site: Server, page_factory: Any, finished: dict[str, Any]) -> None:
    marks = finished["index"]["marks"]
    assert [m["label"] for m in marks[:2]] == ["Round 1", "Round 2"]
    page = page_factory()
    open_replay(page, site, finished["match"], move=0)
    page.locator("#replay-jump").select_option(label="Round 2")
    step_of(page).to_have_attribute("data-step", str(marks[1]["step"]))
    expect(page.locator("#replay-step")).to_contain_text("Round 2")
    page.errors.check()


def test_autoplay_runs_to_the_end_and_stops(
    site: Server, page_factory: Any, finished: dict[str, Any]
) -> None:
    page = page_factory()
    page.add_init_script("window.FOXDEN_REPLAY_MS = 5")  # the injectable pause between moves
    steps = finished["index"]["steps"]
    start = max(0, steps - 12)
    open_replay(page, site, finished["match"], move=start)
    step_of(page).to_have_attribute("data-step", str(start))
    page.locator("#replay-play").click()
    expect(page.locator("#replay-play")).to_have_text("Pause")
    step_of(page).to_have_attribute("data-step", str(steps))
    expect(page.locator("#replay-play")).to_have_text("Play")
    page.errors.check()


def test_a_spectator_opens_a_link_to_a_move(
    site: Server, page_factory: Any, finished: dict[str, Any]
) -> None:
    page = page_factory()  # no identity at all: a spectator
    open_replay(page, site, finished["match"], move=3)
    step_of(page).to_have_attribute("data-step", "3")
    expect(page.locator("#replay-happened")).not_to_be_empty()
    expect(page.locator(".replay-seat")).to_have_count(2)
    page.errors.check()


def test_the_outcome_screen_links_to_the_replay(
    site: Server, page_factory: Any, finished: dict[str, Any]
) -> None:
    page = page_factory()
    page.goto(f"{site.url}/match/{finished['match']}")
    page.locator("#replay-link").click()
    expect(page.locator("main.replay-page")).to_be_visible()
    assert f"/match/{finished['match']}/replay" in page.url
    page.errors.check()


def test_a_live_match_has_no_replay(site: Server, page_factory: Any) -> None:
    player = register(site, "Live")
    match = match_against_bots(site, player, GAME, 2)
    page = page_factory()
    page.goto(f"{site.url}/match/{match}/replay")
    expect(page.locator("#replay-refused")).to_contain_text("still being played")
    refused = httpx.get(f"{site.url}/api/v1/matches/{match}/replay/0")
    assert refused.status_code == 409

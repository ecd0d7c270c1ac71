"""Profiles and leaderboards in the browser: a rated match moves the ratings the players then
see, charted; the board orders them and links to their profiles; the home page links to it."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.played import play_to_the_end, two_player_match
from tests.servers import Server

expect.set_options(timeout=15_000)
GAME = "fox-in-the-forest"


def test_a_rated_match_shows_on_both_profiles_and_the_board(
    site: Server, page_factory: Any
) -> None:
    players, match = two_player_match(site, GAME, rated=True, names=("Wren", "Yarrow"))
    final = play_to_the_end(site, players, match)
    (winner_seat,) = final["outcome"]["winners"]
    winner, loser = players[winner_seat], players[1 - winner_seat]
    page = page_factory()
    page.goto(f"{site.url}/players/{winner['id']}")
    expect(page.locator("#profile-name")).to_have_text(winner["name"])
    row = page.locator(f"#profile-games tr[data-game='{GAME}']")
    gained = httpx.get(f"{site.url}/api/v1/players/{winner['id']}").json()
    shown = next(g for g in gained["games"] if g["game"] == GAME)
    assert shown["rating"] > 0 and shown["display_rating"] > 1500
    # Pages show the display scale (docs/ratings.md), not openskill's ordinal.
    expect(row.locator(".profile-rating")).to_have_text(str(shown["display_rating"]))
    expect(page.locator("#rating-chart polyline")).to_have_count(1)
    expect(page.locator("#rating-chart circle")).to_have_count(2)  # the start and one match
    recent = page.locator(f"#profile-recent li[data-match='{match}']")
    expect(recent).to_contain_text("won")
    expect(recent).to_contain_text("rated")
    recent.get_by_role("link", name="Replay").click()
    expect(page.locator("main.replay-page")).to_be_visible()
    page.goto(f"{site.url}/players/{winner['id']}")
    row.get_by_role("link", name="Leaderboard").click()
    board = page.locator("#leaderboard tbody tr")
    expect(board.filter(has_text=winner["name"])).to_have_count(1)
    names = board.locator("th").all_inner_texts()
    assert names.index(winner["name"]) < names.index(loser["name"])
    board.filter(has_text=loser["name"]).get_by_role("link").click()
    expect(page.locator("#profile-name")).to_have_text(loser["name"])
    expect(page.locator(f"#profile-recent li[data-match='{match}']")).to_contain_text("lost")
    page.errors.check()


def test_the_home_page_links_each_game_to_its_board(site: Server, page_factory: Any) -> None:
    page = page_factory()
    page.goto(site.url + "/")
    card = page.locator(".game-card").filter(has_text="Fox on the Tree")
    card.get_by_role("link", name="Leaderboard").click()
    expect(page.locator("h1")).to_contain_text("Fox on the Tree")
    expect(page.locator("#board-note")).to_contain_text("rated table")
    page.errors.check()


def test_an_unknown_player_says_so(site: Server, page_factory: Any) -> None:
    page = page_factory()
    page.goto(site.url + "/players/nobody-at-all")
    expect(page.locator("main")).to_contain_text("There is no such player.")
    # Chromium logs the page's own fetch that got the 404; nothing else may be in the console.
    assert all("404" in error for error in page.errors), page.errors

"""Every game in the catalogue has its rules page, and a missing one is a 404, never a 500."""

from __future__ import annotations

import httpx
import pytest

from app.catalogue.router import rules_file
from app.games import REGISTRY

REAL_GAMES = sorted(REGISTRY)


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_every_registered_game_has_a_rules_page_with_clarifications(game_id: str) -> None:
    page = rules_file(game_id)
    assert page.is_file(), f"app/rules/{game_id}.md is missing"
    assert "Clarifications" in page.read_text(encoding="utf-8")


async def test_rules_urls_answer_with_the_page(client: httpx.AsyncClient) -> None:
    games = (await client.get("/api/v1/games")).json()
    for game in games:
        response = await client.get(game["rules_url"])
        if game["id"] in REAL_GAMES:
            assert response.status_code == 200, game["id"]
            assert "text/html" in response.headers["content-type"]
        else:  # the fake test game is registered without a page
            assert response.status_code == 404
            assert response.json()["error"]["code"] == "route/not_found"


async def test_a_rules_page_is_a_site_page_with_a_way_back(client: httpx.AsyncClient) -> None:
    page = (await client.get("/games/oh-fox/rules")).text
    assert "class='site-header'" in page and "href='/static/css/foxden.css'" in page
    assert 'id="rules-back" href="/">Back to Foxden</a>' in page  # no origin given: home
    from_lobby = (await client.get("/games/oh-fox/rules?from=/lobby/abc_DEF-12")).text
    assert 'id="rules-back" href="/lobby/abc_DEF-12">Back to the table</a>' in from_lobby
    from_match = (await client.get("/games/oh-fox/rules?from=/match/m1")).text
    assert 'href="/match/m1">Back to the match</a>' in from_match


@pytest.mark.parametrize(
    "came_from",
    ["https://evil.example/lobby/x", "//evil.example", "/lobby/x/../../admin", "/lobby/<b>", ""],
)
async def test_the_way_back_never_leaves_the_site(
    client: httpx.AsyncClient, came_from: str
) -> None:
    response = await client.get("/games/oh-fox/rules", params={"from": came_from})
    assert response.status_code == 200
    assert 'id="rules-back" href="/">Back to Foxden</a>' in response.text
    assert "evil" not in response.text and "<b>" not in response.text

"""Every game in the catalogue has its rules page, and a missing one is a 404, never a 500."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from app.catalogue.rules_page import rules_file
from app.games import REGISTRY
from tests.platform.catalogue.test_option_labels import _enums

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


# What a player should never read on a rules page: code spans and blocks, identifiers
# (snake_case, "r0c0"), arrows typed as "->" and debug marks such as "[ok]".
CODE_LOOKING = re.compile(r"<code|<pre|`|\b[a-z]+_[a-z_]+\b|\br\dc\d\b|->|\[ok\]")


def _option_ids(schema: dict[str, Any]) -> set[str]:
    """The option keys and values that read as identifiers (not as plain words)."""
    ids = {str(v) for key, values, _ in _enums(schema) for v in [key, *values]}
    ids.update(schema.get("properties", {}))
    return {i for i in ids if re.search(r"[_-]", i)}


@pytest.mark.parametrize("game_id", REAL_GAMES)
async def test_a_rules_page_speaks_words_not_identifiers(
    client: httpx.AsyncClient, game_id: str
) -> None:
    page = (await client.get(f"/games/{game_id}/rules")).text
    article = page[page.index("<article") : page.index("</article>")]
    assert CODE_LOOKING.findall(article) == []
    text = re.sub(r"<[^>]+>", " ", article)
    catalogue = (await client.get("/api/v1/games")).json()
    schema = next(game["options_schema"] for game in catalogue if game["id"] == game_id)
    assert [i for i in _option_ids(schema) if i in text] == []
    # Each option is named as the lobby names it.
    for option in schema.get("properties", {}).values():
        assert option["title"] in text, option["title"]

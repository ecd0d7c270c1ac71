"""A rules page's table of contents and the data its pictures are drawn from."""

from __future__ import annotations

import json
import re

import httpx
import pytest

from app.catalogue.rules_table import data_block, sample_envelope
from app.core.packaged import RULES
from app.games import REGISTRY

REAL_GAMES = sorted(game for game in REGISTRY if (RULES / f"{game}.md").is_file())


@pytest.mark.parametrize("game_id", REAL_GAMES)
async def test_the_contents_link_every_section(client: httpx.AsyncClient, game_id: str) -> None:
    page = (await client.get(f"/games/{game_id}/rules")).text
    contents = page[page.index("id='rules-toc'") : page.index("</nav>")]
    headings = re.findall(r'<h2 id="([^"]+)">', page)
    links = re.findall(r'href="#([^"]+)"', contents)
    assert headings
    assert set(headings) <= set(links), set(headings) - set(links)
    assert page.index("</h1>") < page.index("id='rules-toc'")  # under the title


@pytest.mark.parametrize("game_id", REAL_GAMES)
async def test_every_page_names_pictures_and_carries_their_table(
    client: httpx.AsyncClient, game_id: str
) -> None:
    page = (await client.get(f"/games/{game_id}/rules")).text
    assert len(re.findall(r'<figure class="rules-picture" data-part="[^"]+">', page)) >= 1
    assert "src='/static/js/rules-pictures.js'" in page
    block = re.search(r'<script type="application/json" id="rules-table">(.*?)</script>', page)
    assert block is not None
    envelope = json.loads(block.group(1))
    assert envelope["game"] == game_id and envelope["seat"] == 0
    assert envelope == json.loads(json.dumps(sample_envelope(game_id)))


def test_the_data_block_cannot_close_its_element() -> None:
    for game_id in REAL_GAMES:
        envelope = sample_envelope(game_id)
        assert envelope is not None
        inner = data_block(game_id).removeprefix(
            '<script type="application/json" id="rules-table">'
        )
        assert "<" not in inner.removesuffix("</script>")

"""Rules pages in the browser: a table of contents that takes the reader to each section, and
pictures of the cards and boards drawn by the game's own table renderer, on a phone too."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.servers import Server

expect.set_options(timeout=15_000)
GAMES = [
    "fox-in-the-forest",
    "fox-in-the-forest-duet",
    "fox-on-the-run",
    "fox-on-the-tree",
    "oh-fox",
]
# What each game's pictures must show: something the table itself draws.
DRAWN = {
    "fox-in-the-forest": ".fx-hand .fx-card svg",
    "fox-in-the-forest-duet": ".duet-centre",
    "fox-on-the-run": ".run-grid .run-cell",
    "fox-on-the-tree": ".tree-board .tree-tile",
    "oh-fox": ".of-board-wrap svg",
}


@pytest.mark.parametrize("game", GAMES)
def test_a_rules_page_has_contents_and_the_tables_pictures(
    site: Server, page_factory: Any, game: str
) -> None:
    page = page_factory(csp=True)  # the page's policy in force: the pictures must draw under it
    page.goto(f"{site.url}/games/{game}/rules")
    expect(page.locator("body")).to_have_attribute("data-pictures", "ready")
    figures = page.locator("figure.rules-picture")
    assert figures.count() >= 1
    for index in range(figures.count()):
        figure = figures.nth(index)
        expect(figure).to_have_class("rules-picture drawn")
        expect(figure.locator("figcaption")).not_to_be_empty()
        box = figure.locator(".rules-picture-art").bounding_box()
        assert box is not None and box["height"] > 60 and box["width"] > 100
    expect(page.locator(f"figure.rules-picture {DRAWN[game]}").first).to_be_visible()
    # A picture is looked at, not played: nothing in it takes the keyboard focus.
    assert page.evaluate(
        "() => [...document.querySelectorAll('.rules-picture-art')].every(a => a.inert)"
    )
    contents = page.locator("#rules-toc")
    expect(contents.get_by_role("heading", name="Contents")).to_be_visible()
    last = contents.locator("a").last
    target = last.get_attribute("href")
    assert target is not None and target.startswith("#")
    last.click()
    expect(page.locator(target)).to_be_in_viewport()
    page.errors.check()


def test_a_rules_page_with_pictures_fits_a_phone(site: Server, page_factory: Any) -> None:
    page = page_factory(width=360, height=740, csp=True)
    for game in GAMES:
        page.goto(f"{site.url}/games/{game}/rules")
        expect(page.locator("body")).to_have_attribute("data-pictures", "ready")
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= 360, (game, wide)
    page.errors.check()

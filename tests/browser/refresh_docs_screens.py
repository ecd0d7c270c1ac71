"""Refreshes docs/screens/: each table at its fourth decision against bots, at 1280x800 and
390x844, saved small (a 0.6 and 0.75 device scale) for docs/frontend.md.

Run on purpose only: `pytest tests/browser/refresh_docs_screens.py` (pytest collects a file
named on its command line; `make test` never collects this one, whose name is not test_*.py:
a picture is for a reader to look at, not a check, and a skipped test would fail CI)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import match_against_bots, register
from tests.browser.table_helpers import DESKTOP, PHONE
from tests.browser.test_table_in_view import GAMES, act, my_decisions, open_table
from tests.servers import Server

DOCS = Path(__file__).parents[2] / "docs" / "screens"
SCALES = {"desktop": (DESKTOP, 0.6), "phone": (PHONE, 0.75)}


@pytest.mark.parametrize("size", sorted(SCALES))
@pytest.mark.parametrize("case", GAMES, ids=[g[0] for g in GAMES])
def test_refresh_the_screenshots_in_docs(
    site: Server, browser: Any, case: tuple[str, int, dict[str, Any], str], size: str
) -> None:
    game, seats, options, _ = case
    viewport, scale = SCALES[size]
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, game, seats, options)
    context = browser.new_context(viewport=viewport, device_scale_factor=scale)
    try:
        page = context.new_page()
        page.emulate_media(reduced_motion="reduce")  # the table at rest, not mid-slide
        open_table(page, site, ada, match)
        for number, envelope in enumerate(my_decisions(page, site, ada, match, 4)):
            if number == 3:
                page.screenshot(path=str(DOCS / f"{game}-{size}.png"))
            act(site, ada, match, envelope)
    finally:
        context.close()

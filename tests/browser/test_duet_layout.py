"""The Duet's forest path is the board of the game: at 1280x800 and 390x844, through a whole
match with a bot partner, it is the largest region of the table, and whenever a direction or a
forest token is chosen on it, each of its targets is on screen and is the element under its own
centre (nothing docked, pinned or floating covers it). The end screen names the team's result
and its score, and no count on the table reads "1 paws"."""

from __future__ import annotations

import contextlib
import re
import time
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import match_against_bots, register
from tests.browser.table_helpers import DESKTOP, PHONE, act_and_wait
from tests.browser.test_duet_ui import next_target, open_match, state
from tests.servers import Server

GAME = "fox-in-the-forest-duet"
REGIONS = ".duet-partner, .duet-cards, .duet-decision, .duet-status, .duet-you"
# JS: the regions of the table whose box is at least as large as the path's.
LARGER_THAN_THE_PATH = """(regions) => {
  const area = (el) => { const r = el.getBoundingClientRect(); return r.width * r.height; };
  const path = area(document.querySelector('.duet-board-wrap'));
  return [...document.querySelectorAll(regions)].filter((el) => area(el) >= path)
    .map((el) => `${el.className} ${Math.round(area(el))} px² >= the path's ${Math.round(path)}`);
}"""
# JS: the path's targets that are off the screen or under something else at their centre.
COVERED_TARGETS = """() => [...document.querySelectorAll('.duet-board .fx-legal')].flatMap((el) => {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (hit && el.contains(hit)) return [];
  const what = hit ? (hit.closest('[class]') || hit).getAttribute('class') : 'off the screen';
  return [`${el.getAttribute('aria-label')} at ${Math.round(x)},${Math.round(y)}: ${what}`];
})"""
# JS: everything the table says, in text and in labels.
TABLE_WORDS = """() => [document.querySelector('#main').innerText,
  ...[...document.querySelectorAll('#main [aria-label]')].map((el) => el.getAttribute('aria-label'))
].join('\\n')"""


def settled(page: Any, script: str) -> Any:
    """`script`'s findings once the page is still: a decision scrolls the path into view
    (smoothly, on a busy machine for a while), so wait for nothing to be found, then look."""
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"() => ({script})().length === 0", timeout=5_000)
    return page.evaluate(script)


def check_decision(page: Any) -> int:
    """The path is the largest region and its targets (if any) can be clicked where they are
    drawn. Returns how many targets the path has now."""
    assert page.evaluate(LARGER_THAN_THE_PATH, REGIONS) == []
    assert settled(page, COVERED_TARGETS) == []
    assert not re.search(r"\b1 (paws|spaces|gems|points)\b", page.evaluate(TABLE_WORDS))
    return int(page.locator(".duet-board .fx-legal").count())


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_path_leads_the_table_through_a_whole_match(
    site: Server, page_factory: Any, size: dict[str, int]
) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, GAME, 2)
    page = page_factory(width=size["width"], height=size["height"])
    open_match(page, site, ada, match)
    decisions = on_the_path = 0
    deadline = time.monotonic() + 120
    while (target := next_target(page)) is not None:
        assert time.monotonic() < deadline, "the match did not finish"
        on_the_path += check_decision(page)
        decisions += 1
        act_and_wait(page, target)
    assert decisions > 5
    final = state(site, ada, match)
    detail = final["outcome"]["detail"]
    title = page.locator("#outcome-title").inner_text()
    total = detail["total"]
    points = f"{total} point" if total == 1 else f"{total} points"
    result = "The team wins" if detail["result"] == "won" else "The team loses"
    assert result in title and points in title, title
    assert "nobody" not in title
    row = page.locator("#team-result tbody tr").inner_text()
    assert str(total) in row and ("Won" if detail["result"] == "won" else "Lost") in row
    print(f"{decisions} decisions, {on_the_path} path targets checked")
    page.errors.check()

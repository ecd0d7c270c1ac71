"""Words on the boards: Fox on the Run names its tiles "row 2, column 4" (never the grid code
"D2") in the prompt, the labels of its targets and the log; Fox on the Tree marks the last
move on the path (the animal that moved, and where it came from)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import match_against_bots, register
from tests.browser.table_helpers import DESKTOP, PHONE
from tests.browser.test_table_in_view import act, my_decisions, open_table, state
from tests.servers import Server

# Everything the page says about the match: its text, labels and titles.
SAID = """() => {
  const said = [document.querySelector('#main').innerText];
  for (const el of document.querySelectorAll('#main [aria-label], #main [title]')) {
    said.push(el.getAttribute('aria-label') || el.getAttribute('title'));
  }
  return said;
}"""
GRID_CODE = re.compile(r"\b[A-E][1-5]\b")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_fox_on_the_run_names_tiles_in_words(
    site: Server, page_factory: Any, size: dict[str, int]
) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, "fox-on-the-run", 2)
    page = page_factory(width=size["width"], height=size["height"])
    open_table(page, site, ada, match)
    worded = False
    for envelope in my_decisions(page, site, ada, match, 4):
        said: list[str] = page.evaluate(SAID)
        codes = [f"{m.group()} in {text[:80]!r}" for text in said for m in GRID_CODE.finditer(text)]
        assert codes == []
        worded = worded or any(re.search(r"row [1-5], column [1-5]", text) for text in said)
        act(site, ada, match, envelope)
    assert worded, "no tile was named in words"
    page.errors.check()


# The animals marked as the last move, with what their mark says, and where they stand.
LAST_MOVE = """() => [...document.querySelectorAll('.tree-board .tree-animal.is-last-move')].map(
  (el) => [el.dataset.animal, el.querySelector('.tree-moved')?.textContent || '',
    el.closest('.tree-tile').dataset.tile])"""


def test_fox_on_the_tree_marks_the_last_move_on_the_path(site: Server, page_factory: Any) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, "fox-on-the-tree", 2)
    page = page_factory(width=PHONE["width"], height=PHONE["height"])
    open_table(page, site, ada, match)
    marked = 0
    for number, envelope in enumerate(my_decisions(page, site, ada, match, 4)):
        if number == 0:
            act(site, ada, match, envelope)
            continue  # the page saw no move before its first table
        moved = page.evaluate(LAST_MOVE)
        for animal, words, tile in moved:
            came = re.fullmatch(r"moved from (the Farm|the Lair|tile (\d+))", words)
            assert came, f"{animal}: {words!r}"
            assert came.group(2) != tile, f"{animal} marked as moved from where it stands"
        view = state(site, ada, match)["view"]
        stands = {a["animal"]: a["tile"] for a in view["animals"]}
        assert all(stands[animal] == int(tile) for animal, _, tile in moved)
        marked += len(moved)
        act(site, ada, match, envelope)
    assert marked, "no move was marked on the path"
    page.errors.check()

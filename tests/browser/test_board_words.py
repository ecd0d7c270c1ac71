"""Words on the boards: Fox on the Run names its tiles "row 2, column 4" (never the grid code
"D2") in the prompt, the labels of its targets and the log; Fox on the Tree marks the last
move on the path (the animal that moved, and where it came from; a token just laid), from the
first drawing of a table: after a reload, and for a spectator who comes later."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import match_against_bots, register
from tests.browser.played import two_player_match
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
    for envelope in my_decisions(page, site, ada, match, 4):
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


# The rings on the path: the animals marked as moved and the tiles with a token marked as laid.
RINGS = """() => ({
  moved: [...document.querySelectorAll('.tree-board .tree-animal.is-last-move')]
    .map((el) => [el.dataset.animal, Number(el.closest('.tree-tile').dataset.tile)]).sort(),
  laid: [...document.querySelectorAll('.tree-board .tree-token.is-last-move')]
    .map((el) => Number(el.closest('.tree-tile').dataset.tile)),
})"""


def click_and_wait(page: Any, selector: str) -> None:
    """Click the first of `selector` and wait until the table shows what it did: a pick (the
    table's data-pick) or a move (its version)."""
    table = page.locator("#table .tree")
    before = [table.get_attribute("data-version"), table.get_attribute("data-pick")]
    page.locator(selector).first.click()
    page.wait_for_function(
        """(before) => {
          const t = document.querySelector('#table .tree');
          return t && (t.dataset.version !== before[0] || t.dataset.pick !== before[1]);
        }""",
        arg=before,
    )


def rings_of(view: dict[str, Any]) -> dict[str, list[Any]]:
    """The rings the table must draw for this view's last move."""
    stands = {a["animal"]: a["tile"] for a in view["animals"]}
    last = view["last_move"]
    return {
        "moved": sorted([m["animal"], stands[m["animal"]]] for m in last["moved"]),
        "laid": [] if last["laid"] is None else [last["laid"]],
    }


def test_fox_on_the_tree_keeps_the_last_move_on_reload(site: Server, page_factory: Any) -> None:
    """Lay a Swamp and move an animal on the table, then reload: both are still ringed on the
    first drawing, and a spectator opening the table now sees the same rings."""
    players, match = two_player_match(site, "fox-on-the-tree")
    mover = players[state(site, players[0], match)["to_act"][0]]
    page = page_factory(width=PHONE["width"], height=PHONE["height"])
    open_table(page, site, mover, match)
    page.wait_for_selector("#table .tree")
    click_and_wait(page, "button.tree-hand-token[data-token=swamp]")
    click_and_wait(page, ".tree-target")
    click_and_wait(page, "button.tree-animal.is-legal")
    click_and_wait(page, ".tree-target")  # the move: the turn passes to the other person
    view = state(site, mover, match)["view"]
    assert view["last_move"]["moved"] and view["last_move"]["laid"] is not None
    expected = rings_of(view)
    assert page.evaluate(RINGS) == expected
    page.reload()
    page.wait_for_selector("#table .tree")
    assert page.evaluate(RINGS) == expected, "the reloaded table lost the last move"
    watcher = page_factory(width=DESKTOP["width"], height=DESKTOP["height"])
    watcher.goto(f"{site.url}/match/{match}")
    watcher.wait_for_selector("#table .tree")
    assert watcher.evaluate(RINGS) == expected, "a spectator's table has no last move"
    page.errors.check()
    watcher.errors.check()

"""Learn to play, as a new player meets it: from the home page into a guided match, every move
the coach asks for clicked on the table (a click Playwright makes only on an element nothing
covers) or pressed in the list of moves, another move answered with the coach's hint, to the
farewell and the offer of a real match against a bot, which opens a table with the bot already
seated. axe-core checks the page with the coach on it, at the start and at the end, at 1280x800
and 390x844.

Every game's lesson is played twice: by keyboard at the desktop size and by finger (a click on
the table) at the phone's, where the coach's panel has the least room to keep off the table.
Each way at the other size as well would repeat the same script for little more."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from app.games import REGISTRY
from tests.browser.accessibility import assert_accessible
from tests.browser.table_helpers import DESKTOP, PHONE
from tests.browser.test_home import pick_name
from tests.servers import Server

expect.set_options(timeout=30_000)
FIRST = "fox-in-the-forest"  # its lesson is the one met in full below
OTHER_GAMES = [game for game in REGISTRY if game != FIRST]
# Each lesson both ways: (size, on_table), by keyboard on the desktop, by finger on the phone.
WAYS = pytest.mark.parametrize(
    ("size", "on_table"), [(DESKTOP, False), (PHONE, True)], ids=["desktop-keys", "phone-taps"]
)
# The coach's step as its panel shows it: a number, "done" at the farewell, "left" off script.
STEP = "() => document.querySelector('#coach')?.dataset.step || ''"
# Ready for the learner: the coach has read the table on screen (its words may come from an
# answer to an older table's question, which a quick bot already moved past: a move made then
# is refused with "the coach is reading the table"), and a move is asked for or the lesson is over.
READY = """() => {
  const coach = document.querySelector('#coach');
  if (!coach || !coach.dataset.step) return false;
  const over = ['done', 'left'].includes(coach.dataset.step);
  const read = coach.dataset.version === document.querySelector('#table')?.dataset.version;
  return over || (read && Boolean(document.querySelector('.coach-asked')));
}"""


def open_guided_match(page: Any, site: Server, game: str) -> None:
    pick_name(page, site, "Ada")
    page.click(f"#learn [data-learn='{game}']")
    page.wait_for_url("**/match/**")
    page.wait_for_function(READY)


def ask_and_answer(page: Any, on_table: bool) -> str:
    """Make the move the coach asks for and wait for the coach's next step; the step played.
    `on_table`: click it on the table (or the prompt line), as a mouse or a finger would;
    otherwise press Enter on it in the list of moves, as a keyboard would."""
    step = str(page.evaluate(STEP))
    assert page.locator("#table .coach-pointed").count(), f"step {step} points at nothing"
    asked = page.locator("#table .coach-asked, #prompt .coach-asked")
    if on_table and asked.count():
        asked.first.click()
    else:
        if page.get_attribute("#moves-toggle", "aria-expanded") != "true":
            page.focus("#moves-toggle")
            page.keyboard.press("Enter")
        page.locator("#actions .coach-asked").first.focus()
        page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({STEP})() !== {step!r}")
    page.wait_for_function(READY)
    return step


def play_to_the_farewell(page: Any, on_table: bool) -> list[str]:
    played = []
    while page.evaluate(STEP) not in ("done", "left"):
        played.append(ask_and_answer(page, on_table))
    return played


@WAYS
def test_a_new_player_learns_the_fox_in_the_forest_then_gets_a_real_match(
    site: Server, page_factory: Any, size: dict[str, int], on_table: bool
) -> None:
    page = page_factory(width=size["width"], height=size["height"])
    page.emulate_media(reduced_motion="reduce")
    open_guided_match(page, site, FIRST)
    coach = page.locator("#coach")
    expect(coach.locator("[aria-live=polite]")).to_contain_text("Welcome to The Fox in the Forest")
    expect(page.locator("#coach-progress")).to_have_text("Step 2 of 31")  # the bot led first
    assert_accessible(page, "the coach's first step")
    page.click("#coach-fold")  # folded away to give the board room on a phone, and back
    expect(page.locator("#coach-line")).to_be_hidden()
    page.click("#coach-fold")
    expect(page.locator("#coach-line")).to_be_visible()

    # Another legal card: the coach hints, and nothing is sent.
    version = page.get_attribute("#table", "data-version")
    page.locator("#table .fx-legal:not(.coach-asked)").first.click()
    expect(page.locator("#coach-hint")).to_contain_text("Not this one")
    assert page.get_attribute("#table", "data-version") == version
    assert page.evaluate(STEP) == "1"

    played = play_to_the_farewell(page, on_table)
    assert len(played) == 16 and page.evaluate(STEP) == "done"
    expect(coach).to_contain_text("You won 8 tricks: Victorious")
    expect(page.locator("#coach-real-match")).to_be_visible()
    assert_accessible(page, "the coach's farewell")
    assert not page.errors, page.errors

    page.click("#coach-real-match")
    page.wait_for_url("**/lobby/**")
    # The real table: the player and the standard bot, ready to start.
    expect(page.locator(".badge-bot")).to_have_count(1)
    expect(page.locator("#start-match")).to_be_enabled()


@WAYS
@pytest.mark.parametrize("game", OTHER_GAMES)
def test_every_guided_match_plays_through(
    site: Server, page_factory: Any, game: str, size: dict[str, int], on_table: bool
) -> None:
    """Every other game's script, played from the page as a keyboard user would (the moves
    listed as buttons, the one the coach asks for marked among them, Enter on it) and as a
    finger would, on the table."""
    page = page_factory(width=size["width"], height=size["height"])
    page.emulate_media(reduced_motion="reduce")
    open_guided_match(page, site, game)
    played = play_to_the_farewell(page, on_table)
    assert played and page.evaluate(STEP) == "done"
    expect(page.locator("#coach-real-match")).to_be_visible()
    assert not page.errors, page.errors

"""A whole trick game by keyboard alone: no click, no focus set by the test, at most three keys
a move. The number keys pick a playable card (or, when the hand has none, the prompt's or the
table's choice) and Enter plays it; the keys are listed in the table's keyboard help."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import match_against_bots, register
from tests.browser.test_table_in_view import open_table
from tests.servers import Server

expect.set_options(timeout=15_000)
MAX_KEYS = 3
PICK_KEYS = [*"1234567890", *"qwertyuiop"]
# JS: the table's state for the next key press. `choices`: how many things the pick keys reach
# (the hand's playable cards; else the table's targets; else the prompt's buttons). `waiting`:
# nothing to choose yet (another seat is playing, or the table is between two envelopes).
SITUATION = """() => {
  if (document.querySelector('#outcome')) return { over: true };
  const shown = (el) => el.getClientRects().length > 0;
  const dock = [...document.querySelectorAll('#table .table-dock [role=button][tabindex="0"]')];
  const table = [...document.querySelectorAll(
    '#table [role=button][tabindex="0"], #table button:not([disabled])')];
  const prompt = [...document.querySelectorAll('#prompt button:not([disabled])')];
  const choices = [dock, table, prompt].map((list) => list.filter(shown).length).find((n) => n);
  const version = document.querySelector('#table')?.dataset.version;
  return { over: false, choices: choices || 0, version };
}"""
# JS: the target that has the focus, described (null: none, or only the prompt line itself).
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el.id === 'prompt' || !el.closest('#table, #prompt')) return null;
  return el.getAttribute('aria-label') || el.textContent.trim();
}"""


FOCUS_ID = "() => document.activeElement?.id || document.activeElement?.tagName || ''"


def next_choice(page: Any) -> dict[str, Any]:
    """Wait until this player has something to choose, or the match is over: the situation
    the wait saw, not a second look, which the next envelope may already have emptied (it
    once found no choice, and the pick among none failed)."""
    seen = page.wait_for_function(
        f"() => {{ const s = ({SITUATION})(); return s.over || s.choices ? s : null; }}"
    )
    return dict(seen.json_value())


@dataclass
class Played:
    keys_per_move: list[int] = field(default_factory=list)
    # Where the focus was each time the turn came back to this player after another's move.
    focus_when_the_turn_came: list[str] = field(default_factory=list)


def play_by_keyboard(page: Any, seed: str, moves: int = 400) -> Played:
    """Play this seat with key presses only, to the end or for `moves` moves. Keys are counted
    on one table: a press the table moved on under, before its move, does not count."""
    rng = random.Random(seed)
    played = Played()
    pressed: dict[str, int] = {}
    waited = False  # the last table after our move offered us nothing: another seat's turn
    for _ in range(moves * 3):
        situation = next_choice(page)
        if situation["over"] or len(played.keys_per_move) >= moves:
            return played
        if waited:
            played.focus_when_the_turn_came.append(page.evaluate(FOCUS_ID))
            waited = False
        table = situation["version"]
        pick = rng.randrange(min(situation["choices"], len(PICK_KEYS)))
        page.keyboard.press(PICK_KEYS[pick])
        pressed[table] = pressed.get(table, 0) + 1
        if page.evaluate(FOCUSED) is None:
            continue  # the table moved on between looking and pressing: look again
        page.keyboard.press("Enter")
        played.keys_per_move.append(pressed.pop(table) + 1)
        page.wait_for_function(
            """(before) => document.querySelector('#outcome')
              || document.querySelector('#table')?.dataset.version !== before
              || !document.activeElement?.closest('#table, #prompt')""",
            arg=table,
        )
        waited = not page.evaluate(SITUATION).get("choices")
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(
    ("game", "options"),
    [("fox-in-the-forest", {"special_cards": 2}), ("fox-in-the-forest-duet", {})],
    ids=["fox-in-the-forest", "duet"],
)
def test_a_whole_trick_game_by_keyboard_alone(
    site: Server, page_factory: Any, game: str, options: dict[str, Any]
) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, game, 2, options)
    page = page_factory()
    open_table(page, site, ada, match)
    played = play_by_keyboard(page, match)
    expect(page.locator("#outcome")).to_be_visible()
    assert len(played.keys_per_move) >= 10 and max(played.keys_per_move) <= MAX_KEYS
    # Each time the turn came back, the focus was on the prompt (the keys then pick a card).
    assert played.focus_when_the_turn_came
    assert set(played.focus_when_the_turn_came) == {"prompt"}
    page.errors.check()


def test_the_keys_are_in_the_tables_help(site: Server, page_factory: Any) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, "fox-in-the-forest", 2)
    page = page_factory()
    open_table(page, site, ada, match)
    page.locator("#keys-help summary").click()
    help_text = page.locator("#keys-help").inner_text()
    for words in ("1 … 9, 0", "Enter", "←"):
        assert words in help_text
    page.errors.check()


def test_focus_is_on_the_prompt_when_the_table_opens(site: Server, page_factory: Any) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, "fox-in-the-forest", 2)
    page = page_factory()
    open_table(page, site, ada, match)
    page.wait_for_selector("#table[data-version]")
    expect(page.locator("#prompt")).to_be_focused()
    assert page.evaluate("() => scrollY") == 0
    page.errors.check()

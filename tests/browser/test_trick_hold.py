"""The trick hold and the prompt agree: while a finished trick is held on the table, the prompt
says who won it and with which card, and the table does not jump when the hold begins or ends
(the prompt keeps its height, so the table under the pinned status bar stays where it is).

The hold is stretched (window.__foxdenTrickHoldMs) so that the test looks at it on a busy
machine; it waits on the table's state, never on time. Ada's opponent is Bob, whose moves the
test makes between looks at the page, on a deal from a known seed (tests/browser/seeded_app.py):
against a bot, whose moves land whenever they land, on a random deal, the match sometimes ended
before a held trick could be compared."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.played import auth, two_player_match
from tests.browser.table_helpers import DESKTOP, PHONE, act_and_wait
from tests.browser.test_table_tricks import my_target, open_table, state
from tests.servers import Server, sqlite_env

expect.set_options(timeout=10_000)

GAMES = [("fox-in-the-forest", "fitf", "fitf-you"), ("fox-in-the-forest-duet", "duet", "duet-you")]
# Held tricks looked at; the first may still grow the prompt to its tallest sentence.
HELD_TRICKS = 3
# Where the table is: the prompt's height and the table's place on the page.
PLACES = """() => ({
  prompt: Math.round(document.querySelector('#prompt').getBoundingClientRect().height),
  table: Math.round(document.querySelector('#table').getBoundingClientRect().top + scrollY),
})"""


def grew_to_a_new_height(before: dict[str, int], after: dict[str, int], tallest: int) -> bool:
    """The next prompt needs more room than any before it (a 5 won: four buttons for the paw
    prints): the prompt grows once to it, and the table moves by just that; the hold is not why."""
    grown = after["prompt"] - before["prompt"]
    return after["prompt"] > tallest and after["table"] - before["table"] == grown


@pytest.fixture(scope="module")
def seeded_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server on the app that deals every match from one seed: the same match every run."""
    server = Server(
        {**sqlite_env(tmp_path_factory.mktemp("seeded")), "FOXDEN_RATE_PER_MINUTE": "100000"},
        "tests.browser.seeded_app:app",
    )
    server.start()
    yield server
    server.stop()


def settled(page: Any, site: Server, ada: dict[str, str], match: str) -> dict[str, Any]:
    """The match as Ada's page shows it once every move made so far has reached the page."""
    seen = state(site, ada, match)
    expect(page.locator("#table")).to_have_attribute("data-version", str(seen["version"]))
    return seen


def bob_moves(site: Server, bob: dict[str, str], match: str) -> None:
    """Bob's first legal move, made over the API as another player's page would."""
    mine = state(site, bob, match)
    answer = httpx.post(
        f"{site.url}/api/v1/matches/{match}/actions",
        headers=auth(bob),
        json={"action": mine["legal_actions"][0], "version": mine["version"]},
    )
    answer.raise_for_status()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize(("game", "prefix", "you"), GAMES, ids=[g[0] for g in GAMES])
def test_a_held_trick_is_named_in_the_prompt_and_the_table_stays_put(
    seeded_site: Server,
    page_factory: Any,
    game: str,
    prefix: str,
    you: str,
    size: dict[str, int],
) -> None:
    site = seeded_site
    (ada, bob), match = two_player_match(site, game)
    page = page_factory(width=size["width"], height=size["height"])
    open_table(page, site, ada, match, hold_ms=600_000)
    finished = page.locator(f".{prefix}-trick[data-finished]")
    held = 0
    jumps: list[str] = []
    tallest = 0  # the prompt's tallest height so far
    compared = 0  # held tricks whose table was compared with the one before
    while held < HELD_TRICKS and (seen := settled(page, site, ada, match))["status"] == "active":
        before = page.evaluate(PLACES)
        tallest = max(tallest, before["prompt"])
        was_held = finished.count() > 0
        # Ada plays on her page; Bob's move reaches it as a push. Either may finish a trick.
        if 0 in seen["to_act"]:
            act_and_wait(page, my_target(page, you))
        else:
            bob_moves(site, bob, match)
        seen = settled(page, site, ada, match)
        if was_held and not finished.count() and held > 1:
            after = page.evaluate(PLACES)
            if after != before and not grew_to_a_new_height(before, after, tallest):
                jumps.append(f"trick {held} gathered: {before} -> {after}")
        if finished.count() and not was_held:
            held += 1
            if seen["status"] != "active":
                break  # the trick ended the match: its outcome now stands above the table
            if (last := seen["view"]["last_trick"]) is not None:  # None: a new deal began
                winning = next(p["card"] for p in last["plays"] if p["seat"] == last["winner"])
                who = "You" if last["winner"] == 0 else "Bob"
                expect(page.locator("#prompt-text")).to_have_text(
                    f"{who} won the trick with the {winning['name']}."
                )
            now = page.evaluate(PLACES)
            if held > 1:
                compared += 1
                if now != before:
                    jumps.append(f"trick {held} held: {before} -> {now}")
    assert compared == HELD_TRICKS - 1, "the match ended before the held tricks were compared"
    assert jumps == []
    page.errors.check()

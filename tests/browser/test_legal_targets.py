"""Nothing docked covers a legal move: whole matches of all five games, clicked through the
table on a 1280x800 desktop and a 390x844 phone, with 2 and 4 seats where the game allows (bots
in the other seats), each played until the match is finished. At every decision of the player,
and at every step of it (a token picked, then its target; a card, then its arrow), every target
on the table can be clicked where it is: the element at its centre is the target itself, not
the docked hand or the pinned prompt.

One match of each of the 16 cases is some 10-60 decisions of the player (Fox in the Forest to
16 points ~50, the Duet ~20, the Tree ~25-45, Fox on the Run ~10-20, Oh, Fox! ~15 at 2 seats and
~50 at 4); the check of a step is one evaluate in the page (legal_targets.js), and a tap is a
mouse click at the point the check found clear."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import match_against_bots, register
from tests.browser.table_helpers import BOTH_SIZES, screenshot, version
from tests.browser.test_table_in_view import act, my_decision, open_table, state
from tests.servers import Server

LEGAL_TARGETS = (Path(__file__).parent / "legal_targets.js").read_text()
# The Deluxe special cards that bring a decision of their own (the Fairy's take and give, the
# Hammer, the Potion, the Shovel's dig) or a control on the table (the Crown's toggle).
DECIDING_SPECIALS = ["fairy", "hammer", "potion", "shovel", "crown"]
# game, seats, options: 2 and 4 seats where the game allows; the shortest match each game
# offers (Fox in the Forest to 16 points; the others have no length to choose). Oh, Fox! names
# the predator so that both sides of its table are played: a prey at 2 seats, the predator with
# its pawn tray and guesses at 4. Fox on the Run at 4 seats brings in the expansion's Raffles and
# Napoleon, whose abilities are steps of their own.
GAMES = [
    ("fox-in-the-forest", 2, {"special_list": DECIDING_SPECIALS, "target_score": 16}),
    ("fox-in-the-forest-duet", 2, {}),
    ("fox-on-the-tree", 2, {}),
    ("fox-on-the-tree", 4, {}),
    ("fox-on-the-run", 2, {}),
    ("fox-on-the-run", 4, {"neutrals": "random"}),
    ("oh-fox", 2, {"predator": "second"}),
    ("oh-fox", 4, {"predator": "first"}),
]
# A whole match is played; more decisions than any of these matches takes means it never ends.
MAX_DECISIONS = 400
# Clicks within one decision before it is sent over the API instead (a picked token, picked again).
MAX_STEPS = 6
# What a random player clicks: not the buttons that undo a pick or only show something.
NOT_A_MOVE = ("cancel", "last trick", "take off")
# JS: ready to tap target `i` of the check: watch the table for the change the tap makes, bring
# the target on screen as the player scrolls to it, and give the point at its centre and the
# version on the table (null: a push has taken the target off the page since the check).
AIM = """(i) => {
  const el = window.__targetList[i];
  if (!el?.isConnected) return null;
  let r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) {
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    r = el.getBoundingClientRect();
  }
  window.__aimed = el;
  window.__tableChanged = false;
  window.__tableWatch?.disconnect();
  window.__tableWatch = new MutationObserver(() => { window.__tableChanged = true; });
  window.__tableWatch.observe(document.querySelector('#table'),
    { subtree: true, childList: true, attributes: true });
  return { x: r.left + r.width / 2, y: r.top + r.height / 2,
    version: document.querySelector('#table')?.dataset.version ?? null };
}"""
# JS: what a tap at (x, y) lands on, to name it when the tap did nothing.
UNDER = "([x, y]) => document.elementFromPoint(x, y)?.outerHTML.slice(0, 200) ?? null"
# JS: the tap has done something: the table changed (a pick drawn) with no move of ours on its
# way, or the version moved on (a move sent and answered, or a push that came first). While the
# page waits for its move's answer (#actions is busy) the test waits too: a move sent over the
# API meanwhile would make the page's stale, and the page would say so in a notice.
CHANGED = """(before) => {
  if (document.querySelector('#table')?.dataset.version !== before) return true;
  if (document.querySelector('#actions')?.getAttribute('aria-busy') === 'true') return false;
  return window.__tableChanged || !window.__aimed.isConnected;
}"""


def step(page: Any, rng: random.Random, where: str) -> tuple[list[str], bool]:
    """Check every target on the table now, then tap one that the check found clear at its
    centre (a mouse click there, without Playwright's waits for a still element: the check has
    just looked); returns the failures and whether a tap was made (False: nothing to tap, or
    the tap did nothing, and the move is left to the API)."""
    found = page.evaluate(LEGAL_TARGETS)
    bad = [f"{where}: {line}" for line in found["bad"]]
    labels: list[str] = found["labels"]
    moves = [
        i
        for i, text in enumerate(labels)
        if found["clear"][i] and not any(w in text for w in NOT_A_MOVE)
    ]
    if not moves:
        return bad, False
    chosen = rng.choice(moves)
    aim = page.evaluate(AIM, chosen)
    if aim is None:
        return bad, True  # a push redrew the table: look again
    page.mouse.click(aim["x"], aim["y"])
    try:
        page.wait_for_function(CHANGED, arg=aim["version"], timeout=10000)
    except PlaywrightError:
        under = page.evaluate(UNDER, [aim["x"], aim["y"]])
        return [*bad, f"{where}: a tap on {labels[chosen]!r} did nothing; under it: {under}"], False
    return bad, True


def next_decision(
    site: Server, identity: dict[str, str], match: str, last: int
) -> dict[str, Any] | None:
    """The player's next decision after the one at version `last` (None: the match is over)."""
    for _ in range(600):
        envelope = my_decision(site, identity, match)
        if envelope is None or envelope["version"] != last:
            return envelope
        page_free_wait()
    raise AssertionError(f"the move at version {last} was never taken")


def page_free_wait() -> None:
    time.sleep(0.05)  # polling the server's state, not a timing assumption


@BOTH_SIZES
@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[f"{g[0]}-{g[1]}" for g in GAMES])
def test_every_legal_target_can_be_clicked_at_every_decision(
    site: Server,
    page_factory: Any,
    game: str,
    seats: int,
    options: dict[str, Any],
    size: dict[str, int],
) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, game, seats, options)
    page = page_factory(width=size["width"], height=size["height"])
    # The layout at rest (no card mid-slide), and a finished trick gathered at once.
    page.emulate_media(reduced_motion="reduce")
    open_table(page, site, ada, match)
    rng = random.Random(f"{game}-{seats}-{size['width']}")
    failures: list[str] = []
    decisions = 0
    last = -1
    while (envelope := next_decision(site, ada, match, last)) is not None:
        assert decisions < MAX_DECISIONS, f"the match did not end in {MAX_DECISIONS} decisions"
        last = envelope["version"]
        page.wait_for_function(
            "v => Number(document.querySelector('#table')?.dataset.version) >= v",
            arg=envelope["version"],
        )
        decisions += 1
        for number in range(MAX_STEPS):
            if version(page) != str(envelope["version"]):
                break  # sent (or the table moved on)
            where = f"decision {decisions} step {number} ({envelope['legal_actions'][0]['type']})"
            bad, clicked = step(page, rng, where)
            if bad and not failures:
                screenshot(page, f"legal-targets-{game}-{seats}-{size['width']}")
            failures.extend(bad)
            if not clicked:
                break
        if version(page) == str(envelope["version"]):
            # Nothing sent (picks went round, or a push came first): the move goes by the API;
            # a click already on its way makes this one stale, which the server refuses.
            act(site, ada, match, envelope)
    assert decisions > 0, "no decision came to the player"
    assert state(site, ada, match)["status"] == "finished"
    assert failures == [], f"{len(failures)} covered or unreachable targets:\n" + "\n".join(
        failures[:25]
    )
    page.errors.check()

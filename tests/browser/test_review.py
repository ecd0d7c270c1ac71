"""The post-game review in the replay viewer: a finished match's replay, the review asked
for, its progress waited on, the evaluations and flags on screen, a flagged decision jumped
to, and a practice table opened from it."""

from __future__ import annotations

import math
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in
from tests.browser.played import auth, play_to_the_end, two_player_match
from tests.servers import Server

expect.set_options(timeout=30_000)
GAME = "fox-in-the-forest"


@pytest.fixture(scope="module")
def finished(site: Server) -> dict[str, Any]:
    # The short match (16 points, not 21): a round or so fewer to play and to weigh, still
    # dozens of decisions of random play, so flagged ones among them.
    players, match = two_player_match(site, GAME, options={"target_score": 16})
    play_to_the_end(site, players, match)
    return {"match": match, "players": players}


def test_the_review_shows_each_decision_and_its_flag(
    site: Server, page_factory: Any, finished: dict[str, Any]
) -> None:
    ada = finished["players"][0]
    page = page_factory()
    sign_in(page, site, ada)
    page.goto(f"{site.url}/match/{finished['match']}/replay")
    panel = page.locator("#review")
    expect(page.locator("#review-seat")).to_have_value("0")  # Ada's own seat first
    expect(panel).to_have_attribute("data-status", "none")
    page.locator("#review-ask").click()
    expect(panel).to_have_attribute("data-status", "done")
    review = httpx.get(
        f"{site.url}/api/v1/matches/{finished['match']}/reviews/0", headers=auth(ada)
    ).json()["review"]
    count = len(review["decisions"])
    expect(page.locator("#review-status")).to_contain_text(f"{count} decisions weighed")
    expect(page.locator("#review-status")).to_contain_text(f"{review['mistakes']} mistake")
    flagged = sorted(
        (d for d in review["decisions"] if d["flag"]), key=lambda d: d["cost"], reverse=True
    )
    assert flagged, "random play with no flagged decision"
    worst = flagged[0]
    jumps = page.locator(".review-jump")
    expect(jumps).to_have_count(min(5, len(flagged)))
    jumps.first.click()
    expect(page.locator("main.replay-page")).to_have_attribute("data-step", str(worst["step"]))
    expect(page.locator("#review-made")).to_contain_text(_percent(worst["value"]))
    expect(page.locator("#review-best")).to_contain_text(_percent(worst["best_value"]))
    word = "Mistake" if worst["flag"] == "mistake" else "Inaccuracy"
    expect(page.locator("#review-flag")).to_contain_text(word)
    page.locator("#review-all summary").click()
    expect(page.locator(".review-row")).to_have_count(count)
    page.errors.check()
    page.locator("#review-practice").click()
    page.wait_for_url("**/match/*")
    practice = page.url.rsplit("/", 1)[1]
    assert practice != finished["match"]
    table = httpx.get(f"{site.url}/api/v1/matches/{practice}", headers=auth(ada)).json()
    assert table["status"] == "active"
    assert [seat["bot"] for seat in table["seats"]] == [None, "practice"]  # the expert plays
    expect(page.locator("#practice-badge")).to_have_text("Practice table")  # it says what it is
    page.errors.check()


def test_a_spectator_reads_the_review_the_replay_already_shows(
    site: Server, page_factory: Any, finished: dict[str, Any]
) -> None:
    bob = finished["players"][1]
    answer = httpx.post(
        f"{site.url}/api/v1/matches/{finished['match']}/reviews/1", headers=auth(bob)
    )
    assert answer.status_code == 202, answer.text
    page = page_factory()  # nobody signed in: a spectator
    page.goto(f"{site.url}/match/{finished['match']}/replay")
    page.locator("#review-seat").select_option("1")
    expect(page.locator("#review")).to_have_attribute("data-status", "done")
    expect(page.locator("#review-status")).to_contain_text("decisions weighed")
    page.errors.check()


def _percent(value: float) -> str:
    """As the page writes it: JavaScript's Math.round takes a half up (Python's round would
    take 12.5 to 12)."""
    return f"{math.floor(value * 100 + 0.5)}%"

"""Oh, Fox! in the browser: whole matches clicked through the match page (card, then arrow,
then confirm), secrets staying out of the other players' pages, and the reckoning player."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.conftest import match_against_bots, register, sign_in
from tests.servers import Server

CHOSEN_OR_MOVED_ON = """turn => {
  const table = document.querySelector('.ohfox');
  return table.dataset.phase !== 'program' || table.dataset.turn !== String(turn)
    || !!document.querySelector('.of-seat-row.of-you .of-chosen');
}"""


def open_match(page: Any, site: Server, identity: dict[str, str], match_id: str) -> None:
    # sign_in opens the stylesheet as a page, and Chromium then asks for /favicon.ico, which
    # the app answers 404: a console error that belongs to the sign-in step, not to the table.
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))
    sign_in(page, site, identity)
    page.goto(f"{site.url}/match/{match_id}")
    page.wait_for_selector(".ohfox")


def pick_card(page: Any, turn: int) -> str:
    """Click the first playable card, then an arrow (varied by turn); returns the card."""
    for _ in range(5):  # an envelope may redraw the table between press and release
        card = page.locator(".of-hand-card:not([disabled])").first
        name = card.get_attribute("data-card")
        card.click()
        if page.locator(f".of-hand-card.of-selected[data-card='{name}']").count() == 0:
            continue
        arrows = page.locator(".of-dir:not([disabled])")
        if arrows.count():
            arrows.nth(turn % arrows.count()).click()
        if page.locator(".of-confirm:not([disabled])").count():
            return str(name)
    raise AssertionError("could not select a card and an arrow")


def confirm(page: Any, turn: int) -> None:
    """Confirm the selection; the pick survives a refused send, so confirming again is safe."""
    for _ in range(5):
        page.locator(".of-confirm").click()
        try:
            page.wait_for_function(CHOSEN_OR_MOVED_ON, arg=turn, timeout=3000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"turn {turn}: the choice was never taken")


def wait_for_turn(page: Any, turn: int) -> None:
    page.wait_for_selector(
        f".ohfox[data-phase=program][data-turn='{turn}'] .of-hand-card:not([disabled])",
        timeout=15000,
    )


def play_turn(page: Any, turn: int) -> str:
    wait_for_turn(page, turn)
    card = pick_card(page, turn)
    # Before confirming, the table previews where the card goes (a direction-less stop too).
    assert page.locator(".of-board .of-preview").count() == 1
    confirm(page, turn)
    return card


def finish_guesses(pages: list[Any]) -> None:
    """Whoever is the predator answers the guess form until every page shows the reckoning."""
    for _ in range(100):  # up to 40 s: a bot predator guesses at bot pace, on a loaded machine
        if all(p.locator(".of-reckoning").count() for p in pages):
            return
        for page in pages:
            options = page.locator(".of-guess-option")
            if options.count():
                options.first.click()
        pages[0].wait_for_timeout(400)
    raise AssertionError("the match never reached the reckoning")


def final_scores(site: Server, match_id: str) -> list[int]:
    summary = httpx.get(f"{site.url}/api/v1/matches/{match_id}").json()
    assert summary["status"] == "finished"
    return [int(score) for score in summary["outcome"]["scores"]]


def test_two_player_match_on_a_phone_then_step_through_the_reckoning(
    site: Server, page_factory: Any
) -> None:
    ada = register(site, "Ada")
    match_id = match_against_bots(site, ada, "oh-fox", 2)
    page = page_factory(width=360, height=740)
    open_match(page, site, ada, match_id)

    # The board fits the phone; the hand scrolls inside its own strip.
    width = page.evaluate("() => window.innerWidth")
    board = page.locator(".of-board").bounding_box()
    assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= width + 1
    # Your identity card is yours alone, and a card of the table shows the same animal.
    mine = page.locator(".of-identity .of-animal strong").inner_text().lower()
    assert page.locator(f".of-animals .of-mine:has-text('{mine.capitalize()}')").count() == 1

    # Keyboard: Enter on a card selects it and focus stays on it through the redraw.
    wait_for_turn(page, 1)
    page.locator(".of-hand-card").first.focus()
    page.keyboard.press("Enter")
    assert page.locator(".of-hand-card.of-selected").count() == 1
    assert page.evaluate("() => document.activeElement.classList.contains('of-hand-card')")
    page.keyboard.press("Enter")  # and Enter again puts it back
    assert page.locator(".of-hand-card.of-selected").count() == 0

    for turn in range(1, 9):
        card = play_turn(page, turn)
        row = page.locator(".of-seat-row.of-you .of-row-cards .of-slot svg.of-card:not(.of-back)")
        assert row.count() >= turn - 1, f"turn {turn}: my played {card} is missing from my row"
    finish_guesses([page])

    # The reckoning: pause any autoplay, then Step moves one frame at a time to the scores.
    play = page.locator("[data-control=play]")
    if play.get_attribute("aria-pressed") == "true":
        play.click()
    reckoning = page.locator(".of-reckoning")
    # While it plays nothing around the table tells the end: no winner in the prompt or the
    # log, no final scores beside the names.
    expect(page.locator("#outcome-pending")).to_be_visible()
    expect(page.locator("#prompt-text")).not_to_contain_text("wins")
    expect(page.locator("#players-strip .player-score")).to_have_count(0)
    expect(page.locator("#panel-log-body")).not_to_contain_text("wins")
    start = int(reckoning.get_attribute("data-frame") or "0")
    page.locator("[data-control=step]").click()
    assert int(reckoning.get_attribute("data-frame") or "0") == start + 1
    for _ in range(200):
        if reckoning.get_attribute("data-final") == "true":
            break
        page.locator("[data-control=step]").click()
    assert reckoning.get_attribute("data-final") == "true"
    totals = [int(t) for t in page.locator(".of-tally .of-total").all_inner_texts()]
    assert totals == final_scores(site, match_id)
    # The results follow the reckoning (they were held while it played).
    expect(page.locator("#outcome .of-score-table tbody tr")).to_have_count(2)
    expect(page.locator("#players-strip .player-score")).to_have_count(2)
    expect(page.locator("#panel-log-body")).to_contain_text("Scores:")
    page.errors.check()


def seat_humans(site: Server, host: dict[str, str], guest: dict[str, str], seats: int) -> str:
    """A started match: host in seat 0, guest in seat 1, random bots in the other seats."""
    url = site.url + "/api/v1/lobbies"
    as_host = {"Authorization": f"Bearer {host['token']}"}
    as_guest = {"Authorization": f"Bearer {guest['token']}"}
    lobby = httpx.post(url, headers=as_host, json={"game": "oh-fox", "seats": seats}).json()
    httpx.post(f"{url}/{lobby['id']}/join", headers=as_guest, json={"seat": 1}).raise_for_status()
    for seat in range(2, seats):
        httpx.put(
            f"{url}/{lobby['id']}/seats/{seat}", headers=as_host, json={"bot": "random"}
        ).raise_for_status()
    for auth in (as_host, as_guest):
        httpx.post(
            f"{url}/{lobby['id']}/ready", headers=auth, json={"ready": True}
        ).raise_for_status()
    started = httpx.post(f"{url}/{lobby['id']}/start", headers=as_host)
    started.raise_for_status()
    return str(started.json()["match_id"])


def animal_of(site: Server, identity: dict[str, str], match_id: str) -> str:
    state = httpx.get(
        f"{site.url}/api/v1/matches/{match_id}/state",
        headers={"Authorization": f"Bearer {identity['token']}"},
    ).json()
    return str(state["view"]["you"]["animal"])


def assert_hidden_from(page: Any, seat: int, animal: str, turn: int) -> None:
    """In another player's page, `seat` has chosen (a tick, a back) but shows nothing more."""
    row = page.locator(f".of-seat-row[data-seat='{seat}']")
    assert row.locator(".of-chosen").count() == 1
    assert row.locator(".of-slot-pending svg.of-back").count() == 1
    assert row.locator("svg.of-card:not(.of-back)").count() == turn - 1
    assert row.locator(".of-role", has_text=animal.capitalize()).count() == 0
    assert animal.capitalize() not in page.locator(".of-identity").inner_text()


def test_four_player_match_keeps_identities_and_choices_private(
    site: Server, page_factory: Any
) -> None:
    ada, bo = register(site, "Ada"), register(site, "Bo")
    match_id = seat_humans(site, ada, bo, 4)
    animals = {0: animal_of(site, ada, match_id), 1: animal_of(site, bo, match_id)}
    ada_page, bo_page = page_factory(), page_factory()
    open_match(ada_page, site, ada, match_id)
    open_match(bo_page, site, bo, match_id)
    pages = {0: ada_page, 1: bo_page}

    for turn in range(1, 9):
        # Ada chooses first; Bo's page must show only that she has chosen, never what.
        first, second = (0, 1) if turn % 2 else (1, 0)
        card = play_turn(pages[first], turn)
        mine = pages[first].locator(f".of-seat-row.of-you .of-slot-pending svg.of-card-{card}")
        assert mine.count() == 1, "your own choice is shown to you, face up"
        pages[second].wait_for_selector(f".of-seat-row[data-seat='{first}'] .of-chosen")
        assert_hidden_from(pages[second], first, animals[first], turn)
        play_turn(pages[second], turn)

    finish_guesses([ada_page, bo_page])
    for seat, page in pages.items():
        # Once over, everything is revealed: the other human's animal is on the table.
        other = 1 - seat
        page.wait_for_selector(".of-reckoning")
        assert (
            page.locator(f".of-seat-row[data-seat='{other}'] .of-role").inner_text().lower()
            == animals[other]
        )
        # The reckoning plays first: no result is told before it ends (or is skipped to its end).
        if page.locator(".of-reckoning").get_attribute("data-final") != "true":
            expect(page.locator("#outcome")).to_have_count(0)
        page.locator("[data-control=end]").click()
        assert page.locator(".of-reckoning").get_attribute("data-final") == "true"
        expect(page.locator("#outcome .of-score-table")).to_be_visible()
        totals = [int(t) for t in page.locator(".of-tally .of-total").all_inner_texts()]
        assert totals == final_scores(site, match_id)
        page.errors.check()

"""The Fox in the Forest in the browser: a whole match against a bot, played by clicking cards.

The drawing is checked against the server's own envelope while it is the player's turn (the
table stands still then): the opponent's backs, the decree card and its trump label, the trick.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import match_against_bots, register
from tests.browser.table_helpers import act_and_wait
from tests.servers import Server

GAME = "fox-in-the-forest"
# Every Deluxe module, so the Fox, Woodcutter, Fairy, Hammer, Shovel and Crown decisions come up.
DELUXE = {
    "target_score": 16,
    "special_list": [
        "axe",
        "tree",
        "fairy",
        "crown",
        "mirror",
        "bow",
        "hammer",
        "potion",
        "shovel",
    ],
    "poison": True,
    "goals": True,
}
CHART = ("Humble", "Defeated", "Victorious", "Greedy")


def state(site: Server, identity: dict[str, str], match: str) -> dict[str, Any]:
    response = httpx.get(
        f"{site.url}/api/v1/matches/{match}/state",
        headers={"Authorization": f"Bearer {identity['token']}"},
    )
    response.raise_for_status()
    return dict(response.json())


def open_match(page: Any, site: Server, identity: dict[str, str], match: str) -> None:
    # The identity goes into localStorage before any script runs. (conftest's sign_in opens a
    # CSS file first, and Chromium then asks for /favicon.ico, a 404 logged as a console error.)
    page.add_init_script(
        f"localStorage.setItem('foxden.identity', JSON.stringify({json.dumps(identity)}))"
    )
    page.goto(f"{site.url}/match/{match}")
    page.wait_for_selector(".fx-table.fitf")


def my_turn(page: Any) -> Any:
    """Wait until there is something for this player to click; None once the match is over."""
    # A simultaneous choice (the Duet's swap) may be taken away by a push between seeing a
    # target and reading it: then look again. Only the outcome screen ends the wait.
    for _ in range(50):
        page.wait_for_function(
            "() => document.querySelector('#outcome')"
            " || document.querySelector('.fx-table .fx-legal')"
            " || document.querySelector('.prompt-buttons button')",
            timeout=15000,
        )
        if page.query_selector("#outcome"):
            return None
        found = page.query_selector(".fx-table .fx-legal") or page.query_selector(
            ".prompt-buttons button"
        )
        if found is not None:
            return found
    raise AssertionError("targets kept vanishing")


def click_and_wait(page: Any, target: Any, key: str | None = None) -> None:
    """Activate a target (a click, or focus and `key`), then wait for the next envelope."""
    act_and_wait(page, target, key)


def cards_in(page: Any, selector: str) -> list[str]:
    """The card ids drawn under `selector`, in order."""
    return list(page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)"))


def check_drawing(page: Any, envelope: dict[str, Any]) -> None:
    view = envelope["view"]
    # A finished trick still held on the table is gathered by clicking it.
    finished = page.locator(".fitf-trick[data-finished]")
    if finished.count():
        finished.click()
        expect(finished).to_have_count(0)
    backs = page.locator(".fitf-opponent .fx-backs .fx-card")
    assert backs.count() == view["hand_counts"][1]
    assert (
        page.locator(".fitf-opponent .fx-count")
        .inner_text()
        .startswith(str(view["hand_counts"][1]))
    )
    assert page.locator(".fitf-you .fx-hand .fx-card").count() == len(view["hand"])
    trump = page.locator(".fitf-trump")
    if view["trump"]:
        assert trump.get_attribute("data-trump") == view["trump"]
        assert trump.inner_text().strip() == f"Trump: {view['trump'].capitalize()}"
    else:
        assert trump.inner_text().strip() == "No trump suit"
    assert (
        page.locator(".fitf-decree [data-card]").get_attribute("data-card") == view["decree"]["id"]
    )
    in_trick = [p["card"]["id"] for p in (view["trick"]["lead"], view["trick"]["follow"]) if p]
    drawn = cards_in(page, ".fitf-trick [data-card]")
    assert drawn == in_trick
    # Only the envelope's legal cards are clickable in the hand.
    legal = {a["card"] for a in envelope["legal_actions"] if a["type"] == "play"}
    clickable = cards_in(page, ".fitf-you .fx-hand .fx-legal")
    assert set(clickable) == legal


def test_a_whole_deluxe_match_by_clicking_cards(site: Server, page_factory: Any) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, GAME, 2, DELUXE)
    page = page_factory()
    open_match(page, site, ada, match)
    checked = keyboard_used = False
    deadline = time.monotonic() + 90
    while (target := my_turn(page)) is not None:
        assert time.monotonic() < deadline, "the match did not finish"
        if not checked:
            envelope = state(site, ada, match)
            if {a["type"] for a in envelope["legal_actions"]} == {"play"}:
                check_drawing(page, envelope)
                checked = True
        if page.query_selector(".fitf-round-end"):
            # This player deals the next round: the round-end table is on the table first.
            table = page.locator(".fitf-round-end table").inner_text()
            assert any(name in table for name in CHART)
        use_keyboard = (
            not keyboard_used and page.query_selector(".fitf-you .fx-hand .fx-legal") is not None
        )
        if use_keyboard:
            # Keyboard players reach the same cards: focus one and press Enter.
            target = page.query_selector(".fitf-you .fx-hand .fx-legal")
            keyboard_used = True
        click_and_wait(page, target, "Enter" if use_keyboard else None)
    assert checked and keyboard_used
    final = state(site, ada, match)
    assert final["status"] == "finished"
    assert max(final["view"]["scores"]) >= 16
    # The outcome screen carries the round table: one row per round, tricks named by the chart.
    rows = page.locator("#outcome .fitf-rounds tbody tr")
    assert rows.count() == len(final["view"]["history"]) >= 1
    assert any(name in rows.first.inner_text() for name in CHART)
    page.errors.check()


def test_phone_width_table(site: Server, page_factory: Any) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, GAME, 2, {"special_cards": 2})
    page = page_factory(width=360, height=740)
    open_match(page, site, ada, match)
    target = my_turn(page)
    assert target is not None
    envelope = state(site, ada, match)
    if {a["type"] for a in envelope["legal_actions"]} == {"play"}:
        check_drawing(page, envelope)
    # The page never scrolls sideways: the hand scrolls inside itself instead.
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360
    hand = page.locator(".fitf-you .fx-hand")
    assert hand.evaluate("el => getComputedStyle(el).overflowX") == "auto"
    # The first legal card is scrolled into view of the hand (the scroll may still be moving).
    page.wait_for_function(
        """() => {
          const hand = document.querySelector('.fitf-you .fx-hand');
          const card = hand && hand.querySelector('.fx-legal');
          if (!card) return false;
          const box = card.getBoundingClientRect(), frame = hand.getBoundingClientRect();
          return box.left >= frame.left - 1 && box.right <= frame.right + 1;
        }""",
        timeout=5_000,
    )
    page.errors.check()


# --------------------------------------------------------------------------- decisions, drawn alone

HARNESS = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>renderer</title></head><body><div id="root"></div><script type="module">
const mod = (await import("/static/games/fox-in-the-forest.js")).default;
const chosen = {};
window.sent = [];
window.show = (envelope) => {
  const root = document.getElementById("root");
  const draw = () => {
    root.replaceChildren();
    mod.render(root, envelope, { act: (a) => window.sent.push(a), seat: envelope.seat,
      names: ["Ada", "Bo"], previous: null, reducedMotion: true,
      select: (k, v) => { chosen[k] = v; draw(); }, selected: (k) => chosen[k] });
  };
  draw();
  return mod.promptActions(envelope).map((a) => mod.label(a, envelope));
};
window.ready = true;
</script></body></html>"""


def envelope_where(options: dict[str, Any], wanted: Any) -> dict[str, Any]:
    """Play random legal moves from seeded deals until seat 0 faces a decision `wanted` accepts."""
    from app.games import REGISTRY

    engine = REGISTRY[GAME]
    for seed in range(200):
        rng = random.Random(seed)
        game = engine.setup(2, engine.check_options(options, 2), seed)
        while engine.outcome(game) is None:
            seat = engine.to_act(game)[0]
            legal = list(engine.legal_actions(game, seat))
            if seat == 0 and wanted(legal):
                return {
                    "version": 7,
                    "seat": 0,
                    "to_act": list(engine.to_act(game)),
                    "legal_actions": legal,
                    "view": engine.view(game, 0),
                    "outcome": None,
                    "status": "active",
                    "seats": [{"seat": 0, "name": "Ada"}, {"seat": 1, "name": "Bo"}],
                }
            game = engine.apply(game, seat, rng.choice(legal)).state
    raise AssertionError("no deal reached that decision")


def harness(site: Server, page_factory: Any) -> Any:
    page = page_factory()
    page.route(
        site.url + "/renderer-harness",
        lambda route: route.fulfill(status=200, body=HARNESS, content_type="text/html"),
    )
    page.goto(site.url + "/renderer-harness")
    page.wait_for_function("() => window.ready === true")
    return page


def test_the_crown_toggle_turns_a_click_into_a_crowned_play(
    site: Server, page_factory: Any
) -> None:
    envelope = envelope_where(
        {"special_list": ["crown"]}, lambda legal: any(a["type"] == "play_crowned" for a in legal)
    )
    page = harness(site, page_factory)
    page.evaluate("e => window.show(e)", envelope)
    crowned = next(a["card"] for a in envelope["legal_actions"] if a["type"] == "play_crowned")
    toggle = page.locator(".fitf-crown-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert page.locator(".fitf-crown-toggle").get_attribute("aria-pressed") == "true"
    # Only the cards the Crown may go with stay clickable.
    clickable = cards_in(page, ".fitf-you .fx-legal")
    assert set(clickable) == {
        a["card"] for a in envelope["legal_actions"] if a["type"] == "play_crowned"
    }
    page.locator(f".fitf-you .fx-legal[data-card='{crowned}']").click()
    assert page.evaluate("() => window.sent") == [{"type": "play_crowned", "card": crowned}]
    # On the next envelope the toggle starts off again.
    page.evaluate("e => window.show({...e, version: e.version + 1})", envelope)
    assert page.locator(".fitf-crown-toggle").get_attribute("aria-pressed") == "false"
    page.errors.check()


def test_the_fairy_shows_two_cards_to_take_and_the_hammer_names_a_suit(
    site: Server, page_factory: Any
) -> None:
    page = harness(site, page_factory)
    fairy = envelope_where(
        {"special_list": ["fairy"]}, lambda legal: any(a["type"] == "take" for a in legal)
    )
    buttons = page.evaluate("e => window.show(e)", fairy)
    assert buttons == ["Take nothing"]
    shown = [card["id"] for card in fairy["view"]["decision"]["shown"]]
    offered = cards_in(page, ".fitf-decision .fx-legal")
    assert offered == shown
    page.locator(".fitf-decision .fx-legal").first.press("Enter")
    assert page.evaluate("() => window.sent") == [{"type": "take", "card": shown[0]}]

    hammer = envelope_where(
        {"special_list": ["hammer"]}, lambda legal: any(a["type"] == "name_suit" for a in legal)
    )
    assert page.evaluate("e => window.show(e)", hammer) == ["Name Bells", "Name Keys", "Name Moons"]
    page.errors.check()


def test_a_seat_that_may_only_claim_a_goal_is_not_the_one_to_play(
    site: Server, page_factory: Any
) -> None:
    """to_act holds every seat that may claim a goal; only the seat whose decision it is must
    act, and only it is marked "to play" and told "Your turn"."""
    page = page_factory()
    page.goto(site.url + "/")
    must_act = """async (envelope) => {
      const renderer = (await import('/static/games/fox-in-the-forest.js')).default;
      return renderer.mustAct(envelope);
    }"""
    claim = {"type": "claim", "goal": "g1"}
    play = {"type": "play", "card": "bells-3"}
    # Seat 0 may only claim while seat 1 plays: seat 1 is the one waited for.
    waiting = {"seat": 0, "to_act": [0, 1], "legal_actions": [claim]}
    assert page.evaluate(must_act, waiting) == [1]
    # Seat 0 plays (and may claim too); seat 1 may only claim.
    deciding = {"seat": 0, "to_act": [0, 1], "legal_actions": [play, claim]}
    assert page.evaluate(must_act, deciding) == [0]
    # One seat to act, or a spectator who cannot tell: to_act as it is.
    assert page.evaluate(must_act, {"seat": 0, "to_act": [1], "legal_actions": []}) == [1]
    assert page.evaluate(must_act, {"seat": None, "to_act": [0, 1], "legal_actions": []}) == [
        0,
        1,
    ]
    page.errors.check()

"""When help shows and goes: a tooltip opens on hover, a long press or keyboard focus only (a
tap or a click is a move, not a question), closes when the pointer leaves, on a tap elsewhere
and on Escape, and never covers the status bar (the prompt and its buttons). On an Oh, Fox!
table, whose face-up animal cards always carry help."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import match_against_bots, register
from tests.browser.table_helpers import DESKTOP, PHONE
from tests.servers import Server

expect.set_options(timeout=10_000)
ANIMAL = "#table .of-animal[data-help]"
SHOWN = ".help-tip:not([hidden])"


def open_table(page: Any, site: Server) -> None:
    ada = register(site, "Ada")
    match = match_against_bots(site, ada, "oh-fox", 2)
    page.add_init_script(
        f"localStorage.setItem('foxden.identity', JSON.stringify({json.dumps(ada)}))"
    )
    page.goto(f"{site.url}/match/{match}")
    page.wait_for_selector("#connection[data-state='connected']")
    page.wait_for_selector(ANIMAL)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A touch phone (taps are touches, not mouse clicks)."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield context.new_page()
    context.close()


def tip_of(page: Any, target: Any) -> Any:
    return page.locator(f"#{target.get_attribute('data-help')}")


def tap(page: Any, target: Any) -> None:
    box = target.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_a_tap_opens_no_help_and_a_long_press_does_until_a_tap_elsewhere(
    site: Server, phone: Any
) -> None:
    open_table(phone, site)
    animal = phone.locator(ANIMAL).first
    animal.scroll_into_view_if_needed()
    tap(phone, animal)
    expect(animal).to_be_focused()  # the tap reached it ...
    assert phone.locator(SHOWN).count() == 0  # ... and opened nothing
    card = phone.locator(".of-hand button[data-help]:not([disabled])").first
    card.scroll_into_view_if_needed()
    tap(phone, card)
    expect(card).to_have_attribute("aria-pressed", "true")  # a tap on a card picks it
    assert phone.locator(SHOWN).count() == 0
    # A long press opens the help; it stays while read, and a tap elsewhere closes it.
    animal.scroll_into_view_if_needed()
    animal.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
    expect(tip_of(phone, animal)).to_be_visible()
    animal.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
    tap(phone, phone.locator(".match-title"))
    expect(phone.locator(SHOWN)).to_have_count(0)


def test_hover_opens_the_help_and_leaving_closes_it_even_after_a_click(
    site: Server, page_factory: Any
) -> None:
    page = page_factory(**DESKTOP)
    open_table(page, site)
    animal = page.locator(ANIMAL).first
    animal.hover()
    expect(tip_of(page, animal)).to_be_visible()
    page.mouse.move(0, 0)
    expect(page.locator(SHOWN)).to_have_count(0)
    animal.click()  # focused by the click, but a click is not a question
    expect(tip_of(page, animal)).to_be_visible()  # still hovered
    page.mouse.move(0, 0)
    expect(page.locator(SHOWN)).to_have_count(0)
    page.errors.check()


def test_keyboard_focus_opens_the_help_and_escape_closes_it(
    site: Server, page_factory: Any
) -> None:
    page = page_factory(**DESKTOP)
    open_table(page, site)
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('#table .of-animal[data-help]')"):
            break
    else:
        raise AssertionError("the keyboard never reached an animal card")
    focused = page.locator(":focus")
    expect(tip_of(page, focused)).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(SHOWN)).to_have_count(0)
    page.errors.check()


# JS: scroll a help target just under the sticky status bar; where the bar and the tip are.
UNDER_THE_BAR = """(el) => { el.scrollIntoView({ block: 'start' }); }"""
OVERLAP = """() => {
  const bar = document.querySelector('#match-status').getBoundingClientRect();
  const tip = document.querySelector('.help-tip:not([hidden])').getBoundingClientRect();
  const apart = tip.bottom <= bar.top || tip.top >= bar.bottom
    || tip.right <= bar.left || tip.left >= bar.right;
  return apart ? null : `tip ${Math.round(tip.top)}-${Math.round(tip.bottom)} over the bar `
    + `${Math.round(bar.top)}-${Math.round(bar.bottom)}`;
}"""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_help_never_covers_the_prompt(
    site: Server, page_factory: Any, size: dict[str, int]
) -> None:
    page = page_factory(**size)
    open_table(page, site)
    animals = page.locator(ANIMAL)
    for index in range(animals.count()):
        animal = animals.nth(index)
        animal.evaluate(UNDER_THE_BAR)
        page.mouse.move(0, size["height"] - 1)
        animal.hover(force=True, no_wait_after=True)
        expect(page.locator(SHOWN)).to_have_count(1)
        assert page.evaluate(OVERLAP) is None, f"animal {index}"
    page.errors.check()

"""Helpers for the match-table browser tests: act and wait for the next push, in-view checks,
screenshots. The table morphs each push into the same elements, so a test waits for the
version on #table to change rather than for an element to be replaced."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

SCREENSHOTS = Path(os.environ.get("FOXDEN_SCREENSHOTS", Path(__file__).parent / "screenshots"))
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
# A test run at both sizes the issue names, as its `size` argument.
BOTH_SIZES = pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])


def version(page: Any) -> str | None:
    value = page.get_attribute("#table", "data-version")
    return str(value) if value is not None else None


def act_and_wait(page: Any, target: Any, key: str | None = None) -> None:
    """Activate a target, then wait until a new envelope is on the table.

    If a push changed the table between finding the target and activating it, the element
    may no longer be a legal target (the click then sent nothing): return, and the caller
    looks for its target again.
    """
    before = version(page)
    try:
        if key:
            target.focus()
            page.keyboard.press(key)
        else:
            target.click(timeout=3000)
    except PlaywrightError:
        if target.evaluate("el => el.isConnected"):
            raise
        return
    page.wait_for_function(
        """([el, before]) => {
          const now = document.querySelector('#table')?.dataset.version;
          if (now !== before) return true;
          // Not a target any more: the click did nothing, look again.
          return !el.isConnected || !el.matches('.fx-legal, [role=button], button:not([disabled])');
        }""",
        arg=[target, before],
        timeout=10000,
    )


# JS: what of `selector` is not wholly inside the viewport (empty: all of it is in view).
OUTSIDE_VIEWPORT = """(selector) => {
  const bad = [];
  const w = window.innerWidth, h = window.innerHeight;
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (r.top < -1 || r.left < -1 || r.bottom > h + 1 || r.right > w + 1) {
      bad.push(`${selector} at ${Math.round(r.left)},${Math.round(r.top)} `
        + `${Math.round(r.width)}x${Math.round(r.height)} in ${w}x${h}`);
    }
  }
  return document.querySelector(selector) ? bad : [`no ${selector}`];
}"""


def outside_viewport(page: Any, selector: str) -> list[str]:
    """What of `selector` is not wholly inside the viewport (empty: all of it is in view)."""
    return list(page.evaluate(OUTSIDE_VIEWPORT, selector))


def screenshot(page: Any, name: str) -> Path:
    """Save a full-viewport screenshot under tests/browser/screenshots/ (git-ignored)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path

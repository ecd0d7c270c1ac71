"""Screenshots of the pages at the two sizes the issue names, and the checks made on each.

Saved under FOXDEN_SCREENSHOTS (default: <tmp>/foxden-screenshots) for a person to look at;
never compared pixel by pixel (fonts differ between machines).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "desktop": DESKTOP}


def screenshot_dir() -> Path:
    default = Path(tempfile.gettempdir()) / "foxden-screenshots"
    folder = Path(os.environ.get("FOXDEN_SCREENSHOTS", default))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save(page: Any, name: str, full_page: bool = True) -> Path:
    """The whole page, or (`full_page=False`) what the first screen shows."""
    path = screenshot_dir() / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def assert_no_sideways_scroll(page: Any, where: str) -> None:
    """Nothing sticks out to the right: on a phone that would mean scrolling sideways."""
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"{where}: the page is {widths[0]} px wide in {widths[1]} px"

"""Renders the app icons (app/frontend/icons/*.png) from their SVG sources with Chromium.

Run on purpose only, after changing an SVG: `pytest tests/browser/refresh_icons.py` (pytest
collects a file named on its command line; `make test` never collects this one, whose name is
not test_*.py). The PNGs are committed: the manifest and the Apple touch icon need bitmaps, and
tests/api_contract/test_installable.py checks each has the size the manifest gives it.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest

ICONS = Path(__file__).parents[2] / "app" / "frontend" / "icons"
# (the PNG, its SVG source, its width and height): the manifest's icons, then iOS's home screen
# icon (opaque: iOS would fill a transparent corner with black; it rounds the corners itself).
RENDERED = [
    ("foxden-192.png", "foxden.svg", 192),
    ("foxden-512.png", "foxden.svg", 512),
    ("foxden-maskable-192.png", "foxden-maskable.svg", 192),
    ("foxden-maskable-512.png", "foxden-maskable.svg", 512),
    ("apple-touch-icon.png", "foxden-maskable.svg", 180),
]


@pytest.mark.parametrize(("png", "source", "size"), RENDERED, ids=[r[0] for r in RENDERED])
def test_render_the_icon(browser: Any, png: str, source: str, size: int) -> None:
    svg = base64.b64encode((ICONS / source).read_bytes()).decode()
    context = browser.new_context(viewport={"width": size, "height": size})
    try:
        page = context.new_page()
        page.set_content(
            "<style>html, body { margin: 0; background: transparent; }</style>"
            f'<img alt="" width="{size}" height="{size}" src="data:image/svg+xml;base64,{svg}">'
        )
        page.wait_for_function("() => document.images[0].complete")
        page.screenshot(path=str(ICONS / png), omit_background=True)
    finally:
        context.close()

"""What every page's head says of the app, written once: the theme, the manifest, the icons.

The HTML files of app/frontend/ carry one marker line where these tags belong, and are served
with the tags in its place (app/web/pages.py); the rules pages are rendered with them. There is
no build step, so the serving is the place to keep one copy. The theme is the site header's
colour (css/foxden.css --forest-dark).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

APP_HEAD_TAGS = (
    '<meta name="theme-color" content="#234f3b">',
    '<link rel="manifest" href="/manifest.webmanifest">',
    '<link rel="icon" href="/static/icons/foxden.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">',
    '<meta name="mobile-web-app-capable" content="yes">',
    '<meta name="apple-mobile-web-app-capable" content="yes">',
    '<meta name="apple-mobile-web-app-title" content="Foxden">',
    '<meta name="apple-mobile-web-app-status-bar-style" content="default">',
)
APP_HEAD_MARKER = "<!-- the app's head: app/web/page_head.py -->"


def with_app_head(html: str) -> str:
    return html.replace(APP_HEAD_MARKER, "\n  ".join(APP_HEAD_TAGS))


def served_page(path: Path) -> bytes:
    """A page of the frontend as it is served: with the app's head in place of its marker."""
    return with_app_head(path.read_text(encoding="utf-8")).encode()


@cache
def release_page(path: Path) -> bytes:
    """`served_page`, read once: a release's files do not change while it runs (the release's
    version is worked out once too, app/web/release.py)."""
    return served_page(path)

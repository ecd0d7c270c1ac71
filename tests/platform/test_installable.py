"""The installable app's files as the server answers them: the web app manifest, the service
worker with this release's assets, the offline page, and the head of every page (icons, theme,
manifest link). tests/browser/test_installable_app.py installs it in Chromium."""

from __future__ import annotations

import json
import re
import struct
from typing import Any

import httpx

from app.core.packaged import FRONTEND
from app.web.page_head import APP_HEAD_MARKER, APP_HEAD_TAGS, served_page
from app.web.release import RELEASE_HEADER, integrity

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def css_colour(name: str) -> str:
    """A colour of the site's shared stylesheet, by its custom property's name."""
    styles = (FRONTEND / "css" / "foxden.css").read_text()
    found = re.search(rf"--{name}:\s*(#[0-9a-f]{{6}})", styles)
    assert found, name
    return found.group(1)


def png_size(content: bytes) -> tuple[int, int]:
    assert content.startswith(PNG_SIGNATURE)
    width, height = struct.unpack(">II", content[16:24])  # the IHDR chunk comes first
    return width, height


def declared_release(script: str) -> dict[str, Any]:
    """The FOXDEN_RELEASE that /sw.js declares in its first statement."""
    declared = script.split("const FOXDEN_RELEASE = ", 1)[1].split(";\n", 1)[0]
    return dict(json.loads(declared))


async def test_the_manifest_describes_an_installable_app(client: httpx.AsyncClient) -> None:
    response = await client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/manifest+json"
    assert response.headers["cache-control"] == "no-cache"
    manifest = response.json()
    assert manifest["name"].startswith("Foxden") and manifest["short_name"] == "Foxden"
    assert manifest["description"]
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == css_colour("forest-dark")  # the site header's bar
    assert manifest["background_color"] == css_colour("paper")
    pngs = {}
    for icon in manifest["icons"]:
        answer = await client.get(icon["src"])
        assert answer.status_code == 200, icon
        assert answer.headers["content-type"] == icon["type"], icon
        if icon["type"] == "image/png":
            width, height = png_size(answer.content)
            assert icon["sizes"] == f"{width}x{height}", icon
            pngs[icon["purpose"], width] = icon
    assert {("any", 192), ("any", 512), ("maskable", 512)} <= set(pngs)


async def test_the_service_worker_carries_this_release(client: httpx.AsyncClient) -> None:
    response = await client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/javascript")
    assert response.headers["cache-control"] == "no-cache"
    # At the root its scope is the whole site: no Service-Worker-Allowed is needed.
    assert "service-worker-allowed" not in response.headers
    release = declared_release(response.text)
    page = await client.get("/")
    assert release["version"] == page.headers[RELEASE_HEADER]
    assert release["extensions"] == sorted(
        "/static/js/" + p.name for p in (FRONTEND / "js").glob("sw-*.js")
    )
    urls = [asset["url"] for asset in release["assets"]]
    for needed in ("/offline", "/static/css/foxden.css", "/static/js/match.js"):
        assert needed in urls
    assert "/static/games/oh-fox.js" in urls and "/static/icons/foxden-192.png" in urls
    assert not [url for url in urls if url.endswith((".html", ".d.ts", "service-worker.js"))]
    # Each integrity is the hash of exactly what the server answers there.
    for asset in release["assets"]:
        answer = await client.get(asset["url"])
        assert answer.status_code == 200, asset["url"]
        assert integrity(answer.content) == asset["integrity"], asset["url"]


async def test_the_offline_page_is_a_page_of_this_release(client: httpx.AsyncClient) -> None:
    response = await client.get("/offline")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"
    assert RELEASE_HEADER.lower() in response.headers
    assert "You are offline" in response.text


def test_every_page_names_the_manifest_and_the_icons() -> None:
    assert f'<meta name="theme-color" content="{css_colour("forest-dark")}">' in APP_HEAD_TAGS
    for page in sorted(FRONTEND.glob("*.html")):
        written = page.read_text(encoding="utf-8")
        assert written.count(APP_HEAD_MARKER) == 1, page.name  # in the head, once
        assert written.index(APP_HEAD_MARKER) < written.index("</head>"), page.name
        served = served_page(page).decode()
        for tag in APP_HEAD_TAGS:
            assert tag in served, (page.name, tag)
        assert 'href="data:,"' not in served and APP_HEAD_MARKER not in served, page.name


async def test_a_page_is_served_with_the_apps_head(client: httpx.AsyncClient) -> None:
    response = await client.get("/daily/oh-fox/2026-12-05")
    assert response.headers["content-type"].startswith("text/html")
    assert "\n  ".join(APP_HEAD_TAGS) in response.text


async def test_a_rules_page_is_a_page_of_the_app(client: httpx.AsyncClient) -> None:
    response = await client.get("/games/oh-fox/rules")
    assert "".join(APP_HEAD_TAGS) in response.text
    assert response.headers[RELEASE_HEADER] == (await client.get("/")).headers[RELEASE_HEADER]


async def test_the_frontends_files_are_revalidated_at_each_use(client: httpx.AsyncClient) -> None:
    """A file keeps its URL across releases: a browser must ask again rather than guess it is
    fresh (a new page with an old stylesheet); an unchanged file costs a 304."""
    first = await client.get("/static/css/foxden.css")
    assert first.status_code == 200 and first.headers["cache-control"] == "no-cache"
    again = await client.get(
        "/static/css/foxden.css", headers={"If-None-Match": first.headers["etag"]}
    )
    assert again.status_code == 304

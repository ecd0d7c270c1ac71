"""Foxden installs as an app and opens offline, in Chromium against a real server: the browser
finds it installable (its own checks, through the DevTools protocol), the service worker takes
the page over, a page asked for offline is the offline page drawn from the cache, and it opens
the page asked for once the connection is back. tests/browser/test_app_release.py covers what
a new release does to the cache."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import ARGS, CHROMIUM, Site
from tests.platform.test_installable import declared_release
from tests.servers import Server

CONTROLLED = "() => navigator.serviceWorker.controller !== null"
# Every URL the service worker keeps, whatever its cache's name.
CACHED_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    const requests = await (await caches.open(name)).keys();
    urls.push(...requests.map((request) => new URL(request.url).pathname));
  }
  return urls;
}"""
PAPER = "rgb(246, 241, 231)"  # css/foxden.css --paper: the styles came


def release_assets(site: Site) -> list[str]:
    """The URLs /sw.js says this release precaches."""
    release = declared_release(httpx.get(site.url + "/sw.js").text)
    return [asset["url"] for asset in release["assets"]]


def controlled_page(page_factory: Any, site: Site, path: str = "/") -> Any:
    """A page the service worker has taken over (installed, precached, activated, claimed)."""
    page = page_factory(service_worker=True)
    page.goto(site.url + path)
    page.wait_for_function(CONTROLLED)
    return page


def test_chromium_finds_foxden_installable(site: Server, browser: Any, tmp_path: Path) -> None:
    # A profile on disk: Chromium offers no install from an incognito window, and each of
    # browser.new_context() is one ("in-incognito" would be the only installability error).
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS
    )
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(site.url + "/")
        page.wait_for_function(CONTROLLED)
        devtools = context.new_cdp_session(page)
        installability = devtools.send("Page.getInstallabilityErrors")
        assert installability["installabilityErrors"] == []
        manifest = devtools.send("Page.getAppManifest")
        assert manifest["url"] == site.url + "/manifest.webmanifest"
        assert manifest["errors"] == []
        parsed = manifest["manifest"]  # as Chromium read it: the page's theme and icons
        assert parsed["name"].startswith("Foxden") and parsed["display"] == "kStandalone"
        assert parsed["startUrl"] == site.url + "/" and parsed["scope"] == site.url + "/"
        assert parsed["themeColor"] == "rgba(35,79,59,1)"  # the site header's --forest-dark
        assert parsed["backgroundColor"] == "rgba(246,241,231,1)"  # the paper
        icons = {icon["url"]: icon["sizes"] for icon in parsed["icons"]}
        assert icons[site.url + "/static/icons/foxden-512.png"] == "512x512"
        assert icons[site.url + "/static/icons/foxden-maskable-512.png"] == "512x512"
        assert errors == []
    finally:
        context.close()


def test_offline_a_page_opens_to_the_offline_page_from_the_cache(
    site: Server, page_factory: Any
) -> None:
    page = controlled_page(page_factory, site)
    page.context.set_offline(True)
    page.goto(site.url + "/account")
    expect(page.locator("main h1")).to_have_text("You are offline")
    expect(page).to_have_url(site.url + "/account")  # in place of the page, at its address
    # Its styles and its modules (the site header is drawn by js/ui.js) came from the cache,
    # and so does any table's renderer, though this page never loaded one.
    expect(page.locator(".site-header .brand")).to_be_visible()
    assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") == PAPER
    renderer = "() => import('/static/games/oh-fox.js').then((m) => typeof m.default.render)"
    assert page.evaluate(renderer) == "function"
    # Back online, the offline page opens the page that was asked for.
    page.context.set_offline(False)
    expect(page).to_have_title("Account — Foxden", timeout=30_000)
    expect(page.locator("main h1")).not_to_have_text("You are offline")
    page.errors.check()


def test_the_cache_holds_this_release_s_assets_and_never_the_api(
    site: Server, page_factory: Any
) -> None:
    page = controlled_page(page_factory, site)
    expect(page.locator(".game-card").first).to_be_visible()  # the home page asked the API
    cached = page.evaluate(CACHED_URLS)
    assert sorted(cached) == sorted(release_assets(site))
    assert "/offline" in cached and "/static/js/match.js" in cached
    assert not [url for url in cached if url.startswith("/api/")]
    page.errors.check()

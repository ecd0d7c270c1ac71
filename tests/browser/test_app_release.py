"""A new release reaches the installed app: changing one asset's content changes the service
worker's cache version, the new worker replaces the cache and deletes the old one when it
activates, and the first page after the release never gets the old asset.

The server runs from a copy of the app package (its frontend is what changes between the
releases) and is restarted on the same port: the same origin, as a real release is. One
release, made once for the module, serves every test: pages the old release's worker controls
are opened before it, a page of the new release after.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from app.web.release import RELEASE_HEADER
from tests.browser.conftest import new_pages
from tests.browser.test_installable_app import controlled_page
from tests.servers import ROOT, sqlite_env
from tests.support.child_server import ChildServer

STYLES = "css/foxden.css"
CACHE_NAMES = "() => caches.keys()"
# caches.keys() answers a promise, which wait_for_function would take for a truthy value: the
# page keeps the names where a plain predicate can read them.
WATCH_CACHES = """() => {
  const look = async () => {
    window.cacheNames = await caches.keys();
    requestAnimationFrame(look);
  };
  look();
}"""
CACHES_ARE = "(names) => JSON.stringify(window.cacheNames) === JSON.stringify(names)"
CACHED_TEXT = "([name, url]) => caches.open(name).then((c) => c.match(url)).then((r) => r.text())"
# A worker extension as a feature adds one (js/sw-*.js): it answers a page's message.
EXTENSION = """self.addEventListener("message", (event) => {
  event.source.postMessage({ extension: "sw-echo", release: FOXDEN_RELEASE.version });
});
"""
ASK_THE_WORKER = """() => {
  const worker = navigator.serviceWorker;
  worker.addEventListener("message", (event) => { window.workerSaid = event.data; });
  worker.controller.postMessage("hello");
}"""
MARKER = "() => getComputedStyle(document.documentElement).getPropertyValue('--release').trim()"


class ReleasedSite:
    """A server on a copy of the app; `release()` changes its frontend and restarts it."""

    def __init__(self, folder: Path) -> None:
        self.package = folder / "app"
        shutil.copytree(ROOT / "app", self.package, ignore=shutil.ignore_patterns("__pycache__"))
        self.server = ChildServer(sqlite_env(folder), cwd=folder)
        self.releases = 0

    @property
    def url(self) -> str:
        return self.server.url

    def version(self) -> str:
        return httpx.get(self.url + "/").headers[RELEASE_HEADER]

    def cache_name(self) -> str:
        return "foxden-static-" + self.version()

    def release(self, added: dict[str, str]) -> str:
        """A release that changes the shared stylesheet and adds the `added` frontend files,
        served from a restart on the same port; the stylesheet's marker, which pages show."""
        self.releases += 1
        marker = f"release-{self.releases}"
        styles = self.package / "frontend" / STYLES
        styles.write_text(styles.read_text() + f"\n:root {{ --release: {marker}; }}\n")
        for path, text in added.items():
            (self.package / "frontend" / path).write_text(text)
        self.server.kill()
        self.server.start()
        return marker


def wait_for_caches(page: Any, names: list[str]) -> None:
    """Until the origin's caches are exactly `names`: the old release's deleted, not kept."""
    page.evaluate(WATCH_CACHES)
    page.wait_for_function(CACHES_ARE, arg=names)


@dataclass
class AcrossARelease:
    """Two pages the worker of the old release controlled when the next release came out
    (each its own browser context, so its own caches): one for the browser's update check,
    one for a reload. One release serves all the tests: each restart costs seconds."""

    site: ReleasedSite
    checking: Any
    reloading: Any
    old: str  # the old release's cache, the only one before the release
    marker: str  # the new release's stylesheet marker


@pytest.fixture(scope="module")
def across(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[AcrossARelease]:
    site = ReleasedSite(tmp_path_factory.mktemp("release"))
    site.server.start()
    with new_pages(browser) as make:
        checking, reloading = controlled_page(make, site), controlled_page(make, site)
        old = site.cache_name()
        assert checking.evaluate(CACHE_NAMES) == reloading.evaluate(CACHE_NAMES) == [old]
        # The stylesheet changes, and a worker extension as a feature adds one (js/sw-*.js).
        marker = site.release({"js/sw-echo.js": EXTENSION})
        assert site.cache_name() != old  # one asset's content changed: a new version
        yield AcrossARelease(site, checking, reloading, old, marker)
    site.server.stop()


def test_a_release_replaces_the_cache_and_deletes_the_old_one(across: AcrossARelease) -> None:
    page = across.checking
    # The browser's own update check, without a page load: only the new worker's activation
    # can delete the old cache here.
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    new = across.site.cache_name()
    wait_for_caches(page, [new])
    assert across.marker in page.evaluate(CACHED_TEXT, [new, "/static/" + STYLES])
    page.errors.check()


def test_the_first_page_after_a_release_gets_the_new_assets(across: AcrossARelease) -> None:
    page = across.reloading
    # The worker of the old release still controls this page when it loads again; it must
    # not answer with its cached stylesheet.
    page.reload()
    expect(page.locator(".site-header")).to_be_visible()
    assert page.evaluate(MARKER) == across.marker
    wait_for_caches(page, [across.site.cache_name()])
    assert across.old not in page.evaluate(CACHE_NAMES)
    page.errors.check()


def test_a_worker_extension_is_imported_with_the_release(
    across: AcrossARelease, page_factory: Any
) -> None:
    """The extension point the Web Push handlers use: a js/sw-*.js file, nothing else."""
    page = controlled_page(page_factory, across.site)
    page.evaluate(ASK_THE_WORKER)
    said = page.wait_for_function("() => window.workerSaid").json_value()
    assert said == {"extension": "sw-echo", "release": across.site.version()}
    page.errors.check()

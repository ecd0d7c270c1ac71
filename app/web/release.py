"""This release's browser files, by content: what the service worker precaches, and the version
that names its cache.

Every file of the frontend is hashed once per process (at app start): the version is the hash
of the whole list of paths and content hashes, so a release that changes any file, however
small, gets a new version, a new `/sw.js` and a new cache, and the old cache is deleted when
the new worker activates (docs/frontend.md). Each precached asset carries its SHA-256 as a
subresource-integrity string: the worker fetches it with that integrity, so bytes that are not
this release's (a stale HTTP cache, a server mid-deploy) fail the install instead of being kept.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from app.core.packaged import FRONTEND
from app.web.page_head import served_page

STATIC = "/static/"
OFFLINE_URL = "/offline"
OFFLINE_PAGE = "offline.html"
# On every page: the release it belongs to, which a worker of another release notices.
RELEASE_HEADER = "Foxden-Release"
# What the pages load: styles, modules, renderers, help texts, fonts and images. Not the HTML
# (served under friendly URLs, and fetched fresh so a release is seen), nor type declarations,
# licences, the manifest, or the worker's own scripts.
PRECACHED_SUFFIXES = frozenset(
    {".css", ".js", ".json", ".svg", ".png", ".webp", ".jpg", ".woff", ".woff2"}
)
NOT_PRECACHED_SUFFIXES = (".d.ts",)
WORKER_SOURCE = "js/service-worker.js"
# Scripts the worker imports beside its own (Web Push's handlers: js/sw-push.js): a feature adds
# one by adding a file, nothing else to register.
EXTENSION_GLOB = "js/sw-*.js"


@dataclass(frozen=True)
class Asset:
    url: str
    integrity: str  # "sha256-<base64>", as fetch() and <script integrity> take it


@dataclass(frozen=True)
class Release:
    version: str
    assets: tuple[Asset, ...]
    extensions: tuple[str, ...]

    def worker_data(self) -> dict[str, object]:
        """What `/sw.js` is told about this release (the FOXDEN_RELEASE it starts with)."""
        return {
            "version": self.version,
            "assets": [{"url": a.url, "integrity": a.integrity} for a in self.assets],
            "extensions": list(self.extensions),
        }


def integrity(content: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(content).digest()).decode()


def scan(folder: Path) -> Release:
    """The release held in `folder` (the frontend): its files' hashes and what is precached."""
    files = sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    # A page's hash is of the page as served (with the app's head), so a change of that head
    # is a new release too.
    hashes = {
        p.relative_to(folder).as_posix(): integrity(
            served_page(p) if p.suffix == ".html" else p.read_bytes()
        )
        for p in files
    }
    listing = "".join(f"{path} {digest}\n" for path, digest in hashes.items())
    version = hashlib.sha256(listing.encode()).hexdigest()[:20]
    extensions = {p.relative_to(folder).as_posix() for p in folder.glob(EXTENSION_GLOB)}
    assets = [
        Asset(STATIC + path, digest)
        for path, digest in hashes.items()
        if _precached(path) and path != WORKER_SOURCE and path not in extensions
    ]
    if OFFLINE_PAGE in hashes:  # served as /offline, as the hash has it (app/web/pages.py)
        assets.append(Asset(OFFLINE_URL, hashes[OFFLINE_PAGE]))
    return Release(version, tuple(assets), tuple(STATIC + path for path in sorted(extensions)))


def _precached(path: str) -> bool:
    suffix = Path(path).suffix
    return suffix in PRECACHED_SUFFIXES and not path.endswith(NOT_PRECACHED_SUFFIXES)


@cache
def current_release() -> Release:
    """The release this process serves: its frontend does not change while it runs."""
    return scan(FRONTEND)


def release_headers() -> dict[str, str]:
    """What every page carries: its release, which a worker of another release notices (it
    then stops answering with its cached assets: js/service-worker.js)."""
    return {RELEASE_HEADER: current_release().version}

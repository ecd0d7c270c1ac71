"""What makes Foxden an installable app: the web app manifest and the service worker.

`/sw.js` is js/service-worker.js with this release written above it (`FOXDEN_RELEASE`: the
version, the precached assets with their hashes, the extension scripts), so a release that
changes any frontend file serves a worker that differs byte for byte, which is how a browser
learns there is a new one. It lives at the root because a worker controls only the paths below
its own: at `/sw.js` its scope is the whole site, no `Service-Worker-Allowed` needed.
"""

from __future__ import annotations

import json
from functools import cache

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response

from app.core.packaged import FRONTEND
from app.web.release import WORKER_SOURCE, current_release

MANIFEST = FRONTEND / "manifest.webmanifest"
# Both are small and change with each release: always revalidated, never kept stale. (Browsers
# fetch /sw.js past their HTTP cache anyway; this says so to proxies too.)
REVALIDATE = {"Cache-Control": "no-cache"}
router = APIRouter(include_in_schema=False)


@router.get("/manifest.webmanifest")
async def manifest() -> Response:
    return FileResponse(MANIFEST, media_type="application/manifest+json", headers=REVALIDATE)


@router.get("/sw.js")
async def service_worker() -> Response:
    return Response(worker_script(), media_type="text/javascript", headers=REVALIDATE)


@cache
def worker_script() -> bytes:
    release = current_release()
    header = (
        f"// Foxden's service worker, release {release.version}: app/frontend/{WORKER_SOURCE}\n"
        "// after the release's assets and extension scripts (app/web/installable.py).\n"
        f"const FOXDEN_RELEASE = {json.dumps(release.worker_data(), indent=1)};\n\n"
    )
    return header.encode() + (FRONTEND / WORKER_SOURCE).read_bytes()

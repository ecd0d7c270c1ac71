"""The browser pages: friendly URLs for the static frontend's HTML files, and the API docs."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, RedirectResponse, Response

from app.core.errors import HtmlNotFound
from app.core.packaged import FRONTEND
from app.web.page_head import release_page
from app.web.release import OFFLINE_PAGE, OFFLINE_URL, release_headers

# Swagger UI's files as the fastapi-swagger package ships them: /docs needs no CDN.
SWAGGER_UI = Path(str(resources.files("fastapi_swagger") / "resources"))
SWAGGER_ASSETS = {
    "swagger-ui-bundle.js": "text/javascript",
    "swagger-ui.css": "text/css",
}
router = APIRouter(include_in_schema=False)


def page(name: str) -> Response:
    path = FRONTEND / name
    if not path.is_file():
        raise HtmlNotFound("This page is not there.")
    # The pages are small and change with each release: always revalidate.
    headers = {"Cache-Control": "no-cache", **release_headers()}
    return Response(release_page(path), media_type="text/html", headers=headers)


@router.get("/")
async def home() -> Response:
    if not (FRONTEND / "index.html").is_file():
        return RedirectResponse("/docs")
    return page("index.html")


@router.get("/lobby/{lobby_id}")
async def lobby(lobby_id: str) -> Response:
    return page("lobby.html")


@router.get("/match/{match_id}")
async def match(match_id: str) -> Response:
    return page("match.html")


@router.get("/match/{match_id}/replay")
async def match_replay(match_id: str) -> Response:
    return page("replay.html")


@router.get("/players/{player_id}")
async def player_profile(player_id: str) -> Response:
    return page("profile.html")


@router.get("/games/{game_id}/leaderboard")
async def game_leaderboard(game_id: str) -> Response:
    return page("leaderboard.html")


@router.get("/daily/{game_id}/{day}")
async def daily_results(game_id: str, day: str) -> Response:
    return page("daily.html")


@router.get("/account")
async def account() -> Response:
    return page("account.html")


@router.get("/admin")
async def admin() -> Response:
    return page("admin.html")


@router.get(OFFLINE_URL)
async def offline() -> Response:
    """What the service worker shows for a page when the network is gone (it keeps a copy)."""
    return page(OFFLINE_PAGE)


@router.get("/docs")
async def docs() -> Response:
    """Swagger UI over /openapi.json; its start-up script is a file, so the CSP holds."""
    return page("docs.html")


@router.get("/docs/assets/{name}")
async def docs_asset(name: str) -> Response:
    media_type = SWAGGER_ASSETS.get(name)
    if media_type is None:
        raise HtmlNotFound("There is no such file.")
    return FileResponse(
        SWAGGER_UI / name, media_type=media_type, headers={"Cache-Control": "public, max-age=86400"}
    )


@router.get("/favicon.ico")
async def favicon() -> Response:
    """Browsers ask for it on every page: answer with the fox instead of a 404."""
    return FileResponse(
        FRONTEND / "icons" / "foxden.svg",
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=86400"},
    )

"""The browser pages: friendly URLs for the static frontend's HTML files."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, RedirectResponse, Response

from app.errors import ApiError

FRONTEND = Path(__file__).resolve().parent.parent / "frontend"
router = APIRouter(include_in_schema=False)


def page(name: str) -> Response:
    path = FRONTEND / name
    if not path.is_file():
        raise ApiError("route/not_found", "This page is not there.")
    # The pages are small and change with each release: always revalidate.
    return FileResponse(path, media_type="text/html", headers={"Cache-Control": "no-cache"})


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


@router.get("/admin")
async def admin() -> Response:
    return page("admin.html")


FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
    '<path d="M4 4l8 8h8l8-8-2 14-10 10L6 18z" fill="#c8561b"/>'
    '<path d="M11 17l5 6 5-6z" fill="#fff8ee"/><circle cx="12" cy="15" r="1.5" fill="#222"/>'
    '<circle cx="20" cy="15" r="1.5" fill="#222"/></svg>'
)


@router.get("/favicon.ico")
async def favicon() -> Response:
    """Browsers ask for it on every page: answer with the fox instead of a 404."""
    return Response(
        FAVICON, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"}
    )

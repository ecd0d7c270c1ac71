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

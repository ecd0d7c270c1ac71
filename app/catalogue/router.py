"""/api/v1/games and the rules pages served at each game's rules_url."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import markdown
from fastapi import APIRouter
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from app.bots.strategies import bot_names
from app.errors import HTML_NOT_FOUND, HtmlNotFound
from app.games import REGISTRY, get_engine
from app.games import options as option_tools
from app.packaged import RULES

router = APIRouter(tags=["games"])


class GamePublic(BaseModel):
    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    options_schema: dict[str, Any]
    rules_url: str
    bots: list[str]
    free_chat: bool


@router.get("/api/v1/games", response_model=list[GamePublic])
async def games() -> list[GamePublic]:
    return [
        GamePublic(
            id=engine.id,
            title=engine.title,
            pitch=engine.pitch,
            min_players=engine.seats.start,
            max_players=engine.seats.stop - 1,
            options_schema=option_tools.schema(engine.options),
            rules_url=f"/games/{engine.id}/rules",
            bots=bot_names(engine.id),
            free_chat=engine.free_chat,
        )
        for engine in REGISTRY.values()
    ]


@router.get("/games/{game_id}/rules", response_class=HTMLResponse, responses=HTML_NOT_FOUND)
async def rules_page(game_id: str) -> HTMLResponse:
    engine = get_engine(game_id)
    if engine is None:
        raise HtmlNotFound("There is no such game.")
    if not rules_file(engine.id).is_file():  # a game registered without its page: a 404, not a 500
        raise HtmlNotFound("This game has no rules page yet.")
    return HTMLResponse(_render(engine.id, engine.title))


def rules_file(game_id: str) -> Path:
    return RULES / f"{game_id}.md"


@cache
def _render(game_id: str, title: str) -> str:
    text = rules_file(game_id).read_text(encoding="utf-8")
    body = markdown.markdown(text, extensions=["tables", "fenced_code", "toc"])
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{title} - rules - Foxden</title>"
        # A stylesheet file, not a <style> block: the pages' CSP allows no inline style.
        "<link rel='stylesheet' href='/static/css/rules.css'></head><body>"
        f"{body}</body></html>"
    )

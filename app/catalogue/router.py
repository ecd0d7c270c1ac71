"""/api/v1/games and the rules pages served at each game's rules_url."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from app.bots.strategies import bot_names
from app.catalogue import rules_page
from app.catalogue.rules_page import rules_file
from app.catalogue.view_schema import view_schema
from app.core.errors import HTML_NOT_FOUND, HtmlNotFound
from app.games import REGISTRY, get_engine
from app.games import options as option_tools
from app.web.release import release_headers

router = APIRouter(tags=["games"])
OPTIONS_SCHEMA_HELP = (
    "JSON Schema of the game's options; every enum (and array of enum) also lists "
    "`choices`: [{value, label}], the words a player reads for each value"
)


class GamePublic(BaseModel):
    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    options_schema: dict[str, Any] = Field(description=OPTIONS_SCHEMA_HELP)
    view_schema: dict[str, Any] = Field(
        description="JSON Schema of the `view` this game sends in envelopes"
    )
    rules_url: str
    bots: list[str]
    free_chat: bool


@router.get("/api/v1/games", response_model=list[GamePublic], operation_id="listGames")
async def games() -> list[GamePublic]:
    return [
        GamePublic(
            id=engine.id,
            title=engine.title,
            pitch=engine.pitch,
            min_players=engine.seats.start,
            max_players=engine.seats.stop - 1,
            options_schema=option_tools.schema(engine.options),
            view_schema=view_schema(engine.view_type),
            rules_url=f"/games/{engine.id}/rules",
            bots=bot_names(engine.id),
            free_chat=engine.free_chat,
        )
        for engine in REGISTRY.values()
    ]


@router.get(
    "/games/{game_id}/rules",
    response_class=HTMLResponse,
    responses=HTML_NOT_FOUND,
    operation_id="getRulesPage",
)
async def rules_page_route(
    game_id: str,
    came_from: str | None = Query(
        None,
        alias="from",
        max_length=100,
        description="The page the player came from (/lobby/{id} or /match/{id}): the way back",
    ),
) -> HTMLResponse:
    engine = get_engine(game_id)
    if engine is None:
        raise HtmlNotFound("There is no such game.")
    if not rules_file(engine.id).is_file():  # a game registered without its page: a 404, not a 500
        raise HtmlNotFound("This game has no rules page yet.")
    page = rules_page.render(engine.id, engine.title, came_from)
    return HTMLResponse(page, headers=release_headers())  # a page: see app/web/release.py

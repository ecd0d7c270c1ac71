"""An OpenAPI document that says what the server really does.

FastAPI documents a 422 "Validation Error" on every route with parameters, but invalid input
gets 400 `request/malformed` here; it knows nothing of the refusals middleware and shared
dependencies give (413, 429) or of the bearer token. This fixes the generated document once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute, iter_route_contexts

from app.catalogue.game_contract import type_the_games
from app.core.errors import describe
from app.games import REGISTRY
from app.web.deps import admin_player, current_player, optional_player

ERROR_REF = {"$ref": "#/components/schemas/ErrorPublic"}
BEARER = {
    "type": "http",
    "scheme": "bearer",
    "description": "The token from POST /api/v1/players (a guest) or POST /api/v1/sessions "
    "(a signed-in device), or an admin token",
}
SERVERS = [{"url": "/", "description": "The server that serves this document"}]
EVENT_STREAM = "text/event-stream"
RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer"}}}
# Also on every other answer of a route limited per player or address
# (app/web/ratelimit_headers.py).
RATE_LIMIT = {
    "RateLimit-Policy": {
        "description": 'The bucket: "requests";q=<size>;w=<seconds to refill from empty>',
        "schema": {"type": "string"},
    },
    "RateLimit": {
        "description": 'What is left: "requests";r=<requests left>;t=<seconds until full>',
        "schema": {"type": "string"},
    },
}


def api_routes(app: FastAPI) -> list[APIRoute]:
    """Every HTTP route of the app, through the routers it includes."""
    return [
        context.original_route
        for context in iter_route_contexts(app.routes)
        if isinstance(context.original_route, APIRoute)
    ]


def _calls(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    for dependency in dependant.dependencies:
        if dependency.call is not None:
            yield dependency.call
        yield from _calls(dependency)


def token_use(route: APIRoute) -> str | None:
    """ "required", "optional" or None: whether the route reads a bearer token."""
    calls = set(_calls(route.dependant))
    if calls & {current_player, admin_player}:
        return "required"
    return "optional" if optional_player in calls else None


def _refusal(codes: list[str], headers: dict[str, Any] | None = None) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": describe(codes),
        "content": {"application/json": {"schema": ERROR_REF}},
    }
    if headers:
        response["headers"] = headers
    return response


def _fix_operation(operation: dict[str, Any], token: str | None) -> None:
    answers = operation.setdefault("responses", {})
    if answers.get("422", {}).get("description") == "Validation Error":
        del answers["422"]  # FastAPI's default: never sent, validation answers 400
    if operation.get("parameters") or operation.get("requestBody"):
        answers.setdefault("400", _refusal(["request/malformed"]))
    if operation.get("requestBody"):
        answers.setdefault("413", _refusal(["request/too_large"]))
    answers["429"] = _refusal(["rate/limited"], {**RETRY_AFTER, **RATE_LIMIT})
    if token == "required":
        operation["security"] = [{"bearer": []}]
    elif token == "optional":
        operation["security"] = [{}, {"bearer": []}]  # anonymous callers are welcome too
    else:
        operation["security"] = []  # public: no token is read
    _only_the_event_stream(answers.get("200", {}))


def _only_the_event_stream(answer: dict[str, Any]) -> None:
    """A streaming route answers with events only; FastAPI adds its default JSON beside them."""
    content = answer.get("content", {})
    if EVENT_STREAM in content:
        answer["content"] = {EVENT_STREAM: content[EVENT_STREAM]}


def truthful_openapi(app: FastAPI) -> Callable[[], dict[str, Any]]:
    def build() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = get_openapi(
                title=app.title,
                version=app.version,
                description=app.description,
                routes=app.routes,
            )
            routes = {
                (route.path_format, method.lower()): route
                for route in api_routes(app)
                for method in route.methods or ()
            }
            for path, operations in document.get("paths", {}).items():
                for method, operation in operations.items():
                    route = routes.get((path, method))
                    _fix_operation(operation, token_use(route) if route else None)
            components = document.setdefault("components", {})
            schemas = components.setdefault("schemas", {})
            for unused in ("HTTPValidationError", "ValidationError"):
                schemas.pop(unused, None)
            type_the_games(schemas, REGISTRY)
            components["securitySchemes"] = {"bearer": BEARER}
            document["servers"] = SERVERS
            app.openapi_schema = document
        return app.openapi_schema

    return build

"""Every operation of the OpenAPI document is ready for generators: a stable, readable
operationId (it becomes the method name), its security declared (public routes: none), the
servers, every error code as an enum, and the event stream as `text/event-stream`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from app.core.errors import STATUS_BY_CODE
from tests.api_contract.document import openapi_document

CAMEL_CASE = re.compile(r"[a-z]+(?:[A-Z][a-z]+)*")
METHODS = {"get", "put", "post", "delete", "patch"}


def operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in openapi_document()["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield method, path, operation


def test_every_operation_has_a_unique_camel_case_operation_id() -> None:
    ids = [operation.get("operationId", "") for _, _, operation in operations()]
    assert [name for name in ids if not CAMEL_CASE.fullmatch(name)] == []
    assert len(set(ids)) == len(ids)


def test_the_main_operations_read_as_methods() -> None:
    named = {(method, path): op["operationId"] for method, path, op in operations()}
    assert named["post", "/api/v1/lobbies"] == "createLobby"
    assert named["get", "/api/v1/matches/{match_id}/state"] == "getMatchState"
    assert named["post", "/api/v1/matches/{match_id}/actions"] == "postAction"


def test_every_operation_declares_its_security() -> None:
    undeclared = [(method, path) for method, path, op in operations() if "security" not in op]
    assert undeclared == []
    named = {(method, path): op["security"] for method, path, op in operations()}
    assert named["get", "/healthz"] == []
    assert named["post", "/api/v1/players"] == []
    assert named["get", "/api/v1/players/me"] == [{"bearer": []}]


def test_the_document_names_its_server() -> None:
    assert openapi_document()["servers"] == [
        {"url": "/", "description": "The server that serves this document"}
    ]


def test_every_error_code_is_an_enum_value() -> None:
    code = openapi_document()["components"]["schemas"]["ErrorBodyPublic"]["properties"]["code"]
    assert code["enum"] == list(STATUS_BY_CODE)


def test_the_event_stream_answers_only_events() -> None:
    stream = openapi_document()["paths"]["/api/v1/matches/{match_id}/stream"]["get"]
    assert list(stream["responses"]["200"]["content"]) == ["text/event-stream"]

"""The OpenAPI document the app serves, built once per test process, and validators for its
components (what third-party clients are generated from)."""

from __future__ import annotations

import functools
from typing import Any

import jsonschema_rs

from app.server.main import create_app


@functools.cache
def openapi_document() -> dict[str, Any]:
    return create_app().openapi()


@functools.cache
def component_validator(name: str) -> Any:
    """A validator for one component, its references resolved inside the document."""
    schema = {
        "$ref": f"#/components/schemas/{name}",
        "components": openapi_document()["components"],
    }
    return jsonschema_rs.Draft202012Validator(schema)

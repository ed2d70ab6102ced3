"""OpenAPI that matches what the server accepts: request models are validated by hand (so auth
runs before the body is read), and their schemas are added here."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from webdata.contract import ErrorBody

_REF = "#/components/schemas/{model}"
_BODY_MODELS: list[type[BaseModel]] = []

ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": text}
    for status, text in {
        400: "Bad Request / Invalid URL (see details)",
        401: "Unauthorized: Invalid token",
        402: "Payment Required: Insufficient credits",
        403: "Forbidden",
        404: "Not Found (or a cache-only scrape with no cached data)",
        408: "Request Timeout",
        413: "Payload Too Large",
        415: "Unsupported file type",
        429: "Rate limit exceeded / Concurrency limit reached",
        500: "Internal Server Error (code UNKNOWN_ERROR) or a fetch failure with its code",
        501: "A valid option whose engine this build does not have yet",
    }.items()
}


def json_body(model: type[BaseModel]) -> dict[str, Any]:
    """``openapi_extra`` for a route that validates ``model`` from the raw body itself."""
    _BODY_MODELS.append(model)
    return {
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {"schema": {"$ref": _REF.format(model=model.__name__)}}
            },
        }
    }


def install_openapi(app: FastAPI) -> None:
    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(
            title=app.title, version=app.version, description=app.description, routes=app.routes
        )
        _, extra = models_json_schema(
            [(m, "validation") for m in _BODY_MODELS], by_alias=True, ref_template=_REF
        )
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        components.update(extra.get("$defs", {}))
        schema.setdefault("components", {})["securitySchemes"] = {
            "bearer": {"type": "http", "scheme": "bearer"}
        }
        schema["security"] = [{"bearer": []}]
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]

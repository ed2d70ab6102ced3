"""Every non-2xx answer in the spec's error format, whatever raised it."""

from __future__ import annotations

import structlog
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from webdata.api.validation import has_url_problem, validation_details
from webdata.contract import ApiError

log = structlog.get_logger("webdata.api")

_STATUS_ERRORS = {
    400: "Bad Request",
    401: "Unauthorized: Invalid token",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    408: "Request Timeout",
    409: "Conflict",
    413: "Payload Too Large",
    415: "Unsupported Media Type",
    422: "Unprocessable Entity",
    429: "Rate limit exceeded",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


def error_response(exc: ApiError) -> JSONResponse:
    return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers)


def validation_error(errors: list[object]) -> ApiError:
    details = validation_details(errors)
    if any(d.get("code") == "json_invalid" for d in details):
        return ApiError(400, "Bad Request: the body is not valid JSON", details=details)
    if has_url_problem(details):
        return ApiError(400, "Invalid URL", details=details)
    return ApiError(400, "Bad Request", details=details)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError) -> JSONResponse:
        return error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def _request_validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(validation_error(list(exc.errors())))

    @app.exception_handler(ValidationError)
    async def _validation(_: Request, exc: ValidationError) -> JSONResponse:
        return error_response(validation_error(list(exc.errors())))

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        error = _STATUS_ERRORS.get(exc.status_code, str(exc.detail))
        headers = dict(exc.headers or {})
        return JSONResponse(
            {"success": False, "error": error}, status_code=exc.status_code, headers=headers
        )

    @app.exception_handler(Exception)
    async def _unhandled(request: Request, exc: Exception) -> JSONResponse:
        # The trace goes to the log, never to the caller.
        log.exception("unhandled error", path=request.url.path, exc_type=type(exc).__name__)
        return JSONResponse(
            {
                "success": False,
                "code": "UNKNOWN_ERROR",
                "error": "An unexpected error occurred. Please try again later.",
            },
            status_code=500,
        )

"""Request body limits: 413 before reading when Content-Length says so, and while streaming."""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from webdata.api.errors import error_response
from webdata.contract import ApiError


def payload_too_large(limit: int) -> ApiError:
    return ApiError(
        413, "Payload Too Large", details={"maxBodyBytes": limit}, code="PAYLOAD_TOO_LARGE"
    )


class BodyLimitMiddleware:
    """Refuse a declared oversize body at once, without reading it."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            for name, value in scope["headers"]:
                if name == b"content-length":
                    try:
                        too_big = int(value) > self.limit
                    except ValueError:
                        too_big = False
                    if too_big:
                        await error_response(payload_too_large(self.limit))(scope, receive, send)
                        return
        await self.app(scope, receive, send)


async def read_body(request: Request, limit: int) -> bytes:
    """The whole body, refusing (413) a chunked body that grows past ``limit``."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise payload_too_large(limit)
        chunks.append(chunk)
    return b"".join(chunks)

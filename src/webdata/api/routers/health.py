"""``GET /health``: 200 once the service can scrape, 503 before."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

router = APIRouter(tags=["health"])


@router.get("/health", summary="Readiness", response_model=None)
async def health(request: Request) -> JSONResponse:
    if getattr(request.app.state, "ready", False):
        return JSONResponse({"success": True, "status": "ok"})
    return JSONResponse(
        {"success": False, "error": "Service Unavailable", "status": "starting"}, status_code=503
    )

"""``POST /v2/scrape``: auth, then body, then the scrape itself."""

from __future__ import annotations

import time

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from webdata.api.auth import require
from webdata.api.body import read_body
from webdata.api.errors import validation_error
from webdata.api.openapi import ERROR_RESPONSES, json_body
from webdata.contract import ScrapeRequest, ScrapeResponse
from webdata.limits.costs import most_a_scrape_costs_upfront
from webdata.limits.gate import Gate
from webdata.scrape.run import run_scrape
from webdata.store.keys import AuthContext

router = APIRouter(tags=["scrape"])


@router.post(
    "/v2/scrape",
    summary="Scrape one URL",
    response_model=ScrapeResponse,
    responses=ERROR_RESPONSES,
    openapi_extra=json_body(ScrapeRequest),
)
async def scrape(request: Request, auth: AuthContext = Depends(require("scrape"))) -> JSONResponse:
    raw = await read_body(request, request.app.state.settings.max_body_bytes)
    try:
        req = ScrapeRequest.model_validate_json(raw or b"null", by_alias=True, by_name=False)
    except ValidationError as exc:
        raise validation_error(list(exc.errors())) from None
    gate: Gate = request.app.state.gate
    started = time.monotonic()
    upfront = most_a_scrape_costs_upfront(req)
    async with gate.admit(auth, upfront=upfront, timeout_s=req.timeout / 1000) as ticket:
        doc = await run_scrape(
            req,
            request.app.state.services,
            team_id=auth.team_id,
            base_url=str(request.base_url),
            started=started,
        )
        ticket.cost = doc.metadata.credits_used or 0
    doc.metadata.concurrency_limited = ticket.slot.limited
    if ticket.slot.limited:
        doc.metadata.concurrency_queue_duration_ms = round(ticket.slot.waited_ms, 1)
    return JSONResponse({"success": True, "data": doc.to_wire()})

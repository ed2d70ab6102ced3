"""Batch scrape: ``POST /v2/batch/scrape`` starts a job, ``GET`` its status and results (paged),
``DELETE`` cancels it, ``GET …/errors`` lists the pages that failed. The shapes are those
firecrawl-py parses."""

from __future__ import annotations

import json
import uuid
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlencode

import structlog
from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from webdata.api.auth import require
from webdata.api.body import read_body
from webdata.api.errors import validation_error
from webdata.api.openapi import ERROR_RESPONSES
from webdata.contract import ApiError
from webdata.contract.batch_request import split_batch_body, split_urls
from webdata.contract.errors import unsupported
from webdata.jobs.batch import KIND, item_request
from webdata.limits.gate import NO_CREDITS, Gate
from webdata.runtime import Runtime
from webdata.scrape.plan import llm_not_configured, make_plan
from webdata.store.jobs import CANCELLED, DONE, FAILED, JobView
from webdata.store.keys import AuthContext

router = APIRouter(tags=["batch"])
log = structlog.get_logger("webdata.api.batch")

# A status page carries about this much JSON at most (the SDK follows ``next`` for more).
PAGE_BYTES = 10 * 1024 * 1024
NOT_FOUND = "Batch scrape job not found"


def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def _runtime(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.runtime
    return runtime


def _json_object(raw: bytes) -> dict[str, Any]:
    try:
        body = json.loads(raw or b"null")
    except ValueError:
        raise ApiError(400, "Bad Request: the body is not valid JSON") from None
    if not isinstance(body, dict):
        raise ApiError(400, "Bad Request: the body must be a JSON object")
    return body


@router.post("/v2/batch/scrape", summary="Start a batch scrape", responses=ERROR_RESPONSES)
async def start_batch(
    request: Request, auth: AuthContext = Depends(require("scrape"))
) -> JSONResponse:
    runtime = _runtime(request)
    settings = runtime.settings
    body = _json_object(await read_body(request, settings.max_body_bytes))
    try:
        fields, options = split_batch_body(body)
    except ValidationError as exc:
        raise validation_error(list(exc.errors())) from None
    if fields.webhook is not None:
        raise unsupported("the batch webhook", "webhook delivery")
    valid, invalid = split_urls(fields.urls)
    if (invalid and not fields.ignore_invalid_urls) or not valid:
        details = [{"url": url, "message": why} for url, why in invalid]
        raise ApiError(400, "Invalid URL", details=details)
    if len(valid) > settings.batch_max_urls:
        raise ApiError(400, f"Bad Request: a batch holds at most {settings.batch_max_urls} URLs")
    try:
        # The options are checked once, as the scrape of the first URL, before anything runs.
        plan = make_plan(item_request(options, valid[0]))
    except ValidationError as exc:
        raise validation_error(list(exc.errors())) from None
    if plan.needs_llm and runtime.services.llm is None:
        raise llm_not_configured()
    gate: Gate = runtime.gate
    await gate.check_rate(auth.team_id)
    if not await gate.has_credits_for(auth.team_id, len(valid)):
        raise ApiError(402, NO_CREDITS, bare=True)
    base_url = str(request.base_url)
    if fields.append_to_id is not None:
        job = await _team_job(runtime, fields.append_to_id, auth)
        if job.cancelled_at is not None:
            raise ApiError(409, "Conflict: the batch scrape job was cancelled")
        await runtime.jobs.append(job, valid)
    else:
        job = await runtime.jobs.create(
            team_id=auth.team_id,
            api_key_id=auth.key_id,
            kind=KIND,
            options={"scrape": options, "baseUrl": base_url},
            urls=valid,
            window=fields.max_concurrency or settings.job_window,
            ttl=timedelta(seconds=settings.job_ttl_s),
        )
    try:
        await runtime.queue.dispatch(job.id, KIND)
    except Exception:
        # The job is stored: it is queued when the queue is back (``JobQueue.revive``).
        log.warning("batch stored but not queued yet", job=job.id, exc_info=True)
    answer: dict[str, Any] = {
        "success": True,
        "id": job.id,
        "url": f"{base_url}v2/batch/scrape/{job.id}",
    }
    if invalid:
        answer["invalidURLs"] = [url for url, _ in invalid]
    return JSONResponse(answer)


async def _team_job(runtime: Runtime, job_id: str, auth: AuthContext) -> JobView:
    """The team's batch job, or 404 (another team's job is as unknown as a missing one)."""
    try:
        uuid.UUID(job_id)
    except ValueError:
        raise ApiError(400, "Invalid job ID format. Job ID must be a valid UUID.") from None
    job = await runtime.jobs.get(job_id, team_id=auth.team_id)
    if job is None or job.kind != KIND:
        raise ApiError(404, NOT_FOUND)
    return job


@router.get("/v2/batch/scrape/{job_id}", summary="Batch scrape status", responses=ERROR_RESPONSES)
async def batch_status(
    request: Request,
    job_id: str,
    skip: int = Query(0, ge=0),
    limit: int | None = Query(None, ge=1, le=10_000),
    auth: AuthContext = Depends(require("scrape")),
) -> JSONResponse:
    runtime = _runtime(request)
    job = await _team_job(runtime, job_id, auth)
    progress = await runtime.jobs.progress(job)
    if job.cancelled_at is not None:
        status = "cancelled"
    elif progress.finished >= progress.total:
        status = "completed"
    else:
        status = "scraping"
    docs, more = await runtime.jobs.documents(
        job.id, skip=skip, limit=limit or 10_000, max_bytes=PAGE_BYTES
    )
    answer: dict[str, Any] = {
        "success": True,
        "status": status,
        "completed": progress.counts.get(DONE, 0) + progress.counts.get(FAILED, 0),
        "total": progress.total,
        "creditsUsed": progress.credits,
        "expiresAt": _iso(job.expires_at),
        "data": docs,
    }
    # While the job runs, the cursor is handed back even on an empty page: more will come.
    if more or status == "scraping":
        query = {"skip": skip + len(docs)} | ({"limit": limit} if limit else {})
        answer["next"] = f"{request.base_url}v2/batch/scrape/{job.id}?{urlencode(query)}"
    return JSONResponse(answer)


@router.delete(
    "/v2/batch/scrape/{job_id}", summary="Cancel a batch scrape", responses=ERROR_RESPONSES
)
async def cancel_batch(
    request: Request, job_id: str, auth: AuthContext = Depends(require("scrape"))
) -> JSONResponse:
    runtime = _runtime(request)
    job = await _team_job(runtime, job_id, auth)
    if not await runtime.jobs.cancel(job):
        raise ApiError(409, "Conflict: the batch scrape job has already finished")
    return JSONResponse({"success": True, "status": CANCELLED})


@router.get(
    "/v2/batch/scrape/{job_id}/errors",
    summary="Pages of a batch scrape that failed",
    responses=ERROR_RESPONSES,
)
async def batch_errors(
    request: Request, job_id: str, auth: AuthContext = Depends(require("scrape"))
) -> JSONResponse:
    runtime = _runtime(request)
    job = await _team_job(runtime, job_id, auth)
    errors = [
        {
            "id": f"{job.id}-{e.idx}",
            "timestamp": _iso(e.finished_at) if e.finished_at else None,
            "url": e.url,
            "code": e.code,
            "error": e.error,
        }
        for e in await runtime.jobs.errors(job.id)
    ]
    return JSONResponse({"success": True, "errors": errors, "robotsBlocked": []})

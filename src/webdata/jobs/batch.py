"""The batch scrape family: each item is one scrape of the batch's options at one URL.

An item is limited like a scrape of the team (a concurrency slot) but not rate-limited: the
batch request was, once. Its result, or why it failed, goes to the store, and its credits are
debited in the same transaction: a failed page costs nothing, a page whose worker died before
recording it cost nothing, and a page delivered twice is billed once.
"""

from __future__ import annotations

import time
from functools import partial

import structlog
from sqlalchemy.ext.asyncio import AsyncConnection

from webdata.contract import ApiError, ScrapeRequest
from webdata.jobs.queue import JobEnv
from webdata.limits.costs import cost_of_error
from webdata.limits.gate import NO_CREDITS
from webdata.scrape.run import run_scrape
from webdata.store.jobs import DONE, FAILED, ItemWork, JobView, NotPaid
from webdata.store.plans import Limits

KIND = "batch_scrape"
# How long an item may wait for one of its team's concurrency slots before it fails.
SLOT_WAIT_S = 3600.0

log = structlog.get_logger("webdata.jobs.batch")


def item_request(options: dict[str, object], url: str) -> ScrapeRequest:
    """The scrape of one URL of the batch (its options were validated when it was made)."""
    return ScrapeRequest.model_validate({**options, "url": url}, by_alias=True, by_name=False)


async def _debit(
    env: JobEnv, job: JobView, limits: Limits, conn: AsyncConnection, credits: int
) -> bool:
    return await env.gate.credits.debit_in(
        conn,
        job.team_id,
        credits,
        limits.monthly_credits,
        api_key_id=job.api_key_id,
        ref=job.id,
        kind="job",
    )


async def run_item(work: ItemWork, env: JobEnv) -> None:
    job, store = work.job, env.store
    limits: Limits | None = None
    try:
        req = item_request(job.options["scrape"], work.url)
        async with env.gate.job_item_slot(job.team_id, wait_s=SLOT_WAIT_S) as limits:
            doc = await run_scrape(
                req,
                env.services,
                team_id=job.team_id,
                base_url=job.options["baseUrl"],
                started=time.monotonic(),
            )
        bill = partial(_debit, env, job, limits)
        await store.finish(
            job.id,
            work.idx,
            status=DONE,
            document=doc.to_wire(),
            credits=doc.metadata.credits_used or 0,
            bill=bill,
        )
    except NotPaid:
        await store.finish(job.id, work.idx, status=FAILED, error=NO_CREDITS, code="NO_CREDITS")
    except ApiError as exc:
        cost = cost_of_error(exc)  # a lockdown miss is billed, other failures are free
        fail = partial(store.finish, job.id, work.idx, status=FAILED, error=exc.error)
        if cost and limits is not None:
            try:
                await fail(code=exc.code, credits=cost, bill=partial(_debit, env, job, limits))
                return
            except NotPaid:
                pass
        await fail(code=exc.code)
    except Exception:
        log.exception("batch item failed", job=job.id, index=work.idx)
        await store.finish(
            job.id, work.idx, status=FAILED, error="Internal Server Error", code="UNKNOWN_ERROR"
        )

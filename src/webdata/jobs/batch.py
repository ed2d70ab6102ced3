"""The batch scrape family: each item is one scrape of the batch's options at one URL.

An item is limited like a scrape of the team (a concurrency slot) but not rate-limited: the
batch request was, once. Its credits are debited in the transaction that records its result
(``JobStore.finish``): a failed page costs nothing, a page whose worker died before recording
it cost nothing, and a page delivered twice is billed once.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection

from webdata.contract import ApiError, ScrapeRequest
from webdata.jobs.queue import JobEnv
from webdata.limits.costs import cost_of_error
from webdata.scrape.run import run_scrape
from webdata.store.jobs import DONE, FAILED, ItemWork, JobView, Outcome
from webdata.store.plans import Limits

KIND = "batch_scrape"
# How long an item may wait for one of its team's concurrency slots before it fails.
SLOT_WAIT_S = 3600.0


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


async def run_item(work: ItemWork, env: JobEnv) -> Outcome:
    job = work.job
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
    except ApiError as exc:
        # A lockdown miss is billed (when the plan was read); other failures are free.
        if limits is None:
            return Outcome(FAILED, error=exc.error, code=exc.code)
        cost = cost_of_error(exc)
        billing = _billing(env, job, limits, cost)
        return Outcome(FAILED, error=exc.error, code=exc.code, credits=cost, **billing)
    cost = doc.metadata.credits_used or 0
    return Outcome(DONE, document=doc.to_wire(), credits=cost, **_billing(env, job, limits, cost))


def _billing(env: JobEnv, job: JobView, limits: Limits, credits: int) -> dict[str, Any]:
    """How the item pays: debited in the recording transaction when the plan has an
    allowance (it must not overspend it); else counted once recorded, as scrapes are
    (``CreditStore.record``: batched writes), which keeps the transaction short."""
    if limits.monthly_credits is not None:
        return {"bill": partial(_debit, env, job, limits)}
    record = partial(
        env.gate.credits.record, job.team_id, credits, api_key_id=job.api_key_id, ref=job.id
    )
    return {"after": record if credits else None}

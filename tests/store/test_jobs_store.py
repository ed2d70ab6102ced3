"""The job store on SQLite and PostgreSQL: the window, finishing once, the finish order,
cancelling, resuming after a restart, billing in the same transaction, and the sweep."""

from __future__ import annotations

import asyncio
import secrets
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from webdata.store.credits import CreditStore
from webdata.store.db import make_sessionmaker
from webdata.store.jobs import (
    CANCELLED,
    DONE,
    FAILED,
    KICKED,
    JobStore,
    JobView,
    NotPaid,
    Outcome,
)
from webdata.store.keys import KeyStore


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 24, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def new_job(engine: AsyncEngine, store: JobStore, n: int, window: int) -> JobView:
    keys = KeyStore(make_sessionmaker(engine), cache_ttl=0)
    team = await keys.create_team(f"t{secrets.token_hex(6)}")
    return await store.create(
        team_id=team.id,
        api_key_id=None,
        kind="batch_scrape",
        options={"scrape": {}, "baseUrl": "http://x/"},
        urls=[f"https://example.com/{i}" for i in range(n)],
        window=window,
        ttl=timedelta(hours=24),
    )


async def test_the_window_lets_in_one_item_per_finished_one(engine: AsyncEngine) -> None:
    store = JobStore(engine)
    job = await new_job(engine, store, 5, window=2)
    assert await store.fill(job.id) == [0, 1]
    assert await store.fill(job.id) == []  # full
    work = await store.take(job.id, 0)
    assert work is not None and work.url == "https://example.com/0"
    assert await store.take(job.id, 2) is None  # not kicked yet
    finished = await store.finish(job.id, 0, Outcome(DONE, document={"markdown": "a"}))
    assert finished.recorded and finished.next == [2]
    progress = await store.progress(job)
    assert (progress.total, progress.counts[KICKED], progress.done) == (5, 2, 1)


async def test_an_item_finishes_once_and_results_come_in_finish_order(
    engine: AsyncEngine,
) -> None:
    store = JobStore(engine)
    job = await new_job(engine, store, 3, window=3)
    await store.fill(job.id)
    for idx in (2, 0, 1):
        assert await store.finish(job.id, idx, Outcome(DONE, document={"n": idx}, credits=1))
    # A second delivery of item 0 changes nothing.
    assert not await store.finish(job.id, 0, Outcome(DONE, document={"n": "again"}, credits=1))
    assert await store.take(job.id, 0) is None
    docs, more = await store.documents(job.id, skip=0, limit=2, max_bytes=10**6)
    assert [d["n"] for d in docs] == [2, 0] and more
    docs, more = await store.documents(job.id, skip=2, limit=2, max_bytes=10**6)
    assert [d["n"] for d in docs] == [1] and not more
    assert (await store.progress(job)).credits == 3


async def test_concurrent_finishes_number_every_item_once(engine: AsyncEngine) -> None:
    store = JobStore(engine)
    job = await new_job(engine, store, 20, window=20)
    await store.fill(job.id)
    results = await asyncio.gather(
        *(store.finish(job.id, i % 20, Outcome(DONE, document={"n": i % 20})) for i in range(40))
    )
    assert sum(r.recorded for r in results) == 20
    docs, _ = await store.documents(job.id, skip=0, limit=100, max_bytes=10**7)
    assert sorted(d["n"] for d in docs) == list(range(20))


async def test_cancel_stops_the_queued_items(engine: AsyncEngine) -> None:
    store = JobStore(engine)
    job = await new_job(engine, store, 4, window=1)
    await store.fill(job.id)
    assert await store.cancel(job)
    assert not await store.cancel(job)
    assert await store.fill(job.id) == []
    assert await store.take(job.id, 0) is None  # the running one ends as cancelled
    counts = (await store.progress(job)).counts
    assert counts == {CANCELLED: 4}
    finished = await new_job(engine, store, 1, window=1)
    await store.fill(finished.id)
    await store.finish(finished.id, 0, Outcome(FAILED, error="boom", code="X"))
    assert not await store.cancel(finished)
    assert [(e.url, e.error, e.code) for e in await store.errors(finished.id)] == [
        ("https://example.com/0", "boom", "X")
    ]


async def test_after_a_restart_running_items_are_queued_again(engine: AsyncEngine) -> None:
    store = JobStore(engine)
    job = await new_job(engine, store, 3, window=2)
    await store.fill(job.id)
    await store.finish(job.id, 0, Outcome(DONE, document={}))
    assert await store.requeue_running() == [job.id]
    assert await store.fill(job.id) == [1, 2]
    await store.unkick(job.id, 2)
    assert await store.fill(job.id) == [2]


async def test_billing_commits_with_the_result_or_not_at_all(engine: AsyncEngine) -> None:
    store, credits = JobStore(engine), CreditStore(engine)
    job = await new_job(engine, store, 3, window=3)
    await store.fill(job.id)

    async def bill(conn: AsyncConnection, cost: int) -> bool:
        return await credits.debit_in(conn, job.team_id, cost, 2, api_key_id=None, ref=job.id)

    assert await store.finish(job.id, 0, Outcome(DONE, document={}, credits=1, bill=bill))
    assert await store.finish(job.id, 1, Outcome(DONE, document={}, credits=1, bill=bill))
    with pytest.raises(NotPaid):
        await store.finish(job.id, 2, Outcome(DONE, document={}, credits=1, bill=bill))
    assert (await store.progress(job)).counts == {DONE: 2, KICKED: 1}
    assert await credits.ledger_total(job.team_id) == 2


async def test_expired_jobs_disappear_and_are_swept(engine: AsyncEngine) -> None:
    clock = Clock()
    store = JobStore(engine, clock=clock)
    job = await new_job(engine, store, 2, window=1)
    assert await store.get(job.id, team_id=job.team_id) is not None
    assert await store.get(job.id, team_id="someone-else") is None
    clock.now += timedelta(hours=25)
    assert await store.get(job.id) is None
    assert await store.fill(job.id) == []
    assert await store.sweep() == 1
    assert await store.sweep() == 0


async def test_a_job_never_put_on_the_queue_is_found_stalled(engine: AsyncEngine) -> None:
    store = JobStore(engine)
    job = await new_job(engine, store, 3, window=1)
    assert await store.stalled() == [job.id]  # made, but the queue was unreachable
    await store.fill(job.id)
    assert await store.stalled() == []
    assert (await store.finish(job.id, 0, Outcome(DONE, document={}))).next == [1]
    await store.unkick(job.id, 1)
    assert await store.stalled() == [job.id]  # its next item never reached the queue
    await store.cancel(job)
    assert await store.stalled() == []


async def test_finishing_an_item_lets_the_next_ones_in(engine: AsyncEngine) -> None:
    store = JobStore(engine)
    job = await new_job(engine, store, 4, window=2)
    assert await store.fill(job.id) == [0, 1]
    finished = await store.finish(job.id, 0, Outcome(DONE, document={}))
    assert finished.recorded and finished.next == [2]
    again = await store.finish(job.id, 0, Outcome(DONE, document={}))
    assert not again.recorded and again.next == []


async def test_concurrent_finishes_never_kick_an_item_twice_nor_overfill(
    engine: AsyncEngine,
) -> None:
    store = JobStore(engine)
    job = await new_job(engine, store, 60, window=10)
    running = await store.fill(job.id)
    kicked_total: list[int] = list(running)
    while running:
        done = await asyncio.gather(
            *(store.finish(job.id, i, Outcome(DONE, document={"n": i})) for i in running)
        )
        running = [i for f in done for i in f.next]
        assert len(running) == len(set(running)) <= 10
        kicked_total += running
        if not running:  # a finish that skipped a locked item leaves room: fill it
            running = await store.fill(job.id)
            kicked_total += running
    assert sorted(kicked_total) == list(range(60))
    assert (await store.progress(job)).done == 60

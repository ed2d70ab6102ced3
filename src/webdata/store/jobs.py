"""Jobs and their items: what was asked, what is queued, running and finished, and the results.

The store, not the queue, is the truth about a job. A queue message only names an item; the
worker that takes it checks the item here first, so a message delivered twice (a worker died
after finishing, Redis redelivered it) does the work once. Items leave ``queued`` through the
job's *window*: at most ``window`` items of a job are on the queue or running at once, and
each finished item lets the next one in (``fill``). That is how ``maxConcurrency`` holds and
how one team's ten-thousand-URL batch cannot take the queue from everybody else.

Finishing an item takes no lock on its job: workers finishing items of one job at once would
otherwise queue for it (measured: 350 ms a finish at 16 in flight on PostgreSQL). Results are
paged in the order items finished (then by index).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import Any

from sqlalchemy import case, delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.orm import aliased

from webdata.store.blobs import pack, unpack
from webdata.store.db import write_turn
from webdata.store.models import Job, JobItem, new_id, utcnow

QUEUED, KICKED, DONE, FAILED, CANCELLED = "queued", "kicked", "done", "failed", "cancelled"
FINISHED = (DONE, FAILED, CANCELLED)


class _Duplicate(Exception):
    """The item was finished already; the transaction recording it again rolls back."""


class NotPaid(Exception):
    """The item's credits could not be debited; its result was not recorded."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How an item ended: its status (done, failed, cancelled), its document or error, and
    its credits with how to debit them (``bill(conn, credits)``, in the recording
    transaction; None: not billed)."""

    status: str
    document: dict[str, Any] | None = None
    error: str | None = None
    code: str | None = None
    credits: int = 0
    bill: Callable[[AsyncConnection, int], Awaitable[bool]] | None = None
    # Called once the outcome is recorded (by this delivery): usage counted outside the
    # transaction, for plans without an allowance.
    after: Callable[[], None] | None = None


@dataclass(frozen=True, slots=True)
class Finished:
    # Whether this call recorded the outcome; the items it let into the window (to queue).
    recorded: bool
    next: list[int]

    def __bool__(self) -> bool:
        return self.recorded


@dataclass(frozen=True, slots=True)
class JobView:
    id: str
    team_id: str
    api_key_id: str | None
    kind: str
    options: dict[str, Any]
    window: int
    total: int
    created_at: datetime
    expires_at: datetime
    cancelled_at: datetime | None


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a job is: items per status, and the credits its items cost."""

    total: int
    counts: dict[str, int]
    credits: int

    @property
    def finished(self) -> int:
        return sum(self.counts.get(s, 0) for s in FINISHED)

    @property
    def done(self) -> int:
        return self.counts.get(DONE, 0)


@dataclass(frozen=True, slots=True)
class ItemWork:
    """An item a worker may run now: its job and URL."""

    job: JobView
    idx: int
    url: str


@dataclass(frozen=True, slots=True)
class ItemError:
    idx: int
    url: str
    error: str
    code: str | None
    finished_at: datetime | None


def _view(row: Any) -> JobView:
    return JobView(
        id=row.id,
        team_id=row.team_id,
        api_key_id=row.api_key_id,
        kind=row.kind,
        options=row.options,
        window=row.window,
        total=row.total,
        created_at=row.created_at,
        expires_at=row.expires_at,
        cancelled_at=row.cancelled_at,
    )


_JOB_COLUMNS = (
    Job.id,
    Job.team_id,
    Job.api_key_id,
    Job.kind,
    Job.options,
    Job.window,
    Job.total,
    Job.created_at,
    Job.expires_at,
    Job.cancelled_at,
)


class JobStore:
    def __init__(self, engine: AsyncEngine, *, clock: Callable[[], datetime] = utcnow) -> None:
        self._engine = engine
        self._clock = clock

    # -- creating -------------------------------------------------------------------------

    async def create(
        self,
        *,
        team_id: str,
        api_key_id: str | None,
        kind: str,
        options: dict[str, Any],
        urls: Sequence[str],
        window: int,
        ttl: timedelta,
    ) -> JobView:
        now = self._clock()
        job_id = new_id()
        values = {
            "id": job_id,
            "team_id": team_id,
            "api_key_id": api_key_id,
            "kind": kind,
            "options": options,
            "window": window,
            "total": len(urls),
            "created_at": now,
            "expires_at": now + ttl,
            "cancelled_at": None,
        }
        async with write_turn(self._engine), self._engine.begin() as conn:
            await conn.execute(insert(Job).values(**values))
            await self._add_items(conn, job_id, urls, start=0)
        return _view(SimpleNamespace(**values))

    async def append(self, job: JobView, urls: Sequence[str]) -> int:
        """Add ``urls`` to a running job (``appendToId``); returns the job's new total."""
        async with write_turn(self._engine), self._engine.begin() as conn:
            total = await self._lock(conn, job.id)
            await self._add_items(conn, job.id, urls, start=total)
            await conn.execute(update(Job).where(Job.id == job.id).values(total=total + len(urls)))
        return total + len(urls)

    @staticmethod
    async def _add_items(
        conn: AsyncConnection, job_id: str, urls: Sequence[str], *, start: int
    ) -> None:
        rows = [
            {
                "job_id": job_id,
                "idx": start + i,
                "url": url,
                "status": QUEUED,
                "credits": 0,
                "finished_at": None,
                "document": None,
                "error": None,
                "code": None,
            }
            for i, url in enumerate(urls)
        ]
        for chunk in range(0, len(rows), 1000):  # under SQLite's bound-parameter limit
            await conn.execute(insert(JobItem), rows[chunk : chunk + 1000])

    @staticmethod
    async def _lock(conn: AsyncConnection, job_id: str) -> int:
        """Hold the job's row until the transaction ends; returns its ``total``."""
        query = select(Job.total).where(Job.id == job_id).with_for_update()
        return int((await conn.execute(query)).scalar_one())

    # -- reading --------------------------------------------------------------------------

    async def get(self, job_id: str, *, team_id: str | None = None) -> JobView | None:
        """The job, if it exists, has not expired, and (given ``team_id``) is that team's."""
        query = select(*_JOB_COLUMNS).where(Job.id == job_id, Job.expires_at > self._clock())
        if team_id is not None:
            query = query.where(Job.team_id == team_id)
        async with self._engine.connect() as conn:
            row = (await conn.execute(query)).first()
        return _view(row) if row is not None else None

    async def progress(self, job: JobView) -> Progress:
        query = (
            select(JobItem.status, func.count(), func.coalesce(func.sum(JobItem.credits), 0))
            .where(JobItem.job_id == job.id)
            .group_by(JobItem.status)
        )
        total_query = select(Job.total).where(Job.id == job.id)
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).all()
            total = (await conn.execute(total_query)).scalar_one_or_none() or 0
        counts = {row[0]: int(row[1]) for row in rows}
        return Progress(total=int(total), counts=counts, credits=sum(int(r[2]) for r in rows))

    async def documents(
        self, job_id: str, *, skip: int, limit: int, max_bytes: int
    ) -> tuple[list[dict[str, Any]], bool]:
        """Finished documents in the order they finished, from the ``skip``-th, at most
        ``limit`` of them and about ``max_bytes`` of JSON (always at least one); and whether
        more finished documents follow."""
        query = (
            select(JobItem.document)
            .where(JobItem.job_id == job_id, JobItem.status == DONE)
            .order_by(JobItem.finished_at, JobItem.idx)
            .offset(skip)
            .limit(limit + 1)
        )
        async with self._engine.connect() as conn:
            blobs = (await conn.execute(query)).scalars().all()
        docs: list[dict[str, Any]] = []
        size = 0
        for blob in blobs[:limit]:
            if blob is None:
                continue
            doc = unpack(blob)
            # A compressed blob's size under-reads its JSON; the JSON is what is sent.
            size += len(blob) * 6
            if docs and size > max_bytes:
                return docs, True
            docs.append(doc)
        return docs, len(blobs) > limit

    async def waiting_items(self, team_id: str) -> int:
        """Items of the team's live jobs still waiting for their job's window."""
        live = select(Job.id).where(
            Job.team_id == team_id, Job.cancelled_at.is_(None), Job.expires_at > self._clock()
        )
        query = select(func.count()).where(JobItem.job_id.in_(live), JobItem.status == QUEUED)
        async with self._engine.connect() as conn:
            return int((await conn.execute(query)).scalar_one())

    async def errors(self, job_id: str) -> list[ItemError]:
        query = (
            select(JobItem.idx, JobItem.url, JobItem.error, JobItem.code, JobItem.finished_at)
            .where(JobItem.job_id == job_id, JobItem.status == FAILED)
            .order_by(JobItem.finished_at, JobItem.idx)
        )
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [ItemError(r.idx, r.url, r.error or "", r.code, r.finished_at) for r in rows]

    # -- the window -----------------------------------------------------------------------

    async def fill(self, job_id: str) -> list[int]:
        """Move queued items to ``kicked`` until the job's window is full; returns their
        indexes, which the caller puts on the queue. Nothing for a cancelled or expired job."""
        async with write_turn(self._engine), self._engine.begin() as conn:
            return await self._let_in(conn, job_id)

    async def _let_in(self, conn: AsyncConnection, job_id: str) -> list[int]:
        """Kick the next queued items, as many as the window has room for (the job's window,
        state and room are read inside the first statement). No lock on the job: finishes
        of one job run side by side, and two never kick the same item."""
        live = (
            select(Job.window)
            .where(Job.id == job_id, Job.cancelled_at.is_(None), Job.expires_at > self._clock())
            .scalar_subquery()
        )
        running = aliased(JobItem)
        kicked_now = (
            select(func.count())
            .where(running.job_id == job_id, running.status == KICKED)
            .scalar_subquery()
        )
        # No live job (cancelled, expired): a NULL window, so no room.
        room = case((live.is_(None), 0), (kicked_now >= live, 0), else_=live - kicked_now)
        pick = (
            select(JobItem.idx)
            .where(JobItem.job_id == job_id, JobItem.status == QUEUED)
            .order_by(JobItem.idx)
            .limit(room)
            # PostgreSQL: items another finish is kicking right now are left to it.
            .with_for_update(skip_locked=True)
        )
        chosen: Any
        if self._engine.dialect.name == "sqlite":
            # One writer at a time: pick and kick in one statement, one round trip less
            # while holding SQLite's write lock.
            chosen = pick.scalar_subquery()
        else:
            chosen = list((await conn.execute(pick)).scalars().all())
            if not chosen:
                return []
        kicked = await conn.execute(
            update(JobItem)
            .where(JobItem.job_id == job_id, JobItem.idx.in_(chosen), JobItem.status == QUEUED)
            .values(status=KICKED)
            .returning(JobItem.idx)
        )
        return sorted(kicked.scalars().all())

    async def unkick(self, job_id: str, idx: int) -> None:
        """The item did not reach the queue: back to queued, for the next ``fill``."""
        async with write_turn(self._engine), self._engine.begin() as conn:
            await conn.execute(
                update(JobItem)
                .where(JobItem.job_id == job_id, JobItem.idx == idx, JobItem.status == KICKED)
                .values(status=QUEUED)
            )

    async def take(self, job_id: str, idx: int) -> ItemWork | None:
        """The item if a worker should run it now: it is kicked (not finished by an earlier
        delivery of the same message) and its job lives. An item of a cancelled or expired
        job is marked cancelled instead."""
        query = (
            select(*_JOB_COLUMNS, JobItem.status.label("item_status"), JobItem.url)
            .join(JobItem, JobItem.job_id == Job.id)
            .where(Job.id == job_id, JobItem.idx == idx)
        )
        async with self._engine.connect() as conn:
            row = (await conn.execute(query)).first()
        if row is None or row.item_status != KICKED:
            return None
        job = _view(row)
        if job.cancelled_at is not None or job.expires_at <= self._clock():
            await self.finish(job_id, idx, Outcome(CANCELLED))
            return None
        return ItemWork(job=job, idx=idx, url=row.url)

    async def finish(self, job_id: str, idx: int, outcome: Outcome) -> Finished:
        """Record the item's outcome once, and let the job's next items into its window, in
        one transaction. ``recorded`` is False if the item was already finished (a duplicate
        delivery): nothing is written then. The outcome's ``bill(conn, credits)`` debits its
        credits in the same transaction; when it cannot (the allowance is spent), nothing is
        written and :class:`NotPaid` is raised."""
        blob = pack(outcome.document) if outcome.document is not None else None
        try:
            finished = await self._finish(job_id, idx, outcome, blob)
        except _Duplicate:
            return Finished(False, [])
        if outcome.after is not None:
            outcome.after()
        return finished

    async def _finish(
        self, job_id: str, idx: int, outcome: Outcome, blob: bytes | None
    ) -> Finished:
        async with write_turn(self._engine), self._engine.begin() as conn:
            result = await conn.execute(
                update(JobItem)
                .where(JobItem.job_id == job_id, JobItem.idx == idx, JobItem.status == KICKED)
                .values(
                    status=outcome.status,
                    document=blob,
                    error=outcome.error[:4096] if outcome.error else None,
                    code=outcome.code,
                    credits=outcome.credits,
                    finished_at=self._clock(),
                )
            )
            if result.rowcount != 1:
                raise _Duplicate  # already finished (a second delivery): roll all of it back
            bill = outcome.bill
            if bill is not None and outcome.credits and not await bill(conn, outcome.credits):
                raise NotPaid
            return Finished(True, await self._let_in(conn, job_id))

    # -- cancelling, resuming, sweeping ---------------------------------------------------

    async def cancel(self, job: JobView) -> bool:
        """Stop the job: its queued items are cancelled, running ones end as they may.
        False if it had already finished (or was cancelled)."""
        async with write_turn(self._engine), self._engine.begin() as conn:
            await self._lock(conn, job.id)
            state = (
                await conn.execute(select(Job.cancelled_at).where(Job.id == job.id))
            ).scalar_one()
            open_query = select(func.count()).where(
                JobItem.job_id == job.id, JobItem.status.in_((QUEUED, KICKED))
            )
            if state is not None or not (await conn.execute(open_query)).scalar_one():
                return False
            now = self._clock()
            await conn.execute(update(Job).where(Job.id == job.id).values(cancelled_at=now))
            await conn.execute(
                update(JobItem)
                .where(JobItem.job_id == job.id, JobItem.status == QUEUED)
                .values(status=CANCELLED, finished_at=now)
            )
        return True

    async def requeue_running(self) -> list[str]:
        """After a restart of the in-process queue nothing is running: items left kicked go
        back to queued. Returns the ids of the live jobs with queued items, to ``fill``."""
        now = self._clock()
        live = select(Job.id).where(Job.cancelled_at.is_(None), Job.expires_at > now)
        async with write_turn(self._engine), self._engine.begin() as conn:
            await conn.execute(
                update(JobItem)
                .where(JobItem.status == KICKED, JobItem.job_id.in_(live))
                .values(status=QUEUED)
            )
            rows = await conn.execute(
                select(JobItem.job_id)
                .where(JobItem.status == QUEUED, JobItem.job_id.in_(live))
                .distinct()
            )
            return list(rows.scalars().all())

    async def stalled(self) -> list[str]:
        """Live jobs with items waiting and none on the queue: their window never got filled
        (the queue was unreachable when they were made) and nothing will fill it."""
        now = self._clock()
        live = select(Job.id).where(Job.cancelled_at.is_(None), Job.expires_at > now)
        kicked = select(JobItem.job_id).where(JobItem.status == KICKED)
        query = (
            select(JobItem.job_id)
            .where(
                JobItem.status == QUEUED,
                JobItem.job_id.in_(live),
                JobItem.job_id.not_in(kicked),
            )
            .distinct()
        )
        async with self._engine.connect() as conn:
            return list((await conn.execute(query)).scalars().all())

    async def sweep(self) -> int:
        """Delete expired jobs with their items and results."""
        async with write_turn(self._engine), self._engine.begin() as conn:
            expired = select(Job.id).where(Job.expires_at <= self._clock())
            await conn.execute(delete(JobItem).where(JobItem.job_id.in_(expired)))
            result = await conn.execute(delete(Job).where(Job.expires_at <= self._clock()))
        return int(result.rowcount or 0)

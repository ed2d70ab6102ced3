"""The job queue: items of jobs go on a taskiq broker, and whoever consumes it runs them.

The broker is chosen once, from the settings: taskiq's in-memory broker runs each item as a
task of this process (the embedded mode); with ``WEBDATA_REDIS_URL`` items go on a Redis
stream that ``webdata worker`` processes read (acknowledged when done, redelivered when a
worker stops: ``jobs.stream_broker``). One task per family (``jobs.registry``) takes
``(job_id, index)``; the store says whether there is still work, so a message delivered
twice does it once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

import structlog
from taskiq import AsyncBroker, AsyncTaskiqDecoratedTask, InMemoryBroker, SimpleRetryMiddleware
from taskiq.acks import AcknowledgeType
from taskiq.receiver import Receiver

from webdata.config import Settings
from webdata.limits.gate import NO_CREDITS, Gate
from webdata.scrape.services import ScrapeServices
from webdata.store.jobs import FAILED, ItemWork, JobStore, NotPaid, Outcome

log = structlog.get_logger("webdata.jobs")


@dataclass(frozen=True, slots=True)
class JobEnv:
    """What running an item may use."""

    services: ScrapeServices
    gate: Gate
    store: JobStore


# Runs one item and says how it ended; the queue records that (``JobStore.finish``).
Family = Callable[[ItemWork, JobEnv], Awaitable[Outcome]]


def make_broker(settings: Settings) -> AsyncBroker:
    if settings.redis_url:
        from webdata.jobs.stream_broker import ReclaimingStreamBroker

        broker: AsyncBroker = ReclaimingStreamBroker(
            settings.redis_url,
            queue_name=settings.queue_name,
            consumer_group_name=f"{settings.queue_name}:workers",
            # A group made after items were queued still reads them.
            consumer_id="0",
            idle_timeout=int(settings.queue_redeliver_s * 1000),
            xread_block=min(2000, max(50, int(settings.queue_redeliver_s * 500))),
            maxlen=1_000_000,
        )
    else:
        broker = InMemoryBroker(max_async_tasks=settings.worker_concurrency)
    # A task that raised (the store was unreachable) is tried again, not dropped.
    return broker.with_middlewares(SimpleRetryMiddleware(default_retry_count=3))


class JobQueue:
    def __init__(
        self,
        settings: Settings,
        store: JobStore,
        families: Mapping[str, Family],
        broker: AsyncBroker | None = None,
    ) -> None:
        self.settings = settings
        self.store = store
        self.broker = broker or make_broker(settings)
        self.in_process = isinstance(self.broker, InMemoryBroker)
        self._families = dict(families)
        self._tasks: dict[str, AsyncTaskiqDecoratedTask[Any, Any]] = {}
        self._env: JobEnv | None = None
        self._receiver: asyncio.Task[None] | None = None
        self._stop_receiving = asyncio.Event()
        # Items running in this process (so a stop can wait for them, then cancel the rest).
        self._running: set[asyncio.Task[Any]] = set()
        # Items this process finished, by status (what ``webdata worker`` shows).
        self.finished: Counter[str] = Counter()
        # Set when this process stops: no item starts after it (taskiq's retry of a
        # cancelled item would otherwise start it again while the store closes).
        self._closing = False
        for kind in self._families:
            self._tasks[kind] = self.broker.register_task(
                self._runner(kind), task_name=f"webdata.job.{kind}", retry_on_error=True
            )

    def _runner(self, kind: str) -> Callable[[str, int], Awaitable[None]]:
        async def run(job_id: str, index: int) -> None:
            await self.run_item(kind, job_id, index)

        return run

    async def start(self, env: JobEnv, *, consume: bool) -> None:
        """Connect; with ``consume``, run items from the Redis stream in this process too (the
        in-process queue always runs its items here). Jobs the in-process queue was running
        when this process last stopped are resumed."""
        self._env = env
        await self.broker.startup()
        if self.in_process:
            for job_id in await self.store.requeue_running():
                job = await self.store.get(job_id)
                if job is not None:
                    await self.dispatch(job_id, job.kind)
        else:
            await self.revive()
        if not self.in_process and consume:
            receiver = Receiver(
                self.broker,
                max_async_tasks=self.settings.worker_concurrency,
                run_startup=False,
                # Acknowledged once run: a worker that dies leaves its items to another.
                ack_type=AcknowledgeType.WHEN_EXECUTED,
                wait_tasks_timeout=self.settings.worker_grace_s,
            )
            self._receiver = asyncio.create_task(receiver.listen(self._stop_receiving))

    async def close(self) -> None:
        """Stop taking items. From Redis, the items running here get ``worker_grace_s`` to
        finish; what still runs then is cancelled and, unacknowledged, handed to another
        worker. The in-process queue cancels its items at once and resumes them on the next
        start."""
        if self._receiver is not None:
            self._stop_receiving.set()
            try:
                await asyncio.wait_for(
                    asyncio.shield(self._receiver), self.settings.worker_grace_s + 5
                )
            except TimeoutError:
                self._receiver.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._receiver
        self._closing = True
        while running := list(self._running):
            for task in running:
                task.cancel()
            await asyncio.gather(*running, return_exceptions=True)
        if isinstance(self.broker, InMemoryBroker):
            while running := list(self.broker._running_tasks):
                for task in running:
                    task.cancel()
                await asyncio.gather(*running, return_exceptions=True)
        await self.broker.shutdown()

    async def dispatch(self, job_id: str, kind: str) -> None:
        """Put the job's next items on the queue, as far as its window allows."""
        await self._kick(job_id, kind, await self.store.fill(job_id))

    async def _kick(self, job_id: str, kind: str, indexes: list[int]) -> None:
        task = self._tasks[kind]
        for index in indexes:
            try:
                await task.kiq(job_id, index)
            except Exception:
                # Not on the queue: give the item back to the window, so it is not stranded.
                await self.store.unkick(job_id, index)
                raise

    async def revive(self) -> int:
        """Queue the items of stalled jobs (see ``JobStore.stalled``); run at start and with
        every sweep, by any process (filling a window is atomic, so two never double it)."""
        revived = 0
        for job_id in await self.store.stalled():
            job = await self.store.get(job_id)
            if job is not None:
                await self.dispatch(job_id, job.kind)
                revived += 1
        return revived

    async def run_item(self, kind: str, job_id: str, index: int) -> None:
        env = self._env
        if env is None:
            raise RuntimeError("the job queue was not started")
        if self._closing:
            return  # left kicked: resumed by the next start (in-process) or redelivered
        task = asyncio.current_task()
        if task is not None:
            self._running.add(task)
        try:
            await self._run(kind, job_id, index, env)
        finally:
            if task is not None:
                self._running.discard(task)

    async def _run(self, kind: str, job_id: str, index: int, env: JobEnv) -> None:
        work = await self.store.take(job_id, index)
        if work is None:  # done by an earlier delivery, or its job was cancelled
            await self.dispatch(job_id, kind)
            return
        try:
            outcome = await self._families[kind](work, env)
        except Exception:
            log.exception("job item failed", kind=kind, job=job_id, index=index)
            outcome = Outcome(FAILED, error="Internal Server Error", code="UNKNOWN_ERROR")
        try:
            finished = await self.store.finish(job_id, index, outcome)
        except NotPaid:
            outcome = Outcome(FAILED, error=NO_CREDITS, code="NO_CREDITS")
            finished = await self.store.finish(job_id, index, outcome)
        if finished.recorded:
            self.finished[outcome.status] += 1
        await self._kick(job_id, kind, finished.next)

    @property
    def running(self) -> int:
        return len(self._running)

    async def wait_idle(self) -> None:
        """(Tests, benchmarks) wait until the in-process queue has nothing running."""
        if isinstance(self.broker, InMemoryBroker):
            while self.broker._running_tasks:
                await self.broker.wait_all()

"""The long-lived parts of one webdata process, built from the settings (config -> factory):
the store, the limits, the scrape services and the job queue. ``webdata serve`` (the API's
lifespan) and ``webdata worker`` start the same runtime; only who consumes the queue differs.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

import structlog
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from webdata.config import Settings
from webdata.jobs.queue import JobEnv, JobQueue
from webdata.jobs.registry import FAMILIES
from webdata.limits.gate import Gate
from webdata.limits.rate import RateLimiter
from webdata.limits.redis_slots import RedisSlots
from webdata.limits.slots import ConcurrencySlots, Slots
from webdata.scrape.services import ScrapeServices
from webdata.store.cache import CacheStore
from webdata.store.credits import CreditStore
from webdata.store.db import make_engine, make_sessionmaker, migrate
from webdata.store.history import HistoryStore
from webdata.store.jobs import JobStore
from webdata.store.models import utcnow
from webdata.store.plans import PlanStore
from webdata.store.profiles import ProfileStore
from webdata.store.tokens import TokenStore

log = structlog.get_logger("webdata.runtime")


async def sweep_forever(
    sweeps: Sequence[tuple[str, Callable[[], Awaitable[int]]]], interval_s: float
) -> None:
    """Delete what has expired (cache entries, jobs) now and every ``interval_s``."""
    while True:
        for name, sweep in sweeps:
            try:
                removed = await sweep()
                if removed:
                    log.info("swept", what=name, removed=removed)
            except Exception:  # a database hiccup must not end the sweeping
                log.warning("sweep failed", what=name, exc_info=True)
        await asyncio.sleep(interval_s)


@dataclass
class Runtime:
    settings: Settings
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    gate: Gate
    services: ScrapeServices
    jobs: JobStore
    queue: JobQueue
    cache: CacheStore
    slots: Slots
    _sweeper: asyncio.Task[None] | None = field(default=None, repr=False)

    @classmethod
    async def start(
        cls, settings: Settings, *, consume: bool, clock: Callable[[], datetime] = utcnow
    ) -> Runtime:
        """``consume``: run queued job items in this process (with Redis; the in-process
        queue always does). ``clock``: the current UTC time of the store (tests move it)."""
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        await migrate(settings.database_url)
        engine = make_engine(settings.database_url)
        sessions = make_sessionmaker(engine)
        cache = CacheStore(engine, clock=clock, memory_bytes=settings.cache_memory_mb * 2**20)
        # Shared by every process through Redis when there is one.
        slots: Slots = RedisSlots(settings.redis_url) if settings.redis_url else ConcurrencySlots()
        gate = Gate(
            PlanStore(sessions),
            CreditStore(engine, clock=clock),
            RateLimiter(settings.redis_url),
            slots,
        )
        services = await ScrapeServices.start(
            settings,
            profiles=ProfileStore(sessions),
            cache=cache,
            history=HistoryStore(engine),
            tokens=TokenStore(engine, clock=clock),
            clock=clock,
        )
        jobs = JobStore(engine, clock=clock)
        queue = JobQueue(settings, jobs, FAMILIES)
        runtime = cls(settings, engine, sessions, gate, services, jobs, queue, cache, slots)
        await queue.start(JobEnv(services, gate, jobs), consume=consume)

        async def sweep_artifacts() -> int:
            # Media files live an hour and may be large: swept as often as the cache, not
            # only at start. Blocking I/O (a network call for S3): in a thread.
            return await asyncio.to_thread(services.artifacts.sweep, settings.artifact_ttl_s)

        sweeps = [
            ("cache", cache.sweep),
            ("jobs", jobs.sweep),
            ("stalled jobs", queue.revive),
            ("artifacts", sweep_artifacts),
        ]
        runtime._sweeper = asyncio.create_task(
            sweep_forever(sweeps, settings.cache_sweep_interval_s)
        )
        return runtime

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        try:
            await self.queue.close()
        finally:
            try:
                # The usage still in its buffer is money; nothing may skip it.
                await self.gate.credits.close()
            finally:
                try:
                    await self.services.close()
                finally:
                    if isinstance(self.slots, RedisSlots):
                        await self.slots.close()
                    await self.engine.dispose()

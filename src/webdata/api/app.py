"""The FastAPI app factory: store, keys and engines built at start-up, closed at shutdown."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime

import structlog
from fastapi import FastAPI
from rich.console import Console

from webdata import __version__
from webdata.api.body import BodyLimitMiddleware
from webdata.api.errors import install_error_handlers
from webdata.api.openapi import install_openapi
from webdata.api.routers import artifacts, health, parse, scrape, team
from webdata.config import Settings, get_settings
from webdata.limits.gate import Gate
from webdata.limits.rate import RateLimiter
from webdata.limits.redis_slots import RedisSlots
from webdata.limits.slots import ConcurrencySlots, Slots
from webdata.logging import configure_logging
from webdata.scrape.services import ScrapeServices
from webdata.store.cache import CacheStore
from webdata.store.credits import CreditStore
from webdata.store.db import make_engine, make_sessionmaker, migrate
from webdata.store.history import HistoryStore
from webdata.store.keys import KeyStore, ensure_bootstrap
from webdata.store.models import utcnow
from webdata.store.plans import PlanStore
from webdata.store.profiles import ProfileStore

log = structlog.get_logger("webdata.api")

ROUTERS = [health.router, scrape.router, parse.router, artifacts.router, team.router]


def announce_first_key(key: str) -> None:
    """Shown once, on the start that created the key; only its hash is kept."""
    Console(stderr=True).print(
        "\n[bold green]webdata created your first API key[/] (shown only this once):\n"
        f"  [bold]{key}[/]\n"
        "Use it as: Authorization: Bearer <key>. More keys: `webdata keys create`.\n"
    )


async def sweep_cache(cache: CacheStore, interval_s: float) -> None:
    """Delete expired cache entries now and every ``interval_s``, for the process's life."""
    while True:
        try:
            removed = await cache.sweep()
            if removed:
                log.info("cache swept", removed=removed)
        except Exception:  # a database hiccup must not end the sweeping
            log.warning("cache sweep failed", exc_info=True)
        await asyncio.sleep(interval_s)


def create_app(
    settings: Settings | None = None, *, clock: Callable[[], datetime] = utcnow
) -> FastAPI:
    """``clock``: the current UTC time of the cache and page history (tests move it)."""
    settings = settings or get_settings()
    configure_logging(settings.log_level)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        await migrate(settings.database_url)
        engine = make_engine(settings.database_url)
        sessions = make_sessionmaker(engine)
        app.state.keys = KeyStore(sessions)
        first_key = await ensure_bootstrap(app.state.keys, settings.bootstrap_api_key)
        if first_key and settings.print_first_key:
            announce_first_key(first_key)
        cache = CacheStore(engine, clock=clock, memory_bytes=settings.cache_memory_mb * 2**20)
        # Shared by every API process through Redis when there is one.
        slots: Slots = RedisSlots(settings.redis_url) if settings.redis_url else ConcurrencySlots()
        app.state.gate = Gate(
            PlanStore(sessions),
            CreditStore(engine, clock=clock),
            RateLimiter(settings.redis_url),
            slots,
        )
        app.state.services = await ScrapeServices.start(
            settings,
            profiles=ProfileStore(sessions),
            cache=cache,
            history=HistoryStore(engine),
            clock=clock,
        )
        sweeper = asyncio.create_task(sweep_cache(cache, settings.cache_sweep_interval_s))
        app.state.ready = True
        try:
            yield
        finally:
            app.state.ready = False
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
            try:
                # First: the usage still in its buffer is money; nothing may skip it.
                await app.state.gate.credits.close()
            finally:
                try:
                    await app.state.services.close()
                finally:
                    if isinstance(slots, RedisSlots):
                        await slots.close()
                    await engine.dispose()

    app = FastAPI(
        title="webdata",
        version=__version__,
        description="Self-hostable web data service: the v2 scrape API.",
        lifespan=lifespan,
        docs_url="/docs",
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.ready = False
    app.add_middleware(BodyLimitMiddleware, limit=settings.max_body_bytes)
    install_error_handlers(app)
    for router in ROUTERS:
        app.include_router(router)
    install_openapi(app)
    return app

"""The FastAPI app factory: store, keys and engines built at start-up, closed at shutdown."""

from __future__ import annotations

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
from webdata.api.routers import artifacts, batch, health, parse, scrape, team
from webdata.config import Settings, get_settings
from webdata.logging import configure_logging
from webdata.runtime import Runtime
from webdata.store.keys import KeyStore, ensure_bootstrap
from webdata.store.models import utcnow

log = structlog.get_logger("webdata.api")

ROUTERS = [
    health.router,
    scrape.router,
    batch.router,
    parse.router,
    artifacts.router,
    team.router,
]


def announce_first_key(key: str) -> None:
    """Shown once, on the start that created the key; only its hash is kept."""
    Console(stderr=True).print(
        "\n[bold green]webdata created your first API key[/] (shown only this once):\n"
        f"  [bold]{key}[/]\n"
        "Use it as: Authorization: Bearer <key>. More keys: `webdata keys create`.\n"
    )


def create_app(
    settings: Settings | None = None, *, clock: Callable[[], datetime] = utcnow
) -> FastAPI:
    """``clock``: the current UTC time of the cache and page history (tests move it)."""
    settings = settings or get_settings()
    configure_logging(settings.log_level)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        runtime = await Runtime.start(
            settings, consume=settings.serve_runs_jobs or not settings.redis_url, clock=clock
        )
        app.state.runtime = runtime
        app.state.gate = runtime.gate
        app.state.services = runtime.services
        app.state.keys = KeyStore(runtime.sessions)
        try:
            first_key = await ensure_bootstrap(app.state.keys, settings.bootstrap_api_key)
            if first_key and settings.print_first_key:
                announce_first_key(first_key)
            app.state.ready = True
            yield
        finally:
            app.state.ready = False
            await runtime.close()

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

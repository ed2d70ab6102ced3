"""The FastAPI app factory: store, keys and engines built at start-up, closed at shutdown."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from rich.console import Console

from webdata import __version__
from webdata.api.body import BodyLimitMiddleware
from webdata.api.errors import install_error_handlers
from webdata.api.openapi import install_openapi
from webdata.api.routers import artifacts, health, scrape
from webdata.config import Settings, get_settings
from webdata.logging import configure_logging
from webdata.scrape.services import ScrapeServices
from webdata.store.db import make_engine, make_sessionmaker, migrate
from webdata.store.keys import KeyStore, ensure_bootstrap
from webdata.store.profiles import ProfileStore

ROUTERS = [health.router, scrape.router, artifacts.router]


def announce_first_key(key: str) -> None:
    """Shown once, on the start that created the key; only its hash is kept."""
    Console(stderr=True).print(
        "\n[bold green]webdata created your first API key[/] (shown only this once):\n"
        f"  [bold]{key}[/]\n"
        "Use it as: Authorization: Bearer <key>. More keys: `webdata keys create`.\n"
    )


def create_app(settings: Settings | None = None) -> FastAPI:
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
        app.state.services = await ScrapeServices.start(settings, profiles=ProfileStore(sessions))
        app.state.ready = True
        try:
            yield
        finally:
            app.state.ready = False
            await app.state.services.close()
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

"""Shared fixtures: the fixture site and a running webdata API, both on 127.0.0.1 over real HTTP."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.site.server import serve_in_thread

# The SDK stamps its caller into requests; keep it plain and off the network.
os.environ.setdefault("FIRECRAWL_DISABLE_CALLER_ORIGIN", "1")

TEST_KEY = "wd-test-key-0123456789abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class RunningApi:
    url: str
    key: str
    data_dir: Path

    def client(self, key: str | None = None, **kwargs: object) -> httpx.Client:
        headers = {"Authorization": f"Bearer {key or self.key}"}
        return httpx.Client(base_url=self.url, headers=headers, timeout=30, **kwargs)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    from tests.site.app import build_app

    with serve_in_thread(build_app()) as url:
        yield url


def start_api(
    data_dir: Path, *, clock: Callable[[], datetime] | None = None, **overrides: object
) -> Iterator[RunningApi]:
    """A real webdata API on a free port, with its own SQLite store under ``data_dir``;
    ``clock`` replaces the UTC clock of its cache and history."""
    from webdata.api.app import create_app
    from webdata.config import Settings

    options: dict[str, object] = {
        "data_dir": data_dir,
        "bootstrap_api_key": TEST_KEY,
        "allow_private_networks": True,  # the fixture site lives on 127.0.0.1
        "print_first_key": False,
        "log_level": "warning",
    }
    settings = Settings(**{**options, **overrides})  # type: ignore[arg-type]
    app = create_app(settings, clock=clock) if clock is not None else create_app(settings)
    with serve_in_thread(app) as url:
        yield RunningApi(url=url, key=TEST_KEY, data_dir=data_dir)


class MovableClock:
    """A UTC clock the tests move (the cache's and history's, via ``start_api(clock=...)``)."""

    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture(scope="module")
def clock() -> MovableClock:
    return MovableClock()


@pytest.fixture(scope="module")
def clocked_api(
    tmp_path_factory: pytest.TempPathFactory, clock: MovableClock
) -> Iterator[RunningApi]:
    """An API of its own for the module, whose cache and history follow ``clock``."""
    yield from start_api(tmp_path_factory.mktemp("clocked"), clock=clock)


@pytest.fixture(scope="session")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningApi]:
    yield from start_api(tmp_path_factory.mktemp("api"))


@pytest.fixture()
def client(api: RunningApi) -> Iterator[httpx.Client]:
    with api.client() as c:
        yield c


@pytest.fixture()
def firecrawl(api: RunningApi):  # type: ignore[no-untyped-def]
    from firecrawl import Firecrawl

    return Firecrawl(api_key=api.key, api_url=api.url, max_retries=1)


def other_team_key(api: RunningApi) -> str:
    """A key of a new team, made in the API's own (SQLite) store."""
    import secrets

    from tests.store.conftest import run_sync
    from webdata.store.db import make_engine, make_sessionmaker
    from webdata.store.keys import KeyStore

    async def make() -> str:
        engine = make_engine(f"sqlite+aiosqlite:///{(api.data_dir / 'webdata.db').as_posix()}")
        try:
            keys = KeyStore(make_sessionmaker(engine), cache_ttl=0)
            team = await keys.create_team(f"other-{secrets.token_hex(6)}")
            _, key = await keys.create_key(team.id)
            return key
        finally:
            await engine.dispose()

    return run_sync(make)


@pytest.fixture(scope="module")
def fake_llm() -> Iterator[tuple[Any, str]]:
    """The local OpenAI-compatible TEST SERVER (``tests/llm_server.py``) and its URL, one per
    test module; ``fake`` is the same server with its script and records cleared."""
    from tests.llm_server import serve_fake_llm

    with serve_fake_llm() as served:
        yield served


@pytest.fixture()
def fake(fake_llm: tuple[Any, str]) -> Any:
    fake_llm[0].reset()
    return fake_llm[0]

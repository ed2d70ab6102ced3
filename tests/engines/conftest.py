"""Fixtures for the engine tests: the fixture site over real HTTP and a shared HTTP engine."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio

from tests.site.server import serve_in_thread
from webdata.engines.http import HttpEngine


@pytest.fixture(scope="session")
def engine_site_url() -> Iterator[str]:
    from tests.site.app import build_app

    with serve_in_thread(build_app()) as url:
        yield url


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def http_engine() -> AsyncIterator[HttpEngine]:
    engine = HttpEngine()
    await engine.start()
    yield engine
    await engine.close()

"""Fixtures for the engine tests: the fixture site over real HTTP and shared engines."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator

import pytest
import pytest_asyncio

from tests.engines import AnyEngine
from tests.site.server import serve_in_thread
from webdata.engines.enhanced import EnhancedEngine
from webdata.engines.http import HttpEngine
from webdata.engines.ssrf import is_forbidden_address


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


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def enhanced_engine() -> AsyncIterator[EnhancedEngine]:
    async with EnhancedEngine() as engine:
        yield engine


@pytest.fixture(params=["http", "enhanced"])
def any_engine(request: pytest.FixtureRequest) -> AnyEngine:
    """Each engine in turn, for the behaviour every engine must share (test_engine_contract)."""
    engine: AnyEngine = request.getfixturevalue(f"{request.param}_engine")
    return engine


@pytest.fixture()
def loopback_only_policy() -> Callable[[str], bool]:
    """Treat the fixture site's own address as public, so hops away from it are tested."""
    return lambda ip: ip != "127.0.0.1" and is_forbidden_address(ip)

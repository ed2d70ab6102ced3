"""The browser engine and its pool directly: SSRF inside the page, no leaked contexts, restarts."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import psutil
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from tests.site.server import serve_in_thread
from webdata.browser.pool import BrowserPool
from webdata.config import Settings
from webdata.contract.actions import ClickAction, WaitAction
from webdata.engines.base import FetchRequest
from webdata.engines.browser import BrowserEngine, PageTask
from webdata.engines.errors import ActionError, BlockedAddressError, FetchTimeoutError
from webdata.engines.ssrf import is_forbidden_address

# The fixture site (127.0.0.1) plays the public internet; 127.0.0.2 plays the private network.
PRIVATE = "127.0.0.2"


def policy(ip: str) -> bool:
    return ip == PRIVATE or (ip != "127.0.0.1" and is_forbidden_address(ip))


@pytest.fixture(scope="module")
def private_site() -> Iterator[tuple[str, list[str]]]:
    hits: list[str] = []

    async def hit(request: Request) -> PlainTextResponse:
        hits.append(request.url.path)
        return PlainTextResponse("secret", headers={"Access-Control-Allow-Origin": "*"})

    app = Starlette(routes=[Route("/{path:path}", hit)])
    with serve_in_thread(app, host=PRIVATE) as url:
        yield url, hits


@pytest.fixture(scope="module")
async def engine(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BrowserEngine]:
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("engine"),
        allow_private_networks=False,
        browser_action_timeout_ms=300,
    )
    eng = BrowserEngine(settings, is_forbidden=policy)
    yield eng
    await eng.close()


def request(url: str, timeout_s: float = 10, *, private: bool = False) -> FetchRequest:
    return FetchRequest(url=url, timeout_s=timeout_s, allow_private_networks=private)


async def test_sub_requests_to_private_addresses_are_aborted(
    engine: BrowserEngine, site_url: str, private_site: tuple[str, list[str]]
) -> None:
    private_url, hits = private_site
    for target in (f"{private_url}/beacon", "http://169.254.169.254/latest/meta-data/"):
        fetched = await engine.fetch(request(f"{site_url}/browser/loads?target={target}"))
        assert fetched.text is not None and "FETCH_FAILED" in fetched.text, fetched.text
    assert hits == []
    allowed = await engine.fetch(request(f"{site_url}/browser/loads?target=/browser/api/article"))
    assert allowed.text is not None and "LOADED 200" in allowed.text


async def test_navigation_to_a_private_host_is_blocked(
    engine: BrowserEngine, site_url: str, private_site: tuple[str, list[str]]
) -> None:
    private_url, hits = private_site
    with pytest.raises(BlockedAddressError):
        await engine.fetch(request(f"{private_url}/page"))
    with pytest.raises(BlockedAddressError):
        await engine.fetch(request("http://metadata.google.internal/"))
    assert hits == []
    # Playwright does not route redirect hops: the hop is seen and the scrape refused.
    with pytest.raises(BlockedAddressError):
        await engine.fetch(request(f"{site_url}/browser/redirect?to={private_url}/via-redirect"))


async def test_no_context_outlives_its_scrape(engine: BrowserEngine, site_url: str) -> None:
    before = engine.pool.stats().pages_served
    ok = request(f"{site_url}/browser/spa")
    failing = PageTask(actions=(ClickAction(type="click", selector="#nope"),))
    slow = PageTask(actions=(WaitAction(type="wait", milliseconds=5_000),))
    jobs = []
    for i in range(12):
        if i % 4 == 1:
            jobs.append(engine.fetch(request(f"{site_url}/browser/actions"), failing))
        elif i % 4 == 2:
            jobs.append(engine.fetch(request(f"{site_url}/browser/actions", 0.5), slow))
        else:
            jobs.append(engine.fetch(ok))
    results = await asyncio.gather(*jobs, return_exceptions=True)
    kinds = {type(r).__name__ for r in results}
    assert kinds == {"Fetched", "ActionError", "FetchTimeoutError"}, results
    assert sum(isinstance(r, ActionError) for r in results) == 3
    assert sum(isinstance(r, FetchTimeoutError) for r in results) == 3
    # A scrape cancelled from outside (a client that went away) closes its context too.
    task = asyncio.create_task(engine.fetch(request(f"{site_url}/browser/never-settles")))
    await asyncio.sleep(0.5)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    # Contexts close in the background once their scrape ends; every one of them does.
    await asyncio.wait_for(engine.pool.drain(), 15)
    stats = engine.pool.stats()
    assert stats.open_contexts == 0
    # A 0.5 s scrape may time out while queued for a page slot, before it had a context.
    assert 10 <= stats.pages_served - before <= 13
    assert all(not s.browser.contexts for s in engine.pool._slots)


async def test_browser_is_replaced_after_n_pages_and_after_a_crash(
    tmp_path: Path, site_url: str
) -> None:
    settings = Settings(data_dir=tmp_path, allow_private_networks=True)
    older = {p.pid for p in psutil.Process().children(recursive=True)}
    pool = BrowserPool(settings.browser_path, restart_after=3, max_pages=2)
    engine = BrowserEngine(settings, pool=pool)
    try:
        assert pool.stats().launches == 0  # nothing starts before the first page
        for _ in range(7):
            await engine.fetch(request(f"{site_url}/browser/spa", private=True))
        assert pool.stats().launches == 3
        me = psutil.Process()
        shells = [
            p for p in me.children(recursive=True) if "headless" in p.name() and p.pid not in older
        ]
        assert shells
        for proc in shells:
            proc.kill()
        await asyncio.sleep(0.3)
        fetched = await engine.fetch(request(f"{site_url}/browser/spa", private=True))
        assert fetched.text is not None and "SPA_RENDERED_MARKER" in fetched.text
        assert pool.stats().launches == 4
    finally:
        await engine.close()
    await asyncio.sleep(0.2)
    left = [p for p in psutil.Process().children(recursive=True) if p.pid not in older]
    assert not left, f"processes left behind after the pool closed: {left}"

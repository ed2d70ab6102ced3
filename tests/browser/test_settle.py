"""The smart wait: complete pages that render in stages, no waiting for requests that never
end, no waiting for far-off timers, and a page script that looks native."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest

from tests.site.pages_browser import LONG_POLL_S
from webdata.browser.settle import LONG_REQUEST_S, install, page_html
from webdata.config import Settings
from webdata.engines.base import FetchRequest
from webdata.engines.browser import BrowserEngine, PageTask

# As rendered (the page's script holds the last one's text too).
STAGES = (
    '<p id="s1">STAGE_1_RENDERED</p>',
    '<p id="s2">STAGE_2_RENDERED</p>',
    '<p id="s3">STAGED_COMPLETE</p>',
)
LATE = '<div id="late"><p>LATE_CONTENT_ARRIVED</p></div>'


@pytest.fixture(scope="module")
async def engine(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BrowserEngine]:
    settings = Settings(data_dir=tmp_path_factory.mktemp("settle"), allow_private_networks=True)
    eng = BrowserEngine(settings)
    yield eng
    await eng.close()


def request(url: str, timeout_s: float = 15) -> FetchRequest:
    return FetchRequest(url=url, timeout_s=timeout_s, allow_private_networks=True)


async def test_staged_page_is_captured_complete(engine: BrowserEngine, site_url: str) -> None:
    # fetch, then a timer and a second fetch, then a frame and another timer: each stage is
    # longer than the quiet window, and none of them may be cut off, even 6 at a time.
    for gap in (150, 300):
        results = await asyncio.gather(
            *(engine.fetch(request(f"{site_url}/browser/staged?gap={gap}")) for _ in range(6))
        )
        for fetched in results:
            assert fetched.text is not None
            assert all(stage in fetched.text for stage in STAGES), fetched.text
    await engine.pool.drain()
    assert engine.pool.stats().open_contexts == 0


async def test_short_timers_are_waited_for_and_far_ones_are_not(
    engine: BrowserEngine, site_url: str
) -> None:
    soon = await engine.fetch(request(f"{site_url}/browser/late?ms=300"))
    assert soon.text is not None and LATE in soon.text
    later = await engine.fetch(request(f"{site_url}/browser/late?ms=2000"))
    assert later.text is not None and LATE not in later.text
    assert "The first paragraph is here" in later.text


@pytest.mark.parametrize("kind", ["events", "poll"])
async def test_requests_that_stay_open_do_not_hold_the_page(
    engine: BrowserEngine, site_url: str, kind: str
) -> None:
    # An event stream never ends and is not counted; a long-poll counts until it has been open
    # for LONG_REQUEST_S. Either way the page is taken well before the settle bound (10 s).
    started = time.monotonic()
    fetched = await engine.fetch(request(f"{site_url}/browser/background?kind={kind}"))
    elapsed = time.monotonic() - started
    assert fetched.text is not None and "BACKGROUND_PAGE_BODY" in fetched.text
    if kind == "events":
        assert elapsed < LONG_REQUEST_S
    else:
        assert "LONG_POLL_ANSWERED" not in fetched.text
        assert LONG_REQUEST_S <= elapsed < LONG_POLL_S - 1


LOOKS = """() => [
  setTimeout, clearTimeout, requestAnimationFrame, cancelAnimationFrame, fetch,
  XMLHttpRequest.prototype.send, Function.prototype.toString,
].map((f) => [f.name, f.length, String(f), Function.prototype.toString.call(f)])"""


async def test_page_script_looks_native_and_serializes_like_playwright(
    engine: BrowserEngine, site_url: str
) -> None:
    url = f"{site_url}/browser/staged"
    looks = {}
    for ours in (True, False):
        async with engine.pool.context() as context:
            if ours:
                await install(context)
            page = await context.new_page()
            await page.goto(url, wait_until="domcontentloaded")
            looks[ours] = await page.evaluate(LOOKS)
            if ours:
                assert await page.evaluate("typeof window.__wdSettle") == "function"
                await page.wait_for_selector("#s3:not(:empty)")
                assert await page_html(page) == await page.content()
    assert looks[True] == looks[False]
    assert all("[native code]" in text for _, _, text, _ in looks[True])


async def test_wait_for_and_actions_still_run_after_the_smart_wait(
    engine: BrowserEngine, site_url: str
) -> None:
    started = time.monotonic()
    fetched = await engine.fetch(
        request(f"{site_url}/browser/late?ms=900"), PageTask(wait_for_ms=1000)
    )
    assert time.monotonic() - started >= 1.0
    assert fetched.text is not None and LATE in fetched.text

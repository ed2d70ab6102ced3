"""What ``blockAds`` costs a page load: the ad-blocking route (and the consent stylesheet) on a
local fixture page, with and without the SSRF guard's route, and what it saves on a page
with ad scripts.

Run: .venv/bin/python -m benchmarks.adblock_overhead
The fixture site runs in a thread of this process; Chromium is Debian's chromium-headless-shell.
Each configuration loads the page in a fresh context (``goto`` until ``load``), interleaved
round by round so that noise hits them alike; then whole engine scrapes with block_ads on/off.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from playwright.async_api import BrowserContext
from tests.site.app import build_app
from tests.site.server import serve_in_thread

from webdata.browser.blocking import AdBlocker
from webdata.browser.pool import BrowserPool
from webdata.config import Settings
from webdata.engines.base import FetchRequest
from webdata.engines.browser import BrowserEngine, PageTask
from webdata.engines.browser_guard import RequestGuard

ROUNDS = 40
WARMUP = 5
Setup = Callable[[BrowserContext, str], Awaitable[None]]


async def nothing(_: BrowserContext, __: str) -> None:
    return None


async def blocker(context: BrowserContext, url: str) -> None:
    await AdBlocker(url).attach(context)


async def guard(context: BrowserContext, _: str) -> None:
    await RequestGuard(lambda ip: False).attach(context)


async def guard_and_blocker(context: BrowserContext, url: str) -> None:
    await guard(context, url)
    await blocker(context, url)


async def load(pool: BrowserPool, url: str, setup: Setup) -> float:
    started = time.perf_counter()
    async with pool.context(service_workers="block") as context:
        await setup(context, url)
        page = await context.new_page()
        await page.goto(url, wait_until="load")
    return (time.perf_counter() - started) * 1000


async def compare(pool: BrowserPool, url: str, setups: dict[str, Setup]) -> None:
    times: dict[str, list[float]] = {name: [] for name in setups}
    for i in range(ROUNDS + WARMUP):
        for name, setup in setups.items():
            ms = await load(pool, url, setup)
            if i >= WARMUP:
                times[name].append(ms)
    for name, values in times.items():
        print(f"  {name:<28} p50 {statistics.median(values):6.1f} ms")


async def main(site: str) -> None:
    settings = Settings(data_dir=Path(tempfile.mkdtemp()), allow_private_networks=True)
    pool = BrowserPool(settings.browser_path, max_pages=4, restart_after=100_000)
    await pool.start()
    plain = {"no route": nothing, "ad blocker": blocker}
    guarded = {"guard": guard, "guard + ad blocker": guard_and_blocker}
    for n in (0, 30):
        url = f"{site}/adtest/many?n={n}"
        print(f"load of {url.removeprefix(site)} (1 document + {n} images, no ads):")
        await compare(pool, url, {**plain, **guarded})
    url = f"{site}/adtest/many?n=30&ads=10"
    print(f"load of {url.removeprefix(site)} (10 first-party ad scripts):")
    await compare(pool, url, plain)

    engine = BrowserEngine(settings, pool=pool)
    print("engine scrape (settle included) of /adtest/many?n=30:")
    for block in (False, True):
        lat = []
        for i in range(ROUNDS // 2 + WARMUP):
            started = time.perf_counter()
            req = FetchRequest(url=f"{site}/adtest/many?n=30", allow_private_networks=True)
            await engine.fetch(req, PageTask(block_ads=block))
            if i >= WARMUP:
                lat.append((time.perf_counter() - started) * 1000)
        print(f"  block_ads={block!s:<5} p50 {statistics.median(lat):6.1f} ms")
    await pool.close()


if __name__ == "__main__":
    with serve_in_thread(build_app()) as site_url:
        asyncio.run(main(site_url))

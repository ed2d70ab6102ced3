"""Browser pool numbers: launch, context + page + load of a local page, warm engine scrapes.

Run: .venv/bin/python benchmarks/browser_pool.py
The fixture site runs in a thread of this process; Chromium is Debian's chromium-headless-shell.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from tests.site.app import build_app
from tests.site.server import serve_in_thread

from webdata.browser.pool import BrowserPool
from webdata.config import Settings
from webdata.engines.base import FetchRequest
from webdata.engines.browser import BrowserEngine


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def main(site: str) -> None:
    settings = Settings(data_dir=Path(tempfile.mkdtemp()), allow_private_networks=True)
    pool = BrowserPool(settings.browser_path, max_pages=8, restart_after=10_000)
    started = time.perf_counter()
    await pool.start()
    start_ms = (time.perf_counter() - started) * 1000
    print(f"pool start (Playwright driver + browser launch): {start_ms:.0f} ms")
    print(f"browser launch alone: {pool.stats().last_launch_ms:.0f} ms")

    loads = []
    for _ in range(30):
        t = time.perf_counter()
        async with pool.context() as ctx:
            page = await ctx.new_page()
            await page.goto(f"{site}/articles/tomatoes", wait_until="load")
        loads.append((time.perf_counter() - t) * 1000)
    print(f"context + page + load of a local page: p50 {statistics.median(loads[5:]):.0f} ms")

    engine = BrowserEngine(settings, pool=pool)
    for path in ("/articles/tomatoes", "/browser/spa"):
        lat = []
        for _ in range(30):
            t = time.perf_counter()
            await engine.fetch(FetchRequest(url=f"{site}{path}", allow_private_networks=True))
            lat.append((time.perf_counter() - t) * 1000)
        lat = lat[5:]
        print(f"engine scrape {path}: p50 {pct(lat, 0.5):.0f} ms, p95 {pct(lat, 0.95):.0f} ms")

    for path in ("/articles/tomatoes", "/browser/spa"):
        n, conc = 60, 4

        async def one(url: str, sem: asyncio.Semaphore) -> None:
            async with sem:
                await engine.fetch(FetchRequest(url=url, allow_private_networks=True))

        t = time.perf_counter()
        limit = asyncio.Semaphore(conc)
        await asyncio.gather(*(one(f"{site}{path}", limit) for _ in range(n)))
        rate = n / (time.perf_counter() - t)
        print(f"engine scrapes {path} at concurrency {conc}: {rate:.1f} pages/s")
    await engine.close()


if __name__ == "__main__":
    with serve_in_thread(build_app()) as url:
        asyncio.run(main(url))

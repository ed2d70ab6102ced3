"""Crawl4AI's browser crawler for ``benchmarks/browser_pool.py``, run inside ``.venv-peers``.

A small server on stdin/stdout, so the caller can interleave it with the other contenders on
a noisy machine: each request is one JSON line, each answer one JSON line starting with
``@@`` (Crawl4AI may print on stdout too).

- ``{"url": U, "marker": M}``: one ``arun`` of U; answers ``{"ms", "ok"}``.
- ``{"burst": N, "concurrency": C, "url": U, "marker": M}``: N ``arun`` at C at a time;
  answers ``{"pages_per_s", "complete", "cpu"}`` (CPU seconds of its process tree).
- ``{"quit": true}``.

Crawl4AI's ``BrowserConfig`` has no executable path: the caller points Playwright's browser
directory (``PLAYWRIGHT_BROWSERS_PATH``) at a directory whose headless-shell entry is Debian's
``chromium-headless-shell``, so Crawl4AI launches that binary with its own arguments; the
first answer (``{"ready", "browser_version"}``) says which browser it got.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

import psutil


def cpu_seconds() -> float:
    """CPU of this process and its descendants, including the ones that already exited."""
    total = 0.0
    me = psutil.Process()
    for proc in [me, *me.children(recursive=True)]:
        try:
            t = proc.cpu_times()
        except psutil.Error:
            continue
        total += t.user + t.system + t.children_user + t.children_system
    return total


def answer(payload: dict[str, Any]) -> None:
    sys.stdout.write("@@" + json.dumps(payload) + "\n")
    sys.stdout.flush()


async def serve() -> None:
    from crawl4ai import AsyncWebCrawler, BrowserConfig, CacheMode, CrawlerRunConfig

    run_config = CrawlerRunConfig(cache_mode=CacheMode.BYPASS, verbose=False)
    async with AsyncWebCrawler(config=BrowserConfig(headless=True, verbose=False)) as crawler:
        try:
            version = crawler.crawler_strategy.browser_manager.browser.version
        except AttributeError:
            version = "unknown"
        answer({"ready": True, "browser_version": version})

        async def one(url: str, marker: str) -> bool:
            result = await crawler.arun(url, config=run_config)
            if not result.success:
                raise RuntimeError(result.error_message)
            return marker in (result.html or "")

        while line := await asyncio.to_thread(sys.stdin.readline):
            cmd = json.loads(line)
            if cmd.get("quit"):
                break
            if "burst" in cmd:
                limit = asyncio.Semaphore(cmd["concurrency"])

                async def bounded(url: str, marker: str, limit: asyncio.Semaphore) -> bool:
                    async with limit:
                        return await one(url, marker)

                cpu0, t = cpu_seconds(), time.perf_counter()
                oks = await asyncio.gather(
                    *(bounded(cmd["url"], cmd["marker"], limit) for _ in range(cmd["burst"]))
                )
                rate = cmd["burst"] / (time.perf_counter() - t)
                answer({"pages_per_s": rate, "complete": sum(oks), "cpu": cpu_seconds() - cpu0})
            else:
                t = time.perf_counter()
                ok = await one(cmd["url"], cmd["marker"])
                answer({"ms": (time.perf_counter() - t) * 1000, "ok": ok})


def main() -> None:
    try:
        asyncio.run(serve())
    except Exception as exc:  # a peer failing is a result to report, not a crash
        answer({"error": f"{type(exc).__name__}: {exc}"[:500]})


if __name__ == "__main__":
    main()

"""Batch scrape throughput: one batch of fixture pages through the API, timed from the
request to the last page, against what a user would otherwise do (their own loop of
``POST /v2/scrape`` at the same concurrency), in the same run.

Modes: ``embedded`` (one ``webdata serve`` on SQLite, the in-process queue) and
``distributed`` (one API node that only queues, plus ``--workers`` ``webdata worker``
processes, on PostgreSQL and Redis; needs both on 127.0.0.1).

    .venv/bin/python benchmarks/batch.py [--pages 300] [--concurrency 16] [--workers 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import secrets
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.cache_hits import database
from benchmarks.procs import KEY, ROOT, free_port, start_api, start_asgi, wait_up

REDIS_URL = "redis://127.0.0.1:6379/0"


def start_worker(data_dir: str, **env: str) -> Any:
    import subprocess

    full_env = {
        **os.environ,
        "WEBDATA_DATA_DIR": data_dir,
        "WEBDATA_ALLOW_PRIVATE_NETWORKS": "true",
        "WEBDATA_LOG_LEVEL": "warning",
        **env,
    }
    return subprocess.Popen([sys.executable, "-m", "webdata.cli", "worker"], cwd=ROOT, env=full_env)


async def batch(api: str, urls: list[str], concurrency: int) -> float:
    """Seconds from the batch request to its completion (polled every 100 ms)."""
    headers = {"Authorization": f"Bearer {KEY}"}
    async with aiohttp.ClientSession(headers=headers) as session:
        started = time.perf_counter()
        body = {"urls": urls, "maxConcurrency": concurrency, "maxAge": 0}
        async with session.post(f"{api}/v2/batch/scrape", json=body) as r:
            job = await r.json()
        while True:
            async with session.get(f"{api}/v2/batch/scrape/{job['id']}?limit=1") as r:
                status = await r.json()
            if status["status"] != "scraping":
                break
            await asyncio.sleep(0.1)
        elapsed = time.perf_counter() - started
        assert status["completed"] == len(urls), status
        return elapsed


async def own_loop(api: str, urls: list[str], concurrency: int) -> float:
    """The same pages as single scrapes, ``concurrency`` at a time."""
    headers = {"Authorization": f"Bearer {KEY}"}
    queue = list(urls)
    async with aiohttp.ClientSession(headers=headers) as session:

        async def worker() -> None:
            while queue:
                url = queue.pop()
                async with session.post(f"{api}/v2/scrape", json={"url": url, "maxAge": 0}) as r:
                    assert r.status == 200, await r.text()
                    await r.read()

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return time.perf_counter() - started


def run(mode: str, pages: int, concurrency: int, workers: int) -> dict[str, object]:
    site_port, api_port = free_port(), free_port()
    site, api = f"http://127.0.0.1:{site_port}", f"http://127.0.0.1:{api_port}"
    kind = "sqlite" if mode == "embedded" else "postgresql"
    with tempfile.TemporaryDirectory() as data_dir, database(kind, data_dir) as db_url:
        env = {"WEBDATA_DATABASE_URL": db_url}
        if mode == "distributed":
            env |= {
                "WEBDATA_REDIS_URL": REDIS_URL,
                "WEBDATA_QUEUE_NAME": f"bench:{secrets.token_hex(4)}",
            }
        procs = [start_asgi("tests.site.app:app", site_port)]
        try:
            wait_up(f"{site}/articles/tomatoes", procs[0])
            procs.append(start_api(api_port, data_dir, **env))
            wait_up(f"{api}/health", procs[-1])
            if mode == "distributed":
                for i in range(workers):
                    procs.append(start_worker(f"{data_dir}/w{i}", **env))
                time.sleep(3)  # the workers start their runtimes
            group = secrets.token_hex(4)
            urls = [f"{site}/jobs/{group}/{i}" for i in range(pages)]
            asyncio.run(own_loop(api, urls[:20], concurrency))  # warm both paths
            asyncio.run(batch(api, [u + "?w" for u in urls[:20]], concurrency))
            loop_s = asyncio.run(own_loop(api, [u + "?a" for u in urls], concurrency))
            batch_s = asyncio.run(batch(api, [u + "?b" for u in urls], concurrency))
        finally:
            for proc in reversed(procs):
                proc.terminate()
                proc.wait(timeout=30)
    return {
        "mode": mode + (f" ({workers} workers)" if mode == "distributed" else ""),
        "pages": pages,
        "batch_pages_per_s": round(pages / batch_s, 1),
        "own_loop_pages_per_s": round(pages / loop_s, 1),
        "batch_vs_own_loop": round(loop_s / batch_s, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--modes", default="embedded,distributed")
    args = parser.parse_args()
    results = [
        run(mode, args.pages, args.concurrency, args.workers) for mode in args.modes.split(",")
    ]
    print(
        json.dumps(
            {
                "date": time.strftime("%Y-%m-%d %H:%M"),
                "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
                f"Python {platform.python_version()}",
                "concurrency": args.concurrency,
                "results": results,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()

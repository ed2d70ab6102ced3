"""Cache hits of ``POST /v2/scrape``, on SQLite and on PostgreSQL.

Runs the fixture site and ``webdata serve`` as separate processes on 127.0.0.1. For two pages
(an ordinary article, 5 KB of markdown, and a 100 KB long read), scrapes once (the miss that
fills the cache), then measures hits: p50/p95 one at a time and hits/s at concurrency 32. In
the same run and on the same page, a fresh scrape (``maxAge: 0``) for the ratio a user gains.
PostgreSQL is the local server (127.0.0.1:5432, database ``test`` reachable): a throwaway
database is made and dropped.

    .venv/bin/python benchmarks/cache_hits.py [--quick] [--only sqlite|postgresql]
                                              [--memory-mb 0]
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
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.procs import free_port, start_api, start_asgi, wait_up
from benchmarks.scrape_latency import measure

PG = "127.0.0.1:5432"


async def _pg(sql: str) -> str:
    import asyncpg  # type: ignore[import-untyped]

    for user in ("postgres", "root"):
        try:
            conn = await asyncpg.connect(f"postgresql://{user}@{PG}/test", timeout=5)
        except (OSError, asyncpg.PostgresError):
            continue
        try:
            await conn.execute(sql)
        finally:
            await conn.close()
        return user
    raise RuntimeError(f"PostgreSQL at {PG} is unreachable")


@contextmanager
def database(kind: str, data_dir: str) -> Iterator[str]:
    """The WEBDATA_DATABASE_URL of a fresh database of ``kind``."""
    if kind == "sqlite":
        yield f"sqlite+aiosqlite:///{data_dir}/webdata.db"
        return
    name = f"webdata_bench_{secrets.token_hex(4)}"
    user = asyncio.run(_pg(f'CREATE DATABASE "{name}"'))
    try:
        yield f"postgresql+asyncpg://{user}@{PG}/{name}"
    finally:
        asyncio.run(_pg(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


PAGES = {"article": "/articles/tomatoes", "long_read": "/articles/long"}


def run_one(kind: str, n_serial: int, n_burst: int, memory_mb: int | None) -> dict[str, object]:
    site_port, api_port = free_port(), free_port()
    site_url, api_url = f"http://127.0.0.1:{site_port}", f"http://127.0.0.1:{api_port}"
    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as data_dir, database(kind, data_dir) as db_url:
        site = start_asgi("tests.site.app:app", site_port)
        env = {"WEBDATA_DATABASE_URL": db_url}
        if memory_mb is not None:
            env["WEBDATA_CACHE_MEMORY_MB"] = str(memory_mb)
        api = start_api(api_port, data_dir, **env)
        try:
            wait_up(f"{site_url}/articles/long", site)
            wait_up(f"{api_url}/health", api)
            for name, path in PAGES.items():
                body: dict[str, object] = {"url": site_url + path, "formats": ["markdown"]}
                hits = asyncio.run(measure(api_url, body, n_serial, n_burst))
                fresh = asyncio.run(
                    measure(api_url, {**body, "maxAge": 0}, n_serial // 4, n_burst // 10)
                )
                out[name] = {
                    "hit": hits,
                    "fresh_scrape": fresh,
                    "fresh_p50_over_hit_p50": round(fresh["p50_ms"] / hits["p50_ms"], 1),
                    "hit_rps_over_fresh_rps_c32": round(
                        hits["throughput_rps_c32"] / fresh["throughput_rps_c32"], 1
                    ),
                }
        finally:
            for proc in (api, site):
                proc.terminate()
                proc.wait(timeout=20)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer requests")
    parser.add_argument("--only", choices=["sqlite", "postgresql"])
    parser.add_argument(
        "--memory-mb", type=int, help="WEBDATA_CACHE_MEMORY_MB (0: every hit reads the database)"
    )
    args = parser.parse_args()
    n_serial, n_burst = (200, 2000) if args.quick else (1000, 10000)
    stores = [args.only] if args.only else ["sqlite", "postgresql"]
    report: dict[str, object] = {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "pages": {name: f"tests/site {path}, formats [markdown]" for name, path in PAGES.items()},
    }
    for kind in stores:
        report[kind] = run_one(kind, n_serial, n_burst, args.memory_mb)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

"""A bounded loopback load on the distributed mode: two ``webdata serve`` processes on one
PostgreSQL and one Redis, one team on a rate-limited plan.

Phase 1 sends scrapes of fixture pages at a fixed rate under the plan's limit, alternating
between the two nodes, for ``--seconds`` (60 by default); phase 2 is a burst past the limit.
Reports sustained scrapes/s, p50/p99 latency, the answers by status (no 5xx allowed), and the
ledger check: credits debited equal the credits of the successful scrapes. Needs PostgreSQL
(127.0.0.1:5432, database ``test``) and Redis (127.0.0.1:6379).

    .venv/bin/python benchmarks/load.py [--seconds 60] [--rate 8] [--per-minute 600]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import secrets
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.cache_hits import database
from benchmarks.procs import free_port, start_api, start_asgi, wait_up

REDIS_URL = "redis://127.0.0.1:6379/0"
PAGES = ["/articles/tomatoes", "/articles/long", "/http/final"]


async def make_team(db_url: str, per_minute: int) -> tuple[str, str]:
    from webdata.store.db import make_engine, make_sessionmaker
    from webdata.store.keys import KeyStore
    from webdata.store.plans import Limits, PlanStore

    engine = make_engine(db_url)
    try:
        sessions = make_sessionmaker(engine)
        keys = KeyStore(sessions, cache_ttl=0)
        name = f"load-{secrets.token_hex(4)}"
        team = await keys.create_team(name)
        plans = PlanStore(sessions, cache_ttl=0)
        await plans.save(Limits("load", rate_per_minute=per_minute, max_concurrency=16))
        await plans.assign(name, "load")
        _, key = await keys.create_key(team.id)
        return team.id, key
    finally:
        await engine.dispose()


async def ledger(db_url: str, team_id: str) -> int:
    from webdata.store.credits import CreditStore
    from webdata.store.db import make_engine

    engine = make_engine(db_url)
    try:
        return await CreditStore(engine).ledger_total(team_id)
    finally:
        await engine.dispose()


class Run:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.statuses: Counter[int] = Counter()
        self.credits = 0

    async def one(self, session: aiohttp.ClientSession, api: str, body: dict[str, object]) -> None:
        t = time.perf_counter()
        async with session.post(f"{api}/v2/scrape", json=body) as resp:
            payload = await resp.json(content_type=None)
            status = resp.status
        self.statuses[status] += 1
        if status == 200:
            self.latencies.append((time.perf_counter() - t) * 1000)
            self.credits += int(payload["data"]["metadata"].get("creditsUsed", 0))


async def drive(
    apis: list[str], site: str, key: str, seconds: float, rate: float, burst: int
) -> dict[str, object]:
    headers = {"Authorization": f"Bearer {key}"}
    steady, spike = Run(), Run()
    connector = aiohttp.TCPConnector(limit=128)
    async with aiohttp.ClientSession(headers=headers, connector=connector) as session:
        tasks: list[asyncio.Task[None]] = []
        start = time.perf_counter()
        n = 0
        while (elapsed := time.perf_counter() - start) < seconds:
            body = {"url": site + PAGES[n % len(PAGES)], "maxAge": 0}
            tasks.append(asyncio.create_task(steady.one(session, apis[n % 2], body)))
            n += 1
            await asyncio.sleep(max(0.0, n / rate - elapsed))
        await asyncio.gather(*tasks)
        wall = time.perf_counter() - start
        sem = asyncio.Semaphore(32)

        async def bounded(i: int) -> None:
            async with sem:
                body = {"url": site + PAGES[i % len(PAGES)], "maxAge": 0}
                await spike.one(session, apis[i % 2], body)

        await asyncio.gather(*(bounded(i) for i in range(burst)))

    def summary(run: Run) -> dict[str, object]:
        lat = sorted(run.latencies)
        return {
            "answers": dict(sorted(run.statuses.items())),
            "p50_ms": round(statistics.median(lat), 1) if lat else None,
            "p99_ms": round(lat[int(len(lat) * 0.99) - 1], 1) if len(lat) >= 100 else None,
            "credits_of_successes": run.credits,
        }

    return {
        "steady": {
            **summary(steady),
            "sent": n,
            "seconds": round(wall, 1),
            "scrapes_per_s": round(steady.statuses[200] / wall, 1),
        },
        "burst": {**summary(spike), "sent": burst},
        "credits_of_successes": steady.credits + spike.credits,
        "fivexx": sum(v for k, v in (steady.statuses + spike.statuses).items() if k >= 500),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--rate", type=float, default=8, help="scrapes/s in the steady phase")
    parser.add_argument("--per-minute", type=int, default=600, help="the plan's rate limit")
    parser.add_argument(
        "--burst", type=int, default=None, help="burst size (default: the plan's limit)"
    )
    args = parser.parse_args()
    args.burst = args.burst or args.per_minute
    site_port, ports = free_port(), [free_port(), free_port()]
    site = f"http://127.0.0.1:{site_port}"
    apis = [f"http://127.0.0.1:{p}" for p in ports]
    with tempfile.TemporaryDirectory() as data_dir, database("postgresql", data_dir) as db_url:
        procs = [start_asgi("tests.site.app:app", site_port)]
        env = {"WEBDATA_DATABASE_URL": db_url, "WEBDATA_REDIS_URL": REDIS_URL}
        try:
            wait_up(f"{site}/articles/tomatoes", procs[0])
            for i, port in enumerate(ports):
                procs.append(start_api(port, f"{data_dir}/node{i}", **env))
                wait_up(f"{apis[i]}/health", procs[-1])
            team_id, key = asyncio.run(make_team(db_url, args.per_minute))
            result = asyncio.run(drive(apis, site, key, args.seconds, args.rate, args.burst))
        finally:
            for proc in reversed(procs):
                proc.terminate()
                proc.wait(timeout=30)
        # Read after the nodes stopped: they write the usage of plans without an allowance
        # every half second and at shutdown, so the ledger is complete only now.
        debited = asyncio.run(ledger(db_url, team_id))
    report = {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "setup": f"2 API processes, PostgreSQL, Redis; plan {args.per_minute}/min; "
        f"steady {args.rate}/s for {args.seconds:.0f} s, then a burst of {args.burst} at c32",
        **result,
        "ledger_debited": debited,
        "ledger_matches": debited == result["credits_of_successes"],
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

"""``POST /v2/scrape`` of a ~100 KB fixture article, markdown only.

Runs the fixture site and ``webdata serve`` as separate processes on 127.0.0.1, then measures
p50/p95 latency at concurrency 1, throughput at concurrency 32, and the API's peak RSS. In
the same run, trafilatura's extraction of the same page and Crawl4AI's plain-HTTP strategy
on it (both in a separate virtualenv, ``.venv-peers``, made on first use).

    make bench        # or: .venv/bin/python benchmarks/scrape_latency.py [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import aiohttp
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.procs import KEY, ROOT, free_port, start_api, start_asgi, wait_up

PEERS_VENV = ROOT / ".venv-peers"
PEER_PACKAGES = ["trafilatura", "lxml_html_clean", "crawl4ai"]


class MemorySampler(threading.Thread):
    """Peak memory of the API process and all its children (the content workers).

    RSS counts the pages that forked workers share once per process; PSS splits them
    fairly, so the PSS sum is the memory the service really holds. Both are reported.
    """

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.proc = psutil.Process(pid)
        self.peak_rss = 0
        self.peak_pss = 0
        self.stop = threading.Event()

    def sample(self) -> None:
        rss = pss = 0
        for p in [self.proc, *self.proc.children(recursive=True)]:
            try:
                info = p.memory_full_info()
            except psutil.Error:
                continue
            rss += info.rss
            pss += getattr(info, "pss", info.rss)
        self.peak_rss = max(self.peak_rss, rss)
        self.peak_pss = max(self.peak_pss, pss)

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                self.sample()
            except psutil.Error:
                return
            time.sleep(0.1)


async def one(session: aiohttp.ClientSession, api: str, body: dict[str, object]) -> float:
    t = time.perf_counter()
    async with session.post(f"{api}/v2/scrape", json=body) as resp:
        payload = await resp.read()
        assert resp.status == 200, payload[:300]
    return (time.perf_counter() - t) * 1000


async def measure(
    api: str, body: dict[str, object], n_serial: int, n_burst: int, concurrency: int = 32
) -> dict[str, float]:
    """p50/p95 of ``n_serial`` requests one at a time, then ``n_burst`` at ``concurrency``."""
    headers = {"Authorization": f"Bearer {KEY}"}
    connector = aiohttp.TCPConnector(limit=64)
    async with aiohttp.ClientSession(headers=headers, connector=connector) as session:
        for _ in range(20):  # warm-up: connections, caches, JIT-free but lazy imports
            await one(session, api, body)
        serial = [await one(session, api, body) for _ in range(n_serial)]
        sem = asyncio.Semaphore(concurrency)

        async def bounded() -> float:
            async with sem:
                return await one(session, api, body)

        t = time.perf_counter()
        await asyncio.gather(*(bounded() for _ in range(n_burst)))
        wall = time.perf_counter() - t
    q = statistics.quantiles(serial, n=20)
    return {
        "p50_ms": statistics.median(serial),
        "p95_ms": q[18],
        f"throughput_rps_c{concurrency}": n_burst / wall,
    }


def ensure_peers() -> Path | None:
    python = PEERS_VENV / "bin" / "python"
    if not python.exists():
        print("creating .venv-peers (trafilatura, crawl4ai) ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(PEERS_VENV)], check=True)
        done = subprocess.run(
            [str(python), "-m", "pip", "install", "-q", *PEER_PACKAGES], check=False
        )
        if done.returncode != 0:
            return None
    return python


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer requests")
    parser.add_argument("--no-peers", action="store_true")
    args = parser.parse_args()
    n_serial, n_burst = (100, 500) if args.quick else (400, 3000)

    sys.path.insert(0, str(ROOT))
    from tests.site.pages_articles import LONG_READ

    site_port, api_port = free_port(), free_port()
    site_url, api_url = f"http://127.0.0.1:{site_port}", f"http://127.0.0.1:{api_port}"
    page = f"{site_url}/articles/long"
    with tempfile.TemporaryDirectory() as data_dir:
        site = start_asgi("tests.site.app:app", site_port)
        api = start_api(api_port, data_dir)
        try:
            wait_up(page, site)
            wait_up(f"{api_url}/health", api)
            sampler = MemorySampler(api.pid)
            sampler.start()
            # maxAge 0: every request scrapes (a cache hit is measured by cache_hits.py).
            body: dict[str, object] = {"url": page, "formats": ["markdown"], "maxAge": 0}
            ours = asyncio.run(measure(api_url, body, n_serial, n_burst))
            sampler.stop.set()
            ours["peak_pss_mb"] = sampler.peak_pss / 2**20
            ours["peak_rss_sum_mb"] = sampler.peak_rss / 2**20
            peers: dict[str, object] = {}
            python = None if args.no_peers else ensure_peers()
            if python is not None:
                with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as f:
                    f.write(LONG_READ)
                out = subprocess.run(
                    [str(python), str(ROOT / "benchmarks" / "peers.py"), f.name, page,
                     str(min(n_serial, 100))],
                    capture_output=True, text=True, check=False, cwd=tempfile.gettempdir(),
                )  # fmt: skip
                lines = out.stdout.strip().splitlines()
                peers = json.loads(lines[-1]) if lines else {"error": out.stderr[-500:]}
        finally:
            for proc in (api, site):
                proc.terminate()
                proc.wait(timeout=20)
    ratios = {
        f"{name}_p50_over_webdata_p50": round(v["p50_ms"] / ours["p50_ms"], 2)
        for name, v in peers.items()
        if isinstance(v, dict) and "p50_ms" in v
    }
    report = {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "page_bytes": len(LONG_READ.encode()),
        "webdata": ours,
        "peers": peers,
        "ratios": ratios,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

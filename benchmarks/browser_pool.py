"""Browser numbers: webdata's pool and engine against plain Playwright and Crawl4AI, one run.

    .venv/bin/python benchmarks/browser_pool.py [--quick] [--no-peers] [--json FILE]

The fixture site runs as its own process (uvicorn) on 127.0.0.1; every contender drives
Debian's chromium-headless-shell:

- webdata: ``BrowserEngine.fetch`` end to end (context, page, navigation, smart wait, DOM,
  context closed), with one browser and with two;
- plain Playwright (async, ``executable_path`` = the same binary): new context + page +
  ``goto(wait_until=networkidle)`` + ``page.content()``, and the same with ``load``;
- Crawl4AI ``AsyncWebCrawler.arun`` (defaults, cache bypassed) from ``.venv-peers``, made on
  first use, in a subprocess on the same binary (see ``benchmarks/peers_browser.py``).

The machine is shared and noisy, so the contenders take turns: each serial sample goes round
all of them (who goes first rotates), and the bursts at concurrency 4 run in rounds, each
contender once per round. For the static article and the JS-rendered page it prints p50/p95
of the serial samples, pages/s (median of the rounds), CPU per page (median of the rounds;
every process of the contender: Python, Playwright's driver, the browser tree) and how many
captures held the page's content, with ratios to webdata (1 browser). Also: Playwright driver
start, browser launch, and memory per open context (PSS of the browser's process tree with 4
contexts open on the JS page, minus the idle browser).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import date
from pathlib import Path
from typing import Any

import psutil
from playwright.async_api import async_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.procs import ROOT, free_port, start_asgi, wait_up
from benchmarks.scrape_latency import ensure_peers
from webdata.browser.pool import BrowserPool
from webdata.config import Settings
from webdata.engines.base import FetchRequest
from webdata.engines.browser import BrowserEngine

PAGES = (
    # name, path, text that only a complete capture holds
    ("static article", "/articles/tomatoes", "</html>"),
    ("JS page", "/browser/spa", "SPA_RENDERED_MARKER"),
)
CONCURRENCY = 4


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def tree_cpu(root: psutil.Process, exclude: set[int]) -> float:
    """CPU seconds of ``root`` and its descendants (exited ones included: their parents reaped
    them), leaving out the subtrees of the ``exclude`` pids."""
    total = 0.0
    stack = [root]
    while stack:
        proc = stack.pop()
        try:
            t = proc.cpu_times()
            stack.extend(c for c in proc.children() if c.pid not in exclude)
        except psutil.Error:
            continue
        total += t.user + t.system + t.children_user + t.children_system
    return total


class Contender:
    """One way of getting a page's HTML; ``one`` and ``burst`` are what the rounds call."""

    name = ""

    async def one(self, url: str, marker: str) -> tuple[float, bool]:
        """Milliseconds, and whether the capture held ``marker``."""
        raise NotImplementedError

    async def burst(self, url: str, marker: str, n: int) -> tuple[float, int, float]:
        """Pages/s over ``n`` pages at CONCURRENCY, how many were complete, CPU s per page."""
        raise NotImplementedError

    async def close(self) -> None:
        return None


class InProcess(Contender):
    """A contender driven from this process; its CPU is this process tree's (the fixture site
    and the Crawl4AI subprocess left out), valid because contenders take turns."""

    def __init__(self, name: str, open_page: Callable[[str], Awaitable[str]], exclude: set[int]):
        self.name = name
        self._open = open_page
        self._exclude = exclude
        self._me = psutil.Process()

    async def one(self, url: str, marker: str) -> tuple[float, bool]:
        t = time.perf_counter()
        html = await self._open(url)
        return (time.perf_counter() - t) * 1000, marker in html

    async def burst(self, url: str, marker: str, n: int) -> tuple[float, int, float]:
        limit = asyncio.Semaphore(CONCURRENCY)

        async def bounded() -> bool:
            async with limit:
                return marker in await self._open(url)

        cpu0 = tree_cpu(self._me, self._exclude)
        t = time.perf_counter()
        oks = await asyncio.gather(*(bounded() for _ in range(n)))
        rate = n / (time.perf_counter() - t)
        return rate, sum(oks), (tree_cpu(self._me, self._exclude) - cpu0) / n


class Crawl4AI(Contender):
    """``benchmarks/peers_browser.py`` in ``.venv-peers``, spoken to over its stdin/stdout."""

    name = "Crawl4AI arun (defaults)"

    def __init__(self, proc: asyncio.subprocess.Process, version: str) -> None:
        self.proc = proc
        self.version = version

    @classmethod
    async def start(cls, executable: Path) -> Crawl4AI | str:
        python = ensure_peers()
        if python is None:
            return "could not create .venv-peers"
        # Playwright's own browser directory layout, its headless-shell entry being our binary.
        browsers = Path(tempfile.mkdtemp(prefix="wd-pw-browsers-"))
        revision = peer_headless_revision(python)
        target = browsers / f"chromium_headless_shell-{revision}" / "chrome-headless-shell-linux64"
        target.mkdir(parents=True)
        (target / "chrome-headless-shell").symlink_to(executable)
        env = {**os.environ, "PLAYWRIGHT_BROWSERS_PATH": str(browsers)}
        env["CRAWL4AI_NO_CLOUD_NOTICE"] = "1"
        proc = await asyncio.create_subprocess_exec(
            str(python),
            str(ROOT / "benchmarks" / "peers_browser.py"),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            env=env,
            cwd=tempfile.gettempdir(),
        )
        peer = cls(proc, "")
        hello = await peer._read()
        if "error" in hello or not hello.get("ready"):
            await peer.close()
            return str(hello.get("error", hello))
        peer.version = hello["browser_version"]
        return peer

    async def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            if line.startswith(b"@@"):
                answer: dict[str, Any] = json.loads(line[2:])
                return answer
        return {"error": "Crawl4AI exited"}

    async def _ask(self, cmd: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(cmd).encode() + b"\n")
        await self.proc.stdin.drain()
        answer = await self._read()
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer

    async def one(self, url: str, marker: str) -> tuple[float, bool]:
        a = await self._ask({"url": url, "marker": marker})
        return a["ms"], a["ok"]

    async def burst(self, url: str, marker: str, n: int) -> tuple[float, int, float]:
        a = await self._ask({"url": url, "marker": marker, "burst": n, "concurrency": CONCURRENCY})
        return a["pages_per_s"], a["complete"], a["cpu"] / n

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self._ask({"quit": True})
        with contextlib.suppress(ProcessLookupError):
            self.proc.terminate()
        await self.proc.wait()


async def webdata_engine(browsers: int) -> tuple[BrowserEngine, dict[str, float]]:
    settings = Settings(data_dir=Path(tempfile.mkdtemp()), allow_private_networks=True)
    pool = BrowserPool(
        settings.browser_path,
        browsers=browsers,
        max_pages=settings.browser_max_pages,
        restart_after=1_000_000,
    )
    t = time.perf_counter()
    await pool.start()
    start = {"start_ms": (time.perf_counter() - t) * 1000, "launch_ms": pool.stats().last_launch_ms}
    return BrowserEngine(settings, pool=pool), start


async def context_memory(pool: BrowserPool, url: str) -> dict[str, float]:
    """Browser process tree (PSS) idle, and with 4 contexts open on ``url``."""
    await asyncio.sleep(1.0)
    idle = sum(await pool.memory())
    async with (
        pool.context() as c1,
        pool.context() as c2,
        pool.context() as c3,
        pool.context() as c4,
    ):
        for ctx in (c1, c2, c3, c4):
            page = await ctx.new_page()
            await page.goto(url, wait_until="networkidle")
        busy = sum(await pool.memory())
    mb = 1024 * 1024
    return {"idle_mb": idle / mb, "open_mb": busy / mb, "per_context_mb": (busy - idle) / 4 / mb}


async def run_rounds(
    contenders: list[Contender], site: str, n: dict[str, int]
) -> dict[str, dict[str, dict[str, Any]]]:
    """Serial samples and bursts, contenders taking turns (rotating who goes first)."""
    out: dict[str, dict[str, dict[str, Any]]] = {c.name: {} for c in contenders}
    for name, path, marker in PAGES:
        for c in contenders:
            for _ in range(n["warmup"]):
                await c.one(site + path, marker)
            out[c.name][name] = {"ms": [], "cpu": [], "complete": 0, "of": 0, "rates": []}
    for i in range(n["serial"]):
        turn = contenders[i % len(contenders) :] + contenders[: i % len(contenders)]
        for name, path, marker in PAGES:
            for c in turn:
                ms, ok = await c.one(site + path, marker)
                r = out[c.name][name]
                r["ms"].append(ms)
                r["complete"] += ok
                r["of"] += 1
    for i in range(n["rounds"]):
        turn = contenders[i % len(contenders) :] + contenders[: i % len(contenders)]
        for name, path, marker in PAGES:
            for c in turn:
                rate, complete, cpu = await c.burst(site + path, marker, n["burst"])
                r = out[c.name][name]
                r["rates"].append(rate)
                r["cpu"].append(cpu)
                r["complete"] += complete
                r["of"] += n["burst"]
        print(f"round {i + 1}/{n['rounds']} done", file=sys.stderr)
    for per_page in out.values():
        for r in per_page.values():
            ms, cpu = r.pop("ms"), r.pop("cpu")
            r.update(
                p50_ms=statistics.median(ms),
                p95_ms=pct(ms, 0.95),
                cpu_ms_per_page=statistics.median(cpu) * 1000,
                pages_per_s=statistics.median(r["rates"]),
            )
    return out


async def main_async(site: str, site_pid: int, n: dict[str, int], peers: bool) -> dict[str, Any]:
    executable = Settings().browser_path
    results: dict[str, Any] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"{psutil.virtual_memory().total / 2**30:.0f} GiB, {date.today()}",
        "chromium": chromium_version(executable),
        "load_start": os.getloadavg(),
    }
    exclude = {site_pid}
    c4a: Crawl4AI | None = None
    if peers:
        started = await Crawl4AI.start(executable)
        if isinstance(started, str):
            results["crawl4ai_error"] = started
        else:
            c4a = started
            exclude.add(c4a.proc.pid)
            results["crawl4ai_browser"] = c4a.version
    one, results["webdata_start"] = await webdata_engine(1)
    two, _ = await webdata_engine(2)
    results["quiet_ms"] = one._settings.browser_quiet_ms

    def engine_page(engine: BrowserEngine) -> Callable[[str], Awaitable[str]]:
        async def open_page(url: str) -> str:
            fetched = await engine.fetch(FetchRequest(url=url, allow_private_networks=True))
            return fetched.text or ""

        return open_page

    pw = await async_playwright().start()
    browser = await pw.chromium.launch(executable_path=str(executable))

    def plain_page(wait: Any) -> Callable[[str], Awaitable[str]]:
        async def open_page(url: str) -> str:
            context = await browser.new_context()
            try:
                page = await context.new_page()
                await page.goto(url, wait_until=wait)
                return await page.content()
            finally:
                await context.close()

        return open_page

    contenders: list[Contender] = [
        InProcess("webdata, 1 browser", engine_page(one), exclude),
        InProcess("webdata, 2 browsers", engine_page(two), exclude),
        InProcess("Playwright, networkidle", plain_page("networkidle"), exclude),
        InProcess("Playwright, load", plain_page("load"), exclude),
    ]
    if c4a is not None:
        contenders.append(c4a)
    try:
        results["rounds"] = await run_rounds(contenders, site, n)
        if c4a is not None:
            await c4a.close()
        await two.close()
        await browser.close()
        results["memory"] = await context_memory(one.pool, site + "/browser/spa")
    finally:
        for c in contenders:
            await c.close()
        await one.close()
        await two.close()
        await pw.stop()
    results["load_end"] = os.getloadavg()
    return results


def peer_headless_revision(python: Path) -> str:
    code = (
        "import json, pathlib, playwright;"
        "p = pathlib.Path(playwright.__file__).parent / 'driver/package/browsers.json';"
        "b = {x['name']: x for x in json.loads(p.read_text())['browsers']};"
        "print(b['chromium-headless-shell']['revision'])"
    )
    return subprocess.run(
        [str(python), "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()


def chromium_version(executable: Path) -> str:
    done = subprocess.run([str(executable), "--version"], capture_output=True, text=True)
    return done.stdout.strip()


def row(label: str, r: dict[str, Any], base: dict[str, Any]) -> str:
    slower = r["p50_ms"] / base["p50_ms"]
    rate = r["pages_per_s"] / base["pages_per_s"]
    return (
        f"| {label} | {r['p50_ms']:.0f} / {r['p95_ms']:.0f} ms | {r['pages_per_s']:.1f} | "
        f"{r['cpu_ms_per_page']:.0f} ms | {r['complete']}/{r['of']} | {slower:.2f}x | {rate:.2f}x |"
    )


def report(results: dict[str, Any]) -> None:
    print()
    print(f"machine: {results['machine']}; {results['chromium']}")
    print(f"load average at the start {results['load_start']}, at the end {results['load_end']}")
    start = results["webdata_start"]
    print(
        f"webdata pool start (Playwright driver + browser launch): {start['start_ms']:.0f} ms; "
        f"browser launch alone: {start['launch_ms']:.0f} ms; quiet window "
        f"{results['quiet_ms']} ms"
    )
    mem = results["memory"]
    print(
        f"memory (PSS, browser tree): idle {mem['idle_mb']:.0f} MB, 4 contexts open on the JS "
        f"page {mem['open_mb']:.0f} MB: {mem['per_context_mb']:.0f} MB per context"
    )
    if "crawl4ai_browser" in results:
        print(f"Crawl4AI's browser: {results['crawl4ai_browser']}")
    if "crawl4ai_error" in results:
        print(f"Crawl4AI did not run: {results['crawl4ai_error']}")
    rounds = results["rounds"]
    for name, _, _ in PAGES:
        base = rounds["webdata, 1 browser"][name]
        print()
        print(f"### {name} (pages/s: concurrency {CONCURRENCY}, median of the rounds)")
        print("| contender | p50 / p95 | pages/s | CPU/page | complete | p50 | pages/s |")
        print("|---|---|---|---|---|---|---|")
        for contender, per_page in rounds.items():
            print(row(contender, per_page[name], base))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer pages")
    parser.add_argument("--no-peers", action="store_true", help="skip Crawl4AI")
    parser.add_argument("--json", type=Path, help="also write the raw results here")
    args = parser.parse_args()
    n = {"warmup": 3, "serial": 15, "burst": 24, "rounds": 2} if args.quick else {
        "warmup": 5, "serial": 30, "burst": 40, "rounds": 3,
    }  # fmt: skip
    port = free_port()
    site_proc = start_asgi("tests.site.app:app", port)
    try:
        site = f"http://127.0.0.1:{port}"
        wait_up(f"{site}/articles/tomatoes", site_proc)
        results = asyncio.run(main_async(site, site_proc.pid, n, not args.no_peers))
    finally:
        site_proc.terminate()
        site_proc.wait(10)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    report(results)


if __name__ == "__main__":
    main()

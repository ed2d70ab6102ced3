"""A pool of Chromium browsers driven by Playwright: one isolated context per scrape.

Browsers start on first use (so HTTP-only scrapes never pay for Chromium), are replaced after
``restart_after`` pages (Chromium's memory creeps), when their process tree holds more than
``max_memory_mb`` (sampled at most every ``memory_check_s``, off the event loop), or when they
crash; a browser being replaced finishes its scrapes first. Every context is closed on every
path out of ``context()``: success, error, timeout and cancellation (in the background: the
caller does not wait for Chromium's teardown).

Most of a scrape's CPU is its page (a new renderer process, about 100 ms of CPU here), not
its context (a few ms). Opening the next context and page ahead of time was measured and left
out: routes and init scripts added to a page that already exists cost round trips to its
renderer, which took back most of the gain (BENCHMARKS.md, "Browser pool").
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
import structlog
from playwright.async_api import Browser, BrowserContext, Playwright, async_playwright
from playwright.async_api import Error as PlaywrightError

__all__ = ["CHROMIUM_ARGS", "BrowserPool", "PoolStats", "process_tree_memory"]

log = structlog.get_logger("webdata.browser")

# Without these, Chromium phones home (updates, sync, field trials) on a closed network and
# stalls; --no-sandbox because containers rarely allow its namespaces.
CHROMIUM_ARGS: tuple[str, ...] = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
)
_CLOSE_TIMEOUT_S = 10.0
_MB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class PoolStats:
    launches: int
    browsers: int
    open_contexts: int
    pages_served: int
    last_launch_ms: float
    # The last sample of the live browsers' process trees (PSS where the kernel has it).
    memory_mb: float = 0.0
    memory_recycles: int = 0


@dataclass(eq=False, slots=True)
class _Slot:
    """One browser process and what it has done."""

    browser: Browser
    pid: int | None = None
    served: int = 0
    active: int = 0
    retiring: bool = False
    dead: bool = False
    memory: int = 0
    closing: asyncio.Task[None] | None = field(default=None, repr=False)


class BrowserPool:
    def __init__(
        self,
        executable: Path,
        *,
        browsers: int = 1,
        max_pages: int = 8,
        restart_after: int = 200,
        max_memory_mb: int = 0,
        memory_check_s: float = 5.0,
        args: Sequence[str] = CHROMIUM_ARGS,
    ) -> None:
        self._executable = executable
        self._size = browsers
        self._restart_after = restart_after
        self._max_memory = max_memory_mb * _MB
        self._memory_check_s = memory_check_s
        self._args = list(args)
        self._pages = asyncio.Semaphore(max_pages)
        self._lock = asyncio.Lock()
        self._playwright: Playwright | None = None
        self._slots: list[_Slot] = []
        self._next = 0
        self._launches = 0
        self._open = 0
        self._closing: set[asyncio.Task[None]] = set()
        self._served = 0
        self._last_launch_ms = 0.0
        self._closed = False
        self._memory_task: asyncio.Task[None] | None = None
        self._memory_checked = 0.0
        self._memory_recycles = 0

    def stats(self) -> PoolStats:
        live = [s for s in self._slots if not s.dead]
        return PoolStats(
            launches=self._launches,
            browsers=len(live),
            open_contexts=self._open,
            pages_served=self._served,
            last_launch_ms=self._last_launch_ms,
            memory_mb=sum(s.memory for s in live) / _MB,
            memory_recycles=self._memory_recycles,
        )

    async def start(self) -> None:
        """Launch the browsers now instead of on the first scrape that needs one."""
        async with self._lock:
            await self._fill()

    @contextlib.asynccontextmanager
    async def context(self, **options: Any) -> AsyncIterator[BrowserContext]:
        """A fresh context (Playwright ``new_context`` options), closed however the block ends.

        The close runs in the background (the caller has what it needs; Chromium takes
        15-25 ms to tear a context down): its page slot is free, and ``open_contexts`` lower,
        once it is closed. ``drain()`` waits for the closes under way.
        """
        await self._pages.acquire()
        try:
            slot = await self._acquire()
        except BaseException:
            self._pages.release()
            raise
        try:
            ctx = await slot.browser.new_context(**options)
        except BaseException:
            self._count_served(slot)
            self._release(slot)
            self._pages.release()
            raise
        self._open += 1
        try:
            yield ctx
        finally:
            self._count_served(slot)  # now, so the next scrape goes to another browser
            # A task of its own: a cancelled scrape still closes its context.
            closing = asyncio.create_task(self._close_context(ctx, slot))
            self._closing.add(closing)
            closing.add_done_callback(self._closing.discard)

    async def drain(self) -> None:
        """Wait until the contexts whose scrapes ended are closed."""
        while self._closing:
            await asyncio.gather(*self._closing, return_exceptions=True)

    async def _close_context(self, ctx: BrowserContext, slot: _Slot) -> None:
        try:
            if not await _close_quietly(ctx):
                log.warning("a context did not close; its browser will be replaced")
                slot.retiring = True
        finally:
            self._open -= 1
            self._release(slot)
            self._pages.release()

    async def memory(self) -> list[int]:
        """Bytes held by each live browser's process tree, sampled now (off the loop)."""
        slots = [s for s in self._slots if not s.dead]
        sizes = await asyncio.to_thread(lambda: [process_tree_memory(s.pid) for s in slots])
        for slot, size in zip(slots, sizes, strict=True):
            slot.memory = size
        return sizes

    async def check_memory(self) -> None:
        """Sample the browsers' memory now; a browser over the cap retires once idle."""
        self._memory_checked = time.monotonic()
        await self.memory()
        if not self._max_memory:
            return
        for slot in list(self._slots):
            if slot.dead or slot.retiring or slot.memory <= self._max_memory:
                continue
            log.info(
                "browser over its memory cap; it will be replaced once idle",
                memory_mb=round(slot.memory / _MB),
                cap_mb=self._max_memory // _MB,
            )
            self._memory_recycles += 1
            slot.retiring = True
            self._retire_when_idle(slot)

    async def close(self) -> None:
        """Close every browser and the Playwright driver; the pool cannot be used afterwards."""
        await self.drain()
        async with self._lock:
            self._closed = True
            if self._memory_task is not None:
                self._memory_task.cancel()
                await asyncio.gather(self._memory_task, return_exceptions=True)
            slots, self._slots = self._slots, []
            pending = [s.closing for s in slots if s.closing is not None]
            await asyncio.gather(
                *(_close_browser(s.browser) for s in slots), *pending, return_exceptions=True
            )
            playwright, self._playwright = self._playwright, None
            if playwright is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(playwright.stop(), _CLOSE_TIMEOUT_S)

    async def _acquire(self) -> _Slot:
        async with self._lock:
            if self._closed:
                raise RuntimeError("the browser pool is closed")
            await self._fill()
            live = [s for s in self._slots if not s.dead and not s.retiring]
            slot = live[self._next % len(live)]
            self._next += 1
            slot.active += 1
            return slot

    def _count_served(self, slot: _Slot) -> None:
        """One more scrape done on ``slot``; past ``restart_after`` it takes no new ones."""
        self._served += 1
        slot.served += 1
        if slot.served >= self._restart_after:
            slot.retiring = True

    def _release(self, slot: _Slot) -> None:
        slot.active -= 1
        self._retire_when_idle(slot)
        if (
            self._max_memory
            and not self._closed
            and self._memory_task is None
            and time.monotonic() - self._memory_checked >= self._memory_check_s
        ):
            self._memory_task = asyncio.create_task(self._check_memory_quietly())

    def _retire_when_idle(self, slot: _Slot) -> None:
        if slot.dead or slot.retiring:
            slot.retiring = True
            if slot.active == 0 and slot.closing is None and not self._closed:
                slot.closing = asyncio.create_task(self._retire(slot))

    async def _check_memory_quietly(self) -> None:
        try:
            await self.check_memory()
        except Exception:  # a sample that failed is no reason to fail a scrape
            log.warning("could not measure the browsers' memory", exc_info=True)
        finally:
            self._memory_task = None

    async def _retire(self, slot: _Slot) -> None:
        with contextlib.suppress(ValueError):
            self._slots.remove(slot)
        await _close_browser(slot.browser)

    async def _fill(self) -> None:
        """Bring the pool to its size of live browsers (caller holds the lock)."""
        for slot in [s for s in self._slots if s.dead and s.active == 0]:
            self._slots.remove(slot)
        while sum(1 for s in self._slots if not s.dead and not s.retiring) < self._size:
            self._slots.append(await self._launch())

    async def _launch(self) -> _Slot:
        if self._playwright is None:
            self._playwright = await async_playwright().start()
        started = time.perf_counter()
        browser = await self._playwright.chromium.launch(
            executable_path=str(self._executable), args=self._args, headless=True
        )
        self._launches += 1
        self._last_launch_ms = (time.perf_counter() - started) * 1000
        slot = _Slot(browser, pid=await _browser_pid(browser))

        def on_disconnect(_: Browser) -> None:
            # A crashed or killed browser: scrapes on it fail, the next one gets a new browser.
            if not self._closed and not slot.retiring:
                log.warning("browser disconnected; it will be replaced")
            slot.dead = True

        browser.on("disconnected", on_disconnect)
        log.debug("browser launched", ms=round(self._last_launch_ms, 1), pid=slot.pid)
        return slot


def process_tree_memory(pid: int | None) -> int:
    """Bytes held by a process and its descendants: PSS (shared pages split fairly between the
    processes sharing them) where the kernel reports it, else RSS. 0 for an unknown process."""
    if pid is None:
        return 0
    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.Error:
        return 0
    total = 0
    for proc in procs:
        try:
            info = proc.memory_full_info()
        except psutil.AccessDenied:
            with contextlib.suppress(psutil.Error):
                total += proc.memory_info().rss
            continue
        except psutil.Error:
            continue  # exited meanwhile
        total += getattr(info, "pss", info.rss)
    return total


async def _browser_pid(browser: Browser) -> int | None:
    """The browser's own process id (Chromium reports it over CDP)."""
    try:
        session = await browser.new_browser_cdp_session()
        try:
            info = await session.send("SystemInfo.getProcessInfo")
        finally:
            with contextlib.suppress(PlaywrightError):
                await session.detach()
    except PlaywrightError:
        return None
    for proc in info.get("processInfo", []):
        if proc.get("type") == "browser":
            return int(proc["id"])
    return None


async def _close_quietly(ctx: BrowserContext) -> bool:
    """Close a context; False when its browser did not manage to in time."""
    try:
        await asyncio.wait_for(ctx.close(), _CLOSE_TIMEOUT_S)
    except TimeoutError:
        return False
    except PlaywrightError:
        pass  # its browser is gone, and the context with it
    return True


async def _close_browser(browser: Browser) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(browser.close(), _CLOSE_TIMEOUT_S)

"""A pool of Chromium browsers driven by Playwright: one isolated context per scrape.

Browsers start on first use (so HTTP-only scrapes never pay for Chromium), are replaced after
``restart_after`` pages (Chromium's memory creeps) or when they crash, and every context is
closed on every path out of ``context()``: success, error, timeout and cancellation.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import structlog
from playwright.async_api import Browser, BrowserContext, Playwright, async_playwright
from playwright.async_api import Error as PlaywrightError

__all__ = ["CHROMIUM_ARGS", "BrowserPool", "PoolStats"]

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


@dataclass(frozen=True, slots=True)
class PoolStats:
    launches: int
    browsers: int
    open_contexts: int
    pages_served: int
    last_launch_ms: float


@dataclass(eq=False, slots=True)
class _Slot:
    """One browser process and what it has done."""

    browser: Browser
    served: int = 0
    active: int = 0
    retiring: bool = False
    dead: bool = False
    closing: asyncio.Task[None] | None = field(default=None, repr=False)


class BrowserPool:
    def __init__(
        self,
        executable: Path,
        *,
        browsers: int = 1,
        max_pages: int = 8,
        restart_after: int = 200,
        args: Sequence[str] = CHROMIUM_ARGS,
    ) -> None:
        self._executable = executable
        self._size = browsers
        self._restart_after = restart_after
        self._args = list(args)
        self._pages = asyncio.Semaphore(max_pages)
        self._lock = asyncio.Lock()
        self._playwright: Playwright | None = None
        self._slots: list[_Slot] = []
        self._next = 0
        self._launches = 0
        self._open = 0
        self._served = 0
        self._last_launch_ms = 0.0
        self._closed = False

    def stats(self) -> PoolStats:
        return PoolStats(
            launches=self._launches,
            browsers=sum(1 for s in self._slots if not s.dead),
            open_contexts=self._open,
            pages_served=self._served,
            last_launch_ms=self._last_launch_ms,
        )

    async def start(self) -> None:
        """Launch the browsers now instead of on the first scrape that needs one."""
        async with self._lock:
            await self._fill()

    @contextlib.asynccontextmanager
    async def context(self, **options: Any) -> AsyncIterator[BrowserContext]:
        """A fresh context (Playwright ``new_context`` options), closed however the block ends."""
        async with self._pages:
            slot = await self._acquire()
            try:
                ctx = await slot.browser.new_context(**options)
            except BaseException:
                self._release(slot)
                raise
            self._open += 1
            try:
                yield ctx
            finally:
                self._open -= 1
                try:
                    # Shielded: a cancelled scrape must still close its context, or it leaks.
                    await asyncio.shield(_close_quietly(ctx))
                finally:
                    self._release(slot)

    async def close(self) -> None:
        """Close every browser and the Playwright driver; the pool cannot be used afterwards."""
        async with self._lock:
            self._closed = True
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

    def _release(self, slot: _Slot) -> None:
        slot.active -= 1
        slot.served += 1
        self._served += 1
        if slot.served >= self._restart_after and not slot.retiring:
            slot.retiring = True
        if (slot.retiring or slot.dead) and slot.active == 0 and slot.closing is None:
            slot.closing = asyncio.create_task(self._retire(slot))

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
        slot = _Slot(browser)

        def on_disconnect(_: Browser) -> None:
            # A crashed or killed browser: scrapes on it fail, the next one gets a new browser.
            if not self._closed and not slot.retiring:
                log.warning("browser disconnected; it will be replaced")
            slot.dead = True

        browser.on("disconnected", on_disconnect)
        log.debug("browser launched", ms=round(self._last_launch_ms, 1))
        return slot


async def _close_quietly(ctx: BrowserContext) -> None:
    with contextlib.suppress(PlaywrightError):
        await asyncio.wait_for(ctx.close(), _CLOSE_TIMEOUT_S)


async def _close_browser(browser: Browser) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(browser.close(), _CLOSE_TIMEOUT_S)

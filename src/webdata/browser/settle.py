"""Smart wait: a page is settled when its network is quiet and its DOM stopped changing.

``load`` alone returns app pages before they rendered (their data arrives by fetch after
load), and Playwright's ``networkidle`` waits a fixed 500 ms and ignores the DOM. Here the
in-flight requests are counted from Playwright's events and DOM mutations are timestamped by
a script installed before any page script runs.
"""

from __future__ import annotations

import asyncio
import time

from playwright.async_api import BrowserContext, Page, Request
from playwright.async_api import Error as PlaywrightError

__all__ = ["MUTATION_SCRIPT", "NetworkTracker", "install", "wait_settled"]

MUTATION_SCRIPT = """
(() => {
  window.__wdMutatedAt = performance.now();
  const mark = () => { window.__wdMutatedAt = performance.now(); };
  new MutationObserver(mark).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
})();
"""
_SINCE_MUTATION = "() => performance.now() - (window.__wdMutatedAt ?? 0)"
_POLL_S = 0.05


class NetworkTracker:
    """Requests of a page still in flight, and when the last one ended."""

    def __init__(self, page: Page) -> None:
        self._inflight: set[Request] = set()
        self.quiet_since = time.monotonic()
        page.on("request", self._started)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._ended)

    def _started(self, request: Request) -> None:
        self._inflight.add(request)

    def _ended(self, request: Request) -> None:
        self._inflight.discard(request)
        if not self._inflight:
            self.quiet_since = time.monotonic()

    @property
    def inflight(self) -> int:
        return len(self._inflight)


async def install(context: BrowserContext) -> None:
    """Call before the page opens, so the observer sees the first mutation."""
    await context.add_init_script(MUTATION_SCRIPT)


async def wait_settled(page: Page, tracker: NetworkTracker, quiet_ms: int, max_s: float) -> bool:
    """Wait until network and DOM were both quiet for ``quiet_ms``, at most ``max_s``.

    Returns whether the page settled; a page that never does (polling, animations) is taken
    as it is when the bound is reached.
    """
    deadline = time.monotonic() + max(max_s, 0.0)
    quiet_s = quiet_ms / 1000
    while True:
        now = time.monotonic()
        if tracker.inflight == 0 and now - tracker.quiet_since >= quiet_s:
            try:
                since_mutation = float(await page.evaluate(_SINCE_MUTATION)) / 1000
            except PlaywrightError:
                # A navigation replaced the document mid-check: not settled yet.
                since_mutation = 0.0
            if since_mutation >= quiet_s:
                return True
        if now >= deadline:
            return False
        await asyncio.sleep(min(_POLL_S, max(deadline - now, 0.0)))

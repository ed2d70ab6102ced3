"""Identical scrapes in flight at once become one: the first fetches, the others wait for it.

In-process only (each node coalesces its own requests). A follower waits for the leader to
finish, then reads the cache the leader filled; when the leader's result was not stored
(an error, a page that may not be cached) the follower scrapes on its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager


class SingleFlight:
    def __init__(self) -> None:
        self._running: dict[str, asyncio.Event] = {}

    def running(self, key: str) -> asyncio.Event | None:
        """Set when the scrape of ``key`` now in flight ends; None when there is none."""
        return self._running.get(key)

    @contextmanager
    def lead(self, key: str | None) -> Iterator[bool]:
        """Hold ``key`` for the block (True) unless another scrape holds it (False)."""
        if key is None or key in self._running:
            yield False
            return
        done = self._running[key] = asyncio.Event()
        try:
            yield True
        finally:
            del self._running[key]
            done.set()

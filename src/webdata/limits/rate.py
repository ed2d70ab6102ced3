"""Requests per minute per team: a moving window, in this process or shared through Redis.

With ``WEBDATA_REDIS_URL`` set, every API process counts in the same Redis, so a team's limit
holds across nodes; without it, each process counts alone (the embedded mode has one).
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItemPerMinute
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter


class RateLimiter:
    def __init__(self, redis_url: str | None = None, *, key_prefix: str = "webdata-rate") -> None:
        storage: Storage
        if redis_url:
            uri = redis_url.replace("redis://", "async+redis://", 1)
            storage = RedisStorage(uri, implementation="redispy", key_prefix=key_prefix)
        else:
            storage = MemoryStorage()
        self._limiter = MovingWindowRateLimiter(storage)
        self._items: dict[int, RateLimitItemPerMinute] = {}

    async def hit(self, team_id: str, per_minute: int) -> int | None:
        """Count one request of the team; None when allowed, else the whole seconds after which
        a request would be (the ``Retry-After`` value, at least 1)."""
        if per_minute <= 0:
            return None
        item = self._items.get(per_minute)
        if item is None:
            item = self._items[per_minute] = RateLimitItemPerMinute(per_minute)
        if await self._limiter.hit(item, team_id):
            return None
        stats = await self._limiter.get_window_stats(item, team_id)
        return max(1, math.ceil(stats.reset_time - time.time()))

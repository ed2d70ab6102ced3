"""Concurrency slots shared by every API process through Redis (``WEBDATA_REDIS_URL``).

Per team, a sorted set of holders (scored by lease expiry), a sorted set of waiters (scored
by arrival, from a counter: first come, first served across nodes) and the waiters' last
heartbeat. Each step is one Lua script, so it is atomic in Redis. A holder renews its lease
while it works, so a node that dies frees its slots within ``lease_s``; a waiter polls
(``poll_s``) and so heartbeats, and one that stopped (its node died) is dropped from the head
of the line after ``stale_s``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from typing import Any

from redis.asyncio import Redis

from webdata.limits.slots import QueueFull, Slot, SlotTimeout

# KEYS: holders, queue, seen, seq. ARGV: token, limit (0: none), queue limit, now ms, lease ms,
# stale ms. Returns 1 (granted), 0 (queued) or -1 (the line is full).
_ENTER = """
local now = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local limit = tonumber(ARGV[2])
if limit == 0 or (redis.call('ZCARD', KEYS[1]) < limit and redis.call('ZCARD', KEYS[2]) == 0)
then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[5]), ARGV[1])
  return 1
end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return -1 end
redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[4]), ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], now)
return 0
"""

# Same KEYS and ARGV: a queued waiter's turn? Drops stale waiters at the head first.
_TRY = """
local now = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('HSET', KEYS[3], ARGV[1], now)
while true do
  local head = redis.call('ZRANGE', KEYS[2], 0, 0)
  if #head == 0 then return 0 end
  local seen = tonumber(redis.call('HGET', KEYS[3], head[1]) or '0')
  if head[1] ~= ARGV[1] and now - seen > tonumber(ARGV[6]) then
    redis.call('ZREM', KEYS[2], head[1])
    redis.call('HDEL', KEYS[3], head[1])
  else
    if head[1] == ARGV[1] and redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
      redis.call('ZREM', KEYS[2], ARGV[1])
      redis.call('HDEL', KEYS[3], ARGV[1])
      redis.call('ZADD', KEYS[1], now + tonumber(ARGV[5]), ARGV[1])
      return 1
    end
    return 0
  end
end
"""


async def _uncancelled(command: Awaitable[Any]) -> int:
    """Run a Redis command to its end even when the caller is cancelled meanwhile.

    redis-py's asyncio client can be left half-way by a cancellation inside a command (a
    script call then neither ends nor raises); here the command finishes in its own task and
    the caller still sees its CancelledError, after the command's effect is known.
    """
    task = asyncio.ensure_future(command)
    try:
        return int(await asyncio.shield(task))
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):
            await asyncio.shield(task)
        raise


class RedisSlots:
    def __init__(
        self,
        url: str,
        *,
        prefix: str = "webdata-slots",
        lease_s: float = 30.0,
        poll_s: float = 0.02,
        stale_s: float = 5.0,
    ) -> None:
        self._redis: Redis = Redis.from_url(url)
        self._prefix = prefix
        self._lease_ms = int(lease_s * 1000)
        self._poll_s = poll_s
        self._stale_ms = int(stale_s * 1000)
        self._enter: Any = self._redis.register_script(_ENTER)
        self._try: Any = self._redis.register_script(_TRY)

    def _keys(self, team_id: str) -> list[str]:
        base = f"{self._prefix}:{team_id}"
        return [f"{base}:holders", f"{base}:queue", f"{base}:seen", f"{base}:seq"]

    def _args(self, token: str, limit: int, queue_limit: int) -> list[int | str]:
        now = int(time.time() * 1000)
        return [token, limit, queue_limit, now, self._lease_ms, self._stale_ms]

    async def usage(self, team_id: str) -> tuple[int, int]:
        holders, queue, _, _ = self._keys(team_id)
        now = int(time.time() * 1000)
        running = await self._redis.zcount(holders, now, "+inf")
        waiting = await self._redis.zcard(queue)
        return int(running), int(waiting)

    @asynccontextmanager
    async def hold(
        self, team_id: str, limit: int, queue_limit: int, timeout_s: float
    ) -> AsyncIterator[Slot]:
        keys = self._keys(team_id)
        token = str(uuid.uuid4())
        started = time.monotonic()
        entered = await _uncancelled(
            self._enter(keys=keys, args=self._args(token, limit, queue_limit))
        )
        if entered == -1:
            raise QueueFull(team_id)
        limited = entered == 0
        if limited:
            await self._wait_turn(keys, token, limit, queue_limit, started + timeout_s, team_id)
        renewal = asyncio.create_task(self._renew(keys[0], token))
        try:
            yield Slot(limited, (time.monotonic() - started) * 1000 if limited else 0.0)
        finally:
            renewal.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await renewal
            await asyncio.shield(self._redis.zrem(keys[0], token))

    async def _wait_turn(
        self,
        keys: list[str],
        token: str,
        limit: int,
        queue_limit: int,
        deadline: float,
        team_id: str,
    ) -> None:
        try:
            while True:
                args = self._args(token, limit, queue_limit)
                if await _uncancelled(self._try(keys=keys, args=args)):
                    return
                if time.monotonic() >= deadline:
                    raise SlotTimeout(team_id)
                await asyncio.sleep(min(self._poll_s, max(deadline - time.monotonic(), 0)))
        except BaseException:
            # Leave the line (and give back a slot granted as we gave up).
            await asyncio.shield(self._leave(keys, token))
            raise

    async def _leave(self, keys: list[str], token: str) -> None:
        pipe = self._redis.pipeline()
        pipe.zrem(keys[1], token)
        pipe.hdel(keys[2], token)
        pipe.zrem(keys[0], token)
        await pipe.execute()

    async def _renew(self, holders: str, token: str) -> None:
        while True:
            await asyncio.sleep(self._lease_ms / 3000)
            expiry = int(time.time() * 1000) + self._lease_ms
            await _uncancelled(self._redis.zadd(holders, {token: expiry}, xx=True))

    async def close(self) -> None:
        await self._redis.aclose()

"""taskiq's Redis-streams broker, made to redeliver the messages of a dead worker promptly.

taskiq-redis acknowledges a message after its task ran, and hands unacknowledged messages
older than ``idle_timeout`` to another consumer (``XAUTOCLAIM``). Two things stop that being
enough here:

* it looks for such messages only after a read that returned new ones, so on a quiet queue a
  dead worker's items would wait for somebody's next job;
* a live worker's long task (a scrape may take five minutes, plus its wait for a slot) would
  be taken from it once older than ``idle_timeout``, so that timeout would have to be longer
  than any task, and a crash would be noticed that late.

So this broker claims idle messages on every turn of its loop, and a worker re-claims the
messages it is running every third of ``idle_timeout`` (``XCLAIM`` to itself, which resets
their idle time). A message then goes idle only when its worker stopped: the redelivery
delay is ``idle_timeout``, whatever the tasks' length.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncGenerator, Awaitable, Callable
from typing import Any

from redis.asyncio import Redis
from taskiq import AckableMessage
from taskiq_redis import RedisStreamBroker

log = logging.getLogger("webdata.jobs")


class ReclaimingStreamBroker(RedisStreamBroker):
    def __init__(self, url: str, **kwargs: Any) -> None:
        super().__init__(url, **kwargs)
        # Messages this consumer runs: stream name -> message ids.
        self._running: dict[str, set[bytes | str]] = {}

    def _ack_generator(self, id: str, queue_name: str) -> Callable[[], Awaitable[None]]:
        running = self._running.setdefault(queue_name, set())
        running.add(id)
        ack = super()._ack_generator(id=id, queue_name=queue_name)

        async def _ack() -> None:
            await ack()
            running.discard(id)

        return _ack

    async def _keep_claimed(self) -> None:
        """Reset the idle time of the messages this worker runs, for as long as it lives."""
        every = max(self.idle_timeout / 3000, 0.05)
        async with Redis(connection_pool=self.connection_pool) as redis:
            while True:
                await asyncio.sleep(every)
                for stream, ids in self._running.items():
                    if not ids:
                        continue
                    try:
                        await redis.xclaim(
                            stream,
                            self.consumer_group_name,
                            self.consumer_name,
                            min_idle_time=0,
                            message_ids=list(ids),
                            justid=True,
                        )
                    except Exception:  # a Redis hiccup: the next turn tries again
                        log.warning("could not renew running messages", exc_info=True)

    async def listen(self) -> AsyncGenerator[AckableMessage, None]:
        keeper = asyncio.create_task(self._keep_claimed())
        try:
            async with Redis(connection_pool=self.connection_pool) as redis:
                while True:
                    fetched: Any = await redis.xreadgroup(
                        self.consumer_group_name,
                        self.consumer_name,
                        {self.queue_name: ">", **self.additional_streams},  # type: ignore[dict-item]
                        block=self.block,
                        noack=False,
                        count=self.count,
                    )
                    for stream, messages in fetched or ():
                        for msg_id, msg in messages:
                            yield self._ackable(stream, msg_id, msg)
                    for stream in (self.queue_name, *self.additional_streams):
                        for msg_id, msg in await self._claim_idle(redis, stream):
                            yield self._ackable(stream, msg_id, msg)
        finally:
            keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await keeper

    def _ackable(self, stream: Any, msg_id: Any, msg: dict[bytes, bytes]) -> AckableMessage:
        name = stream.decode() if isinstance(stream, bytes) else stream
        return AckableMessage(
            data=msg[b"data"], ack=self._ack_generator(id=msg_id, queue_name=name)
        )

    async def _claim_idle(self, redis: Redis, stream: str) -> list[tuple[Any, dict[bytes, bytes]]]:
        """Messages of stopped consumers, now this one's (one claimer at a time)."""
        lock = redis.lock(
            f"autoclaim:{self.consumer_group_name}:{stream}",
            timeout=self.unacknowledged_lock_timeout or 30,
        )
        if not await lock.acquire(blocking=False):
            return []
        try:
            result = await redis.xautoclaim(
                name=stream,
                groupname=self.consumer_group_name,
                consumername=self.consumer_name,
                min_idle_time=self.idle_timeout,
                count=self.unacknowledged_batch_size,
            )
        finally:
            with contextlib.suppress(Exception):
                await lock.release()
        claimed = result[1]
        if claimed:
            log.info("redelivering %d messages of a stopped worker", len(claimed))
        # Entries trimmed from the stream come back empty; nothing to run.
        return [(msg_id, msg) for msg_id, msg in claimed if msg]

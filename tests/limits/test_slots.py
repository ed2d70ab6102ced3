"""Concurrency slots, in process and through the real Redis: the limit holds, the line is
first come first served, bounded in length and in time, and a slot is never lost (cancelled
and timed-out waiters included). Redis variants skip, loudly, without Redis."""

from __future__ import annotations

import asyncio
import secrets
import socket
import time
from collections.abc import AsyncIterator

import pytest

from webdata.limits.redis_slots import RedisSlots
from webdata.limits.slots import ConcurrencySlots, QueueFull, Slots, SlotTimeout

REDIS_URL = "redis://127.0.0.1:6379/0"


def redis_or_skip() -> None:
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=2).close()
    except OSError as exc:
        pytest.skip(f"!!! Redis at 127.0.0.1:6379 is unreachable ({exc}): the Redis slot "
                    "tests did NOT run !!!")  # fmt: skip


@pytest.fixture(params=["memory", "redis"])
async def slots(request: pytest.FixtureRequest) -> AsyncIterator[Slots]:
    if request.param == "memory":
        yield ConcurrencySlots()
        return
    redis_or_skip()
    shared = RedisSlots(REDIS_URL, poll_s=0.005)
    try:
        yield shared
    finally:
        await shared.close()


@pytest.fixture()
def team() -> str:
    return f"test-{secrets.token_hex(6)}"


async def test_waiters_are_served_in_arrival_order(slots: Slots, team: str) -> None:
    order: list[int] = []
    running = 0
    peak = 0
    done = 0

    async def scrape(i: int) -> bool:
        nonlocal running, peak, done
        async with slots.hold(team, 2, 10, 5) as slot:
            running += 1
            peak = max(peak, running)
            order.append(i)
            # holds end 50 ms apart: two slots freed in one poll would admit the next two
            # waiters together, and which of them appends first is then up to the event loop
            await asyncio.sleep(0.1 + 0.05 * i)
            running -= 1
        done += 1
        return slot.limited

    tasks = []
    for i in range(6):  # each arrives once the one before is in line (timers alone race on a
        tasks.append(asyncio.create_task(scrape(i)))  # busy machine with Redis round trips)
        for _ in range(1_000):
            held, waiting = await slots.usage(team)
            if held + waiting + done >= i + 1:
                break
            await asyncio.sleep(0.002)
    limited = await asyncio.gather(*tasks)
    assert peak == 2
    assert order == list(range(6))
    assert limited == [False, False, True, True, True, True]
    assert await slots.usage(team) == (0, 0)


async def _take(slots: Slots, team: str, *, wait_s: float, queue: int = 1) -> float:
    async with slots.hold(team, 1, queue, wait_s) as slot:
        return slot.waited_ms


async def test_queue_bound_and_timeout(slots: Slots, team: str) -> None:
    release = asyncio.Event()

    async def holder() -> None:
        async with slots.hold(team, 1, 1, 5):
            await release.wait()

    task = asyncio.create_task(holder())
    await asyncio.sleep(0.05)
    waiter = asyncio.create_task(_take(slots, team, wait_s=5))
    await asyncio.sleep(0.05)
    assert await slots.usage(team) == (1, 1)
    with pytest.raises(QueueFull):
        await _take(slots, team, wait_s=5)
    release.set()
    await task
    assert (await waiter) > 0
    # Nobody frees the slot in time: the waiter gives up and leaves the line.
    release.clear()
    task = asyncio.create_task(holder())
    await asyncio.sleep(0.05)
    with pytest.raises(SlotTimeout):
        await _take(slots, team, wait_s=0.1)
    assert await slots.usage(team) == (1, 0)
    release.set()
    await task
    assert await slots.usage(team) == (0, 0)


async def test_a_cancelled_waiter_never_swallows_the_slot(slots: Slots, team: str) -> None:
    release = asyncio.Event()

    async def holder() -> None:
        async with slots.hold(team, 1, 10, 5):
            await release.wait()

    first = asyncio.create_task(holder())
    await asyncio.sleep(0.05)
    doomed = asyncio.create_task(_take(slots, team, wait_s=5, queue=10))
    await asyncio.sleep(0.05)
    patient = asyncio.create_task(_take(slots, team, wait_s=5, queue=10))
    await asyncio.sleep(0.05)
    doomed.cancel()
    release.set()
    await first
    assert await patient >= 0
    with pytest.raises(asyncio.CancelledError):
        await doomed
    assert await slots.usage(team) == (0, 0)


async def test_no_limit_still_counts_and_teams_are_apart(slots: Slots, team: str) -> None:
    other = team + "-b"
    async with slots.hold(team, 0, 0, 1), slots.hold(team, 0, 0, 1), slots.hold(other, 1, 0, 1):
        assert await slots.usage(team) == (2, 0) and await slots.usage(other) == (1, 0)


async def test_two_nodes_share_the_slots_and_a_dead_node_frees_them(team: str) -> None:
    redis_or_skip()
    node_a = RedisSlots(REDIS_URL, poll_s=0.005, lease_s=0.3, stale_s=0.2)
    node_b = RedisSlots(REDIS_URL, poll_s=0.005, lease_s=0.3, stale_s=0.2)
    try:
        async with node_a.hold(team, 1, 5, 1):
            with pytest.raises(SlotTimeout):
                await _take(node_b, team, wait_s=0.1)
        assert await _take(node_b, team, wait_s=1) == 0
        # A node that dies holding a slot (its lease is no longer renewed): freed by expiry.
        dead = node_a.hold(team, 1, 5, 1)
        await dead.__aenter__()
        renewals = [t for t in asyncio.all_tasks() if "_renew" in repr(t.get_coro())]
        for task in renewals:
            task.cancel()
        started = time.monotonic()
        await _take(node_b, team, wait_s=2)
        assert 0.15 < time.monotonic() - started < 1.5
    finally:
        await node_a.close()
        await node_b.close()

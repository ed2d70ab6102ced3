"""Concurrency slots: the limit holds, the queue is first come first served, bounded in length
and in time, and a slot is never lost (cancelled and timed-out waiters included)."""

from __future__ import annotations

import asyncio

import pytest

from webdata.limits.slots import ConcurrencySlots, QueueFull, SlotTimeout


async def test_waiters_are_served_in_arrival_order() -> None:
    slots = ConcurrencySlots()
    order: list[int] = []
    running = 0
    peak = 0

    async def scrape(i: int) -> bool:
        nonlocal running, peak
        async with slots.hold("t", 2, 10, 5) as slot:
            running += 1
            peak = max(peak, running)
            order.append(i)
            await asyncio.sleep(0.02)
            running -= 1
            return slot.limited

    limited = await asyncio.gather(*(scrape(i) for i in range(6)))
    assert peak == 2
    assert order == list(range(6))
    assert limited == [False, False, True, True, True, True]
    assert slots.usage("t") == (0, 0)


async def test_queue_bound_and_timeout() -> None:
    slots = ConcurrencySlots()
    release = asyncio.Event()

    async def holder() -> None:
        async with slots.hold("t", 1, 1, 5):
            await release.wait()

    task = asyncio.create_task(holder())
    await asyncio.sleep(0)
    waiter = asyncio.create_task(_take(slots, wait_s=5))
    await asyncio.sleep(0)
    assert slots.usage("t") == (1, 1)
    with pytest.raises(QueueFull):
        await _take(slots, wait_s=5)
    release.set()
    await task
    assert (await waiter) > 0
    # Nobody frees the slot in time: the waiter gives up and leaves the line.
    release.clear()
    task = asyncio.create_task(holder())
    await asyncio.sleep(0)
    with pytest.raises(SlotTimeout):
        await _take(slots, wait_s=0.05)
    assert slots.usage("t") == (1, 0)
    release.set()
    await task
    assert slots.usage("t") == (0, 0)


async def _take(slots: ConcurrencySlots, *, wait_s: float, queue: int = 1) -> float:
    async with slots.hold("t", 1, queue, wait_s) as slot:
        return slot.waited_ms


async def test_a_cancelled_waiter_never_swallows_the_slot() -> None:
    slots = ConcurrencySlots()
    release = asyncio.Event()

    async def holder() -> None:
        async with slots.hold("t", 1, 10, 5):
            await release.wait()

    first = asyncio.create_task(holder())
    await asyncio.sleep(0)
    doomed = asyncio.create_task(_take(slots, wait_s=5, queue=10))
    patient = asyncio.create_task(_take(slots, wait_s=5, queue=10))
    await asyncio.sleep(0)
    doomed.cancel()
    release.set()
    await first
    assert await patient >= 0
    with pytest.raises(asyncio.CancelledError):
        await doomed
    assert slots.usage("t") == (0, 0)


async def test_no_limit_still_counts_and_teams_are_apart() -> None:
    slots = ConcurrencySlots()
    async with slots.hold("a", 0, 0, 1), slots.hold("a", 0, 0, 1), slots.hold("b", 1, 0, 1):
        assert slots.usage("a") == (2, 0) and slots.usage("b") == (1, 0)

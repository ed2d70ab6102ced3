"""The cache index and page history on SQLite and on the real PostgreSQL."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from webdata.store.cache import AgeWindow, CacheStore
from webdata.store.db import make_sessionmaker
from webdata.store.history import HistoryStore
from webdata.store.keys import KeyStore
from webdata.store.models import CacheEntry

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
ANY = AgeWindow(max_age=None)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(params=[0, 64 * 2**20], ids=["database-only", "with-memory"])
def memory(request: pytest.FixtureRequest) -> int:
    """Every rule holds whether reads go to the database or to the in-process LRU first."""
    return int(request.param)


def doc(text: str) -> dict[str, object]:
    return {"document": {"markdown": text, "metadata": {"statusCode": 200}}, "artifacts": {}}


async def put(cache: CacheStore, key: str, text: str, at: datetime, **kw: object) -> int:
    return await cache.put(
        "team", key, url_hash="u" * 64, status_code=200, payload=doc(text),
        created_at=at, expires_at=at + timedelta(days=30), **kw,  # type: ignore[arg-type]
    )  # fmt: skip


async def test_age_windows(engine: AsyncEngine, memory: int) -> None:
    clock = Clock()
    cache = CacheStore(engine, clock=clock, memory_bytes=memory)
    await put(cache, "k", "hello", T0)
    clock.now = T0 + timedelta(hours=3)
    found = await cache.get("team", "k", AgeWindow(max_age=timedelta(hours=4)))
    assert found is not None and found.payload == doc("hello") and found.created_at == T0
    assert await cache.get("team", "k", AgeWindow(max_age=timedelta(hours=3))) is None
    assert await cache.get("team", "k", AgeWindow(None, min_age=timedelta(hours=3))) is not None
    assert await cache.get("team", "k", AgeWindow(None, min_age=timedelta(hours=4))) is None
    assert await cache.get("other-team", "k", ANY) is None
    assert await cache.get("team", "other-key", ANY) is None


async def test_newest_wins_whatever_the_commit_order(engine: AsyncEngine, memory: int) -> None:
    cache = CacheStore(engine, clock=lambda: T0 + timedelta(hours=1), memory_bytes=memory)
    await put(cache, "k", "newer", T0 + timedelta(minutes=10))
    await put(cache, "k", "older", T0)  # a slow writer finishing late
    found = await cache.get("team", "k", ANY)
    assert found is not None and found.payload == doc("newer")
    await put(cache, "k", "newest", T0 + timedelta(minutes=20))
    found = await cache.get("team", "k", ANY)
    assert found is not None and found.payload == doc("newest")
    assert await cache.count() == 1


async def test_concurrent_writers_leave_one_row(engine: AsyncEngine, memory: int) -> None:
    cache = CacheStore(engine, clock=lambda: T0 + timedelta(hours=1), memory_bytes=memory)
    moments = [T0 + timedelta(seconds=i) for i in range(20)]
    await asyncio.gather(*(put(cache, "k", f"v{i}", at) for i, at in enumerate(moments)))
    found = await cache.get("team", "k", ANY)
    assert found is not None and found.payload == doc("v19")
    assert await cache.count("u" * 64) == 1


async def test_bodies_are_compressed_and_size_capped(engine: AsyncEngine, memory: int) -> None:
    cache = CacheStore(engine, clock=lambda: T0, memory_bytes=memory)
    text = "A sentence that repeats on a long page. " * 2000
    size = await put(cache, "k", text, T0)
    async with engine.connect() as conn:
        body = (await conn.execute(select(CacheEntry.body))).scalar_one()
    assert size == len(body) < len(text) / 20
    assert b"repeats" not in body
    assert await put(cache, "big", text, T0, max_bytes=size - 1) == 0
    assert await cache.get("team", "big", ANY) is None


async def test_sweep_deletes_only_expired_entries(engine: AsyncEngine, memory: int) -> None:
    clock = Clock()
    cache = CacheStore(engine, clock=clock, memory_bytes=memory)
    await put(cache, "old", "a", T0)
    await put(cache, "new", "b", T0 + timedelta(days=10))
    clock.now = T0 + timedelta(days=31)
    assert await cache.get("team", "old", ANY) is None  # expired rows are never served
    assert await cache.sweep() == 1
    assert await cache.count() == 1
    assert await cache.get("team", "new", ANY) is not None


async def test_memory_serves_its_copy_and_the_database_the_rest(engine: AsyncEngine) -> None:
    clock = Clock()
    node_a = CacheStore(engine, clock=clock)
    node_b = CacheStore(engine, clock=clock)
    await put(node_a, "k", "first", T0)
    clock.now = T0 + timedelta(minutes=30)
    found = await node_b.get("team", "k", ANY)  # from the database, then remembered
    assert found is not None and found.payload == doc("first")
    await put(node_a, "k", "second", T0 + timedelta(minutes=20))
    # B's remembered copy is still young enough for a one-hour maxAge: served from memory.
    found = await node_b.get("team", "k", AgeWindow(max_age=timedelta(hours=1)))
    assert found is not None and found.payload == doc("first")
    # Too old for 15 minutes: B reads the database and finds A's newer copy.
    found = await node_b.get("team", "k", AgeWindow(max_age=timedelta(minutes=15)))
    assert found is not None and found.payload == doc("second")
    # A team's remembered copy never answers another team.
    assert await node_b.get("other", "k", ANY) is None


async def test_memory_stays_within_its_budget(engine: AsyncEngine) -> None:
    cache = CacheStore(engine, clock=lambda: T0, memory_bytes=20_000)
    for i in range(30):
        await put(cache, f"k{i}", f"{i} " + "x" * 1_000, T0)
    recent = cache._recent
    assert 0 < recent.used <= 20_000
    assert recent.get(("team", "k29")) is not None and recent.get(("team", "k0")) is None
    assert await cache.get("team", "k0", ANY) is not None  # evicted, still in the database


async def test_history_keeps_the_latest_per_team_url_and_tag(engine: AsyncEngine) -> None:
    keys = KeyStore(make_sessionmaker(engine), cache_ttl=0)
    a, b = (await keys.create_team("a")).id, (await keys.create_team("b")).id
    history = HistoryStore(engine)
    assert await history.latest(a, "u", "") is None
    await history.record(a, "u", "", scraped_at=T0, status_code=200, markdown="one")
    await history.record(a, "u", "", scraped_at=T0 + timedelta(hours=1), status_code=200,
                         markdown="two")  # fmt: skip
    await history.record(a, "u", "", scraped_at=T0, status_code=200, markdown="late, older")
    await history.record(a, "u", "weekly", scraped_at=T0, status_code=404, markdown="gone")
    latest = await history.latest(a, "u", "")
    assert latest is not None and latest.markdown == "two"
    assert latest.scraped_at == T0 + timedelta(hours=1)
    tagged = await history.latest(a, "u", "weekly")
    assert tagged is not None and (tagged.markdown, tagged.status_code) == ("gone", 404)
    assert await history.latest(b, "u", "") is None


async def test_the_api_sweeper_removes_expired_entries(engine: AsyncEngine) -> None:
    from webdata.runtime import sweep_forever

    clock = Clock()
    cache = CacheStore(engine, clock=clock)
    await put(cache, "old", "a", T0)
    clock.now = T0 + timedelta(days=31)
    task = asyncio.create_task(sweep_forever([("cache", cache.sweep)], 0.05))
    try:
        for _ in range(100):
            if await cache.count() == 0:
                break
            await asyncio.sleep(0.05)
    finally:
        task.cancel()
    assert await cache.count() == 0

"""Browser profiles and their saving leases, on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime, timedelta

import pytest
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from webdata.store.db import make_engine, make_sessionmaker, migrate
from webdata.store.keys import KeyStore
from webdata.store.models import utcnow
from webdata.store.profiles import (
    LeaseLostError,
    ProfileInUseError,
    ProfileStore,
    ProfileTooLargeError,
)

STATE = {
    "cookies": [
        {
            "name": "sid",
            "value": "abc",
            "domain": "example.com",
            "path": "/",
            "expires": -1,
            "httpOnly": True,
            "secure": False,
            "sameSite": "Lax",
        }
    ],
    "origins": [{"origin": "https://example.com", "localStorage": [{"name": "k", "value": "v"}]}],
}


@dataclass
class Env:
    url: str
    engine: AsyncEngine
    team_a: str
    team_b: str
    engines: list[AsyncEngine]

    def store(self, **kwargs: object) -> ProfileStore:
        """A profile store on its own engine (its own connections), like another process."""
        engine = make_engine(self.url)
        self.engines.append(engine)
        return ProfileStore(make_sessionmaker(engine), **kwargs)  # type: ignore[arg-type]


@pytest.fixture()
async def env(db_url: str) -> AsyncIterator[Env]:
    await migrate(db_url)
    engine = make_engine(db_url)
    keys = KeyStore(make_sessionmaker(engine), cache_ttl=0)
    a = await keys.create_team("team-a")
    b = await keys.create_team("team-b")
    env = Env(db_url, engine, a.id, b.id, [engine])
    try:
        yield env
    finally:
        for e in env.engines:
            await e.dispose()


class Clock:
    """A UTC clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = utcnow()

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


async def test_save_load_and_update(env: Env) -> None:
    store = env.store()
    assert await store.load(env.team_a, "p1") is None
    await store.save(env.team_a, "p1", STATE)
    assert await store.load(env.team_a, "p1") == STATE
    changed = {**STATE, "origins": []}
    await store.save(env.team_a, "p1", changed)
    assert await store.load(env.team_a, "p1") == changed
    assert await store.names(env.team_a) == ["p1"]
    assert await store.delete(env.team_a, "p1") is True
    assert await store.load(env.team_a, "p1") is None
    assert await store.delete(env.team_a, "p1") is False


async def test_teams_never_see_each_others_profiles(env: Env) -> None:
    store = env.store()
    await store.save(env.team_a, "shared-name", STATE)
    assert await store.load(env.team_b, "shared-name") is None
    assert await store.names(env.team_b) == []
    await store.save(env.team_b, "shared-name", {"cookies": [], "origins": []})
    assert await store.load(env.team_a, "shared-name") == STATE
    # Leases are per team too.
    lease = await store.acquire(env.team_a, "shared-name")
    other = await store.acquire(env.team_b, "shared-name")
    await store.release(other)
    await store.release(lease)


async def test_name_is_1_to_128_characters(env: Env) -> None:
    store = env.store()
    name = "n" * 128
    await store.save(env.team_a, name, STATE)
    assert await store.load(env.team_a, name) == STATE
    for bad in ("", "n" * 129):
        with pytest.raises(ValueError, match="1 to 128"):
            await store.load(env.team_a, bad)
        with pytest.raises(ValueError, match="1 to 128"):
            await store.save(env.team_a, bad, STATE)
        with pytest.raises(ValueError, match="1 to 128"):
            await store.acquire(env.team_a, bad)


async def test_one_saving_session_at_a_time(env: Env) -> None:
    first_node, second_node = env.store(), env.store()
    lease = await first_node.acquire(env.team_a, "p1")
    with pytest.raises(ProfileInUseError, match="profile 'p1' is in use by another saving"):
        await second_node.acquire(env.team_a, "p1")
    with pytest.raises(ProfileInUseError):
        await first_node.acquire(env.team_a, "p1")
    # Reading takes no lease.
    assert await second_node.load(env.team_a, "p1") is None
    await first_node.save(env.team_a, "p1", STATE, lease=lease)
    assert await second_node.load(env.team_a, "p1") == STATE
    await first_node.release(lease)
    again = await second_node.acquire(env.team_a, "p1")
    await second_node.release(again)


async def test_concurrent_acquires_let_exactly_one_win(env: Env) -> None:
    stores = [env.store() for _ in range(3)]
    results = await asyncio.gather(
        *(stores[i % 3].acquire(env.team_a, "race") for i in range(9)), return_exceptions=True
    )
    won = [r for r in results if not isinstance(r, BaseException)]
    assert len(won) == 1, results
    assert all(isinstance(r, ProfileInUseError) for r in results if r not in won), results
    await stores[0].release(won[0])  # type: ignore[arg-type]


async def test_a_crashed_holder_blocks_only_until_its_lease_lapses(env: Env) -> None:
    clock = Clock()
    crashed = env.store(lease_ttl_s=30, clock=clock)
    other = env.store(lease_ttl_s=30, clock=clock)
    # keep_alive=False: nobody renews it, as after a crash.
    lease = await crashed.acquire(env.team_a, "p1", keep_alive=False)
    clock.advance(29)
    with pytest.raises(ProfileInUseError):
        await other.acquire(env.team_a, "p1")
    clock.advance(2)
    taken = await other.acquire(env.team_a, "p1", keep_alive=False)
    # The old holder comes back: it may neither renew nor write any more.
    with pytest.raises(LeaseLostError):
        await crashed.save(env.team_a, "p1", STATE, lease=lease)
    assert lease.lost
    assert await crashed.renew(lease) is False
    assert await other.load(env.team_a, "p1") is None
    # Its release does not free the new holder's lease.
    await crashed.release(lease)
    with pytest.raises(ProfileInUseError):
        await crashed.acquire(env.team_a, "p1")
    await other.save(env.team_a, "p1", STATE, lease=taken)
    assert await other.load(env.team_a, "p1") == STATE
    await other.release(taken)


async def test_a_live_holder_keeps_its_lease_by_renewing_it(env: Env) -> None:
    holder = env.store(lease_ttl_s=0.6)
    other = env.store(lease_ttl_s=0.6)
    async with holder.saving(env.team_a, "p1") as lease:
        await asyncio.sleep(1.5)  # more than two lifetimes
        with pytest.raises(ProfileInUseError):
            await other.acquire(env.team_a, "p1")
        await holder.save(env.team_a, "p1", STATE, lease=lease)
        assert not lease.lost
    taken = await other.acquire(env.team_a, "p1")
    await other.release(taken)


async def test_the_lease_is_released_on_error_and_on_cancellation(env: Env) -> None:
    store = env.store()
    with pytest.raises(RuntimeError):
        async with store.saving(env.team_a, "p1"):
            raise RuntimeError("the scrape failed")
    entered = asyncio.Event()

    async def scrape() -> None:
        async with store.saving(env.team_a, "p1"):
            entered.set()
            await asyncio.sleep(3600)

    task = asyncio.create_task(scrape())
    await asyncio.wait_for(entered.wait(), 10)
    with pytest.raises(ProfileInUseError):
        await store.acquire(env.team_a, "p1")
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    lease = await env.store().acquire(env.team_a, "p1")
    await store.release(lease)


async def test_lease_of_an_unknown_team_is_not_reported_as_in_use(env: Env) -> None:
    with pytest.raises(IntegrityError):
        await env.store().acquire("no-such-team", "p1")


async def test_oversized_state_is_refused(env: Env) -> None:
    store = env.store(max_state_bytes=1000)
    storage = [{"name": "k", "value": "v" * 2000}]
    big = {"cookies": [], "origins": [{"origin": "x", "localStorage": storage}]}
    with pytest.raises(ProfileTooLargeError):
        await store.save(env.team_a, "p1", big)
    assert await store.load(env.team_a, "p1") is None


HOLDER = """
import asyncio, sys
from webdata.store.db import make_engine, make_sessionmaker
from webdata.store.profiles import ProfileStore

async def main() -> None:
    engine = make_engine(sys.argv[1])
    store = ProfileStore(make_sessionmaker(engine), lease_ttl_s=float(sys.argv[4]))
    await store.acquire(sys.argv[2], sys.argv[3])
    print("held", flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


async def _acquire_within(store: ProfileStore, team: str, seconds: float) -> float:
    """Retries until the lease is free; returns how long it took."""
    started = time.monotonic()
    while True:
        try:
            await store.release(await store.acquire(team, "p1"))
            return time.monotonic() - started
        except ProfileInUseError:
            if time.monotonic() - started > seconds:
                raise
            await asyncio.sleep(0.1)


async def test_another_process_holds_the_lease_until_it_dies(env: Env) -> None:
    """A real second process: its renewals keep the lease; once killed, it lapses."""
    ttl = 1.0
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        HOLDER,
        env.url,
        env.team_a,
        "p1",
        str(ttl),
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None
        line = await asyncio.wait_for(proc.stdout.readline(), 30)
        assert line.strip() == b"held"
        store = env.store()
        deadline = time.monotonic() + 3 * ttl
        while time.monotonic() < deadline:  # three lifetimes: renewed across processes
            with pytest.raises(ProfileInUseError):
                await store.acquire(env.team_a, "p1")
            await asyncio.sleep(0.2)
    finally:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()
    waited = await _acquire_within(store, env.team_a, ttl + 5)
    assert waited <= ttl + 1.0

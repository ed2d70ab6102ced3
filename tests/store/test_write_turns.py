"""The ORM repositories (keys, plans, profiles) write in this process's write turn, like the
jobs, credits and cache stores: on SQLite, many writers of one busy process all get through
(none is starved into "database is locked"); PostgreSQL needs no turns."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from webdata.store.db import make_engine, make_sessionmaker, migrate
from webdata.store.keys import KeyStore
from webdata.store.plans import Limits, PlanStore
from webdata.store.profiles import ProfileStore

WRITERS = 24
STATE = {"cookies": [], "origins": [{"origin": "https://example.com", "localStorage": []}]}


async def write_everything(engine: AsyncEngine) -> None:
    sessions = make_sessionmaker(engine)
    keys, plans = KeyStore(sessions, cache_ttl=0), PlanStore(sessions, cache_ttl=0)
    profiles = ProfileStore(sessions)
    teams = await asyncio.gather(*(keys.create_team(f"team{i}") for i in range(WRITERS)))
    made = await asyncio.gather(
        *(keys.create_key(team.id, name=f"k{i}") for i, team in enumerate(teams)),
        *(plans.save(Limits(plan=f"plan{i}", rate_per_minute=i)) for i in range(WRITERS)),
        *(profiles.save(team.id, "main", STATE) for team in teams),
    )
    await asyncio.gather(
        *(plans.assign(team.name, f"plan{i}") for i, team in enumerate(teams)),
        *(keys.revoke(key.id) for key, _ in made[:WRITERS]),  # type: ignore[misc]
    )
    leases = await asyncio.gather(
        *(profiles.acquire(team.id, "main", keep_alive=False) for team in teams)
    )
    assert all(await asyncio.gather(*(profiles.renew(lease) for lease in leases)))
    await asyncio.gather(*(profiles.release(lease) for lease in leases))
    await asyncio.gather(*(profiles.delete(team.id, "main") for team in teams))
    assert await keys.count_active_keys() == 0
    assert [(limits.rate_per_minute, n) for limits, n in await plans.list() if n] == [
        (i, 1) for i in sorted(range(WRITERS), key=lambda i: f"plan{i}")
    ]
    assert await profiles.names(teams[0].id) == []


async def test_many_writers_of_one_process_on_a_busy_sqlite(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'busy.db'}"
    await migrate(url)
    # A short busy timeout: writers that collide in this process would fail at once.
    engine = make_engine(url, busy_timeout_ms=1)
    try:
        await write_everything(engine)
    finally:
        await engine.dispose()


@pytest.mark.parametrize("round_", range(2))
async def test_many_writers_of_one_process(engine: AsyncEngine, round_: int) -> None:
    await write_everything(engine)

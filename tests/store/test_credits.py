"""The credit ledger on SQLite and PostgreSQL: atomic reservations under concurrency, settling,
grants, months, and the ledger always adding up to what was used."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from webdata.store.credits import CreditStore, month_of
from webdata.store.db import make_engine, make_sessionmaker, migrate
from webdata.store.keys import KeyStore
from webdata.store.plans import Limits, PlanError, PlanStore


async def new_team(engine: AsyncEngine, name: str = "acme") -> str:
    return (await KeyStore(make_sessionmaker(engine), cache_ttl=0).create_team(name)).id


def test_month_of() -> None:
    assert month_of(datetime(2026, 12, 31, 23, 59, tzinfo=UTC)) == (
        datetime(2026, 12, 1, tzinfo=UTC),
        datetime(2027, 1, 1, tzinfo=UTC),
    )


async def test_no_credit_is_spent_twice(engine: AsyncEngine) -> None:
    team = await new_team(engine)
    credits = CreditStore(engine)
    results = await asyncio.gather(*(credits.reserve(team, 1, 20) for _ in range(50)))
    taken = [r for r in results if r is not None]
    assert len(taken) == 20
    balance = await credits.balance(team, 20)
    assert (balance.used, balance.remaining) == (20, 0)
    assert await credits.ledger_total(team) == 20
    # Failed scrapes give everything back, and the freed credits can be taken again.
    await asyncio.gather(*(credits.settle(r, 0) for r in taken[:5]))
    assert (await credits.balance(team, 20)).remaining == 5
    assert await credits.ledger_total(team) == 15
    again = await asyncio.gather(*(credits.reserve(team, 1, 20) for _ in range(8)))
    assert sum(r is not None for r in again) == 5


async def test_settle_grant_and_history(engine: AsyncEngine) -> None:
    team = await new_team(engine)
    credits = CreditStore(engine)
    assert await credits.reserve(team, 5, 3) is None  # more than the allowance
    await credits.grant(team, 10)
    lockdown = await credits.reserve(team, 5, 3, api_key_id="k1")
    assert lockdown is not None
    await credits.settle(lockdown, 1)  # a lockdown miss costs 1 of the 5 taken
    await credits.settle(lockdown, 1)  # settling twice changes nothing
    page = await credits.reserve(team, 1, 3, api_key_id="k2")
    assert page is not None
    await credits.settle(page, 4)  # a 4-page document: more than taken is still billed
    balance = await credits.balance(team, 3)
    assert (balance.used, balance.granted, balance.remaining) == (5, 10, 8)
    assert await credits.ledger_total(team) == 5
    month = month_of(datetime.now(UTC))[0]
    assert await credits.history(team) == [(month, None, 5)]
    by_key = sorted(await credits.history(team, by_api_key=True), key=lambda r: str(r[1]))
    assert by_key == [(month, "k1", 1), (month, "k2", 4)]
    assert await credits.last_scrape_at(team) is not None


async def test_unlimited_plans_still_keep_the_ledger(engine: AsyncEngine) -> None:
    team = await new_team(engine)
    credits = CreditStore(engine)
    for _ in range(3):
        reservation = await credits.reserve(team, 1, None)
        assert reservation is not None
        await credits.settle(reservation, 1)
    balance = await credits.balance(team, None)
    assert balance.used == 3 and balance.remaining is None


async def test_plans(engine: AsyncEngine) -> None:
    sessions = make_sessionmaker(engine)
    keys = KeyStore(sessions, cache_ttl=0)
    team = await keys.create_team("acme")
    plans = PlanStore(sessions, cache_ttl=0)
    assert (await plans.for_team(team.id)).plan == "default"
    await plans.save(Limits("pro", rate_per_minute=60, max_concurrency=4, monthly_credits=1000))
    await plans.assign("acme", "pro")
    assert await plans.for_team(team.id) == Limits(
        "pro", rate_per_minute=60, max_concurrency=4, queue_limit=100, monthly_credits=1000
    )
    with pytest.raises(PlanError, match="team"):
        await plans.delete("pro")
    with pytest.raises(PlanError, match="no plan"):
        await plans.assign("acme", "gold")
    with pytest.raises(PlanError, match="default"):
        await plans.delete("default")
    listed = {limits.plan: users for limits, users in await plans.list()}
    assert listed == {"default": 0, "pro": 1}


async def test_usage_without_an_allowance_is_recorded_in_batches(engine: AsyncEngine) -> None:
    team = await new_team(engine)
    credits = CreditStore(engine, flush_s=60, flush_lines=1000)
    other_view = CreditStore(engine)
    for cost in (1, 5, 1):
        credits.record(team, cost, api_key_id="k")
    assert await other_view.ledger_total(team) == 0  # still in the writer's buffer
    assert await credits.ledger_total(team) == 7  # a read writes the buffer first
    credits.record(team, 2)
    await credits.close()  # shutdown writes what is left
    assert await other_view.ledger_total(team) == 9
    assert (await other_view.balance(team, None)).used == 9
    small = CreditStore(engine, flush_s=60, flush_lines=3)
    for _ in range(3):
        small.record(team, 1)
    for _ in range(50):  # a full buffer is written at once, not after flush_s
        if await other_view.ledger_total(team) == 12:
            break
        await asyncio.sleep(0.02)
    assert await other_view.ledger_total(team) == 12


async def test_usage_left_at_shutdown_waits_out_a_busy_database(tmp_path: Path) -> None:
    """Another process holds SQLite's write lock past the busy timeout when this one stops:
    the buffered usage is money, so the last flush is tried again, not dropped."""
    path = tmp_path / "busy.db"
    url = f"sqlite+aiosqlite:///{path}"
    await migrate(url)
    engine = make_engine(url, busy_timeout_ms=100)
    try:
        team = await new_team(engine)
        credits = CreditStore(engine, flush_s=60)
        credits.record(team, 3)
        holder = sqlite3.connect(path, timeout=0, check_same_thread=False)
        holder.execute("BEGIN IMMEDIATE")
        asyncio.get_running_loop().call_later(1.0, holder.rollback)
        try:
            await credits.close()
        finally:
            holder.rollback()
            holder.close()
        assert await CreditStore(engine).ledger_total(team) == 3
    finally:
        await engine.dispose()

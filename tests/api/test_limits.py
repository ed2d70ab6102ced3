"""Plans over real HTTP: credits (402, the cost table, the ledger adding up), the rate limit
(429 with Retry-After), the concurrency queue (metadata, bound, timeout), the team endpoints,
and the same through firecrawl-py. Each test makes its own team on its own plan."""

from __future__ import annotations

import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from tests.api.test_cache import new_page, scrape
from tests.conftest import RunningApi
from tests.store.conftest import run_sync
from webdata.store.credits import CreditStore
from webdata.store.db import make_engine, make_sessionmaker
from webdata.store.keys import KeyStore
from webdata.store.plans import Limits, PlanStore


def _db(api: RunningApi) -> str:
    return f"sqlite+aiosqlite:///{(api.data_dir / 'webdata.db').as_posix()}"


def team_on_plan(api: RunningApi, **limits: Any) -> tuple[str, str]:
    """A new team on a new plan with ``limits``; returns (team id, API key)."""
    return team_on_plan_at(_db(api), **limits)


def team_on_plan_at(db_url: str, **limits: Any) -> tuple[str, str]:
    """The same in the database at ``db_url``."""

    async def make() -> tuple[str, str]:
        engine = make_engine(db_url)
        try:
            sessions = make_sessionmaker(engine)
            keys = KeyStore(sessions, cache_ttl=0)
            name = f"team-{secrets.token_hex(4)}"
            team = await keys.create_team(name)
            plans = PlanStore(sessions, cache_ttl=0)
            await plans.save(Limits(plan=f"plan-{name}", **limits))
            await plans.assign(name, f"plan-{name}")
            _, key = await keys.create_key(team.id)
            return team.id, key
        finally:
            await engine.dispose()

    return run_sync(make)


def ledger_total(api: RunningApi, team_id: str) -> int:
    return ledger_total_at(_db(api), team_id)


def ledger_total_at(db_url: str, team_id: str) -> int:
    async def total() -> int:
        engine = make_engine(db_url)
        try:
            return await CreditStore(engine).ledger_total(team_id)
        finally:
            await engine.dispose()

    return run_sync(total)


def test_credits_follow_the_cost_table_and_run_out(api: RunningApi, site_url: str) -> None:
    team, key = team_on_plan(api, monthly_credits=10)
    _, url = new_page(site_url)
    with api.client(key=key) as c:
        assert scrape(c, url)["metadata"]["creditsUsed"] == 1
        bad = c.post("/v2/scrape", json={"url": url, "includeTags": ["div["]})
        assert bad.status_code == 400  # refused: costs nothing
        other = f"{url}-never-cached"
        miss = c.post("/v2/scrape", json={"url": other, "lockdown": True})
        assert miss.status_code == 404  # the lockdown miss is billed 1
        assert scrape(c, url, lockdown=True)["metadata"]["creditsUsed"] == 5
        used = 1 + 1 + 5
        usage = c.get("/v2/team/credit-usage").json()["data"]
        assert (usage["remainingCredits"], usage["planCredits"]) == (10 - used, 10)
        while used < 10:
            assert scrape(c, url, maxAge=0)["metadata"]["creditsUsed"] == 1
            used += 1
        refused = c.post("/v2/scrape", json={"url": url})
        assert refused.status_code == 402
        assert refused.json() == {"error": "Payment Required: Insufficient credits"}
        assert c.get("/v2/team/credit-usage").json()["data"]["remainingCredits"] == 0
    assert ledger_total(api, team) == 10


def test_rate_limit_answers_429_with_retry_after(api: RunningApi, site_url: str) -> None:
    _, key = team_on_plan(api, rate_per_minute=3)
    _, url = new_page(site_url)
    with api.client(key=key) as c:
        for _ in range(3):
            scrape(c, url)
        resp = c.post("/v2/scrape", json={"url": url})
        assert resp.status_code == 429
        assert resp.json() == {"error": "Rate limit exceeded"}
        assert 1 <= int(resp.headers["Retry-After"]) <= 60
    with api.client() as other_team:  # another team's limit is its own
        scrape(other_team, url)


def _concurrent(api: RunningApi, key: str, bodies: list[dict[str, Any]]) -> list[httpx.Response]:
    def one(body: dict[str, Any]) -> httpx.Response:
        with api.client(key=key) as c:
            return c.post("/v2/scrape", json=body)

    def in_line() -> int:
        with api.client(key=key) as c:
            return int(c.get("/v2/team/queue-status").json()["data"]["jobsInQueue"])

    with ThreadPoolExecutor(len(bodies)) as pool:
        futures = []
        for i, body in enumerate(bodies):
            futures.append(pool.submit(one, body))
            # Arrival order is the queue's order: the next one leaves once this one holds a
            # slot or waits for one (or was answered), however slow the machine.
            deadline = time.monotonic() + 20
            while not futures[-1].done() and in_line() < i + 1 and time.monotonic() < deadline:
                time.sleep(0.01)
        return [f.result() for f in futures]


def test_scrapes_over_the_concurrency_limit_wait_their_turn(api: RunningApi, site_url: str) -> None:
    _, key = team_on_plan(api, max_concurrency=1, queue_limit=5)
    bodies = [{"url": f"{new_page(site_url)[1]}?delay=1", "maxAge": 0} for _ in range(3)]
    responses = _concurrent(api, key, bodies)
    metas = [r.json()["data"]["metadata"] for r in responses]
    assert [m["concurrencyLimited"] for m in metas] == [False, True, True]
    assert "concurrencyQueueDurationMs" not in metas[0]
    assert 200 < metas[1]["concurrencyQueueDurationMs"] < metas[2]["concurrencyQueueDurationMs"]


def test_past_the_queue_bound_or_the_timeout_is_429(api: RunningApi, site_url: str) -> None:
    _, key = team_on_plan(api, max_concurrency=1, queue_limit=1)
    slow = [{"url": f"{new_page(site_url)[1]}?delay=1", "maxAge": 0} for _ in range(3)]
    responses = _concurrent(api, key, slow)
    assert [r.status_code for r in responses] == [200, 200, 429]
    assert responses[2].json() == {"error": "Concurrency limit reached"}
    _, key = team_on_plan(api, max_concurrency=1, queue_limit=5)
    hurried = {"url": new_page(site_url)[1], "maxAge": 0, "timeout": 1000}
    longer = {"url": f"{new_page(site_url)[1]}?delay=2", "maxAge": 0}
    first, second = _concurrent(api, key, [longer, hurried])
    assert first.status_code == 200
    assert second.status_code == 429


def test_team_endpoints_through_the_sdk(api: RunningApi, site_url: str) -> None:
    from firecrawl import Firecrawl

    _, key = team_on_plan(api, max_concurrency=3, monthly_credits=50)
    fc = Firecrawl(api_key=key, api_url=api.url, max_retries=1)
    _, url = new_page(site_url)
    fc.scrape(url)
    fc.scrape(url, max_age=0)
    usage = fc.get_credit_usage()
    assert (usage.remaining_credits, usage.plan_credits) == (48, 50)
    assert usage.billing_period_start is not None and usage.billing_period_end is not None
    history = fc.v2.get_credit_usage_historical(by_api_key=True)
    assert [p.creditsUsed for p in history.periods] == [2]
    assert history.periods[0].apiKey and key not in history.periods[0].apiKey
    concurrency = fc.get_concurrency()
    assert (concurrency.concurrency, concurrency.max_concurrency) == (0, 3)
    queue = fc.get_queue_status()
    assert queue.jobs_in_queue == 0 and queue.max_concurrency == 3
    assert queue.most_recent_success is not None
    assert fc.get_token_usage().remaining_tokens > 0
    assert fc.v2.get_token_usage_historical().periods == []


def test_usage_of_a_team_without_an_allowance_is_counted(api: RunningApi, site_url: str) -> None:
    _, key = team_on_plan(api)  # no monthly credits: nothing reserved, usage recorded
    _, url = new_page(site_url)
    with api.client(key=key) as c:
        scrape(c, url)
        scrape(c, url)  # a cache hit costs a credit too
        usage = c.get("/v2/team/credit-usage").json()["data"]
        assert usage["usedCredits"] == 2 and usage["planCredits"] is None
        history = c.get("/v2/team/credit-usage/historical").json()["periods"]
        assert [p["creditsUsed"] for p in history] == [2]

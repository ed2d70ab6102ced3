"""Two API nodes on one PostgreSQL and one Redis enforce one team's limits together: the rate
limit counts in Redis, the credits in the shared ledger. Skipped, loudly, without Redis."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from tests.api.test_cache import new_page, scrape
from tests.api.test_limits import ledger_total_at, team_on_plan_at
from tests.conftest import RunningApi, start_api
from tests.store.conftest import PgAdmin

REDIS = ("127.0.0.1", 6379)


def _redis_url() -> str:
    try:
        socket.create_connection(REDIS, timeout=2).close()
    except OSError as exc:
        pytest.skip(f"!!! Redis at {REDIS[0]}:{REDIS[1]} is unreachable ({exc}): the "
                    "distributed limit tests did NOT run !!!")  # fmt: skip
    return f"redis://{REDIS[0]}:{REDIS[1]}/0"


def test_two_nodes_share_a_team_s_rate_and_credits(
    pg_admin: PgAdmin, tmp_path: Path, site_url: str
) -> None:
    redis_url = _redis_url()
    db = pg_admin.create_database()
    common = {"database_url": db, "redis_url": redis_url}
    for node_a in start_api(tmp_path / "a", **common):
        for node_b in start_api(tmp_path / "b", **common):
            team, key = team_on_plan_at(db, rate_per_minute=5, monthly_credits=100)
            _, url = new_page(site_url)
            statuses = []
            with node_a.client(key=key) as a, node_b.client(key=key) as b:
                for i in range(8):
                    client = a if i % 2 == 0 else b
                    statuses.append(client.post("/v2/scrape", json={"url": url}).status_code)
            assert statuses.count(200) == 5 and statuses.count(429) == 3, statuses
            assert statuses[:5] == [200] * 5
            # Credits: one ledger for both nodes; each success took one credit.
            assert ledger_total_at(db, team) == 5
            _, key = team_on_plan_at(db, monthly_credits=3)
            with node_a.client(key=key) as a, node_b.client(key=key) as b:
                got = [scrape(c, url, maxAge=0)["metadata"]["creditsUsed"] for c in (a, b, a)]
                assert got == [1, 1, 1]
                assert b.post("/v2/scrape", json={"url": url}).status_code == 402


def _slow_scrape(node: RunningApi, key: str, site_url: str) -> dict[str, object]:
    with node.client(key=key) as c:
        body = {"url": f"{new_page(site_url)[1]}?delay=0.5", "maxAge": 0}
        meta: dict[str, object] = scrape(c, **body)["metadata"]
        return meta


def test_two_nodes_share_a_team_s_concurrency_slots(
    pg_admin: PgAdmin, tmp_path: Path, site_url: str
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    common = {"database_url": pg_admin.create_database(), "redis_url": _redis_url()}
    for node_a in start_api(tmp_path / "a", **common):
        for node_b in start_api(tmp_path / "b", **common):
            _, key = team_on_plan_at(common["database_url"], max_concurrency=1)

            with ThreadPoolExecutor(2) as pool:
                first = pool.submit(_slow_scrape, node_a, key, site_url)
                time.sleep(0.1)
                second = pool.submit(_slow_scrape, node_b, key, site_url)
                metas = [first.result(), second.result()]
            assert [m["concurrencyLimited"] for m in metas] == [False, True]
            waited = metas[1]["concurrencyQueueDurationMs"]
            assert isinstance(waited, float) and waited > 250

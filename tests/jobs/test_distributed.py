"""The distributed mode's queue for real: an API node on PostgreSQL and Redis that only
queues, ``webdata worker`` processes that run the items, and a worker killed mid-job whose
items another worker takes over (Redis redelivers them), each page billed once. Skipped,
loudly, without PostgreSQL or Redis."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import time
from pathlib import Path

from tests.api.test_limits import ledger_total_at, team_on_plan_at
from tests.conftest import start_api
from tests.jobs.test_batch_api import group, pages, start, stats, wait_done
from tests.processes import WEBDATA, _kill_if_alive, run
from tests.store.conftest import PgAdmin
from tests.store.test_limits_distributed import _redis_url


def worker(tmp: Path, env: dict[str, str]) -> subprocess.Popen[str]:
    return run("worker", tmp, **env)


def node_env(db: str, redis_url: str, queue: str, **extra: str) -> dict[str, str]:
    """What a worker process needs to share the API node's store and queue."""
    return {
        "WEBDATA_DATABASE_URL": db,
        "WEBDATA_REDIS_URL": redis_url,
        "WEBDATA_QUEUE_NAME": queue,
        "WEBDATA_ALLOW_PRIVATE_NETWORKS": "true",
        "WEBDATA_LOG_LEVEL": "warning",
        **extra,
    }


def wait_for(predicate: object, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_workers_run_the_queue_and_take_over_a_killed_worker_s_items(
    pg_admin: PgAdmin, tmp_path: Path, site_url: str
) -> None:
    redis_url = _redis_url()
    db = pg_admin.create_database()
    queue = f"webdata:test:{secrets.token_hex(4)}"
    common = {"database_url": db, "redis_url": redis_url, "queue_name": queue}
    env = node_env(db, redis_url, queue, WEBDATA_QUEUE_REDELIVER_S="1")
    for api in start_api(tmp_path / "api", **common):
        team, key = team_on_plan_at(db, monthly_credits=100)
        name = group()
        with api.client(key=key) as client:
            job = start(client, urls=pages(site_url, name, 6, delay=1.5))
            # The API node only queues: nothing runs until a worker comes.
            time.sleep(0.5)
            assert client.get(f"/v2/batch/scrape/{job['id']}").json()["completed"] == 0
            first = worker(tmp_path / "w1", env)
            try:
                wait_for(lambda n=name: stats(site_url, n)["most_in_flight"] >= 3)
                first.kill()  # mid-page: none of its items was recorded
                first.wait(10)
                assert client.get(f"/v2/batch/scrape/{job['id']}").json()["completed"] == 0
                second = worker(tmp_path / "w2", env)
                try:
                    status = wait_done(client, job["id"], timeout=60)
                finally:
                    second.send_signal(signal.SIGINT)
                    _, err = second.communicate(timeout=30)
                assert second.returncode == 0, err
            finally:
                _kill_if_alive(first)
        assert (status["status"], status["completed"], len(status["data"])) == ("completed", 6, 6)
        assert sorted(d["metadata"]["sourceURL"] for d in status["data"]) == sorted(
            pages(site_url, name, 6, delay=1.5)
        )
        # The killed worker's pages were fetched again, but each page was billed once.
        hits = stats(site_url, name)["hits"]
        assert sorted(hits) == [str(i) for i in range(6)] and sum(hits.values()) > 6
        assert status["creditsUsed"] == 6
        assert ledger_total_at(db, team) == 6


def test_worker_refuses_to_start_without_redis(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WEBDATA_")}
    env["WEBDATA_DATA_DIR"] = str(tmp_path)
    done = subprocess.run(
        [*WEBDATA, "worker"], capture_output=True, text=True, env=env, timeout=60
    )  # fmt: skip
    assert done.returncode == 2
    assert "WEBDATA_REDIS_URL" in done.stderr


def test_a_stopping_worker_finishes_what_it_runs(
    pg_admin: PgAdmin, tmp_path: Path, site_url: str
) -> None:
    redis_url = _redis_url()
    db = pg_admin.create_database()
    queue = f"webdata:test:{secrets.token_hex(4)}"
    env = node_env(db, redis_url, queue)
    common = {"database_url": db, "redis_url": redis_url, "queue_name": queue}
    for api in start_api(tmp_path / "api", **common):
        name = group()
        with api.client() as client:
            job = start(client, urls=pages(site_url, name, 3, delay=1.5), maxConcurrency=2)
            proc = worker(tmp_path / "w", env)
            try:
                # A worker process starting on a loaded 2-core machine may take a while.
                wait_for(lambda n=name: stats(site_url, n)["most_in_flight"] >= 2, timeout=90)
                proc.send_signal(signal.SIGTERM)
                _, err = proc.communicate(timeout=40)
                assert proc.returncode == 0, err
                # Its counts, as it stopped: both pages done, nothing left running.
                assert "stopped: running 0, done 2, failed 0" in err, err
            finally:
                _kill_if_alive(proc)
            status = client.get(f"/v2/batch/scrape/{job['id']}").json()
        # The two pages under way were finished and recorded before it stopped; the third,
        # let in by them, waits on the queue for the next worker.
        assert (status["status"], status["completed"]) == ("scraping", 2)
        assert stats(site_url, name)["hits"] == {"0": 1, "1": 1}

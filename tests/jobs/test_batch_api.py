"""Batch scrape over real HTTP and through firecrawl-py, on the embedded (in-process) queue:
results, paging, the window (``maxConcurrency``), cancelling, errors, appending, teams kept
apart, credits, and a job that survives a restart of the API."""

from __future__ import annotations

import secrets
import socket
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api.test_limits import ledger_total, team_on_plan
from tests.conftest import RunningApi, other_team_key, start_api


def group() -> str:
    return f"g{secrets.token_hex(4)}"


def pages(site_url: str, name: str, n: int, delay: float = 0) -> list[str]:
    suffix = f"?delay={delay}" if delay else ""
    return [f"{site_url}/jobs/{name}/{i}{suffix}" for i in range(n)]


def stats(site_url: str, name: str) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"{site_url}/jobs/{name}/stats").json()
    return answer


def start(client: httpx.Client, **body: Any) -> dict[str, Any]:
    r = client.post("/v2/batch/scrape", json=body)
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def wait_done(client: httpx.Client, job_id: str, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status: dict[str, Any] = client.get(f"/v2/batch/scrape/{job_id}").json()
        if status["status"] != "scraping":
            return status
        time.sleep(0.1)
    raise AssertionError(f"batch {job_id} did not finish: {status}")


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_batch_through_the_sdk_returns_every_page(api: RunningApi, site_url: str) -> None:
    from firecrawl import Firecrawl

    name = group()
    urls = pages(site_url, name, 5)
    fc = Firecrawl(api_key=api.key, api_url=api.url, max_retries=1)
    job = fc.batch_scrape(urls, formats=["markdown", "links"], poll_interval=1, wait_timeout=60)
    assert job.status == "completed"
    assert (job.completed, job.total, job.credits_used) == (5, 5, 5)
    assert job.expires_at is not None
    got = sorted(doc.metadata.source_url for doc in job.data)
    assert got == sorted(urls)
    for doc in job.data:
        n = doc.metadata.source_url.rsplit("/", 1)[1]
        assert f"page number {n} of the batch" in doc.markdown
        assert doc.links is not None
    assert stats(site_url, name)["hits"] == {str(i): 1 for i in range(5)}


def test_start_answers_with_the_job_and_its_status_url(client: httpx.Client, site_url: str) -> None:
    answer = start(client, urls=pages(site_url, group(), 2))
    assert answer["success"] is True
    assert answer["url"].endswith(f"/v2/batch/scrape/{answer['id']}")
    assert "invalidURLs" not in answer
    status = wait_done(client, answer["id"])
    assert status["status"] == "completed" and len(status["data"]) == 2
    assert "next" not in status
    assert status["expiresAt"].endswith("Z")


def test_invalid_urls_are_skipped_and_listed_or_refused(
    client: httpx.Client, site_url: str
) -> None:
    good = pages(site_url, group(), 1)
    answer = start(client, urls=[*good, "ftp://nope", "not a url"])
    assert answer["invalidURLs"] == ["ftp://nope", "not a url"]
    assert wait_done(client, answer["id"])["total"] == 1
    r = client.post(
        "/v2/batch/scrape", json={"urls": [*good, "ftp://nope"], "ignoreInvalidURLs": False}
    )
    assert r.status_code == 400 and r.json()["error"] == "Invalid URL"
    assert r.json()["details"][0]["url"] == "ftp://nope"
    r = client.post("/v2/batch/scrape", json={"urls": ["javascript:alert(1)"]})
    assert r.status_code == 400 and r.json()["success"] is False


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"timeout": 10}, "timeout"),
        ({"formats": ["nope"]}, "formats"),
        ({"maxConcurrency": 0}, "maxConcurrency"),
        ({"urls": []}, "urls"),
        ({"bogus": 1}, "bogus"),
    ],
)
def test_bad_options_are_refused_before_anything_runs(
    client: httpx.Client, site_url: str, body: dict[str, Any], field: str
) -> None:
    r = client.post("/v2/batch/scrape", json={"urls": pages(site_url, group(), 1), **body})
    assert r.status_code == 400, r.text
    answer = r.json()
    assert answer["success"] is False
    assert any(field in str(d) for d in answer["details"]), answer


def test_bodies_that_are_not_objects_and_webhooks_get_clear_errors(client: httpx.Client) -> None:
    r = client.post("/v2/batch/scrape", content=b"[1, 2]")
    assert r.status_code == 400 and r.json()["success"] is False
    r = client.post("/v2/batch/scrape", content=b"{nope")
    assert r.status_code == 400
    r = client.post(
        "/v2/batch/scrape", json={"urls": ["https://example.com"], "webhook": "https://x.test"}
    )
    assert r.status_code == 501 and r.json()["code"] == "FEATURE_NOT_AVAILABLE"


def test_max_concurrency_bounds_the_pages_in_flight(client: httpx.Client, site_url: str) -> None:
    narrow, wide = group(), group()
    a = start(client, urls=pages(site_url, narrow, 6, delay=0.3), maxConcurrency=2)
    b = start(client, urls=pages(site_url, wide, 6, delay=0.3))
    for job in (a, b):
        assert wait_done(client, job["id"])["completed"] == 6
    assert stats(site_url, narrow)["most_in_flight"] == 2
    assert stats(site_url, wide)["most_in_flight"] > 2


def test_results_are_paged_in_the_order_they_finished(api: RunningApi, site_url: str) -> None:
    from firecrawl import Firecrawl

    with api.client() as client:
        job = start(client, urls=pages(site_url, group(), 5))
        wait_done(client, job["id"])
        first = client.get(f"/v2/batch/scrape/{job['id']}", params={"limit": 2}).json()
        assert len(first["data"]) == 2 and first["next"].endswith("skip=2&limit=2")
        seen = [d["metadata"]["sourceURL"] for d in first["data"]]
        nxt = first["next"]
        while nxt:
            page = client.get(nxt).json()
            seen += [d["metadata"]["sourceURL"] for d in page["data"]]
            nxt = page.get("next")
        assert len(seen) == len(set(seen)) == 5
    # The SDK follows ``next`` by itself.
    fc = Firecrawl(api_key=api.key, api_url=api.url, max_retries=1)
    assert len(fc.get_batch_scrape_status(job["id"]).data) == 5


def test_a_cancelled_batch_stops_and_says_so(api: RunningApi, site_url: str) -> None:
    from firecrawl import Firecrawl

    name = group()
    with api.client() as client:
        job = start(client, urls=pages(site_url, name, 10, delay=0.3), maxConcurrency=1)
        time.sleep(0.45)
        fc = Firecrawl(api_key=api.key, api_url=api.url, max_retries=1)
        assert fc.cancel_batch_scrape(job["id"]) is True
        status = client.get(f"/v2/batch/scrape/{job['id']}").json()
        assert status["status"] == "cancelled"
        time.sleep(0.5)
        assert len(stats(site_url, name)["hits"]) <= 3
        again = client.delete(f"/v2/batch/scrape/{job['id']}")
        assert again.status_code == 409 and again.json()["success"] is False
        done = start(client, urls=pages(site_url, group(), 1))
        wait_done(client, done["id"])
        assert client.delete(f"/v2/batch/scrape/{done['id']}").status_code == 409


def test_failed_pages_are_listed_as_errors_and_cost_nothing(api: RunningApi, site_url: str) -> None:
    from firecrawl import Firecrawl

    team, key = team_on_plan(api, monthly_credits=100)
    dead = f"http://127.0.0.1:{closed_port()}/gone"
    with api.client(key=key) as client:
        job = start(client, urls=[*pages(site_url, group(), 2), dead])
        status = wait_done(client, job["id"])
        assert (status["status"], status["completed"], status["total"]) == ("completed", 3, 3)
        assert len(status["data"]) == 2 and status["creditsUsed"] == 2
        errors = client.get(f"/v2/batch/scrape/{job['id']}/errors").json()
    assert [e["url"] for e in errors["errors"]] == [dead]
    assert errors["errors"][0]["error"] and errors["robotsBlocked"] == []
    fc = Firecrawl(api_key=key, api_url=api.url, max_retries=1)
    assert [e.url for e in fc.get_batch_scrape_errors(job["id"]).errors] == [dead]
    assert ledger_total(api, team) == 2


def test_a_batch_beyond_the_team_s_credits_is_refused(api: RunningApi, site_url: str) -> None:
    _, key = team_on_plan(api, monthly_credits=3)
    with api.client(key=key) as client:
        r = client.post("/v2/batch/scrape", json={"urls": pages(site_url, group(), 4)})
        assert r.status_code == 402 and r.json() == {
            "error": "Payment Required: Insufficient credits"
        }
        assert (
            wait_done(client, start(client, urls=pages(site_url, group(), 3))["id"])["creditsUsed"]
            == 3
        )


def test_append_to_a_running_batch(client: httpx.Client, site_url: str) -> None:
    name = group()
    urls = pages(site_url, name, 4, delay=0.2)
    job = start(client, urls=urls[:2], maxConcurrency=1)
    again = start(client, urls=urls[2:], appendToId=job["id"])
    assert again["id"] == job["id"]
    status = wait_done(client, job["id"])
    assert (status["total"], len(status["data"])) == (4, 4)
    r = client.post(
        "/v2/batch/scrape",
        json={"urls": urls[:1], "appendToId": "00000000-0000-4000-8000-000000000000"},
    )
    assert r.status_code == 404


def test_other_teams_never_see_a_batch(api: RunningApi, site_url: str) -> None:
    with api.client() as mine:
        job = start(mine, urls=pages(site_url, group(), 1))
    with api.client(key=other_team_key(api)) as theirs:
        for method, path in [
            ("GET", f"/v2/batch/scrape/{job['id']}"),
            ("DELETE", f"/v2/batch/scrape/{job['id']}"),
            ("GET", f"/v2/batch/scrape/{job['id']}/errors"),
        ]:
            r = theirs.request(method, path)
            assert r.status_code == 404 and r.json()["success"] is False
        r = theirs.post(
            "/v2/batch/scrape", json={"urls": ["https://x.test"], "appendToId": job["id"]}
        )
        assert r.status_code == 404
        assert theirs.get("/v2/batch/scrape/not-a-uuid").status_code == 400


def test_a_batch_survives_a_restart_of_the_api(tmp_path: Path, site_url: str) -> None:
    name = group()
    urls = pages(site_url, name, 6, delay=0.3)
    for api in start_api(tmp_path):
        with api.client() as client:
            job = start(client, urls=urls, maxConcurrency=1)
            time.sleep(0.5)
    # The first server is gone, mid-job; the next one on the same store takes it up.
    for api in start_api(tmp_path):
        with api.client() as client:
            status = wait_done(client, job["id"])
    assert (status["status"], len(status["data"])) == ("completed", 6)
    assert sorted(stats(site_url, name)["hits"]) == [str(i) for i in range(6)]


def test_queue_status_counts_the_pages_a_batch_has_waiting(api: RunningApi, site_url: str) -> None:
    from firecrawl import Firecrawl

    _, key = team_on_plan(api)
    with api.client(key=key) as client:
        job = start(client, urls=pages(site_url, group(), 4, delay=0.5), maxConcurrency=1)
        time.sleep(0.2)
        fc = Firecrawl(api_key=key, api_url=api.url, max_retries=1)
        status = fc.get_queue_status()
        assert status.active_jobs_in_queue == 1
        assert status.waiting_jobs_in_queue == 3
        assert status.jobs_in_queue == 4
        wait_done(client, job["id"])
        assert fc.get_queue_status().jobs_in_queue == 0

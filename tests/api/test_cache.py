"""The cache over real HTTP: every age rule and code (with a clock the test moves), what is kept
and what never is, teams kept apart, identical scrapes coalesced, zero data retention.

Pages are ``/changing/<name>`` of the fixture site, which count their visits: a hit is a
response whose page was not fetched again.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api.test_errors import assert_error
from tests.conftest import MovableClock, RunningApi, other_team_key, start_api
from tests.store.conftest import run_sync
from webdata.scrape.cache_policy import url_hash
from webdata.store.cache import CacheStore
from webdata.store.db import make_engine


@pytest.fixture()
def cc(clocked_api: RunningApi) -> Iterator[httpx.Client]:
    with clocked_api.client() as c:
        yield c


def new_page(site_url: str) -> tuple[str, str]:
    name = secrets.token_hex(6)
    return name, f"{site_url}/changing/{name}"


def visits(site_url: str, name: str) -> int:
    return int(httpx.get(f"{site_url}/changing/{name}/hits").json()["hits"])


def set_page(site_url: str, name: str, text: str, status: int = 200) -> None:
    httpx.post(f"{site_url}/changing/{name}/set", json={"status": status, "text": text})


def scrape(c: httpx.Client, url: str, **options: Any) -> dict[str, Any]:
    resp = c.post("/v2/scrape", json={"url": url, **options})
    assert resp.status_code == 200, resp.text
    return dict(resp.json()["data"])


def cache_rows(api: RunningApi, url: str) -> int:
    async def count() -> int:
        engine = make_engine(f"sqlite+aiosqlite:///{(api.data_dir / 'webdata.db').as_posix()}")
        try:
            return await CacheStore(engine).count(url_hash(url))
        finally:
            await engine.dispose()

    return run_sync(count)


def iso_ms(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def test_a_second_scrape_is_served_from_the_cache(
    cc: httpx.Client, site_url: str, clock: MovableClock
) -> None:
    name, url = new_page(site_url)
    first = scrape(cc, url)
    stored_at = clock.now
    assert first["metadata"]["cacheState"] == "miss"
    assert "cachedAt" not in first["metadata"]
    clock.advance(minutes=5)
    second = scrape(cc, url)
    assert visits(site_url, name) == 1
    meta = second["metadata"]
    assert meta["cacheState"] == "hit"
    assert meta["cachedAt"] == iso_ms(stored_at)
    assert second["markdown"] == first["markdown"]
    assert meta["scrapeId"] != first["metadata"]["scrapeId"]
    assert meta["statusCode"] == 200 and meta["title"] == first["metadata"]["title"]
    # An equivalent URL (fragment, scheme case, query order) is the same entry.
    same = scrape(cc, f"HTTP{url.removeprefix('http')}#top")
    assert same["metadata"]["cacheState"] == "hit"
    assert same["metadata"]["sourceURL"] == f"HTTP{url.removeprefix('http')}#top"
    assert scrape(cc, f"{url}?b=2&a=1")["metadata"]["cacheState"] == "miss"
    assert scrape(cc, f"{url}?a=1&b=2")["metadata"]["cacheState"] == "hit"
    assert visits(site_url, name) == 2


def test_max_age_default_two_days_zero_and_explicit(
    cc: httpx.Client, site_url: str, clock: MovableClock
) -> None:
    name, url = new_page(site_url)
    scrape(cc, url)
    clock.advance(days=1, hours=23)
    assert scrape(cc, url)["metadata"]["cacheState"] == "hit"
    clock.advance(hours=1, seconds=1)  # now older than the default 2 days
    assert scrape(cc, url)["metadata"]["cacheState"] == "miss"
    assert visits(site_url, name) == 2
    # maxAge 0 always fetches (and stores the fresh copy).
    assert scrape(cc, url, maxAge=0)["metadata"]["cacheState"] == "miss"
    assert visits(site_url, name) == 3
    clock.advance(minutes=30)
    assert scrape(cc, url, maxAge=3_600_000)["metadata"]["cacheState"] == "hit"
    assert scrape(cc, url, maxAge=1_800_000)["metadata"]["cacheState"] == "miss"
    assert visits(site_url, name) == 4


def test_min_age_only_consults_the_cache(
    cc: httpx.Client, site_url: str, clock: MovableClock
) -> None:
    name, url = new_page(site_url)
    body = assert_error(cc.post("/v2/scrape", json={"url": url, "minAge": 1}), 404)
    assert body["code"] == "SCRAPE_NO_CACHED_DATA"
    assert visits(site_url, name) == 0
    scrape(cc, url)
    # 1 accepts any age; a larger minAge wants an older copy than the one there.
    assert scrape(cc, url, minAge=1)["metadata"]["cacheState"] == "hit"
    body = assert_error(cc.post("/v2/scrape", json={"url": url, "minAge": 3_600_000}), 404)
    assert body["code"] == "SCRAPE_NO_CACHED_DATA"
    clock.advance(days=10)  # past the default maxAge: minAge alone sets no upper bound
    hit = scrape(cc, url, minAge=3_600_000)
    assert hit["metadata"]["cacheState"] == "hit"
    assert visits(site_url, name) == 1


def test_lockdown_never_contacts_the_target(
    cc: httpx.Client, site_url: str, clock: MovableClock
) -> None:
    name, url = new_page(site_url)
    body = assert_error(cc.post("/v2/scrape", json={"url": url, "lockdown": True}), 404)
    assert body["code"] == "SCRAPE_LOCKDOWN_CACHE_MISS"
    assert visits(site_url, name) == 0
    scrape(cc, url)
    clock.advance(days=20)  # too old for the 2-day default, young for lockdown's 2 years
    hit = scrape(cc, url, lockdown=True)
    assert hit["metadata"]["cacheState"] == "hit"
    assert hit["metadata"]["creditsUsed"] == 5
    # Another output is another entry: a miss, still without touching the target.
    other = cc.post("/v2/scrape", json={"url": url, "lockdown": True, "formats": ["html"]})
    assert assert_error(other, 404)["code"] == "SCRAPE_LOCKDOWN_CACHE_MISS"
    assert visits(site_url, name) == 1
    # Entries are kept 30 days (the retention setting), lockdown or not.
    clock.advance(days=11)
    gone = cc.post("/v2/scrape", json={"url": url, "lockdown": True})
    assert assert_error(gone, 404)["code"] == "SCRAPE_LOCKDOWN_CACHE_MISS"


def test_every_output_option_is_part_of_the_key(cc: httpx.Client, site_url: str) -> None:
    name, url = new_page(site_url)
    scrape(cc, url, formats=["markdown", "links"])
    assert scrape(cc, url, formats=["links", "markdown"])["metadata"]["cacheState"] == "hit"
    whole = scrape(cc, url, formats=["markdown", "links"], onlyMainContent=False)
    assert whole["metadata"]["cacheState"] == "miss"
    assert "Home" in whole["markdown"]
    excluded = scrape(cc, url, formats=["markdown", "links"], excludeTags=["h1"])
    assert excluded["metadata"]["cacheState"] == "miss"
    assert visits(site_url, name) == 3
    # Limits and labels are not: a different timeout still hits.
    hit = scrape(cc, url, formats=["markdown", "links"], timeout=30_000, origin="tests")
    assert hit["metadata"]["cacheState"] == "hit"


def test_store_in_cache_false_and_sensitive_options_keep_nothing(
    clocked_api: RunningApi, cc: httpx.Client, site_url: str
) -> None:
    name, url = new_page(site_url)
    assert scrape(cc, url, storeInCache=False)["metadata"]["cacheState"] == "miss"
    assert assert_error(cc.post("/v2/scrape", json={"url": url, "minAge": 1}), 404)
    # Headers carry credentials: not stored, and a stored plain copy is not served either.
    scrape(cc, url, headers={"Cookie": "session=secret"})
    assert cache_rows(clocked_api, url) == 0
    scrape(cc, url)
    assert cache_rows(clocked_api, url) == 1
    with_headers = scrape(cc, url, headers={"Cookie": "session=secret"})
    assert with_headers["metadata"]["cacheState"] == "miss"
    assert visits(site_url, name) == 4


def test_zero_data_retention_stores_nothing(
    clocked_api: RunningApi, cc: httpx.Client, site_url: str
) -> None:
    name, url = new_page(site_url)
    doc = scrape(cc, url, zeroDataRetention=True)
    assert doc["metadata"]["cacheState"] == "miss"
    assert cache_rows(clocked_api, url) == 0
    assert_error(cc.post("/v2/scrape", json={"url": url, "minAge": 1}), 404)
    assert visits(site_url, name) == 1


def test_teams_never_see_each_others_entries(
    clocked_api: RunningApi, cc: httpx.Client, site_url: str
) -> None:
    name, url = new_page(site_url)
    scrape(cc, url)
    with clocked_api.client(key=other_team_key(clocked_api)) as other:
        body = assert_error(other.post("/v2/scrape", json={"url": url, "minAge": 1}), 404)
        assert body["code"] == "SCRAPE_NO_CACHED_DATA"
        assert scrape(other, url)["metadata"]["cacheState"] == "miss"
    assert visits(site_url, name) == 2
    assert cache_rows(clocked_api, url) == 2


def test_identical_concurrent_scrapes_fetch_the_page_once(
    clocked_api: RunningApi, cc: httpx.Client, site_url: str
) -> None:
    name, url = new_page(site_url)
    slow = f"{url}?delay=0.5"

    def one(_: int) -> dict[str, Any]:
        with clocked_api.client() as c:
            return scrape(c, slow)

    with ThreadPoolExecutor(8) as pool:
        docs = list(pool.map(one, range(8)))
    assert visits(site_url, name) == 1
    states = sorted(d["metadata"]["cacheState"] for d in docs)
    assert states == ["hit"] * 7 + ["miss"]
    assert len({d["markdown"] for d in docs}) == 1
    assert cache_rows(clocked_api, slow) == 1


def test_failed_and_missing_pages_are_not_cached(cc: httpx.Client, site_url: str) -> None:
    name, url = new_page(site_url)
    set_page(site_url, name, "Temporarily down.", status=503)
    for _ in range(2):
        doc = scrape(cc, url)
        assert doc["metadata"]["statusCode"] == 503
        assert doc["metadata"]["cacheState"] == "miss"
    set_page(site_url, name, "Not here.", status=404)
    scrape(cc, url)
    assert scrape(cc, url)["metadata"]["cacheState"] == "miss"
    assert visits(site_url, name) == 4


def test_sdk_sees_cache_state_and_cache_only_errors(clocked_api: RunningApi, site_url: str) -> None:
    from firecrawl import Firecrawl

    fc = Firecrawl(api_key=clocked_api.key, api_url=clocked_api.url, max_retries=1)
    name, url = new_page(site_url)
    with pytest.raises(Exception, match="SCRAPE_LOCKDOWN_CACHE_MISS"):
        fc.scrape(url, lockdown=True)
    first = fc.scrape(url, formats=["markdown"], max_age=60_000)
    second = fc.scrape(url, formats=["markdown"], max_age=60_000)
    assert first.metadata is not None and first.metadata.cache_state == "miss"
    assert second.metadata is not None and second.metadata.cache_state == "hit"
    assert second.metadata.cached_at is not None
    fresh = fc.scrape(url, formats=["markdown"], store_in_cache=False, max_age=0)
    assert fresh.metadata is not None and fresh.metadata.cache_state == "miss"
    assert visits(site_url, name) == 2


def test_cache_can_be_turned_off(tmp_path: Path, site_url: str) -> None:
    for api in start_api(tmp_path, cache_enabled=False):
        name, url = new_page(site_url)
        with api.client() as c:
            scrape(c, url)
            assert scrape(c, url)["metadata"]["cacheState"] == "miss"
            body = assert_error(c.post("/v2/scrape", json={"url": url, "minAge": 1}), 404)
            assert body["code"] == "SCRAPE_NO_CACHED_DATA"
        assert visits(site_url, name) == 2


def test_shared_index_serves_every_team(tmp_path: Path, site_url: str) -> None:
    for api in start_api(tmp_path, cache_shared=True):
        name, url = new_page(site_url)
        with api.client() as c:
            scrape(c, url)
        with api.client(key=other_team_key(api)) as other:
            assert scrape(other, url, minAge=1)["metadata"]["cacheState"] == "hit"
            # Scrapes with the caller's credentials are still never shared (nor stored).
            private = scrape(other, url, headers={"Authorization": "Bearer x"})
            assert private["metadata"]["cacheState"] == "miss"
        assert visits(site_url, name) == 2


def test_identical_scrapes_of_two_teams_do_not_wait_for_each_other(
    clocked_api: RunningApi, site_url: str
) -> None:
    import time

    name, url = new_page(site_url)
    keys = [clocked_api.key, other_team_key(clocked_api)]

    def one(key: str) -> dict[str, Any]:
        with clocked_api.client(key=key) as c:
            return scrape(c, f"{url}?delay=1")

    started = time.monotonic()
    with ThreadPoolExecutor(2) as pool:
        docs = list(pool.map(one, keys))
    assert time.monotonic() - started < 1.8, "one team's scrape waited for the other's"
    assert [d["metadata"]["cacheState"] for d in docs] == ["miss", "miss"]
    assert visits(site_url, name) == 2

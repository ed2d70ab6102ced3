"""A cached screenshot: the hit carries a new link to the same file, valid as long as the file
is kept; the entry stops being served before the file's 24 hours are over."""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlsplit

import httpx

from tests.api.test_cache import new_page, scrape, visits
from tests.conftest import MovableClock, RunningApi


def expires_in(link: str) -> float:
    return int(parse_qs(urlsplit(link).query)["exp"][0]) - time.time()


def test_cached_screenshot_links_live_as_long_as_the_file(
    clocked_api: RunningApi, site_url: str, clock: MovableClock
) -> None:
    name, url = new_page(site_url)
    with clocked_api.client() as c:
        first = scrape(c, url, formats=["markdown", "screenshot"])
        assert expires_in(first["screenshot"]) > 23.9 * 3600
        clock.advance(hours=20)
        hit = scrape(c, url, formats=["markdown", "screenshot"])
        assert hit["metadata"]["cacheState"] == "hit"
        assert hit["screenshot"] != first["screenshot"]
        assert urlsplit(hit["screenshot"]).path == urlsplit(first["screenshot"]).path
        assert 3.9 * 3600 < expires_in(hit["screenshot"]) <= 4 * 3600 + 5
        image = httpx.get(hit["screenshot"], timeout=10)
        assert image.status_code == 200 and image.content[:4] == b"\x89PNG"
        clock.advance(hours=3, minutes=56)  # inside the last 5 minutes of the file's life
        late = scrape(c, url, formats=["markdown", "screenshot"])
        assert late["metadata"]["cacheState"] == "miss"
        assert expires_in(late["screenshot"]) > 23.9 * 3600
    assert visits(site_url, name) == 2

"""Hostile HTML scraped over real HTTP: the answer comes back, quickly, with the page's text."""

from __future__ import annotations

import time

import httpx

from tests.site.pages_hostile import CONTROL_TEXT, DEEP_TEXT


def test_100000_nested_divs_scrape_in_seconds(client: httpx.Client, site_url: str) -> None:
    # Unguarded, lexbor alone needs about 20 s for this page (quadratic in depth) and the
    # content stage minutes more; flattened past the depth cap it is a normal page.
    started = time.perf_counter()
    resp = client.post(
        "/v2/scrape",
        json={"url": f"{site_url}/hostile/deep-nesting?levels=100000", "formats": ["markdown"]},
        timeout=120,
    )
    elapsed = time.perf_counter() - started
    assert resp.status_code == 200, resp.text
    data = resp.json()["data"]
    markdown = data["markdown"]
    assert "quarter-way marker" in markdown
    assert "half-way marker" in markdown
    assert DEEP_TEXT in markdown
    assert "flattened" in (data.get("warning") or "")
    assert elapsed < 5, f"took {elapsed:.1f} s"


def test_control_bytes_are_dropped_not_a_server_error(client: httpx.Client, site_url: str) -> None:
    resp = client.post(
        "/v2/scrape",
        json={"url": f"{site_url}/hostile/control-bytes", "formats": ["markdown", "html"]},
    )
    assert resp.status_code == 200, resp.text
    data = resp.json()["data"]
    assert CONTROL_TEXT in data["markdown"]
    assert not any("\x00" <= ch < " " and ch not in "\t\n\r" for ch in data["markdown"])

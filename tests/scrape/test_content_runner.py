"""The content stage gives the same result in a worker process as inline, and leaves no process."""

from __future__ import annotations

import multiprocessing

import httpx
import psutil

from tests.site.pages_articles import ARTICLE, LONG_READ
from webdata.content.pipeline import ContentOptions, process_html
from webdata.scrape.content_runner import ContentRunner

OPTIONS = ContentOptions(want_html=True, want_links=True, want_images=True)


async def test_pool_and_inline_agree_and_workers_go_away() -> None:
    runner = ContentRunner(workers=2, inline_below=32 * 1024)
    await runner.start()
    workers = set(runner._pool._processes) if runner._pool else set()  # type: ignore[attr-defined]
    assert len(workers) == 2, "the pool did not start its workers"
    try:
        pooled = await runner.process_html(LONG_READ, "http://site.test/long", OPTIONS)
        small = await runner.process_html(ARTICLE, "http://site.test/a", OPTIONS)
    finally:
        await runner.close()
    assert pooled == process_html(LONG_READ, "http://site.test/long", OPTIONS)
    assert small == process_html(ARTICLE, "http://site.test/a", OPTIONS)
    for proc in multiprocessing.active_children():
        proc.join(timeout=5)
    alive = [p for p in psutil.Process().children(recursive=True) if p.pid in workers]
    assert not [p for p in alive if p.status() != psutil.STATUS_ZOMBIE], alive


async def test_selector_errors_cross_the_process_boundary() -> None:
    runner = ContentRunner(workers=1, inline_below=0)
    await runner.start()
    try:
        try:
            await runner.process_html(LONG_READ, "http://x/", ContentOptions(include_tags=("[[",)))
        except ValueError as exc:
            assert "[[" in str(exc)
        else:
            raise AssertionError("an invalid selector passed")
    finally:
        await runner.close()


def test_large_page_through_the_api(client: httpx.Client, site_url: str) -> None:
    resp = client.post("/v2/scrape", json={"url": f"{site_url}/articles/long"})
    assert resp.status_code == 200
    md = resp.json()["data"]["markdown"]
    assert md.startswith("# The Long Read") and "## Chapter 3" in md
    assert "Section 12" not in md  # the nav of the long read is not content

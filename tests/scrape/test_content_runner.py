"""The content stage gives the same result in a worker process as inline, and leaves no process."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import subprocess
import sys
import time

import httpx
import psutil
import pytest

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


def _spin(seconds: float) -> float:
    """A stuck content task: busy for ``seconds`` (pure CPU, like a pathological page)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass
    return seconds


async def test_a_task_that_overruns_its_request_gets_its_worker_replaced() -> None:
    runner = ContentRunner(workers=1, inline_below=0, overrun_grace_s=0.3)
    await runner.start()
    try:
        stuck = runner.worker_pids()
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(0.3):
                await runner.run(_spin, 60.0)
        await asyncio.wait_for(runner.checked(), 15)
        assert runner.recycles == 1, "the stuck worker was never replaced"
        assert runner.worker_pids().isdisjoint(stuck)
        for pid in stuck:  # killed, not left spinning
            with contextlib.suppress(psutil.NoSuchProcess):
                psutil.Process(pid).wait(timeout=5)
            assert _zombie(pid)
        started = time.monotonic()
        assert await runner.run(pow, 2, 10) == 1024  # the new pool answers at once
        assert time.monotonic() - started < 2
    finally:
        await runner.close()


async def test_other_tasks_caught_in_a_replaced_pool_run_again() -> None:
    runner = ContentRunner(workers=2, inline_below=0, overrun_grace_s=0.2)
    await runner.start()
    try:
        innocent = asyncio.create_task(runner.run(_spin, 1.0))
        await asyncio.sleep(0.1)
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(0.2):
                await runner.run(_spin, 60.0)
        assert await innocent == 1.0  # lost its worker with the old pool, ran again
    finally:
        await runner.close()


_ORPHAN_SCRIPT = """
import asyncio, sys
from webdata.scrape.content_runner import ContentRunner

async def main():
    runner = ContentRunner(workers=2, inline_below=0)
    await runner.start()
    print(" ".join(str(p) for p in runner.worker_pids()), flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


def test_workers_die_when_the_api_process_is_killed() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", _ORPHAN_SCRIPT], stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        pids = [int(p) for p in proc.stdout.readline().split()]
        assert len(pids) == 2
        proc.kill()  # SIGKILL: no clean shutdown runs
        proc.wait(timeout=10)
        deadline = time.monotonic() + 15
        alive = pids
        while alive and time.monotonic() < deadline:
            alive = [p for p in pids if psutil.pid_exists(p) and not _zombie(p)]
            time.sleep(0.1)
        assert not alive, f"workers {alive} outlived the killed parent"
    finally:
        if proc.poll() is None:
            proc.kill()


def _zombie(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True

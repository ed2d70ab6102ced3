"""Where the CPU-bound content stage runs: in the API process for small pages, else in a pool
of worker processes, so one API process uses every core and its event loop stays responsive.

The content functions are pure (str in, dataclass out), so moving them costs one pickle each
way and nothing else.

Two guards keep the pool healthy:

* a task whose caller gave up (the request's ``timeout`` passed) and that still runs after
  ``overrun_grace_s`` is a pathological page holding a worker: the pool is replaced and the old
  workers killed; tasks of other requests caught in the old pool run again on the new one;
* workers die with the API process: each watches it (a pidfd, or polling where there is
  none) and exits when it is gone, even when it was SIGKILLed; the forkserver then exits too
  (it lives while any worker holds its pipe), so nothing is left orphaned. ``PR_SET_PDEATHSIG``
  would not do: a worker's parent is the forkserver, which outlives a killed API process.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import select
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import structlog

from webdata.content.pipeline import ContentOptions, ContentResult, process_html

log = structlog.get_logger("webdata.content")

T = TypeVar("T")

_PRELOAD = ["webdata.content.pipeline"]
_POLL_PARENT_S = 1.0


def _wait_for_exit(pid: int) -> None:
    try:
        fd = os.pidfd_open(pid)
    except (OSError, AttributeError):
        while True:  # no pidfd (old kernel): poll
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            except PermissionError:
                pass
            time.sleep(_POLL_PARENT_S)
    select.select([fd], [], [])  # readable once the process has exited


def _die_with(api_pid: int) -> None:
    """Worker initializer: exit as soon as the API process ``api_pid`` is gone."""

    def watch() -> None:
        _wait_for_exit(api_pid)
        os._exit(1)

    threading.Thread(target=watch, name="webdata-api-watch", daemon=True).start()


def _warm(seconds: float) -> int:
    time.sleep(seconds)  # hold the worker so each warm-up call lands on a different one
    return 0


class ContentRunner:
    def __init__(self, workers: int, inline_below: int, *, overrun_grace_s: float = 2.0) -> None:
        self.workers = workers
        self.inline_below = inline_below
        self.overrun_grace_s = overrun_grace_s
        self.recycles = 0
        self._pool: ProcessPoolExecutor | None = None
        self._watchers: set[asyncio.Task[None]] = set()
        self._replacing = asyncio.Lock()

    async def start(self) -> None:
        if self.workers <= 0:
            return
        self._pool = await self._new_pool()

    async def _new_pool(self) -> ProcessPoolExecutor:
        # forkserver: workers fork from a clean server that already imported the pipeline,
        # not from this multi-threaded process.
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(_PRELOAD)
        pool = ProcessPoolExecutor(
            self.workers, mp_context=ctx, initializer=_die_with, initargs=(os.getpid(),)
        )
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(pool, _warm, 0.05) for _ in range(self.workers))
        )
        return pool

    async def close(self) -> None:
        for watcher in list(self._watchers):
            watcher.cancel()
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)

    async def checked(self) -> None:
        """Wait until the pending overrun checks are done (the pool replaced if needed)."""
        await asyncio.gather(*self._watchers, return_exceptions=True)

    def worker_pids(self) -> set[int]:
        pool = self._pool
        processes = getattr(pool, "_processes", None) or {}
        return set(processes)

    async def process_html(self, html: str, url: str, options: ContentOptions) -> ContentResult:
        if self._pool is None or len(html) < self.inline_below:
            return process_html(html, url, options)
        return await self.run(process_html, html, url, options)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker (``fn`` and its arguments picklable), inline without pool."""
        pool = self._pool
        if pool is None:
            return fn(*args)
        try:
            job = pool.submit(fn, *args)
        except BrokenProcessPool:
            return await self._again(pool, fn, *args)
        try:
            return await asyncio.wrap_future(job)
        except asyncio.CancelledError:
            if not job.done():
                self._watch(pool, job)
            raise
        except BrokenProcessPool:
            return await self._again(pool, fn, *args)

    async def _again(self, broken: ProcessPoolExecutor, fn: Callable[..., T], *args: Any) -> T:
        """Once more on the pool that replaced ``broken`` (or inline if there is none)."""
        await self._replace(broken)
        pool = self._pool
        if pool is None or pool is broken:
            return fn(*args)
        return await asyncio.wrap_future(pool.submit(fn, *args))

    def _watch(self, pool: ProcessPoolExecutor, job: Future[Any]) -> None:
        async def watch() -> None:
            waited = asyncio.wrap_future(job)
            # Its outcome belongs to the caller who gave up; read it so none is reported lost.
            waited.add_done_callback(lambda f: f.cancelled() or f.exception())
            await asyncio.wait({waited}, timeout=self.overrun_grace_s)
            if not job.done():
                log.warning("content task overran its request; replacing the worker pool")
                await self._replace(pool)

        task = asyncio.create_task(watch())
        self._watchers.add(task)
        task.add_done_callback(self._watchers.discard)

    async def _replace(self, old: ProcessPoolExecutor) -> None:
        """Swap in a fresh pool, then kill the old one's workers (they may be stuck).

        Once per broken pool: callers that find it already replaced do nothing.
        """
        async with self._replacing:
            if self._pool is not old:
                return
            self._pool = await self._new_pool()
            self.recycles += 1
        processes = list((getattr(old, "_processes", None) or {}).values())
        for process in processes:
            with contextlib.suppress(Exception):
                process.kill()
        await asyncio.to_thread(old.shutdown, True, cancel_futures=True)

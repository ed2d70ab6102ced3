"""Where the CPU-bound content stage runs: in the API process for small pages, else in a pool
of worker processes, so one API process uses every core and its event loop stays responsive.

The content functions are pure (str in, dataclass out), so moving them costs one pickle each
way and nothing else.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor

from webdata.content.pipeline import ContentOptions, ContentResult, process_html

_PRELOAD = ["webdata.content.pipeline"]


def _warm(seconds: float) -> int:
    time.sleep(seconds)  # hold the worker so each warm-up call lands on a different one
    return 0


class ContentRunner:
    def __init__(self, workers: int, inline_below: int) -> None:
        self.workers = workers
        self.inline_below = inline_below
        self._pool: ProcessPoolExecutor | None = None

    async def start(self) -> None:
        if self.workers <= 0:
            return
        # forkserver: workers fork from a clean server that already imported the pipeline,
        # not from this multi-threaded process.
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(_PRELOAD)
        self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx)
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(self._pool, _warm, 0.05) for _ in range(self.workers))
        )

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)

    async def process_html(self, html: str, url: str, options: ContentOptions) -> ContentResult:
        if self._pool is None or len(html) < self.inline_below:
            return process_html(html, url, options)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, process_html, html, url, options)

"""What the LLM formats cost outside the model call, and how fast highlights are.

The model is the local OpenAI-compatible test server (``tests/llm_server.py``) answering
instantly, so the difference between a markdown scrape and a summary / json scrape of the
same page is webdata's own work around the model: budgeting, fencing, the HTTP round trip
to the server, validation. Highlights need no model and are timed in process on the ~100 KB
fixture article.

    .venv/bin/python benchmarks/llm_overhead.py [--n 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.procs import KEY, free_port, start_api, start_asgi, wait_up

VARIANTS: dict[str, dict[str, Any]] = {
    "markdown": {"formats": ["markdown"]},
    "summary": {"formats": ["markdown", "summary"]},
    "json": {
        "formats": [
            "markdown",
            {"type": "json", "schema": {"type": "object", "properties": {"a": {"type": "string"}}}},
        ]
    },
    "highlights": {"formats": ["markdown", {"type": "highlights", "query": "tomato water"}]},
}


async def timed(api: str, url: str, body: dict[str, Any], n: int) -> list[float]:
    out = []
    async with aiohttp.ClientSession(headers={"Authorization": f"Bearer {KEY}"}) as session:
        for _ in range(n):
            started = time.perf_counter()
            async with session.post(
                f"{api}/v2/scrape", json={"url": url, "maxAge": 0, **body}
            ) as r:
                assert r.status == 200, await r.text()
                await r.read()
            out.append((time.perf_counter() - started) * 1000)
    return out


def highlights_ms(site: str) -> float:
    import urllib.request

    from webdata.content.pipeline import ContentOptions, process_html
    from webdata.extract.highlights import highlights

    html = urllib.request.urlopen(f"{site}/articles/long").read().decode()
    markdown = process_html(html, f"{site}/articles/long", ContentOptions()).markdown or ""
    runs = []
    for _ in range(50):
        started = time.perf_counter()
        highlights(markdown, "how often should tomatoes be watered")
        runs.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(runs), 2)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=200)
    args = parser.parse_args()
    site_port, llm_port, api_port = free_port(), free_port(), free_port()
    site, api = f"http://127.0.0.1:{site_port}", f"http://127.0.0.1:{api_port}"
    with tempfile.TemporaryDirectory() as data_dir:
        procs = [start_asgi("tests.site.app:app", site_port)]
        procs.append(start_asgi("tests.llm_server:app", llm_port))
        env = {
            "WEBDATA_LLM_BASE_URL": f"http://127.0.0.1:{llm_port}/v1",
            "WEBDATA_LLM_MODEL": "bench",
            "WEBDATA_CACHE_ENABLED": "false",
        }
        try:
            wait_up(f"{site}/articles/tomatoes", procs[0])
            procs.append(start_api(api_port, data_dir, **env))
            wait_up(f"{api}/health", procs[-1])
            url = f"{site}/articles/tomatoes"
            results: dict[str, Any] = {}
            for body in VARIANTS.values():  # warm-up; then interleaved rounds (noisy machine)
                asyncio.run(timed(api, url, body, 10))
            samples: dict[str, list[float]] = {name: [] for name in VARIANTS}
            for _ in range(5):
                for name, body in VARIANTS.items():
                    samples[name] += asyncio.run(timed(api, url, body, args.n // 5))
            base = statistics.median(samples["markdown"])
            for name, runs in samples.items():
                p50 = statistics.median(runs)
                results[name] = {"p50_ms": round(p50, 2), "over_markdown_ms": round(p50 - base, 2)}
            results["highlights_in_process_ms_100kb_page"] = highlights_ms(site)
        finally:
            for proc in reversed(procs):
                proc.terminate()
                proc.wait(timeout=30)
    print(
        json.dumps(
            {
                "date": time.strftime("%Y-%m-%d %H:%M"),
                "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
                f"Python {platform.python_version()}",
                "page": "/articles/tomatoes (5 KB article), model answering instantly",
                "results": results,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()

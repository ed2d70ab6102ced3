"""Peer measurements, run inside the peers' own virtualenv (their pins stay out of ours).

Prints one JSON object: per-page milliseconds of trafilatura's extraction of the given HTML,
and of Crawl4AI's plain-HTTP strategy (fetch + markdown) of the given URL.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time


def bench_trafilatura(html: str, runs: int) -> dict[str, float]:
    import trafilatura

    trafilatura.extract(html, output_format="markdown")  # warm-up
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        trafilatura.extract(html, output_format="markdown")
        times.append((time.perf_counter() - t) * 1000)
    return {"p50_ms": statistics.median(times), "runs": runs}


async def bench_crawl4ai(url: str, runs: int) -> dict[str, float]:
    from crawl4ai import AsyncWebCrawler, CrawlerRunConfig
    from crawl4ai.async_crawler_strategy import AsyncHTTPCrawlerStrategy

    config = CrawlerRunConfig(verbose=False)
    times = []
    async with AsyncWebCrawler(crawler_strategy=AsyncHTTPCrawlerStrategy()) as crawler:
        await crawler.arun(url, config=config)  # warm-up
        for _ in range(runs):
            t = time.perf_counter()
            result = await crawler.arun(url, config=config)
            times.append((time.perf_counter() - t) * 1000)
            assert result.success, result.error_message
    return {"p50_ms": statistics.median(times), "runs": runs}


def main() -> None:
    html_path, url, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(html_path, encoding="utf-8") as f:
        html = f.read()
    out: dict[str, object] = {"trafilatura": bench_trafilatura(html, runs)}
    try:
        out["crawl4ai_http"] = asyncio.run(bench_crawl4ai(url, runs))
    except Exception as exc:  # a peer failing is a result to report, not a crash
        out["crawl4ai_http"] = {"error": f"{type(exc).__name__}: {exc}"}
    print(json.dumps(out))


if __name__ == "__main__":
    main()

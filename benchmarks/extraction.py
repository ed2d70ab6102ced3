"""Extraction quality and speed on WCXB: webdata against trafilatura and readability-lxml.

For each extractor, per page type: mean word F1 (and precision, recall), the share of pages
with every ``with`` snippet present and with no ``without`` snippet, and the median ms/page.
Reported on all pages and on the holdout half (see ``wcxb.py``). Then the throughput of
concurrent scrapes of the bench pages through the API (served by the fixture site process).

    .venv/bin/python benchmarks/extraction.py [--only webdata] [--split holdout] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.wcxb import Page, f1, load_pages, markdown_to_text, snippet_rates, tokens

Extractor = Callable[[Page], str]


def webdata_extractor() -> Extractor:
    from webdata.content.pipeline import ContentOptions, process_html

    options = ContentOptions(only_main_content=True, want_markdown=True)

    def run(page: Page) -> str:
        return markdown_to_text(process_html(page.html, page.url, options).markdown or "")

    return run


def trafilatura_extractor() -> Extractor:
    import trafilatura

    def run(page: Page) -> str:
        return trafilatura.extract(page.html, url=page.url) or ""

    return run


def readability_extractor() -> Extractor:
    import lxml.html
    from readability import Document

    def run(page: Page) -> str:
        summary = Document(page.html).summary(html_partial=True)
        return str(lxml.html.fromstring(summary).text_content()) if summary.strip() else ""

    return run


EXTRACTORS: dict[str, Callable[[], Extractor]] = {
    "webdata": webdata_extractor,
    "trafilatura": trafilatura_extractor,
    "readability-lxml": readability_extractor,
}


def evaluate(name: str, extractor: Extractor, pages: list[Page]) -> dict[str, object]:
    rows = []
    for page in pages:
        t = time.perf_counter()
        try:
            text = extractor(page)
        except Exception as exc:  # an extractor crashing on a page scores 0 there
            print(f"{name} failed on {page.id}: {exc!r}", file=sys.stderr)
            text = ""
        ms = (time.perf_counter() - t) * 1000
        p, r, score = f1(text, page.main_content)
        with_ok, without_ok = snippet_rates(text, page)
        with_cut = snippet_rates(text, page, cut_words=True)[0]
        rows.append((page, p, r, score, with_ok, without_ok, with_cut, ms))

    def summary(selected: list[tuple]) -> dict[str, float]:  # type: ignore[type-arg]
        if not selected:  # e.g. the holdout half of a --split dev run
            return {"pages": 0, "f1": float("nan"), "precision": float("nan"),
                    "recall": float("nan"), "with_rate": float("nan"),
                    "without_rate": float("nan"), "with_cut_rate": float("nan"),
                    "ms_p50": float("nan")}  # fmt: skip
        withs = [r[4] for r in selected if r[4] is not None]
        withouts = [r[5] for r in selected if r[5] is not None]
        withs_cut = [r[6] for r in selected if r[6] is not None]
        return {
            "pages": len(selected),
            "f1": statistics.fmean(s for _, _, _, s, *_ in selected),
            "precision": statistics.fmean(p for _, p, *_ in selected),
            "recall": statistics.fmean(r for _, _, r, *_ in selected),
            "with_rate": statistics.fmean(withs) if withs else float("nan"),
            "without_rate": statistics.fmean(withouts) if withouts else float("nan"),
            "with_cut_rate": statistics.fmean(withs_cut) if withs_cut else float("nan"),
            "ms_p50": statistics.median(ms for *_, ms in selected),
        }

    by_type: dict[str, list[tuple]] = defaultdict(list)  # type: ignore[type-arg]
    for row in rows:
        by_type[row[0].type].append(row)
    return {
        "all": summary(rows),
        # 11 pages have an empty ground truth: F1 0 for any extractor that returns text.
        "gt_not_empty": summary([r for r in rows if tokens(r[0].main_content)]),
        "holdout": summary([r for r in rows if r[0].split == "holdout"]),
        "dev": summary([r for r in rows if r[0].split == "dev"]),
        "by_type": {t: summary(v) for t, v in sorted(by_type.items())},
        "worst": sorted((round(r[3], 3), r[0].id, r[0].type) for r in rows)[:15],
    }


def api_throughput(pages: list[Page], concurrency: int) -> dict[str, float]:
    """Scrape every bench page through ``webdata serve`` at once (bounded) and time it."""
    import asyncio
    import tempfile

    import aiohttp

    from benchmarks.procs import KEY, free_port, start_api, start_asgi, wait_up

    site_port, api_port = free_port(), free_port()
    site_url, api_url = f"http://127.0.0.1:{site_port}", f"http://127.0.0.1:{api_port}"

    async def run() -> tuple[float, list[float]]:
        sem = asyncio.Semaphore(concurrency)
        scores: list[float] = []
        headers = {"Authorization": f"Bearer {KEY}"}
        async with aiohttp.ClientSession(headers=headers) as session:

            async def one(page: Page) -> None:
                async with sem:
                    body = {"url": f"{site_url}/{page.id}", "formats": ["markdown"]}
                    async with session.post(f"{api_url}/v2/scrape", json=body) as resp:
                        data = await resp.json()
                md = data.get("data", {}).get("markdown", "") if resp.status == 200 else ""
                scores.append(f1(markdown_to_text(md), page.main_content)[2])

            await one(pages[0])  # warm-up
            scores.clear()
            t = time.perf_counter()
            await asyncio.gather(*(one(p) for p in pages))
            return time.perf_counter() - t, scores

    with tempfile.TemporaryDirectory() as data_dir:
        site = start_asgi("benchmarks.bench_site:app", site_port)
        api = start_api(api_port, data_dir)
        try:
            wait_up(f"{site_url}/{pages[0].id}", site)
            wait_up(f"{api_url}/health", api)
            wall, scores = asyncio.run(run())
        finally:
            for proc in (api, site):
                proc.terminate()
                proc.wait(timeout=20)
    return {
        "pages": len(pages),
        "concurrency": concurrency,
        "pages_per_s": len(pages) / wall,
        "f1_through_api": statistics.fmean(scores),
    }


def truth_snippet_ceiling(pages: list[Page]) -> str:
    """How often the ground truth's own text holds its ``with`` snippets: the reachable rate."""
    rates = [snippet_rates(p.main_content, p, cut_words=c)[0] for c in (False, True) for p in pages]
    strict = [r for r in rates[: len(pages)] if r is not None]
    cut = [r for r in rates[len(pages) :] if r is not None]
    return (
        f"ground truth's own text holds its with-snippets on {statistics.fmean(strict):.1%} of "
        f"pages ({statistics.fmean(cut):.1%} with cut words read as prefixes)"
    )


def print_table(results: dict[str, dict]) -> None:  # type: ignore[type-arg]
    names = list(results)
    print("| page type | pages | " + " | ".join(f"{n} F1" for n in names) + " |")
    print("|---|---|" + "---|" * len(names))
    types = list(next(iter(results.values()))["by_type"])
    for t in [*types, "all", "dev", "holdout", "gt_not_empty"]:
        rows = [results[n]["by_type"][t] if t in types else results[n][t] for n in names]
        print(f"| {t} | {rows[0]['pages']} | " + " | ".join(f"{r['f1']:.3f}" for r in rows) + " |")
    print()
    print(
        "| extractor | precision | recall | with-snippets | with (cut words as prefix) "
        "| without-snippets | ms/page p50 |"
    )
    print("|---|---|---|---|---|---|---|")
    for n in names:
        a = results[n]["all"]
        print(
            f"| {n} | {a['precision']:.3f} | {a['recall']:.3f} | {a['with_rate']:.1%} | "
            f"{a['with_cut_rate']:.1%} | {a['without_rate']:.1%} | {a['ms_p50']:.1f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", action="append", choices=list(EXTRACTORS))
    parser.add_argument("--split", choices=["all", "dev", "holdout"], default="all")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--json", type=Path, help="write the full results here")
    parser.add_argument(
        "--api", type=int, default=0, metavar="C",
        help="also scrape every page through the API at concurrency C and report pages/s",
    )  # fmt: skip
    args = parser.parse_args()
    pages = [p for p in load_pages() if args.split == "all" or p.split == args.split]
    if args.limit:
        pages = pages[: args.limit]
    results = {}
    for name in args.only or list(EXTRACTORS):
        try:
            extractor = EXTRACTORS[name]()
        except ImportError as exc:
            print(f"skipping {name}: {exc}", file=sys.stderr)
            continue
        results[name] = evaluate(name, extractor, pages)
    print(
        f"WCXB dev slice, {len(pages)} pages, {time.strftime('%Y-%m-%d %H:%M')}, "
        f"split={args.split}\n"
    )
    print_table(results)
    print(f"\n{truth_snippet_ceiling(pages)}")
    for name, res in results.items():
        print(f"\n{name} worst pages: {res['worst']}")
    if args.api:
        through = api_throughput(pages, args.api)
        print(
            f"\nthrough the API: {through['pages']} pages at concurrency {through['concurrency']}: "
            f"{through['pages_per_s']:.1f} pages/s, F1 {through['f1_through_api']:.3f}"
        )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str))


if __name__ == "__main__":
    main()

"""Field-level accuracy and speed of the deterministic ``product`` and ``menu`` extractors on
the hand-labelled fixture pages of ``tests/extract/fixtures``, and what the model's gap
filling adds outside the model.

For each format: per field, how many of the labelled values the extractor got exactly right
(``correct`` / ``total``); variants and menu items are compared position by position, so a
missing or extra one costs its fields. Then the median milliseconds per page (each page is run
``--repeat`` times).

``--gap-fill``: the structured stage of a scrape (``scrape.structured_stage``) on every
fixture page, without a model and with one: the local OpenAI-compatible test server
(``tests/llm_server.py``, in its own process) answering instantly with the least answer
the schema allows. The difference is webdata's own work around the model on the pages with
gaps (gap detection, the markdown when the request had none, the schema, fencing, the HTTP
round trip, validation, the merge), and gap detection alone on the complete ones. Prints JSON.

    .venv/bin/python benchmarks/structured_extract.py [--repeat 20] [--gap-fill]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from webdata.extract.menu import extract_menu  # noqa: E402
from webdata.extract.product import extract_product  # noqa: E402

FIXTURES = ROOT / "tests" / "extract" / "fixtures"
_MISSING = object()

Tally = dict[str, list[int]]  # field -> [correct, total]


def _get(data: Any, path: str) -> Any:
    for key in path.split("."):
        if not isinstance(data, dict) or key not in data:
            return _MISSING
        data = data[key]
    return data


def _count(tally: Tally, field: str, got: Any, want: Any) -> None:
    entry = tally.setdefault(field, [0, 0])
    entry[0] += got == want
    entry[1] += 1


_PRODUCT_FIELDS = ("title", "url", "brand", "category", "description")
_VARIANT_FIELDS = (
    "id", "sku", "title", "values", "price.amount", "price.currency", "price.formatted",
    "sale.originalPrice.amount", "availability.inStock", "availability.text", "images",
)  # fmt: skip


def _score_product(tally: Tally, got: dict[str, Any] | None, want: dict[str, Any] | None) -> None:
    _count(tally, "isProduct", got is not None, want is not None)
    if want is None:
        return
    for field in _PRODUCT_FIELDS:
        if _get(want, field) is not _MISSING or (got and _get(got, field) is not _MISSING):
            _count(tally, field, _get(got, field) if got else _MISSING, _get(want, field))
    want_variants = want["variants"]
    got_variants = got["variants"] if got else []
    _count(tally, "variants.count", len(got_variants), len(want_variants))
    for i, want_variant in enumerate(want_variants):
        got_variant = got_variants[i] if i < len(got_variants) else {}
        for field in _VARIANT_FIELDS:
            wanted = _get(want_variant, field)
            if wanted is not _MISSING or _get(got_variant, field) is not _MISSING:
                _count(tally, f"variant.{field}", _get(got_variant, field), wanted)


_ITEM_FIELDS = (
    "name", "description", "price.amount", "price.currency", "price.formatted", "dietary",
    "calories", "images", "optionGroups", "availability.inStock",
)  # fmt: skip


def _score_menu(tally: Tally, got: dict[str, Any], want: dict[str, Any]) -> None:
    for field in ("isMenu", "merchant.name", "merchant.type", "currency"):
        _count(tally, field, _get(got, field), _get(want, field))
    got_sections = [s["name"] for s in got["sections"]]
    want_sections = [s["name"] for s in want["sections"]]
    for i, name in enumerate(want_sections):
        _count(tally, "section.name", got_sections[i] if i < len(got_sections) else None, name)
    got_items = [i for s in got["sections"] for i in s["items"]]
    want_items = [i for s in want["sections"] for i in s["items"]]
    _count(tally, "items.count", len(got_items), len(want_items))
    for i, want_item in enumerate(want_items):
        got_item = got_items[i] if i < len(got_items) else {}
        for field in _ITEM_FIELDS:
            _count(tally, f"item.{field}", _get(got_item, field), _get(want_item, field))


def _run(
    folder: str,
    extract: Callable[[str, str], Any],
    score: Callable[[Tally, Any, Any], None],
    repeat: int,
) -> dict[str, Any]:
    tally: Tally = {}
    timings: list[float] = []
    misses: dict[str, list[str]] = {}
    pages = sorted((FIXTURES / folder).glob("*.html"))
    for page in pages:
        truth = json.loads(page.with_suffix(".json").read_text(encoding="utf-8"))
        html = page.read_text(encoding="utf-8")
        runs = []
        for _ in range(repeat):
            started = time.perf_counter()
            result = extract(html, truth["url"])
            runs.append((time.perf_counter() - started) * 1000)
        timings.append(statistics.median(runs))
        before = {field: list(counts) for field, counts in tally.items()}
        score(tally, result, truth["expected"])
        missed = sorted(
            field
            for field, (correct, total) in tally.items()
            if total - before.get(field, [0, 0])[1] > correct - before.get(field, [0, 0])[0]
        )
        if missed:
            misses[page.stem] = missed
    correct = sum(c for c, _ in tally.values())
    total = sum(t for _, t in tally.values())
    return {
        "pages": len(pages),
        "fields": {k: {"correct": c, "total": t} for k, (c, t) in sorted(tally.items())},
        "accuracy": round(correct / total, 4) if total else None,
        "misses": misses,
        "median_ms_per_page": round(statistics.median(timings), 3) if timings else None,
    }


async def _stage_ms(html: str, url: str, kind: str, repeat: int, llm: Any, runner: Any) -> float:
    from webdata.contract import ScrapeRequest
    from webdata.engines.base import Fetched
    from webdata.scrape.context import ScrapeContext
    from webdata.scrape.structured_stage import structured_stage

    fetched = Fetched(url, 200, {}, "text/html", html.encode(), html, "utf-8")
    request = ScrapeRequest.model_validate({"url": url, "formats": [kind]})
    runs = []
    for _ in range(repeat):
        ctx = ScrapeContext(request=request, fetched=fetched)
        started = time.perf_counter()
        await structured_stage(ctx, llm, runner)
        runs.append((time.perf_counter() - started) * 1000)
        assert not ctx.warnings, ctx.warnings
    return statistics.median(runs)


async def _gap_fill(repeat: int, base_url: str) -> dict[str, Any]:
    from webdata.extract.llm import LlmClient, LlmSettings
    from webdata.extract.menu_gaps import menu_gaps
    from webdata.extract.product_gaps import product_gaps
    from webdata.scrape.content_runner import ContentRunner

    llm = LlmClient(LlmSettings(base_url=base_url, model="bench", max_retries=0))
    runner = ContentRunner(workers=0, inline_below=0)  # inline, as small pages run
    gaps_of = {"product": lambda h, u: product_gaps(extract_product(h, u)),
               "menu": lambda h, u: menu_gaps(extract_menu(h, u))}  # fmt: skip
    report: dict[str, Any] = {}
    try:
        for kind in ("product", "menu"):
            rows: dict[str, list[float]] = {"with_gaps": [], "complete": []}
            for page in sorted((FIXTURES / kind).glob("*.html")):
                url = json.loads(page.with_suffix(".json").read_text(encoding="utf-8"))["url"]
                html = page.read_text(encoding="utf-8")
                await _stage_ms(html, url, kind, 3, llm, runner)  # warm-up (connection)
                alone = await _stage_ms(html, url, kind, repeat, None, None)
                filled = await _stage_ms(html, url, kind, repeat, llm, runner)
                rows["with_gaps" if gaps_of[kind](html, url) else "complete"].append(filled - alone)
            report[kind] = {
                name: {
                    "pages": len(deltas),
                    "median_extra_ms": round(statistics.median(deltas), 3) if deltas else None,
                    "max_extra_ms": round(max(deltas), 3) if deltas else None,
                }
                for name, deltas in rows.items()
            }
    finally:
        await llm.close()
    return report


def _with_test_model(repeat: int) -> dict[str, Any]:
    import asyncio
    import socket

    from benchmarks.procs import free_port, start_asgi

    port = free_port()
    proc = start_asgi("tests.llm_server:app", port)
    try:
        for _ in range(300):  # its only route is a POST: wait for the port to open
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        return asyncio.run(_gap_fill(repeat, f"http://127.0.0.1:{port}/v1"))
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20, help="runs per page for the timing")
    parser.add_argument("--gap-fill", action="store_true", help="time the model's gap filling")
    args = parser.parse_args()
    if args.gap_fill:
        print(json.dumps(_with_test_model(args.repeat), indent=2))
        return
    report = {
        "product": _run("product", extract_product, _score_product, args.repeat),
        "menu": _run("menu", extract_menu, _score_menu, args.repeat),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

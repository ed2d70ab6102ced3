"""Field-level accuracy and speed of the deterministic ``product`` and ``menu`` extractors on
the hand-labelled fixture pages of ``tests/extract/fixtures``.

For each format: per field, how many of the labelled values the extractor got exactly right
(``correct`` / ``total``); variants and menu items are compared position by position, so a
missing or extra one costs its fields. Then the median milliseconds per page (each page is run
``--repeat`` times). Prints JSON.

    .venv/bin/python benchmarks/structured_extract.py [--repeat 20]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20, help="runs per page for the timing")
    args = parser.parse_args()
    report = {
        "product": _run("product", extract_product, _score_product, args.repeat),
        "menu": _run("menu", extract_menu, _score_menu, args.repeat),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

"""PDF peers, run inside the peers' virtualenv (``.venv-peers``): pdfplumber and pymupdf4llm
turn the same PDF into text; prints one JSON object with pages/s and the text of each.

    .venv-peers/bin/python benchmarks/peers_pdf.py FILE.pdf RUNS
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable


def _pdfplumber(path: str) -> tuple[str, int]:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
    return "\n\n".join(texts), len(texts)


def _pymupdf4llm(path: str) -> tuple[str, int]:
    import pymupdf
    import pymupdf4llm

    with pymupdf.open(path) as doc:
        pages = doc.page_count
    return pymupdf4llm.to_markdown(path, show_progress=False), pages


def bench(fn: Callable[[str], tuple[str, int]], path: str, runs: int) -> dict[str, object]:
    text, pages = fn(path)  # warm-up
    rates = []
    for _ in range(runs):
        started = time.perf_counter()
        text, pages = fn(path)
        rates.append(pages / (time.perf_counter() - started))
    return {"pages_per_s": statistics.median(rates), "pages": pages, "text": text}


def main() -> None:
    path, runs = sys.argv[1], int(sys.argv[2])
    out: dict[str, object] = {}
    for name, fn in (("pdfplumber", _pdfplumber), ("pymupdf4llm", _pymupdf4llm)):
        try:
            out[name] = bench(fn, path, runs)
        except Exception as exc:  # a missing peer is reported, not fatal
            out[name] = {"error": f"{type(exc).__name__}: {exc}"}
    print(json.dumps(out))


if __name__ == "__main__":
    main()

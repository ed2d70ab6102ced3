"""Deeply nested HTML: lexbor's parse before and after the nesting pre-pass, and what the
pre-pass costs on real pages.

    .venv/bin/python -m benchmarks.deep_nesting

1. ``N`` nested ``<div>`` (30,000 and 100,000): ``LexborHTMLParser`` on the raw page, then
   ``limit_nesting`` + parse on the flattened page, then the whole content pipeline.
2. Reopened formatting elements: ``N`` paragraphs each leaving a ``<font>`` of its own open
   (``<p><font color=cI>x</p>``; distinct attributes defeat the parser's limit of 3 identical
   entries, so every paragraph clones all the earlier ones), 2,000 and 20,000: lexbor's parse
   and node count on the raw page (2,000 only: the tree is quadratic, 20,000 would take about
   200 million nodes and tens of GB), then the pre-pass + parse, nodes, and the content
   pipeline.
3. The pre-pass on normal pages: the 500 WCXB pages when ``../shared/bench/wcxb-dev`` is there
   (else the golden test pages), in µs per 100 KB, next to lexbor's parse of the same pages
   (rounds interleaved; the fastest round counts, the machine is shared).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser

from benchmarks.wcxb import BENCH, load_pages
from webdata.content.nesting import MAX_DEPTH, limit_nesting
from webdata.content.pipeline import ContentOptions, process_html

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "content" / "golden"
ROUNDS = 7


def _timed(fn: Callable[[], object]) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def nested(levels: int) -> None:
    html = "<div>x" * levels
    before = _timed(lambda: LexborHTMLParser(html))
    flat = limit_nesting(html)
    prepass = _timed(lambda: limit_nesting(html))
    after = _timed(lambda: LexborHTMLParser(flat.html))
    pipeline = _timed(lambda: process_html(html, "https://example.com/", ContentOptions()))
    print(
        f"{levels:>7,} nested divs: parse {before:7.2f} s before | after: pre-pass "
        f"{prepass * 1e3:6.1f} ms + parse {after * 1e3:5.1f} ms | whole content pipeline "
        f"{pipeline * 1e3:6.1f} ms ({flat.flattened:,} start tags flattened)"
    )


def _nodes(tree: LexborHTMLParser) -> int:
    return sum(1 for _ in tree.root.traverse(include_text=True))


def reopened(paragraphs: int, *, raw: bool) -> None:
    html = "".join(f"<p><font color=c{i}>x</p>" for i in range(paragraphs))
    unguarded = "parse, nodes before: not run"
    if raw:
        before = _timed(lambda: LexborHTMLParser(html))
        unguarded = f"parse {before:5.2f} s, {_nodes(LexborHTMLParser(html)):,} nodes before"
    flat = limit_nesting(html)
    prepass = _timed(lambda: limit_nesting(html))
    after = _timed(lambda: LexborHTMLParser(flat.html))
    nodes = _nodes(LexborHTMLParser(flat.html))
    pipeline = _timed(lambda: process_html(html, "https://example.com/", ContentOptions()))
    print(
        f"{paragraphs:>7,} reopened <font> ({len(html) / 1e3:,.0f} KB): {unguarded} "
        f"| after: pre-pass {prepass * 1e3:6.1f} ms + parse "
        f"{after * 1e3:5.1f} ms, {nodes:,} nodes | whole content pipeline {pipeline * 1e3:6.1f} ms "
        f"({flat.formatting:,} formatting tags dropped or closed)"
    )


def _each(fn: Callable[[str], object], pages: list[str]) -> None:
    for html in pages:
        fn(html)


def normal_pages() -> None:
    if BENCH.exists():
        pages, label = [p.html for p in load_pages()], "WCXB pages"
    else:
        pages, label = [p.read_text() for p in sorted(GOLDEN.glob("*.html"))], "golden pages"
    size = sum(map(len, pages))
    best: dict[str, float] = {}
    for _ in range(ROUNDS):
        for name, fn in (("pre-pass", limit_nesting), ("lexbor parse", LexborHTMLParser)):
            took = _timed(partial(_each, fn, pages))
            best[name] = min(best.get(name, took), took)
    changed = sum(1 for html in pages if limit_nesting(html).html is not html)
    print(f"{len(pages)} {label}, {size / 1e6:.1f} M characters, {changed} changed")
    for name, took in best.items():
        print(f"  {name:>12}: {took / size * 1e5 * 1e6:6.0f} µs per 100 K characters")


def main() -> None:
    print(f"depth cap {MAX_DEPTH}")
    for levels in (30_000, 100_000):
        nested(levels)
    for paragraphs in (2_000, 20_000):
        reopened(paragraphs, raw=paragraphs <= 2_000)
    normal_pages()


if __name__ == "__main__":
    main()

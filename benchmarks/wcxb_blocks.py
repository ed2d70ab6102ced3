"""Which main block ``main_content`` chooses on the WCXB dev pages, and whether the choice or
the removals inside it lose the words: per page, the route that chose the block (``sem``: a
``<main>`` / ``<article>``; ``head``: ``headline_block``; ``dense``: ``densest_block``),
precision / recall / F1 of the block's whole text against the truth (before any removal), of
the output, and of the best ancestor of the page's first ``<h1>`` (the headroom of the
choice: a block whose recall is low is too small; one whose precision is far below the best
ancestor's is too big), and whether the page was marked a product page. One line per page
and condition (the real page, then each ``--perturb`` of ``wcxb_ab``), then the means.

DEV pages only: the holdout is never read here (use ``wcxb_ab`` for its aggregate figures).

    PYTHONPATH=src:. .venv/bin/python benchmarks/wcxb_blocks.py --type product \
        --perturb strip-head --perturb hash-classes --perturb strip-semantic
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.wcxb import f1, load_pages
from benchmarks.wcxb_ab import PERTURBATIONS, extract

Scores = tuple[float, float, float]
_HEADER = " ".join(
    (
        "id   type         ",
        "condition      ",
        "route ",
        "block P/R/F   ",
        "output P/R/F  ",
        "best h1 anc.",
        "product",
    )
)


def _best_ancestor(h1: Any, truth: str) -> Scores | None:
    best: Scores | None = None
    node = h1
    while node is not None and node.tag != "html":
        scores = f1(node.text(separator=" "), truth)
        if best is None or scores[2] > best[2]:
            best = scores
        node = node.parent
    return best


def _fmt(scores: Scores | None) -> str:
    return "   -/   -/   -" if scores is None else "{:.2f}/{:.2f}/{:.2f}".format(*scores)


def main() -> None:
    from webdata.content import main_content, pipeline
    from webdata.content.commerce_noise import is_product_page
    from webdata.content.dom import measuring, text_len
    from webdata.content.headline_block import headline_block

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--type", action="append", default=[], help="only these page types")
    parser.add_argument("--perturb", action="append", default=[], choices=list(PERTURBATIONS))
    args = parser.parse_args()
    seen: dict[str, Any] = {}
    choose = main_content.find_main_content

    def observed(body: Any) -> Any:
        with measuring():
            size = text_len(body)
            block, route = main_content.semantic_block(body, size), "sem"
            if block is None:
                block, route = headline_block(body, size), "head"
            if block is None:
                block, route = main_content.densest_block(body), "dense"
            truth = seen["truth"]
            seen["block"] = (route, f1(block.text(separator=" "), truth))
            h1 = body.css_first("h1")
            seen["best"] = _best_ancestor(h1, truth) if h1 is not None else None
            seen["product"] = is_product_page(body)
        return choose(body)

    vars(pipeline)["find_main_content"] = observed  # (what the pipeline calls)
    conditions = ["real", *args.perturb]
    means: dict[str, list[tuple[float, float, float]]] = defaultdict(list)
    print(_HEADER)
    for page in load_pages():
        if page.split != "dev" or (args.type and page.type not in args.type):
            continue
        for name in conditions:
            html = page.html if name == "real" else PERTURBATIONS[name](page.html)
            seen.clear()
            seen["truth"] = page.main_content
            output = f1(extract(html, page.url), page.main_content)
            route, block = seen.get("block", ("-", (0.0, 0.0, 0.0)))
            best = seen.get("best")
            print(
                f"{page.id} {page.type:<13} {name:<15} {route:<6} {_fmt(block)} {_fmt(output)}"
                f" {_fmt(best)} {'yes' if seen.get('product') else 'no'}"
            )
            means[name].append((output[2], block[2], best[2] if best else block[2]))
    print("condition       output F1  block F1  best h1 ancestor F1")
    for name in conditions:
        rows = means[name]
        cols = [statistics.fmean(r[i] for r in rows) if rows else 0.0 for i in range(3)]
        print(f"{name:<15} {cols[0]:>9.4f} {cols[1]:>9.4f} {cols[2]:>9.4f}")


if __name__ == "__main__":
    main()

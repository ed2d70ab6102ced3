"""A/B of extraction rules on WCXB, in one process: the pipeline as it is (A) against the same
pipeline with some of ``main_content``'s hooks switched off (B), page by page, interleaved.

Prints mean F1 per page type on the dev and holdout halves for A and B, the dev pages that
moved (id, type, F1 in B -> A), and only counts for the holdout (its pages are not to be
studied). ``--perturb`` runs both on altered pages, to ask whether a rule holds on pages
unlike the ones it was made on: class/id values hashed (and the references to ids alike:
``href="#…"``, ``aria-controls``, ``aria-labelledby``, ``for``…),
``<main>``/``<article>``/role=main turned into plain ``<div>``s, the ``<head>`` emptied but
for its ``<title>``, the chrome's landmarks (``<header>``/``<footer>``/``<nav>``/``<aside>``
and their roles) turned into ``<div>``s (combine it with the others for a site built of plain
``<div>``s).

``--cost`` instead times every hook of ``main_content`` (CPU seconds summed over the pages).

    PYTHONPATH=. .venv/bin/python benchmarks/wcxb_ab.py --off pre_headline_removals
    PYTHONPATH=. .venv/bin/python benchmarks/wcxb_ab.py --off X --perturb hash-classes
    PYTHONPATH=. .venv/bin/python benchmarks/wcxb_ab.py --cost
"""

from __future__ import annotations

import argparse
import hashlib
import re
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.wcxb import Page, f1, load_pages, markdown_to_text

_CLASS_ID = re.compile(r"""\b(class|id)\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.I)
# (references to ids, hashed alike: a real site's hashed names still point at each other)
_ID_REFS = re.compile(
    r"""(?<![\w-])(aria-controls|aria-labelledby|aria-describedby|aria-owns|for|headers)"""
    r"""\s*=\s*(?:"([^"]*)"|'([^']*)')""",
    re.I,
)
_FRAGMENT = re.compile(r"""(?<![\w-])(href)\s*=\s*(?:"#([^"]+)"|'#([^']+)')""", re.I)
_SEMANTIC_OPEN = re.compile(r"<(main|article)\b", re.I)
_SEMANTIC_CLOSE = re.compile(r"</(main|article)\s*>", re.I)
_ROLE_MAIN = re.compile(r"""\brole\s*=\s*["']?main["']?""", re.I)
_LANDMARK_OPEN = re.compile(r"<(header|footer|nav|aside)\b", re.I)
_LANDMARK_CLOSE = re.compile(r"</(header|footer|nav|aside)\s*>", re.I)
_LANDMARK_ROLE = re.compile(
    r"""\brole\s*=\s*["']?(?:navigation|banner|contentinfo|complementary|search)["']?""", re.I
)
_HEAD = re.compile(r"<head\b[^>]*>.*?</head\s*>", re.I | re.S)
_TITLE = re.compile(r"<title\b[^>]*>.*?</title\s*>", re.I | re.S)


def _hashed(match: re.Match[str]) -> str:
    value = match.group(2) if match.group(2) is not None else match.group(3) or ""
    tokens = " ".join("h" + hashlib.md5(t.encode()).hexdigest()[:8] for t in value.split())
    return f'{match.group(1)}="{tokens}"'


def _hashed_fragment(match: re.Match[str]) -> str:
    value = match.group(2) if match.group(2) is not None else match.group(3) or ""
    return f'{match.group(1)}="#h{hashlib.md5(value.encode()).hexdigest()[:8]}"'


def _names_hashed(html: str) -> str:
    html = _CLASS_ID.sub(_hashed, html)
    return _FRAGMENT.sub(_hashed_fragment, _ID_REFS.sub(_hashed, html))


def _head_stripped(html: str) -> str:
    def keep_title(match: re.Match[str]) -> str:
        title = _TITLE.search(match.group(0))
        return f"<head>{title.group(0) if title else ''}</head>"

    return _HEAD.sub(keep_title, html, count=1)


PERTURBATIONS: dict[str, Callable[[str], str]] = {
    "hash-classes": _names_hashed,
    "strip-semantic": lambda html: _ROLE_MAIN.sub(
        "", _SEMANTIC_CLOSE.sub("</div>", _SEMANTIC_OPEN.sub("<div", html))
    ),
    "strip-head": _head_stripped,
    # (the page chrome's own tags gone too: what a site of plain <div>s looks like)
    "strip-landmarks": lambda html: _LANDMARK_ROLE.sub(
        "", _LANDMARK_CLOSE.sub("</div>", _LANDMARK_OPEN.sub("<div", html))
    ),
}


def _neutral(name: str) -> Callable[..., Any]:
    """What a switched-off hook returns: a keep filter passes the removals through, a
    removal rule finds nothing, a marker marks nothing."""
    if name.startswith("keep_"):
        return lambda *args, **kwargs: args[-1]
    if name.startswith(("mark_", "clear_", "flatten_")):
        return lambda *args, **kwargs: None
    return lambda *args, **kwargs: []


@contextmanager
def switched_off(names: list[str]) -> Iterator[None]:
    from webdata.content import main_content

    saved = {name: getattr(main_content, name) for name in names}
    try:
        for name in names:
            setattr(main_content, name, _neutral(name))
        yield
    finally:
        for name, fn in saved.items():
            setattr(main_content, name, fn)


def extract(html: str, url: str) -> str:
    from webdata.content.pipeline import ContentOptions, process_html

    options = ContentOptions(only_main_content=True, want_markdown=True)
    return markdown_to_text(process_html(html, url, options).markdown or "")


def ab(pages: list[Page], off: list[str], perturb: list[str]) -> None:
    scores: dict[str, list[tuple[Page, float, float]]] = defaultdict(list)
    for i, page in enumerate(pages):
        html = page.html
        for name in perturb:
            html = PERTURBATIONS[name](html)
        with switched_off(off):
            b = f1(extract(html, page.url), page.main_content)[2]
        a = f1(extract(html, page.url), page.main_content)[2]
        scores[page.split].append((page, a, b))
        if (i + 1) % 100 == 0:
            print(f"  {i + 1} pages", file=sys.stderr)
    types = sorted({p.type for p in pages})
    print(f"off: {', '.join(off) or '-'}; perturb: {', '.join(perturb) or '-'}")
    print(f"{'type':<14} {'dev B':>7} {'dev A':>7} {'hold B':>7} {'hold A':>7}")
    for kind in [*types, "all"]:
        row = [kind]
        for split in ("dev", "holdout"):
            chosen = [s for s in scores[split] if kind in ("all", s[0].type)]
            if chosen:
                row += [f"{statistics.fmean(s[2] for s in chosen):.4f}"]
                row += [f"{statistics.fmean(s[1] for s in chosen):.4f}"]
            else:
                row += ["-", "-"]
        print(f"{row[0]:<14} {row[1]:>7} {row[2]:>7} {row[3]:>7} {row[4]:>7}")
    for split in ("dev", "holdout"):
        up = [s for s in scores[split] if s[1] > s[2] + 1e-9]
        down = [s for s in scores[split] if s[1] < s[2] - 1e-9]
        print(f"{split}: {len(up)} up, {len(down)} down (A against B)")
    for page, a, b in sorted(scores["dev"], key=lambda s: s[1] - s[2]):
        if abs(a - b) > 1e-9:
            print(f"  dev {page.id} {page.type:<13} {b:.4f} -> {a:.4f}")


def main_content_hooks() -> dict[str, Callable[..., Any]]:
    """The functions ``main_content`` imports from the other content modules, by name."""
    from webdata.content import main_content

    return {
        name: fn
        for name, fn in vars(main_content).items()
        if callable(fn)
        and getattr(fn, "__module__", "").startswith("webdata.content.")
        and fn.__module__ != main_content.__name__
        and not isinstance(fn, type)
    }


def cost(pages: list[Page]) -> None:
    """CPU seconds per hook of ``main_content`` over the pages (calls nest: a hook that
    calls another hook counts its time too)."""
    from webdata.content import main_content

    spent: dict[str, float] = defaultdict(float)

    def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            t = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[name] += time.process_time() - t

        return run

    hooks = main_content_hooks()
    for name, fn in hooks.items():
        setattr(main_content, name, timed(name, fn))
    total = 0.0
    try:
        for page in pages:
            t = time.process_time()
            extract(page.html, page.url)
            total += time.process_time() - t
    finally:
        for name, fn in hooks.items():
            setattr(main_content, name, fn)
    print(f"pipeline CPU over {len(pages)} pages: {total:.2f} s")
    for name, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        if seconds >= 0.005:
            print(f"  {name:<34} {seconds:7.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--off", action="append", default=[], help="a main_content hook name")
    parser.add_argument("--perturb", action="append", default=[], choices=list(PERTURBATIONS))
    parser.add_argument("--type", action="append", default=[], help="only these page types")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--cost", action="store_true", help="time each hook instead")
    args = parser.parse_args()
    pages = [p for p in load_pages() if not args.type or p.type in args.type]
    if args.limit:
        pages = pages[: args.limit]
    if args.cost:
        cost(pages)
    else:
        ab(pages, args.off, args.perturb)


if __name__ == "__main__":
    main()

"""Per dev page of a type, the lines the extraction gives under ``--perturb hash-classes``
but not on the real page (``+``), and the few it loses (``-``), with both F1s: what a rule
keyed on class names leaves behind when the names say nothing. Dev pages only.

    WCXB_BENCH=... PYTHONPATH=src:. .venv/bin/python benchmarks/wcxb_hash_diff.py [--type T] [ID...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.wcxb import f1, load_pages
from benchmarks.wcxb_ab import PERTURBATIONS, extract


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--type", default="article")
    parser.add_argument("--perturb", default="hash-classes", choices=sorted(PERTURBATIONS))
    parser.add_argument("ids", nargs="*", help="page ids (or prefixes) to show, even unmoved")
    args = parser.parse_args()
    rows = []
    for page in load_pages():
        if page.split != "dev" or page.type != args.type:
            continue
        if args.ids and not any(page.id.startswith(i) for i in args.ids):
            continue
        real = extract(page.html, page.url)
        altered = extract(PERTURBATIONS[args.perturb](page.html), page.url)
        fr, fa = f1(real, page.main_content)[2], f1(altered, page.main_content)[2]
        if abs(fr - fa) < 1e-9 and not args.ids:
            continue
        real_lines = {line.strip() for line in real.splitlines()}
        altered_lines = {line.strip() for line in altered.splitlines()}
        extra = [x for x in altered.splitlines() if x.strip() and x.strip() not in real_lines]
        gone = [x for x in real.splitlines() if x.strip() and x.strip() not in altered_lines]
        rows.append((fa - fr, page.id, fr, fa, extra, gone))
    for delta, pid, fr, fa, extra, gone in sorted(rows):
        print(f"== {pid} real {fr:.4f} {args.perturb} {fa:.4f} ({delta:+.4f})")
        print("".join(f"  + {x[:160]}\n" for x in extra[:40]), end="")
        print("".join(f"  - {x[:160]}\n" for x in gone[:10]), end="")


if __name__ == "__main__":
    main()

"""Whether a change keeps the content stage's output identical on the 500 WCXB pages.

Hashes the whole result of ``process_html`` (markdown, html, links, images, metadata,
warning) of every page under three option sets (the benchmark's; the same with html, links
and images; the whole page without ``onlyMainContent``), writes the hashes, and with a base
file compares: a speed change is kept only when every page is identical. Differences are
named for dev pages and only counted for the holdout (its pages are not to be studied).

    PYTHONPATH=. .venv/bin/python benchmarks/wcxb_identity.py /tmp/base.json        # before
    PYTHONPATH=. .venv/bin/python benchmarks/wcxb_identity.py /tmp/new.json /tmp/base.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.wcxb import load_pages


def digests() -> tuple[dict[str, str], set[str]]:
    from webdata.content.pipeline import ContentOptions, process_html

    option_sets = [
        ContentOptions(only_main_content=True, want_markdown=True),
        ContentOptions(
            only_main_content=True,
            want_markdown=True,
            want_html=True,
            want_links=True,
            want_images=True,
        ),
        ContentOptions(only_main_content=False, want_markdown=True, want_html=True),
    ]
    found: dict[str, str] = {}
    dev: set[str] = set()
    for page in load_pages():
        if page.split == "dev":
            dev.add(page.id)
        for i, options in enumerate(option_sets):
            r = process_html(page.html, page.url, options)
            blob = repr((r.markdown, r.html, r.links, r.images, r.metadata, r.warning))
            found[f"{page.id}/{i}"] = hashlib.sha256(blob.encode()).hexdigest()
    return found, dev


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path, help="write the hashes here (JSON)")
    parser.add_argument("base", type=Path, nargs="?", help="compare with these hashes")
    args = parser.parse_args()
    start = time.process_time()
    found, dev = digests()
    args.out.write_text(json.dumps(found, indent=0))
    print(f"{len(found)} results hashed, {time.process_time() - start:.1f} s CPU")
    if args.base is None:
        return
    base = json.loads(args.base.read_text())
    differ = sorted(key for key in base if base[key] != found.get(key))
    print(f"different: {len(differ)} of {len(base)}")
    print("dev:", " ".join(k for k in differ if k.split("/")[0] in dev) or "-")
    print("holdout (count only):", sum(1 for k in differ if k.split("/")[0] not in dev))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()

"""Where the WCXB snippet checks fail on the DEV pages, and why.

For each dev page it runs the pipeline and lists

* every ``without`` snippet (boilerplate) still in our output, with the page type and the
  element that holds it (the smallest one in the kept main block whose text holds it: tag,
  class/id, a short path of its ancestors, its size and link share), and the widest block
  around it whose words are mostly not the truth's (what a rule would have to remove);
  "the truth holds it too" marks a snippet no extraction can both drop and keep;
* every ``with`` snippet (one the truth's own text holds, a cut last word read as a prefix)
  missing from our output, with where it was lost: not in the page text, in the junk removed
  before (scripts, templates), outside the chosen main block (the block's path), removed by
  ``main_content`` rules (each hook whose removals hold it, the outermost first; the inline
  rules of ``_removals`` are named ``inline:...``), or lost after (markdown).

Only dev pages are read (the holdout is not to be studied). The bench is found beside the
main checkout, or in ``$WCXB_BENCH`` (from a git worktree).

    PYTHONPATH=src:. .venv/bin/python benchmarks/wcxb_snippets.py [--type forum] [--verify]

``--verify`` re-runs a page with each blamed hook switched off alone and says whether the
snippet comes back.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from selectolax.lexbor import LexborHTMLParser, LexborNode

from benchmarks.wcxb import SNIPPET_CUT, Page, load_pages, markdown_to_text, tokens
from benchmarks.wcxb_ab import extract, main_content_hooks, switched_off


def joined(text: str) -> str:
    return " " + " ".join(tokens(text)) + " "


def wanted(snippet: str) -> str:
    """The snippet as matched: its joined tokens, a cut last word open at its end."""
    j = joined(snippet)
    return j.rstrip() if len(snippet) == SNIPPET_CUT else j


def node_text(node: LexborNode) -> str:
    return joined(node.text(deep=True, separator=" "))


def describe(node: LexborNode, levels: int = 4) -> str:
    def one(n: LexborNode) -> str:
        attrs = n.attributes
        cls = (attrs.get("class") or "").split()
        ident = attrs.get("id")
        role = attrs.get("role")
        out = n.tag or "?"
        if ident:
            out += "#" + ident[:24]
        if cls:
            out += "." + ".".join(c[:24] for c in cls[:3])
        if role:
            out += f"[role={role}]"
        return out

    parts = [one(node)]
    current = node.parent
    while current is not None and len(parts) <= levels and current.tag not in ("body", "html"):
        parts.append(one(current))
        current = current.parent
    return " < ".join(parts)


def smallest_holding(root: LexborNode, needle: str) -> LexborNode | None:
    best: LexborNode | None = None
    best_len = 1 << 60
    for node in [root, *root.traverse(include_text=False)]:
        text = node_text(node)
        if needle in text and len(text) < best_len:
            best, best_len = node, len(text)
    return best


_NON_REMOVAL = {"product_grids", "page_links", "is_thread_page", "list_item", "headline_block"}


@dataclass
class Trace:
    """What one instrumented run saw."""

    body_text: str = ""
    scope_text: str = ""
    scope_desc: str = ""
    block_found: bool = False
    main_text: str = ""
    warning: str | None = None
    # hook -> texts and descriptions of the nodes it returned
    removed: dict[str, list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    spared: dict[str, list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    topmost_ids: set[int] = field(default_factory=set)
    topmost: list[tuple[str, str, str]] = field(default_factory=list)  # (hooks, text, desc)
    without_holders: dict[str, str] = field(default_factory=dict)


def _inline_kind(node: LexborNode) -> str:
    attrs = node.attributes
    if node.tag in ("nav", "aside", "dialog") or (attrs.get("role") or "") in (
        "navigation",
        "contentinfo",
        "complementary",
        "dialog",
        "alertdialog",
        "search",
    ):
        return "inline:structural"
    if node.tag in ("header", "footer") or attrs.get("role") == "banner":
        return "inline:landmark"
    if node.tag == "a" and (attrs.get("href") or "").startswith("#"):
        return "inline:skip-link"
    return "inline:class-words"


def _truth_share(node: LexborNode, truth: Counter[str]) -> float:
    words = Counter(tokens(node.text(deep=True, separator=" ")))
    total = sum(words.values())
    return sum((words & truth).values()) / total if total else 0.0


def chrome_block(holder: LexborNode, truth: Counter[str], stop: LexborNode) -> LexborNode:
    """The widest ancestor of ``holder`` (below ``stop``) whose words are mostly not the
    truth's: the block a rule would have to remove."""
    best = holder
    current = holder.parent
    while current is not None and current.mem_id != stop.mem_id:
        if _truth_share(current, truth) > 0.3:
            break
        best = current
        current = current.parent
    return best


def traced_run(page: Page, withouts: list[str]) -> Trace:
    from webdata.content import main_content as mc

    trace = Trace()
    truth = Counter(tokens(page.main_content))
    saved: dict[str, Any] = {}
    current: dict[int, set[str]] = defaultdict(set)

    def wrap_hook(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            out = fn(*args, **kwargs)
            if name.startswith("keep_"):
                before = args[-1]
                kept = {n.mem_id for n in out}
                for n in before:
                    if n.mem_id not in kept:
                        trace.spared[name].append((node_text(n), describe(n)))
            elif isinstance(out, list):
                for n in out:
                    if isinstance(n, LexborNode):
                        current[n.mem_id].add(name)
                        trace.removed[name].append((node_text(n), describe(n)))
            return out

        return run

    def removals(scope: LexborNode, total: int, *, scoped: bool) -> list[LexborNode]:
        trace.scope_text = node_text(scope)
        trace.scope_desc = describe(scope)
        trace.block_found = scoped
        found: list[LexborNode] = saved["_removals"](scope, total, scoped=scoped)
        for n in found:
            hooks = current.get(n.mem_id) or {_inline_kind(n)}
            text = node_text(n)
            if not current.get(n.mem_id):
                trace.removed[_inline_kind(n)].append((text, describe(n)))
            trace.topmost.append((",".join(sorted(hooks)), text, describe(n)))
        return found

    def find(body: LexborNode) -> Any:
        trace.body_text = node_text(body)
        result = saved["find_main_content"](body)
        trace.warning = result.warning
        trace.main_text = node_text(result.node)
        for s in withouts:
            if s in trace.main_text:
                holder = smallest_holding(result.node, s)
                if holder is not None:
                    size = len(holder.text(deep=True, strip=True))
                    links = sum(len(a.text(deep=True, strip=True)) for a in holder.css("a"))
                    block = chrome_block(holder, truth, result.node)
                    btext = " ".join(block.text(deep=True, separator=" ").split())
                    trace.without_holders[s] = (
                        f"{describe(holder)}  [{size} chars, links {links / max(size, 1):.0%}]"
                        f"\n    block {describe(block, 2)} [{len(btext)} chars,"
                        f" truth {_truth_share(block, truth):.0%}]: {btext[:160]!r}"
                    )
        return result

    hooks = {
        name: fn
        for name, fn in main_content_hooks().items()
        if name not in _NON_REMOVAL and (name.endswith("_removals") or name.startswith("keep_"))
    }
    from webdata.content import pipeline

    saved["_removals"] = mc._removals
    saved["find_main_content"] = pipeline.find_main_content
    try:
        for name, fn in hooks.items():
            setattr(mc, name, wrap_hook(name, fn))
        mc._removals = removals  # type: ignore[assignment]
        pipeline.find_main_content = find  # type: ignore[assignment]
        extract(page.html, page.url)
    finally:
        for name, fn in hooks.items():
            setattr(mc, name, fn)
        mc._removals = saved["_removals"]
        pipeline.find_main_content = saved["find_main_content"]
    return trace


def where_lost(s: str, page_text: str, trace: Trace) -> tuple[str, str]:
    """(mechanism, detail) for a ``with`` snippet missing from our output."""
    if s not in page_text:
        return "not-in-page-text", ""
    if s not in trace.body_text:
        return "junk-removed", ""
    if trace.warning:
        return "fallback", trace.warning
    if s not in trace.scope_text:
        kind = "block" if trace.block_found else "body"
        return "outside-main-block", f"{kind}: {trace.scope_desc}"
    blamed = [(h, d) for h, text, d in trace.topmost if s in text]
    if blamed:
        every = sorted({h for h, items in trace.removed.items() for t, _ in items if s in t})
        return "removed:" + blamed[0][0], f"{blamed[0][1]}  (all: {', '.join(every)})"
    if s not in trace.main_text:
        return "densest-descent", ""
    return "after-main (markdown)", ""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--type", action="append", default=[])
    parser.add_argument("--verify", action="store_true")
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    pages = [p for p in load_pages() if p.split == "dev" and (not args.type or p.type in args.type)]
    if args.limit:
        pages = pages[: args.limit]
    counts: Counter[str] = Counter()
    with_ok = with_strict = without_ok = with_pages = without_pages = 0
    mechanisms: Counter[str] = Counter()
    for page in pages:
        out = joined(extract(page.html, page.url))
        truth = joined(markdown_to_text(page.main_content))
        withs = [wanted(s) for s in page.with_snippets if tokens(s)]
        withouts = [joined(s) for s in page.without_snippets if tokens(s)]
        reachable = [s for s in withs if s in truth]
        missing = [s for s in reachable if s not in out]
        present = [s for s in withouts if s in out]
        if page.with_snippets:
            with_pages += 1
            with_ok += all(s in out for s in withs)
            with_strict += all(joined(s) in out for s in page.with_snippets if tokens(s))
        if page.without_snippets:
            without_pages += 1
            without_ok += not present
        if not missing and not present:
            continue
        trace = traced_run(page, present)
        page_text = node_text(LexborHTMLParser(page.html).root)  # type: ignore[arg-type]
        for s in present:
            counts["without"] += 1
            holder = trace.without_holders.get(s, "(not in main block text: markdown?)")
            also = " (the truth holds it too)" if s in truth else ""
            print(f"WITHOUT {page.id} {page.type:<13} {s.strip()[:70]!r}{also}\n    in {holder}")
        for s in missing:
            counts["with"] += 1
            mech, detail = where_lost(s, page_text, trace)
            mechanisms[mech] += 1
            print(f"WITH    {page.id} {page.type:<13} {s.strip()[:70]!r}\n    {mech} {detail}")
            if args.verify and mech.startswith("removed:"):
                every = {h for h, items in trace.removed.items() for t, _ in items if s in t}
                for hook in sorted(h for h in every if not h.startswith("inline:")):
                    with switched_off([hook]):
                        back = s in joined(extract(page.html, page.url))
                    print(f"      off {hook}: {'back' if back else 'still missing'}")
    print(
        f"\ndev pages {len(pages)}: with all present {with_strict}/{with_pages}"
        f" ({with_strict / max(with_pages, 1):.1%}; cut words as prefixes"
        f" {with_ok / max(with_pages, 1):.1%}),"
        f" no without present {without_ok}/{without_pages}"
        f" ({without_ok / max(without_pages, 1):.1%})"
    )
    print(f"snippets: {counts['without']} without present, {counts['with']} with missing")
    for mech, n in mechanisms.most_common():
        print(f"  {n:4d} {mech}")


if __name__ == "__main__":
    main()

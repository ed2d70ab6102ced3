"""Lists of teasers the page shows twice, each copy in its own markup.

Index pages render their lead stories twice (a carousel for wide screens and a list for
narrow ones, a "featured" strip repeated in the feed): the same titles linking the same
pages, but with other wrappers, bylines and date formats, so ``repeated_blocks`` (equal
text) misses them. A list is known by the targets of the links in its headings: the lowest
element holding headings that are links to a set of at least ``_MIN_TEASERS`` pages, when another
element holds heading links to exactly the same set earlier in the page, is a second copy
and goes; the first stays. In-page links (a table of contents) are not read.
"""

from __future__ import annotations

from collections import defaultdict

from selectolax.lexbor import LexborNode

from webdata.content.dom import elements, has_ancestor_in, text_len

_HEADINGS = "h2, h3, h4, h5, h6"
_TITLE_SHARE = 0.8  # a heading this much a link is a teaser's title
_MIN_TEASERS = 3
_LEVELS = 8  # a list holds its teasers' headings this close


def repeated_list_removals(scope: LexborNode, removed: list[LexborNode]) -> list[LexborNode]:
    """Second copies of a list of teasers under ``scope``; ``removed``: already going."""
    gone = {n.mem_id for n in removed}
    targets: dict[int, set[str]] = defaultdict(set)
    nodes: dict[int, LexborNode] = {}
    order: dict[int, int] = {}
    for heading in elements(scope, _HEADINGS):
        link = heading.css_first("a[href]")
        if link is None or has_ancestor_in(heading, gone):
            continue
        href = link.attrs.get("href") or ""
        if not href or href.startswith(("#", "javascript:")):
            continue
        if text_len(link) < _TITLE_SHARE * text_len(heading):
            continue  # a heading with a link in it, not a teaser's title
        current = heading.parent
        for _ in range(_LEVELS):
            if current is None or current.mem_id == scope.mem_id:
                break
            key = current.mem_id
            targets[key].add(href)
            nodes[key] = current
            order.setdefault(key, len(order))
            current = current.parent
    groups: dict[frozenset[str], list[int]] = defaultdict(list)
    for key, hrefs in targets.items():
        if len(hrefs) >= _MIN_TEASERS:
            groups[frozenset(hrefs)].append(key)
    out: list[LexborNode] = []
    for keys in groups.values():
        ids = set(keys)
        above = {a for k in keys for a in _ancestors(nodes[k]) if a in ids}
        lowest = [k for k in keys if k not in above]
        if len(lowest) < 2:
            continue
        lowest.sort(key=order.__getitem__)
        out += [nodes[k] for k in lowest[1:]]
    return out


def _ancestors(node: LexborNode) -> list[int]:
    """``mem_id`` of the ``_LEVELS`` nearest strict ancestors of ``node``."""
    out: list[int] = []
    current = node.parent
    while current is not None and len(out) < _LEVELS:
        out.append(current.mem_id)
        current = current.parent
    return out

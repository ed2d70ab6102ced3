"""The first part of a page's own feed, kept when a teaser-grid rule takes it.

On an archive (a topic's news page, a blog's category, a shop's grid), the first few items
often sit in a section of their own under a heading ("Latest news", "Recent posts"), and the
feed goes on below it in more items of the same markup. The rules for grids of cross-links
(a block opened by a "Latest news" heading, small beside the whole) take that section as one.
A removal is the head of the feed, and stays, when it opens the content right under the
page's ``<h1>`` (no text between them) and holds at least two items (teasers or cards: a
heading, or a link and some text of its own) whose look-alikes (same tag and classes, as
:mod:`list_blocks` compares them) follow it outside every removal, at least as many as it
holds, and hold a good share of the block's text. A grid of related posts closes an article:
no look-alikes of its cards follow it, and the article's text stands between it and the
headline.
"""

from __future__ import annotations

from collections import Counter

from selectolax.lexbor import LexborNode

from webdata.content.dom import has_ancestor_in, text_len
from webdata.content.list_blocks import item, shape

_MIN_CHARS = 150  # a removal shorter than this holds no two teasers
_MAX_SHARE = 0.5  # of the block: a removal larger than this is not one section of a feed
_FEED_SHARE = 0.3  # of the block: the look-alikes that stay hold at least this much text
_MIN_ITEMS = 2
_SHAPES = 3  # the most repeated shapes of a removal that are tried
_DEPTH = 3  # levels under a removal where its items are looked for


def keep_feed_heads(scope: LexborNode, total: int, found: list[LexborNode]) -> list[LexborNode]:
    """``found`` without the removals that are the first items of ``scope``'s feed."""
    if not found or total <= 0:
        return found
    floor, ceiling = _MIN_CHARS, _MAX_SHARE * total
    # (the size first: most removals are small, and their sizes are known already)
    heads = [
        n
        for n in found
        if n.mem_id != scope.mem_id
        and floor <= text_len(n) <= ceiling
        and _under_headline(n, scope)
    ]
    if not heads:
        return found
    removed = {n.mem_id for n in found}
    keep = {
        n.mem_id
        for n in heads
        if not has_ancestor_in(n, removed) and _feed_head(n, scope, total, removed)
    }
    if not keep:
        return found
    return [n for n in found if n.mem_id not in keep]


def _feed_head(node: LexborNode, scope: LexborNode, total: int, removed: set[int]) -> bool:
    counts: Counter[tuple[str, frozenset[str]]] = Counter()
    level = [node]
    for _ in range(_DEPTH):  # (a section's items sit a few levels under it)
        level = [c for parent in level for c in parent.iter()]
        for element in level:
            key = shape(element)
            if key[1] or key[0] == "article":
                counts[key] += 1
    for key, count in counts.most_common(_SHAPES):
        if count < _MIN_ITEMS:
            break
        if _followed(node, key, count, scope, total, removed):
            return True
    return False


def _followed(
    node: LexborNode,
    key: tuple[str, frozenset[str]],
    count: int,
    scope: LexborNode,
    total: int,
    removed: set[int],
) -> bool:
    """Whether items of shape ``key`` inside ``node`` (``count`` of them) are teasers and
    at least as many look-alikes follow ``node`` and stay, holding a good share of the text."""
    alike = [e for e in scope.css(_selector(key)) if shape(e) == key]
    inner = [i for i, e in enumerate(alike) if has_ancestor_in(e, {node.mem_id})]
    if len(inner) < _MIN_ITEMS or not all(item(alike[i], text_len(alike[i])) for i in inner):
        return False
    after = [
        e
        for e in alike[inner[-1] + 1 :]
        if e.mem_id not in removed and not has_ancestor_in(e, removed)
    ]
    if len(after) < max(_MIN_ITEMS, count):
        return False
    return sum(text_len(e) for e in after) >= _FEED_SHARE * total


def _selector(key: tuple[str, frozenset[str]]) -> str:
    """A selector for the elements of shape ``key`` (and some others: the caller compares)."""
    tag, classes = key
    plain = sorted(c for c in classes if '"' not in c and "\\" not in c)
    return f'{tag}[class~="{plain[0]}"]' if plain else tag


def _under_headline(node: LexborNode, scope: LexborNode) -> bool:
    """Whether the nearest text before ``node`` (in ``scope``) is the page's ``<h1>``: the
    section opens the content right under the headline."""
    current: LexborNode | None = node
    while current is not None and current.mem_id != scope.mem_id:
        sibling = current.prev
        while sibling is not None:
            if sibling.tag == "h1" or (sibling.tag != "-text" and text_len(sibling)):
                return sibling.tag == "h1" or sibling.css_first("h1") is not None
            sibling = sibling.prev
        current = current.parent
    return False

"""Blocks the page shows twice: a responsive layout's second copy (mobile and desktop versions
of the same description), a product text repeated in a tab, a card rendered twice.

A block of ``MIN_CHARS`` (``PRODUCT_MIN_CHARS`` on product pages) to ``_MAX_CHARS``
characters whose text equals an earlier block's is dropped; the first copy stays. Not
touched: quotes (a reply quoting a post repeats it on purpose), code, copies nested in
each other, and copies in two tab panels that hold code (documentation writes the same
steps once per language or platform tab, each tab a whole walkthrough). Blocks already
removed as boilerplate neither count as the first copy nor are looked at.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import contains, deep_text

MIN_CHARS = 150
# Shops render their short lines twice too (the price box, the model's size, a seller badge
# in the desktop and the mobile layout): on product pages, copies from this length go.
PRODUCT_MIN_CHARS = 80
_BLOCKS = "div, section, article, ul, ol, p, table, dl"
_KEPT_INSIDE = "pre, code, blockquote"
# Larger blocks are page wrappers, not copies; skipping them keeps the pass linear-ish.
_MAX_CHARS = 20_000


def _quoted(node: LexborNode) -> bool:
    current: LexborNode | None = node
    while current is not None:
        classes = (current.attributes.get("class") or "").lower()
        if current.tag == "blockquote" or "quote" in classes:
            return True
        current = current.parent
    return False


def _code_tab(node: LexborNode) -> int | None:
    """``mem_id`` of the tab panel around ``node`` when that panel holds code, else None.

    Only code tabs: the tabs of listings and shops (all / popular, description / details)
    do repeat the same items, and there the copy is noise."""
    current = node.parent
    while current is not None:
        if current.attributes.get("role") == "tabpanel":
            return current.mem_id if current.css_first("pre") is not None else None
        current = current.parent
    return None


def repeated_block_removals(scope: LexborNode, removed: list[LexborNode]) -> list[LexborNode]:
    """Second and later copies of a block under ``scope``; ``removed``: already going."""
    gone = {n.mem_id for n in removed}
    first_seen: dict[str, LexborNode] = {}
    least = PRODUCT_MIN_CHARS if is_product_page(scope) else MIN_CHARS
    out: list[LexborNode] = []
    # whether a node is in ``gone`` or under one of its nodes, by ``mem_id``: blocks come in
    # document order, so each ancestor is settled once (later copies are added as they go)
    covered: dict[int, bool] = {}
    for node in scope.css(_BLOCKS):
        if node.mem_id == scope.mem_id or _covered(node, gone, covered):
            continue
        # Text nodes stripped and joined: cheap, and equal for copies that differ only in
        # the whitespace between tags.
        text = deep_text(node)
        if len(text) < least or len(text) > _MAX_CHARS:
            continue
        first = first_seen.get(text)
        if first is None:
            first_seen[text] = node
            continue
        if contains(first, node) or contains(node, first):
            continue  # a wrapper and its only child: one block, not two
        if node.css_first(_KEPT_INSIDE) is not None or _quoted(node) or _quoted(first):
            continue
        panel = _code_tab(node)
        if panel is not None and _code_tab(first) not in (None, panel):
            continue  # the same step in another language's tab
        out.append(node)
        gone.add(node.mem_id)
        covered[node.mem_id] = True
    return out


def _covered(node: LexborNode, gone: set[int], covered: dict[int, bool]) -> bool:
    """Whether ``node`` or an ancestor is in ``gone``, the answers on ancestors remembered in
    ``covered`` (a node first met is settled from its nearest settled ancestor)."""
    path: list[int] = []
    current: LexborNode | None = node
    verdict = False
    while current is not None:
        key = current.mem_id
        known = covered.get(key)
        if known is not None:
            verdict = known
            break
        path.append(key)
        if key in gone:
            verdict = True
            break
        current = current.parent
    for key in path:
        covered[key] = verdict
    return verdict

"""The price box shown twice on a product page.

Shops print the product's price box in the desktop and the mobile layout, or in a regular
and a sale template side by side: the same "MSRP: Was: $20.00" two to four times. On a
product page (:func:`commerce_noise.is_product_page`), an element named ``price`` whose text
is another kept one's goes; the copy nearest the product's name stays (the others may lie
outside the block finally chosen). Lists of offers, where several items cost the same, are
left alone: a page with more than a few price elements is one of those, and so are equal
prices in one table or list (variants that cost the same).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import common_ancestor, has_ancestor_in, named_hits, token_words

_PRICE_WORDS = frozenset({"price", "prices", "pricing"})
_PARTS = ("pric",)  # (the candidates: a class or id holding it)
_MAX_CHARS = 60  # a price box, not a table of prices
_MAX_BOXES = 8  # more price elements: a list of offers, whose prices may well be equal
_TABLES = frozenset({"table", "tbody", "thead", "tr", "ul", "ol", "dl", "select"})


def _named_price(node: LexborNode) -> bool:
    attrs = node.attrs
    words = token_words(f"{attrs.get('class') or ''} {attrs.get('id') or ''}")
    return not _PRICE_WORDS.isdisjoint(words)


def repeated_price_removals(scope: LexborNode, removed: list[LexborNode]) -> list[LexborNode]:
    """Second and later copies of the price box under ``scope``; ``removed``: already going."""
    if not is_product_page(scope):
        return []
    gone = {n.mem_id for n in removed}
    boxes: list[LexborNode] = []
    taken: set[int] = set()
    for node in named_hits(scope, _PARTS, _PARTS):
        if node.mem_id == scope.mem_id or not _named_price(node):
            continue
        if node.mem_id in gone or has_ancestor_in(node, gone | taken):
            continue
        taken.add(node.mem_id)  # the outermost price element speaks for what it holds
        boxes.append(node)
    if len(boxes) > _MAX_BOXES:
        return []
    copies: dict[str, list[LexborNode]] = {}
    for node in boxes:
        text = " ".join(node.text(deep=True, separator=" ").split())
        if text and len(text) <= _MAX_CHARS:
            copies.setdefault(text, []).append(node)
    h1 = scope.css_first("h1")
    out: list[LexborNode] = []
    for group in copies.values():
        if len(group) > 1:
            kept = _nearest(group, h1) if h1 is not None else group[0]
            out += [n for n in group if n.mem_id != kept.mem_id and not _same_table(n, kept)]
    return out


def _same_table(node: LexborNode, other: LexborNode) -> bool:
    """Whether the two sit in one table or list: the prices of two variants that cost the
    same ("S $20", "M $20"), not two copies of one box."""
    shared = common_ancestor(node, other)
    while shared is not None and shared.tag not in ("body", "html"):
        if shared.tag in _TABLES:
            return True
        shared = shared.parent
    return False


def _nearest(nodes: list[LexborNode], h1: LexborNode) -> LexborNode:
    """The copy sharing the deepest wrapper with the product's name (the real price box;
    the others may lie outside the block finally chosen)."""
    return max(nodes, key=lambda node: _depth(common_ancestor(node, h1)))


def _depth(node: LexborNode | None) -> int:
    depth = 0
    while node is not None:
        depth += 1
        node = node.parent
    return depth

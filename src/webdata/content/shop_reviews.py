"""Customer-review sections of shop pages that are not marked as product pages.

``commerce_noise`` removes reviews on pages marked as one product (by the head or the
layout). A shop page whose head and layout say nothing (a product page laid out unusually,
a collection) still shows its customers' reviews beside the content. On a page with a
purchase control ("add to cart", "buy now", a cart form: ``product_signals``), an element
whose class/id words name reviews or ratings goes when it is a section of them (at least
``_MIN_CHARS`` of text: not a card's star line, "4.5 (123)", which belongs to the card) and
small beside the main block. The page's ``<h1>`` and its wrappers stay.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import (
    ancestor_ids,
    document_html,
    has_ancestor_in,
    named,
    named_hits,
    text_len,
)
from webdata.content.product_signals import purchase_controls

_WORDS = frozenset({"review", "reviews", "rating", "ratings"})
_MIN_CHARS = 200
_SMALL_SHARE = 0.3
_PARTS = ("review", "rating")  # (the candidates: a class or id holding one)


def _shop_page(scope: LexborNode) -> bool:
    root = document_html(scope)
    body = root.css_first("body") if root is not None else None
    return body is not None and bool(purchase_controls(body))


def shop_review_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Review sections under ``scope`` (text length ``total``) on an unmarked shop page."""
    if is_product_page(scope):
        return []  # (a product page's reviews are commerce_noise's)
    candidates = named_hits(scope, _PARTS, _PARTS)
    if not candidates or not _shop_page(scope):
        return []
    h1 = scope.css_first("h1")
    keep = ancestor_ids(h1) if h1 is not None else set()
    limit = _SMALL_SHARE * total
    taken: set[int] = set()
    out: list[LexborNode] = []
    for node in candidates:  # document order: a section before the reviews it holds
        if node.mem_id == scope.mem_id or node.mem_id in keep:
            continue
        if not named(node, _WORDS):
            continue
        if has_ancestor_in(node, taken) or not _MIN_CHARS <= text_len(node) <= limit:
            continue
        taken.add(node.mem_id)
        out.append(node)
    return out

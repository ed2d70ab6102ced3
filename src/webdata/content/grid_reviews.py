"""Customer-review sections of a shop's category page.

``shop_reviews`` removes review sections from shop pages it knows by a purchase control
("add to cart"). A category page often has none (its cards link to the products) but shows
the shop's reviews beside its grid all the same: "Our Google Reviews: 4.9, 697 reviews",
a Trustpilot carousel, "What our customers say". On a page holding a grid of product cards
(:func:`grid_promos.product_grids`), an element whose class/id words name reviews, ratings or
testimonials goes when it is a section of them (at least ``_MIN_CHARS``: not a card's star
line), small beside the main block, and neither a grid, around one (its wrappers), inside
one, nor around the page's ``<h1>``; the outermost such section only.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import ancestor_ids, has_ancestor_in, named, named_hits, text_len
from webdata.content.grid_promos import Grid

_WORDS = frozenset({"review", "reviews", "rating", "ratings", "testimonial", "testimonials"})
_PARTS = ("review", "rating", "testimonial")  # (the candidates: a class or id holding one)
_MIN_CHARS = 200
_SMALL_SHARE = 0.3


def grid_review_removals(scope: LexborNode, total: int, grids: list[Grid]) -> list[LexborNode]:
    """Review sections under ``scope`` (text length ``total``) beside its product ``grids``."""
    if not grids:
        return []
    candidates = named_hits(scope, _PARTS, _PARTS)
    if not candidates:
        return []
    h1 = scope.css_first("h1")
    keep = ancestor_ids(h1) if h1 is not None else set()
    for grid in grids:
        keep |= ancestor_ids(grid.node)  # a grid and its wrappers are the page's items
    within = {grid.node.mem_id for grid in grids}
    limit = _SMALL_SHARE * total
    taken: set[int] = set()
    out: list[LexborNode] = []
    for node in candidates:  # document order: a section before the reviews it holds
        if node.mem_id == scope.mem_id or node.mem_id in keep or not named(node, _WORDS):
            continue
        if has_ancestor_in(node, taken) or has_ancestor_in(node, within):
            continue
        if not _MIN_CHARS <= text_len(node) <= limit:
            continue
        taken.add(node.mem_id)
        out.append(node)
    return out

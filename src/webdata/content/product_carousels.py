"""Rows of other products' cards below a product: "All listings", "You may also like".

A product page shows the product once: its name, pictures, price and description. Below
that, shops and marketplaces line up cards of other products or other offers of this one
(other sellers' listings, add-ons, "customers also viewed"): each a picture, a name, a price,
a link to its own page. Their headings are many and the themes name them freely, so the row
is found by its structure: a grid of product cards (:func:`grid_promos.product_grids`) on a
product page (:func:`commerce_noise.is_product_page`) that comes after the page's ``<h1>``
and does not hold it, small beside the main block (at most :data:`_SMALL_SHARE` of its
text: on a category page wrongly taken for one product, the grid is the page). The row is
taken with its heading and its controls (a wrapper adding at most :data:`_CAPTION_CHARS`
characters of text to it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import ancestor_ids, text_len
from webdata.content.grid_promos import Grid

_SMALL_SHARE = 0.3
_CAPTION_CHARS = 150  # a heading, a "See all" link, a sort or filter control


def after_headline(node: LexborNode, h1: LexborNode, h1_line: set[int]) -> bool:
    """Whether ``node`` (not holding ``h1``) comes after ``h1`` in document order:
    below their common ancestor, ``h1``'s branch comes first (``h1_line``: ``h1``'s
    ancestors' ids)."""
    branch = node
    while branch.parent is not None and branch.parent.mem_id not in h1_line:
        branch = branch.parent
    sibling = branch.prev
    while sibling is not None:
        if sibling.mem_id in h1_line:
            return True
        sibling = sibling.prev
    return False


def widened_row(grid: LexborNode, scope: LexborNode, limit: float) -> LexborNode:
    """``grid`` with the wrappers that add only a caption to it (its heading, its controls)."""
    size = text_len(grid)
    best = grid
    current = grid.parent
    while current is not None and current.mem_id != scope.mem_id:
        wider = text_len(current)
        if wider > size + _CAPTION_CHARS or wider > limit or current.css_first("h1") is not None:
            break
        best = current
        current = current.parent
    return best


def rows_after_headline(
    scope: LexborNode,
    total: int,
    nodes: Iterable[LexborNode],
    keep: Callable[[LexborNode], bool] = lambda node: True,
) -> list[LexborNode]:
    """Those of ``nodes`` that sit after the ``<h1>`` of ``scope`` (text length ``total``),
    outside its line and small beside the block, and that ``keep`` accepts; each widened
    to the wrappers that only caption it."""
    h1 = scope.css_first("h1")
    if h1 is None:
        return []
    h1_line = ancestor_ids(h1)
    limit = _SMALL_SHARE * total
    out: list[LexborNode] = []
    for node in nodes:
        if node.mem_id in h1_line or text_len(node) > limit:
            continue
        if after_headline(node, h1, h1_line) and keep(node):
            out.append(widened_row(node, scope, limit))
    return out


def carousel_removals(scope: LexborNode, total: int, grids: list[Grid]) -> list[LexborNode]:
    """Rows of product cards after the product's ``<h1>`` under ``scope`` (text length
    ``total``) on a product page (``grids``: :func:`grid_promos.product_grids` of ``scope``)."""
    if not grids or not is_product_page(scope):
        return []
    return rows_after_headline(scope, total, (grid.node for grid in grids))

"""Rows of other offers on a product page, found by their purchase buttons.

A product page sells one product: its name, its price and one purchase control ("Add to
cart", "Buy now"). Below it, shops line up other offers, each with a button of its own: a
table comparing the shop's other models, "Featured products", "Frequently bought together",
bundles, accessories. :mod:`product_carousels` finds such rows when they are laid out as a
grid of cards; themes also lay them out as a comparison table (a row of names, a row of
buttons, a row of prices...) and name them freely (``ProductComparison``, hashed
``c8f2k1``), so neither the grid nor the class words of :mod:`commerce_noise` find them.
Here they are found by the buttons: on a product page (:func:`commerce_noise.is_product_page`),
the smallest element holding at least :data:`_MIN_CONTROLS` purchase controls
(:func:`product_signals.purchase_controls`) goes when it

* leads to at least as many other pages as it holds buttons (each offer links to its own
  page; a product's own options, its sizes or formats, lead nowhere else),
* comes after the page's ``<h1>`` and does not hold it (the product's own buy box is beside
  its name), and
* is small beside the main block (at most :data:`product_carousels._SMALL_SHARE` of its text:
  on a listing taken for one product, the cards are the page);

taken with the wrappers that add only a caption to it (its heading, a "See all" link).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.product_carousels import rows_after_headline
from webdata.content.product_signals import purchase_controls

_MIN_CONTROLS = 3


def _targets(node: LexborNode) -> int:
    """How many pages the links under ``node`` lead to (addresses without their query and
    fragment; in-page links and scripts not counted)."""
    seen: set[str] = set()
    for link in node.css("a[href]"):
        href = (link.attrs.get("href") or "").strip()
        if not href or href.startswith(("#", "javascript:")):
            continue
        seen.add(href.split("#", 1)[0].split("?", 1)[0])
    return len(seen)


def _holders(scope: LexborNode, controls: list[LexborNode]) -> list[tuple[LexborNode, int]]:
    """The smallest elements under ``scope`` holding :data:`_MIN_CONTROLS` of ``controls``
    or more (none holds another), with how many they hold, in document order."""
    counts: dict[int, int] = {}
    nodes: dict[int, LexborNode] = {}
    own = scope.mem_id
    for control in controls:  # each control climbs once: linear in controls x depth
        node = control.parent
        while node is not None and node.mem_id != own:
            counts[node.mem_id] = counts.get(node.mem_id, 0) + 1
            nodes[node.mem_id] = node
            node = node.parent
    # an element whose count passes has every ancestor passing too: the smallest are those
    # with no child passing
    holding: set[int] = set()
    for key, count in counts.items():
        parent = nodes[key].parent
        if count >= _MIN_CONTROLS and parent is not None:
            holding.add(parent.mem_id)
    return [
        (nodes[key], count)
        for key, count in counts.items()
        if count >= _MIN_CONTROLS and key not in holding
    ]


def offer_row_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Rows of other offers with their purchase buttons under ``scope`` (text length
    ``total``) on a product page."""
    if not is_product_page(scope):
        return []
    controls = [c for c in purchase_controls(scope) if c.mem_id != scope.mem_id]
    if len(controls) < _MIN_CONTROLS:
        return []
    holders = _holders(scope, controls)
    counts = {node.mem_id: count for node, count in holders}
    return rows_after_headline(
        scope,
        total,
        (node for node, _ in holders),
        keep=lambda node: _targets(node) >= counts[node.mem_id],
    )

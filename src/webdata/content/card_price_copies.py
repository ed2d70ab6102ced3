"""A product card's price printed twice.

Shop themes write both a card's regular-price block and its sale-price block into the page
and let the style sheet show one (Shopify's "price__regular" and "price__sale"): without
the style sheet the card says "$19.99 $19.99". In the cards of a product grid
(:func:`grid_promos.product_grids`), a block that repeats the prices of an earlier sibling
block, with nothing else but price labels ("Regular price", "Sale price"), goes. A block
naming something besides its price (a size, "M $20" after "S $20") stays.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import TEXT_WORD, deep_text, text_len
from webdata.content.grid_promos import Grid

_PRICE = re.compile(
    r"[$\u00a3\u20ac\u00a5\u20b9]\s?\d[\d,.]*|\d[\d,.]*\s?[$\u00a3\u20ac\u00a5\u20b9]"
)
_BLOCK_CHARS = 80  # a price block with its labels ("Regular price $19.99 Sale price $14.99")
_LABELS = frozenset(
    {"regular", "sale", "price", "original", "was", "now", "from", "current", "compare", "at"}
)


def _prices(node: LexborNode) -> frozenset[str] | None:
    """The prices ``node`` shows, when it shows nothing else but price labels; else None."""
    if _PRICE.search(deep_text(node)) is None:
        return None  # (most elements of a card)
    text = node.text(deep=True, separator=" ")  # "Regular price" and "Sale price" apart
    prices = frozenset(p.replace(" ", "") for p in _PRICE.findall(text))
    if not prices:
        return None
    rest = _PRICE.sub(" ", text).lower()
    return prices if all(w in _LABELS for w in TEXT_WORD.findall(rest)) else None


def _copies(card: LexborNode) -> list[LexborNode]:
    out: list[LexborNode] = []
    for parent in (card, *card.css("*")):
        blocks = [c for c in parent.iter() if 0 < text_len(c) <= _BLOCK_CHARS]
        if len(blocks) < 2:
            continue  # (most elements of a card: one child or none)
        seen: set[frozenset[str]] = set()
        for child in blocks:
            prices = _prices(child)
            if prices is None:
                continue
            if prices in seen:
                out.append(child)
            seen.add(prices)
    return out


def card_price_copy_removals(grids: list[Grid]) -> list[LexborNode]:
    """Second copies of a price block in the cards of the product ``grids``."""
    return [copy for grid in grids for card in grid.cards for copy in _copies(card)]

"""Variant counts on the cards of a product grid ("3 colors", "+2 more", "5 sizes available").

A card counts the colours or sizes it comes in beside its swatches; the count is a control
of the grid (it opens the swatches), not the item's text. Inside the cards of a grid of
product cards (:func:`grid_promos.product_grids`) an element whose whole text is such a count
goes.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import short_texts
from webdata.content.grid_promos import Grid

_COUNT = re.compile(
    r"^\W*(?:\+\s?)?\d{1,3}\s+(?:more\s+)?(?:colou?rs?|sizes?|styles?|options?|finishes|"
    r"patterns?|variants?|shades?)(?:\s+available)?\W*$|^\W*\+\s?\d{1,3}(?:\s+more)?\W*$",
    re.IGNORECASE,
)
_TAGS = "a, span, div, p, li, small, strong, b, button, label"
_MAX_CHARS = 40


def card_variant_count_removals(grids: list[Grid]) -> list[LexborNode]:
    """Variant counts in the cards of the product ``grids``."""
    out: list[LexborNode] = []
    for grid in grids:
        for card in grid.cards:
            for node, text in short_texts(card, card.css(_TAGS), _MAX_CHARS):
                if _COUNT.match(" ".join(text.split())):
                    out.append(node)
    return out

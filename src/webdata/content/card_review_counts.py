"""Review-count links on the cards of a product grid ("(132)", "80 Reviews", "4.8 (132)").

A shop's card shows its item's stars and the number of reviews behind them, the number a
link to the reviews on the item's page (``/p/123#reviews``, ``/p/123/reviews``). The stars
are pictures and leave no text; the count stays alone, a bare number in brackets between the
item's name and its price, that says nothing once the grid is text. Inside the cards of a
grid of product cards (:func:`grid_promos.product_grids`), a link whose whole text is such a
count and which leads to the card's own item (its path is, or starts with, the path of
another link of the card) goes. A count written out in words beside the stars ("22 reviews
with an average rating of 4.6 out of 5 stars") is no bare count and stays, and so does a
count that links elsewhere (a filter's "(12)").
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from selectolax.lexbor import LexborNode

from webdata.content.grid_promos import Grid

_COUNT = re.compile(
    r"^\W{0,2}(?:\d(?:[.,]\d)?\s?)?\(\d[\d,.]{0,8}\)\W{0,2}$"
    r"|^\W{0,2}\d[\d,.]{0,8}\s(?:customer\s)?(?:reviews?|ratings?|avis|bewertungen|"
    r"rese\u00f1as|opiniones|recensioni|beoordelingen)\W{0,2}$",
    re.IGNORECASE,
)
_MAX_CHARS = 40


def _path(link: LexborNode) -> str:
    href = (link.attrs.get("href") or "").strip()
    if not href or href.startswith(("#", "javascript:")):
        return ""
    return urlsplit(href).path.rstrip("/")


def _counts(card: LexborNode) -> list[LexborNode]:
    counts: list[tuple[LexborNode, str]] = []
    paths: set[str] = set()  # where the card's other links lead
    for link in card.css("a[href]"):
        path = _path(link)
        text = " ".join(link.text(deep=True).split())
        if path and text and len(text) <= _MAX_CHARS and _COUNT.match(text):
            counts.append((link, path))
        elif path:
            paths.add(path)
    out: list[LexborNode] = []
    for link, path in counts:
        # leads to the card's item: its page, or a page under the item's path (two
        # segments at least: not "/c" above "/c/reviews")
        parts = path.split("/")
        if path in paths or any("/".join(parts[:end]) in paths for end in range(3, len(parts))):
            out.append(link)
    return out


def card_review_count_removals(grids: list[Grid]) -> list[LexborNode]:
    """Review-count links in the cards of the product ``grids``."""
    return [count for grid in grids for card in grid.cards for count in _counts(card)]

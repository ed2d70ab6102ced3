"""Promotion tiles set among the product cards of a shop's grid.

Shops slot a few promotion tiles into their product grids ("Save 30% off your first order",
"Bundle & save", "Shop our Global Carry-Ons"): a picture and a line or two, laid out like a
card but selling an offer, not an item. A grid here is an element whose children are mostly
product cards: at least ``_MIN_CARDS`` children, and ``_CARD_SHARE`` of those with text,
each holding a price and a link, at most ``_CARD_CHARS`` long. Among them, a child with a
picture and no price, short, whose links lead nowhere the cards lead is such a tile and goes
("where the cards lead": a link's first path segment when two cards or more share it, like
``/products/``; a sold-out item's card, or a free one, still leads there and stays).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from urllib.parse import urlsplit

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, text_len

# A currency sign or code beside a number: "$19.99", "749,00 €", "EUR 16.34".
_PRICE = re.compile(
    r"(?:[$\u00a3\u20ac\u00a5\u20b9]|\b(?:usd|eur|gbp|cad|aud)\b)\s?\d"
    r"|\d\s?(?:[$\u00a3\u20ac\u00a5\u20b9]|\b(?:usd|eur|gbp)\b)",
    re.IGNORECASE,
)
_MIN_CARDS = 6
_CARD_SHARE = 0.8
_CARD_CHARS = 1500  # a card with its specs and rating line, not a section
_TILE_CHARS = 200  # a slogan and its call to action
_SHARED = 2  # cards leading under one first path segment that make it the grid's
_PICTURES = "img, picture"
_LEVELS = 8  # a picture sits within a few wrappers of its card (link, figure, ratio box)


def _segments(node: LexborNode) -> set[str]:
    """First path segments of the pages ``node``'s links lead to (in-page and script links,
    and one-segment paths, which say nothing of the kind of page, left out)."""
    out: set[str] = set()
    for link in node.css("a[href]"):
        href = (link.attrs.get("href") or "").strip()
        if not href or href.startswith(("#", "javascript:")):
            continue
        parts = urlsplit(href).path.strip("/").split("/")
        if len(parts) > 1:
            out.add(parts[0].lower())
    return out


def _is_card(node: LexborNode, size: int) -> bool:
    return (
        size <= _CARD_CHARS
        and node.css_first("a[href]") is not None
        and _PRICE.search(deep_text(node)) is not None
    )


@dataclass(frozen=True, slots=True)
class Grid:
    """A grid of product cards: the element, its cards, and its other children with text
    (with their text lengths)."""

    node: LexborNode
    cards: list[LexborNode]
    others: list[tuple[LexborNode, int]]


def _grid(node: LexborNode) -> Grid | None:
    """``node`` as a grid of product cards, or None when its children are not mostly cards."""
    children = [(c, size) for c in node.iter() if (size := text_len(c))]
    if len(children) < _MIN_CARDS:
        return None
    most = len(children) - _CARD_SHARE * len(children)  # children that are no card, at most
    cards: list[LexborNode] = []
    others: list[tuple[LexborNode, int]] = []
    for child, size in children:
        if _is_card(child, size):
            cards.append(child)
        else:
            others.append((child, size))
            if len(others) > most:
                return None  # not a grid of cards (most parents: found out early)
    return Grid(node, cards, others) if len(cards) >= _MIN_CARDS else None


def product_grids(scope: LexborNode) -> list[Grid]:
    """The grids of product cards under ``scope`` (read once, for the rules that ask)."""
    out: list[Grid] = []
    reach: dict[int, int] = {}  # element looked at -> levels still to climb above it, at most
    # A grid's cards and tiles show pictures: the grids looked at are the near ancestors of
    # the pictures (no walk over every element; lexbor's :nth-child is quadratic in a long
    # run of siblings).
    for picture in scope.css(_PICTURES):
        current = picture.parent
        for level in range(_LEVELS):
            if current is None or current.mem_id == scope.mem_id:
                break
            node = current.parent
            if node is None:
                break
            left = _LEVELS - level - 1
            known = reach.get(node.mem_id)
            if known is None:
                if (grid := _grid(node)) is not None:
                    out.append(grid)
            elif known >= left:
                break  # (climbed from here before, as far up)
            reach[node.mem_id] = left
            current = node
    return out


def _tiles(grid: Grid) -> list[LexborNode]:
    """The promotion tiles among a grid's children."""
    counts = Counter(seg for card in grid.cards for seg in _segments(card))
    shared = {seg for seg, n in counts.items() if n >= _SHARED}
    return [
        child
        for child, size in grid.others
        if size <= _TILE_CHARS
        and child.css_first(_PICTURES) is not None
        and _PRICE.search(deep_text(child)) is None
        and not _segments(child) & shared
    ]


def grid_promo_removals(grids: list[Grid]) -> list[LexborNode]:
    """Promotion tiles in the product ``grids`` (:func:`product_grids`)."""
    return [tile for grid in grids if grid.others for tile in _tiles(grid)]

"""Promotion tiles set among the product cards of a shop's grid.

Shops slot a few promotion tiles into their product grids ("Save 30% off your first order",
"Bundle & save", "Shop our Global Carry-Ons"): a picture and a line or two, laid out like a
card but selling an offer, not an item. A grid here is an element whose children are mostly
product cards: at least ``_MIN_CARDS`` children, and ``_CARD_SHARE`` of those with text,
each holding a price and a link, at most ``_CARD_CHARS`` long. Among them, a child with a
picture and no price, short, whose links lead nowhere the cards lead is such a tile and goes
("where the cards lead": a link's first path segment when two cards or more share it, like
``/products/``; a sold-out item's card, or a free one, still leads there and stays).

An offer tile can name amounts ("Get $130 in value: $30 in card rewards when approved for
the store's credit card"), and then counts as a card. Among the cards, when nearly all of
them (``_LEADING``) lead somewhere in common, one that leads elsewhere, short, with a
picture, and with no line that is a price (a card shows its price on a line of its own:
"$19.99", "From 749,00 €"; an offer writes its amounts in sentences) is such a tile too. When
the cards lead each under a path of its own (a brand's, a range's) but nearly all of them
show a price line, one leading where no other card leads, short, with a picture and no price
line ("Free delivery from 299€!") is such a tile as well.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from urllib.parse import urlsplit

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, line_text, text_len

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
_OFFER_CHARS = 400  # an offer tile: a headline, a sentence or two and its small print
_LEADING = 0.8  # share of the cards leading under a shared first segment
_COMMON = 0.1  # ... shared by at least this share of the cards
# A line that is a price and little else ("$19.99", "749,00 €", "From $12", "Now EUR 16.34").
_BARE_PRICE = re.compile(
    r"^\W{0,3}(?:\w+\W{1,2}){0,2}(?:[$\u00a3\u20ac\u00a5\u20b9]|\b(?:usd|eur|gbp|cad|aud)\b)?\s?"
    r"\d[\d.,\s\u202f\u00a0]{0,12}(?:[$\u00a3\u20ac\u00a5\u20b9]|\b(?:usd|eur|gbp)\b)?\W{0,3}$",
    re.IGNORECASE,
)


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


def _offer_tiles(grid: Grid) -> list[LexborNode]:
    """The grid's cards that are offers: an amount in a sentence, no price line, and links
    leading nowhere the cards lead (when nearly all of them lead somewhere in common)."""
    segments = [_segments(card) for card in grid.cards]
    counts = Counter(seg for segs in segments for seg in segs)
    floor = max(_SHARED, _COMMON * len(grid.cards))  # (a tile repeated is not where cards lead)
    shared = {seg for seg, n in counts.items() if n >= floor}
    if sum(1 for segs in segments if segs & shared) < _LEADING * len(grid.cards):
        # cards leading each to a path of its own (a brand's, a range's): a tile still shows
        # no price line where nearly all the cards show one, and leads where no card leads
        shared = {seg for seg, n in counts.items() if n >= _SHARED}
        priced = [_price_line(card) for card in grid.cards]
        if sum(priced) < _LEADING * len(grid.cards):
            return []
    return [
        card
        for card, segs in zip(grid.cards, segments, strict=True)
        if segs
        and not segs & shared
        and text_len(card) <= _OFFER_CHARS
        and card.css_first(_PICTURES) is not None
        and not _price_line(card)
    ]


def _price_line(card: LexborNode) -> bool:
    """Whether one of ``card``'s lines is a price and little else."""
    return any(_BARE_PRICE.match(line) for line in line_text(card).split("\n"))


def grid_promo_removals(grids: list[Grid]) -> list[LexborNode]:
    """Promotion tiles in the product ``grids`` (:func:`product_grids`)."""
    out = [tile for grid in grids if grid.others for tile in _tiles(grid)]
    return out + [tile for grid in grids for tile in _offer_tiles(grid)]

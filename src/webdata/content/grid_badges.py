"""Merchandising badges and gift-with-purchase lines on the cards of a product grid.

Shops stamp a few cards of a grid with a badge ("New arrival", "Only at Example", "Award
winner", "Limited time!", "Nouveau") or an offer line ("Get a free holder with purchase,
limited offer"). ``listing_noise`` drops such a phrase when it stands on at least three cards,
so that a lone "New" in prose stays; a badge set on one or two cards stayed. Inside the cards
of a grid of product cards (:func:`grid_promos.product_grids`: most children hold a price and
a link) an element whose whole text is such a badge or offer line is no item's text, however
often it stands: it goes. Discount amounts ("Save $50", "43% off") are price information and
stay; so do stock notes ("Low stock").
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import short_texts
from webdata.content.grid_promos import Grid

_BADGE = re.compile(
    r"^\W*(?:"
    r"(?:top|highly)\s+rated|best\s*-?\s*sellers?|new(?:\s+(?:arrivals?|colou?rs?|release|in))?|"
    r"brand\s+new|award\s+winner|just\s+reduced|closeout|clearance|last\s+chance|"
    r"online\s+only|(?:only|exclusively)\s+(?:at|on)\s+\S+(?:\s+\S+)?|exclusive|"
    r"(?:web|online)\s+exclusive|limited\s+edition|limited[- ]time(?:\s+(?:offer|only))?|"
    r"staff\s+pick|special(?:\s+offer)?|nouveau(?:t\u00e9)?|offre\s+exclusive"
    r")\W*$",
    re.IGNORECASE,
)
# "Get X with purchase, limited offer", "Free gift w/ selected purchase, while supplies last"
_GIFT = re.compile(
    r"^\W*(?:get|free|plus|\+)\b[^\n]{0,80}?\b(?:with|w/)\s*(?:selected\s+|any\s+|qualifying\s+)?"
    r"purchase\b[^\n]{0,60}$",
    re.IGNORECASE,
)
_TAGS = "a, span, div, p, li, small, strong, b, em, dd, dt, label, figcaption"
_MAX_CHARS = 120  # a badge or an offer line; a card's description is longer


def grid_badge_removals(grids: list[Grid]) -> list[LexborNode]:
    """Badges and offer lines in the cards of the product ``grids``."""
    out: list[LexborNode] = []
    for grid in grids:
        for card in grid.cards:
            for node, text in short_texts(card, card.css(_TAGS), _MAX_CHARS):
                line = " ".join(text.split())
                if _BADGE.match(line) or _GIFT.match(line):
                    out.append(node)
    return out

"""Text written for screen readers on the cards of a product grid, known by its words.

Shop themes label a card's prices for screen readers ("Regular price", "Sale price:",
"Unit price / per", ", discount of"), read the whole price box out again ("The current price
is Now $129.99, discount of 41% Savings"), describe the card in a sentence ("X is available
in 5 different options. The current selected option Black is priced at 219.99 USD.") and
spell out its link ("/bags/carry-on/x-spinner/1234.html?color=5"), all in elements a style
sheet hides. The hidden-class rules find them by their class names; where those names are
unknown (namespaced, hashed) the text comes through beside the card's own. Inside the cards of
a grid of product cards (:func:`grid_promos.product_grids`) an element whose whole text is
one of these goes. A label with a price of its own ("Sale price $19.99") stays: the price is
the card's.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import contains, short_texts
from webdata.content.grid_promos import Grid

# A price label alone: "Regular price", "Sale price:", "Original price was".
_LABEL = re.compile(
    r"^\W*(?:the\s+)?(?:regular|sale|original|current|unit|list|compare\s+at|retail|reduced)"
    r"\s+price(?:\s+(?:was|is))?\W*$",
    re.IGNORECASE,
)
# A label of no value: "Unit price / per" (the unit price empty), ", discount of".
_EMPTY_LABEL = re.compile(
    r"^\W*(?:unit\s+price\W*)?per\W*$|^\W*discount\s+of\W*$",
    re.IGNORECASE,
)
# The price box read out: "The current price is Now $129.99", "Original price was $35.00".
_READ_OUT = re.compile(
    r"^\W*(?:the\s+)?(?:current|original|regular|sale)\s+price\s+(?:is|was)\b", re.IGNORECASE
)
# The card described: "... is available in 5 different options", "The current selected option".
_DESCRIBED = re.compile(
    r"\bis\s+available\s+in\s+\d+\s+different\s+\w+|\bcurrent(?:ly)?\s+selected\s+option\b",
    re.IGNORECASE,
)
# A link's address as text: "/bags/x-spinner/1234.html?color=5" (one token, no spaces).
_ADDRESS = re.compile(r"^(?:https?://|/)[^\s/]*/?[^\s]*$")
_TAGS = "span, div, p, small, dt, dd, label, li"
_MAX_CHARS = 300  # a sentence describing the card


def _whole(line: str) -> bool:
    """Whether ``line``, the whole text of an element, is reader text (an empty label, an
    address)."""
    if _EMPTY_LABEL.match(line):
        return True
    return "/" in line[1:] and _ADDRESS.match(line) is not None


def _opening(line: str) -> bool:
    """Whether ``line`` opens with a read-out or holds a description: the innermost element
    saying so is the reader text (its wrappers hold the card's own text too)."""
    return _READ_OUT.match(line) is not None or _DESCRIBED.search(line) is not None


def card_reader_text_removals(grids: list[Grid]) -> list[LexborNode]:
    """Screen-reader labels, read-outs, descriptions and addresses in the grids' cards."""
    out: list[LexborNode] = []
    for grid in grids:
        for card in grid.cards:
            opening: list[LexborNode] = []
            labels: list[tuple[LexborNode, str]] = []
            for node, text in short_texts(card, card.css(_TAGS), _MAX_CHARS):
                line = " ".join(text.split())
                if _LABEL.match(line):
                    labels.append((node, line.lower()))
                elif _whole(line):
                    out.append(node)
                elif _opening(line):
                    if opening and contains(opening[-1], node):
                        opening[-1] = node  # (document order: a wrapper comes first)
                    else:
                        opening.append(node)
            out += opening
            if len({label for _, label in labels}) < len(labels):
                out += [node for node, _ in labels]  # a label twice: both price boxes written
    return out

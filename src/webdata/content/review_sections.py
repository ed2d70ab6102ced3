"""The customers' reviews under a product, headed only "Reviews", found by what they say.

``commerce_noise`` removes a product page's reviews by their class words, and the blocks
opened by a heading that says whose reviews they are ("Customer reviews (12)"); a bare
"Reviews" is left alone there, as it may head the press's quotes about a book or a game
("'A gripping read' - The Guardian"), which are the product's text. Themes that name the
review widget freely then keep it whole: the rating summary, the histogram, each dated
review. So, on a product page (:func:`commerce_noise.is_product_page`), the block opened by
a heading saying only "Reviews" or "Ratings" (with a count) goes when its text says at least
:data:`_MIN_SIGNALS` different things only customers' reviews say: a rating out of 5, a
count of reviews a rating is based on, a share of customers who would recommend it, a
verified buyer, a review's age ("8 days ago"), "Was this review helpful?". The press's
quotes say none of these. Reviews run long under a short product: the block may hold up to
:data:`_MAX_SHARE` of the main block's text, never the ``<h1>``.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import elements, text_len, widest_while

_HEADINGS = "h1, h2, h3, h4, h5, h6, [role=heading]"
_MAX_LABEL = 40
_LABEL = re.compile(
    r"^\W*(?:reviews?|ratings?|ratings?\s*(?:&|and)\s*reviews?|reviews?\s*(?:&|and)\s*ratings?)"
    r"(?:\s*\(?\d[\d,.]*+\)?)?\W*$",
    re.IGNORECASE,
)
# What customers' reviews say and the press's quotes do not, one kind per group (a word
# boundary and a look at its first character first, then the kinds: cheap on long texts).
_SIGNALS = re.compile(
    r"\b(?=[\dbwv])(?:"
    r"(?P<scale>\d(?:[.,]\d+)?\s*(?:out\s+of|/)\s*5\b)|"
    r"(?P<count>based\s+on\s+\d[\d,.]*+\s+(?:reviews?|ratings?))|"
    r"(?P<recommend>would\s+recommend\b)|"
    r"(?P<verified>verified\s+(?:buyer|purchase|purchaser|owner|reviewer|customer)s?\b)|"
    r"(?P<age>\d{1,2}\s+(?:days?|weeks?|months?|years?)\s+ago\b)|"
    r"(?P<helpful>was\s+this\s+(?:review\s+)?helpful)"
    r")",
    re.IGNORECASE,
)
_MIN_SIGNALS = 2
_MAX_SHARE = 0.6


def customer_review_text(text: str, kinds_needed: int = 1) -> bool:
    """Whether ``text`` says at least ``kinds_needed`` kinds of lines only customers'
    reviews say (a rating out of 5, a verified buyer, a review's age...)."""
    kinds: set[str] = set()
    for match in _SIGNALS.finditer(text):
        kinds.add(match.lastgroup or "")
        if len(kinds) >= kinds_needed:
            return True
    return False


def _customer_reviews(block: LexborNode) -> bool:
    """Whether ``block``'s text says at least ``_MIN_SIGNALS`` kinds of review lines."""
    return customer_review_text(block.text(deep=True, separator=" "), _MIN_SIGNALS)


def review_section_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Blocks of customers' reviews headed only "Reviews" under ``scope`` (text length
    ``total``) on a product page (see the module's docstring)."""
    if not is_product_page(scope):
        return []
    limit = _MAX_SHARE * total
    out: list[LexborNode] = []
    for heading in elements(scope, _HEADINGS):
        label = heading.text(deep=True, separator=" ", strip=True)
        if len(label) > _MAX_LABEL or not _LABEL.match(label):
            continue

        def opened(node: LexborNode, heading: LexborNode = heading) -> bool:
            # (the wrappers this heading opens: their first heading, no h1, not too long)
            first = node.css_first(_HEADINGS)
            return (
                first is not None
                and first.mem_id == heading.mem_id
                and text_len(node) <= limit
                and node.css_first("h1") is None
            )

        block = widest_while(heading, scope, opened)
        if block is not None and _customer_reviews(block):
            out.append(block)
    return out

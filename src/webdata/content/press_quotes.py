"""The press's quotes about a product, kept when the shop's review rules take them.

Book, game and film pages quote the press under a "Reviews" heading ("'A gripping, humane
novel.' The Daily Review"): the publisher's own text about the product, which the
truths keep. Themes call that block ``reviews`` like the customers' reviews, so the class
rules of ``commerce_noise`` remove it. On a product page
(:func:`commerce_noise.is_product_page`), an element about to be removed stays when its
first heading says "Reviews", "Press", "Praise" or "Accolades", and it is made of quotations
(at least :data:`_MIN_QUOTES` passages in quotation marks) credited to sources by links (at
least as many short links as half the quotes), and its text says nothing only customers'
reviews say (a rating out of 5, a verified buyer, a review's age:
:func:`review_sections.customer_review_text`).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import deep_text, text_len
from webdata.content.keep_filters import spare_outermost
from webdata.content.review_sections import customer_review_text

_HEADINGS = "h1, h2, h3, h4, h5, h6, [role=heading]"
_LABEL = re.compile(
    r"^\W*(?:(?:(?:press|critics?(?:'|\u2019)?s?|editorial)\s+)?(?:reviews?|praise)|press|"
    r"accolades|what\s+(?:the\s+)?(?:critics|press)\s+(?:are\s+)?say(?:s|ing)?)\W*$",
    re.IGNORECASE,
)
# A passage in quotation marks (straight or curly, guillemets), 10 to 400 characters.
_QUOTE = re.compile(
    r"[\"\u201c\u201e\u00ab][^\"\u201c\u201d\u201e\u00ab\u00bb]{10,400}+[\"\u201d\u00bb]"
)
_MIN_QUOTES = 2
_SOURCE_CHARS = 60  # a publication's or a critic's name
_MAX_CHARS = 4000  # a handful of quotes, not a page
_LABEL_WORDS = ("review", "press", "praise", "accolade", "critic")  # (a cheap test first)


def _press_quotes(node: LexborNode) -> bool:
    if text_len(node) > _MAX_CHARS:
        return False
    lowered = deep_text(node).lower()
    if not any(word in lowered for word in _LABEL_WORDS) or node.css_first("h1") is not None:
        return False
    heading = node.css_first(_HEADINGS)
    if heading is None or not _LABEL.match(heading.text(deep=True, separator=" ", strip=True)):
        return False
    text = node.text(deep=True, separator=" ")
    quotes = len(_QUOTE.findall(text))
    if quotes < _MIN_QUOTES or customer_review_text(text):
        return False
    sources = sum(1 for link in node.css("a[href]") if 0 < text_len(link) <= _SOURCE_CHARS)
    return 2 * sources >= quotes


def keep_press_quotes(scope: LexborNode, found: list[LexborNode]) -> list[LexborNode]:
    """``found`` without the blocks of the press's quotes about the product (and what they
    hold), on a product page."""
    if not found or not is_product_page(scope):
        return found
    return spare_outermost(found, [node for node in found if _press_quotes(node)])

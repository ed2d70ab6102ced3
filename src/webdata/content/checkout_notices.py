"""Shopify's standard buy-form notices on product pages.

Every Shopify theme's buy form carries the platform's own strings, whatever the shop calls
their elements: the subscription disclosure ("This item is a recurring or deferred purchase.
By continuing, I agree to the cancellation policy..."), the link to the express checkouts
("More payment options") and the unit-price field left empty ("Unit price / per"). They are
the checkout's terms and controls, not the product's text, so small elements whose whole
text is one of them go (found by a keyword of their own text, then widened).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import widest_matching

_KEYWORDS = ", ".join(
    f'*:lexbor-contains("{word}" i)'
    for word in ("recurring or deferred", "more payment options", "unit price")
)
_MAX_CHARS = 400  # the disclosure is about 250 characters
_NOTICE = re.compile(
    r"^\W*(?:this\s+item\s+is\s+a\s+recurring\s+or\s+deferred\s+purchase\b.{0,300}|"
    r"more\s+payment\s+options|unit\s+price(?:\W+per)?)\W*$",
    re.IGNORECASE | re.DOTALL,
)


def checkout_notice_removals(scope: LexborNode) -> list[LexborNode]:
    """Small elements under ``scope`` on a product page holding only a checkout notice."""
    if not is_product_page(scope):
        return []
    found = (
        widest_matching(hit, scope, _NOTICE, _MAX_CHARS, separator=" ")
        for hit in scope.css(_KEYWORDS)
    )
    return [node for node in found if node is not None]

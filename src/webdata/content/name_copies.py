"""Copies of the product's name-and-price header away from the ``<h1>``.

Shop themes print the product's name with its price again: a header above the gallery for
the mobile layout, a sticky purchase bar at the foot of the page ("Summit 24" Fire Pit
€549.99 Add to cart"). ``commerce_noise`` removes the sticky bar when its class says
``sticky``; themes that name it otherwise keep it. Found by text instead: on a product page
(:func:`commerce_noise.is_product_page`), a short element (at most :data:`_MAX_CHARS`
characters) that does not hold the ``<h1>`` but holds its whole text and a price is such a
copy, taken as wide as it stays short and away from the ``<h1>``. The ``<h1>`` itself, and
a heading or a link repeating only the name (no price), stay.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import ancestor_ids, deep_text, short_texts, text_len, topmost

_PRICE = re.compile(
    r"[$\u00a3\u00a5\u20ac\u20b9]\s?\d|\d\s?(?:[$\u00a3\u00a5\u20ac\u20b9]|\b(?:usd|eur|gbp|cad|aud)\b)",
    re.IGNORECASE,
)
_MAX_CHARS = 300
_MIN_NAME_CHARS = 8  # a name, not "Tee"
_HOLDERS = "div, section, aside, form, p, li, span, a, header, footer"


def name_copy_removals(scope: LexborNode) -> list[LexborNode]:
    """Copies of the name-and-price header under ``scope`` (see the module's docstring)."""
    if not is_product_page(scope):
        return []
    h1 = scope.css_first("h1")
    if h1 is None:
        return []
    name = deep_text(h1)
    if len(name) < _MIN_NAME_CHARS:
        return []
    near = ancestor_ids(h1)  # the h1's wrappers are the header itself, not a copy
    found: list[LexborNode] = []
    for node, text in short_texts(scope, scope.css(_HOLDERS), _MAX_CHARS):
        if node.mem_id in near or name not in text or not _PRICE.search(text):
            continue
        if node.css_first("h1") is not None:
            continue
        widest = node
        current = node.parent
        while (
            current is not None
            and current.mem_id != scope.mem_id
            and current.mem_id not in near
            and text_len(current) <= _MAX_CHARS
        ):
            widest = current
            current = current.parent
        found.append(widest)
    return topmost(found)

"""The product's description in a drawer, found by its label.

Shops put the description in a side sheet or a dialog opened from a "Description" button;
the generic rules take that for a modal. ``commerce_noise.keep_description`` keeps it by the
first words of the JSON-LD ``description``; a product page without them (marked by
``og:type``, microdata or its layout), or whose JSON-LD describes it in other words, would
lose its main text. So, on a product page, an element about to be removed whose own heading
(or ``aria-label``) says "Description", "Product details", "About this item" or "Overview"
and that holds prose stays, unless the same prose is also shown outside the removed
elements (the drawer is then a copy).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import link_text_len, text_len, text_words, topmost, word_line
from webdata.content.keep_filters import spared

_LABEL = re.compile(
    r"^\W*(?:(?:product\s+)?(?:description|details|overview)|"
    r"about\s+(?:this|the)\s+(?:item|product))\W*$",
    re.IGNORECASE,
)
_HEADINGS = "h1, h2, h3, h4, h5, h6, [role=heading]"
_MIN_CHARS = 200  # a description, not a one-line note
_MAX_LINKS = 0.3
_NEEDLE_WORDS = 8


def _label(node: LexborNode) -> str:
    heading = node.css_first(_HEADINGS)
    if heading is not None:
        return heading.text(deep=True, separator=" ", strip=True)
    return node.attrs.get("aria-label") or ""


def _needle(node: LexborNode) -> str | None:
    """The first words of the longest paragraph of ``node``: what a copy would repeat."""
    texts = [p.text(deep=True, separator=" ") for p in node.css("p, li")] or [
        node.text(deep=True, separator=" ")
    ]
    words = text_words(max(texts, key=len))
    return " ".join(words[:_NEEDLE_WORDS]) if len(words) >= _NEEDLE_WORDS else None


def _words(node: LexborNode) -> str:
    return f" {word_line(node.text(deep=True, separator=' '))} "


def keep_labelled_description(scope: LexborNode, found: list[LexborNode]) -> list[LexborNode]:
    """``found`` without the drawers labelled as the product's description (on a product
    page), when their prose is nowhere else."""
    if not is_product_page(scope):
        return found
    outer = topmost(found)
    keep: set[int] = set()
    for node in outer:
        if node.css_first("h1") is not None or not _LABEL.match(_label(node)):
            continue
        size = text_len(node)
        if size < _MIN_CHARS or link_text_len(node) > _MAX_LINKS * size:
            continue
        needle = _needle(node)
        if needle is None:
            continue
        needle = f" {needle} "
        inside = sum(_words(n).count(needle) for n in outer)
        if _words(scope).count(needle) > inside:
            continue  # also shown outside the removed elements: this one is a copy
        keep.add(node.mem_id)
    return spared(found, keep)

"""Tooltips: the help text an icon shows on hover, not part of the text it sits in.

Shop themes explain a spec's name or a badge in a bubble ("Open-back designs are often
higher-performance but leak sound", "Final sale items are not returnable"), and interfaces
label their icon buttons so. Written in the page, the bubble's text runs into the heading or
the table cell it hangs from ("Cup style More information Open-back designs..."). The bubble
is found by what the markup says it is, not by its class: an element with ARIA
``role=tooltip``, or on a product page (:func:`commerce_noise.is_product_page`; the tree is
walked for them there only) a custom element named a tooltip (``<tool-tip>``,
``<x-tooltip>``), when short (:data:`_MAX_CHARS`; a long one is a panel) and without the
page's ``<h1>``.
"""

from __future__ import annotations

from itertools import pairwise

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import text_len, token_words

_MAX_CHARS = 400


def _tooltip_tag(tag: str) -> bool:
    """Whether a custom element's name says tooltip (``tool-tip``, ``app-tooltip``)."""
    if "-" not in tag:
        return False  # (HTML's own elements have no hyphen; custom ones must)
    words = token_words(tag)
    return "tooltip" in words or ("tool", "tip") in pairwise(words)


def tooltip_removals(scope: LexborNode) -> list[LexborNode]:
    """Short tooltips under ``scope`` (see the module's docstring)."""
    out = scope.css("[role=tooltip]")
    if is_product_page(scope):  # (custom elements are looked for by walking the tree)
        out += [n for n in scope.traverse() if _tooltip_tag(n.tag or "")]
    return [
        n
        for n in out
        if n.mem_id != scope.mem_id and text_len(n) <= _MAX_CHARS and n.css_first("h1") is None
    ]

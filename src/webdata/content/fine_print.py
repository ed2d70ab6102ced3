"""The legal small print under a product page: a list of numbered notes.

Makers' product pages end with the notes their marketing copy points to ("1. Results may
vary depending on shooting conditions.", "2. Sold separately.", "3. Gemini is a trademark of
Google LLC."): a list of caveats, trademarks and test conditions, the law's text rather than
the product's. Themes name that list freely (``common-bottom-disclaimer``, or nothing), so it
is found by what it says: on a product page (:func:`commerce_noise.is_product_page`), a list
(``<ol>``, ``<ul>``, or an element made of ``<p>`` / ``<div>`` notes) of at least
:data:`_MIN_NOTES` items, most of which hold a phrase of legal small print ("may vary",
"sold separately", "trademark of", "while supplies last", "void where prohibited"). A list of
the product's features says none of these.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import deep_text, phrase_hits

_MIN_NOTES = 4
_NOTE_SHARE = 0.5  # of the list's items saying a phrase of small print
_KEYWORDS = (
    "may vary", "sold separately", "trademark", "supplies last", "prohibited",
    "subject to change", "not guaranteed", "illustrative purposes", "may apply",
    "vary depending", "vary by", "vary based",
)  # fmt: skip
_SMALL_PRINT = re.compile(
    r"\b(?:(?:results?|availability|performance|features?|colou?rs?|specifications?|prices?|"
    r"options|speeds?|actual\s+\w+)\s+(?:may|will|can)\s+vary|"
    r"(?:may|will|can)\s+vary\s+(?:depending|by|based|according)|"
    r"sold\s+separately|(?:registered\s+)?trademarks?\s+of|trademarks?\s+(?:are|is)\s+"
    r"(?:the\s+)?property|while\s+supplies\s+last|void\s+where\s+prohibited|"
    r"subject\s+to\s+change|not\s+guaranteed|for\s+illustrative\s+purposes|"
    r"(?:additional\s+)?(?:terms|restrictions|fees|charges)\s+(?:and\s+conditions\s+)?may\s+apply)",
    re.IGNORECASE,
)
_ITEMS = frozenset({"li", "p", "div"})


def _items(holder: LexborNode) -> list[LexborNode]:
    """The element children of ``holder`` that are list items or paragraphs."""
    out: list[LexborNode] = []
    child = holder.child
    while child is not None:
        if child.tag in _ITEMS:
            out.append(child)
        child = child.next
    return out


def fine_print_removals(scope: LexborNode) -> list[LexborNode]:
    """Lists of legal notes under ``scope`` on a product page (see the module's docstring)."""
    if not is_product_page(scope):
        return []
    hits = phrase_hits(scope, _KEYWORDS, 2000)
    if not hits:
        return []
    out: list[LexborNode] = []
    seen: set[int] = set()
    for node, _ in hits:
        current: LexborNode | None = node
        while current is not None and current.mem_id != scope.mem_id:
            # the list holding this note: the nearest ancestor made of several items
            parent = current.parent
            if parent is None or parent.mem_id == scope.mem_id:
                break
            if parent.mem_id in seen:
                break
            if current.tag in _ITEMS:
                items = _items(parent)
                if len(items) >= _MIN_NOTES:
                    seen.add(parent.mem_id)
                    notes = sum(1 for item in items if _SMALL_PRINT.search(deep_text(item)))
                    if notes >= _NOTE_SHARE * len(items):
                        out.append(parent)
                    break
            current = parent
    return out

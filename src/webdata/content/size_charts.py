"""A product's size chart, kept when the shop rules take its "Size guide" block.

``commerce_noise`` removes the blocks opened by "Size guide" / "Size chart" headings: most
are a link to the shop's generic guide, a fit finder or a picker's prompt. Some are the
product's own measurements (a bed sheet's "Twin: 64x90 | 39x75x16 | 71x98"), which the
truths keep as its specifications. On a product page
(:func:`commerce_noise.is_product_page`), an element about to be removed stays when its
first heading says "Size guide" or "Size chart" and it holds a table of at least
:data:`_MIN_ROWS` rows, most of them (:data:`_ROW_SHARE`) holding a number. The chart's
controls still go inside it: its buttons (an "In | CM" unit toggle) and its interface
phrases ("Questions? Chat with an expert."), which no reader of the chart reads as text.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.boilerplate import ui_phrase
from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import deep_text, text_len
from webdata.content.keep_filters import spare_outermost

_HEADINGS = "h1, h2, h3, h4, h5, h6, [role=heading]"
_LABEL = re.compile(r"^\W*(?:size\s+(?:guide|chart)|sizing(?:\s+(?:guide|chart))?)\W*$", re.I)
_DIGIT = re.compile(r"\d")
_MIN_ROWS = 3
_ROW_SHARE = 0.6
_MAX_CHARS = 5000  # a chart and its notes, not a page
_CONTROLS = frozenset({"button", "input", "select"})


def _size_chart(node: LexborNode) -> bool:
    if text_len(node) > _MAX_CHARS or "size" not in deep_text(node)[:200].lower():
        return False
    heading = node.css_first(_HEADINGS)
    if heading is None or not _LABEL.match(heading.text(deep=True, separator=" ", strip=True)):
        return False
    for table in node.css("table"):
        rows = [row for row in table.css("tr") if text_len(row)]
        numbered = sum(1 for row in rows if _DIGIT.search(deep_text(row)))
        if numbered >= _MIN_ROWS and numbered >= _ROW_SHARE * len(rows):
            return True
    return False


def keep_size_charts(scope: LexborNode, found: list[LexborNode]) -> list[LexborNode]:
    """``found`` without the blocks of the product's size chart (and what they hold but its
    controls), on a product page."""
    if not found or not is_product_page(scope):
        return found
    charts = [node for node in found if _size_chart(node)]
    kept = spare_outermost(found, charts)
    if len(kept) == len(found):
        return kept
    # (the spared: the outermost charts and what they hold; their controls go again)
    left = {node.mem_id for node in kept}
    spared_charts = {node.mem_id for node in charts if node.mem_id not in left}
    return kept + [
        node
        for node in found
        if node.mem_id not in left
        and node.mem_id not in spared_charts
        and (node.tag in _CONTROLS or ui_phrase(deep_text(node)))
    ]

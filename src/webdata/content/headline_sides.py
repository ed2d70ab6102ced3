"""Panels of links inside the headline's block, beside its text, on a page of plain ``<div>``s.

Without ``<main>``/``<article>``, ``headline_block`` takes the block around the page's
``<h1>``: when the headline sits in a small part (a title above the text), the block is the
parent of that part and of the text's, and it holds the other parts beside them too. On a
page that marks none of its chrome (no ``<header>``, ``<footer>``, ``<nav>``, ``<aside>``
nor their roles), the descent counted a part made mostly of links, not a feed's part, as
the missing landmark: a sidebar of "Hot questions", a breadcrumb, a contact panel, the
site's footer columns. Inside the block the removals judge them as the block's own (a
real page's ``<aside>`` would go by its tag), and a sidebar holding more than the 30% the
link-list rule allows stays. Here such parts go,
the same judgement as the descent's: a part of the block not holding the ``<h1>``, at least
half links, not a feed (``headline_block.link_panel``), a division (not a paragraph or a
list of the text), while another part holds at least half of the block (the text: a block
made of many sections is the page's own body) and together they hold at most half of it
(a page of links, a listing, keeps its lists).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import contains, document_html, text_len
from webdata.content.headline_block import link_panel, marks_no_chrome

_MAX_SHARE = 0.5  # of the block's text, all the panels together
# ... while one part beside them holds this much: the text (a block of many sections, some
# of them mostly links, is the page's own body: a docs page's steps, a service's sections)
_TEXT_SHARE = 0.5
# Parts that are divisions of the page (a paragraph or a list of links is the text's own).
_DIVISIONS = frozenset({"div", "section", "form"})


def headline_side_removals(block: LexborNode) -> list[LexborNode]:
    """The link panels beside the text in ``block``, the block ``headline_block`` chose
    (see the module), on a page that marks none of its chrome."""
    h1 = block.css_first("h1")
    root = document_html(block)
    if h1 is None or root is None or not marks_no_chrome(root):
        return []
    panels: list[LexborNode] = []
    panel_text = 0
    largest_text = 0
    for part in block.iter():
        size = text_len(part)
        if not size:
            continue
        if part.tag in _DIVISIONS and not contains(part, h1) and link_panel(part):
            panels.append(part)
            panel_text += size
        else:
            largest_text = max(largest_text, size)
    total = text_len(block)
    if not panels or panel_text > _MAX_SHARE * total or largest_text < _TEXT_SHARE * total:
        return []
    return panels

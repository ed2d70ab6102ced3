"""What stands above the page's headline inside the main block.

The main block often opens with a few lines before its ``<h1>``: a kicker or category label
("Opinion", "Investing"), a date, breadcrumbs or a "Home > Knowledge center" trail, a promo
bar ("Storewide sale, use code X"), an affiliate note, a site banner ("Welcome to X! The
place to ..."), a section name ("IMDb Charts"), a logo and a couple of menu links. On
articles, listings, docs and forums alike these lines are chrome around the item, not its
text: the content starts at its headline.

So when the elements before the first ``<h1>`` of the block (the earlier siblings of the
headline and of each of its ancestors below the block) hold little text, at most
``_MAX_CHARS`` characters and ``_MAX_SHARE`` of the block, those holding text go. More than
that before the headline is content (a headline at the foot of a list, a question above its
title) and stays.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import text_len

_MAX_CHARS = 500  # a few lines: kicker, date, trail, banner, promo bar
_MAX_SHARE = 0.1  # of the block's text


def pre_headline_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The elements with text before the block's first ``<h1>``, when they are few."""
    h1 = scope.css_first("h1")
    if h1 is None or h1.mem_id == scope.mem_id or not text_len(h1):
        return []
    before: list[LexborNode] = []
    current = h1
    while current.mem_id != scope.mem_id:
        sibling = current.prev
        while sibling is not None:
            if sibling.is_element_node and text_len(sibling):
                before.append(sibling)
            elif sibling.is_text_node and (sibling.text_content or "").strip():
                return []  # loose text beside the path: a part of a line, not a block
            sibling = sibling.prev
        parent = current.parent
        if parent is None:
            return []
        current = parent
    size = sum(map(text_len, before))
    if size > _MAX_CHARS or size > _MAX_SHARE * total:
        return []
    return before

"""A site's mega menu standing above the page's headline, found by its shape.

A shop's header carries a menu of its whole catalogue: a tree of lists of links ("Camp &
Hike > Tents > Backpacking Tents"), hundreds of them, sometimes with a featured product or
two in a column. Its ``<nav>``/``<header>`` tags or its class names usually give it away;
without them (a theme of plain ``<div>``s with generated class names) it stands in the block
before the ``<h1>``, and ``pre_headline`` leaves it, as it leaves any long text above a
headline (which may be content: a question above its title).

So an element before the block's first ``<h1>`` (an earlier sibling of the headline or of
one of its ancestors below the block) goes when it is a menu tree: nearly all link text
(``_LINK_SHARE``), at least ``_MIN_CHARS`` of it, holding a list nested in a list item. A
long text above a headline that is not made of links stays, and so does a menu's list among
other parts of an element (removed alone, it would leave its neighbours' blurbs looking like
text beside the headline, and the block would widen to take them in).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_text_len, text_len

_LINK_SHARE = 0.8  # (a submenu's title is often a toggle, not a link)
_MIN_CHARS = 300  # a tree of menus; a few links above the headline are pre_headline's
_NESTED = "li ul, li ol"


def _menu_tree(node: LexborNode) -> bool:
    size = text_len(node)
    return (
        size >= _MIN_CHARS
        and link_text_len(node) >= _LINK_SHARE * size
        and node.css_first(_NESTED) is not None
    )


def headline_menu_removals(scope: LexborNode) -> list[LexborNode]:
    """Menu trees before the first ``<h1>`` under ``scope``."""
    h1 = scope.css_first("h1")
    if h1 is None:
        return []
    own = scope.mem_id
    out: list[LexborNode] = []
    node: LexborNode | None = h1
    while node is not None and node.mem_id != own:
        sibling = node.prev
        while sibling is not None:
            if sibling.tag not in ("-text", "_comment") and _menu_tree(sibling):
                out.append(sibling)
            sibling = sibling.prev
        node = node.parent
    return out

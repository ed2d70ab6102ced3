"""The description of a category page written beside its ``<main>``, taken into it.

Shops and directories often mark up only the grid of a category page as ``<main>`` and
print the category's description (a buying guide, "Why choose a gas barbecue?") in a block
right after it, outside. ``onlyMainContent`` would then return the grid alone. So, before
the main block is looked for: when the page's ``<main>`` is a grid (a good share of its text
in links), the prose blocks that directly follow it (or follow the wrapper it sits in) are
moved to the end of it, in their order. A prose block is long, has few links, is made of
paragraphs or list items, and is no page chrome (``header``, ``footer``, ``nav``, ``aside``,
a form, a class naming chrome). An article's ``<main>`` (mostly prose) is left as it is: what
follows it there is comments or related posts.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_text_len, text_len, topmost
from webdata.content.main_content import boilerplate_token

_GRID_LINKS = 0.3  # share of the main block's text in links that makes it a grid
_PROSE_CHARS = 400
_PROSE_LINKS = 0.25
_PROSE_PARTS = 2  # paragraphs or list items
_CHROME_TAGS = frozenset({"header", "footer", "nav", "aside", "form", "dialog"})
_LEVELS = 4  # wrappers of the main block climbed to find its next sibling


def _chrome(node: LexborNode) -> bool:
    attrs = node.attrs
    value = f"{attrs.get('class') or ''} {attrs.get('id') or ''}"
    return any(boilerplate_token(token) for token in value.split())


def _prose(node: LexborNode) -> bool:
    if node.tag in _CHROME_TAGS or _chrome(node):
        return False
    size = text_len(node)
    if size < _PROSE_CHARS or link_text_len(node) >= _PROSE_LINKS * size:
        return False
    if node.css_first("form, nav, header, footer") is not None:
        return False
    return len(node.css("p, li")) >= _PROSE_PARTS


def _following(node: LexborNode) -> tuple[list[LexborNode], bool]:
    """The prose blocks right after ``node`` among its siblings (empty ones skipped), up to
    the first sibling with text that is not prose; and whether there is such a sibling."""
    out: list[LexborNode] = []
    current = node.next
    while current is not None:
        if current.is_element_node and text_len(current) > 0:
            if not _prose(current):
                return out, True
            out.append(current)
        current = current.next
    return out, False


def take_in_category_text(body: LexborNode) -> None:
    """Move the prose that follows a grid-like ``<main>`` into it (see the module)."""
    mains = topmost(body.css("main, [role=main]"))
    if len(mains) != 1:
        return  # none, or several: which one is the main block is not known here
    block = mains[0]
    size = text_len(block)
    if size == 0 or link_text_len(block) < _GRID_LINKS * size:
        return
    current: LexborNode | None = block
    for _ in range(_LEVELS):
        if current is None or current.tag in ("body", "html"):
            return
        found, blocked = _following(current)
        for node in found:
            block.insert_child(node)  # a copy: the original is removed
            node.decompose()
        if found or blocked:
            return  # (past a sibling that is not prose, what follows is not the grid's)
        current = current.parent

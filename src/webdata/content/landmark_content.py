"""Page landmarks that hold the page's text, kept when the chrome rules take them.

A ``<header>``, ``<footer>``, ``<nav>`` or ``<aside>`` (by tag, ARIA role or class/id word)
is page chrome on most pages, and the removals take it whole. Some pages put their content
inside one: the ``<h1>`` and the whole article under a ``<header>`` (seen once the page
lacks the ``<main>`` / ``<article>`` that would scope the rules). A landmark about to be
removed that holds the page's ``<h1>`` and most of the block's text (:data:`_MAIN_SHARE`),
and is not made of links, is the content itself, not chrome: it stays (only it: the chrome
removed inside it, a menu, still goes).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_text_len, named, text_len

_TAGS = frozenset({"header", "footer", "nav", "aside"})
_ROLES = frozenset({"banner", "contentinfo", "navigation", "complementary"})
_WORDS = frozenset({"header", "footer", "nav", "navigation", "masthead", "sidebar"})
_MAIN_SHARE = 0.5  # of the block's text: a header or footer of chrome is far less
_LINK_DENSE = 0.5


def keep_landmark_content(
    scope: LexborNode, total: int, found: list[LexborNode]
) -> list[LexborNode]:
    """``found`` without the landmarks that hold an ``<h1>`` and most of ``scope``'s text
    (``total`` characters) and are not link lists."""
    if not found or total <= 0:
        return found
    floor = _MAIN_SHARE * total
    keep: set[int] = set()
    for node in found:
        # (the size first: most removals are small, and their sizes are known already)
        if node.mem_id == scope.mem_id or text_len(node) <= floor or not _landmark(node):
            continue
        if link_text_len(node) < _LINK_DENSE * text_len(node) and node.css_first("h1") is not None:
            keep.add(node.mem_id)
    if not keep:
        return found
    return [n for n in found if n.mem_id not in keep]


def _landmark(node: LexborNode) -> bool:
    """A header, footer, menu or sidebar: by tag, ARIA role or class/id word."""
    if node.tag in _TAGS:
        return True
    attrs = node.attributes
    if attrs.get("role") in _ROLES:
        return True
    return named(node, _WORDS)

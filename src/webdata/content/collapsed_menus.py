"""Closed ``<details>`` menus, whatever their size: link lists a reader sees only as a label.

``details_menus`` drops ``<details>`` link menus when small in the block. A closed one
(no ``open`` attribute) shows nothing but its ``<summary>`` until the reader opens it, so a
big one is not the page's text either: a filter picker listing every value ("Language: Any
▸ 1C Enterprise · ABAP · Ada ... 500 languages"), a collapsed mega menu. When class names
are hashed or meaningless, nothing else names it, and a picker larger than the list it
filters stays whole.

Rule: a closed ``<details>`` with at least ``_MIN_LINKS`` links making at least
``_LINK_SHARE`` of its text goes, unless it holds the page's headline. An open one, or a
closed one of prose (an FAQ answer, a spoiler), stays.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_text_len, text_len

_MIN_LINKS = 5
_LINK_SHARE = 0.8


def collapsed_menu_removals(scope: LexborNode) -> list[LexborNode]:
    """The closed ``<details>`` link menus under ``scope``: see the module."""
    out: list[LexborNode] = []
    for node in scope.css("details:not([open])"):
        if node.mem_id == scope.mem_id or len(node.css("a[href]")) < _MIN_LINKS:
            continue
        if node.css_first("h1") is not None:
            continue
        size = text_len(node)
        if size and link_text_len(node) >= _LINK_SHARE * size:
            out.append(node)
    return out

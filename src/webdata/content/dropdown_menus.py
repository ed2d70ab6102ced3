"""Dropdown menus: lists of links a page shows only when a control is opened.

A language picker, a card's "..." menu ("Manage preferences", "Report"), an author's hover
card ("Jane Doe · Follow"): marked by a class or id with the word ``dropdown``
(``dropdown-menu``, ``bb-dropdown``, ``vector-dropdown``) and made mostly of links. They go
when small in the block. A dropdown of prose (an accordion's panel named ``dropdown``, a
FAQ answer) is not made of links, and stays.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_text_len, named, named_hits, text_len

_WORDS = frozenset({"dropdown"})
_PARTS = ("dropdown",)  # (the candidates: a class or id holding it)
_LINK_SHARE = 0.5
_SMALL_SHARE = 0.3


def dropdown_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Dropdown menus of links under ``scope`` (``total``: its text length), small in it."""
    out: list[LexborNode] = []
    for node in named_hits(scope, _PARTS, _PARTS):
        if node.mem_id == scope.mem_id or not named(node, _WORDS):
            continue
        size = text_len(node)
        if size == 0 or size > _SMALL_SHARE * total:
            continue
        if link_text_len(node) >= _LINK_SHARE * size:
            out.append(node)
    return out

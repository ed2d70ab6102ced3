"""Menus written as ``<details>``: a ``<summary>`` label opening a list of links.

Shops, docs and news sites build their mega menus, mobile drawers and filter pickers from
``<details>`` ("Coffee ▸ Whole bean · Ground · Pods", "Spoken language: Any ▸ Afrikaans ·
Albanian ...", a docs sidebar's "Guides ▸ ..."): the element is the menu whatever its class
names say, so sites with hashed or utility class names are covered too. A ``<details>`` of
prose (an FAQ answer, a spoiler, a collapsed code sample) is not made of links, and stays.

Rule: a ``<details>`` with at least ``_MIN_LINKS`` links that make at least ``_LINK_SHARE``
of its text goes when small in the block (30%).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_text_len, text_len

_MIN_LINKS = 5
_LINK_SHARE = 0.8
_SMALL_SHARE = 0.3


def details_menu_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The ``<details>`` menus of ``scope`` (text length ``total``): see the module."""
    out: list[LexborNode] = []
    limit = _SMALL_SHARE * total
    for node in scope.css("details"):
        size = text_len(node)
        if size > limit or len(node.css("a[href]")) < _MIN_LINKS:
            continue
        if link_text_len(node) >= _LINK_SHARE * size:
            out.append(node)
    return out

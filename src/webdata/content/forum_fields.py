"""Posters' profile fields on thread pages, found by their repeated labels, not by names.

Beside each post, forum software lists fields of the poster's profile as label / value pairs
(``<dl><dt>Joined</dt><dd>Feb 16, 2015</dd></dl>``, "Messages", "Reaction score",
"Location"), the same labels on every post. Whatever the engine calls them, a short
description list whose labels (its ``<dt>`` texts) recur in at least three lists of the page
is such a field: on a thread page it goes. A post's own description list (a glossary, specs)
has labels of its own, not repeated on three posts.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, elements, text_len
from webdata.content.forum_noise import is_thread_page

_FIELDS_MAX_CHARS = 200
_MIN_COPIES = 3


def field_removals(scope: LexborNode) -> list[LexborNode]:
    """Short description lists with the same labels on at least three posts of a thread
    page under ``scope``."""
    if not is_thread_page(scope):
        return []
    lists: dict[tuple[str, ...], list[LexborNode]] = {}
    for node in elements(scope, "dl"):
        if text_len(node) > _FIELDS_MAX_CHARS:
            continue
        labels = tuple(deep_text(dt) for dt in node.css("dt"))
        if labels:
            lists.setdefault(labels, []).append(node)
    out: list[LexborNode] = []
    for nodes in lists.values():
        if len(nodes) >= _MIN_COPIES:
            out += nodes
    return out

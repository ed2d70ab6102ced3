"""Posters' signatures on thread pages, found by their repetition, not by an engine's names.

A forum prints the poster's signature (their gear, a motto, links) at the end of each of
their posts, word for word the same; a post's own text is not repeated elsewhere on the page
but when quoted (inside a quote). So on a thread page, a block ending its parent (after the
post's text) whose whole text recurs as another such block, outside quotes, is a signature:
all its copies go (the second-copies rule would leave the first).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, inside, text_len
from webdata.content.forum_noise import is_thread_page

_BLOCKS = "div, aside, footer, section"
_MIN_CHARS = 20  # ("Thanks!" twice is two posts, not a signature)
_MAX_CHARS = 600
_POST_SHARE = 1.5  # the parent holds the post's text besides the signature
_MIN_COPIES = 2


def _trailing(node: LexborNode) -> bool:
    """Whether ``node`` is its parent's last element (text after it aside)."""
    sibling = node.next
    while sibling is not None:
        if not (sibling.tag or "").startswith("-"):
            return False
        sibling = sibling.next
    return True


def signature_removals(scope: LexborNode) -> list[LexborNode]:
    """Blocks repeated at the end of several posts of a thread page under ``scope``."""
    if not is_thread_page(scope):
        return []
    copies: dict[str, list[LexborNode]] = {}
    for node in scope.css(_BLOCKS):
        size = text_len(node)
        if not _MIN_CHARS <= size <= _MAX_CHARS or not _trailing(node):
            continue
        parent = node.parent
        if parent is None or text_len(parent) < _POST_SHARE * size or inside(node, "blockquote"):
            continue
        copies.setdefault(deep_text(node), []).append(node)
    out: list[LexborNode] = []
    for nodes in copies.values():
        if len(nodes) >= _MIN_COPIES:
            out += nodes
    return out

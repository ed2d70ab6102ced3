"""Lists of who reacted to a post, found by where their link leads, not by an engine's names.

Under each post, forum software prints who liked or reacted to it ("jane, bob and 3 others",
"👍 3") as a link to the list of reactions (``/posts/123/reactions``, ``.../likes``). The
class of that bar is the engine's own word; the link's address says what it is. On thread
pages, a short link (at most 150 characters) whose address ends with a ``reactions`` or
``likes`` segment goes, with the wrappers around it holding nothing else.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_hits, text_len, topmost
from webdata.content.forum_noise import is_thread_page

_PARTS = ("reactions", "likes")  # (the candidates: links whose address holds one)
# The address's last path segment, before any query or fragment.
_LIST_HREF = re.compile(r"/(?:reactions|likes)/?(?:[?#]|$)", re.IGNORECASE)
_MAX_CHARS = 150


def reaction_link_removals(scope: LexborNode) -> list[LexborNode]:
    """Links to a post's list of reactions (and their bare wrappers) on a thread page under
    ``scope``."""
    if not is_thread_page(scope):
        return []
    out: list[LexborNode] = []
    for link in link_hits(scope, _PARTS):
        size = text_len(link)
        if size > _MAX_CHARS or not _LIST_HREF.search(link.attrs.get("href") or ""):
            continue
        node = link
        parent = node.parent
        while parent is not None and parent.mem_id != scope.mem_id and text_len(parent) == size:
            node = parent
            parent = node.parent
        out.append(node)
    return topmost(out)

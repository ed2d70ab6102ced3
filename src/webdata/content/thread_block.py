"""The main block of a thread page without ``<main>`` / ``<article>``: its list of posts.

A page that marks no main block gets the block around its ``<h1>`` (``headline_block``);
failing that, the removals ran over the whole body as page level and the densest block was
taken after them, with whatever the site left beside the posts (a footer made of ``<div>``s,
a sidebar's widgets, a share bar). A thread page shows its main block another way: its
posts, sibling blocks of one shape each with a poster and a date
(``thread_structure.post_groups``), whatever the engine calls them. So on a thread page
without a semantic block or a headline block, the parent of a list of posts is the main
block: the largest such parent that the posts make a fair part of (``_POSTS_SHARE`` of its
text: some posts differ in shape from the rest, a first post or a moderator's) and that
holds at least ``_MIN_SHARE`` of the page's text, as a semantic block must; widened to take
in the page's ``<h1>`` when that sits just outside it (none when that means the whole body,
as for a semantic block: the page keeps its headline).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import common_ancestor, contains, text_len
from webdata.content.forum_noise import is_thread_page
from webdata.content.thread_structure import post_groups

_MIN_SHARE = 0.2  # of the page's text, as for a semantic block
_POSTS_SHARE = 0.2  # of their parent's text
_MIN_POSTS = 2


def thread_block(body: LexborNode, body_len: int) -> LexborNode | None:
    """The container of the posts of a thread page under ``body`` (``body_len``: its text
    length), or None (not a thread page, no list of posts, or a small one)."""
    if not is_thread_page(body):
        return None
    best: LexborNode | None = None
    best_size = 0
    for posts, _ in post_groups(body, _MIN_POSTS):
        parent = posts[0].parent
        if parent is None:
            continue
        size = text_len(parent)
        if size > best_size and sum(text_len(p) for p in posts) >= _POSTS_SHARE * size:
            best, best_size = parent, size
    if best is None or best.tag in ("body", "html") or best_size < _MIN_SHARE * body_len:
        return None
    h1 = body.css_first("h1")
    if h1 is not None and not contains(best, h1):
        widened = common_ancestor(best, h1)
        if widened is None or widened.tag in ("body", "html"):
            return None  # (as for a semantic block: the page keeps its headline)
        return widened
    return best

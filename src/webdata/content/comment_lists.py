"""Readers' comments under a post, known by their permalinks when class names say nothing.

Blogs print the comments below the post, each with a link to itself: WordPress's date link
``/post-slug/#comment-4378``, a newsletter platform's ``/p/post-slug/comment/188654734``.
The named-chrome rule takes the list while its classes say ``comment-list`` or ``comments``;
a theme with hashed or made-up class names leaves it to the text, where readers' replies
("This looks great! I really like the finish.") read like the post.

Rule: links to a comment of one same page (the address before ``#comment-N`` or
``/comment/N``), with at least ``_MIN_COMMENTS`` different numbers, mark a comment list:
their lowest common container, widened to the wrapper around it while that adds at most
``_WRAPPER_CHARS`` characters (the "Reader Interactions" or "3 Comments" heading, a reply
form's labels), goes when it holds no ``<h1>`` and at least ``_BEFORE_SHARE`` of the
block's text comes before it (the post comes first). Not on thread pages, where the
replies are the page. A link to a comment of other pages (a "Recent comments" box lists
one per post) does not group.
"""

from __future__ import annotations

import re
from collections import defaultdict

from selectolax.lexbor import LexborNode

from webdata.content.article_noise import text_before
from webdata.content.dom import common_ancestor, text_len
from webdata.content.forum_noise import is_thread_page

# (a page address, then the comment's number: "#comment-4378", "#comment4378", "/comment/123")
_PERMALINK = re.compile(r"([^#]*?)(?:#comment-?(\d+)|/comments?/(\d+))/?(?:[?#][^#]*)?")
_MIN_COMMENTS = 2
_WRAPPER_CHARS = 200
_BEFORE_SHARE = 0.3


def _comment_groups(scope: LexborNode) -> list[list[LexborNode]]:
    """The links of ``scope`` to comments, grouped by the page they belong to, for the
    pages with ``_MIN_COMMENTS`` different comments linked or more."""
    links: dict[str, list[LexborNode]] = defaultdict(list)
    numbers: dict[str, set[str]] = defaultdict(set)
    for link in scope.css('a[href*="comment" i]'):
        match = _PERMALINK.fullmatch(link.attrs.get("href") or "")
        if match is None:
            continue
        page = match.group(1).rstrip("/")
        links[page].append(link)
        numbers[page].add(match.group(2) or match.group(3))
    return [links[page] for page, found in numbers.items() if len(found) >= _MIN_COMMENTS]


def _widened(holder: LexborNode, scope: LexborNode) -> LexborNode:
    """``holder`` and the wrappers around it that add at most ``_WRAPPER_CHARS`` characters
    (its heading, a reply form's labels), below ``scope`` and without the ``<h1>``."""
    size = text_len(holder)
    current = holder
    parent = current.parent
    while (
        parent is not None
        and parent.mem_id != scope.mem_id
        and text_len(parent) <= size + _WRAPPER_CHARS
        and parent.css_first("h1") is None
    ):
        current = parent
        parent = current.parent
    return current


def comment_list_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The comment lists of ``scope`` (text length ``total``) found by their permalinks."""
    if is_thread_page(scope):
        return []
    out: list[LexborNode] = []
    for links in _comment_groups(scope):
        holder: LexborNode | None = links[0]
        for link in links[1:]:
            holder = common_ancestor(holder, link) if holder is not None else None
        if holder is None or holder.mem_id == scope.mem_id or holder.css_first("h1") is not None:
            continue
        box = _widened(holder, scope)
        if text_before(box, scope) >= _BEFORE_SHARE * total:
            out.append(box)
    return out

"""Posts' own ``<header>``s on thread pages, kept from the page-landmark rule by repetition.

A ``<header>`` outside any sectioning element is taken for the page's header and goes. Forum
software heads each post with one (the poster's name, the post's date, its number), inside
the post's ``<article>`` where the engine writes one; where posts are plain ``<div>``s
(an engine of its own, a page whose markup was simplified) the posts' headers sit outside
any sectioning element and went with their names and dates, which the same thread keeps
when its posts are ``<article>``s. The page has one header; posts have one each. So on a
thread page, ``<header>``s of one shape (tag and classes) found at least three times in the
block are the posts': they are not removed as the page's header (the chrome inside them,
counters, share links, still goes by its own rules).
"""

from __future__ import annotations

from collections import Counter

from selectolax.lexbor import LexborNode

from webdata.content.forum_noise import is_thread_page

_MIN_COPIES = 3


def keep_post_headers(scope: LexborNode, found: list[LexborNode]) -> list[LexborNode]:
    """``found`` without the ``<header>``s repeated on the posts of a thread page under
    ``scope``."""
    if not is_thread_page(scope) or not any(n.tag == "header" for n in found):
        return found
    shapes = Counter(n.attrs.get("class") or "" for n in scope.css("header"))
    return [
        n for n in found if n.tag != "header" or shapes[n.attrs.get("class") or ""] < _MIN_COPIES
    ]

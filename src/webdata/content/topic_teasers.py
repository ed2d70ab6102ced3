"""Lists of other topics on a thread page, found by their shape, not by an engine's names.

Beside or under a thread, forum software lists other topics ("Similar threads", "Latest
posts", "Related questions"): items of one shape, each the topic's title (a link to another
page), who started or last answered it and when ("Started by kamandi · Today at 12:34 PM ·
Replies: 7"). Whatever the markup calls them, on a thread page at least three sibling
elements of one shape (tag and classes), each short (at most 300 characters), each holding
a link of at least 25 characters to another page that is most of its text besides the
poster and date, and a poster's profile link or a date, go: topics of other threads. A
post's list of links has no poster or date on each item. A topic of today is dated by its
time of day alone ("Recent conversations": a title and "3:06 pm"); a clock without "am" or
"pm" is no date ("3:06" is a score, a verse, a duration as well).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import text_len
from webdata.content.forum_noise import is_thread_page
from webdata.content.thread_structure import DATE, is_poster_link

_ITEM_MAX_CHARS = 300
_TITLE_MIN_CHARS = 25
_TITLE_SHARE = 0.4
_MIN_ITEMS = 3
_TAGS = "li, div, article, tr"
# A time of day alone dates a topic of today ("3:06 pm", "11:42 AM").
_TIME = re.compile(r"\b\d{1,2}:\d\d\s?[ap]\.?m\b\.?", re.IGNORECASE)


def _teaser(item: LexborNode) -> bool:
    size = text_len(item)
    if size > _ITEM_MAX_CHARS:
        return False
    title = False
    signed = False
    for link in item.css("a[href]"):
        if is_poster_link(link):
            signed = True
        elif "#" not in (link.attrs.get("href") or ""):
            length = text_len(link)
            title = title or (length >= _TITLE_MIN_CHARS and length >= _TITLE_SHARE * size)
    if not title:
        return False
    text = item.text(deep=True, separator=" ")
    return signed or DATE.search(text) is not None or _TIME.search(text) is not None


def topic_teaser_removals(scope: LexborNode) -> list[LexborNode]:
    """Teasers of other topics (title link, poster or date), three or more siblings of one
    shape, on a thread page under ``scope``."""
    if not is_thread_page(scope):
        return []
    shapes: dict[tuple[int, str, str], list[LexborNode]] = {}
    for node in scope.css(_TAGS):
        parent = node.parent
        if parent is None or text_len(node) > _ITEM_MAX_CHARS:
            continue
        key = (parent.mem_id, node.tag or "", node.attrs.get("class") or "")
        shapes.setdefault(key, []).append(node)
    out: list[LexborNode] = []
    for items in shapes.values():
        if len(items) >= _MIN_ITEMS:
            teasers = [n for n in items if _teaser(n)]
            if len(teasers) >= _MIN_ITEMS:
                out += teasers
    return out

"""Comments under the posts of a Q&A thread, found by their shape, not by an engine's names.

Under a question or an answer, Q&A software lists short comments, each its text, then the
commenter's name (a link to their profile) and a date: "Try a static IP. - djdomi Oct 16,
2023 at 10:50". Forum posts name their poster before their text; a comment signs after it.
On a thread page, a list (``<ul>``/``<ol>``) each of whose items is short (at most 800
characters), holds a poster's link after some text of its own (at least 20 characters) and
a date, goes.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import elements, text_len
from webdata.content.forum_noise import is_thread_page
from webdata.content.thread_structure import DATE, is_poster_link

_ITEM_MAX_CHARS = 800
_TEXT_BEFORE = 20


def _comment(item: LexborNode) -> bool:
    """Whether the list item ``item`` is a comment: text, then a poster's link, and a date."""
    if text_len(item) > _ITEM_MAX_CHARS:
        return False
    before = 0
    signed = False
    for node in item.traverse(include_text=True):
        if node.tag == "a" and is_poster_link(node):
            signed = before >= _TEXT_BEFORE
            break
        if node.tag == "-text":
            before += len((node.text_content or "").strip())
    if not signed:
        return False
    if item.css_first("time") is not None:
        return True
    return DATE.search(item.text(deep=True, separator=" ")) is not None


def qa_comment_removals(scope: LexborNode) -> list[LexborNode]:
    """Lists of comments (each item text, then a poster's link, and a date) on a thread page
    under ``scope``."""
    if not is_thread_page(scope):
        return []
    out: list[LexborNode] = []
    for lst in elements(scope, "ul, ol"):
        items = [c for c in lst.iter() if c.tag == "li"]
        if items and all(_comment(item) for item in items):
            out.append(lst)
    return out

"""A thread's toolbars, found by their words: the buttons and the page counter around posts.

Above and under the posts of a thread, forum software prints its tools: "Post Reply",
"Locked", "Print view", "New Topic", and the thread's size and pager ("16 posts • Page 1 of
1"). Rules keyed on an engine's classes miss them when the classes are unknown, so on thread
pages the widest element (at most 80 characters) whose whole text is made of these goes:

* buttons, only when the element's text is all link or button text (a post saying "Locked"
  is a post, a link reading "Locked" is a button);
* the counter "N posts • Page X of Y" (the numbers may be gone: "16 posts • Page of"),
  optionally followed by the pager's numbers.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import keyword_hits, text_len, topmost, widest_matching
from webdata.content.forum_noise import is_thread_page

_MAX_CHARS = 80
_BUTTON = (
    r"(?:print\s+view|post\s+(?:a\s+)?reply|new\s+topic|locked|topic\s+locked"
    r"|ask\s+(?:a\s+)?question|reset\s+to\s+default)"  # (Q&A: the sort picker's reset)
)
_BUTTONS = re.compile(rf"^\W*{_BUTTON}(?:\W+{_BUTTON}){{0,4}}\W*$", re.IGNORECASE)
_BUTTON_KEYWORDS = (
    "print view", "post reply", "post a reply", "new topic", "locked", "ask question",
    "ask a question", "reset to default",
)  # fmt: skip
_COUNTER = re.compile(
    r"^\W*[\d.,]+\s+posts?\s*[\u2022\u00b7|,-]\s*page\s*(?:\d+\s*)?of(?:\s*\d+)?[\s\d.,\u2022\u2026]*$",
    re.IGNORECASE,
)


def _clickable_len(node: LexborNode) -> int:
    return sum(text_len(n) for n in node.css("a, button"))


def thread_toolbar_removals(scope: LexborNode) -> list[LexborNode]:
    """The toolbars and page counters of a thread page under ``scope``."""
    if not is_thread_page(scope):
        return []
    out: list[LexborNode] = []
    for hit in keyword_hits(scope, _BUTTON_KEYWORDS):
        node = widest_matching(hit, scope, _BUTTONS, _MAX_CHARS, separator=" ")
        if node is not None and _clickable_len(node) >= text_len(node) > 0:
            out.append(node)
    for hit in keyword_hits(scope, ("posts",)):
        node = widest_matching(hit, scope, _COUNTER, _MAX_CHARS, separator=" ")
        if node is not None:
            out.append(node)
    return topmost(out)

"""A page's facts panel: "Published 15 November 2018 / Reviewed 8 October 2020 / Version
1.0 / Written for ...".

Guidance and documentation templates set the page's dates and audience beside the text as a
column of small captioned facts, each a tiny heading ("Published", "Reviewed", "Version") and
its value, the dates written as ``<time datetime="2018-11-15">``. It is the page's metadata
(the metadata stage reads the dates), not its text; a site's class names ("sidebar-bottom")
usually drop the column, under hashed ones nothing but this shape marks it.

Rule: an element holding a ``<time>`` whose ``datetime`` is a calendar date, opened by a
heading (``<h2>``-``<h6>``) of at most ``_CAPTION_CHARS`` characters, is a fact when it has at
most ``_FACT_CHARS`` characters; when its parent holds at least ``_MIN_FACTS`` children that
are facts or caption-opened items of that size (one of them the dated fact), those items go,
if they make at most ``_PANEL_CHARS`` characters and 30% of the block. A recipe's "Prep time"
is a duration, not a date, and a single dated heading is a post's own header: both stay.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import text_len

_DATE = re.compile(r"^\s*\d{4}-\d{2}-\d{2}")
_CAPTION_TAGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
_CAPTION_CHARS = 30
_FACT_CHARS = 120
_MIN_FACTS = 3
_PANEL_CHARS = 600
_SMALL_SHARE = 0.3


def page_fact_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The facts panels of ``scope`` (text length ``total``): see the module."""
    out: list[LexborNode] = []
    seen: set[int] = set()
    for stamp in scope.css("time[datetime]"):
        if not _DATE.match(stamp.attributes.get("datetime") or ""):
            continue
        fact = stamp.parent
        if fact is None or fact.mem_id == scope.mem_id or not _captioned(fact):
            continue
        panel = fact.parent
        if panel is None or panel.mem_id in seen:
            continue
        seen.add(panel.mem_id)
        items = [child for child in panel.iter() if _captioned(child)]
        chars = sum(text_len(item) for item in items)
        if len(items) >= _MIN_FACTS and chars <= min(_PANEL_CHARS, _SMALL_SHARE * total):
            out += items
    return out


def _captioned(node: LexborNode) -> bool:
    """Whether ``node`` is a small item whose first element is a short heading."""
    if text_len(node) > _FACT_CHARS:
        return False
    first = node.child
    while first is not None and first.tag in ("-text", "-comment"):
        if first.tag == "-text" and (first.text_content or "").strip():
            return False
        first = first.next
    if first is None or first.tag not in _CAPTION_TAGS:
        return False
    caption = text_len(first)
    return 0 < caption <= _CAPTION_CHARS

"""The page's "last updated" stamp: "Last updated on June 19, 2025", "Page last modified Jan
17, 2025 01:39 pm EST", "This page was last updated on 2026-01-26 15:45:07Z", "Last
reviewed: April 2017".

Article, documentation and listing templates print when the page was last changed, above
the title or at its foot. It is the page's metadata (the metadata stage reads the dates), not
its text. An element whose whole text is such a stamp (the words "last updated", "last
modified" or "last reviewed", a date or time with a digit, at most ``_MAX_CHARS`` characters)
goes. Only the stamp with "last": a teaser's "Updated March 2" or a post's "Posted ..." is an
item's field, and stays.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import short_texts, topmost

_STAMP = re.compile(
    r"^\W*(?:this\s+page\s+was\s+|page\s+)?last\s+(?:updated|modified|reviewed|revised|edited)"
    r"(?:\s+(?:on|at))?\s*:?\s*(?=.*\d)[\w\s,./:+-]{1,40}\W*$",
    re.IGNORECASE,
)
_HINT = re.compile(r"last\s+(?:updated|modified|reviewed|revised|edited)", re.IGNORECASE)
_TAGS = "p, div, span, time, small, li, em, i, footer, section"
_MAX_CHARS = 80


def update_stamp_removals(scope: LexborNode) -> list[LexborNode]:
    """Elements under ``scope`` whose whole text is a "last updated" stamp."""
    if _HINT.search(scope.text(deep=True, separator=" ")) is None:
        return []  # (most pages)
    found = [
        node
        for node, text in short_texts(scope, scope.css(_TAGS), _MAX_CHARS)
        if _STAMP.match(" ".join(text.split()))
    ]
    return topmost(found)

"""Machine-readable timestamps written as text: "2021-04-08T04:06:17.467Z+00:00".

Templates print a post's or a comment's date twice: once for readers ("Apr 8, 2021", "Over a
year ago") and once for machines, in a hidden element (microdata's ``datePublished``, a
script's hook) whose text is an ISO 8601 timestamp with its ``T`` between date and time.
Readers never see that one, and no writer types it: the hiding class (``d-none``,
``hidden``) is a site's own word, the text says what it is. An element whose whole text is
such a timestamp goes, outside code, preformatted text and tables (an API's example
response).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, near_ancestor_tagged, topmost
from webdata.content.nesting import MAX_DEPTH

# The timestamp, whole: date, "T", time (seconds and fractions optional), a zone or two
# (some templates append "+00:00" after the "Z").
_STAMP = re.compile(
    r"^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?"
    r"(?:[Zz]|[+-]\d\d:?\d\d){0,2}$"
)
# Searched first in the block's text (most pages have none; then its short texts are read),
# led by a letter: the search skips to each "T" (a digit first would try every digit).
_HINT = re.compile(r"T\d\d:\d\d")
_MAX_CHARS = 40
_OWN = frozenset({"pre", "code", "table", "samp", "kbd"})


def machine_date_removals(scope: LexborNode) -> list[LexborNode]:
    """Elements under ``scope`` whose whole text is an ISO 8601 timestamp (date "T" time)."""
    if _HINT.search(deep_text(scope)) is None:
        return []  # (most pages)
    out: list[LexborNode] = []
    for node in scope.traverse(include_text=True):
        if node.tag != "-text":
            continue
        text = (node.text_content or "").strip()
        if len(text) > _MAX_CHARS or not _STAMP.match(text):
            continue
        parent = node.parent
        if (
            parent is not None
            and parent.mem_id != scope.mem_id
            and parent.tag not in _OWN
            and deep_text(parent) == text
            and near_ancestor_tagged(parent, _OWN, MAX_DEPTH) is None
        ):
            out.append(parent)
    return topmost(out)

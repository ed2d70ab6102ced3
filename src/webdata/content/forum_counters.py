"""Per-post counters of thread pages, found by their repetition, not by an engine's names.

Forum and Q&A software print, beside or under each post, counters standing alone: the
post's votes ("427", "-1"), its likes or reactions ("5"), the poster's post count ("314").
Whatever the engine calls them, they are elements whose whole text is a bare number, of one
shape (tag and classes) repeated on the page's posts. A post's own numbers sit in its
sentences, tables, lists or code, never alone in an element shaped like others elsewhere,
so on a thread page bare numbers in at least three elements of one shape go, outside tables,
code and quotes.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, near_ancestor_tagged
from webdata.content.forum_noise import is_thread_page
from webdata.content.nesting import MAX_DEPTH

_NUMBER = re.compile(r"^[+\-\u2212]?\d[\d.,]*\s*[kKmM]?$")
_NUMBER_MAX_CHARS = 8
_MIN_COPIES = 3  # (on three posts at least)
# Where a bare number is the post's own: a table's cell, code's line, a footnote mark.
_OWN = frozenset({"table", "pre", "code", "blockquote", "sup", "sub"})
_OWN_LEVELS = MAX_DEPTH  # (any ancestor: the pipeline flattens deeper nesting)
_TAGS = "span, div, a, li, strong, b, small, dd, p, button"


def counter_removals(scope: LexborNode) -> list[LexborNode]:
    """Bare numbers in elements of one shape repeated on a thread page under ``scope``."""
    if not is_thread_page(scope):
        return []
    shapes: dict[tuple[str, str], list[LexborNode]] = {}
    for node in scope.css(_TAGS):
        text = deep_text(node)
        if not text or len(text) > _NUMBER_MAX_CHARS or not _NUMBER.match(text):
            continue
        key = (node.tag or "", node.attrs.get("class") or "")
        shapes.setdefault(key, []).append(node)
    out: list[LexborNode] = []
    for nodes in shapes.values():
        if len(nodes) >= _MIN_COPIES:
            out += [n for n in nodes if near_ancestor_tagged(n, _OWN, _OWN_LEVELS) is None]
    return out

"""Tag and category lines of a post: links to the site's taxonomy pages, standing alone.

"Posted in [Machine learning]", "Tags: [1920s] [1930s]...", a category chip above the
title: links whose URL path goes through a ``tag``/``tags``/``category``/``categories``
segment (WordPress and most blog engines name them so). The line goes when its whole text
is such links, with at most a short label ("Tags:", "Filed under") beside them; a
taxonomy link inside a sentence stays with the sentence, and so do the tag lines of a list's
items (more than ``_OWN_LINES`` lines: each card of a blog index carries its own).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_hits, text_len, text_memo

_SEGMENTS = frozenset({"tag", "tags", "category", "categories"})
_PARTS = ("/tag", "/categor")  # (the candidates: links whose address holds one)
_LABEL_CHARS = 20  # text beside the links: "Tags:", "Posted in", separators
_LINE_TAGS = frozenset(
    {"p", "div", "li", "ul", "ol", "span", "dd", "section", "footer", "fieldset"}
)
_MAX_LEVELS = 4
_OWN_LINES = 4


def _taxonomy(link: LexborNode) -> bool:
    return _taxonomy_href(link.attributes.get("href") or "")


@text_memo  # (a line's links are measured again at each level above them)
def _taxonomy_href(href: str) -> bool:
    try:
        path = urlsplit(href).path.lower()
    except ValueError:  # a malformed host ("http://[bad/tag/x") is no taxonomy page
        return False
    return any(segment in _SEGMENTS for segment in path.split("/"))


def _taxonomy_text(node: LexborNode) -> int:
    return sum(text_len(a) for a in node.css("a[href]") if _taxonomy(a))


def taxonomy_removals(scope: LexborNode) -> list[LexborNode]:
    """The lines made of tag and category links (with their label), under ``scope``."""
    out: list[LexborNode] = []
    seen: set[int] = set()
    for link in link_hits(scope, _PARTS):
        if not _taxonomy(link) or not link.text(deep=True, strip=True):
            continue
        best: LexborNode | None = None
        current = link.parent
        for _ in range(_MAX_LEVELS):
            if current is None or current.mem_id == scope.mem_id:
                break
            if current.tag in _LINE_TAGS:
                if text_len(current) - _taxonomy_text(current) > _LABEL_CHARS:
                    break
                best = current
            current = current.parent
        if best is not None and best.mem_id not in seen:
            seen.add(best.mem_id)
            out.append(best)
    # a list's items each carry their tags (post cards of a blog index): those stay
    return out if len(out) <= _OWN_LINES else []

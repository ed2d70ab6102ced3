"""The list of citations closing an article: "Citations", "References", "Sources".

Health, finance and review sites end their posts with the studies and pages they cite (an
accordion "Citations" of numbered references, an ``<h5>References</h5>`` and its links). Like
a wiki's references (``wiki_end_matter``), it is the article's apparatus, not its text, and
it runs long. On article pages (``article_noise``'s head mark), a label whose whole text
names such a list goes with the widest wrapper whose text starts with it (at most
``_MAX_CHARS`` and 30% of the block), or, when the label is a heading standing among the
text's paragraphs, with its following siblings up to the next heading of its level or
higher. Only after the story: the label must come after half the block's text.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.article_noise import is_article_page, text_before
from webdata.content.dom import deep_text, widest_matching

_NAMES = r"(?:citations|references|sources|works\s+cited|bibliography)"
_LABEL = re.compile(rf"^\W*{_NAMES}\W*$", re.IGNORECASE)
_OPENED = re.compile(rf"^\W*{_NAMES}\b.*$", re.IGNORECASE | re.DOTALL)
_CANDIDATES = ", ".join(
    f':lexbor-contains("{word}" i)'
    for word in ("citations", "references", "sources", "works cited", "bibliography")
)
_LABEL_CHARS = 20
_MAX_CHARS = 3000
_SMALL_SHARE = 0.3
_AFTER_SHARE = 0.5  # the story comes first
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def _section(heading: LexborNode) -> list[LexborNode]:
    """``heading`` and its following siblings up to the next heading of its level or higher."""
    level = int((heading.tag or "h6")[1])
    out = [heading]
    sibling = heading.next
    while sibling is not None:
        tag = sibling.tag or "-"
        if tag in _HEADINGS and int(tag[1]) <= level:
            break
        if not tag.startswith("-"):  # (text, comments)
            out.append(sibling)
        sibling = sibling.next
    return out


def citation_list_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The citation lists closing the article in ``scope`` (text length ``total``)."""
    out: list[LexborNode] = []
    if not is_article_page(scope):
        return out
    limit = min(_MAX_CHARS, _SMALL_SHARE * total)
    offsets: dict[int, dict[int, int]] = {}  # (text_before's, for all the labels)
    for node in scope.css(_CANDIDATES):
        text = deep_text(node)
        if len(text) > _LABEL_CHARS or not _LABEL.match(text) or node.mem_id == scope.mem_id:
            continue
        if text_before(node, scope, offsets) < _AFTER_SHARE * total:
            continue
        block = widest_matching(node, scope, _OPENED, limit, separator=" ")
        if block is None:
            continue
        if block.tag in _HEADINGS and deep_text(block) == text:
            section = _section(block)
            if sum(len(deep_text(n)) for n in section) <= limit:
                out += section
            continue
        out.append(block)
    return out

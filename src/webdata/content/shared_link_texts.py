"""Links standing alone whose words are the same on many different targets.

A link's words tell the reader where it leads. When the same short words ("Read full
article", "Try the quickstart", "Docs here") lead to at least ``_MIN_TARGETS`` different
pages, they say nothing of any of them: the teasers' calls to action of an index or a
shop's guide section, whose titles are not links (``teaser_links`` handles the teasers whose
title links the same target). Such a link goes when it stands alone: its text is the whole
text of its block, not a heading's, not a table cell's (a course's "Slides" and "Notes" per
lecture are each row's information) and not a part of a sentence or of a row of links.
Texts with a digit ("Save $10", "12 reviews") carry the item's information and stay; so do
single words (a name, a letter of an index). Targets are compared without their query (a
tracking parameter does not make another page), but for a redirector's links, which differ
by their query only.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from urllib.parse import urlsplit

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text

_MAX_CHARS = 40
_MIN_WORDS = 2  # a single word or letter may be a name or an abbreviation ("T", "Edit")
_MAX_WORDS = 5
_MIN_TARGETS = 3
_INLINE = frozenset({"span", "strong", "b", "em", "i", "small", "font", "u", "mark"})
_KEEP_BLOCKS = frozenset({"td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "caption", "dt"})
_LEVELS = 4  # inline wrappers climbed from a link to its block
_DIGIT = re.compile(r"\d")


def _words(link: LexborNode) -> str:
    """The link's own words (a screen reader's copy of the title tucked inside the link,
    "Read full article<span>: How to pitch a tent</span>", is not part of them), else all."""
    return link.text(deep=False, strip=True) or deep_text(link)


def stands_alone(link: LexborNode) -> bool:
    """Whether the link's text is the whole text of its block (inline wrappers climbed)."""
    size = len(deep_text(link))
    current = link.parent
    for _ in range(_LEVELS):
        if current is None:
            return False
        if current.tag in _KEEP_BLOCKS:
            return False
        if len(deep_text(current)) != size:
            return False
        if current.tag not in _INLINE:
            return True
        current = current.parent
    return False


def shared_link_text_removals(links: list[tuple[LexborNode, str]]) -> list[LexborNode]:
    """Links standing alone whose short text leads to ``_MIN_TARGETS`` pages or more
    (``links``: ``teaser_links.page_links`` of the block)."""
    by_text: dict[str, list[tuple[LexborNode, str]]] = defaultdict(list)
    for pair in links:  # (grouped first, read further only for texts seen 3+ times)
        link = pair[0]
        # (``_words`` written out: this runs on every link of the block)
        text = link.text(deep=False, strip=True) or deep_text(link)
        if len(text) <= _MAX_CHARS:
            by_text[text].append(pair)
    out: list[LexborNode] = []
    for text, same in by_text.items():
        if len(same) < _MIN_TARGETS or _DIGIT.search(text) is not None:
            continue  # (most texts: a link or two)
        if not _MIN_WORDS <= len(text.split()) <= _MAX_WORDS:
            continue
        alone = [(link, href) for link, href in same if stands_alone(link)]
        if _targets(href for _, href in alone) >= _MIN_TARGETS:
            out += [link for link, _ in alone]
    return out


def _targets(hrefs: Iterable[str]) -> int:
    """How many pages ``hrefs`` lead to: their paths (a tracking query does not make another
    page), or, when they all share one path (a redirector: ``/fwlink?linkid=N``), their
    queries."""
    pages = {(parts.netloc, parts.path, parts.query) for parts in map(urlsplit, hrefs)}
    paths = {(netloc, path) for netloc, path, _ in pages}
    return len(pages) if len(paths) == 1 else len(paths)

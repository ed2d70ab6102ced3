"""Sections a listing labels as paid placement: a heading "Sponsored", "Boosted", "Promoted".

Indexes of posts, podcasts or products slot paid entries among their own under a heading
that says so ("Sponsored Podcast", "Boosted", "Promoted stories", "Advertisement"). The
entry is an advertisement for something else, not an item of the list, and the truths drop
it. Found by the heading's whole text, not by class.

Rule: a heading (``h1``-``h6``) whose whole text is such a label goes with its section: the
lowest ancestor holding more text than the heading, when that section is small (at most
``_SECTION_MAX_CHARS`` characters and ``_SMALL_SHARE`` of the block). A heading naming a
partner programme ("Partner with us") or a sponsor's thanks in prose is not a label, and
stays.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, keyword_hits, text_len

_LABEL = re.compile(
    r"^\W*(?:sponsored|promoted|boosted|paid\s+(?:content|partnership|post)|advertisements?)"
    r"(?:\s+(?:content|posts?|stories|story|podcasts?|listings?|products?|links?|results?|"
    r"articles?|deals?|jobs?|items?))?\W*$",
    re.IGNORECASE,
)
_WORDS = ("sponsored", "promoted", "boosted", "paid", "advertisement")
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_LABEL_MAX_CHARS = 40
_SECTION_MAX_CHARS = 1500
_SMALL_SHARE = 0.3


def _heading(node: LexborNode) -> LexborNode | None:
    """``node`` when it is a heading, else the heading it is the whole text of (a link or a
    span inside one), or None."""
    current: LexborNode | None = node
    size = text_len(node)
    while current is not None and text_len(current) == size:
        if current.tag in _HEADINGS:
            return current
        current = current.parent
    return None


def sponsored_block_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Sections under ``scope`` (text length ``total``) headed as paid placement."""
    out: list[LexborNode] = []
    limit = min(_SECTION_MAX_CHARS, _SMALL_SHARE * total)
    for node in keyword_hits(scope, _WORDS):
        text = deep_text(node)
        if len(text) > _LABEL_MAX_CHARS:
            continue
        if _LABEL.match(" ".join(text.split())) is None:
            continue
        heading = _heading(node)
        if heading is None:
            continue
        size = text_len(heading)
        section = heading.parent
        while section is not None and section.mem_id != scope.mem_id:
            if text_len(section) > size:
                break
            section = section.parent
        if section is None or section.mem_id == scope.mem_id or text_len(section) > limit:
            continue
        if deep_text(section).startswith(deep_text(heading)):  # (the heading opens it)
            out.append(section)
    return out

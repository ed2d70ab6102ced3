"""Disclosure and disclaimer notes inside the main block.

Review and health sites put a standing note above or below the text: "We earn commissions
from links on our site...", "X is supported by commissions from providers listed on our
site", "This content is provided as a service of ...". It is the site's notice, the same on
every page, in a box whose class or id says so (``disclosure``, ``affiliate-disclaimer``).
Such a box goes when it is short (``_NOTE_CHARS``): a note, not a section of the text.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import named, named_hits, text_len

_NOTE_WORDS = frozenset({"disclosure", "disclosures", "disclaimer", "disclaimers"})
_NOTE_PARTS = ("disclosure", "disclaimer")  # (the candidates: a class or id holding one)
_NOTE_CHARS = 400


def disclosure_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Short boxes of ``scope`` (text length ``total``) named a disclosure or disclaimer."""
    own = scope.mem_id
    limit = min(_NOTE_CHARS, 0.3 * total)
    return [
        node
        for node in named_hits(scope, _NOTE_PARTS, _NOTE_PARTS)
        if node.mem_id != own
        and text_len(node) <= limit
        and node.css_first("h1") is None
        and named(node, _NOTE_WORDS)
    ]

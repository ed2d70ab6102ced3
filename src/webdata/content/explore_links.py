"""Link lists opened by an invitation to browse on: "Explore Recipes", "Discover more
guides", "Looking for more inspiration?".

Below or beside the text, sites list links to their other sections or sibling categories
under a heading that invites the reader to go on browsing. The heading rule of
``boilerplate`` knows "Related", "More from", "You may also like"; these say "Explore",
"Discover", "Browse" or ask "Looking for more ...?". On listing pages the link-list rule
leaves link lists alone (there the items are links), so such a block stays.

Rule: a heading (``<h2>``..``<h6>``, ``role=heading``) whose whole text is such an
invitation, and the widest wrapper it opens (``boilerplate.heading_block``) when that
wrapper is mostly links (``_LINK_SHARE`` of its text) and small (15% of the block), go.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.boilerplate import heading_block
from webdata.content.dom import link_text_len, text_len

_HEADINGS = "h2, h3, h4, h5, h6, [role=heading]"
_INVITATION = re.compile(
    r"^\W*(?:"
    r"(?:explore|discover|browse)(?:\s+(?:more|other|all|related|similar|our))?(?:\s+[\w&'-]+){1,3}|"
    r"explore\s+more|discover\s+more|"
    r"looking\s+for\s+(?:more|something\s+else|other)\b.{0,40}|"
    r"need\s+more\s+(?:help|inspiration|ideas)\b.{0,30}|"
    r"(?:more|other)\s+(?:categories|collections|departments|topics)"
    r")\W*$",
    re.IGNORECASE,
)
_LINK_SHARE = 0.6
_SMALL_SHARE = 0.15


def explore_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The browse-on link lists of ``scope`` (text length ``total``): see the module."""
    out: list[LexborNode] = []
    limit = _SMALL_SHARE * total
    for heading in scope.css(_HEADINGS):
        block = heading_block(heading, scope, total, _INVITATION)
        if block is None or block.mem_id == heading.mem_id:
            continue
        size = text_len(block)
        if size <= limit and link_text_len(block) >= _LINK_SHARE * size:
            out.append(block)
    return out

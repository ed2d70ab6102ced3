"""Grids of cards to the site's other pages under "Explore more", "Discover more", "Keep
reading": each card a title, a line of summary and a "Learn more" link.

Below a story, sites show such a grid under a heading that only invites the reader on. The
markup names it (``related-pages``) or puts it outside the story's ``<article>``; on a page
of plain ``<div>``s with meaningless classes neither says anything, and the grid stayed:
``explore_links`` asks for a block mostly of links (these cards' titles are not links, only
their short "Learn more"), ``teaser_grids`` for titles linked to the site's pages.

Rule: a heading whose whole text is such an invitation, and the widest wrapper it opens
(``boilerplate.heading_block``: at most ``_BLOCK_SHARE`` of the block), when that wrapper is
a grid of at least ``_MIN_CARDS`` sibling cards (``_CARD_SHARE`` of the siblings: a heading, a link,
at most ``_CARD_MAX_CHARS``), after the text (at least as much of the block's text before it).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.article_noise import text_before
from webdata.content.boilerplate import heading_block
from webdata.content.dom import text_len

_HEADINGS = "h2, h3, h4, h5, h6, [role=heading]"
# (the whole heading: "Explore more", "Discover more articles", "Keep reading")
_INVITATION = re.compile(
    r"^\W*(?:(?:explore|discover|see|find)\s+more(?:\s+(?:articles|stories|posts|guides|"
    r"tips|resources|topics|like\s+this))?|keep\s+(?:exploring|reading|learning)|"
    r"continue\s+(?:exploring|reading|learning)|what\s+to\s+read\s+next)\W*$",
    re.IGNORECASE,
)
_CARD_HEADINGS = "h2, h3, h4, h5, h6"
_MIN_CARDS = 3
_CARD_SHARE = 0.8
_CARD_MAX_CHARS = 600
# (of the block: a short story's grid of four cards holds a third of its text; the grid
# and its place after the text are what tell it from the page's own sections)
_BLOCK_SHARE = 0.4


def invitation_card_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The grids of cards under an invitation to go on in ``scope`` (text length
    ``total``): see the module."""
    out: list[LexborNode] = []
    for heading in scope.css(_HEADINGS):
        block = heading_block(heading, scope, total, _INVITATION, _BLOCK_SHARE)
        if block is None or block.mem_id == heading.mem_id:
            continue
        if _has_grid(block, heading) and text_before(block, scope) >= text_len(block):
            out.append(block)
    return out


def _card(node: LexborNode) -> bool:
    size = text_len(node)
    return (
        0 < size <= _CARD_MAX_CHARS
        and node.css_first(_CARD_HEADINGS) is not None
        and node.css_first("a[href]") is not None
    )


def _has_grid(block: LexborNode, heading: LexborNode) -> bool:
    """Whether ``block`` holds a parent of ``_MIN_CARDS`` or more cards (its other children
    nearly all cards too), not counting the invitation's own heading."""
    for parent in block.traverse():
        if parent.tag in ("-text", "#comment"):
            continue
        children = [c for c in parent.iter() if text_len(c)]
        if len(children) < _MIN_CARDS or any(c.mem_id == heading.mem_id for c in children):
            continue
        cards = sum(1 for c in children if _card(c))
        if cards >= _MIN_CARDS and cards >= _CARD_SHARE * len(children):
            return True
    return False

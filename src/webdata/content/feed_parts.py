"""Where the densest-block descent stops: at a feed of teasers split into several parts.

Without a ``<main>``, ``<article>`` or ``articleBody`` and without a block around the
headline, ``main_content.densest_block`` descends from the body into the child holding the
most text as long as everything beside it is links. An index often lays its teasers out in
several parts (a row of two lead stories above a grid of three, "Latest" beside "Popular"),
and a teaser is mostly links (its title, its author, its tags): the descent took the other
parts for menus and went into the largest, keeping three teasers of five. A part beside the
child that holds a teaser title (a heading that is mostly a link) while the child holds one
too is another part of the same feed, not a menu: the descent stops at their parent. A
menu's entries are links, not headings (and the removals have already taken the site's
navigation by then); an ``<h1>`` that is a link is the site's name, not a teaser's title.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_text_len, text_len

TEASER_HEADINGS = "h2, h3, h4, h5, h6"  # (an <h1> that is a link is the site's name)
_TITLE_LINK_SHARE = 0.8  # a heading this much a link is a teaser's title


def title_heading(heading: LexborNode) -> bool:
    """Whether ``heading`` is mostly a link: a teaser's title."""
    size = text_len(heading)
    return bool(size) and link_text_len(heading) >= _TITLE_LINK_SHARE * size


def teaser_title(node: LexborNode) -> bool:
    """Whether ``node`` holds a heading that is mostly a link (a teaser's title)."""
    return any(map(title_heading, node.css(TEASER_HEADINGS)))


def split_feed(child: LexborNode, children: list[tuple[LexborNode, int]]) -> bool:
    """Whether ``child`` (the child with the most text among ``children``, each with its text
    length) and a sibling with text both hold teaser titles: parts of one feed."""
    others = [node for node, size in children if size and node.mem_id != child.mem_id]
    # (the parts beside the child are new at each step of the descent: read those first)
    return any(map(teaser_title, others)) and teaser_title(child)

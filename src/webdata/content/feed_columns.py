"""Where the densest-block descent goes on: into the column that holds the page's feed.

Without a ``<main>``, ``<article>`` or ``articleBody`` and without a block around the
headline, ``main_content.densest_block`` descends from the body into the child holding the
most text only while everything beside it is links. An index laid out in columns (a feed of
teasers between two sidebars, above a footer) has a sidebar or footer with a few sentences
of its own (a sponsor's thanks, the site's blurb): the descent stopped at the body and the
whole page, sidebars and footer included, was kept. When the child holds a list of
look-alike teasers (same tag and classes as ``list_blocks`` reads them, each a link to its
page with a linked title or some text of its own) that makes most of the child's text and
outweighs all the prose beside the child, the child is the feed's column and the descent
goes on into it. The list
must sit strictly inside the child: at the list's own parent the usual stop applies, so the
teasers laid out above the list (a featured story) stay with it. From there on the descent
only follows the way to the list (a footer's columns of links beside it are no column of
the feed). Sidebars and footers are short beside the feed: text beside it as long as a
fifth of it, a long paragraph (a category's description) or sections under headings of
their own (a shop's FAQ, its buying guides) are the page's own, and the usual stop applies.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_text_len, text_len
from webdata.content.feed_parts import TEASER_HEADINGS, teaser_title
from webdata.content.list_blocks import shape

_MIN_ITEMS = 4  # look-alike teasers, at least (three is often a row of promos)
_CHILD_SHARE = 0.5  # the teasers hold at least this much of the child's text
_ITEMS_SHARE = 0.6  # and at least this much of their list's
_PROSE_SHARE = 0.05  # prose beside the child below this share of it: the usual stop
_SIDE_SHARE = 0.2  # sidebars and footers are short beside the feed's column
_ESSAY_CHARS = 300  # a paragraph this long beside the feed is the page's description
_SECTIONS = 2  # headings (not links) of the text beside: sections of the page's own
_OWN_TEXT = 15  # characters outside links: a teaser's snippet, date or byline
_PARENTS = "div, ul, ol, section, main"


def _teaser(node: LexborNode, size: int) -> bool:
    """A teaser links to its page: a heading that is mostly a link (its title), or a link
    and some text of its own (a footer's column, a plain heading over links, is none)."""
    if node.css_first("a[href]") is None:
        return False
    return teaser_title(node) or size - link_text_len(node) >= _OWN_TEXT


def _enough_children(parent: LexborNode) -> bool:
    """Whether ``parent`` has at least ``_MIN_ITEMS`` element children (read no further)."""
    return any(count >= _MIN_ITEMS for count, _ in enumerate(parent.iter(), start=1))


def _feed_size(parent: LexborNode) -> int:
    """Characters held by the look-alike teasers among ``parent``'s children (0 if fewer
    than ``_MIN_ITEMS``)."""
    groups: dict[tuple[str, frozenset[str]], list[tuple[LexborNode, int]]] = {}
    count = 0
    for child in parent.iter():
        count += 1
        groups.setdefault(shape(child), []).append((child, text_len(child)))
    if count < _MIN_ITEMS:
        return 0
    best = 0
    for members in groups.values():
        if len(members) < _MIN_ITEMS:
            continue
        items = [n for c, n in members if n and _teaser(c, n)]
        if len(items) >= _MIN_ITEMS:
            best = max(best, sum(items))
    return best


def feed_column(
    child: LexborNode, size: int, beside: list[tuple[LexborNode, int]]
) -> LexborNode | None:
    """The list of teasers that makes ``child`` (``size`` characters) a feed's column,
    outweighing ``beside``, its siblings that are not link lists (each with its text
    length); else None. The descent then never leaves the list's way."""
    prose = sum(n for _, n in beside)
    if size == 0 or prose < _PROSE_SHARE * size:
        return None  # (a label or a form's few words beside: what stays costs little)
    if prose > _SIDE_SHARE * size:
        return None  # as long as a fifth of the feed: an FAQ or a guide, the page's too
    for node, _ in beside:
        if any(text_len(p) >= _ESSAY_CHARS for p in node.css("p")):
            return None  # a long paragraph beside: the page's own words, not a sidebar's
        if sum(1 for h in node.css(TEASER_HEADINGS) if h.css_first("a") is None) >= _SECTIONS:
            return None  # sections under their own headings: a guide or an FAQ beside
    need = max(_CHILD_SHARE * size, prose + 1)
    for parent in child.css(_PARENTS):
        if parent.mem_id == child.mem_id or not _enough_children(parent):
            continue  # (a wrapper is not measured: a deep nest of them stays linear)
        whole = text_len(parent)
        if whole < need:
            continue  # (too small to be the feed: not read further)
        feed = _feed_size(parent)
        if feed >= need and feed >= _ITEMS_SHARE * whole:
            return parent
    return None

"""Where the densest-block descent stops: at a list of look-alike items, not inside one.

Without a ``<main>``, ``<article>`` or ``articleBody``, ``main_content.densest_block``
descends from the body into the child holding the most text as long as everything beside
it is links. On an index (a blog's front page, a feed of teasers, search results, a grid of
cards) every item is mostly links (its title, its author, its tags), so the descent went on
into the longest item and kept one teaser of the whole feed. The child is one item of a list
when at least ``_MIN_ITEMS`` of the siblings (itself among them) look alike: same tag, the
same classes (per-item tokens such as ``post-123`` left out), each with a heading, or a link
and some text of its own besides its links (a menu's entries are links alone), together
holding most of the text; and the child itself holds less than half of it (an article
beside a few teasers of the same class still holds the page's text).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_text_len

_MIN_ITEMS = 3
_ITEM_SHARE = 0.5  # a child holding this much of the text is the block, not an item
_LIST_SHARE = 0.6  # the look-alike items hold at least this much of the text
_OWN_TEXT = 15  # characters outside links: a teaser's snippet, date or byline; a menu has none
_HEADINGS = "h1, h2, h3, h4, h5, h6"


def shape(node: LexborNode) -> tuple[str, frozenset[str]]:
    """Tag and class tokens, leaving out those with digits (``post-123``, ``col-4``): the
    items of one list differ in those."""
    tokens = (node.attributes.get("class") or "").split()
    return node.tag or "", frozenset(t for t in tokens if not any(c.isdigit() for c in t))


def item(node: LexborNode, size: int) -> bool:
    """A teaser or card: a heading (its title, often a link, the rest tags and bylines as
    links), or a link and some text besides its links (a menu's entry is one link alone)."""
    if node.css_first(_HEADINGS) is not None:
        return True
    return size - link_text_len(node) >= _OWN_TEXT and node.css_first("a[href]") is not None


def list_item(child: LexborNode, size: int, children: list[tuple[LexborNode, int]]) -> bool:
    """Whether ``child`` (``size`` characters of text, the most of its siblings) is one item
    of a list of look-alike items that ``children`` (each with its text length, ``child``
    among them) make: the descent stops at their parent."""
    whole = sum(n for _, n in children)
    if size >= _ITEM_SHARE * whole:
        return False  # it holds the text: the page's block, not one item
    wanted = shape(child)
    alike = [(c, n) for c, n in children if n and shape(c) == wanted]
    if len(alike) < _MIN_ITEMS or sum(n for _, n in alike) < _LIST_SHARE * whole:
        return False
    items = [c for c, n in alike if item(c, n)]
    return len(items) >= _MIN_ITEMS and any(c.mem_id == child.mem_id for c in items)

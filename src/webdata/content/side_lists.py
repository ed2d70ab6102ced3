"""Tag clouds and category menus beside the teasers of an index page.

``boilerplate``'s link lists are not looked for on blocks made mostly of links: there the
link lists are the items (a directory of names, a list of categories). But when the block's
items are teasers (each titled by a heading that is a link) and they make most of the
block, a list of short links outside them is not one of them: a tag cloud, a category
menu, a footer's links. Such a list goes when it holds at least ``_MIN_LINKS`` links
averaging at most ``_SHORT_LINK`` characters, is mostly links, holds no heading, is small in
the block, and neither holds nor sits in a teaser.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import (
    ancestor_ids,
    elements,
    has_ancestor_in,
    link_text_len,
    text_len,
    topmost,
    widest_while,
)

_HEADINGS = "h1, h2, h3, h4, h5, h6"
_LISTING_LINKS = 0.35  # share of the block's text in links that makes it an index
_CARD_MAX_CHARS = 1500  # a teaser: title, excerpt, meta
_MIN_CARDS = 3
_TEASERS_SHARE = 0.4  # the teasers make at least this much of the block
_TITLE_SHARE = 0.8  # a heading this much a link is a teaser's title
_MIN_LINKS = 6
_SHORT_LINK = 20  # characters per link: tags, categories, menu entries
_LINK_DENSE = 0.7
_SMALL_SHARE = 0.15
_LIST_TAGS = "ul, ol, div, section, p, nav"


def _teasers(scope: LexborNode) -> list[LexborNode]:
    """The teasers of the block: the largest wrapper of each title heading holding no other
    title and at most ``_CARD_MAX_CHARS`` characters."""
    titles = [
        h
        for h in elements(scope, "h2, h3, h4, h5, h6")
        if (link := h.css_first("a[href]")) is not None
        and text_len(link) >= _TITLE_SHARE * text_len(h) > 0
    ]
    ids = {h.mem_id for h in titles}

    def one_teaser(node: LexborNode) -> bool:  # (small, holding one title)
        if text_len(node) > _CARD_MAX_CHARS:
            return False
        return sum(1 for h in node.css(_HEADINGS) if h.mem_id in ids) <= 1

    return topmost(widest_while(heading, scope, one_teaser) or heading for heading in titles)


def side_list_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Lists of short links beside the teasers of an index (``total``: text of ``scope``)."""
    if link_text_len(scope) < _LISTING_LINKS * max(total, 1):
        return []  # not an index: boilerplate's link lists apply
    cards = _teasers(scope)
    if len(cards) < _MIN_CARDS or sum(map(text_len, cards)) < _TEASERS_SHARE * total:
        return []
    card_ids = {c.mem_id for c in cards}
    around = {a for c in cards for a in ancestor_ids(c)} - card_ids  # (holders of teasers)
    out: list[LexborNode] = []
    for node in scope.css(_LIST_TAGS):
        size = text_len(node)
        if size == 0 or size > _SMALL_SHARE * total:
            continue
        if link_text_len(node) < _LINK_DENSE * size:
            continue
        links = node.css("a")
        if len(links) < _MIN_LINKS or size > _SHORT_LINK * len(links):
            continue
        if node.css_first(_HEADINGS) is not None:
            continue
        if node.mem_id in card_ids or has_ancestor_in(node, card_ids):
            continue  # a teaser's own tags
        if node.mem_id in around:
            continue
        out.append(node)
    return topmost(out)
